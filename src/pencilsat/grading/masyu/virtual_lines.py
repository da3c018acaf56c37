"""Techniques 2 and 3 applied to a virtual line (routine TOJIHAITI; digest §4.4.5, §4.4.7).

A *virtual line* is a pair of line ends p, q that are certain to become the two ends of one
line (RENSENENTYO: two lines that must join; RYOIKISYORI1: the outer ends of the two lines
joined inside a closed area), or, for RYOIKISYORI1 case B1, two inner ends that must not be
joined directly. The corner-pair and input-pair patterns of TOJIWA2/TOJIWA3 are reused as
they are; only their same-line test (RENKETUCH) and Prop 12 test are replaced by the
virtual line's.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilsat.grading.masyu.closed_loop_corners import tojiwa2_frame, tojiwa3_frame
from pencilsat.grading.masyu.context import Context
from pencilsat.grading.masyu.frames import Cells, frames_of
from pencilsat.grading.masyu.state import BLACK, Finding


@dataclass(frozen=True)
class VirtualLine:
    """Ends p, q of a line that is certain to form, and what closing it would take in.

    ``lines``, ``absorbed`` (cells whose undetermined circles count) and ``extra_wn`` are the
    Prop 12① counts the joint already contributes; ``totals`` replaces (LN, WN, BN) for the
    region form (Prop 12②), whose ``inside`` cells are already subtracted there and are not
    counted twice; ``always_partial`` is the listing's TJCH = 1 verdict (used only where the
    argument needs no Prop 12 test, RYOIKISYORI1 case B1)."""

    technique: str
    p: int
    q: int
    why: str
    lines: int = 0
    absorbed: tuple[int, ...] = ()
    extra_wn: int = 0
    totals: tuple[int, int, int] | None = None
    inside: frozenset[int] = frozenset()
    always_partial: bool = False

    def has_ends(self, x: int, y: int) -> bool:
        return x != y and {x, y} == {self.p, self.q}

    def partial(self, ctx: Context, cs: Cells, cells: tuple[int, ...]) -> bool:
        """Would closing the virtual line through ``cells`` make a partial closed loop?"""
        if self.always_partial:
            return True
        wn, bn = cs.absorbed(*(x for x in (*cells, *self.absorbed) if x not in self.inside))
        n = sum(1 for z in (self.p, self.q) if ctx.g.pearl[z] == BLACK)
        return ctx.partial(self.lines, wn + self.extra_wn, bn, n, self.totals)


def virtual_line_patterns(ctx: Context, vl: VirtualLine) -> Finding | None:
    """TOJIHAITI: find a corner pair whose T1 (KKL type 1) or T4 (type 4) is one end of the
    virtual line, or an input pair (types 2-5) whose input cell is one end, and run Technique
    2 case A / case C or Technique 3 case A with the virtual line as "the same line".

    Choices: the listing never sets the target border of a type-4 match (digest §7.3); we use
    T2|T9 as in Technique 2 case C. The listing examines only the first geometric match; we
    try every match in list order (corner pairs, then input pairs) and take the first
    deduction."""
    if vl.p < 0 or vl.q < 0 or vl.p == vl.q:
        return None
    cs = Cells(ctx.st)
    ends = (vl.p, vl.q)
    frames = frames_of(ctx)
    for f, kind in frames.corner_pairs:
        if (kind == 1 and f.t1 in ends) or (kind == 4 and f.t4 in ends):
            ded = tojiwa2_frame(ctx, cs, f, kind, vl)
            if ded is not None:
                return ded
    for f, kind in frames.input_pairs:
        if kind >= 2 and f.c in ends:
            ded = tojiwa3_frame(ctx, cs, f, kind, vl)
            if ded is not None:
                return ded
    return None

