"""The Sato (2010) Sudoku grader on whole puzzles: levels, the level-up rule of §5.2 and its
counters, the JSON and text output, and what it refuses to grade."""

from __future__ import annotations

import json

import numpy as np
import pytest
from conftest import shared_by_the_workers
from sudoku_grading_support import graded_sample, tatham

from pencilsat.core.errors import InputError
from pencilsat.grading.steps import Grade
from pencilsat.grading.sudoku.engine import SudokuGrade, grade_sudoku, level_after_level_up
from pencilsat.grading.sudoku.finder import PairMemory, find_step
from pencilsat.grading.sudoku.state import SudokuState
from pencilsat.puzzles.sudoku import SudokuPuzzle, parse_line


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> list[tuple[str, str, SudokuGrade]]:
    return shared_by_the_workers(tmp_path_factory, "graded_sudoku_sample", graded_sample)


def test_levels_follow_the_level_up_rule_and_counters(graded):
    for _, _, grade in graded:
        assert grade.level in (1, 2, 3)
        extras = grade.extras
        assert grade.level == level_after_level_up(extras.base_level, extras.counted_level1,
                                                   extras.counted_level2)
        assert extras.level_up == (grade.level != extras.base_level)
        assert extras.counted_level1 == grade.techniques.get("SPEAKIMSSYO n=3", 0)
        if not grade.finished:
            assert extras.base_level == 3
        hardest = max((s.level for s in grade.steps), default=1)
        assert hardest <= extras.base_level


def test_harder_tatham_levels_grade_no_lower_on_average(graded):
    trivial = [g.level for p, _, g in graded if p in dict(tatham("trivial"))]
    extreme = [g.level for p, _, g in graded if p in dict(tatham("extreme"))]
    assert sum(trivial) / len(trivial) < sum(extreme) / len(extreme)


@pytest.mark.parametrize(
    ("base", "c1", "c2", "expected"),
    [(1, 0, 0, 1), (1, 1, 0, 1), (1, 2, 0, 2), (1, 3, 9, 2), (2, 0, 2, 2), (2, 9, 3, 3),
     (2, 0, 5, 3), (3, 0, 0, 3), (3, 5, 5, 3)],
)
def test_level_up_rule_of_section_5_2(base, c1, c2, expected):
    """Level 1 with >= 2 SPEAKIMSSYO uses goes up; level 2 with >= 3 SPESANRETU/SPEAKIMSLV2
    uses goes up; never more than one step."""
    assert level_after_level_up(base, c1, c2) == expected


def test_level_up_reproduces_the_papers_section_5_3_totals():
    """Digest §7: the §5.2 usage tables applied to the §5.1 table give the §5.3 table."""
    before = {"Easy": [144, 25, 0], "Medium": [38, 164, 37], "Hard": [1, 25, 61]}
    level1_uses = {"Easy": [118, 22, 4, 0], "Medium": [17, 12, 7, 2], "Hard": [0, 0, 1, 0]}
    level2_uses = {"Easy": [24, 1, 0, 0, 0, 0], "Medium": [126, 25, 7, 4, 2, 0],
                   "Hard": [12, 9, 2, 1, 0, 1]}
    after = {"Easy": [140, 29, 0], "Medium": [29, 167, 43], "Hard": [0, 24, 63]}
    for label, levels in before.items():
        moved = [0, 0, 0]
        for uses, count in enumerate(level1_uses[label]):
            moved[level_after_level_up(1, uses, 0) - 1] += count
        for uses, count in enumerate(level2_uses[label]):
            moved[level_after_level_up(2, 0, uses) - 1] += count
        moved[2] += levels[2]
        assert sum(level1_uses[label]) == levels[0]
        assert moved == after[label]


def test_json_has_the_documented_keys_and_zero_based_steps():
    puzzle, answer = tatham("advanced")[0]
    data = grade_sudoku(parse_line(puzzle)).to_dict()
    assert set(data) == {"level", "score", "score_time", "level_up", "finished", "techniques",
                         "steps"}
    json.dumps(data)
    assert sum(data["techniques"].values()) == len(data["steps"])
    for step in data["steps"]:
        # the main loop's steps say how many singles were open (the score's bottlenecks),
        # a trial's step what the trial was
        assert set(step) - {"options", "trial"} == {"technique", "level", "placements",
                                                    "eliminations"}
        assert ("options" in step) == (step["technique"] != "FIRSTCLUE")
        assert step["level"] in (1, 2, 3)
        for r, c, d in step["placements"]:
            assert 0 <= r < 9 and 0 <= c < 9 and int(answer[r * 9 + c]) == d
            assert puzzle[r * 9 + c] == "."


def test_describe_names_level_techniques_and_steps():
    grade = grade_sudoku(parse_line(tatham("intermediate")[0][0]))
    short = grade.describe(steps=False)
    assert short.startswith(f"level {grade.level}")
    assert "steps:" not in short
    full = grade.describe(steps=True)
    assert "steps:" in full
    assert full.count("\n") > short.count("\n") + len(grade.steps) - 1


def test_a_solved_grid_is_level_1_and_finished():
    _, answer = tatham("basic")[0]
    grade = grade_sudoku(parse_line(answer))
    assert (grade.level, grade.finished, grade.steps, grade.extras.level_up) == (1, True, [],
                                                                          False)


def test_non_9x9_and_repeated_clues_are_input_errors():
    with pytest.raises(InputError, match="9x9"):
        grade_sudoku(parse_line("1..." * 4))
    with pytest.raises(InputError, match="repeat"):
        grade_sudoku(parse_line("11" + "." * 79))


def hidden_singles_only(grid: list[int]) -> list[int]:
    """Seed note 004's table solver: rows, then columns, then blocks, place every digit with
    exactly one possible cell (no naked singles, no other eliminations), until nothing
    changes. Written independently of the grader."""
    grid = grid[:]
    units = ([[r * 9 + c for c in range(9)] for r in range(9)]
             + [[r * 9 + c for r in range(9)] for c in range(9)]
             + [[(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
                for br in range(3) for bc in range(3)])
    peers = [{x for u in units if cell in u for x in u} - {cell} for cell in range(81)]
    changed = True
    while changed:
        changed = False
        for unit in units:
            for d in range(1, 10):
                if d in (grid[c] for c in unit):
                    continue
                spots = [c for c in unit
                         if not grid[c] and all(grid[p] != d for p in peers[c])]
                if len(spots) == 1:
                    grid[spots[0]] = d
                    changed = True
    return grid


def test_a_puzzle_singles_only_cannot_solve_needs_a_level_2_or_3_technique():
    """Seed 004: hidden singles alone stall; there Sato's level-1 techniques (all singles)
    stall too, and the step that makes progress is a level 2 or 3 technique."""
    stuck = None
    for puzzle, _ in tatham("advanced"):
        grid = hidden_singles_only([0 if ch == "." else int(ch) for ch in puzzle])
        if 0 in grid:
            stuck = (puzzle, grid)
            break
    assert stuck is not None
    puzzle, grid = stuck
    state = SudokuState.from_clues(grid)
    assert find_step(state, 1, False, PairMemory()) is None
    progress = find_step(state, 2, False, PairMemory()) or find_step(state, 3, False,
                                                                     PairMemory())
    assert progress is not None and progress.level >= 2
    assert grade_sudoku(parse_line(puzzle)).level >= 2


def test_grade_accepts_the_puzzle_model():
    puzzle = SudokuPuzzle(np.zeros((9, 9), dtype=np.int16))
    assert isinstance(grade_sudoku(puzzle), Grade)
