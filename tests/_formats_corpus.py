"""Where the shared corpus lives and how its puzzles are listed, for the format tests.

The corpus is read in place (never copied into the repository): ``../shared/corpus`` from the
repository root.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
from conftest import CORPUS  # noqa: E402  (one definition of the corpus path)

from pencilsat.puzzles import lightup, masyu, sudoku

PARSERS = {"masyu": masyu.parse_puzzle, "lightup": lightup.parse_puzzle}
FORMATTERS = {"masyu": masyu.format_puzzle, "lightup": lightup.format_puzzle}
TATHAM_SUDOKU_LEVELS = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")


def puzzle_files(genre: str) -> list[Path]:
    """Every puzzle text file of a genre (janko, tatham, seed, pzprjs), sorted."""
    return sorted((CORPUS / genre).rglob("*.txt"))


def tatham_sudoku_lines() -> list[tuple[str, int, str]]:
    """(file name, 1-based line, puzzle line) of every Tatham Solo puzzle in the corpus."""
    out = []
    for level in TATHAM_SUDOKU_LEVELS:
        path = CORPUS / "sudoku" / "tatham" / f"{level}.txt"
        if path.is_file():
            for number, line in enumerate(path.read_text().splitlines(), start=1):
                out.append((path.name, number, line.strip()))
    return out


def manifest_rows() -> list[dict[str, str]]:
    path = CORPUS / "tatham_manifest.tsv"
    if not path.is_file():
        return []
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def manifest_puzzle(row: dict[str, str]):
    """The corpus grid a manifest row points to (Sudoku rows point to ``file:line``)."""
    if row["genre"] == "sudoku":
        name, line = row["puzzle_file"].rsplit(":", 1)
        text = (CORPUS / name).read_text().splitlines()[int(line) - 1]
        return sudoku.parse_line(text)
    return PARSERS[row["genre"]]((CORPUS / row["puzzle_file"]).read_text())


def sudoku_from_digits(digits: str, size: int = 9) -> sudoku.SudokuSolution:
    return sudoku.SudokuSolution(np.array([int(ch) for ch in digits]).reshape(size, size))
