"""A pool stopped mid-run (Ctrl-C, SIGTERM, a records reader that left) ends its manager thread
before it returns, even when a worker was stopped halfway through sending a result. The
manager thread then waited forever for the rest of that result (this process kept the pipe's
write end open) and the interpreter's exit joined it: ``solve --batch F --workers 2 | head -1``
hung at exit. Here half a result is put in the pipe, as a worker killed mid-send leaves it."""

from __future__ import annotations

import struct
import threading

from pencilsat.batch.pool import _OwnPool

GUARD_SECONDS = 60.0
"""A guard against a hang: the stop ends as soon as the workers are gone."""


def test_stopping_the_pool_ends_its_manager_thread_despite_a_half_sent_result():
    runner = _OwnPool(1, now=True)
    pool = runner.pool
    assert pool is not None
    assert pool.submit(int, 7).result(timeout=GUARD_SECONDS) == 7  # the worker is there
    manager = pool._executor_manager_thread
    writer = pool._result_queue._writer
    assert manager is not None and manager.is_alive()
    header = struct.pack("!i", 1_000_000)  # a message of a megabyte, 10 bytes of it sent
    writer._send(header + b"x" * 10)
    stop = threading.Thread(target=runner.close, kwargs={"now": True}, daemon=True)
    stop.start()
    stop.join(GUARD_SECONDS)
    try:
        assert not stop.is_alive(), "stopping the pool hung"
        assert not manager.is_alive(), "the manager thread still waits: the exit would hang"
    finally:
        if manager.is_alive():  # the old way: free it, or this test's own exit would hang
            writer.close()
            manager.join(GUARD_SECONDS)
