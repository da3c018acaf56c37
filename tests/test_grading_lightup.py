"""Light Up grader: cost model, levels, output, the incremental engine against a plain rescan,
and soundness (every deduction holds in every solution) on random grids and on the corpus."""

from __future__ import annotations

import random

import numpy as np
import pytest
from lightup_grading_support import CORPUS, all_solutions, corpus_pairs

from pencilsat.grading.lightup.catalogue import ANY, CLUE, SEARCH_ORDER, WHITE
from pencilsat.grading.lightup.cost import THESIS_SCALE, technique_total, use_cost
from pencilsat.grading.lightup.engine import grade_lightup
from pencilsat.grading.lightup.finder import effective
from pencilsat.grading.lightup.state import Board
from pencilsat.puzzles.lightup import LightUpPuzzle, parse_puzzle, parse_solution


def _puzzle(rows: list[str]) -> LightUpPuzzle:
    table = {".": -1, "#": -2, **{str(k): k for k in range(5)}}
    return LightUpPuzzle(np.array([[table[ch] for ch in row] for row in rows]))


# --- cost model (digest §6, §7) ----------------------------------------------------------------

def test_habituation_halves_each_use_down_to_a_tenth():
    assert [use_cost(9, k) for k in range(1, 7)] == [9, 4.5, 2.25, 1.125, 0.9, 0.9]
    assert technique_total(4, 6) == pytest.approx(8.3)


def test_digest_worked_example_costs_63_275_and_is_level_6():
    log = {1: 3, 4: 6, 6: 5, 7: 2, 9: 4, 0: 3, 14: 1}
    total = sum(technique_total(base, n) for base, n in log.items())
    assert total == pytest.approx(63.275)
    assert THESIS_SCALE.level(total) == 6
    assert THESIS_SCALE.t_score(total) == pytest.approx(58.47, abs=0.01)


def test_table_4_8_boundaries_go_to_the_lower_level():
    assert THESIS_SCALE.level(25.987) == 1
    assert THESIS_SCALE.level(25.988) == 2
    assert THESIS_SCALE.level(70.445) == 6
    assert THESIS_SCALE.level(70.446) == 7
    costs = [17.05, 30.65, 40.05, 48.275, 58.7, 65.05, 85.9]   # Table 5.1, one per level
    assert [THESIS_SCALE.level(c) for c in costs] == [1, 2, 3, 4, 5, 6, 7]


# --- output ----------------------------------------------------------------------------------

def test_small_puzzle_grades_with_json_keys_and_consistent_costs():
    grade = grade_lightup(_puzzle(["...", ".4.", "..."]))
    assert grade.finished and grade.level == 1
    data = grade.to_json()
    assert set(data) == {"level", "cost", "finished", "techniques", "steps"}
    assert data["steps"][0] == {"technique": "単純発生", "cost": 4,
                                "bulbs": [[0, 1], [1, 0], [1, 2], [2, 1]], "no_bulb": []}
    assert data["techniques"] == {"単純発生": 1}
    assert sum(s.cost for s in grade.steps) == pytest.approx(grade.cost)
    assert "level 1 of 7" in grade.describe(show_steps=True)


def test_habituation_is_charged_per_step():
    grade = grade_lightup(_puzzle(["0.0.0", ".....", "0.0.0"]))
    exclusions = [s.cost for s in grade.steps if s.number == 8]
    assert exclusions[:5] == [1, 0.5, 0.25, 0.125, 0.1]


def test_puzzle_beyond_the_techniques_is_reported_unfinished():
    grade = grade_lightup(_puzzle(["..", ".."]))   # two solutions: nothing is forced
    assert not grade.finished and grade.level is None
    assert grade.lit_cells == 0 and grade.steps == []
    assert grade.to_json()["level"] is None
    assert "unrated" in grade.describe()


def test_puzzle_without_solution_is_reported_not_raised():
    grade = grade_lightup(_puzzle(["4"]))
    assert not grade.finished
    grade = grade_lightup(_puzzle(["#1#1#", "#...#"]))   # both 1s need a light in one row
    assert not grade.finished and grade.stuck_reason


# --- the incremental engine equals the thesis's plain rescan (§3.3) --------------------------

def _plain_rescan_log(puzzle: LightUpPuzzle) -> list[tuple[int, int, frozenset, frozenset]]:
    board = Board.from_puzzle(puzzle)
    geo = board.geo
    anchors = {
        CLUE: list(geo.clues),
        WHITE: [i for i in range(geo.n) if geo.white[i]],
        ANY: [i for i in range(geo.n) if geo.white[i] or geo.number[i] >= 0],
    }
    log = []
    while True:
        for tech in SEARCH_ORDER:
            hit = next(((a, d) for a in anchors[tech.anchors]
                        if (d := effective(board, tech.detect(board, a)))), None)
            if hit:
                anchor, ded = hit
                log.append((tech.number, anchor, ded.lights, ded.no_light))
                changed: set[int] = set()
                for i in sorted(ded.lights):
                    board.place_light(i, changed)
                for i in sorted(ded.no_light):
                    board.forbid(i, changed)
                if ded.restriction:
                    board.restrict(ded.restriction, changed)
                break
        else:
            return log


def _engine_log(puzzle: LightUpPuzzle):
    w = puzzle.width
    return [(s.number, s.origin[0] * w + s.origin[1], frozenset(r * w + c for r, c in s.bulbs),
             frozenset(r * w + c for r, c in s.no_bulb)) for s in grade_lightup(puzzle).steps]


def test_incremental_engine_logs_exactly_what_a_full_rescan_logs():
    files = sorted((CORPUS / "janko").glob("*_10x10.txt"))[::5]
    files += sorted((CORPUS / "janko").glob("*_17x17.txt"))[::40]
    files += sorted((CORPUS / "tatham").glob("*/*.txt"))[::4]
    assert len(files) >= 80
    for path in files:
        puzzle = parse_puzzle(path.read_text())
        assert _engine_log(puzzle) == _plain_rescan_log(puzzle), path.name


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
        grade = grade_lightup(puzzle)
        for step in grade.steps:
            for sol in solutions:
                sol_cells = {divmod(i, puzzle.width) for i in sol}
                assert set(step.bulbs) <= sol_cells, (puzzle.cells.tolist(), step.text)
                assert not set(step.no_bulb) & sol_cells, (puzzle.cells.tolist(), step.text)
                if step.restriction:
                    assert len(set(step.restriction) & sol_cells) == 1, step.text
            checked += 1
        if len(solutions) == 1:
            assert grade.finished or grade.stuck_reason
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
    finished = 0
    for puzzle_path, solution_path in cases:
        puzzle = parse_puzzle(puzzle_path.read_text())
        bulbs = parse_solution(solution_path.read_text()).bulbs
        grade = grade_lightup(puzzle)
        for step in grade.steps:
            assert set(step.bulbs) <= bulbs, (puzzle_path.name, step.text)
            assert not set(step.no_bulb) & bulbs, (puzzle_path.name, step.text)
            if step.restriction:
                assert len(set(step.restriction) & bulbs) == 1, (puzzle_path.name, step.text)
        if grade.finished:
            finished += 1
            lights = {(r, c) for r, row in enumerate(grade.final_rows)
                      for c, ch in enumerate(row) if ch == "*"}
            assert lights == bulbs, puzzle_path.name
    assert finished > len(cases) // 3


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
