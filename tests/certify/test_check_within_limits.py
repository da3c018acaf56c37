"""The proof's check holds a time limit and a memory budget (probe8, 2026-11-30: a 24 MB proof
took 35 s and 1.1 GB in ``pencilsat check``, and ``solve --certify --time-limit 1`` ran its
check 0.8 s past the limit): a proof from ``CHILD_FROM_BYTES`` on is checked in a forked
child capped at the budget and killed at the deadline. A stopped check says "not checked"
and which limit, exit 3, never "certified".

The child is made to wait on a pipe nobody writes (killed at the deadline), to allocate past
a tiny budget, or is given a real proof padded on purpose past the threshold."""

from __future__ import annotations

import json
import os
import signal
from time import perf_counter

import pytest
from conftest import REPO
from conftest import run_cli as run

from pencilsat.certify import bounded
from pencilsat.certify.bounded import CHILD_FROM_BYTES, run_bounded
from pencilsat.core.result import MemoryLimitReached, TimeLimitReached

EXAMPLE = str(REPO / "examples" / "masyu_10x10.txt")


@pytest.fixture
def forks(monkeypatch):
    """The pytest-xdist worker runs a thread of its own, where the check would not fork."""
    monkeypatch.setattr(bounded, "can_fork", lambda: True)


def test_a_child_that_never_answers_is_stopped_at_the_deadline(forks):
    read_end, write_end = os.pipe()  # the write end stays open: the read never returns
    try:
        with pytest.raises(TimeLimitReached) as stop:
            run_bounded(lambda: os.read(read_end, 1), perf_counter() + 0.2, None)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert stop.value.cause == "time" and stop.value.phase == "check"


def test_a_child_past_its_budget_is_a_memory_limit(forks):
    with pytest.raises(MemoryLimitReached):
        run_bounded(lambda: len(bytearray(256 * 2**20)), None, 16 * 2**20)


def test_a_child_within_its_budget_answers(forks):
    assert run_bounded(lambda: len(bytearray(2**20)), None, 256 * 2**20) == 2**20
    with pytest.raises(RuntimeError, match="ValueError: bad"):
        run_bounded(lambda: (_ for _ in ()).throw(ValueError("bad")), None, None)


@pytest.mark.parametrize("before", [signal.SIG_IGN, signal.default_int_handler])
def test_the_child_keeps_ctrl_c_ignored_where_the_parent_ignores_it(forks, before):
    """A script's background job ignores Ctrl-C, and so does the check's child (it took the
    default action, so the terminal's Ctrl-C ended the child alone); elsewhere the child
    takes the default action and the parent speaks for both."""
    was = signal.signal(signal.SIGINT, before)
    try:
        seen = run_bounded(lambda: signal.getsignal(signal.SIGINT), None, None)
    finally:
        signal.signal(signal.SIGINT, was)
    assert seen is (signal.SIG_IGN if before is signal.SIG_IGN else signal.SIG_DFL)


def test_a_deadline_already_past_starts_no_check():
    with pytest.raises(TimeLimitReached):
        run_bounded(lambda: pytest.fail("the check ran"), perf_counter() - 1.0, None)


@pytest.fixture(scope="module")
def large_certificate(tmp_path_factory):
    """A 10x10 Masyu's certificate whose proof starts with the formula's clauses again, as
    many times as it takes to pass the threshold (each is implied: the proof stays valid)."""
    folder = tmp_path_factory.mktemp("large") / "cert"
    code, _, _ = run("solve", EXAMPLE, "--proof-out", str(folder))
    assert code == 0
    formula = [line for line in (folder / "formula.cnf").read_text().splitlines()
               if line and not line.startswith(("p", "c"))]
    proof = folder / "proof.drat"
    block = "\n".join(formula) + "\n"
    copies = CHILD_FROM_BYTES * 4 // len(block) + 1
    proof.write_text(block * copies + proof.read_text())
    return folder


def test_a_large_proof_is_certified_within_the_default_limits(large_certificate):
    code, out, _ = run("check", str(large_certificate), "--time-limit", "300", "--json")
    data = json.loads(out)
    assert code == 0 and data["certified"] is True and data["stopped"] is None
    assert data["proof_bytes"] >= CHILD_FROM_BYTES * 4


def test_a_large_proof_under_a_tiny_budget_is_not_checked(large_certificate):
    code, out, _ = run("check", str(large_certificate), "--max-memory", "1M")
    assert code == 3
    assert out.strip() == ("not checked: the memory limit (1.0 MB) was reached while checking "
                           "the proof")
    code, out, _ = run("check", str(large_certificate), "--max-memory", "1M", "--json")
    data = json.loads(out)
    assert code == 3 and data["certified"] is False and data["stopped"] == "memory"


def test_a_check_with_no_time_left_is_not_checked(large_certificate):
    code, out, _ = run("check", str(large_certificate), "--time-limit", "1e-9")
    assert code == 3 and "certified" not in out
    assert out.strip() == "not checked: the time limit was reached while checking the proof"


def test_solve_certify_stops_its_check_at_a_deadline_already_past(monkeypatch):
    """The check comes last in ``build``: a limit reached there leaves the verdict and says
    the certificate was stopped (the old code looked at the clock once, before it)."""
    import pencilsat
    from pencilsat.certify import certificate
    from pencilsat.strategies.front import solve

    result = solve(pencilsat.read_puzzle(EXAMPLE))
    real = certificate.verify

    def late(cert, puzzle, cnf, solution, formula=None, deadline=None, budget=None):
        return real(cert, puzzle, cnf, solution, formula, perf_counter() - 1.0, budget)

    monkeypatch.setattr(certificate, "verify", late)
    cert = certificate.certify_result(result, 60.0)
    assert not cert.certified and cert.stopped == "time"
    assert cert.reason == "the time limit was reached while certifying"
