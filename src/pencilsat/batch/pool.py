"""Running shards: in this process, on a pool of local worker processes, or on any executor.

A batch of ``AT_ONCE_UNITS`` or more goes to the workers at once, and this process loads no
solver. A shorter one starts as one worker: this process solves the first shards and measures
them, and hands the rest to the workers (cut again into shards of at least
``MIN_SHARD_SECONDS`` of estimated work) only once ``PROBE_SECONDS`` of work are measured and
the rest is estimated at ``POOL_PAYS_SECONDS`` or more and a core sat idle beside it (our own
workers: :mod:`pencilsat.batch.cores`): on a short list or a busy machine, starting processes
costs more than a second core gives back. :func:`run_shards` yields each shard's records in
input order (as shards finish with ``ordered=False``), with at most ``WINDOW_PER_WORKER``
shards per worker submitted and not yet yielded: a run that is stopped loses those and no
more. The executor may be any ``concurrent.futures.Executor`` (a Dask
``Client.get_executor()``, an MPI or Ray pool). Our own workers are forked on Linux while the
main process has one thread and has loaded the solving modules (they start with its modules,
those of the puzzles solved so far included; with the main process's objects frozen out of
the garbage collector, the workers share its pages instead of copying them); otherwise on
Linux (a long batch handed over before any puzzle was solved here, other threads, a pool
renewed mid-run) a fork server that loaded the solving modules once forks them (started early
from a large batch file: :mod:`pencilsat.batch.fork_server`); on macOS and
Windows they are spawned. They ignore Ctrl-C (the main process stops them) and exit
when the main process dies, so a SIGKILL leaves no orphans.

A shard whose worker died (a kill, out of memory, a crash in a native solver) is solved again
one puzzle at a time, on a new pool when the pool is ours, so the puzzle that kills its worker
is found and recorded as ``error`` while the others get their verdicts; the run goes on. The
shards solved in this process before the hand-over have no such guard, as with one worker.
Workers that die as they start (none ran anything: a main module they cannot import again,
a limit on processes) leave the rest to this process instead, and the summary says so.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from functools import partial
from typing import Any, Generic, TypeVar

from pencilsat.batch.block_folder import process_running
from pencilsat.batch.blocks import RecordBlock, RecordFile
from pencilsat.batch.cores import IdleMeter
from pencilsat.batch.fork_server import start_server
from pencilsat.batch.pool_stop import stop_now
from pencilsat.batch.records import BatchRecord, not_solved
from pencilsat.batch.shards import (
    SHARDS_PER_WORKER,
    UNITS_PER_SHARD,
    Shard,
    SolverCache,
    iter_shard,
    recut,
    run_shard,
    run_shard_block,
    run_shard_file,
)
from pencilsat.core.address_space import pool_refused
from pencilsat.core.errors import InputError, internal_error
from pencilsat.core.stops import raise_pending_stop

PROBE_SECONDS = 0.05
"""CPU seconds of work a run with several workers does in this process before it may start
them: enough to measure what a puzzle of the batch costs, little against a long run (0.2 s
cost Royle's 49,158 lines 0.1 s of wall: benchmarks/results/batch_scale.md)."""
POOL_PAYS_SECONDS = 0.5
"""Estimated seconds of work left from which the workers are started: below it, forking,
their first imports and the hand-over cost more than the second core gives back."""
MIN_SHARD_SECONDS = 0.1
"""The least estimated work of a shard handed to a worker (a shard's round trip costs about
a millisecond)."""
PROBE_UNITS = 16.0
"""The size of the shards solved here first (16 puzzles, or 256 one-line Sudokus)."""
AT_ONCE_UNITS = 512.0
"""Shard units (``shards.units``: a puzzle, or 16 one-line Sudokus) from which the workers
start at once, before any puzzle is solved here: 512 puzzles read from files or URLs take
milliseconds each, 8,192 one-line Sudokus tens of microseconds each (Royle's 90), so such a
batch is about ``POOL_PAYS_SECONDS`` of work or more, and measuring it first would only keep
this process importing and solving while the second core waits. Royle's 49,158 lines are
3,072 units, the 830 janko Masyu paths 830; a 100-line list is measured first."""
IDLE_CORES_NEEDED = 0.5
"""Idle cores, on average over the probe, from which the workers start (the machine's other
work keeps them busy otherwise: :mod:`pencilsat.batch.cores`); below it this process goes on
solving here and looks again after each shard."""
RESTART_TICKS = 20.0
"""Clock ticks per core (0.2 s at the usual 100 a second) after which a busy window is
started again, so that the workers start soon once a core is freed."""
PROBE_ENV = "PENCILSAT_PROBE_SECONDS"
"""Sets ``PROBE_SECONDS`` for a run; 0 starts the workers at once."""
STOP_POLL_SECONDS = 0.1
"""The longest a Ctrl-C or SIGTERM that came while this process waited on the pool waits to
be raised (the pool's locks are never left to a signal: :mod:`pencilsat.core.stops`)."""
WINDOW_PER_WORKER = 4
"""Shards per worker submitted and not yet yielded: enough to keep every worker busy behind a
slow shard while the output waits for it, few enough that a stopped run loses little."""


def start_method(fork_server: bool = True) -> str:
    """How our workers start on Linux: ``fork`` while this process has a single thread (safe
    then) and, when a ``fork_server`` may be used, has solved a shard (the workers share what
    it loaded); else ``forkserver``, whose server loads ``WORKER_MODULES`` once, beside this
    process, and forks the workers (a long batch handed over before any puzzle was solved
    here, another thread running, a pool renewed). Elsewhere, or when no fork server may be
    used and another thread runs, ``spawn``. A fork server's workers, like spawned ones,
    import the main module again, so only ``--batch`` (whose main module is the command's)
    uses it: a library caller's script may not guard its top level."""
    if sys.platform != "linux":
        return "spawn"
    single = threading.active_count() == 1
    if single and (not fork_server or "pencilsat.batch.one_puzzle" in sys.modules):
        return "fork"  # with a shard solved here: the workers share what it loaded
    return "forkserver" if fork_server else "spawn"


def local_workers(workers: int, shard_count: int) -> int:
    """How many local workers a run of ``shard_count`` shards starts: no more than shards."""
    return max(1, min(workers, shard_count))


def probe_seconds() -> float:
    """``PROBE_SECONDS``, or the ``PROBE_ENV`` variable's value (0: workers at once)."""
    text = os.environ.get(PROBE_ENV)
    if text is None:
        return PROBE_SECONDS
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:  # also NaN
        raise InputError(f"{PROBE_ENV}={text!r} is not a number of seconds >= 0",
                         hint="give 0 to start the workers at once, or unset it")
    return value


Part = TypeVar("Part")
Output = list[BatchRecord] | RecordBlock | RecordFile
"""What ``run_shard_blocks`` yields: records solved in this process (or again one by one
after a worker died), or a worker's block (in a file, when it was given a folder)."""


class ShardRun(Generic[Part]):
    """The records of a run, shard by shard, and how it ran: ``processes`` is the number of
    worker processes (or executor workers) the work was handed to, 0 while all of it has run
    in this process."""

    def __init__(self) -> None:
        self.processes = 0
        self.first_here = 0
        """Shards solved in this process before the work was handed over."""
        self.no_idle_core = False
        """Whether the work, long enough for the workers, was kept here for want of an idle
        core (at the last look)."""
        self.workers_died = False
        """Whether our workers died as they started, so that this process solved the rest."""
        self.while_waiting: Callable[[], None] | None = None
        """Called once the first shards are handed to the workers, while they solve them
        (work of this process's own that would otherwise delay the hand-over)."""
        self._records: Iterator[Part] = iter(())

    def __iter__(self) -> ShardRun[Part]:
        return self

    def __next__(self) -> Part:
        return next(self._records)

    def close(self) -> None:
        """Stop early: the workers are stopped, as a generator's ``close`` would."""
        close = getattr(self._records, "close", None)
        if close is not None:
            close()


def run_shards(shards: Iterable[Shard], *, workers: int = 1, executor: Executor | None = None,
               ordered: bool = True, start_now: bool = False) -> ShardRun[list[BatchRecord]]:
    """The records of every shard: in this process first, then on ``executor`` or on a pool
    of ``workers`` processes (never more than there are shards) once the work measured so far
    says that the rest is long enough to pay for them (``PROBE_SECONDS``,
    ``POOL_PAYS_SECONDS``); one record at a time in this process, one shard's at a time from
    the workers. With one worker, all of it in this process. Our pool starts when it is first
    given work, forked then with the modules this process loaded for the puzzles so far, or
    at once with ``start_now`` (before a progress bar's thread, so that it may still fork:
    the workers then wait idle)."""
    run: ShardRun[list[BatchRecord]] = ShardRun()
    _start(run, list(shards), workers, executor, ordered, start_now, run_shard, False)
    return run


def run_shard_blocks(shards: Iterable[Shard], *, workers: int = 1,
                     executor: Executor | None = None, ordered: bool = True,
                     start_now: bool = False, folder: str | None = None) -> ShardRun[Output]:
    """As ``run_shards``, but a worker's shard comes back as one block of records ready to
    write and counted (``blocks.RecordBlock``): the main process of ``--batch`` then does no
    work per puzzle of the workers'. With a ``folder`` (a local one: not for an
    ``executor``, whose workers may be on other machines), our own workers write each block
    to a file there (``blocks.RecordFile``) and send only its name."""
    run: ShardRun[Output] = ShardRun()
    work: Callable[[Shard], Any] = run_shard_block
    if folder is not None and executor is None:
        work = partial(run_shard_file, folder=folder)
    _start(run, list(shards), workers, executor, ordered, start_now, work, True)
    return run


def _start(run: ShardRun[Any], shards: list[Shard], workers: int, executor: Executor | None,
           ordered: bool, start_now: bool, work: Callable[[Shard], Any],
           fork_server: bool) -> None:
    if executor is None:
        workers = local_workers(workers, len(shards))
        if workers == 1:
            run._records = _in_this_process(shards)
            return
    probe = probe_seconds()
    runner = (_Runner(executor, work) if executor is not None
              else _OwnPool(workers, start_now, work, fork_server))
    meter = IdleMeter() if executor is None and probe > 0 else None
    run._records = _adaptive(shards, runner, max(workers, 1), ordered, probe, run, meter)


def _adaptive(shards: list[Shard], runner: _Runner, workers: int, ordered: bool,
              probe: float, run: ShardRun[Any], meter: IdleMeter | None) -> Iterator[Any]:
    """Solve shards here until ``probe`` seconds of work are measured, the rest is long
    enough for the workers and ``meter`` (our own workers) sees a core idle, then hand the
    rest to ``runner``, cut again into shards of at least ``MIN_SHARD_SECONDS`` of estimated
    work. A batch of ``AT_ONCE_UNITS`` or more goes to ``runner`` at once, as the shards
    were cut, and this process never loads a solver."""
    if math.fsum(shard.units for shard in shards) >= AT_ONCE_UNITS:
        probe = 0.0  # surely long enough: nothing to measure here
        meter = None
    if probe > 0:
        shards = _small_first(shards)
    weights = [shard.units for shard in shards]
    cache = SolverCache()
    spent = done = 0.0
    index = 0
    finished = False
    try:
        while index < len(shards):
            if spent >= probe and _pays(spent, done, math.fsum(weights[index:])):
                run.no_idle_core = not _core_free(meter)
                if not run.no_idle_core:
                    break
            start = time.process_time()
            for record in iter_shard(shards[index], cache):
                yield [record]
            spent += time.process_time() - start
            done += weights[index]
            index += 1
        cache.close()
        run.first_here = index
        if index < len(shards):
            rest = _cut_again(shards[index:], workers, spent / done if done else None)
            run.processes = workers
            yield from _drive(iter(rest), runner, WINDOW_PER_WORKER * workers, ordered,
                              run.while_waiting)
        finished = True
    finally:
        cache.close()
        runner.close(now=not finished)
        run.workers_died = getattr(runner, "here", False)


def _pays(spent: float, done: float, left: float) -> bool:
    """Whether work of ``left`` units is long enough for the workers, at the ``spent``
    seconds per ``done`` units measured so far (nothing measured yet: yes)."""
    return done == 0 or spent / done * left >= POOL_PAYS_SECONDS


def _core_free(meter: IdleMeter | None) -> bool:
    """Whether a core sat idle beside this process's work since ``meter`` started (or it
    cannot tell, or there is no meter: another executor's workers). A busy window longer than
    ``RESTART_TICKS`` restarts the meter, so that the next look sees the recent load."""
    reading = meter.reading() if meter is not None else None
    if reading is None:
        return True
    idle, ticks = reading
    if idle >= IDLE_CORES_NEEDED:
        return True
    if ticks >= RESTART_TICKS and meter is not None:
        meter.restart()
    return False


def _small_first(shards: list[Shard]) -> list[Shard]:
    """The first shard cut into pieces of ``PROBE_UNITS``, so that the work measured before
    the workers start is little more than ``PROBE_SECONDS`` (Royle's first shard of 4,096
    lines alone takes half a second)."""
    if not shards or shards[0].units <= PROBE_UNITS:
        return shards
    return [*recut(shards[:1], PROBE_UNITS), *shards[1:]]


def _cut_again(shards: list[Shard], workers: int,
               seconds_per_unit: float | None) -> list[Shard]:
    """The inputs of ``shards`` cut for the workers: ``SHARDS_PER_WORKER`` per worker, but
    none shorter than ``MIN_SHARD_SECONDS`` of estimated work, nor larger than
    ``UNITS_PER_SHARD``; as they are when none is under half that size, or when nothing was
    measured (a batch handed over at once: its shards were cut for these workers, shrinking
    towards the end, and cutting Royle's 49,158 lines again cost 0.04 s before any worker
    could start)."""
    if seconds_per_unit is None:
        return shards
    size = math.fsum(shard.units for shard in shards) / (workers * SHARDS_PER_WORKER)
    if seconds_per_unit:
        size = max(size, MIN_SHARD_SECONDS / seconds_per_unit)
    size = min(size, UNITS_PER_SHARD)
    if all(shard.units >= size / 2 for shard in shards[:-1]):
        return shards
    return recut(shards, size)


def _in_this_process(shards: Iterable[Shard]) -> Iterator[list[BatchRecord]]:
    cache = SolverCache()
    try:
        for shard in shards:
            for record in iter_shard(shard, cache):
                yield [record]
    finally:
        cache.close()


OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE)
"""Errors of a worker's start that no puzzle causes: the process's (``ulimit -n``) or the
system's file descriptors are used up."""


class _Runner:
    """Submits shards to an executor it was given, which it never renews nor shuts down."""

    def __init__(self, executor: Executor, work: Callable[[Shard], Any] = run_shard) -> None:
        self.executor = executor
        self.work = work
        """What a worker does with a shard: its records, or their block."""

    def submit(self, shard: Shard, work: Callable[[Shard], Any] | None = None) -> Future[Any]:
        """The shard's future (``work`` done on it: by default the runner's); a future
        holding the error when the executor refuses it."""
        try:
            return self.executor.submit(work or self.work, shard)
        except OSError as err:
            if err.errno in OUT_OF_DESCRIPTORS:  # the run's, not the shard's: it stops
                raise  # (under `ulimit -n 14` each of 49,158 puzzles became an `error`)
            refused: Future[Any] = Future()
            refused.set_exception(err)
            return refused
        except Exception as err:  # a broken or shut down executor
            refused = Future()
            refused.set_exception(err)
            return refused

    def recover(self, err: BaseException) -> bool:
        """After a shard failed with ``err``: nothing to do on an executor of someone else's.
        Whether the shard's puzzles should be tried again (not here: no)."""
        return False

    def abandon(self, futures: list[Future[Any]]) -> None:
        """The run stops before ``futures`` are done: they are cancelled."""
        for future in futures:
            future.cancel()

    def close(self, now: bool) -> None:
        """Release what this runner started (nothing here)."""


class _OwnPool(_Runner):
    """A pool of ``workers`` processes started here, renewed when a worker dies. It starts at
    its first shard (after this process has loaded the modules its puzzles need, which forked
    workers then share), or at once when ``now``; by a fork server when ``fork_server`` and
    this process has solved nothing yet (``start_method``)."""

    def __init__(self, workers: int, now: bool, work: Callable[[Shard], Any] = run_shard,
                 fork_server: bool = False) -> None:
        self.workers = workers
        self.work = work
        self.fork_server = fork_server
        self.here = False
        """Whether the workers died as they started, so that this process solves the rest."""
        self.started: Any = None  # the event a worker sets as it starts
        self.pool: ProcessPoolExecutor | None = self._start() if now else None

    def submit(self, shard: Shard, work: Callable[[Shard], Any] | None = None) -> Future[Any]:
        if self.here:
            return _solved_here(work or self.work, shard)
        if self.pool is None:
            self.pool = self._start()
        self.executor = self.pool
        return super().submit(shard, work)

    def _start(self) -> ProcessPoolExecutor:
        pool_refused()  # under ulimit -v the workers would fail, each with a traceback
        method = start_method(self.fork_server)
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            start_server()
        self.started = context.Event()
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                   initializer=_worker_start,
                                   initargs=(os.getpid(), self.started))
        if method == "fork":  # fork every worker now, while this is the only thread
            for stream in (sys.stdout, sys.stderr):  # or a worker would write it out again
                stream.flush()
            gc.freeze()
            try:
                pool.submit(int)  # the first submit forks them all (the pool's design)
            finally:
                gc.unfreeze()
        return pool

    def recover(self, err: BaseException) -> bool:
        """A pool that broke is renewed, once (the other shards it held fail too); if no
        worker of it ever started (they die before running anything: a main module that
        cannot be imported again, as with a script read from standard input, a limit on
        processes), this process solves the rest, and the shard is tried again (True)."""
        if not isinstance(err, BrokenExecutor):
            return False
        if self.here:
            return True
        if self.pool is None or not getattr(self.pool, "_broken", True):
            return False  # a shard of a pool already renewed
        self.pool.shutdown(wait=False, cancel_futures=True)  # it takes no more work
        if self.started is not None and not self.started.is_set():
            self.pool, self.here = None, True
            return True
        self.pool = self._start()
        return False

    def abandon(self, futures: list[Future[Any]]) -> None:
        """Nothing: :meth:`close` follows, whose pool cancels or fails them in its own
        thread. Cancelled from here, while that thread failed them for the workers stopped,
        Python 3.11's pool raised ``InvalidStateError`` there (a traceback), and the exit
        then waited forever on a shard half sent to a worker that was gone."""

    def close(self, now: bool) -> None:
        """Shut the pool down; ``now`` (Ctrl-C, SIGTERM, a records reader that left, an
        error): stop the workers mid-shard, their threads ended here, so that this process
        exits without waiting for a shard still being sent or a result half received
        (:mod:`pencilsat.batch.pool_stop`)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        if now:
            stop_now(pool)
        else:
            pool.shutdown(wait=True, cancel_futures=True)


def _drive(shards: Iterator[Shard], runner: _Runner, window: int, ordered: bool,
           while_waiting: Callable[[], None] | None = None) -> Iterator[Any]:
    pending: dict[Future[Any], Shard] = {}  # in submission order

    def fill() -> None:
        while len(pending) < window:
            shard = next(shards, None)
            if shard is None:
                return
            pending[runner.submit(shard)] = shard

    try:
        fill()
        if while_waiting is not None:
            while_waiting()
        while pending:
            if ordered:
                ready = [next(iter(pending))]
                _wait_stoppable(ready)
            else:
                done = _wait_stoppable(list(pending))
                ready = [future for future in pending if future in done]
            for future in ready:
                yield _records(future, pending.pop(future), runner)
            fill()
    finally:
        runner.abandon(list(pending))


def _wait_stoppable(futures: list[Future[Any]]) -> set[Future[Any]]:
    """The first of ``futures`` to be done, waited for in steps of ``STOP_POLL_SECONDS``: a
    Ctrl-C or SIGTERM kept while this process was inside the pool's code is raised between
    them (:mod:`pencilsat.core.stops`)."""
    while True:
        done, _ = wait(futures, timeout=STOP_POLL_SECONDS, return_when=FIRST_COMPLETED)
        raise_pending_stop()
        if done:
            return done


def _records(future: Future[Any], shard: Shard, runner: _Runner) -> Any:
    try:
        return future.result()
    except Exception as err:  # the shard's worker died (or the executor failed it)
        if runner.recover(err):
            with contextlib.suppress(Exception):  # else each puzzle alone, as below
                return _solved_here(runner.work, shard).result()
        return _one_at_a_time(shard, runner)


def _one_at_a_time(shard: Shard, runner: _Runner) -> list[BatchRecord]:
    """The records of a shard whose worker failed, each puzzle alone: one that fails alone is
    an ``error`` naming the failure."""
    from pencilsat.batch.one_puzzle import where

    out: list[BatchRecord] = []
    for item in shard.inputs():
        alone = Shard(shard.task, (item,))
        try:
            out += runner.submit(alone, run_shard).result()
        except Exception as err:
            failed = err
            if runner.recover(err):  # the workers died as they started: here
                try:
                    out += _solved_here(run_shard, alone).result()
                    continue
                except Exception as here:
                    failed = here
            message = f"{where(item, shard.task)}: {_failure(failed)}"
            out.append(not_solved(item.line, item.input, message, error=True,
                                  grading=shard.task.grade))
    return out


def _solved_here(work: Callable[[Shard], Any], shard: Shard) -> Future[Any]:
    """``work`` done on ``shard`` in this process, as a finished future."""
    future: Future[Any] = Future()
    try:
        future.set_result(work(shard))
    except Exception as err:
        future.set_exception(err)
    return future


def _failure(err: BaseException) -> str:
    if isinstance(err, BrokenExecutor):
        return ("the worker process solving this puzzle died (killed, out of memory, or a "
                "crash in a native solver); the other puzzles were solved")
    if type(err).__name__ == "KilledWorker":  # Dask gave up after several workers died on it
        return f"every Dask worker that tried this puzzle died ({err})"
    return internal_error(err)


def _worker_start(main_pid: int, started: Any = None) -> None:
    """In each worker: it says that it started (``started``, an event), Ctrl-C is the main
    process's to handle, and the main process's death (even by SIGKILL) ends the worker."""
    if started is not None:
        started.set()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a forked worker's, as the pool stops it
    threading.Thread(target=_exit_with_main, args=(main_pid, os.getppid()),
                     daemon=True).start()


def _exit_with_main(main_pid: int, parent: int) -> None:
    """Exit once the parent changed (a forked or spawned worker's parent is the main process)
    or the main process is gone (a fork server's worker: the server lives as long as its
    workers)."""
    while os.getppid() == parent and process_running(main_pid):
        time.sleep(0.5)
    os._exit(1)
