"""A proof raced by a second solver in a forked child: the child's "no model" settles a
sliced solve, its "a model" does not, it never outlives its scope or its parent, and no race
starts where the cores or the process are not the race's to take."""

from __future__ import annotations

import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from pencilsat.backends import proof_race, pysat_calls
from pencilsat.backends.proof_race import no_races, racing

pytestmark = pytest.mark.skipif(not proof_race.races_allowed(),
                                reason="this test process cannot fork a race")


def _state(pid: int) -> str | None:
    """The process's state letter, ``None`` once it is gone (a zombie says ``Z``)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return next(line.split()[1] for line in status.splitlines() if line.startswith("State:"))


def _php_model(holes: int):
    """The pigeonhole formula with ``holes`` holes as a CP-SAT model (no model)."""
    from pencilsat.backends.cpsat_clauses import bool_model

    php = PHP(holes)
    model, _ = bool_model(php.nv, [php.clauses], [], None)
    return model


def test_the_childs_no_model_settles_and_its_model_does_not():
    with racing(lambda: [[1], [-1]]) as race:
        assert race is not None
        assert not race.settled()  # forks the child
        assert race.fd is not None
        select.select([race.fd], [], [])  # the child's word is there
        assert race.settled() and race.won
        assert race.proof_seconds is not None
    with racing(lambda: [[1, 2], [-1]]) as race:
        assert race is not None
        assert not race.settled()
        assert race.fd is not None
        select.select([race.fd], [], [])
        assert not race.settled() and not race.won
        assert race.fd is None  # read and reaped


def test_a_sliced_solve_answers_no_model_once_the_child_proved_it():
    clauses = PHP(11).clauses  # millions of conflicts for CaDiCaL: it cannot end first
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        with racing(lambda: [*clauses[:3], [1], [-1]]) as race:
            assert pysat_calls.solve(solver) is False
            assert race is not None and race.won
        assert solver.accum_stats()["conflicts"] < 1_000_000


def test_a_cpsat_solve_is_stopped_once_the_child_proved_it():

    from pencilsat.backends.cpsat_session import CpSatSession

    model = _php_model(11)
    session = CpSatSession(model, presolve=False)
    with racing(lambda: [[1], [-1]]) as race:
        assert session.solve(None) is False
        assert race is not None and race.won


@pytest.fixture
def stop_asked(monkeypatch) -> threading.Event:
    """Set once a CP-SAT search has been asked to stop (``CpSolver.stop_search`` runs as
    before, then the event is set)."""
    from ortools.sat.python import cp_model

    asked = threading.Event()
    stop = cp_model.CpSolver.stop_search

    def stop_search(solver):
        stop(solver)
        asked.set()

    monkeypatch.setattr(cp_model.CpSolver, "stop_search", stop_search)
    return asked


def test_a_child_heard_before_the_search_began_still_stops_it(monkeypatch, stop_asked):
    """``CpSolver.stop_search`` does nothing before ``solve`` has made its search: the
    watcher asks again until the solve returns. Here the search begins only after the
    first stop was asked (and lost), as happens when the child answers at once."""
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    model = _php_model(11)  # CP-SAT alone: far longer than any test run
    solve = cp_model.CpSolver.solve

    def solve_late(solver, *args, **kwargs):
        stop_asked.wait()
        return solve(solver, *args, **kwargs)

    monkeypatch.setattr(cp_model.CpSolver, "solve", solve_late)
    session = CpSatSession(model, presolve=False)
    with racing(lambda: [[1], [-1]]) as race:
        assert session.solve(None) is False
        assert race is not None and race.won


def test_a_child_that_answered_before_the_solve_was_called_stops_it(stop_asked):
    """The child's word can arrive between the session's first look at the race (which
    forks it) and the solve: the solve's own look then hears the proof, and the search is
    stopped as it begins (an earlier state watched no race then and searched on: CI hung
    on this test's PHP(11) for its 90 minutes)."""
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_interrupt import solve_interruptibly
    from pencilsat.backends.cpsat_session import CpSatSession

    session = CpSatSession(_php_model(11), presolve=False)  # its solver: hours on PHP(11)
    session.solver.parameters.max_time_in_seconds = 30  # a lost stop fails, not hangs
    with racing(lambda: [[1], [-1]]) as race:
        assert race is not None
        assert not race.settled()  # forks the child
        assert race.fd is not None
        select.select([race.fd], [], [])  # its word is there, not yet read
        status = solve_interruptibly(session.solver, session.model)
        assert race.won and stop_asked.is_set()
        assert status == cp_model.UNKNOWN


def test_a_cpsat_solve_inside_a_settled_race_makes_no_search():
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    model = cp_model.CpModel()
    model.add_bool_or([model.new_bool_var("a")])
    session = CpSatSession(model, presolve=False)
    with racing(lambda: [[1], [-1]]) as race:
        assert race is not None
        race.settled()
        assert race.fd is not None
        select.select([race.fd], [], [])
        assert race.settled()
        assert session.solve(None) is False
        assert session.solves == 0


def test_a_cpsat_solve_goes_on_when_the_child_finds_a_model():
    from ortools.sat.python import cp_model

    from pencilsat.backends.cpsat_session import CpSatSession

    model = cp_model.CpModel()
    a, b = model.new_bool_var("a"), model.new_bool_var("b")
    model.add_bool_or([a, b])
    session = CpSatSession(model, presolve=False)
    with racing(lambda: [[1, 2]]) as race:
        assert session.solve(None) is True
        assert race is not None and not race.won


def test_the_child_is_gone_when_the_race_ends():
    with racing(lambda: PHP(12).clauses) as race:  # Glucose would take hours
        assert race is not None
        race.settled()
        pid = race.pid
        assert pid is not None and _state(pid) not in (None, "Z")
    assert _state(pid) is None


def test_only_the_child_is_signalled_and_only_once(monkeypatch):
    """A reaped race never signals again: a pid of -1 or 0 would reach every process the
    user may signal, or the whole group (an earlier state did call ``kill(-1)``)."""
    import os

    signalled: list[int] = []
    kill = os.kill

    def recorded(pid: int, signal: int) -> None:
        signalled.append(pid)
        kill(pid, signal)

    monkeypatch.setattr(proof_race.os, "kill", recorded)
    with racing(lambda: PHP(12).clauses) as race:
        assert race is not None
        race.settled()
        child = race.pid
        race.close()
        race.close()
        assert not race.settled()
    assert signalled == [child] and child is not None and child > 0


def _ignores_sigint(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) >> (signal.SIGINT - 1) & 1)


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


@pytest.mark.parametrize("before", [signal.SIG_IGN, signal.default_int_handler])
def test_the_child_keeps_ctrl_c_ignored_where_the_parent_ignores_it(before):
    """A script's background job ignores Ctrl-C, and so does its race's child (it took the
    default action, so the terminal's Ctrl-C ended the child alone); elsewhere the child
    takes the default action and the parent speaks for both."""
    was = signal.signal(signal.SIGINT, before)
    try:
        with racing(lambda: PHP(12).clauses) as race:  # Glucose would take hours
            assert race is not None
            race.settled()
            pid = race.pid
            assert pid is not None
            while _cpu_ticks(pid) < 20:  # the child is searching: past its signal set-up
                select.select([], [], [], 0.01)
            assert _ignores_sigint(pid) is (before is signal.SIG_IGN)
    finally:
        signal.signal(signal.SIGINT, was)


def test_the_child_dies_with_its_parent(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(
        "import sys\n"
        "from pysat.examples.genhard import PHP\n"
        "from pencilsat.backends.proof_race import racing\n"
        "with racing(lambda: PHP(12).clauses) as race:\n"
        "    race.settled()\n"
        "    print(race.pid, flush=True)\n"
        "    sys.stdin.read()\n")
    parent = subprocess.Popen([sys.executable, str(script)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    assert _state(child) not in (None, "Z")
    parent.kill()
    parent.wait()
    while _state(child) not in (None, "Z"):  # killed by the kernel at the parent's death
        select.select([], [], [], 0.05)


@pytest.mark.parametrize("call", ["fork", "pipe"])
def test_a_race_that_cannot_fork_leaves_the_main_solver_alone(monkeypatch, call):
    """Out of processes (``ulimit -u``), memory or file descriptors, the fork or the pipe
    fails: no race, and the main solve ends by itself."""
    def refused(*args):
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(proof_race.os, call, refused)
    clauses = PHP(5).clauses
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        with racing(lambda: clauses) as race:
            assert race is not None
            assert not race.settled()  # tries to start the child
            assert race.pid is None and race.fd is None
            assert pysat_calls.solve(solver) is False
            assert not race.won


def test_no_race_in_a_batch_or_beside_other_threads():
    with no_races(), racing(lambda: [[1], [-1]]) as race:
        assert race is None
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        with racing(lambda: [[1], [-1]]) as race:
            assert race is None
    finally:
        release.set()
        other.join()
