"""The library's front door: typed functions that take a puzzle in any form a user has it.

A ``PuzzleSource`` is a puzzle model, a path (``str`` or ``Path``), ``-`` for standard
input, a puzz.link URL, a Tatham game ID or a one-line Sudoku. Every bad option raises
:class:`~pencilsat.core.errors.InputError` naming the option and the allowed values.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any, Union

from pencilsat.core.errors import InputError
from pencilsat.core.memory import DEFAULT_MAX_MEMORY
from pencilsat.core.registry import load
from pencilsat.core.values import Puzzle, Violation

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from concurrent.futures import Executor

    from pencilsat.batch.records import BatchRecord
    from pencilsat.core.result import SolveResult
    from pencilsat.grading.front import GradeResult

PuzzleSource = Union[Puzzle, str, "os.PathLike[str]"]
"""A puzzle model, a path, ``-``, a puzz.link URL, a Tatham game ID or a one-line Sudoku."""
_DETECT = "pencilsat.formats.detect"
_FRONT = "pencilsat.strategies.front"
"""Loaded on first use by ``registry.load``, which keeps the module: an import statement
costs microseconds on every call, and a one-line Sudoku solves in about 0.2 ms."""


def read_puzzle(source: PuzzleSource) -> Puzzle:
    """The puzzle ``source`` names (see :data:`PuzzleSource`); the format is detected."""
    if type(source) is str:  # the usual case (a line, a path, a URL) first
        return load(_DETECT).read_input(source)
    from pencilsat.core.registry import GENRES

    if isinstance(getattr(source, "genre", None), str) and source.genre in GENRES:  # type: ignore[union-attr]
        return source  # type: ignore[return-value]
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
    if not isinstance(source, str):
        raise InputError(f"cannot read a puzzle from {type(source).__name__}",
                         source="puzzle",
                         hint="give a puzzle model, a path, a URL, a game ID or a Sudoku line")
    return load(_DETECT).read_input(source)


def parse_puzzle(text: str) -> Puzzle:
    """Read puzzle text in any supported format (the format is detected)."""
    from pencilsat.formats.detect import read_puzzle as read_text

    if not isinstance(text, str):
        raise InputError(f"cannot parse a puzzle from {type(text).__name__}", source="text",
                         hint="give the puzzle's text as a str (read_puzzle takes a path)")
    return read_text(text)


def solve(
    puzzle: PuzzleSource,
    *,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY,
    backbone: bool = False,
    count: int | None = None,
    certify: bool = False,
) -> SolveResult:
    """Solve ``puzzle`` and prove its solution unique, or find a second one.

    ``encoding``: a strategy of the genre (``None``: the fastest); ``backend``: ``cnf`` or
    ``cpsat``; ``sat_solver``: ``cadical``, ``glucose``, ``minisat`` or a PySAT name;
    ``time_limit``: seconds for the whole run (``unknown`` when reached); ``max_memory``:
    bytes a solve may use (``None``: no budget), a model that would not fit is not built
    (``unknown``, naming a cheaper strategy) and a run that passes it stops (``unknown``,
    "memory limit reached"). The result's
    ``verdict`` is unique, multiple, none or unknown; every solution in it has passed the
    genre's independent rule checker. ``backbone=True`` adds ``result.backbone``: the cells
    whose value differs between solutions (none for a unique puzzle); ``count=N`` adds
    ``result.count``: up to N solutions, listed, and whether that is all of them. Both run
    on the same incremental search, within ``time_limit``. ``certify=True`` adds
    ``result.certificate`` (docs/certificates.md): a DRAT proof of the verdict checked by
    dratify, every cut re-justified; its ``certified`` says whether every part holds.
    A ``multiple`` plain Sudoku, Killer or Jigsaw Sudoku also gets ``result.x_variant``
    when, within ``time_limit``, the same grid as an X (diagonal) puzzle is decided
    (:mod:`pencilsat.strategies.x_hint`).
    """
    started = time.perf_counter()
    for name, value in (("backbone", backbone), ("certify", certify)):
        if not isinstance(value, bool):
            raise InputError(f"{value!r} is not True or False", source=name,
                             hint=f"give {name}=True to ask for it")
    time_limit = load(_FRONT).check_time_limit(time_limit)  # checked once for every part
    task = None
    if backbone or count is not None:
        from pencilsat.strategies.solution_space import Exploration

        task = Exploration(count=count, backbone=backbone)
    result = load(_FRONT).solve(read_puzzle(puzzle), encoding=encoding, backend=backend,
                            sat_solver=sat_solver, time_limit=time_limit,
                            max_memory=max_memory, explore=task)
    if result.verdict.value == "multiple":  # the one-line Sudoku's time stays as it was
        from pencilsat.strategies.x_hint import add_x_hint  # (it imports dataclasses)

        add_x_hint(result, time_limit, started, max_memory)
    if certify:
        from pencilsat.certify.certificate import certify_result
        certify_result(result, time_limit, started, max_memory)
    return result


def grade(puzzle: PuzzleSource, *, time_limit: float | None = None,
          faithful: bool = False, score: bool = True) -> GradeResult:
    """Prove ``puzzle`` unique, then grade it with its genre's human-technique grader;
    ``time_limit`` bounds both together. ``faithful``: as the paper grades (Light Up without
    contradiction trials, so possibly unrated); the result's grade has the paper's ``level``
    and a continuous ``score``. ``score=False``: the level only, ``score`` None, skipping the
    work only the score needs (a hard Sudoku's grade about 2x faster)."""
    from pencilsat.grading.front import grade as grade_puzzle
    from pencilsat.strategies.front import check_time_limit

    for name, value in (("faithful", faithful), ("score", score)):
        if not isinstance(value, bool):
            raise InputError(f"{name} must be True or False, not {value!r}", source="grade")
    return grade_puzzle(read_puzzle(puzzle), time_limit=check_time_limit(time_limit),
                        faithful=faithful, score=score)


def check(puzzle: PuzzleSource, solution: Any) -> list[Violation]:
    """Every rule ``solution`` breaks in ``puzzle`` (empty: valid), by the genre's
    independent rule checker. ``solution`` is a solution object or anything ``solve``
    writes: the ``--json`` object or its ``solution`` rows, the text drawing (alone or in
    the whole output), or the corpus solution format; or the file of one of these, by path
    (``str`` or ``Path``) as the puzzle may be given, or ``-`` for standard input."""
    from pencilsat.core.registry import rules_of
    from pencilsat.formats.solution_input import read_solution_source

    if isinstance(puzzle, str) and puzzle == "-" and isinstance(solution, str) and solution == "-":
        raise InputError("standard input (-) can be read once only", source="solution",
                         hint="give the puzzle or the solution as a file")
    model = read_puzzle(puzzle)
    return rules_of(model).check(model, read_solution_source(model, solution))


def solve_many(
    puzzles: Iterable[PuzzleSource],
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    ordered: bool = True,
    encoding: str | None = None,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY,
    certify: bool = False,
) -> Iterator[BatchRecord]:
    """Solve and prove every puzzle, yielding one :class:`~pencilsat.batch.records.BatchRecord`
    each (``.verdict``, ``.to_dict()``: the schema-1 record of ``docs/batch.md``), in the
    order given unless ``ordered`` is false.

    ``workers``: processes started for the run (default: one per core; 1 solves in this
    process), only once the work measured here pays for them and a core is idle beside it
    (docs/batch.md). ``executor``: any ``concurrent.futures.Executor`` to run on instead, e.g.
    a Dask ``Client.get_executor()``; ``workers`` then only sets how finely the puzzles are shared
    out. The other options are :func:`solve`'s (``certify``: each record gains ``certified``
    and ``certificate``); ``time_limit`` bounds each puzzle. A puzzle
    that cannot be read is an ``invalid`` record, never an exception; a bad option raises
    :class:`InputError` before any work. With process workers, call it under
    ``if __name__ == "__main__":`` in a script (Python's rule for starting processes).
    """
    from pencilsat.batch.cores import available_cores, too_many_workers
    from pencilsat.batch.pool import run_shards
    from pencilsat.batch.shards import make_shards

    task = _batch_task(encoding, backend, sat_solver, time_limit, max_memory)
    if not isinstance(certify, bool):
        raise InputError(f"{certify!r} is not True or False", source="certify",
                         hint="give certify=True to ask for certificates")
    if isinstance(puzzles, (str, bytes, os.PathLike)) or _is_model(puzzles) \
            or not hasattr(puzzles, "__iter__"):  # a string's characters are no puzzles
        raise InputError(f"puzzles is one {type(puzzles).__name__}, not a list of puzzles",
                         source="puzzles", hint="give a list (or any iterable) of puzzles: "
                         "solve_many([puzzle]); solve takes one")
    if certify:
        from dataclasses import replace

        task = replace(task, certify=True)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise InputError(f"{workers!r} is not a number of workers", source="workers",
                         hint="give a whole number >= 1, or None for one per core")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InputError(f"{type(executor).__name__} is not an executor", source="executor",
                         hint="give a concurrent.futures.Executor (one with submit), or None")
    refused = too_many_workers(workers) if workers is not None and executor is None else None
    if refused:  # processes started here (with an executor it only sets the shards)
        raise InputError(refused, source="workers", hint="give at most one per core, or None")
    items = [_batch_item(position, puzzle) for position, puzzle in enumerate(puzzles, 1)]
    count = workers or available_cores()
    shards = make_shards(items, task, count)
    return (record for records in run_shards(shards, workers=count, executor=executor,
                                             ordered=ordered) for record in records)


def _batch_task(encoding: str | None, backend: str | None, sat_solver: str | None,
                time_limit: float | None, max_memory: float | None) -> Any:
    """The options as a batch task, each checked before any work (an encoding must be one
    of some genre's; whether it fits each puzzle's genre is told per puzzle)."""
    from pencilsat.batch.task import BatchTask
    from pencilsat.core.memory import check_budget
    from pencilsat.core.registry import GENRES
    from pencilsat.core.sat_names import check_backend, pysat_name
    from pencilsat.strategies.front import check_time_limit

    for option, value in (("encoding", encoding), ("backend", backend),
                          ("sat_solver", sat_solver)):
        if value is not None and not isinstance(value, str):
            raise InputError(f"{value!r} is not a name", source=option,
                             hint=f"give {option} as a string, or None for the default")
    known = sorted({s.name for g in GENRES.values() for s in g.strategies})
    if encoding is not None and encoding not in known:
        raise InputError(f"unknown encoding {encoding!r}", source="encoding",
                         hint="choose one of: " + ", ".join(known))
    if sat_solver is not None:
        pysat_name(sat_solver, "")
    return BatchTask(encoding=encoding, backend=check_backend(backend), sat_solver=sat_solver,
                     time_limit=check_time_limit(time_limit),
                     max_memory=check_budget(max_memory))


def _is_model(puzzle: Any) -> bool:
    """A puzzle model of a known genre (not a path, a URL or a list)."""
    from pencilsat.core.registry import GENRES

    return isinstance(getattr(puzzle, "genre", None), str) and puzzle.genre in GENRES


def _batch_item(position: int, puzzle: Any) -> Any:
    """A puzzle as plain data for a worker: a path, URL, game ID or line as given; a model
    as its corpus text."""
    from pencilsat.batch.inputs import BatchItem
    from pencilsat.core.registry import rules_of

    if _is_model(puzzle):
        name = getattr(puzzle, "name", "") or f"puzzle {position}"
        return BatchItem(position, f"<{puzzle.genre} {name}>",
                         rules_of(puzzle).format_puzzle(puzzle))
    if isinstance(puzzle, os.PathLike):
        puzzle = os.fspath(puzzle)
    if not isinstance(puzzle, str) or puzzle == "-":
        raise InputError(f"puzzle {position}: cannot read a puzzle from "
                         f"{'standard input' if puzzle == '-' else type(puzzle).__name__}",
                         source="puzzles",
                         hint="give puzzle models, paths, URLs, game IDs or Sudoku lines")
    return BatchItem(position, puzzle)
