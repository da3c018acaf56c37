"""Every strategy of every genre honours ``--time-limit`` on a grid it cannot finish, within
bounded memory: the answer is ``unknown``, in under 5 s of wall (start-up included) and under
1.5 GB (the process's own peak, read with ``resource``). Parametrised over the registry, so a
new genre's strategies are covered once its big grid is named in ``BIG_GRIDS``."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pencilsat.core.registry import GENRES, load

REPO = Path(__file__).resolve().parents[2]
WALL_BOUND_S = 5.0
PEAK_BOUND_KB = 1.5 * 2**20


def _empty(header: str, side: int, cell: str = ".", separator: str = "") -> str:
    row = separator.join([cell] * side)
    return f"{header} {side} {side}\n" + "\n".join([row] * side) + "\n"


def _hard_25x25_sudoku() -> str:
    """A 25x25 Sudoku the ``direct`` strategy needs seconds of search for (seed 6 of the CLI
    tests' shuffled pattern grid, 56% of the cells blanked)."""
    import random

    rng, n = random.Random(6), 5
    digits = "123456789ABCDEFGHIJKLMNOP"
    rows = [g * n + r for g in rng.sample(range(n), n) for r in rng.sample(range(n), n)]
    cols = [g * n + c for g in rng.sample(range(n), n) for c in rng.sample(range(n), n)]
    nums = rng.sample(range(n * n), n * n)
    return "".join("." if rng.random() < 0.56 else digits[nums[(n * (r % n) + r // n + c) % 25]]
                   for r in rows for c in cols) + "\n"


def _island_lattice(side: int) -> str:
    """Hashiwokakero: an island of 2 on every other cell of every other row."""
    rows = ["".join("2" if r % 2 == 0 and c % 2 == 0 else "." for c in range(side))
            for r in range(side)]
    return f"hashi {side} {side}\n" + "\n".join(rows) + "\n"


BIG_GRIDS = {
    "masyu": lambda side: _empty("masyu", side),
    "lightup": lambda side: _empty("lightup", side),
    "sudoku": lambda side: _hard_25x25_sudoku(),
    "slitherlink": lambda side: _empty("slitherlink", side),
    "nurikabe": lambda side: _empty("nurikabe", side, separator=" "),
    "hashi": _island_lattice,
    "heyawake": lambda side: _empty("heyawake", side, separator=" ") + "\n".join(
        [" ".join(["1"] * side)] * side) + "\n",
    "yajilin": lambda side: _empty("yajilin", side, separator=" "),
    "hitori": lambda side: f"hitori {side} {side}\n" + "".join(
        " ".join(str((7 * r + c) % 9 + 1) for c in range(side)) + "\n" for r in range(side)),
}
"""Per genre, an empty grid of ``side`` (Sudoku: its hardest test grid, 25x25 at most)."""

CASES = [(genre.name, strategy.name, backend)
         for genre in GENRES.values() for strategy in genre.strategies
         for backend in strategy.backends]
_RUN = ("import json, resource, sys, time\n"
        "from pencilsat.entry import main\n"
        "start = time.perf_counter()\n"
        "status = main()\n"
        "peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(json.dumps({'status': status, 'peak_kb': peak}), file=sys.stderr)\n")


def _run(tmp_path: Path, genre: str, text: str, *options: str) -> tuple[int, float, float, str]:
    puzzle = tmp_path / f"{genre}.txt"
    puzzle.write_text(text)
    argv = ["solve", str(puzzle), "--time-limit", "0.5", "--json", *options]
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _RUN, *argv], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(REPO / "src"), "PATH": ""})
    wall = time.perf_counter() - start
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    verdict = json.loads(proc.stdout)["verdict"]
    return report["status"], wall, report["peak_kb"], verdict


def test_every_genre_has_a_big_grid():
    assert set(BIG_GRIDS) >= set(GENRES), "name a big grid for every genre in BIG_GRIDS"


@pytest.mark.parametrize(("genre", "encoding", "backend"), CASES)
def test_a_grid_too_big_for_the_limit_is_unknown_in_time(tmp_path, genre, encoding, backend):
    """1000x1000 (Sudoku: a hard 25x25) with the default memory budget: either the model is
    refused as too big or the clock stops it."""
    status, wall, peak, verdict = _run(tmp_path, genre, BIG_GRIDS[genre](1000),
                                       "--encoding", encoding, "--backend", backend)
    assert (status, verdict) == (3, "unknown")
    assert wall < WALL_BOUND_S, f"{wall:.1f} s"
    assert peak < PEAK_BOUND_KB, f"{peak / 2**20:.2f} GB"


def _largest_side_within(genre: str, memory_ref: str, backend: str, budget: int) -> int:
    """The largest square grid whose estimated peak is within ``budget`` bytes."""
    estimate = load(memory_ref)
    parse = GENRES[genre].rules().parse_puzzle
    side = 8
    while side * 2 <= 1000 and estimate(parse(BIG_GRIDS[genre](side * 2), ""), backend) <= budget:
        side *= 2
    return side


MEMORY_CASES = [(genre.name, strategy, backend) for genre in GENRES.values()
                for strategy in genre.strategies if strategy.memory is not None
                and genre.name != "sudoku" for backend in strategy.backends]


@pytest.mark.parametrize(("genre", "strategy", "backend"), MEMORY_CASES,
                         ids=[f"{g}-{s.name}-{b}" for g, s, b in MEMORY_CASES])
def test_without_a_budget_the_clock_still_stops_the_build(tmp_path, genre, strategy, backend):
    """With ``--max-memory inf`` nothing is refused: on the largest grid its estimate puts
    within 1 GB the strategy builds and must stop at the limit by the clock alone."""
    side = _largest_side_within(genre, strategy.memory, backend, 2**30)
    status, wall, peak, verdict = _run(tmp_path, genre, BIG_GRIDS[genre](side),
                                       "--encoding", strategy.name, "--backend", backend,
                                       "--max-memory", "inf")
    assert verdict in ("unknown", "multiple")  # a fast strategy may finish an empty grid
    assert wall < WALL_BOUND_S, f"{side}x{side}: {wall:.1f} s"
    assert peak < PEAK_BOUND_KB, f"{side}x{side}: {peak / 2**20:.2f} GB"


def test_a_refused_model_names_the_estimate_and_a_strategy_that_fits(tmp_path):
    puzzle = tmp_path / "m.txt"
    puzzle.write_text(_empty("masyu", 60))
    proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", str(puzzle),
                           "--encoding", "tamura", "--max-memory", "100M"],
                          capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(REPO / "src"), "PATH": ""})
    assert proc.returncode == 3
    assert "encoding 'tamura' would need about" in proc.stdout
    assert "more than the memory budget of 100 MB; encoding 'lazy' (backend cnf) fits" in \
        proc.stdout
