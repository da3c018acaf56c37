"""The clause tables of an n x n Sudoku grid, built once per size and shared by the batch's
grid solvers and the one-puzzle propagation search."""

from __future__ import annotations

from functools import lru_cache

from pencilsat.encodings.sudoku import grid_clauses, num_vars

DIGITS = "123456789ABCDEFGHIJKLMNOP"


@lru_cache(maxsize=8)
def grid_tables(n: int) -> tuple[list[list[int]], int, list[dict[str, int]], list[str]]:
    """The clauses of an n x n grid, their variable count, the literal of (cell, character)
    and the character of each literal: built once per size, shared by every solver (a fresh
    9x9 solver then costs only the clause loading, about 6 ms)."""
    clauses = list(grid_clauses(n, extended=True))
    lit_of: list[dict[str, int]] = []  # lower case letters are accepted too
    for i in range(n * n):
        table = {}
        for d in range(1, n + 1):
            ch = DIGITS[d - 1]
            table[ch] = table[ch.lower()] = i * n + d
        lit_of.append(table)
    char_of = [""] + [DIGITS[(v - 1) % n] for v in range(1, n ** 3 + 1)]
    return clauses, num_vars(grid_clauses(n, extended=True)), lit_of, char_of
