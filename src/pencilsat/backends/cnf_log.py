"""Log (binary) encoding of wide integer domains, an option beside the order encoding.

An integer ``x`` in ``lb..ub`` is ``lb + sum 2^i b_i`` over ``ceil(log2(ub - lb + 1))`` bits,
so it costs a handful of booleans instead of one per value. Only the atoms Tamura's
numbering needs are supported on log-encoded variables — bounds ``x <= c`` / ``x >= c`` and
comparisons ``x - y <= c`` for ``c`` in {-1, 0} between two log variables with the same lower
bound — and a clear error says so otherwise. Holes in a domain are not represented: a
log-encoded variable ranges over its whole interval.
"""

from __future__ import annotations

from collections.abc import Callable

from pencilsat.encodings.csp import IntVar


class LogInts:
    """Bits of the log-encoded variables and the clauses of their atoms."""

    def __init__(self, new_var: Callable[[], int]) -> None:
        self.new_var = new_var
        self.bits: dict[int, list[int]] = {}
        self.lb: dict[int, int] = {}

    def declare(self, var: IntVar, clauses: list[list[int]]) -> None:
        span = var.ub - var.lb
        self.bits[var.index] = [self.new_var() for _ in range(max(1, span.bit_length()))]
        self.lb[var.index] = var.lb
        clauses.extend(self.le_const(var, var.ub, []))

    def is_log(self, var: IntVar) -> bool:
        return var.index in self.bits

    def value(self, var: IntVar, model_set: set[int]) -> int:
        bits = self.bits[var.index]
        return self.lb[var.index] + sum(1 << i for i, b in enumerate(bits) if b in model_set)

    def le_const(self, var: IntVar, c: int, prefix: list[int]) -> list[list[int]]:
        """Clauses for ``prefix or x <= c``: for each 0-bit of c, not (that bit and every
        higher 1-bit of c set)."""
        bits, k = self.bits[var.index], c - self.lb[var.index]
        if k < 0:
            return [list(prefix)]
        if k >= (1 << len(bits)) - 1:
            return []
        out = []
        for i, b in enumerate(bits):
            if not (k >> i) & 1:
                higher = [-bits[j] for j in range(i + 1, len(bits)) if (k >> j) & 1]
                out.append(prefix + [-b] + higher)
        return out

    def ge_const(self, var: IntVar, c: int, prefix: list[int]) -> list[list[int]]:
        """Clauses for ``prefix or x >= c`` (the mirror image of :meth:`le_const`)."""
        bits, k = self.bits[var.index], c - self.lb[var.index]
        if k <= 0:
            return []
        if k > (1 << len(bits)) - 1:
            return [list(prefix)]
        out = []
        for i, b in enumerate(bits):
            if (k >> i) & 1:
                higher = [bits[j] for j in range(i + 1, len(bits)) if not (k >> j) & 1]
                out.append(prefix + [b] + higher)
        return out

    def less(self, x: IntVar, y: IntVar, strict: bool, prefix: list[int],
             clauses: list[list[int]]) -> None:
        """``prefix or x < y`` (``x <= y`` when not strict) with one auxiliary per bit.

        ``z_i -> x[i..0] < y[i..0]``, from ``lt(i) = (x_i <= y_i) and (not x_i or lt(i-1))
        and (y_i or lt(i-1))``; the base ``lt(-1)`` is false for ``<`` and true for ``<=``.
        """
        if self.lb[x.index] != self.lb[y.index]:
            raise NotImplementedError("log-encoded comparison needs equal lower bounds")
        xb: list[int | bool] = list(self.bits[x.index])
        yb: list[int | bool] = list(self.bits[y.index])
        n = max(len(xb), len(yb))
        xb += [False] * (n - len(xb))
        yb += [False] * (n - len(yb))
        below: int | bool = not strict
        for i in range(n):
            z = self.new_var()
            for cl in ([_neg(xb[i]), yb[i]], [_neg(xb[i]), below], [yb[i], below]):
                lits = _clean([-z, *cl])
                if lits is not None:
                    clauses.append(lits)
            below = z
        final = _clean([*prefix, below])
        if final is not None:
            clauses.append(final)


def _neg(lit: int | bool) -> int | bool:
    return (not lit) if isinstance(lit, bool) else -lit


def _clean(lits: list[int | bool]) -> list[int] | None:
    """Drop false literals; ``None`` when a true literal satisfies the clause."""
    out = []
    for lit in lits:
        if lit is True:
            return None
        if lit is not False:
            out.append(lit)
    return out
