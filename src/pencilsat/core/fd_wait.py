"""Waiting on file descriptors of any number.

``select.select`` refuses a descriptor of 1024 or more (``FD_SETSIZE``: "filedescriptor out
of range"), which a program with many files open hands out to the next pipe; ``poll`` takes
any. Where a platform has no ``poll``, ``select`` serves.
"""

from __future__ import annotations

import math
import select
from collections.abc import Iterable


def readable(fds: Iterable[int], timeout: float | None = None) -> list[int]:
    """Those of ``fds`` that are ready to read (data, the writer's end or an error) within
    ``timeout`` seconds (``None``: wait until one is; ``0``: look and return)."""
    fds = list(fds)
    if not hasattr(select, "poll"):
        return list(select.select(fds, [], [], timeout)[0])
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    ms = None if timeout is None else max(0, math.ceil(timeout * 1000))
    return [fd for fd, _ in poller.poll(ms)]


def wait_writable(fd: int) -> None:
    """Until ``fd`` takes a write (or has an error, which the write then raises)."""
    if not hasattr(select, "poll"):
        select.select([], [fd], [])
        return
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    poller.poll()
