"""The desk's jobs, as a worker process runs them: a request's fields in, a JSON record out.

Each job reads the puzzle from the text the user sent (a puzz.link URL, a Tatham game ID or
puzzle text: never a file name, never a shell), runs the same library call as the command
line, and returns the CLI's ``--json`` record with the drawings the page shows under
``svg``. Bad input is a record with ``error`` (what, where, how to fix) and status 422; a
bug is status 500 with one line, never a traceback. The drawings are the desk's
(:mod:`pencilsat.formats.svg.desk`: rows and columns numbered from 1 along the edges); the
records keep the command line's 0-based cells.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable
from typing import Any

from pencilsat.core.errors import InputError, internal_error

MAX_MEMORY = 2 * 2**30
"""The memory a strategy may plan for in one job (a model that would not fit is not built:
``unknown``, naming a cheaper strategy)."""
MAX_COUNT = 50
"""The most solutions one request may list (more is refused with 400 by the app)."""

Record = dict[str, Any]


def run_job(kind: str, fields: Record) -> tuple[int, Record]:
    """``(HTTP status, record)`` of one job: ``solve``, ``grade``, ``clues``, ``hint``,
    ``replay`` or ``generate``."""
    job = JOBS.get(kind)
    if job is None:
        return 404, {"error": f"unknown job {kind!r}"}
    try:
        return 200, job(fields)
    except InputError as err:
        return 422, {"error": f"invalid input: {err}"}
    except Exception as err:  # a bug: one line for the page, never a traceback
        return 500, {"error": internal_error(err)}


def read(fields: Record) -> Any:
    """The puzzle of a request: text, a URL or a game ID (never a path on the server)."""
    from pencilsat.formats.detect import read_puzzle

    return read_puzzle(fields["puzzle"], "<puzzle>")


def solve_job(fields: Record) -> Record:
    """The verdict with the backbone (and ``count`` solutions when asked), drawn; with
    ``certify``, its certificate (``certified`` and ``certificate`` in the record)."""
    from pencilsat.formats.svg.desk import draw_backbone, draw_desk
    from pencilsat.strategies.front import solve
    from pencilsat.strategies.solution_space import Exploration
    from pencilsat.strategies.x_hint import add_x_hint

    puzzle = read(fields)
    count = fields.get("count")
    started = time.perf_counter()
    result = solve(puzzle, time_limit=fields["time_limit"], max_memory=MAX_MEMORY,
                   explore=Exploration(count=min(count, MAX_COUNT) if count else None,
                                       backbone=True))
    add_x_hint(result, fields["time_limit"], started, MAX_MEMORY)
    if fields.get("certify"):
        from pencilsat.certify.certificate import certify_result

        certify_result(result, fields["time_limit"], started, MAX_MEMORY)
    record = result.to_dict()
    svg = {"puzzle": draw_desk(puzzle)}
    if result.solution is not None:
        svg["solution"] = draw_desk(puzzle, [result.solution])
    if result.second_solution is not None:
        diffs = result.differences or result.solution.differing_cells(result.second_solution)
        svg["two_solutions"] = draw_desk(
            puzzle, [result.solution, result.second_solution], differences=diffs,
            title=f"Two solutions: they differ in {len(diffs)} cells (highlighted)")
        if result.backbone is not None:
            svg["backbone"] = draw_backbone(puzzle, result.solution, result.backbone.undecided,
                                            complete=result.backbone.complete, axes=True)
    record.update(size=_size(puzzle), svg=svg)
    return record


def grade_job(fields: Record) -> Record:
    """The grade with its steps (each with its ``text``), the techniques' English names
    (``technique_names``), and the bare puzzle drawn (steps are drawn by ``replay``). A
    genre without a grader keeps its verdict: ``level`` null and the reason "no grader for
    <genre> yet", the solution drawn."""
    from pencilsat.core.registry import genre_of
    from pencilsat.formats.svg.desk import draw_desk
    from pencilsat.grading.front import GradeResult, grade, no_grader
    from pencilsat.strategies.front import solve

    puzzle = read(fields)
    genre = genre_of(puzzle)
    if genre.grader is None:
        solved = solve(puzzle, time_limit=fields["time_limit"], max_memory=MAX_MEMORY)
        result = GradeResult(solved.verdict, solved,
                             not_graded=no_grader(genre.title))
        drawing = draw_desk(puzzle, [solved.solution])
    else:
        result = grade(puzzle, time_limit=fields["time_limit"])
        drawing = draw_desk(puzzle)
    record: Record = result.to_dict()
    steps = result.grade.steps if result.grade is not None else []
    for data, step in zip(record["steps"], steps, strict=True):
        data["text"] = step.text
    record.update(genre=puzzle.genre, genre_title=genre.title, size=_size(puzzle),
                  technique_names=technique_names(genre, record.get("techniques") or {}),
                  svg={"puzzle": drawing})
    return record


def technique_names(genre: Any, techniques: Iterable[str]) -> dict[str, str]:
    """The English name of each of the genre's ``techniques`` (paper names) that its grading
    catalogue (``grading/<genre>/catalogue.py``, ``english_name``) knows."""
    if genre.grader is None:
        return {}
    package = genre.grader.partition(":")[0].rpartition(".")[0]
    try:
        english = importlib.import_module(package + ".catalogue").english_name
    except (ImportError, AttributeError):
        return {}
    names = {name: english(name) for name in techniques}
    return {name: value for name, value in names.items() if value}


def replay_job(fields: Record) -> Record:
    """The grid after the first ``len(steps)`` steps of a grade, the last step's cells
    marked: the page's previous / next buttons."""
    from pencilsat.core.registry import genre_of, load
    from pencilsat.formats.svg.desk import draw_marked
    from pencilsat.grading.steps import Step

    puzzle = read(fields)
    genre = genre_of(puzzle)
    if genre.partial is None:
        raise InputError(f"{genre.title} has no grader to replay")
    rules = load(genre.partial)
    try:
        steps = [Step.from_dict(genre.name, data) for data in fields["steps"]]
    except ValueError as err:
        raise InputError(f"the steps do not read: {err}", source="steps") from None
    shown = rules.shown_after(puzzle, steps)
    marks = {"step": rules.cells_of(steps[-1])} if steps else {}
    title = f"after step {len(steps)}" if steps else "the puzzle"
    return {"svg": draw_marked(puzzle, shown, marks, title=title)}


def clues_job(fields: Record) -> Record:
    """The clue report, the redundant (or added) clues marked on the drawing."""
    from pencilsat.desk.clues import check_clues
    from pencilsat.formats.svg.desk import draw_marked

    puzzle = read(fields)
    report = check_clues(puzzle, grade=bool(fields.get("grade")),
                         time_limit=fields["time_limit"])
    record = report.to_dict()
    if report.added and report.puzzle_after is not None:
        drawing = draw_marked(report.puzzle_after, None,
                              {"added": [c.cell for c in report.added]},
                              title=f"{len(report.added)} {report.kind}s added: unique")
    else:
        drawing = draw_marked(puzzle, None, {"redundant": [c.cell for c in report.redundant]},
                              title=f"{len(report.redundant)} redundant {report.kind}s")
    record.update(svg={"clues": drawing})
    return record


def hint_job(fields: Record) -> Record:
    """The next step from the partial grid, its cells (or the mistakes) marked."""
    from pencilsat.desk.hint import next_hint, partial_rules
    from pencilsat.formats.solution_input import read_solution
    from pencilsat.formats.svg.desk import draw_marked

    puzzle = read(fields)
    text = fields.get("partial") or None
    hint = next_hint(puzzle, text, time_limit=fields["time_limit"])
    record = hint.to_dict()
    if record["step"] is not None:
        from pencilsat.core.registry import genre_of

        technique = record["step"]["technique"]
        record["step"]["english"] = technique_names(genre_of(puzzle), [technique]).get(
            technique)
    rules = partial_rules(puzzle)
    known = rules.shown_after(puzzle, [], read_solution(puzzle, text)) if text else None
    marks = {"mistake": hint.mistakes} if hint.mistakes else {"step": hint.cells}
    record.update(svg={"hint": draw_marked(puzzle, known, marks, title="next step")})
    return record


def generate_job(fields: Record) -> Record:
    """A puzzle made to order (:func:`pencilsat.to_order.generate`, the command line's
    path): ``generate --json``'s record with the genre, size, scale and the command that
    makes it again, and the puzzle drawn; ``unknown`` when the time limit came first."""
    from pencilsat.formats.svg.desk import draw_desk
    from pencilsat.to_order import generate

    made = generate(fields["genre"], fields["width"], fields["height"],
                    level=fields.get("level"), score=fields.get("score"),
                    seed=fields.get("seed"), symmetry=fields.get("symmetry"),
                    time_limit=fields["time_limit"], stars=fields.get("stars"),
                    variant=fields.get("variant"))
    record = made.to_dict()
    if made.puzzle is not None:
        record["svg"] = {"puzzle": draw_desk(made.puzzle)}
    return record


def _size(puzzle: Any) -> str:
    return f"{puzzle.width}x{puzzle.height}"


JOBS: dict[str, Callable[[Record], Record]] = {
    "solve": solve_job, "grade": grade_job, "replay": replay_job, "clues": clues_job,
    "hint": hint_job, "generate": generate_job,
}
