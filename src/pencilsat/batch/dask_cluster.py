"""``--dask ADDRESS``: the shards go to a Dask distributed cluster through its executor.

Dask does the distribution (scheduling, moving data, restarting a worker that died); this
module only connects. ``local`` starts a ``LocalCluster`` on 127.0.0.1 for this run. Dask is
an optional extra (``pip install 'pencilsat[dask]'``) imported only here, only when used.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager

from pencilsat.core.errors import InputError

CONNECT_SECONDS = 10


@contextmanager
def dask_executor(address: str, workers: int) -> Iterator[tuple[Executor, int]]:
    """The cluster's executor and its number of worker threads; ``address`` is a scheduler's
    (``tcp://host:8786``) or ``local`` (a ``LocalCluster`` of ``workers`` processes)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--dask needs Dask, an optional extra that is not installed",
                         hint="pip install 'pencilsat[dask]'") from None
    with ExitStack() as stack:
        try:
            if address == "local":
                # CRITICAL: a worker whose heartbeat meets the scheduler already closing at
                # the end logs a traceback at ERROR (seen on a loaded machine); a task that
                # fails reaches the batch through its future, not through the logs
                cluster = stack.enter_context(LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None, silence_logs=logging.CRITICAL))
                client = stack.enter_context(Client(cluster))
            else:
                probe_scheduler(address)
                client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
        except (OSError, TimeoutError, ValueError) as err:
            raise InputError(f"--dask {address}: cannot reach the Dask scheduler ({err})",
                             hint="start one with 'dask scheduler' and give its address "
                                  "(tcp://HOST:8786), or --dask local") from None
        except RuntimeError as err:  # distributed's "Nanny failed to start"
            raise InputError(f"--dask {address}: the cluster did not start ({err})",
                             hint="run pencilsat as a command or a script file: worker "
                                  "processes re-read the main module") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise InputError(f"--dask {address}: the scheduler has no workers",
                             hint="start some with 'dask worker ADDRESS' on each machine"
                             ) from None
        threads = sum(client.nthreads().values())
        yield client.get_executor(pure=False), threads


def probe_scheduler(address: str) -> None:
    """Raise ``OSError`` at once when a TCP scheduler's port refuses connections: Dask's
    client retries a refused connection until its timeout, so a wrong address or port
    would wait ``CONNECT_SECONDS`` to say what one connection attempt knows. Other schemes
    (and a host that does not answer) are left to Dask's own timeout."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme in ("tcp", "tls"):
        host, port = parse_host_port(location, 8786)
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
