"""Shards: runs of consecutive batch inputs, the unit of work a worker takes.

A shard is plain data (the task and the input lines), so it pickles to any process or machine;
the solvers are built in the worker, which keeps its Sudoku batch solvers from one shard to
the next. Shards are a few hundred puzzles (a one-line Sudoku counts a sixteenth: the numpy
path wants thousands at once), and at least eight per worker when the batch allows. For
several workers they shrink as the batch drains (``ShardSizes``: the work left over twice
the workers, down to 64 units), so that the workers end together even when the last lines
cost far more than their weights say (hard Sudoku lines, large puzzles). Within a shard, the
one-line Sudokus go through the vectorised path together and every other input through the
solving (or grading) front.

A batch file's shard carries its lines as they are (one string, from a line number on): the
worker skips the blank and comment lines, tells the Sudoku lines from the others and writes
the records, so the main process only cuts the file (``make_line_shards``, by weights it
estimates from the lines' lengths) and does no work per puzzle. Puzzles given one by one
(``solve_many``, arguments) travel as items.

The solving modules (numpy, the SAT solvers, the readers) are imported where a shard is
solved: a main process that hands every shard to its workers never loads them.
"""

from __future__ import annotations

import math
import os
import threading
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import TYPE_CHECKING, Any

from pencilsat.batch.blocks import RecordBlock, RecordFile, block_of, file_of
from pencilsat.batch.inputs import SUDOKU_LINE_LENGTHS, BatchItem, is_sudoku_line, numbered_items
from pencilsat.batch.records import BatchRecord
from pencilsat.batch.task import BatchTask

if TYPE_CHECKING:
    from pencilsat.strategies.sudoku_batch import GridSolvers

UNITS_PER_SHARD = 256
"""Most puzzles in a shard (one-line Sudokus count ``SUDOKU_LINE_UNITS`` each)."""
SUDOKU_LINE_UNITS = 1 / 16
SHARDS_PER_WORKER = 8
GUIDE = 2
"""With several workers, a shard is at most the work left to cut over ``GUIDE`` times the
workers (guided self-scheduling): the last shards are small, so no worker waits long for
another's, whatever the weights got wrong."""
LEAST_UNITS = 64.0
"""The least a shard shrinks to: 1,024 one-line Sudokus (smaller ones cost the numpy path
more per line, and each shard costs the pool a little: on Royle's lines a floor of 16 units
made 25 shards against 20 and 2 workers spent 8% more CPU, simulated 1.80 against 1.66 s,
while the long list of ``benchmarks/batch_scale.py`` ends as evenly either way: tail
0.00-0.13 s; ``benchmarks/results/shard_floor_16_vs_64_schedule.md``), or 64 puzzles."""
TIMED_SUDOKU_LINES = 1024
"""Under ``--time-limit``, the most one-line Sudokus solved in one vectorised pass: the limit
is not checked inside a pass, whose records all wait for its end, so a pass is kept short.
On the forum's hardest 9x9 lines a pass of 4,096 (a shard's most) took 0.66 s of CPU with
the compiled kernel and 1.09 s with numpy; of 1,024 about a quarter of that. A puzzle's own
share stays under the limit: alone, the slowest of the first 200 took 30 ms on numpy. The
smaller passes cost the forum's 48,766 lines 4-5% more CPU (9.5 against 9.0-9.1 s), and
brought their first record from 3.0 s to 1.5 s (benchmarks/results/batch_first_record.md)."""
EXIT_HOOK = "PENCILSAT_TEST_WORKER_EXIT_ON"
"""Test-only: a worker process (never the main one) that meets this exact input exits at
once, as a worker killed by the system would (tests of a worker that dies)."""


@dataclass(frozen=True)
class Shard:
    """Consecutive inputs of a batch and what to do with them."""

    task: BatchTask
    items: tuple[BatchItem, ...] = ()
    """The inputs, when they were given one by one (``lines`` is then ``None``)."""
    units: float = 0.0
    """The items' weights summed (``units``), as the cut counted them."""
    lines: str | None = None
    """Consecutive lines of a batch file as read, joined by newlines: the worker makes the
    items (``inputs``)."""
    first_line: int = 1
    """The number of the first of ``lines`` in the batch file."""

    def inputs(self) -> tuple[BatchItem, ...]:
        """The shard's inputs: its items, or those of its lines."""
        if self.lines is None:
            return self.items
        return tuple(numbered_items(self.lines.split("\n"), self.first_line))


@dataclass(frozen=True)
class ShardSizes:
    """The most units the next shard may have, given the units left to cut: ``left`` over
    ``GUIDE`` times ``workers``, between ``least`` and ``most`` (and at least 1); one size
    when ``least`` is ``most``."""

    most: float
    least: float
    workers: int = 1

    def next(self, left: float) -> float:
        return max(1.0, min(self.most, max(self.least, left / (GUIDE * self.workers))))


def shard_sizes(total: float, workers: int) -> ShardSizes:
    """The sizes for ``total`` units on ``workers``: at most ``UNITS_PER_SHARD``, and
    ``SHARDS_PER_WORKER`` per worker; for several workers shrinking towards ``LEAST_UNITS``
    as the work left drains (one worker: one size, nobody waits for its last shard)."""
    most = min(UNITS_PER_SHARD, total / (max(workers, 1) * SHARDS_PER_WORKER))
    if workers <= 1:
        return ShardSizes(most, most)
    return ShardSizes(most, min(most, LEAST_UNITS), workers)


def make_shards(items: Sequence[BatchItem], task: BatchTask, workers: int) -> Iterator[Shard]:
    """``items`` cut into shards in order, of ``shard_sizes``."""
    weights = units(items, task)
    return cut(items, task, weights, shard_sizes(math.fsum(weights), workers))


def units(items: Sequence[BatchItem], task: BatchTask) -> list[float]:
    """Each input's weight in a shard: ``SUDOKU_LINE_UNITS`` for a one-line Sudoku of the
    vectorised path, else 1."""
    fast = task.fast_sudoku
    return [SUDOKU_LINE_UNITS if fast and is_sudoku_line(item) else 1.0 for item in items]


def cut(items: Sequence[BatchItem], task: BatchTask, weights: Sequence[float],
        size: float | ShardSizes) -> Iterator[Shard]:
    """``items`` in order, in shards of at most ``size`` units (at least one input each)."""
    sizes = _sizes(size)
    left = math.fsum(weights)
    limit = sizes.next(left)
    start, filled = 0, 0.0
    for index, weight in enumerate(weights):
        if filled and filled + weight > limit:
            yield Shard(task, tuple(items[start:index]), filled)
            left -= filled
            limit = sizes.next(left)
            start, filled = index, 0.0
        filled += weight
    if start < len(items):
        yield Shard(task, tuple(items[start:]), filled)


def _sizes(size: float | ShardSizes) -> ShardSizes:
    return size if isinstance(size, ShardSizes) else ShardSizes(size, size)


def make_line_shards(lines: Sequence[str], task: BatchTask, workers: int,
                     first_line: int = 1) -> Iterator[Shard]:
    """Lines of a batch file (from line ``first_line`` on) cut into shards in order, as
    ``make_shards`` cuts items, with weights estimated from the lines' lengths
    (``line_units``)."""
    weights = line_units(lines, task)
    return cut_lines(lines, task, weights, shard_sizes(math.fsum(weights), workers), first_line)


def line_units(lines: Sequence[str], task: BatchTask) -> list[float]:
    """Each line's estimated weight: 0 when empty, ``SUDOKU_LINE_UNITS`` when it has a
    one-line Sudoku's length and the task takes the vectorised path, else 1 (a comment, or a
    path that happens to have such a length, is misweighed: the weights only balance the
    shards, the worker tells the lines apart exactly)."""
    small = SUDOKU_LINE_UNITS if task.fast_sudoku else 1.0
    weight = {0: 0.0, **dict.fromkeys(SUDOKU_LINE_LENGTHS, small)}
    return list(map(weight.get, map(len, lines), repeat(1.0)))


def cut_lines(lines: Sequence[str], task: BatchTask, weights: Sequence[float],
              size: float | ShardSizes, first_line: int = 1) -> Iterator[Shard]:
    """``lines`` in order, in shards of at most ``size`` units (at least one line each; empty
    lines, which weigh nothing, join the shard of the line after or before them, so lines
    that are all empty, e.g. those a resumed run has done, give no shard). The shards are
    those of adding the lines one by one until the next would pass the size, found by
    bisecting the weights' running sums (no loop per line: Royle's 49,158 lines are cut in
    1 ms instead of 7), exact for ``line_units``' weights, whose sums are exact in floats."""
    sizes = _sizes(size)
    sums = list(accumulate(weights, initial=0.0))  # sums[i]: the weight of lines[:i]
    start, end = 0, len(weights)
    while start < end:
        limit = sizes.next(sums[end] - sums[start])
        stop = bisect_right(sums, sums[start] + limit, lo=start) - 1  # the line that passes
        if sums[stop] == sums[start]:  # nothing before it weighs: it opens the shard alone
            stop += 1
        if stop >= end:
            break
        yield _line_shard(lines, task, start, stop, sums[stop] - sums[start], first_line)
        start = stop
    if sums[end] > sums[start]:
        yield _line_shard(lines, task, start, end, sums[end] - sums[start], first_line)


def _line_shard(lines: Sequence[str], task: BatchTask, start: int, end: int, units: float,
                first_line: int) -> Shard:
    return Shard(task, units=units, lines="\n".join(lines[start:end]),
                 first_line=first_line + start)


def recut(shards: Sequence[Shard], size: float | ShardSizes) -> list[Shard]:
    """The inputs of consecutive ``shards`` cut again into shards of at most ``size`` units:
    by lines when they are a batch file's lines, else by items."""
    task = shards[0].task
    if all(shard.lines is not None for shard in shards):
        lines = [line for shard in shards for line in (shard.lines or "").split("\n")]
        return list(cut_lines(lines, task, line_units(lines, task), size,
                              shards[0].first_line))
    items = [item for shard in shards for item in shard.inputs()]
    return list(cut(items, task, units(items, task), size))


class SolverCache:
    """The Sudoku batch solvers a worker keeps from one shard to the next, by SAT solver."""

    def __init__(self) -> None:
        self._grids: dict[str, GridSolvers] = {}

    def grids(self, sat_solver: str | None) -> GridSolvers:
        from pencilsat.strategies.sudoku_batch import GridSolvers, pysat_name

        name = pysat_name(sat_solver)
        found = self._grids.get(name)
        if found is None:
            found = self._grids[name] = GridSolvers(name)
        return found

    def close(self) -> None:
        for grids in self._grids.values():
            grids.close()
        self._grids.clear()


def iter_shard(shard: Shard, cache: SolverCache) -> Iterator[BatchRecord]:
    """The records of ``shard``'s inputs in order, each as soon as it is solved (the one-line
    Sudokus, solved together first, in pieces of ``TIMED_SUDOKU_LINES`` under a time limit;
    each graded only as its record is made)."""
    from pencilsat.backends.proof_race import no_races
    from pencilsat.batch.one_puzzle import puzzle_record
    from pencilsat.batch.sudoku_lines import sudoku_record, sudoku_verdicts

    task = shard.task
    items = shard.inputs()
    if task.generate is not None:
        from pencilsat.batch.generated import generated_record

        for item in items:
            with no_races():
                made = generated_record(item, task.generate, task.time_limit)
            yield made
        return
    fast = [item for item in items if task.fast_sudoku and is_sudoku_line(item)]
    grids = cache.grids(task.sat_solver) if fast else None
    size = len(fast) if task.time_limit is None else TIMED_SUDOKU_LINES
    pieces = [fast[start:start + size] for start in range(0, len(fast), max(size, 1))]
    piece_of = {item.line: number for number, piece in enumerate(pieces) for item in piece}
    done: dict[int, dict[str, Any]] = {}
    solved = 0  # pieces solved so far, in order: each when its first record is due
    for item in items:
        wanted = piece_of.get(item.line)
        while grids is not None and wanted is not None and solved <= wanted:
            done.update(sudoku_verdicts(pieces[solved], task, grids))
            solved += 1
        found = done.pop(item.line, None)
        if found is not None and grids is not None:
            yield sudoku_record(item, found, task, grids)
        else:
            with no_races():  # the batch's workers fill the cores
                record = puzzle_record(item, task)
            yield record


_THREAD = threading.local()


def run_shard(shard: Shard) -> list[BatchRecord]:
    """A worker's work: every record of ``shard``. The worker's solver cache lives as long as
    its thread (one per thread, for executors that run shards in threads)."""
    cache = getattr(_THREAD, "cache", None)
    if cache is None:
        cache = _THREAD.cache = SolverCache()
    _exit_if_asked(shard)
    return list(iter_shard(shard, cache))


def run_shard_block(shard: Shard) -> RecordBlock:
    """A ``--batch`` worker's work: every record of ``shard`` as one block, ready to write
    and counted."""
    return block_of(run_shard(shard))


def run_shard_file(shard: Shard, folder: str) -> RecordFile:
    """A ``--batch --out FILE`` worker's work: every record of ``shard`` as one block written
    to a new file in ``folder``, counted."""
    return file_of(run_shard(shard), folder)


def _exit_if_asked(shard: Shard) -> None:
    """The test hook ``EXIT_HOOK``, only in a worker process."""
    wanted = os.environ.get(EXIT_HOOK)
    if wanted is None or not _in_worker_process():
        return
    if any(item.input == wanted for item in shard.inputs()):
        os._exit(70)


def _in_worker_process() -> bool:
    import multiprocessing

    return multiprocessing.parent_process() is not None
