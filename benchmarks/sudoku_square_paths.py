"""The square Sudoku paths against another git revision's, in one process, interleaved: a
9x9 line read and its answer checked (``parse_line`` and ``check``), and ``run_direct`` on
the read puzzles, in CPU microseconds a puzzle (median of the rounds).

Usage: ``python benchmarks/sudoku_square_paths.py [--ref main] [--rounds 7] [--count 300]``.
The other revision's ``puzzles/sudoku.py`` and ``strategies/sudoku.py`` are taken with ``git
show`` and loaded beside this checkout's (the rest of the package is this checkout's), so
the figures compare what those two modules do on the path, on the first ``--count`` lines
of Royle's 17-clue set. Each round takes the least of three timings (the shared machine's
other work only ever adds time), the table the median over the rounds. Written for the
rectangular boxes and gaps (``results/sudoku_rectangular_boxes.md``).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, median  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.puzzles import sudoku as this_model  # noqa: E402
from pencilsat.strategies import sudoku as this_strategies  # noqa: E402


def other_module(ref: str, path: str, name: str, folder: Path) -> ModuleType:
    text = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=REPO, check=True,
                          capture_output=True, text=True).stdout
    file = folder / f"{name}.py"
    file.write_text(text)
    spec = importlib.util.spec_from_file_location(name, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def read_and_check(model: ModuleType, lines: list[str], answers: list, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for line, answer in zip(lines, answers, strict=True):
            assert not model.check(model.parse_line(line), model.SudokuSolution(answer))
    return (time.process_time() - start) / (repeat * len(lines))


def direct(strategies: ModuleType, puzzles: list, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for puzzle in puzzles:
            strategies.run_direct(puzzle)
    return (time.process_time() - start) / (repeat * len(puzzles))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", default="main")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    lines = [raw.split()[0] for raw in (CORPUS / "sudoku" / "royle_17clue.txt").open()
             if raw.strip() and not raw.startswith("#")][:args.count]
    answers = [pencilsat.solve(line).solution.grid for line in lines]
    puzzles = [this_model.parse_line(line) for line in lines]
    with tempfile.TemporaryDirectory() as folder:
        other = {
            "model": other_module(args.ref, "src/pencilsat/puzzles/sudoku.py",
                                  "other_sudoku_model", Path(folder)),
            "direct": other_module(args.ref, "src/pencilsat/strategies/sudoku.py",
                                   "other_sudoku_strategies", Path(folder)),
        }
    this = {"model": this_model, "direct": this_strategies}
    runs = {"model": lambda m: min(read_and_check(m, lines, answers, 5) for _ in range(3)),
            "direct": lambda m: min(direct(m, puzzles, 1) for _ in range(3))}
    times: dict[tuple[str, str], list[float]] = {}
    for round_number in range(args.rounds):
        for what, run in runs.items():
            order = [("this", this[what]), ("other", other[what])]
            for side, module in order if round_number % 2 else order[::-1]:
                times.setdefault((what, side), []).append(run(module))
    print(f"| path | {args.ref} (us) | this (us) | this/{args.ref} |\n|---|---|---|---|")
    for what in runs:
        mine, theirs = median(times[what, "this"]), median(times[what, "other"])
        print(f"| {what} | {theirs * 1e6:.1f} | {mine * 1e6:.1f} | {mine / theirs:.3f} |")


if __name__ == "__main__":
    main()
