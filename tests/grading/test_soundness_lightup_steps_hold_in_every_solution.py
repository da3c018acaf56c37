"""Kashima (2010) Light Up grader, soundness: every deduction holds in every solution, on
random grids (checked against all their solutions), on random partial states and on the
corpus."""

from __future__ import annotations

import random

import numpy as np
import pytest
from lightup_grading_support import CORPUS, all_solutions, corpus_pairs

from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.grading.lightup.finder import effective
from pencilsat.grading.lightup.state import Board
from pencilsat.puzzles.lightup import LightUpPuzzle, parse_puzzle, parse_solution

# --- soundness on random grids, checked against every solution (digest §9.3) -----------------

def _random_puzzle(rng: random.Random, h: int, w: int, walls: float = 0.3,
                   clues: float = 0.6) -> LightUpPuzzle:
    """Random walls, a random maximal valid light placement, clues from it."""
    cells = np.full((h, w), -1)
    for r in range(h):
        for c in range(w):
            if rng.random() < walls:
                cells[r, c] = -2
    probe = LightUpPuzzle(cells)
    whites = probe.white_cells()
    rng.shuffle(whites)
    lights: set = set()
    lit: set = set()
    for cell in whites:
        if cell not in lit:
            lights.add(cell)
            lit |= {cell, *probe.sees(cell)}
    for r in range(h):
        for c in range(w):
            if cells[r, c] == -2 and rng.random() < clues:
                cells[r, c] = sum((r + dr, c + dc) in lights
                                  for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return LightUpPuzzle(cells)


def test_every_step_holds_in_every_solution_of_random_grids():
    rng = random.Random(20100)
    checked = 0
    for _ in range(250):
        puzzle = _random_puzzle(rng, rng.randint(3, 6), rng.randint(3, 6))
        solutions = all_solutions(puzzle)
        if not solutions or len(solutions) >= 200:
            continue
        # the 25 techniques hold in every solution; a trial that lights the board proves its
        # assumption only on a unique puzzle, so trials are checked where there is one solution
        grade = grade_lightup(puzzle, faithful=len(solutions) > 1)
        for step in grade.steps:
            for sol in solutions:
                sol_cells = {divmod(i, puzzle.width) for i in sol}
                assert set(step.bulbs) <= sol_cells, (puzzle.cells.tolist(), step.text)
                assert not set(step.no_bulb) & sol_cells, (puzzle.cells.tolist(), step.text)
                if step.exactly_one_bulb:
                    assert len(set(step.exactly_one_bulb) & sol_cells) == 1, step.text
            checked += 1
        if len(solutions) == 1:
            assert grade.finished and grade.level is not None and grade.score is not None
    assert checked > 500


# --- soundness on the corpus -----------------------------------------------------------------

def _corpus_cases() -> list:
    pairs = corpus_pairs("janko") + corpus_pairs("tatham")
    small, large = [], []
    for puzzle_path, solution_path in pairs:
        header = puzzle_path.read_text().split("\n", 1)[0].split()
        w, h = int(header[1]), int(header[2])
        (small if w <= 10 and h <= 10 else large).append((puzzle_path, solution_path))
    return small + large[::25]


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not mounted")
def test_no_deduction_contradicts_the_corpus_solution():
    cases = _corpus_cases()
    assert len(cases) > 300
    sample = cases[::5]  # a fifth, small and large: every technique still fires
    finished = 0
    for puzzle_path, solution_path in sample:
        puzzle = parse_puzzle(puzzle_path.read_text())
        bulbs = parse_solution(solution_path.read_text()).bulbs
        grade = grade_lightup(puzzle)
        for step in grade.steps:
            assert set(step.bulbs) <= bulbs, (puzzle_path.name, step.text)
            assert not set(step.no_bulb) & bulbs, (puzzle_path.name, step.text)
            if step.exactly_one_bulb:
                assert len(set(step.exactly_one_bulb) & bulbs) == 1, (puzzle_path.name, step.text)
        if grade.finished:
            finished += 1
            lights = {(r, c) for r, row in enumerate(grade.extras.final_rows)
                      for c, ch in enumerate(row) if ch == "*"}
            assert lights == bulbs, puzzle_path.name
    assert finished > len(sample) // 3


def test_every_detector_is_sound_on_random_partial_states():
    """Digest §9.3: run every technique at every anchor on states made of deductions that hold
    in all solutions (random subsets of the forced lights and forced empties)."""
    from pencilsat.grading.lightup.catalogue import TECHNIQUES

    rng = random.Random(2011)
    fired: set[int] = set()
    for k in range(240):
        puzzle = _random_puzzle(rng, rng.randint(4, 6), rng.randint(4, 6),
                                walls=(0.2, 0.3, 0.4)[k % 3], clues=0.9)
        solutions = all_solutions(puzzle)
        if not solutions or len(solutions) >= 200:
            continue
        w = puzzle.width
        always = frozenset.intersection(*solutions)
        ever = frozenset.union(*solutions)
        whites = [r * w + c for r, c in puzzle.white_cells()]
        never = [i for i in whites if i not in ever]
        for _ in range(3):
            board = Board.from_puzzle(puzzle)
            changed: set[int] = set()
            for i in sorted(always):
                if rng.random() < 0.5 and board.state[i] == 8:
                    board.place_light(i, changed)
            for i in never:
                if rng.random() < 0.6:
                    board.forbid(i, changed)
            for tech in TECHNIQUES:
                for anchor in range(board.geo.n):
                    ded = effective(board, tech.detect(board, anchor))
                    if not ded:
                        continue
                    fired.add(tech.number)
                    for sol in solutions:
                        assert ded.lights <= sol, (tech.english, puzzle.cells.tolist())
                        assert not ded.no_light & sol, (tech.english, puzzle.cells.tolist())
                        if ded.restriction:
                            assert len(ded.restriction & sol) == 1, tech.english
    assert len(fired) >= 18, sorted(fired)
