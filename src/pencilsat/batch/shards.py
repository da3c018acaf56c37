"""Shards: runs of consecutive batch inputs, the unit of work a worker takes.

A shard is plain data (the task and the input lines), so it pickles to any process or machine;
the solvers are built in the worker, which keeps its Sudoku batch solvers from one shard to
the next. Shards are a few hundred puzzles (a one-line Sudoku counts a sixteenth: the numpy
path wants thousands at once), and at least eight per worker when the batch allows, so that
workers finish together. Within a shard, the one-line Sudokus go through the vectorised path
together and every other input through the solving (or grading) front.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pencilsat.batch.inputs import BatchItem, is_sudoku_line
from pencilsat.batch.one_puzzle import puzzle_record
from pencilsat.batch.records import BatchRecord
from pencilsat.batch.sudoku_lines import sudoku_records
from pencilsat.batch.task import BatchTask
from pencilsat.strategies.sudoku_batch import GridSolvers, pysat_name

UNITS_PER_SHARD = 256
"""Most puzzles in a shard (one-line Sudokus count ``SUDOKU_LINE_UNITS`` each)."""
SUDOKU_LINE_UNITS = 1 / 16
SHARDS_PER_WORKER = 8
EXIT_HOOK = "PENCILSAT_TEST_WORKER_EXIT_ON"
"""Test-only: a worker process (never the main one) that meets this exact input exits at
once, as a worker killed by the system would (tests of a worker that dies)."""


@dataclass(frozen=True)
class Shard:
    """Consecutive inputs of a batch and what to do with them."""

    task: BatchTask
    items: tuple[BatchItem, ...]
    units: float = 0.0
    """The items' weights summed (``units``), as the cut counted them."""


def make_shards(items: Sequence[BatchItem], task: BatchTask, workers: int) -> Iterator[Shard]:
    """``items`` cut into shards in order: at most ``UNITS_PER_SHARD`` units each, and
    ``SHARDS_PER_WORKER`` per worker while shards have more than one input."""
    weights = units(items, task)
    size = min(UNITS_PER_SHARD, math.fsum(weights) / (max(workers, 1) * SHARDS_PER_WORKER))
    return cut(items, task, weights, size)


def units(items: Sequence[BatchItem], task: BatchTask) -> list[float]:
    """Each input's weight in a shard: ``SUDOKU_LINE_UNITS`` for a one-line Sudoku of the
    vectorised path, else 1."""
    fast = task.fast_sudoku
    return [SUDOKU_LINE_UNITS if fast and is_sudoku_line(item) else 1.0 for item in items]


def cut(items: Sequence[BatchItem], task: BatchTask, weights: Sequence[float],
        size: float) -> Iterator[Shard]:
    """``items`` in order, in shards of at most ``size`` units (at least one input each)."""
    size = max(size, 1.0)
    start, filled = 0, 0.0
    for index, weight in enumerate(weights):
        if filled and filled + weight > size:
            yield Shard(task, tuple(items[start:index]), filled)
            start, filled = index, 0.0
        filled += weight
    if start < len(items):
        yield Shard(task, tuple(items[start:]), filled)


class SolverCache:
    """The Sudoku batch solvers a worker keeps from one shard to the next, by SAT solver."""

    def __init__(self) -> None:
        self._grids: dict[str, GridSolvers] = {}

    def grids(self, sat_solver: str | None) -> GridSolvers:
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
    Sudokus, solved together first)."""
    task = shard.task
    if task.generate is not None:
        from pencilsat.batch.generated import generated_record

        for item in shard.items:
            yield generated_record(item, task.generate)
        return
    fast = [item for item in shard.items if task.fast_sudoku and is_sudoku_line(item)]
    done = sudoku_records(fast, task, cache.grids(task.sat_solver)) if fast else {}
    for item in shard.items:
        found = done.get(item.line)
        yield found if found is not None else puzzle_record(item, task)


_THREAD = threading.local()


def run_shard(shard: Shard) -> list[BatchRecord]:
    """A worker's work: every record of ``shard``. The worker's solver cache lives as long as
    its thread (one per thread, for executors that run shards in threads)."""
    cache = getattr(_THREAD, "cache", None)
    if cache is None:
        cache = _THREAD.cache = SolverCache()
    _exit_if_asked(shard)
    return list(iter_shard(shard, cache))


def _exit_if_asked(shard: Shard) -> None:
    """The test hook ``EXIT_HOOK``, only in a worker process."""
    wanted = os.environ.get(EXIT_HOOK)
    if wanted is None or not _in_worker_process():
        return
    if any(item.input == wanted for item in shard.items):
        os._exit(70)


def _in_worker_process() -> bool:
    import multiprocessing

    return multiprocessing.parent_process() is not None
