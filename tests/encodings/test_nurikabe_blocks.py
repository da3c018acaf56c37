"""The Euler count on Nurikabe (``encodings.nurikabe.island_blocks``): every janko answer
meets it, tightly on 29_10x10; an impossible bound leaves no model; and the small-wall
puzzle it was made for is proven with it."""

from __future__ import annotations

import numpy as np
from conftest import CORPUS, corpus_pairs

from pencilsat.encodings.nurikabe import NurikabeSettings, build, island_blocks, wall_total
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies.nurikabe import run_cnf


def margin(puzzle: N.NurikabePuzzle, shaded: np.ndarray) -> int | None:
    """How far the answer's shading (H x W booleans) is above the count's bound, read
    through the literals ``island_blocks`` writes (None when it binds nothing). A block's
    variable is taken true when its four cells are open, the most the clauses allow."""
    width, height = puzzle.width, puzzle.height
    cells = width * height
    wall = wall_total(puzzle)
    assert wall is not None
    clauses, count, top = island_blocks(width, height, len(puzzle.numbered_cells()), wall,
                                        cells)
    if count is None:
        return None
    truth = dict(enumerate(shaded.reshape(-1).tolist(), start=1))
    last_block = cells + (width - 1) * (height - 1)
    for block in range(cells + 1, last_block + 1):
        truth[block] = not any(truth[-clause[1]] for clause in clauses if clause[0] == -block)
    literals, total = count
    counted = [lit for lit in literals if lit <= last_block]
    free = len(literals) - len(counted)
    met = sum(truth[lit] if lit > 0 else not truth[-lit] for lit in counted)
    return met - (total - free)


def test_every_janko_answer_meets_the_count():
    checked, tight, failing = 0, [], []
    for txt, sol in corpus_pairs("nurikabe/janko"):
        puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
        if wall_total(puzzle) is None:
            continue
        left = margin(puzzle, np.asarray(N.parse_solution(sol.read_text()).shaded, bool))
        if left is None:
            continue
        checked += 1
        if left < 0:
            failing.append(txt.stem)
        if left == 0:
            tight.append(txt.stem)
    assert checked >= 10
    assert failing == []
    assert "29_10x10" in tight


def test_a_bound_beyond_every_block_leaves_no_model():
    clauses, count, _ = island_blocks(3, 3, 9, 0, 9)
    assert count is None and [] in clauses


def test_a_loose_bound_is_not_written():
    assert island_blocks(10, 10, 2, 50, 100) == ([], None, 100)


def test_the_small_wall_puzzle_is_proven_with_the_count():
    txt = CORPUS / "nurikabe" / "janko" / "753_10x10.txt"
    puzzle = N.parse_puzzle(txt.read_text(), txt.stem)
    expected = N.parse_solution(txt.with_suffix(".sol").read_text())
    with_count, without = build(puzzle), build(puzzle, settings=NurikabeSettings(
        blocks_share=0.0))
    assert with_count.num_vars > without.num_vars
    result = run_cnf(puzzle, time_limit=240)
    assert result.verdict == "unique"
    assert result.solution == expected
