"""A client that leaves before its answer (a closed tab, a killed curl) frees its worker and
its place in the queue at once; before, its job ran on to its time limit (up to 120 s) and
the jobs queued behind it waited for nothing."""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest
from conftest import CORPUS
from web_support import desk_server, health, post

pytest.importorskip("starlette")

LONG = CORPUS / "masyu" / "janko" / "823_35x65.txt"
"""A puzzle whose clue check runs far past a few seconds."""


def _ask_and_leave(base: str, body: bytes) -> None:
    address = urlsplit(base)
    with socket.create_connection((address.hostname, address.port)) as sock:
        sock.sendall(b"POST /api/clues HTTP/1.1\r\nHost: %s\r\nContent-Type: "
                     b"application/json\r\nContent-Length: %d\r\n\r\n"
                     % (address.netloc.encode(), len(body)) + body)
        deadline = time.monotonic() + 60  # a guard: the event comes at once
        while not any(health(base)["running"].values()):  # the job has started
            assert time.monotonic() < deadline, "the job never started"
            time.sleep(0.05)


def test_the_jobs_of_clients_that_left_are_stopped_and_the_desk_answers_the_next():
    body = json.dumps({"puzzle": LONG.read_text(), "time_limit": 120}).encode()
    with desk_server(workers=1) as base:
        _ask_and_leave(base, body)
        _ask_and_leave(base, body)
        deadline = time.monotonic() + 60  # far under the 120 s the jobs would run for
        while True:
            state = health(base)
            if not any(state["running"].values()) and not any(state["waiting"].values()):
                break
            assert time.monotonic() < deadline, f"the departed clients' jobs run on: {state}"
            time.sleep(0.1)
        status, record = post(base, "solve", json.dumps(
            {"puzzle": "masyu 4 4\nB...\n....\n..W.\n....\n"}).encode())
        assert status == 200 and record["verdict"] in ("unique", "multiple", "none")
