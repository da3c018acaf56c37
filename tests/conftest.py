"""Shared test helpers: where the shared corpus lives and how to sample it, and the guard
that turns a hung test into a reported failure."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import pytest

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


def run_cli(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run ``python -m pencilsat.cli ARGS`` in a new process: (exit status, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def run_cli_here(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``pencilsat.cli.main(ARGS)`` in this process, its standard streams captured: (exit
    status, stdout, stderr). A second a call cheaper than :func:`run_cli` (no interpreter
    and no imports to start), for tests that run many commands; the process's own ways
    (exit, signals, Ctrl-C) are tested through :func:`run_cli`."""
    import contextlib
    import io

    from pencilsat.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        saved_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin or "")
        try:
            status = main(list(args))
        finally:
            sys.stdin = saved_stdin
    return status, out.getvalue(), err.getvalue()


def shared_by_the_workers(tmp_path_factory: pytest.TempPathFactory, name: str,
                          compute: Callable[[], T]) -> T:
    """``compute()``, computed once per session even when xdist runs the tests that need it
    in both workers: the first worker to ask computes it under a lock and leaves it pickled
    in the session's temporary folder; the other waits on the lock (an event, not a time)
    and reads it. Without xdist, ``compute()`` itself."""
    import fcntl
    import pickle

    if "PYTEST_XDIST_WORKER" not in os.environ:
        return compute()
    folder = tmp_path_factory.getbasetemp().parent  # this session's, shared by its workers
    stored = folder / f"{name}.pickle"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stored.exists():
            value: T = pickle.loads(stored.read_bytes())
            return value
        value = compute()
        stored.write_bytes(pickle.dumps(value))
        return value


def corpus_pairs(folder: str, max_cells: int | None = None) -> list[tuple[Path, Path]]:
    """(puzzle, solution) paths under ``folder`` of the corpus, sorted, smallest first."""
    return [(txt, sol) for cells, txt, sol in _sized_pairs(folder)
            if max_cells is None or cells <= max_cells]


@functools.cache
def _sized_pairs(folder: str) -> tuple[tuple[int, Path, Path], ...]:
    """(cells, puzzle, solution) of every answered puzzle under ``folder``, smallest first:
    the folder's headers read once per test process (many test modules list the same genres'
    pairs, some at collection)."""
    out = []
    for txt in sorted((CORPUS / folder).rglob("*.txt")):
        sol = txt.with_suffix(".sol")
        if not sol.exists():
            continue
        with open(txt, encoding="utf-8") as handle:
            w, h = map(int, handle.readline().split()[1:3])
        out.append((w * h, txt, sol))
    out.sort(key=lambda t: (t[0], str(t[1])))
    return tuple(out)


NEWER_GENRES = ("slitherlink", "nurikabe", "heyawake", "yajilin", "hashi")


def pzprjs_example(genre: str) -> str:
    """The body of pzprjs's example URL for ``genre`` (``masyu`` or ``lightup``) as the corpus
    keeps it, e.g. ``mashu/6/6/...``: tests build their URL forms around it."""
    name = {"masyu": "mashu", "lightup": "lightup"}[genre]
    return (CORPUS / genre / "pzprjs" / f"{name}_example.url").read_text().strip()


def tatham_game_id(genre: str) -> str:
    """The game ID of the first puzzle of ``genre`` in the corpus's Tatham manifest."""
    with open(CORPUS / "tatham_manifest.tsv", encoding="utf-8") as manifest:
        header = manifest.readline().rstrip("\n").split("\t")
        for line in manifest:
            row = dict(zip(header, line.rstrip("\n").split("\t"), strict=False))
            if row["genre"] == genre:
                return row["game_id"]
    raise LookupError(f"no {genre} row in the corpus's tatham_manifest.tsv")


def corpus_sudoku_line(name: str = "norvig_top95.txt", index: int = 0) -> str:
    """Line ``index`` of a one-line-per-puzzle Sudoku file of the corpus."""
    return (CORPUS / "sudoku" / name).read_text().split()[index]


def corpus_codes(genres: tuple[str, ...] = NEWER_GENRES) -> list[str]:
    """The smallest janko puzzle of each genre written as a puzz.link URL, and as a Tatham
    game ID where the genre has one: valid inputs read from the corpus, for the fuzz tests
    to mutate (an empty list when the corpus is missing: the corpus fixture says so)."""
    from pencilsat.core.errors import InputError
    from pencilsat.formats.detect import convert, read_input

    codes = []
    for genre in genres:
        pairs = corpus_pairs(f"{genre}/janko") if CORPUS.exists() else []
        if not pairs:
            continue
        puzzle = read_input(str(pairs[0][0]))
        codes.append(convert(puzzle, "url").strip())
        try:
            codes.append(convert(puzzle, "tatham").strip())
        except InputError:  # Nurikabe, Heyawake, Yajilin: no Tatham game
            pass
    return codes


def benchmark_module(script: str) -> ModuleType:
    """``benchmarks/<script>.py`` loaded as a module (benchmarks/ on the path for its own
    imports), for tests of a benchmark's estimators."""
    import importlib.util

    sys.path.insert(0, str(REPO / "benchmarks"))
    spec = importlib.util.spec_from_file_location(f"{script}_bench",
                                                  REPO / "benchmarks" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def every_kth(items: list, k: int) -> list:
    return items[::k]


def figures_alike_in_either_order(puzzles: list) -> None:
    """The default strategy's search figures of each puzzle are the same whether the puzzles
    are solved first to last or last to first (nothing a solve keeps leaks into the next),
    and some puzzle searched (the figures are not all zero)."""
    from pencilsat.strategies.front import solve

    def figures(order: list) -> dict:
        return {puzzle.name: (stats.decisions, stats.conflicts, stats.propagations)
                for puzzle in order for stats in [solve(puzzle).stats]}

    first = figures(puzzles)
    assert first == figures(puzzles[::-1])
    assert any(decisions for decisions, _, _ in first.values())


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.exists():
        pytest.fail(f"shared corpus not found at {CORPUS}")
    return CORPUS


def local_rules_model(puzzle) -> list[int]:
    """A model of Masyu's local rules alone (no single-loop rule): usually several loops."""
    from pysat.solvers import Solver

    from pencilsat.encodings.loops.edges import GridEdges
    from pencilsat.encodings.masyu_rules import local_rule_clauses

    grid = GridEdges(puzzle.width, puzzle.height)
    with Solver(name="minisat22", bootstrap_with=local_rule_clauses(puzzle, grid)) as solver:
        assert solver.solve()
        return solver.get_model()


WORKERS_AT_ONCE = ("PENCILSAT_PROBE_SECONDS", "0")
"""Tests that ask a batch for workers mean the worker processes (a worker that dies, the
time limit inside one, fork or spawn, Dask), so the workers start at once, in this process
and in every pencilsat command a test starts; tests/batch/test_workers_give_the_records_of_
one_worker.py tests the default start, which solves a short list in the main process."""


@pytest.fixture(autouse=True)
def _workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(*WORKERS_AT_ONCE)


HANG_SECONDS = 900
"""A test still running after this long has hung (the slowest takes about a minute under
load): SIGALRM then prints every thread's stack to the terminal (``faulthandler``, from C,
so a test stuck inside a solver is caught too) and ends the process, so the run reports
the test that hung (pytest-xdist: "worker crashed") and goes on, instead of waiting until
CI's own limit ends it without a word. An alarm, not ``faulthandler.dump_traceback_later``:
that one's watchdog thread makes a forked child that exits normally wait for it forever.
Not pytest-timeout either: its signal method raises in Python, which a test inside a
solver's C code never reaches (CI's hang was one), and its thread method adds a Python
thread to every test, which forbids the proof race (``core.forking.can_fork``)."""
_STDERR: list[int] = []


def pytest_configure(config: pytest.Config) -> None:
    """The terminal's stderr, kept before the tests' output is captured, and SIGALRM's
    stack print, which then does what SIGALRM does by default: end the process. Ctrl-C as
    Python sets it in a foreground process: a suite started in the background of a script
    (`nohup pytest &`) inherits SIGINT ignored, which the tests of Ctrl-C, and the commands
    they start, would keep."""
    import faulthandler
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if not _STDERR and hasattr(signal, "SIGALRM"):
        _STDERR.append(os.dup(sys.__stderr__.fileno() if sys.__stderr__ else 2))
        faulthandler.register(signal.SIGALRM, file=_STDERR[0], all_threads=True, chain=True)


@pytest.fixture(autouse=True)
def _hang_guard() -> object:
    import signal

    if not _STDERR:
        yield
        return
    signal.alarm(HANG_SECONDS)
    yield
    signal.alarm(0)
