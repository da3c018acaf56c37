"""A small Sugar-style constraint layer: finite-domain integers, booleans, linear and logic.

Genre encodings state their rules here once; the CNF backend (order encoding, as Sugar does)
and the CP-SAT backend compile the same model. The layer is deliberately small: what Tamura's
Masyu model and the other genres need, nothing more.

Build a model with :class:`Model`, make variables with ``model.int_var`` / ``model.bool_var``,
write linear expressions with ``+``, ``-`` and ``*`` on variables, compare them with
:func:`le`, :func:`lt`, :func:`ge`, :func:`gt`, :func:`eq`, :func:`ne`, combine with
:func:`and_`, :func:`or_`, :func:`not_`, :func:`implies`, :func:`iff`, :func:`exactly_one`,
and ``model.add(constraint)``. ``model.abs_(x)`` and ``-x`` give Sugar's ``abs`` and ``neg``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

# ---------------------------------------------------------------- variables and expressions


class IntVar:
    """An integer variable with a finite, sorted domain."""

    __slots__ = ("name", "domain", "index")

    def __init__(self, name: str, domain: Sequence[int], index: int) -> None:
        values = tuple(sorted(set(int(v) for v in domain)))
        if not values:
            raise ValueError(f"variable {name} has an empty domain")
        self.name = name
        self.domain = values
        self.index = index

    @property
    def lb(self) -> int:
        return self.domain[0]

    @property
    def ub(self) -> int:
        return self.domain[-1]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name})"

    # Arithmetic builds linear expressions.
    def _lin(self) -> Linear:
        return Linear({self: 1}, 0)

    def __add__(self, other: ExprLike) -> Linear:
        return self._lin() + other

    __radd__ = __add__

    def __sub__(self, other: ExprLike) -> Linear:
        return self._lin() - other

    def __rsub__(self, other: ExprLike) -> Linear:
        return as_linear(other) - self._lin()

    def __neg__(self) -> Linear:
        return -self._lin()

    def __mul__(self, k: int) -> Linear:
        return self._lin() * k

    __rmul__ = __mul__


class BoolVar(IntVar):
    """A boolean, usable as a 0/1 integer in linear expressions."""

    __slots__ = ()

    def __init__(self, name: str, index: int) -> None:
        super().__init__(name, (0, 1), index)

    def __invert__(self) -> Not:
        return Not(self)


class Linear:
    """``sum(coef * var) + const`` with integer coefficients."""

    __slots__ = ("terms", "const")

    def __init__(self, terms: dict[IntVar, int], const: int) -> None:
        self.terms = {v: k for v, k in terms.items() if k != 0}
        self.const = const

    def __add__(self, other: ExprLike) -> Linear:
        o = as_linear(other)
        terms = dict(self.terms)
        for v, k in o.terms.items():
            terms[v] = terms.get(v, 0) + k
        return Linear(terms, self.const + o.const)

    __radd__ = __add__

    def __sub__(self, other: ExprLike) -> Linear:
        return self + (-as_linear(other))

    def __rsub__(self, other: ExprLike) -> Linear:
        return as_linear(other) - self

    def __neg__(self) -> Linear:
        return Linear({v: -k for v, k in self.terms.items()}, -self.const)

    def __mul__(self, k: int) -> Linear:
        return Linear({v: c * k for v, c in self.terms.items()}, self.const * k)

    __rmul__ = __mul__

    def bounds(self) -> tuple[int, int]:
        lo = hi = self.const
        for v, k in self.terms.items():
            a, b = k * v.lb, k * v.ub
            lo += min(a, b)
            hi += max(a, b)
        return lo, hi


ExprLike = IntVar | Linear | int


def as_linear(x: ExprLike) -> Linear:
    if isinstance(x, Linear):
        return x
    if isinstance(x, IntVar):
        return Linear({x: 1}, 0)
    if isinstance(x, int):
        return Linear({}, x)
    raise TypeError(f"not a linear expression: {x!r}")


def linear_sum(items: Iterable[ExprLike]) -> Linear:
    terms: dict[IntVar, int] = {}
    const = 0
    for it in items:
        lin = as_linear(it)
        const += lin.const
        for v, k in lin.terms.items():
            terms[v] = terms.get(v, 0) + k
    return Linear(terms, const)


# ---------------------------------------------------------------- constraints


@dataclass(frozen=True, eq=False)
class LinearLe:
    """Atom ``expr <= 0``; every comparison is normalised to this (``!=`` is an Or of two)."""

    expr: Linear


@dataclass(frozen=True, eq=False)
class Not:
    arg: Constraint


@dataclass(frozen=True, eq=False)
class And:
    args: tuple[Constraint, ...]


@dataclass(frozen=True, eq=False)
class Or:
    args: tuple[Constraint, ...]


@dataclass(frozen=True, eq=False)
class Const:
    value: bool


TRUE, FALSE = Const(True), Const(False)
Constraint = BoolVar | LinearLe | Not | And | Or | Const


def le(a: ExprLike, b: ExprLike) -> LinearLe:
    return LinearLe(as_linear(a) - as_linear(b))


def lt(a: ExprLike, b: ExprLike) -> LinearLe:
    return LinearLe(as_linear(a) - as_linear(b) + 1)


def ge(a: ExprLike, b: ExprLike) -> LinearLe:
    return le(b, a)


def gt(a: ExprLike, b: ExprLike) -> LinearLe:
    return lt(b, a)


def eq(a: ExprLike, b: ExprLike) -> And:
    return And((le(a, b), le(b, a)))


def ne(a: ExprLike, b: ExprLike) -> Or:
    return Or((lt(a, b), lt(b, a)))


def and_(*args: Constraint) -> Constraint:
    return And(tuple(args))


def or_(*args: Constraint) -> Constraint:
    return Or(tuple(args))


def not_(arg: Constraint) -> Constraint:
    return Not(arg)


def implies(a: Constraint, b: Constraint) -> Constraint:
    return Or((Not(a), b))


def iff(a: Constraint, b: Constraint) -> Constraint:
    return And((Or((Not(a), b)), Or((a, Not(b)))))


def exactly_one(bools: Sequence[BoolVar]) -> LinearLe | And:
    """Sum of the booleans equals 1 (CNF backend uses a cardinality encoding for it)."""
    return eq(linear_sum(bools), 1)


# ---------------------------------------------------------------- model


@dataclass(frozen=True)
class AbsDef:
    """``result = |arg|``, recorded so each backend can define it natively."""

    result: IntVar
    arg: IntVar


@dataclass
class Model:
    """Variables and top-level constraints of one CSP."""

    variables: list[IntVar] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    abs_defs: list[AbsDef] = field(default_factory=list)
    _names: dict[str, IntVar] = field(default_factory=dict)

    def int_var(self, name: str, domain: Sequence[int] | range) -> IntVar:
        return self._register(IntVar(name, list(domain), len(self.variables)))

    def bool_var(self, name: str) -> BoolVar:
        var = BoolVar(name, len(self.variables))
        self._register(var)
        return var

    def _register(self, var: IntVar) -> IntVar:
        if var.name in self._names:
            raise ValueError(f"variable {var.name} declared twice")
        self._names[var.name] = var
        self.variables.append(var)
        return var

    def var(self, name: str) -> IntVar:
        return self._names[name]

    def abs_(self, x: IntVar) -> IntVar:
        """Sugar's ``(abs x)``: a new variable equal to |x|."""
        result = self.int_var(f"_abs_{x.name}", sorted({abs(v) for v in x.domain}))
        self.abs_defs.append(AbsDef(result, x))
        return result

    def add(self, constraint: Constraint) -> None:
        self.constraints.append(constraint)

    def add_all(self, constraints: Iterable[Constraint]) -> None:
        self.constraints.extend(constraints)


# ---------------------------------------------------------------- negation normal form


def nnf(c: Constraint, positive: bool = True) -> Constraint:
    """Push negations down to literals and atoms; ``not (e <= 0)`` becomes ``-e + 1 <= 0``."""
    if isinstance(c, BoolVar):
        return c if positive else Not(c)
    if isinstance(c, Const):
        return c if positive else Const(not c.value)
    if isinstance(c, LinearLe):
        return c if positive else LinearLe(-c.expr + 1)
    if isinstance(c, Not):
        return nnf(c.arg, not positive)
    if isinstance(c, And):
        parts = tuple(nnf(a, positive) for a in c.args)
        return _simplify(And(parts) if positive else Or(parts))
    if isinstance(c, Or):
        parts = tuple(nnf(a, positive) for a in c.args)
        return _simplify(Or(parts) if positive else And(parts))
    raise TypeError(f"not a constraint: {c!r}")


def _simplify(c: And | Or) -> Constraint:
    """Flatten nested And/Or, fold constants and atoms decided by their bounds."""
    kind = type(c)
    out: list[Constraint] = []
    for a in c.args:
        if isinstance(a, LinearLe):
            lo, hi = a.expr.bounds()
            if hi <= 0:
                a = TRUE
            elif lo > 0:
                a = FALSE
        if isinstance(a, Const):
            if a.value == (kind is Or):
                return a
            continue
        if isinstance(a, kind):
            out.extend(a.args)
        else:
            out.append(a)
    if not out:
        return TRUE if kind is And else FALSE
    if len(out) == 1:
        return out[0]
    return kind(tuple(out))


def evaluate(c: Constraint, value: Callable[[IntVar], int]) -> bool:
    """Truth of a constraint under an assignment (used to read answers and to block them)."""
    if isinstance(c, BoolVar):
        return value(c) == 1
    if isinstance(c, Const):
        return c.value
    if isinstance(c, LinearLe):
        return sum(k * value(v) for v, k in c.expr.terms.items()) + c.expr.const <= 0
    if isinstance(c, Not):
        return not evaluate(c.arg, value)
    if isinstance(c, And):
        return all(evaluate(a, value) for a in c.args)
    if isinstance(c, Or):
        return any(evaluate(a, value) for a in c.args)
    raise TypeError(f"not a constraint: {c!r}")
