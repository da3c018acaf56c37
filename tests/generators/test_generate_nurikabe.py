"""Nurikabe made to order on its study measure ``rules_open``: the puzzles are unique (proven
again by CP-SAT's ``lazy-cpsat``, not the generator's CNF trials), their answer passes the
rule checker, the measure is in the band asked for, and the same seed gives the same
puzzle; the answers drawn keep the rules before any number is placed."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pencilsat.cli import main
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.loop import Target
from pencilsat.generators.nurikabe import (
    OtherAnswer,
    place_numbers,
    puzzle_of,
    rule_out,
    second_answer,
    sizes_of,
    solution_of,
)
from pencilsat.generators.nurikabe_answer import (
    WALL,
    _wall_stays_connected,
    draw_islands,
    flip,
)
from pencilsat.generators.nurikabe_trials import LayoutTrials
from pencilsat.generators.order import Order
from pencilsat.generators.study_measure import BANDS, StudyMeasure
from pencilsat.puzzles.nurikabe import NurikabePuzzle, NurikabeSolution, check
from pencilsat.puzzles.shading import regions
from pencilsat.strategies.front import solve
from pencilsat.study.generation import rules_open


def _order(level: int | None = None, score: tuple[float, float] | None = None,
           size: int = 7) -> Order:
    return Order("nurikabe", size, size, Target(level=level, score=score), measure=rules_open)


@pytest.mark.parametrize("level,seed", [(1, 4), (2, 3), (3, 1)])
def test_a_nurikabe_at_a_level_is_unique_and_in_its_band(level, seed):
    made = _order(level).make(seed)
    proof = solve(made.puzzle, encoding="lazy-cpsat", backend="cpsat")
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    low, high = BANDS["nurikabe"][level - 1]
    measured = rules_open(made.puzzle)
    assert low <= measured <= high
    assert made.grading.score == pytest.approx(measured) and made.grading.level == level
    assert made.clues == len(made.puzzle.numbered_cells())


def test_the_same_seed_gives_the_same_nurikabe():
    order = _order(1, size=6)
    first, again, other = order.make(4), order.make(4), order.make(5)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert first.puzzle != other.puzzle


def test_a_nurikabe_score_band_is_hit():
    made = _order(score=(0.2, 0.7), size=6).make(2)
    assert 0.2 <= rules_open(made.puzzle) <= 0.7
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


@pytest.mark.parametrize("seed", range(6))
def test_a_drawn_answer_keeps_the_rules_that_hold_whatever_the_numbers(seed):
    """Wall connected, no 2x2 wall, islands apart: with each island's size on one of its
    cells, the rule checker accepts the answer. A flip keeps that too."""
    rng = random.Random(seed)
    labels = None
    while labels is None:
        labels = draw_islands(7, 6, rng, (1, 2, 3, 4, 5))
    _assert_valid(labels)
    for cell in [(r, c) for r in range(6) for c in range(7)]:
        flipped = flip(labels, cell, 5)
        if flipped is not None:
            _assert_valid(flipped)


def _assert_valid(labels: np.ndarray) -> None:
    numbers = np.zeros(labels.shape, dtype=np.int32)
    for island in range(int(labels.max()) + 1):
        cells = np.argwhere(labels == island)
        assert len(cells) > 0
        numbers[tuple(cells[0])] = len(cells)
    assert check(NurikabePuzzle(numbers), NurikabeSolution(labels == WALL)) == []


def test_layout_trials_agree_with_the_lazy_strategy():
    """One ``LayoutTrials`` solver per answer, numbers moved as assumptions (as the
    generator moves them, against the second answers met): a layout has a second answer
    exactly when the ``lazy`` strategy says it is not unique, and that answer is another
    one the rule checker accepts; the answer changes (a cell flipped) on the same solver."""
    verdicts = set()
    for seed in range(3):
        rng = random.Random(seed)
        labels = None
        while labels is None:
            labels = draw_islands(6, 6, rng, (1, 2, 3, 4))
        with LayoutTrials(6, 6) as trials:
            for _ in range(2):
                trials.set_answer(labels, WALL)
                numbers = place_numbers(labels, {}, rng)
                seen: list[OtherAnswer] = []
                for _ in range(6):
                    puzzle = puzzle_of(labels, numbers)
                    other = trials.second(numbers, sizes_of(labels))
                    proof = solve(puzzle)
                    verdicts.add(proof.verdict)
                    assert (other is None) == (proof.verdict == Verdict.UNIQUE)
                    if other is None:
                        break
                    assert other != solution_of(labels) and check(puzzle, other) == []
                    seen.append(OtherAnswer(other))
                    numbers = rule_out(labels, numbers, seen, rng) or numbers
                changed = None
                while changed is None:
                    changed = flip(labels, (rng.randrange(6), rng.randrange(6)), 4)
                labels = changed
    assert verdicts == {Verdict.UNIQUE, Verdict.MULTIPLE}


@pytest.mark.parametrize("seed", range(3))
def test_other_answers_fit_a_layout_as_the_rule_checker_says(seed):
    """``OtherAnswer.fits`` (read off its islands) against the rule checker, for the lazy
    strategy's second answer and every layout one move away."""
    rng = random.Random(seed)
    other = None
    while other is None:
        labels = draw_islands(6, 6, rng, (2, 3, 4, 5))
        if labels is None:
            continue
        numbers = place_numbers(labels, {}, rng)
        other = second_answer(puzzle_of(labels, numbers), labels)
    kept = OtherAnswer(other)
    sizes = sizes_of(labels)
    fits = set()
    for island in sorted(numbers):
        for cell in [tuple(c) for c in np.argwhere(labels == island)]:
            moved = {**numbers, island: cell}
            placed = {moved[i]: sizes[i] for i in moved}
            fits.add(kept.fits(placed))
            assert kept.fits(placed) == (check(puzzle_of(labels, moved), other) == [])
    assert fits == {True, False}


def test_the_wall_stays_connected_as_a_search_says():
    """The shortcut round a cell (its wall neighbours joined among the eight around it)
    and the search behind it, against the components of the wall left, on small grids."""
    rng = random.Random(0)
    checked = 0
    while checked < 500:
        height, width = rng.randint(2, 5), rng.randint(2, 5)
        wall = np.array([[rng.random() < 0.6 for _ in range(width)] for _ in range(height)])
        if len(regions(wall)) != 1:
            continue
        for r, c in np.argwhere(wall).tolist():
            rest = wall.copy()
            rest[r, c] = False
            assert _wall_stays_connected(wall, (r, c)) == (len(regions(rest)) == 1)
            checked += 1


@pytest.mark.parametrize("seed", range(3))
def test_a_number_moved_to_rule_out_other_answers_keeps_ours(seed):
    """``rule_out``: the second answer the ``lazy`` strategy finds fits the numbers; after
    the move (one number, within its island) the checker refuses it and accepts ours."""
    rng = random.Random(seed)
    other = None
    while other is None:
        labels = draw_islands(7, 7, rng, (2, 3, 4, 5))
        if labels is None:
            continue
        numbers = place_numbers(labels, {}, rng)
        other = second_answer(puzzle_of(labels, numbers), labels)
    assert check(puzzle_of(labels, numbers), other) == []
    moved = rule_out(labels, numbers, [OtherAnswer(other)], rng)
    assert moved is not None  # a cell of ours that it walls takes a number
    puzzle = puzzle_of(labels, moved)
    assert check(puzzle, solution_of(labels)) == []
    assert check(puzzle, other) != []
    assert moved.keys() == numbers.keys()
    assert sum(moved[island] != numbers[island] for island in numbers) == 1


def test_rules_open_is_zero_when_the_rules_solve_and_refuses_a_clash():
    """Two 1s with wall between and below: the rules settle every cell. Two 1s on a 2x2's
    diagonal leave a wall in two pieces: the rules find the clash."""
    solved = NurikabePuzzle(np.array([[1, 0, 1], [0, 0, 0]], dtype=np.int32))
    assert rules_open(solved) == 0.0
    clash = NurikabePuzzle(np.array([[1, 0], [0, 1]], dtype=np.int32))
    with pytest.raises(ValueError, match="refute"):
        rules_open(clash)


def test_generate_nurikabe_json_names_its_band(capsys):
    assert main(["generate", "nurikabe", "6x6", "--level", "3", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["level"] == 3 and out["verdict"] == "unique"
    assert out["puzzle"].startswith("nurikabe 6 6")
    low, high = BANDS["nurikabe"][2]
    assert low <= out["score"] <= high


def test_generate_nurikabe_text_names_the_measure(capsys):
    assert main(["generate", "nurikabe", "6x6", "--level", "1", "--seed", "1"]) == 0
    assert "rules_open" in capsys.readouterr().err


def test_symmetric_nurikabe_is_refused(capsys):
    assert main(["generate", "nurikabe", "7x7", "--symmetry", "rot2", "--seed", "1"]) == 4
    assert "--symmetry" in capsys.readouterr().err


def test_a_nurikabe_order_needs_its_measure():
    with pytest.raises(ValueError, match="study measure"):
        Order("nurikabe", 6, 6, Target(level=2)).maker()


def test_an_answer_too_open_for_its_level_is_given_up_before_any_trial(monkeypatch):
    """Level 3 gives up an answer whose least-open first layout is over its cap without
    building the trials' solver; a score band (no cap) goes on to the trials."""
    import pencilsat.generators.nurikabe as nurikabe

    rng = random.Random(3)
    labels = None
    while labels is None:
        labels = draw_islands(7, 7, rng, (6,))  # few, large islands: very open
    maker = nurikabe.NurikabeMaker(7, 7, StudyMeasure("nurikabe", rules_open), level=3)
    assert maker.first_cap < 1.0

    class NoTrials:
        def __init__(self, *_: object) -> None:
            raise AssertionError("the trials were built")

    monkeypatch.setattr(nurikabe, "LayoutTrials", NoTrials)
    found = maker._steer(labels, Target(level=3, score=(0.56, 1.0)), random.Random(0))
    assert found[0] is None and found[2] == nurikabe.LAYOUTS
    free = nurikabe.NurikabeMaker(7, 7, maker.measure, level=None)
    with pytest.raises(AssertionError, match="trials were built"):
        free._steer(labels, Target(score=(0.56, 1.0)), random.Random(0))
