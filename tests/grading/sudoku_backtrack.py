"""A small backtracking Sudoku solver for the grader tests: the reference solution of puzzles
whose corpus file stores none. Independent of pencilsat (tests must not trust the engine)."""

from __future__ import annotations

_ALL = 0x3FE  # digits 1..9 as bits 1..9


def solutions(puzzle: str, limit: int = 2) -> list[str]:
    """Up to ``limit`` solutions of an 81-character puzzle ('.' or '0' empty); depth-first with
    the fewest-candidates cell first, candidates as bitmasks of rows, columns and boxes."""
    grid = [0 if ch in ".0" else int(ch) for ch in puzzle]
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for cell, d in enumerate(grid):
        if d:
            r, c = divmod(cell, 9)
            b = r // 3 * 3 + c // 3
            bit = 1 << d
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return []
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
    empties = [cell for cell in range(81) if not grid[cell]]
    found: list[str] = []

    def search() -> None:
        best, best_free, best_count = -1, 0, 10
        for cell in empties:
            if grid[cell]:
                continue
            r, c = divmod(cell, 9)
            free = _ALL & ~(rows[r] | cols[c] | boxes[r // 3 * 3 + c // 3])
            count = bin(free).count("1")
            if count < best_count:
                best, best_free, best_count = cell, free, count
                if count <= 1:
                    break
        if best < 0:
            found.append("".join(map(str, grid)))
            return
        r, c = divmod(best, 9)
        b = r // 3 * 3 + c // 3
        while best_free and len(found) < limit:
            bit = best_free & -best_free
            best_free ^= bit
            grid[best] = bit.bit_length() - 1
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            search()
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
        grid[best] = 0

    search()
    return found
