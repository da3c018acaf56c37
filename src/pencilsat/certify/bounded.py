"""Run a proof check so that a time limit and a memory budget hold: dratify's check is one
call (Rust or Python) that nothing interrupts and that holds the whole proof in memory, so
it runs in a forked child process whose address space is capped (``RLIMIT_AS``: what the
process had mapped at the fork plus the budget) and that is killed at the deadline.

A fork of a process that has a single thread is safe and cheap (the child shares the
parent's pages, formula and proof text included); the answer comes back pickled through a
pipe. Where there is no fork (not Linux) or another thread runs (a library caller's
threads), the check runs in this process as before: the deadline is looked at before it
starts, not during. Small proofs (under ``CHILD_FROM_BYTES``) are checked in this process
too: their check takes milliseconds, the fork a few more (``docs/certificates.md``).
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
from collections.abc import Callable
from time import perf_counter
from typing import Any, TypeVar

from pencilsat.core.fd_wait import readable
from pencilsat.core.forking import can_fork
from pencilsat.core.result import MemoryLimitReached, TimeLimitReached
from pencilsat.core.stops import take_sigint

T = TypeVar("T")
CHILD_FROM_BYTES = 256 * 2**10
"""Proofs from this many bytes are checked in a child process (see the module docstring)."""


def run_bounded(work: Callable[[], T], deadline: float | None, budget: int | None,
                child: bool = True) -> T:
    """``work()``'s value, computed in a forked child when ``child`` and :func:`can_fork`
    (else here). Raises :class:`TimeLimitReached` (phase ``check``) when ``deadline`` (a
    ``perf_counter()`` time) passes first, :class:`MemoryLimitReached` when the child runs
    out of its ``budget`` bytes beyond what it had mapped at the fork."""
    if deadline is not None and perf_counter() >= deadline:
        raise TimeLimitReached("check")
    if not (child and can_fork()):
        try:
            return work()
        except MemoryError:
            raise MemoryLimitReached("check") from None
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        _child(work, budget, write_fd)
    os.close(write_fd)
    reaped = False
    try:
        data = _read_until(read_fd, deadline)
        if data is None:
            raise TimeLimitReached("check")
        _, status = os.waitpid(pid, 0)
        reaped = True
    finally:
        os.close(read_fd)
        if not reaped:  # the deadline, Ctrl-C or an error here: the child goes too
            _end(pid)
    return _answer(data, status, budget)


def _answer(data: bytes, status: int, budget: int | None) -> Any:
    if not data:  # killed or aborted without a word: an allocation the cap refused
        if budget is not None:
            raise MemoryLimitReached("check")
        raise RuntimeError(f"the proof check's process ended without an answer ({status})")
    kind, value = pickle.loads(data)
    if kind == "memory":
        raise MemoryLimitReached("check")
    if kind == "error":
        raise RuntimeError(f"the proof check failed in its process: {value}")
    return value


def _child(work: Callable[[], T], budget: int | None, write_fd: int) -> None:
    """Run ``work`` under the cap and write its answer; exit without running the parent's
    exit handlers (its files, its pools)."""
    try:
        gc.freeze()  # the parent's objects: not walked, so their pages stay shared
        take_sigint(signal.SIG_DFL)  # Ctrl-C: the parent speaks for both
        if budget is not None:
            _cap_address_space(budget)
        payload = pickle.dumps(("ok", work()))
    except MemoryError:
        payload = pickle.dumps(("memory", None))
    except ImportError as err:  # a library the cap left no room to map
        payload = pickle.dumps(("memory" if "failed to map" in str(err) else "error",
                                f"ImportError: {err}"))
    except BaseException as err:  # noqa: BLE001 - said to the parent in words
        payload = pickle.dumps(("error", f"{type(err).__name__}: {err}"))
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(write_fd, view):]
    finally:
        os._exit(0)


def _cap_address_space(budget: int) -> None:
    import resource

    from pencilsat.core.address_space import mapped

    cap = mapped() + budget
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _read_until(fd: int, deadline: float | None) -> bytes | None:
    """Everything the child writes until it closes the pipe; ``None`` when ``deadline``
    passes first."""
    chunks: list[bytes] = []
    while True:
        wait = None if deadline is None else max(0.0, deadline - perf_counter())
        if not readable([fd], wait):
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _end(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
