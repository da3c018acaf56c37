"""Statistics are the puzzle's own: the same conflicts, decisions and propagations whether the
puzzle is solved alone in a fresh process or after others in one process; CP-SAT reports its
real search figures."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from conftest import CORPUS

import pencilsat

REPO = Path(__file__).resolve().parents[2]
FIGURES = ("conflicts", "decisions", "propagations")


def _se_rated(count: int) -> list[str]:
    lines = (CORPUS / "sudoku" / "sudoku_exchange_diabolical_se_sample160.tsv").read_text()
    return [line.split("\t")[0] for line in lines.splitlines()[1:count + 1]]


def _janko_masyu(count: int) -> list[str]:
    files = sorted((CORPUS / "masyu" / "janko").glob("*.txt"))
    return [str(path) for path in files[::len(files) // count][:count]]


def _alone(spec: str) -> dict[str, int]:
    code = ("import json, sys, pencilsat\n"
            "s = pencilsat.solve(sys.argv[1]).stats\n"
            f"print(json.dumps({{k: getattr(s, k) for k in {FIGURES!r}}}))\n")
    proc = subprocess.run([sys.executable, "-c", code, spec], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(REPO / "src"), "PATH": ""},
                          check=True)
    return json.loads(proc.stdout)


def test_a_puzzle_has_the_same_figures_alone_and_after_others():
    puzzles = _se_rated(10) + _janko_masyu(6)  # a fresh process each: 16 show it as 80 did
    together = []
    for spec in puzzles:  # one process, one after the other
        stats = pencilsat.solve(spec).stats
        together.append({key: getattr(stats, key) for key in FIGURES})
    with ThreadPoolExecutor(2) as pool:  # a fresh process per puzzle
        alone = list(pool.map(_alone, puzzles))
    differing = [spec for spec, a, b in zip(puzzles, together, alone, strict=True) if a != b]
    assert not differing, differing
    assert any(figures["conflicts"] for figures in together)  # the figures are not all 0


def test_cp_sat_reports_its_search():
    hard = (CORPUS / "sudoku" / "forum_hardest_1106.txt").read_text().split()[0]
    stats = pencilsat.solve(hard, backend="cpsat").stats
    assert stats.conflicts and stats.decisions and stats.propagations
    masyu = pencilsat.solve(str(CORPUS / "masyu" / "seed_36x20.txt"), backend="cpsat").stats
    assert masyu.decisions and masyu.propagations
