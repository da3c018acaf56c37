"""``--certify`` under ``--time-limit S`` counts S from the run's start, not from the end of
the solve (probe8, 2026-11-30): a fresh S for the certificate let ``solve(..., time_limit=0.2,
certify=True)`` take 0.6 s (a 36x20 Masyu: the solve, then 0.28 s to build and 0.25 s to
check). The tests use a start already past the limit, or record the start the callers give."""

from __future__ import annotations

from time import perf_counter

import pytest
from conftest import REPO

import pencilsat
from pencilsat.certify import certificate
from pencilsat.certify.certificate import certify_result
from pencilsat.strategies.front import solve

EXAMPLE = str(REPO / "examples" / "masyu_10x10.txt")


def test_a_start_past_the_limit_leaves_no_time_to_certify():
    result = solve(pencilsat.read_puzzle(EXAMPLE))
    cert = certify_result(result, 60.0, started=perf_counter() - 61.0)
    assert not cert.certified and cert.reason == "the time limit was reached while certifying"
    assert certify_result(result, 60.0).certified  # counted from now: time enough


@pytest.fixture
def starts(monkeypatch) -> list[float | None]:
    seen: list[float | None] = []

    def recording(result, time_limit=None, started=None, budget=None):
        seen.append(started)
        return real(result, time_limit, started, budget)

    real = certificate.certify_result
    monkeypatch.setattr(certificate, "certify_result", recording)
    return seen


def test_the_library_counts_the_limit_from_the_call(starts):
    before = perf_counter()
    result = pencilsat.solve(EXAMPLE, time_limit=60, certify=True)
    assert result.certificate.certified
    assert len(starts) == 1 and starts[0] is not None and before <= starts[0] <= perf_counter()


def test_the_command_line_counts_the_limit_from_the_solve(starts):
    from conftest import run_cli_here

    before = perf_counter()
    code, out, _ = run_cli_here("solve", EXAMPLE, "--certify", "--time-limit", "60")
    assert code == 0 and "certificate: certified" in out
    assert len(starts) == 1 and starts[0] is not None and before <= starts[0] <= perf_counter()


def test_a_memory_limit_while_certifying_is_named(monkeypatch):
    from pencilsat.core.result import MemoryLimitReached

    result = solve(pencilsat.read_puzzle(EXAMPLE))

    def over_budget(*args, **kwargs):
        raise MemoryLimitReached("certify")

    monkeypatch.setattr(certificate, "build", over_budget)
    cert = certify_result(result)
    assert not cert.certified and cert.reason == "the memory limit was reached while certifying"
