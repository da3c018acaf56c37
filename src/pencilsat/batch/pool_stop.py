"""Stopping our process pool mid-run (Ctrl-C, SIGTERM, a records reader that left, an error)
so that the exit does not wait for a result half received.

CPython's ``ProcessPoolExecutor`` has a manager thread that reads the workers' results from
one pipe, and the process that made the pool keeps that pipe's write end open. A worker
stopped while it sends a result larger than the pipe's buffer (a shard's block of records:
100 KB and more) leaves half a message there: the manager thread waits for the rest forever,
since a writer is still open (this process), and the interpreter's exit joins that thread, so
``pencilsat solve --batch F --workers 2 | head -1`` hung at exit in 27 of 180 runs, SIGTERM
in 5 of 110 (benchmarks/results/batch_stop_hang.md). Once the workers are stopped,
:func:`stop_now` closes this process's write end, so that the half message ends in
end-of-file, the manager thread marks the pool broken and ends, and waits for that end:
CPython's exit then has nothing to wait for, nor a wake-up pipe to write that the manager
thread is closing (Python 3.11 printed ``Exception ignored ... Bad file descriptor`` in 20 of
those 290 runs). The queue that feeds the workers their shards is not joined either: its
thread may be blocked on a pipe that no worker reads any more. Left: Ctrl-C or SIGTERM
landing just as this process enters a lock of the pool's queues (CPython's ``with`` on a
``Condition``) can leave that lock held and the manager thread waiting on it (SIGTERM on
1-millisecond shards: 2 hung of 110, benchmarks/results/batch_stop_hang.md).
"""

from __future__ import annotations

import contextlib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

STOP_SECONDS = 10.0
"""How long the manager thread is given to end once the workers were sent SIGTERM (it ends
as they die, at once: their SIGTERM is the default action), then again once they were
killed (a worker that blocked the signal); past that it is left (a lock left held, above),
so that the summary is still printed."""


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` mid-shard: its workers stopped, its shards dropped, its threads ended,
    without waiting for a shard being sent to a worker or a result being received."""
    manager = getattr(pool, "_executor_manager_thread", None)  # (not public: CPython's pool)
    results = getattr(pool, "_result_queue", None)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    call_queue = getattr(pool, "_call_queue", None)
    if call_queue is not None:
        call_queue.cancel_join_thread()
    _terminate_workers(pool, processes)
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()  # the workers' copies close as they die: a half result ends
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is None:
        return
    manager.join(STOP_SECONDS)
    if manager.is_alive():  # a worker outlived SIGTERM
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        manager.join(STOP_SECONDS)


def _terminate_workers(pool: ProcessPoolExecutor, processes: list[Any]) -> None:
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in processes:
        process.terminate()  # no public way before 3.14
