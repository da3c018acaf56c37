"""A few worker processes that run the desk's jobs, each with a hard time limit, in two lanes.

A job gets its time limit twice: the solver's own (``unknown`` when it passes, the normal
way), and a hard one a little later, when the worker is killed and replaced and the record
says so (a grader or a parser that does not look at the clock cannot hold a worker).

**Lanes.** A *quick* job is one whose time limit is at most ``quick_limit`` seconds (the
page's 2 s and 5 s checks): whatever the puzzle, it frees its worker within
``quick_limit * GRACE_FACTOR + GRACE_SECONDS``. Any other job is *long*, and long jobs may
hold at most ``workers - 1`` workers at once: one worker is always kept for quick jobs, so
two 60 s checks never make a 6x6 check wait for them. (With one worker there is no lane.)
The lanes go by the time limit, not by the puzzle's size: the time limit is what bounds how
long a worker is held, and it is known without reading the puzzle in the server.

**Waiting.** At most ``queue`` jobs wait, and each at most ``max_wait`` seconds; past either,
the request is refused with :class:`Busy`, which says when a worker may be free (the
``Retry-After`` of the HTTP 503). Jobs travel through pipes, in memory: nothing is written
to disk.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

GRACE_SECONDS = 2.0
GRACE_FACTOR = 1.5
"""The hard limit: ``time_limit * GRACE_FACTOR + GRACE_SECONDS``."""
QUICK_LIMIT = 10.0
"""The longest time limit of a quick job (seconds)."""
MAX_WAIT = 30.0
"""The longest a job waits for a worker (seconds) before it is refused."""


class Busy(Exception):  # noqa: N818 - a state of the server, reported as HTTP 503
    """No worker for this job in time: ``reason`` in words, ``retry_after`` in seconds."""

    def __init__(self, reason: str, retry_after: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


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


@dataclass
class _Running:
    kind: str
    lane: str
    ends: float
    """When its time limit passes (``time.monotonic``)."""


class WorkerPool:
    """``await pool.run(kind, fields, time_limit) -> (status, record)``, or :class:`Busy`."""

    def __init__(self, workers: int = 2, queue: int = 64, *,
                 grace_seconds: float = GRACE_SECONDS,
                 grace_factor: float = GRACE_FACTOR,
                 quick_limit: float = QUICK_LIMIT,
                 max_wait: float = MAX_WAIT) -> None:
        self.size = workers
        self.queue = queue
        self.grace = (grace_seconds, grace_factor)
        self.quick_limit = quick_limit
        self.max_wait = max_wait
        self.long_slots = max(1, workers - 1)
        self._context = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._changed = asyncio.Condition()
        self._running: list[_Running] = []
        self._waiting = {"quick": 0, "long": 0}
        self.stopped_jobs = 0
        self.refused_jobs = 0

    def lane(self, time_limit: float) -> str:
        """``"quick"`` or ``"long"``: where a job with this time limit runs."""
        return "quick" if time_limit <= self.quick_limit else "long"

    def state(self) -> dict[str, Any]:
        """What runs and waits, per lane (``GET /api/health``)."""
        running = {lane: sum(1 for job in self._running if job.lane == lane)
                   for lane in ("quick", "long")}
        return {"workers": self.size, "long_slots": self.long_slots,
                "quick_limit": self.quick_limit, "max_wait": self.max_wait,
                "running": running, "waiting": dict(self._waiting),
                "stopped_jobs": self.stopped_jobs, "refused_jobs": self.refused_jobs}

    async def start(self) -> None:
        spawned = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        self._idle.extend(spawned)

    async def close(self) -> None:
        for worker in self._all:
            worker.conn.close()
            worker.process.kill()
            worker.process.join(timeout=5)
        self._all.clear()
        self._idle.clear()

    async def run(self, kind: str, fields: dict[str, Any],
                  time_limit: float) -> tuple[int, dict[str, Any]]:
        lane = self.lane(time_limit)
        if sum(self._waiting.values()) >= self.queue:
            self.refused_jobs += 1
            raise Busy(f"{self.queue} checks are already waiting", self._retry_after(lane))
        worker = await self._take(lane)
        job = _Running(kind, lane, time.monotonic() + time_limit)
        self._running.append(job)
        hard = time_limit * self.grace[1] + self.grace[0]
        try:
            worker.conn.send((kind, fields))
            answer: tuple[int, dict[str, Any]] = await asyncio.wait_for(
                self._receive(worker.conn), hard)
        except (TimeoutError, EOFError, OSError, asyncio.CancelledError) as err:
            self._running.remove(job)
            await self._replace(worker)
            if isinstance(err, asyncio.CancelledError):
                raise
            self.stopped_jobs += 1
            return 200, stopped_record(time_limit)
        self._running.remove(job)
        await self._give_back(worker)
        return answer

    def _may_start(self, lane: str) -> bool:
        if not self._idle:
            return False
        if lane == "quick" or self.size < 2:
            return True
        return sum(1 for job in self._running if job.lane == "long") < self.long_slots

    async def _take(self, lane: str) -> _Worker:
        """An idle worker this lane may use, waiting at most ``max_wait`` seconds."""
        self._waiting[lane] += 1
        try:
            async with self._changed:
                await asyncio.wait_for(self._changed.wait_for(lambda: self._may_start(lane)),
                                       self.max_wait)
                return self._idle.pop()
        except TimeoutError:
            self.refused_jobs += 1
            raise Busy(f"no worker was free for {self.max_wait:g} s", self._retry_after(
                lane)) from None
        finally:
            self._waiting[lane] -= 1

    def _retry_after(self, lane: str) -> int:
        """Seconds until a job this lane may wait for reaches its time limit (at least 1)."""
        ends = [job.ends for job in self._running if lane == "quick" or job.lane == "long"]
        soonest = min(ends, default=time.monotonic() + 1)
        return max(1, math.ceil(soonest - time.monotonic()))

    async def _give_back(self, worker: _Worker) -> None:
        async with self._changed:
            self._idle.append(worker)
            self._changed.notify_all()

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
        await self._give_back(await self._spawn())

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
