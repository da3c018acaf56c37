"""The memory budget holds while a strategy builds and searches, and the ``unknown`` it ends
in says that the memory budget, not the clock, stopped it (in the message, the CLI's note and
``--json``). Over the registry: every genre's default strategy on each backend."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_time_limits_hold import REPO, big_grid

from pencilsat.api import solve
from pencilsat.core import memory
from pencilsat.core.memory import check_memory, memory_budget, resident_bytes
from pencilsat.core.registry import GENRES
from pencilsat.core.result import MemoryLimitReached, TimeLimitReached

DEFAULTS = [(genre.name, backend) for genre in GENRES.values() for backend in ("cnf", "cpsat")
            if genre.pick(None, backend)[1] == backend]


def test_check_memory_raises_past_the_budget_and_only_there():
    size = resident_bytes()
    assert size is not None and size > 0
    with memory_budget(size * 4):
        check_memory()  # well within
    with memory_budget(1), pytest.raises(MemoryLimitReached) as raised:
        check_memory("search")
    assert isinstance(raised.value, TimeLimitReached)  # stops every path the clock stops
    assert raised.value.message() == "memory limit reached before a solution was found"
    check_memory()  # no budget outside the block
    assert memory._limit.get() is None


def test_memory_held_before_the_solve_is_not_counted_past_the_allowance(monkeypatch):
    """A worker that kept 2 GB from earlier puzzles is held to the budget plus that excess
    (beyond ``START_ALLOWANCE``), not stopped at its first look."""
    size = [2 * 2**30]
    monkeypatch.setattr(memory, "resident_bytes", lambda: size[0])
    with memory_budget(2**30):
        check_memory()
        size[0] = 3 * 2**30 - memory.START_ALLOWANCE  # 1 GB grown: at the limit
        memory._next_look.set(0.0)
        check_memory()
        size[0] += 1
        memory._next_look.set(0.0)
        with pytest.raises(MemoryLimitReached):
            check_memory()


def test_budgets_on_two_threads_do_not_mix():
    """Each thread keeps the budget of its own block: a thread that leaves its block while
    another is inside (``solve_many`` on a thread pool) neither lifts nor breaks the other's."""
    import threading

    inside, left = threading.Event(), threading.Event()
    seen: list[object] = []

    def other() -> None:
        with memory_budget(2**40):
            inside.set()
            left.wait(timeout=60)
            seen.append(memory._limit.get())

    thread = threading.Thread(target=other)
    thread.start()
    inside.wait(timeout=60)
    with memory_budget(1):
        left.set()
        thread.join(timeout=60)
        assert memory._limit.get() is not None and memory._limit.get() < 2**40
    assert memory._limit.get() is None
    assert seen and seen[0] is not None and seen[0] >= 2**40


@pytest.mark.parametrize(("genre", "backend"), DEFAULTS)
def test_a_run_past_its_budget_says_memory_limit_reached(genre, backend, monkeypatch):
    """A budget of one byte: the model is refused by its estimate, or the build stops at its
    first look; either way the message names the memory budget. The first look is the only
    one (no second look for ``LOOK_EVERY_S`` after it): a strategy that catches the limit in a
    first pass and goes on must not get a second chance to be stopped by it (Hitori's
    deductions did, and a run that finished within 10 ms of the look answered ``multiple``)."""
    monkeypatch.setattr(memory, "LOOK_EVERY_S", 1e9)
    puzzle = GENRES[genre].rules().parse_puzzle(big_grid(genre, 40), "")
    result = solve(puzzle, backend=backend, max_memory=1, time_limit=60)
    assert str(result.verdict) == "unknown"
    assert result.message.startswith("memory limit reached"), result.message


def test_the_cli_names_the_memory_limit_in_text_and_json(tmp_path: Path):
    puzzle = tmp_path / "lightup.txt"
    puzzle.write_text(big_grid("lightup", 60))
    env = {"PYTHONPATH": str(REPO / "src"), "PATH": ""}
    for extra in ([], ["--json"]):
        proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", str(puzzle),
                               "--max-memory", "1K", *extra], capture_output=True, text=True,
                              timeout=120, env=env)
        assert proc.returncode == 3, proc.stderr
        if extra:
            assert json.loads(proc.stdout)["message"] == "memory limit reached while encoding"
        else:
            assert "note: memory limit reached while encoding" in proc.stdout
            assert "time limit" not in proc.stdout


SMALL_BUDGET = 200 * 2**20
MARGIN = 150 * 2**20
"""The peak may pass the budget by a piece of a build or a solver call."""


GROWING = [genre for genre in GENRES
           if GENRES[genre].rules().parse_puzzle(big_grid(genre, 100), "").width == 100]
"""The genres whose grids grow without bound (Sudoku's stop at 25x25)."""


@pytest.mark.parametrize("genre", GROWING)
def test_the_budget_bounds_the_peak_of_every_default_strategy(tmp_path: Path, genre):
    """An empty 1000x1000 on the default strategy with a budget of 200 MB: the run stops
    at the budget (or is refused by its estimate, or ends on its own under it), and its peak
    stays within ``MARGIN`` of it. The same check holds the default budget: 1000x1000 grids
    peaked under 1.1 GB with it (docs/cli.md)."""
    from test_time_limits_hold import _run

    status, _, peak_kb, verdict = _run(tmp_path, genre, big_grid(genre, 1000),
                                       "--max-memory", str(SMALL_BUDGET), limit=120)
    output = json.loads((tmp_path / "output.json").read_text())
    assert status in (0, 1, 3), output
    if verdict == "unknown":
        assert output["message"].startswith("memory limit reached"), output["message"]
    assert peak_kb * 1024 < SMALL_BUDGET + MARGIN, f"{peak_kb / 2**10:.0f} MB"
