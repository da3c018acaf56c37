"""``solve --batch`` and ``grade --batch`` from start to end.

Read the batch file, blank the lines a resumed records file already holds, cut the lines into
shards, run them (this process, local workers or a Dask cluster), write the records as they
come, draw the progress bar, print the summary on stderr, and return the exit status
``--fail-on`` asks for. Ctrl-C stops the workers, prints the summary so far and is raised on.
The workers read their lines and send back their records as blocks of bytes with a tally, so
this process does no work per puzzle they solve (``blocks``); with ``--out FILE``, our own
workers write each block to a file of a temporary folder, which this process copies into the
records file inside the kernel and removes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from time import perf_counter
from typing import IO

from pencilsat.batch.block_folder import block_folder
from pencilsat.batch.blocks import RecordBlock, RecordFile
from pencilsat.batch.cores import available_cores, too_many_workers
from pencilsat.batch.inputs import count_items, numbered_items, read_batch_file
from pencilsat.batch.pool import (
    Output,
    ShardRun,
    local_workers,
    probe_seconds,
    run_shard_blocks,
)
from pencilsat.batch.progress import progress_bar
from pencilsat.batch.record_file import OutputClosed, RecordWriter, foreign_file, read_back
from pencilsat.batch.records import BatchRecord
from pencilsat.batch.shards import Shard, make_line_shards
from pencilsat.batch.summary import FAILURES, Tally, load_drawing, print_summary
from pencilsat.batch.task import BatchTask
from pencilsat.core.errors import EXIT_OUTPUT_CLOSED, InputError
from pencilsat.core.stops import stops_deferred


@dataclass(frozen=True)
class BatchRun:
    """One ``--batch`` run: the input, the task and how to run it."""

    source: str
    """The batch file, or ``-`` for standard input."""
    task: BatchTask = BatchTask()
    workers: int | None = None
    """Worker processes (``None``: one per core; 1: this process). With ``dask`` ``local``,
    the cluster's workers; with a scheduler's address, set where the workers are started."""
    dask: str | None = None
    ordered: bool = True
    out: str | None = None
    resume: bool = False
    fail_on: frozenset[str] = field(default_factory=lambda: frozenset(FAILURES))
    progress: bool = False


def run_batch(run: BatchRun, stdout: IO[str], stderr: IO[str]) -> int:
    """Run ``run``: records on ``stdout`` (or ``run.out``), summary on ``stderr``; the exit
    status of the verdicts in ``run.fail_on`` (0 when none is found)."""
    _check(run)
    lines = read_batch_file(run.source)
    task = replace(run.task, source="<stdin>" if run.source == "-" else run.source)
    tally = Tally()
    if run.resume and run.out is not None:
        done = bytearray(len(lines) + 1)  # a flag per input line, for millions of lines
        for record in read_back(run.out, numbered_items(lines), task.grade):
            tally.add(record)
            done[record.line] = 1
        if tally.total:  # a line with its record is left blank: the workers skip it
            lines = [line if not done[number] else ""
                     for number, line in enumerate(lines, start=1)]
    resumed = tally.total
    start = perf_counter()
    how = _How()
    try:
        cores = available_cores()
        with executor_for(run.workers, run.dask, cores) as (executor, workers, cluster):
            shards = list(make_line_shards(lines, task, workers))
            how.cluster, how.allowed = cluster, local_workers(workers, len(shards))
            left = count_items(lines) if run.progress else 0  # only the bar needs it
            _write_records(run, task, shards, left, executor, workers, tally, stdout, how)
    except KeyboardInterrupt:
        print_summary(tally, stderr, wall=perf_counter() - start, workers=how.described(),
                      resumed=resumed, interrupted=True)
        raise
    except OutputClosed as closed:  # the reader left: the records after it would be lost
        print_summary(tally, stderr, wall=perf_counter() - start, workers=how.described(),
                      resumed=resumed, interrupted=True)
        print(closed.said(tally.total - resumed), file=stderr)  # the summary's count
        return EXIT_OUTPUT_CLOSED
    print_summary(tally, stderr, wall=perf_counter() - start, workers=how.described(),
                  resumed=resumed)
    return tally.exit_status(run.fail_on)


@dataclass
class _How:
    """Where a run's puzzles were solved, as the summary says it."""

    cluster: str = ""
    allowed: int = 1
    run: ShardRun[Output] | None = None

    def described(self) -> str:
        if self.allowed == 1 and not self.cluster:
            return "1 worker: this process"
        handed = self.run is not None and self.run.processes > 0
        where = self.cluster or f"{self.allowed} worker processes"
        if not handed:
            busy = self.run is not None and self.run.no_idle_core
            why = "no idle core" if busy else "too little work"
            return f"this process alone: {why} for {where}"
        if self.run is not None and self.run.workers_died:
            return f"this process: {where} died as they started"
        first = self.run is not None and self.run.first_here > 0
        return f"this process, then {where}" if first else where


def _write_records(run: BatchRun, task: BatchTask, shards: list[Shard], left: int,
                   executor: Executor | None, workers: int, tally: Tally,
                   stdout: IO[str], how: _How) -> None:
    """Solve the shards and write their records (the file is opened once the workers are
    there, so a cluster that cannot be reached leaves ``--out`` as it was). Our own workers
    writing to ``--out`` put their blocks in files of a temporary folder (``block_folder``).
    """
    writer = RecordWriter(run.out, append=run.resume, stream=stdout)
    resumed = tally.total
    label = "grading" if task.grade else "solving"
    total = tally.total + left
    local = run.out is not None and executor is None and workers > 1
    folders: AbstractContextManager[str | None] = block_folder() if local else nullcontext()
    with folders as folder:
        results = None
        try:
            results = how.run = run_shard_blocks(shards, workers=workers, executor=executor,
                                                 ordered=run.ordered, start_now=run.progress,
                                                 folder=folder)
            if executor is None and workers > 1:  # rich, while the workers solve
                results.while_waiting = load_drawing  # their first shards
            with progress_bar(label, total, tally.total, run.progress) as advance:
                for part in results:
                    try:
                        with stops_deferred():  # written and counted together
                            _write_part(writer, part, tally)
                    except BaseException:  # records of the part went out: counted too
                        _count_written(part, writer.records_out - (tally.total - resumed),
                                       tally)
                        raise
                    advance(len(part) if isinstance(part, list) else part.records)
        finally:
            if results is not None:
                results.close()  # the workers stopped before their folder goes
            writer.close()


def _write_part(writer: RecordWriter, part: Output, tally: Tally) -> None:
    """One part of the run's records written, then counted in ``tally``."""
    if isinstance(part, RecordFile):
        writer.copy_file(part.path, part.size, part.records)
        os.unlink(part.path)
    elif isinstance(part, RecordBlock):
        writer.write_bytes(part.data)
    else:
        writer.write_many(part)
        tally.add_all(part)
        return
    tally.merge(part.tally)


def _count_written(part: Output, written: int, tally: Tally) -> None:
    """The first ``written`` records of ``part``, which went out before a stop, counted in
    ``tally`` (records parsed back from a worker's block: only on a stop)."""
    if written <= 0:
        return
    if isinstance(part, list):
        tally.add_all(part[:written])
        return
    if isinstance(part, RecordFile):
        try:
            with open(part.path, "rb") as fh:
                data = fh.read(part.size)
        except OSError:  # (copied whole and removed: counted already)
            return
    else:
        data = part.data
    lines = data.split(b"\n", written)[:written]
    tally.add_all(BatchRecord.from_dict(json.loads(line)) for line in lines)


def _check(run: BatchRun) -> None:
    """Refuse option combinations and output paths that cannot work, before any work."""
    if run.workers is not None and run.workers < 1:
        raise InputError(f"--workers {run.workers}: give at least 1",
                         hint="1 solves in this process; the default is one per core")
    refused = too_many_workers(run.workers) if run.workers is not None else None
    if refused is not None and run.dask in (None, "local"):
        raise InputError(f"--workers {run.workers}: {refused}",
                         hint="give at most that many, or leave --workers out")
    if run.dask not in (None, "local") and run.workers is not None:
        raise InputError("--workers sets the size of --dask local only",
                         hint="a cluster's workers are set where they are started "
                              "(dask worker ADDRESS --nworkers N)")
    probe_seconds()  # a bad PENCILSAT_PROBE_SECONDS, before the records file is opened
    if run.resume and run.out is None:
        raise InputError("--resume needs --out FILE", hint="give the records file to complete")
    if run.out is None:
        return
    if os.path.isdir(run.out):
        raise InputError(f"--out {run.out}: is a directory", hint="give a file name")
    if run.resume and os.path.exists(run.out) and not os.path.isfile(run.out):
        raise InputError(f"--out {run.out} --resume: not a regular file (a pipe, a FIFO, a "
                         "device), whose records cannot be read back",
                         hint="resume a records file, or leave --resume out")
    folder = os.path.dirname(os.path.abspath(run.out))
    if not os.path.isdir(folder):
        raise InputError(f"--out {run.out}: folder {folder} does not exist",
                         hint="create it or choose another path")
    if _same_file(run.source, run.out):
        where = "standard input's file" if run.source == "-" else "the batch file itself"
        raise InputError(f"--out {run.out} is {where}", hint="give the records another file")
    if not run.resume and foreign_file(run.out):  # (--resume reads it back and refuses it)
        raise InputError(f"--out {run.out} exists and is not a pencilsat records file: "
                         "nothing written", hint="remove it or choose another --out")


def _same_file(source: str, out: str) -> bool:
    """Whether the records file ``out`` is the batch file (for ``-``: the file standard input
    reads, as in ``--batch - --out list.txt < list.txt``, which replaced the list)."""
    try:
        if not os.path.exists(out):
            return False
        if source == "-":
            return os.path.samestat(os.fstat(0), os.stat(out))
        return os.path.exists(source) and os.path.samefile(out, source)
    except OSError:  # standard input closed: read later, and refused there
        return False


@contextmanager
def executor_for(workers: int | None, dask: str | None,
                 default_workers: int) -> Iterator[tuple[Executor | None, int, str]]:
    """The executor (``None``: our own pool, or this process when 1 worker), the number of
    workers the shards are cut for, and how the summary names a cluster (empty for local
    workers). ``workers`` ``None`` is ``default_workers``."""
    if dask is not None:
        from pencilsat.batch.dask_cluster import dask_executor

        with dask_executor(dask, workers or default_workers) as (executor, threads):
            where = "a local Dask cluster" if dask == "local" else f"Dask at {dask}"
            yield executor, threads, f"{where}, {threads} worker{'s' if threads > 1 else ''}"
        return
    yield None, workers or default_workers, ""
