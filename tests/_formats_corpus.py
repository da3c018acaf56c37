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


def corpus_folder(genre: str) -> Path:
    """The corpus folder of a registry genre: the first part of its ``corpus`` (Slant's
    puzzles are in ``gokigen/``), else the genre's name."""
    from pencilsat.core.registry import GENRES

    entry = GENRES.get(genre)
    return CORPUS / (entry.corpus.split("/")[0] if entry is not None else genre)


def puzzle_files(genre: str) -> list[Path]:
    """Every puzzle text file of a genre (janko, tatham, seed, pzprjs), sorted."""
    return sorted(corpus_folder(genre).rglob("*.txt"))


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


def genre_sample(genre: str, count: int) -> list:
    """Up to ``count`` puzzles of the registry genre ``genre``, read from its corpus folder
    (:func:`corpus_folder`) with the same reader as the CLI: puzzle files spread evenly over the
    folder's sorted ``*.txt`` files (janko, Tatham, pzprjs, ... alike), a file whose first
    line is a puzzle (Sudoku's one-puzzle-a-line lists) giving that line. Files of another
    genre, or that the reader refuses, are skipped; a genre without a corpus folder gives
    ``[]``."""
    from pencilsat.core.errors import InputError
    from pencilsat.core.registry import genre_of
    from pencilsat.formats.detect import read_input, read_puzzle

    files = puzzle_files(genre)
    step = max(1, len(files) // max(count, 1))
    out = []
    for path in files[::step]:
        with path.open(encoding="utf-8") as handle:
            first = handle.readline().strip()
        try:  # a list of one-line puzzles: its first line (not the whole list)
            puzzle = read_puzzle(first, path.name)
        except InputError:
            try:
                puzzle = read_input(str(path))
            except InputError:
                continue
        if puzzle is not None and genre_of(puzzle).name == genre:
            out.append(puzzle)
        if len(out) == count:
            break
    return out
