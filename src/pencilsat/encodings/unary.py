"""Whole numbers in the order (unary) encoding: a number ``A`` in ``0..p`` is the literals
``a[0..p-1]``, ``a[i-1]`` meaning "A >= i" (so each implies the one before). A run's length
along a line is one (Kurodoko's sight, each step "this cell too"); these clauses add two
such numbers and set two equal to a constant, in ``O(p*q)`` and ``O(p+q)`` clauses, where a
cardinality constraint over the runs' literals would count them one by one. Unit
propagation on them keeps the bounds of every number consistent (a sum's bounds follow its
parts' and back). Plain loops: the numbers are short (a grid's side at most) and many, where
numpy's cost per call would dominate."""

from __future__ import annotations

from collections.abc import Sequence

Clause = list[int]


def unary_sum(a: Sequence[int], b: Sequence[int], c: Sequence[int]) -> list[Clause]:
    """``C = A + B`` in the order encoding, and ``A + B <= len(c)``: "A >= i and B >= j
    gives C >= i+j" (past ``len(c)``: not both, written for the least such ``j`` only),
    "C >= k+1 needs A >= i+1 or B >= j+1 where i + j = k", and each ``C >= k+1`` implies
    ``C >= k``. ``c`` holds ``min(len(a) + len(b), cap)`` fresh variables for a sum capped
    at ``cap``."""
    p, q, n = len(a), len(b), len(c)
    out = [[-b[j - 1], c[j - 1]] if j <= n else [-b[j - 1]] for j in range(1, q + 1)]
    out += [[-a[i - 1], c[i - 1]] if i <= n else [-a[i - 1]] for i in range(1, p + 1)]
    out += [[-a[i - 1], -b[j - 1], c[i + j - 1]]
            for i in range(1, p + 1) for j in range(1, min(q, n - i) + 1)]
    out += [[-a[i - 1], -b[n - i]] for i in range(1, p + 1) if 1 <= n - i + 1 <= q]
    for k in range(n):  # C >= k+1 needs A >= i+1 or B >= j+1, i + j = k
        for i in range(max(0, k - q), min(k, p) + 1):
            j = k - i
            out.append([-c[k]] + ([a[i]] if i < p else []) + ([b[j]] if j < q else []))
    out += [[-c[k], c[k - 1]] for k in range(1, n)]
    return out


def unary_equal_total(a: Sequence[int], b: Sequence[int], total: int) -> list[Clause]:
    """``A + B = total``: "A >= i gives B <= total - i" and "A <= i gives B >= total - i"
    for each ``i`` (an empty clause when no pair of values adds up)."""
    p, q = len(a), len(b)
    out: list[Clause] = []
    for i in range(p + 1):
        over = total - i + 1  # A >= i: not B >= over
        if over <= 0:
            out.append([-a[i - 1]] if i else [])
        elif over <= q:
            out.append(([-a[i - 1]] if i else []) + [-b[over - 1]])
        under = total - i  # A < i + 1: B >= under
        if under >= 1:
            clause = [a[i]] if i < p else []
            if under <= q:
                clause.append(b[under - 1])
            out.append(clause)
    return out
