"""A few worker processes that run the desk's jobs, each with a hard time limit.

A job gets its time limit twice: the solver's own (``unknown`` when it passes, the normal
way), and a hard one a little later, when the worker is killed and replaced and the record
says so (a grader or a parser that does not look at the clock cannot hold a worker). At most
``workers`` jobs run at once; at most ``queue`` more wait, and past that a request is told
the server is busy. Jobs travel through pipes, in memory: nothing is written to disk.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

GRACE_SECONDS = 2.0
GRACE_FACTOR = 1.5
"""The hard limit: ``time_limit * GRACE_FACTOR + GRACE_SECONDS``."""


class Busy(Exception):  # noqa: N818 - a state of the server, reported as HTTP 503
    """Too many jobs are waiting."""


def _serve(conn: Connection) -> None:
    """A worker's life: receive ``(kind, fields)``, send ``(status, record)``, repeat."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from pencilsat.web.jobs import run_job

    run_job("solve", {"puzzle": "4" + "." * 80, "time_limit": 5})  # warm the imports
    conn.send("ready")
    while True:
        try:
            kind, fields = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(run_job(kind, fields))


@dataclass
class _Worker:
    process: Any
    conn: Connection


class WorkerPool:
    """``await pool.run(kind, fields, time_limit) -> (status, record)``."""

    def __init__(self, workers: int = 2, queue: int = 64, *,
                 grace_seconds: float = GRACE_SECONDS,
                 grace_factor: float = GRACE_FACTOR) -> None:
        self.size = workers
        self.queue = queue
        self.grace = (grace_seconds, grace_factor)
        self._context = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self._all: list[_Worker] = []
        self._waiting = 0
        self.stopped_jobs = 0

    async def start(self) -> None:
        spawned = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        for worker in spawned:
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        for worker in self._all:
            worker.conn.close()
            worker.process.kill()
            worker.process.join(timeout=5)
        self._all.clear()

    async def run(self, kind: str, fields: dict[str, Any],
                  time_limit: float) -> tuple[int, dict[str, Any]]:
        if self._waiting >= self.queue:
            raise Busy()
        self._waiting += 1
        try:
            worker = await self._idle.get()
        finally:
            self._waiting -= 1
        hard = time_limit * self.grace[1] + self.grace[0]
        try:
            worker.conn.send((kind, fields))
            answer: tuple[int, dict[str, Any]] = await asyncio.wait_for(
                self._receive(worker.conn), hard)
        except (TimeoutError, EOFError, OSError, asyncio.CancelledError) as err:
            await self._replace(worker)
            if isinstance(err, asyncio.CancelledError):
                raise
            self.stopped_jobs += 1
            return 200, stopped_record(time_limit)
        self._idle.put_nowait(worker)
        return answer

    async def _spawn(self) -> _Worker:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs,), daemon=True)
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        ready = await self._receive(mine)
        assert ready == "ready"
        self._all.append(worker)
        return worker

    async def _replace(self, worker: _Worker) -> None:
        worker.process.kill()
        worker.conn.close()
        await asyncio.to_thread(worker.process.join, 5)
        self._all.remove(worker)
        self._idle.put_nowait(await self._spawn())

    @staticmethod
    async def _receive(conn: Connection) -> Any:
        """The next message on ``conn``, without holding the event loop."""
        loop = asyncio.get_running_loop()
        arrived: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not arrived.done():
                arrived.set_result(None)

        loop.add_reader(conn.fileno(), readable)
        try:
            await arrived
        finally:
            loop.remove_reader(conn.fileno())
        return conn.recv()


def stopped_record(time_limit: float) -> dict[str, Any]:
    """The record of a job stopped at its hard limit."""
    return {"verdict": "unknown", "stopped": True,
            "message": f"time limit reached: the check was stopped after about "
                       f"{time_limit:g} s (keep checking with a longer limit)"}
