"""Closed-loop checks on corner and input frames: ``TOJIWA2``, ``TOJIWA3``, ``TOJIWA4``.

Sato (2007) Techniques 2-4, digest §4.3 and §4.4.2-4.4.3. Around a corner cell (two blocked
sides) or an input cell (a line end with two ways out), using a border would force the line
round the frame onto its own other end; when Prop 12 says that loop is partial, the border is
blocked. TOJIWA4 reaches the partner end through an extra corner cell. The frame functions
``tojiwa2_frame`` and ``tojiwa3_frame`` also serve virtual lines (TOJIHAITI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pencilsat.grading.masyu.context import Context, open_finding
from pencilsat.grading.masyu.frames import Cells, Frame, block_border, frames_of, pstype, wstype
from pencilsat.grading.masyu.state import BLOCKED, OPEN, Finding, Line

if TYPE_CHECKING:
    from pencilsat.grading.masyu.virtual_lines import VirtualLine


def closed_loop_check_2(ctx: Context) -> Finding | None:
    """TOJIWA2 (closed-loop check 2, Technique 2 cases A-D) on corner pairs: a border whose
    use forces the line around the corner back onto its own other end is blocked."""
    cs = Cells(ctx.st)
    for f, kind in frames_of(ctx).corner_pairs:
        ded = tojiwa2_frame(ctx, cs, f, kind)
        if ded is not None:
            return ded
    return None


def _closing(ctx: Context, cs: Cells, name: str, x: int, y: int, target: tuple[int, int],
             absorbed: tuple[int, ...], why: str,
             virtual: VirtualLine | None = None) -> Finding | None:
    """Block ``target`` when x, y are the ends of one window line and Prop 12 says partial.

    With ``virtual`` (a ``VirtualLine``, TOJIHAITI) x, y must instead be the virtual line's
    two ends, and its own partial-loop test (Prop 12② totals, or "always") decides."""
    if target[0] < 0 or target[1] < 0 or cs.btw(*target) != OPEN:
        return None
    g = ctx.g
    if virtual is not None:
        if not virtual.has_ends(x, y) or not virtual.partial(ctx, cs, absorbed):
            return None
        return open_finding(ctx, virtual.technique, [(cs.edge(*target), BLOCKED)],
                            f"{virtual.why}; using {g.name(target[0])}-{g.name(target[1])} would"
                            f" force that joined line to close on itself between {g.name(x)} and"
                            f" {g.name(y)} (Technique 2 {why})")
    ln = ctx.connected(x, y)
    if ln is None:
        return None
    wn, bn = cs.absorbed(*absorbed)
    if not ctx.partial(0, wn, bn, ln.black_ends):
        return None
    return open_finding(
        ctx, name, [(cs.edge(*target), BLOCKED)],
        f"using {g.name(target[0])}-{g.name(target[1])} would force the line to close"
        f" on itself between {g.name(x)} and {g.name(y)} ({why})")


def tojiwa2_frame(ctx: Context, cs: Cells, f: Frame, kind: int,
                  virtual: VirtualLine | None = None) -> Finding | None:
    """Technique 2 on one corner pair. With ``virtual`` (TOJIHAITI) only the cases the
    listing applies to virtual lines run: A (KKL type 1) and C (type 4); the virtual line's
    ends replace the same-line test."""
    c, t1, t2, t3, t5 = f.c, f.t1, f.t2, f.t3, f.t5
    t7, t8, t9 = f.t7, f.t8, f.t9
    name = "TOJIWA2"
    if ctx.fsetuk:
        return None
    if kind == 1:
        if cs.end(t5) and (cs.white(t3) or (cs.bd(t3, f.gd) == BLOCKED and cs.pbu(t3)[2] == 3)
                           or (cs.black(t5) and cs.btw(t3, t5) == OPEN)):
            ded = _closing(ctx, cs, name, t1, t5, (t3, t5), (t3, t2, c), "case A", virtual)
            if ded:
                return ded
        if cs.end(t9) and (cs.white(t2) or (cs.btw(t2, t7) == BLOCKED and cs.pbu(t2)[2] == 3)
                           or (cs.black(t9) and cs.btw(t2, t9) == OPEN)):
            ded = _closing(ctx, cs, name, t1, t9, (t2, t9), (t2, t3, c), "case A", virtual)
            if ded:
                return ded
    elif kind == 4:
        if cs.white(t2) and cs.white(t3) and cs.end(t9):
            ded = _closing(ctx, cs, name, f.t4, t9, (t2, t9), (t2, t3, t5), "case C", virtual)
            if ded:
                return ded
    if virtual is not None:
        return None
    if kind == 2:
        if (pstype(cs, t2, f) == 2 and cs.end(t5)
                and (cs.white(t3) or (cs.black(t5) and cs.btw(t3, t5) == OPEN))):
            if cs.end(t9) and cs.btw(t2, t7) == BLOCKED:
                ded = _closing(ctx, cs, name, t5, t9, (t3, t5), (t3, t2), "case B")
                if ded:
                    return ded
            if cs.end(t7) and cs.btw(t2, t9) == BLOCKED:
                ded = _closing(ctx, cs, name, t5, t7, (t3, t5), (t3, t2), "case B")
                if ded:
                    return ded
    if kind in (6, 8) and cs.end(t8) and cs.end(t9):
        ok = (kind == 6 and (cs.white(t2) or (cs.black(t9) and cs.btw(t2, t9) == OPEN))) or (
            kind == 8 and cs.black(t9) and cs.btw(t2, t9) == OPEN)
        if ok:
            return _closing(ctx, cs, name, t8, t9, (t2, t9), (t1, t2, t3), "case D")
    return None


def closed_loop_check_3(ctx: Context) -> Finding | None:
    """TOJIWA3 (closed-loop check 3, Technique 3 cases A, B) on input pairs: using T2|T3
    would leave input cell N only ways that join it to its own other end; blocked when Prop
    12 says the loop would be partial."""
    cs = Cells(ctx.st)
    for f, kind in frames_of(ctx).input_pairs:
        if kind == 0 or f.t3 < 0 or cs.btw(f.t2, f.t3) != OPEN:
            continue
        ded = tojiwa3_frame(ctx, cs, f, kind)
        if ded:
            return ded
    return None


def tojiwa3_frame(ctx: Context, cs: Cells, f: Frame, kind: int,
                  virtual: VirtualLine | None = None) -> Finding | None:
    """Technique 3 on one input pair. With ``virtual`` (TOJIHAITI) only case A runs, and the
    virtual line's ends (N and T4, or N and T6) replace the same-line test."""
    n, t1, t2, t3, t4, t5, t6, t9 = f.c, f.t1, f.t2, f.t3, f.t4, f.t5, f.t6, f.t9
    g = ctx.g
    t10 = g.step(t5, f.d)
    pair = None
    absorbed: tuple[int, ...] = ()
    case = ""
    if kind == 2 and (cs.white(t3) or (cs.black(t2) and cs.btw(t2, t3) == OPEN)):
        pair, absorbed, case = t4, (t1, t2, t3, t5), "case A"
    elif kind in (2, 3) and cs.end(t2) and (cs.white(t3) or cs.end(t3)):
        pair, absorbed, case = t4, (t1, t2, t3, t5), "case A"
    elif (kind == 4 or (kind == 5 and cs.end(t2))) and cs.white(t3) and cs.white(t5):
        pair, absorbed, case = t6, (t1, t2, t3, t4, t5, t10), "case A"
    if pair is not None and virtual is not None:
        if virtual.has_ends(n, pair) and virtual.partial(ctx, cs, absorbed):
            return block_border(ctx, cs, virtual.technique, t2, t3,
                                f"{virtual.why}; using it would force line end {g.name(n)} to close"
                                f" that joined line at {g.name(pair)} (Technique 3 {case})")
        return None
    if virtual is not None:
        return None
    if pair is not None:
        ln = ctx.connected(n, pair)
        if ln is not None:
            wn, bn = cs.absorbed(*absorbed)
            if ctx.partial(0, wn, bn, ln.black_ends):
                return block_border(ctx, cs, "TOJIWA3", t2, t3,
                                    f"using it would force line end {g.name(n)} to close onto its"
                                    f" other end {g.name(pair)} ({case})")
        return None
    if kind in (1, 2, 3) and cs.white(t2) and cs.white(t3) and cs.end(t5) and cs.end(t9):
        partner = t1 if kind == 1 else t4
        mid = ctx.connected(t5, partner)
        ln = ctx.connected(n, t9)
        if mid is not None and ln is not None and mid is not ln:
            wn, bn = cs.absorbed(t1, t2, t3)
            if ctx.partial(1, wn, bn + mid.black_ends, ln.black_ends):
                return block_border(ctx, cs, "TOJIWA3", t2, t3,
                                    f"using it would join line end {g.name(n)} to its other end"
                                    f" {g.name(t9)} through the line at {g.name(t5)} (case B)")
    return None


def _corner_other_end(cs: Cells, z: int, toward: int) -> int:
    """TANTENKIME: if z is a corner cell (free, two blocked orthogonal sides) opening toward
    ``toward``, the cell through its other opening (T10); else -1."""
    if not cs.free(z) or toward < 0 or cs.pbu(z) != (0, 2, 2):
        return -1
    st, g = cs.st, cs.g
    dirs = st.open_dirs(z)
    if dirs[0] % 2 == dirs[1] % 2 or g.direction(z, toward) not in dirs:
        return -1
    other = dirs[0] if g.nb[z][dirs[1]] == toward else dirs[1]
    return g.nb[z][other]


def closed_loop_check_4(ctx: Context) -> Finding | None:
    """TOJIWA4 (closed-loop check 4, Technique 4 cases A-D): Technique 2 with the partner end
    reached through an extra corner cell Z (its far opening leads to the end T10)."""
    cs = Cells(ctx.st)
    frames = frames_of(ctx)
    for f, kind in frames.corner_pairs:
        c, t1, t2, t3, t5, t7, t8, t9 = f.c, f.t1, f.t2, f.t3, f.t5, f.t7, f.t8, f.t9
        if kind == 1:
            t10 = _corner_other_end(cs, t9, t2)
            if t10 >= 0 and wstype(cs, t2, f):
                ded = _closing4(ctx, cs, t1, t10, (t2, t9), (t2, t3, c, t9), "case A")
                if ded:
                    return ded
            t10 = _corner_other_end(cs, t5, t3)
            if t10 >= 0 and wstype(cs, t3, f):
                ded = _closing4(ctx, cs, t1, t10, (t3, t5), (t3, t2, c, t5), "case A")
                if ded:
                    return ded
        elif kind == 2 and cs.white(t3) and pstype(cs, t2, f) == 2:
            t10 = _corner_other_end(cs, t5, t3)
            if t10 >= 0:
                for partner, wall in ((t9, t7), (t7, t9)):
                    if cs.end(partner) and cs.btw(t2, wall) == BLOCKED:
                        ded = _closing4(ctx, cs, partner, t10, (t3, t5), (t3, t2, t5), "case B")
                        if ded:
                            return ded
        if kind in (6, 8) and cs.end(t9):
            ok = (kind == 6 and (cs.white(t2) or (cs.black(t9) and cs.btw(t2, t9) == OPEN))) or (
                kind == 8 and cs.black(t9) and cs.btw(t2, t9) == OPEN)
            t10 = _corner_other_end(cs, t8, t1)
            if ok and t10 >= 0:
                ded = _closing4(ctx, cs, t9, t10, (t2, t9), (t1, t2, t3, t8), "case D")
                if ded:
                    return ded
    for f, kind in frames.input_pairs:
        if kind != 1 or not (cs.white(f.t2) and cs.white(f.t3)) or cs.btw(f.t2, f.t9) != OPEN:
            continue
        n, t1, t5, t9 = f.c, f.t1, f.t5, f.t9
        t10 = _corner_other_end(cs, t5, f.t3)
        line = ctx.connected(n, t9)  # case C takes in N's own line: it must be one
        if t10 >= 0 and cs.end(t9) and line is not None:
            ded = _closing4(ctx, cs, t1, t10, (f.t2, t9), (f.t2, f.t3, t5), "case C",
                            absorbed_line=line)
            if ded:
                return ded
        t10 = _corner_other_end(cs, t9, f.t2)
        line = ctx.connected(t1, t5)
        if t10 >= 0 and cs.end(t5) and line is not None:
            ded = _closing4(ctx, cs, n, t10, (f.t2, t9), (f.t2, f.t3, t9), "case C",
                            absorbed_line=line)
            if ded:
                return ded
    return None


def _closing4(ctx: Context, cs: Cells, x: int, y: int, target: tuple[int, int],
              absorbed: tuple[int, ...], case: str,
              absorbed_line: Line | None = None) -> Finding | None:
    """Block ``target`` when x, y are the ends of one line and Prop 12 says partial, counting
    ``absorbed_line`` (another line the loop would take in) when given."""
    if target[0] < 0 or target[1] < 0 or cs.btw(*target) != OPEN:
        return None
    ln = ctx.connected(x, y)
    if ln is None:
        return None
    wn, bn = cs.absorbed(*absorbed)
    extra = 0
    if absorbed_line is not None:
        if absorbed_line is ln:
            return None
        extra = 1
        bn += absorbed_line.black_ends
    if not ctx.partial(extra, wn, bn, ln.black_ends):
        return None
    g = ctx.g
    return block_border(ctx, cs, "TOJIWA4", target[0], target[1],
                        f"using it would force the line to close on itself between {g.name(x)} and"
                        f" {g.name(y)} through a corner ({case})")
