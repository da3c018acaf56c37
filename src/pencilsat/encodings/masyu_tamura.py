"""Tamura's Masyu model (Sugar, 2008), the reference encoding; see docs/tamura-encoding.md.

Faithful to the seed: edge directions ``v_i_j, h_i_j`` in {-1,0,1}, degrees ``d_i_j`` in
{0,2} ({2} on pearls) equal to the sum of ``abs`` of the cell's edges, flow conservation,
straightness booleans ``s_i_j``, the white and black rules, and the single loop by numbering
(``x_i_j`` in 0..N, start flags ``y_i_j``, exactly one start, ``x_w > x_u or x_w = 1`` along
every used directed edge).

Two sound strengthenings, both on by default and documented in README "Encoding notes":

* **Fixed start**: the first pearl in row-major order is always on the loop, and any numbering
  can be rotated to start there, so ``y`` of that pearl is fixed to 1. This removes the
  solver's freedom to choose among N equivalent starts (the edge answers are unchanged).
* **"Used" as one literal**: ``e != 0`` is written ``abs(e) >= 1`` over the ``abs`` variables
  the degree sum already introduces, which the order encoding turns into a single literal.

Where a white pearl's neighbour across an axis lies outside the grid, the loop cannot pass the
pearl on that axis (it would need both edges), so the "turn beside" rule only names the
neighbours that exist.
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.clock import check_clock as look_at_clock
from pencilsat.encodings.csp import (
    TRUE,
    IntVar,
    Model,
    and_,
    eq,
    exactly_one,
    ge,
    gt,
    iff,
    implies,
    linear_sum,
    not_,
    or_,
)
from pencilsat.encodings.encoding import Encoding
from pencilsat.puzzles.masyu import BLACK, WHITE, MasyuPuzzle, MasyuSolution


def number_domain(cell: tuple[int, int], start: tuple[int, int] | None,
                  n_cells: int) -> list[int]:
    """Values the order number of ``cell`` may take (0 = off the loop).

    Without a fixed start this is Tamura's 0..N. With the start fixed, the exact loop index
    (start = 1) is a witness for every solution, so it suffices that the domain holds it: on a
    grid a loop has even length L <= N, and a cell at Manhattan distance m from the start has
    an index k with k - 1 = m (mod 2) and m + 1 <= k <= L - m + 1.
    """
    if start is None:
        return list(range(0, n_cells + 1))
    dist = abs(cell[0] - start[0]) + abs(cell[1] - start[1])
    longest = n_cells - n_cells % 2
    if dist == 0:
        return [1]
    return [0, *range(dist + 1, longest - dist + 2, 2)]


def build(puzzle: MasyuPuzzle, *, fix_start: bool = True, tight_numbers: bool = True,
          deadline: float | None = None) -> Encoding:
    """The CSP of the seed's masyu.pl for ``puzzle``. With a ``deadline`` (a
    ``time.perf_counter`` value) it raises ``TimeLimitReached`` once that has passed, looking
    at the clock after each row: the CSP of a 40x58 takes about a second to build."""

    def check_clock() -> None:
        look_at_clock(deadline)

    m = Model()
    H, W = puzzle.height, puzzle.width
    n_cells = H * W
    visited = puzzle.must_visit()
    start = visited[0] if fix_start and visited else None
    v: dict[tuple[int, int], IntVar] = {}  # edge (i,j)-(i+1,j)
    h: dict[tuple[int, int], IntVar] = {}  # edge (i,j)-(i,j+1)
    for i in range(H):
        for j in range(W):
            if i + 1 < H:
                v[i, j] = m.int_var(f"v_{i}_{j}", (-1, 0, 1))
            if j + 1 < W:
                h[i, j] = m.int_var(f"h_{i}_{j}", (-1, 0, 1))
    used_abs = {var: m.abs_(var) for var in [*v.values(), *h.values()]}

    def used(var: IntVar) -> Any:
        return ge(used_abs[var], 1)

    d, s, x, y = {}, {}, {}, {}
    for i in range(H):
        for j in range(W):
            pearl = int(puzzle.pearls[i, j])
            d[i, j] = m.int_var(f"d_{i}_{j}", (2,) if pearl or puzzle.loop_full else (0, 2))
            s[i, j] = m.bool_var(f"s_{i}_{j}")
            x[i, j] = m.int_var(f"x_{i}_{j}", number_domain(
                (i, j), start if tight_numbers else None, n_cells))
            y[i, j] = m.bool_var(f"y_{i}_{j}")
        check_clock()

    for i in range(H):
        for j in range(W):
            up, down = v.get((i - 1, j)), v.get((i, j))
            left, right = h.get((i, j - 1)), h.get((i, j))
            edges = [e for e in (up, left, down, right) if e is not None]
            # 1. degree = sum of |edge|
            m.add(eq(d[i, j], linear_sum(used_abs[e] for e in edges)))
            # 2. flow: in = out (v and h point down/right when positive)
            flow = linear_sum([t for t in (up, left) if t is not None]
                              + [-t for t in (down, right) if t is not None])
            m.add(eq(flow, 0))
            # 3. straightness
            axes = [and_(used(a), used(b)) for a, b in ((up, down), (left, right))
                    if a is not None and b is not None]
            m.add(iff(s[i, j], or_(*axes) if axes else not_(TRUE)))
            pearl = int(puzzle.pearls[i, j])
            if pearl == WHITE:
                m.add(s[i, j])
                for edge_var, nbs in (((down or up), ((i - 1, j), (i + 1, j))),
                                      ((right or left), ((i, j - 1), (i, j + 1)))):
                    if edge_var is None:
                        continue
                    turns = [not_(s[nb]) for nb in nbs if nb in s]
                    m.add(implies(used(edge_var), or_(*turns)))
            elif pearl == BLACK:
                m.add(not_(s[i, j]))
                for e, nb in ((up, (i - 1, j)), (down, (i + 1, j)),
                              (left, (i, j - 1)), (right, (i, j + 1))):
                    if e is not None:
                        m.add(implies(used(e), s[nb]))
            # 6. numbering
            m.add(iff(gt(d[i, j], 0), gt(x[i, j], 0)))
            m.add(iff(eq(x[i, j], 1), y[i, j]))
        check_clock()
    m.add(exactly_one(list(y.values())))
    if start is not None:
        m.add(y[start])
    for (i, j), e in v.items():
        a, b = (i, j), (i + 1, j)
        m.add(implies(gt(e, 0), or_(gt(x[b], x[a]), eq(x[b], 1))))
        m.add(implies(gt(0, e), or_(gt(x[a], x[b]), eq(x[a], 1))))
    for (i, j), e in h.items():
        a, b = (i, j), (i, j + 1)
        m.add(implies(gt(e, 0), or_(gt(x[b], x[a]), eq(x[b], 1))))
        m.add(implies(gt(0, e), or_(gt(x[a], x[b]), eq(x[a], 1))))

    edge_list = [(((i, j), (i + 1, j)), e) for (i, j), e in v.items()] + [
        (((i, j), (i, j + 1)), e) for (i, j), e in h.items()
    ]
    answer = [used(e) for _, e in edge_list]

    def decode(value: Any) -> MasyuSolution:
        return MasyuSolution(frozenset(cells for cells, e in edge_list if value(e) != 0), W, H)

    return Encoding("tamura", m, answer, decode)
