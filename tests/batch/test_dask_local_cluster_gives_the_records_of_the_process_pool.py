"""``--dask local`` starts a real LocalCluster on 127.0.0.1 with two worker processes and
sends it the same shards: the records are those of the local process pool."""

from __future__ import annotations

import socket

import pytest
from batch_support import json_lines, mixed_lines, pencilsat, results, write_batch

from pencilsat.batch.dask_cluster import probe_scheduler


def test_a_local_cluster_gives_the_records_of_the_process_pool(tmp_path):
    batch = write_batch(tmp_path, mixed_lines())
    pool = pencilsat("solve", "--batch", str(batch), "--workers", "2", "--fail-on", "never")
    dask = pencilsat("solve", "--batch", str(batch), "--dask", "local", "--workers", "2",
                     "--fail-on", "never")
    assert (pool.returncode, dask.returncode) == (0, 0), dask.stderr
    assert "a local Dask cluster, 2 workers" in dask.stderr
    assert "Traceback" not in dask.stderr
    assert [r["line"] for r in json_lines(dask.stdout)] == \
        [r["line"] for r in json_lines(pool.stdout)]
    assert results(json_lines(dask.stdout)) == results(json_lines(pool.stdout))


def test_a_scheduler_that_cannot_be_reached_is_a_clear_error(tmp_path):
    batch = write_batch(tmp_path, mixed_lines()[:3])
    done = pencilsat("solve", "--batch", str(batch), "--dask", "tcp://127.0.0.1:9",
                     "--out", str(tmp_path / "records.jsonl"))
    assert done.returncode == 4
    assert "cannot reach the Dask scheduler" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "records.jsonl").exists()


def test_the_scheduler_probe_passes_a_listening_port_and_refuses_a_closed_one():
    """Dask retries a refused connection until its timeout; the probe before it says at once
    that nothing listens (``tcp://`` and a bare ``host:port`` alike)."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        probe_scheduler(f"tcp://127.0.0.1:{port}")
        probe_scheduler(f"127.0.0.1:{port}")
    with pytest.raises(ConnectionRefusedError):
        probe_scheduler("tcp://127.0.0.1:9")  # the address the CLI test above gives
