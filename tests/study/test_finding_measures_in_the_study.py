"""The study measures a Sudoku's finding of steps: the ``finding`` family and the grader's
``grade.score_time``, the same values the grader's own functions give."""

from __future__ import annotations

from conftest import CORPUS

from pencilsat.grading.sudoku import grade_sudoku
from pencilsat.grading.sudoku.finding import FINDING_MEASURES, finding_measures
from pencilsat.puzzles.sudoku import parse_line
from pencilsat.study.measures import MeasureSettings, measure


def test_a_sudoku_record_has_the_finding_family_and_score_time():
    line = (CORPUS / "sudoku/tatham/basic.txt").read_text().split()[3]
    puzzle = parse_line(line)
    record = measure(puzzle, MeasureSettings(shuffles=1, cpsat=False, max_level=1))
    found = {k.removeprefix("finding."): v for k, v in record.measures.items()
             if k.startswith("finding.")}
    assert set(found) == set(FINDING_MEASURES)
    grade = grade_sudoku(puzzle)
    assert found == finding_measures([int(v) for v in puzzle.clues.flat], grade.steps)
    assert found["cells_to_fill"] == line.count(".") + line.count("0")
    assert record.measures["grade.score_time"] == grade.extras.score_time.seconds > 0
