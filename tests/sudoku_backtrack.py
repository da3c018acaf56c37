"""A small backtracking Sudoku solver for the grader tests: the reference solution of puzzles
whose corpus file stores none. Independent of pencilsat (tests must not trust the engine)."""

from __future__ import annotations


def _peers() -> list[list[int]]:
    out = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        br, bc = r // 3 * 3, c // 3 * 3
        same = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
        same |= {(br + i) * 9 + bc + j for i in range(3) for j in range(3)}
        out.append(sorted(same - {cell}))
    return out


PEERS = _peers()


def solutions(puzzle: str, limit: int = 2) -> list[str]:
    """Up to ``limit`` solutions of an 81-character puzzle ('.' or '0' empty)."""
    grid = [0 if ch in ".0" else int(ch) for ch in puzzle]
    found: list[str] = []

    def search() -> None:
        best, best_free = -1, None
        for cell in range(81):
            if grid[cell]:
                continue
            free = {1, 2, 3, 4, 5, 6, 7, 8, 9} - {grid[p] for p in PEERS[cell]}
            if best_free is None or len(free) < len(best_free):
                best, best_free = cell, free
                if len(free) <= 1:
                    break
        if best_free is None:
            found.append("".join(map(str, grid)))
            return
        for d in sorted(best_free):
            grid[best] = d
            search()
            if len(found) >= limit:
                break
        grid[best] = 0

    search()
    return found
