"""The incremental trials of the structure searches agree with the genre's own proof:
Star Battle's and Norinori's region trials (``region_trials``), Kakuro's fill trials
(``kakuro_trials``); and region pinning's moves keep our answer's counts and the regions
connected."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pencilsat.core.registry import rules_of
from pencilsat.generators import kakuro, norinori, starbattle
from pencilsat.generators.clue_answer import other_answer
from pencilsat.generators.kakuro_trials import FillTrials
from pencilsat.generators.region_pinning import random_move
from pencilsat.generators.region_trials import RegionTrials
from pencilsat.generators.structure_maker import prove
from pencilsat.puzzles.kakuro import ACROSS, DOWN, KakuroPuzzle
from pencilsat.puzzles.norinori import NorinoriPuzzle, NorinoriSolution
from pencilsat.puzzles.random_regions import regions_around
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.starbattle import StarBattlePuzzle, StarBattleSolution


def _star_layout(seed: int, side: int, k: int):
    rng = random.Random(seed)
    stars = starbattle.random_stars(rng, side, k)
    assert stars is not None
    seeds = np.full(stars.shape, -1, dtype=np.int64)
    for g, cell in enumerate(map(tuple, np.argwhere(stars).tolist())):
        seeds[cell] = g
    regions = regions_around(rng, seeds, k)
    assert regions is not None
    return rng, stars, np.array(regions.ids, dtype=np.int64)


def _regions_of(labels: np.ndarray) -> Regions:
    return Regions.from_labels(labels)


@pytest.mark.parametrize("seed", range(4))
def test_star_region_trials_agree_with_the_default_proof_move_by_move(seed):
    rng, stars, labels = _star_layout(seed, 6, 1)
    trials = RegionTrials(*_rules(starbattle.star_rules(6, 1)), stars, 1)
    try:
        for _ in range(20):  # these seeds' layouts end unique after 6-10 moves
            puzzle = StarBattlePuzzle(_regions_of(labels), 1)
            unique, _, _ = prove(puzzle)
            theirs = trials.other(labels)
            assert unique == (theirs is None)
            if theirs is None:
                return
            assert not np.array_equal(theirs, stars)
            assert not rules_of(puzzle).check(puzzle, StarBattleSolution(theirs))
            move = random_move(rng, labels, theirs & ~stars, stars)
            assert move is not None
            cells, region = move
            for cell in cells:
                labels[cell] = region
        pytest.fail("no layout ended unique")
    finally:
        trials.close()


def _rules(rules):
    return rules.clauses, rules.top


@pytest.mark.parametrize("seed", range(4))
def test_norinori_region_trials_agree_with_the_default_proof(seed):
    from pencilsat.core.registry import GENRES, load
    from pencilsat.generators.clue_maker import random_model
    from pencilsat.puzzles.random_regions import random_regions

    rng = random.Random(seed)
    encode = load(GENRES["norinori"].complete_cnf)
    for _ in range(50):  # regions, then an answer of them (norinori.search's first steps)
        regions = random_regions(rng, 6, 6, norinori.SMALLEST, norinori.LARGEST)
        answer = None if regions is None else random_model(encode(NorinoriPuzzle(regions)), rng)
        if answer is not None:
            break
    assert regions is not None and answer is not None
    shaded = np.asarray(answer.shaded)
    puzzle = NorinoriPuzzle(regions)
    trials = RegionTrials(*_rules(norinori.domino_rules(6, 6)), shaded, 2)
    try:
        theirs = trials.other(np.array(regions.ids, dtype=np.int64))
        assert (theirs is None) == prove(puzzle)[0]
        if theirs is not None:
            assert not np.array_equal(theirs, shaded)
            assert not rules_of(puzzle).check(puzzle, NorinoriSolution(theirs))
    finally:
        trials.close()


@pytest.mark.parametrize("seed", range(6))
def test_moves_keep_our_answer_and_connected_regions(seed):
    rng, stars, labels = _star_layout(seed, 10, 2)
    marked = ~stars  # every cell ours leaves empty may move
    for _ in range(10):
        move = random_move(rng, labels, marked, stars)
        if move is None:
            break
        cells, region = move
        assert not any(stars[cell] for cell in cells)
        for cell in cells:
            labels[cell] = region
        regions = Regions.from_labels(labels)
        counts = [int(stars[tuple(np.array(c).T)].sum()) for c in regions.cells()]
        assert counts == [2] * regions.count  # every region keeps its stars
        assert regions.count == stars.shape[0]  # no region emptied or split


@pytest.mark.parametrize("seed", range(4))
def test_fill_trials_agree_with_the_default_proof(seed):
    rng = random.Random(seed)
    layout = kakuro.open_puzzle(rng, 6, 6)
    assert layout is not None
    from pencilsat.encodings.kakuro import complete_cnf, literals
    from pencilsat.generators.clue_maker import random_model

    encoding = complete_cnf(layout)
    fill = random_model(encoding, rng)
    assert fill is not None
    trials = FillTrials(layout, encoding, literals(layout))
    try:
        sums = {d: np.zeros(layout.white.shape, dtype=np.int32) for d in (DOWN, ACROSS)}
        for run in layout.runs():
            sums[run.direction][run.clue] = sum(int(fill.grid[c]) for c in run.cells)
        puzzle = KakuroPuzzle(layout.white, sums[DOWN], sums[ACROSS])
        theirs = trials.other(fill)
        assert (theirs is None) == (other_answer(puzzle, fill) is None)
        if theirs is not None:
            assert not np.array_equal(theirs.grid, fill.grid)
            assert not rules_of(puzzle).check(puzzle, theirs)
        again = trials.other(fill)  # asked again on the same solver: the same verdict
        assert (again is None) == (theirs is None)
    finally:
        trials.close()
