"""A second SAT solver racing the main one on a hard proof, on the other core.

Some proofs of uniqueness are one long UNSAT call, and no single solver is fastest on all
of them: on janko's hardest Numberlink proofs CaDiCaL 1.9.5 and Glucose 4.2 each win some
by up to 2x (``benchmarks/results/numberlink_proof_race.md``). Inside :func:`racing`, a
sliced main solve (CaDiCaL's, :mod:`pencilsat.backends.pysat_calls`) calls
:func:`settled_elsewhere` between its slices: the first call forks a child that loads the
same clauses (or a part of them) into :data:`RACE_SOLVER` and solves them once; when it
proves them unsatisfiable, the main call answers ``False`` at the end of its slice. That is
sound whatever the main solver had learnt: the child's clauses are a subset of the main
solver's, so if they have no model, neither has the main formula. A model the child finds
is not used (the main solver finds it too); the child is killed when the scope ends, at the
parent's death and at the deadline.

A race runs only where it cannot take what the user did not give: two CPUs or more in the
process's affinity, a process with one thread that may fork (:mod:`pencilsat.core.forking`;
batch workers and the desk's threads do not), and not inside :func:`no_races` (a batch,
whose workers fill the cores). Under a memory budget the child's address space may grow by
what the parent has left of it at the fork (at least :data:`MIN_ROOM`, else no race); a
child that runs out ends without a word and the main solver goes on alone. Where no race
may run, :func:`pencilsat.backends.proof_here.refuted_here` solves the same formula on the
same solver in this process, for a caller that would rather try it before its own search.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import perf_counter

from pencilsat.core.fd_wait import readable
from pencilsat.core.forking import can_fork, end_with_parent
from pencilsat.core.stops import take_sigint

RACE_SOLVER = "glucose42"
"""The second solver: the fastest on the Numberlink proofs CaDiCaL is slowest on."""

MIN_ROOM = 128 * 2**20
"""Under a memory budget, the least the child may grow by for a race to start."""

Clauses = Callable[[], Iterable[list[int]]]

_RACE: ContextVar[ProofRace | None] = ContextVar("pencilsat_proof_race", default=None)
_ALLOWED: ContextVar[bool] = ContextVar("pencilsat_races_allowed", default=True)


class ProofRace:
    """One child solving ``clauses()`` with ``solver_name``, started by the first
    :meth:`settled` (so proofs decided in their first slice never fork)."""

    def __init__(self, clauses: Clauses, solver_name: str = RACE_SOLVER,
                 deadline: float | None = None) -> None:
        self.clauses = clauses
        self.solver_name = solver_name
        self.deadline = deadline
        self.pid: int | None = None
        self.fd: int | None = None
        self.won = False
        self.word: bytes | None = None
        self.started_at: float | None = None
        self.proof_seconds: float | None = None

    def settled(self) -> bool:
        """Whether the child has proved its clauses unsatisfiable (starting it if not yet)."""
        if self.won:
            return True
        if self.started_at is None:
            self._start()
            return False
        if self.fd is None:  # never forked, or ended without a proof
            return False
        word = self.word
        if word is None and readable([self.fd], 0):
            word = os.read(self.fd, 1)
        if word is not None:
            self._reap()
            if word == b"U":
                self.won = True
                self.proof_seconds = perf_counter() - self.started_at
        return self.won

    def hear(self) -> bool:
        """Read the child's word (its pipe is ready), for a thread watching a solve that
        has no slices; whether it proved its clauses unsatisfiable."""
        assert self.fd is not None
        self.word = os.read(self.fd, 1)
        return self.word == b"U"

    def _start(self) -> None:
        self.started_at = perf_counter()
        room = _room()
        if not can_fork() or (room is not None and room < MIN_ROOM):
            return
        try:
            read_fd, write_fd = os.pipe()
        except OSError:  # out of file descriptors: the main solver goes on alone
            return
        parent = os.getpid()
        try:
            pid = os.fork()
        except OSError:  # out of processes or memory (EAGAIN, ENOMEM): likewise
            os.close(read_fd)
            os.close(write_fd)
            return
        if pid == 0:  # the child: never returns
            try:
                end_with_parent(parent)
                os.close(read_fd)
                _child(self.clauses, self.solver_name, self.deadline, room, write_fd)
            finally:
                os._exit(0)
        os.close(write_fd)
        self.pid, self.fd = pid, read_fd

    def _reap(self) -> None:
        """Kill and wait for the child (once: ``pid`` is then ``None``) and close the pipe."""
        pid, self.pid = self.pid, None
        if pid is not None and pid > 0:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def close(self) -> None:
        """Kill the child, if it still runs."""
        self._reap()


def _room() -> int | None:
    """What the memory budget leaves the parent now, in bytes (``None``: no budget)."""
    from pencilsat.core.memory import memory_limit, resident_bytes

    limit = memory_limit()
    if limit is None:
        return None
    return limit - (resident_bytes() or 0)


def _child(clauses: Clauses, solver_name: str, deadline: float | None, room: int | None,
           write_fd: int) -> None:
    """Solve and say ``U`` (no model) or ``S``; exit without the parent's exit handlers."""
    word = b"?"
    try:
        import gc
        import resource

        gc.freeze()  # the parent's objects: not walked, so their pages stay shared
        take_sigint(signal.SIG_DFL)  # Ctrl-C: the parent speaks for both
        if deadline is not None:
            seconds = max(1, int(deadline - perf_counter()) + 1)
            used = resource.getrusage(resource.RUSAGE_SELF).ru_utime
            resource.setrlimit(resource.RLIMIT_CPU, (int(used) + seconds,) * 2)
        if room is not None:
            from pencilsat.core.address_space import mapped

            resource.setrlimit(resource.RLIMIT_AS, (mapped() + room,) * 2)
        from pysat.solvers import Solver

        from pencilsat.backends.bulk_load import load_clauses

        with Solver(name=solver_name) as solver:
            load_clauses(solver, clauses())
            word = b"S" if solver.solve() else b"U"
    except BaseException:  # noqa: BLE001 - the main solver goes on alone
        word = b"?"
    try:
        os.write(write_fd, word)
    finally:
        os._exit(0)


def races_allowed() -> bool:
    """Whether a race may start here (see the module docstring)."""
    if not _ALLOWED.get() or not can_fork():
        return False
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return cpus >= 2


@contextmanager
def racing(clauses: Clauses, deadline: float | None = None,
           solver_name: str = RACE_SOLVER) -> Iterator[ProofRace | None]:
    """Solves in this block may be settled by a child solving ``clauses()`` (a subset of
    what the main solver holds, called in the child); the race, or ``None`` where none may
    run."""
    if not races_allowed():
        yield None
        return
    race = ProofRace(clauses, solver_name, deadline)
    token = _RACE.set(race)
    try:
        yield race
    finally:
        _RACE.reset(token)
        race.close()


def current_race() -> ProofRace | None:
    """The race around this solve, if any."""
    return _RACE.get()


def settled_elsewhere() -> bool:
    """Whether a race around this solve has proved its formula unsatisfiable."""
    race = _RACE.get()
    return race is not None and race.settled()


@contextmanager
def no_races() -> Iterator[None]:
    """No race starts inside this block (a batch: its workers fill the cores)."""
    token = _ALLOWED.set(False)
    try:
        yield
    finally:
        _ALLOWED.reset(token)
