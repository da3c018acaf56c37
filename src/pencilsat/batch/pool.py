"""Running shards: in this process, on a pool of local worker processes, or on any executor.

:func:`run_shards` yields each shard's records in input order (as shards finish with
``ordered=False``), with at most ``WINDOW_PER_WORKER`` shards per worker submitted and not yet
yielded: a run that is stopped loses those and no more. The executor may be any
``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``, an MPI or Ray pool). Our
own workers are forked on Linux while the main process has one thread (they start with its
modules loaded: on Royle's 49,158 lines, 2 workers took 2.9 s forked and 3.3 s spawned, one
worker 5.1 s), with the main process's objects frozen out of the garbage collector so that
the workers share its pages instead of copying them; otherwise (other threads, a pool
renewed mid-run, macOS, Windows) they are spawned. They ignore Ctrl-C (the main process
stops them) and exit when the main process dies, so a SIGKILL leaves no orphans.

A shard whose worker died (a kill, out of memory, a crash in a native solver) is solved again
one puzzle at a time, on a new pool when the pool is ours, so the puzzle that kills its worker
is found and recorded as ``error`` while the others get their verdicts; the run goes on.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)

from pencilsat.batch.one_puzzle import where
from pencilsat.batch.records import BatchRecord, not_solved
from pencilsat.batch.shards import Shard, SolverCache, iter_shard, run_shard
from pencilsat.core.errors import internal_error

WINDOW_PER_WORKER = 4
"""Shards per worker submitted and not yet yielded: enough to keep every worker busy behind a
slow shard while the output waits for it, few enough that a stopped run loses little."""


def available_cores() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def start_method() -> str:
    """How our workers start: ``fork`` on Linux while this process has a single thread (safe
    then, and it saves each worker the imports), else ``spawn``."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "spawn"


def local_workers(workers: int, shard_count: int) -> int:
    """How many local workers a run of ``shard_count`` shards starts: no more than shards."""
    return max(1, min(workers, shard_count))


def run_shards(shards: Iterable[Shard], *, workers: int = 1, executor: Executor | None = None,
               ordered: bool = True) -> Iterator[list[BatchRecord]]:
    """The records of every shard: on ``executor``, or on a pool of ``workers`` processes
    started here (never more than there are shards), one shard's records at a time; in this
    process, one record at a time, when that is one worker. The pool starts now, before the
    first record is asked for (before a progress bar's thread, so that it may fork)."""
    shards = list(shards)
    if executor is None:
        workers = local_workers(workers, len(shards))
        if workers == 1:
            return _in_this_process(shards)
    runner = _Runner(executor) if executor is not None else _OwnPool(workers)
    return _run_all(shards, runner, WINDOW_PER_WORKER * max(workers, 1), ordered)


def _run_all(shards: list[Shard], runner: _Runner, window: int,
             ordered: bool) -> Iterator[list[BatchRecord]]:
    finished = False
    try:
        yield from _drive(iter(shards), runner, window, ordered)
        finished = True
    finally:
        runner.close(now=not finished)


def _in_this_process(shards: Iterable[Shard]) -> Iterator[list[BatchRecord]]:
    cache = SolverCache()
    try:
        for shard in shards:
            for record in iter_shard(shard, cache):
                yield [record]
    finally:
        cache.close()


class _Runner:
    """Submits shards to an executor it was given, which it never renews nor shuts down."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor

    def submit(self, shard: Shard) -> Future[list[BatchRecord]]:
        """The shard's future; a future holding the error when the executor refuses it."""
        try:
            return self.executor.submit(run_shard, shard)
        except Exception as err:  # a broken or shut down executor
            refused: Future[list[BatchRecord]] = Future()
            refused.set_exception(err)
            return refused

    def recover(self, err: BaseException) -> None:
        """After a shard failed with ``err``: nothing to do on an executor of someone else's."""

    def close(self, now: bool) -> None:
        """Release what this runner started (nothing here)."""


class _OwnPool(_Runner):
    """A pool of ``workers`` processes started here, renewed when a worker dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        super().__init__(self._start())

    def _start(self) -> ProcessPoolExecutor:
        method = start_method()
        pool = ProcessPoolExecutor(max_workers=self.workers,
                                   mp_context=multiprocessing.get_context(method),
                                   initializer=_worker_start, initargs=(os.getpid(),))
        if method == "fork":  # fork every worker now, while this is the only thread
            for stream in (sys.stdout, sys.stderr):  # or a worker would write it out again
                stream.flush()
            gc.freeze()
            try:
                pool.submit(int)  # the first submit forks them all (the pool's design)
            finally:
                gc.unfreeze()
        return pool

    def recover(self, err: BaseException) -> None:
        if isinstance(err, BrokenExecutor):  # a worker died: the pool takes no more work
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start()

    def close(self, now: bool) -> None:
        """Shut the pool down; ``now`` (Ctrl-C, an error): stop the workers mid-shard."""
        pool = self.executor
        assert isinstance(pool, ProcessPoolExecutor)
        if now:
            _terminate_workers(pool)
        pool.shutdown(wait=not now, cancel_futures=True)


def _drive(shards: Iterator[Shard], runner: _Runner, window: int,
           ordered: bool) -> Iterator[list[BatchRecord]]:
    pending: dict[Future[list[BatchRecord]], Shard] = {}  # in submission order

    def fill() -> None:
        while len(pending) < window:
            shard = next(shards, None)
            if shard is None:
                return
            pending[runner.submit(shard)] = shard

    try:
        fill()
        while pending:
            if ordered:
                ready = [next(iter(pending))]
            else:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                ready = [future for future in pending if future in done]
            for future in ready:
                yield _records(future, pending.pop(future), runner)
            fill()
    finally:
        for future in pending:
            future.cancel()


def _records(future: Future[list[BatchRecord]], shard: Shard,
             runner: _Runner) -> list[BatchRecord]:
    try:
        return future.result()
    except Exception as err:  # the shard's worker died (or the executor failed it)
        runner.recover(err)
        return _one_at_a_time(shard, runner)


def _one_at_a_time(shard: Shard, runner: _Runner) -> list[BatchRecord]:
    """The records of a shard whose worker failed, each puzzle alone: one that fails alone is
    an ``error`` naming the failure."""
    out = []
    for item in shard.items:
        future = runner.submit(Shard(shard.task, (item,)))
        try:
            out += future.result()
        except Exception as err:
            runner.recover(err)
            message = f"{where(item, shard.task)}: {_failure(err)}"
            out.append(not_solved(item.line, item.input, message, error=True,
                                  grading=shard.task.grade))
    return out


def _failure(err: BaseException) -> str:
    if isinstance(err, BrokenExecutor):
        return ("the worker process solving this puzzle died (killed, out of memory, or a "
                "crash in a native solver); the other puzzles were solved")
    if type(err).__name__ == "KilledWorker":  # Dask gave up after several workers died on it
        return f"every Dask worker that tried this puzzle died ({err})"
    return internal_error(err)


def _worker_start(main_pid: int) -> None:
    """In each worker: Ctrl-C is the main process's to handle, and the main process's death
    (even by SIGKILL) ends the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_main, args=(main_pid,), daemon=True).start()


def _exit_with_main(main_pid: int) -> None:
    while os.getppid() == main_pid:
        time.sleep(0.5)
    os._exit(1)


def _terminate_workers(pool: ProcessPoolExecutor) -> None:
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()  # no public way before 3.14
