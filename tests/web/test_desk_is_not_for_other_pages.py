"""The desk serves its own page and tools on this machine, not other web pages: a
cross-origin or non-JSON POST and a foreign ``Host`` are refused before any check runs;
malformed and deeply nested JSON and values past a maximum get a 400 naming the problem;
long checks cannot hold every worker, and a check that cannot get a worker in time is told
so with 503 and ``Retry-After``."""

from __future__ import annotations

import json
import threading
import time

import pytest
from conftest import CORPUS
from web_support import desk_server, exchange, health, post

SIX_BY_SIX = (CORPUS / "masyu/janko/06_6x6.txt").read_text()
EMPTY_50 = "masyu 50 50\n" + ("." * 50 + "\n") * 50
"""Keeps a worker busy for its whole time limit: many solutions at once, and a backbone
that takes thousands of solver calls (an empty 40x40 used all of a 20 s limit), in little
memory."""


@pytest.fixture(scope="module")
def server():
    with desk_server(workers=2) as base:
        yield base


def ask(base: str, kind: str, fields: dict, headers: dict | None = None,
        timeout: float = 120) -> tuple[int, dict]:
    return post(base, kind, json.dumps(fields).encode(), timeout, headers)


def ran_nothing(base: str, before: dict) -> bool:
    after = health(base)
    return after["refused_jobs"] == before["refused_jobs"] and not any(
        after["running"].values())


@pytest.mark.parametrize("content_type", [
    "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x", None])
def test_a_post_that_is_not_json_is_refused(server, content_type):
    headers = {"Origin": "http://evil.example", "Content-Type": content_type or ""}
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX}, headers)
    assert status == 415 and "application/json" in record["error"]


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://127.0.0.1",
                                    "http://localhost:1"])
def test_a_json_post_from_another_page_is_refused(server, origin):
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX}, {"Origin": origin})
    assert status == 403 and origin in record["error"]


def test_the_desks_own_page_and_tools_without_origin_are_served(server):
    port = server.rsplit(":", 1)[1]
    for headers in ({"Origin": server}, {}, {"Host": f"localhost:{port}",
                                             "Origin": f"http://localhost:{port}"}):
        status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX}, headers)
        assert status == 200 and record["verdict"] == "unique", headers


@pytest.mark.parametrize("path, method", [("/", "GET"), ("/api/health", "GET"),
                                          ("/api/solve", "POST")])
def test_another_host_name_is_refused(server, path, method):
    """DNS rebinding: a site whose name resolves to 127.0.0.1 reaches the desk under its
    own name, and is refused."""
    body = json.dumps({"puzzle": SIX_BY_SIX}).encode() if method == "POST" else None
    before = health(server)
    status, _, answer = exchange(server, method, path, body, headers={
        "Host": "evil.example:" + server.rsplit(":", 1)[1]})
    assert status == 403 and b"evil.example" in answer
    assert ran_nothing(server, before)


@pytest.mark.parametrize("body, problem", [
    (b"[" * 100_000, "nests"), (b'{"puzzle": ' + b"[" * 33 + b"]" * 33 + b"}", "nests"),
    (b"{" * 5000, "nests"), (b'{"puzzle": "x", "time_limit": NaN}', "NaN"),
    (b'{"puzzle": "x", "count": ' + b"9" * 5000 + b"}", "digits"),
    (b'{"puzzle": "x"', "not JSON")])
def test_malformed_or_deeply_nested_json_is_400(server, body, problem):
    status, record = post(server, "solve", body)
    assert status == 400 and problem in record["error"]
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX})
    assert status == 200 and record["verdict"] == "unique"


def test_values_past_the_maximum_are_refused_naming_it(server):
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX, "time_limit": 121})
    assert status == 400 and "at most 120" in record["error"]
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX, "count": 51})
    assert status == 400 and "1 to 50" in record["error"]
    status, record = ask(server, "solve", {"puzzle": SIX_BY_SIX, "count": 50,
                                           "time_limit": 120})
    assert status == 200 and record["count"] == 1


@pytest.mark.parametrize("workers", [2, 3])
def test_long_checks_do_not_hold_the_worker_a_quick_check_needs(workers):
    """As many 60 s checks as workers: all but one run (one, on the default two workers),
    the last waits at most ``max_wait`` (1 s here) and is told when to come back; a 6x6
    check with the page's 5 s limit is answered within 5 s of the long checks being
    confirmed running, while they still run."""
    with desk_server(workers=workers, max_wait=1) as base:
        answers: dict[int, tuple[int, dict[str, str], bytes]] = {}
        body = json.dumps({"puzzle": EMPTY_50, "time_limit": 60}).encode()

        def long_check(k: int) -> None:
            try:
                answers[k] = exchange(base, "POST", "/api/solve", body)
            except OSError:  # the server stopped at the end of the test
                pass

        running = []
        for k in range(workers - 1):
            running.append(threading.Thread(target=long_check, args=(k,), daemon=True))
            running[-1].start()
            while health(base)["running"]["long"] < k + 1:
                time.sleep(0.05)
        refused = threading.Thread(target=long_check, args=(workers,), daemon=True)
        refused.start()
        refused.join(timeout=60)
        status, headers, answer = answers[workers]
        assert status == 503 and json.loads(answer)["busy"] is True
        assert 1 <= int(headers["retry-after"]) <= 60
        state = health(base)
        assert state["running"]["long"] == workers - 1 and state["refused_jobs"] == 1

        started = time.monotonic()
        status, record = ask(base, "solve", {"puzzle": SIX_BY_SIX, "time_limit": 5})
        took = time.monotonic() - started
        assert status == 200 and record["verdict"] == "unique"
        assert took < 5, f"the 6x6 check took {took:.1f} s"
        assert health(base)["running"]["long"] == workers - 1  # the long checks still run
        assert all(thread.is_alive() for thread in running)
