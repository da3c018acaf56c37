"""The step finder: which general technique fires next (GENERALSYORI, TJWLONG; digest §4.1).

The techniques are tried in the catalogue's order for the context's level; the first that
deduces something ends the pass, and control returns to the basic fixpoint. Closed-loop
techniques (TOJIWA*) are skipped when closing the only line could be the solution (FSETUK).
"""

from __future__ import annotations

from pencilsat.grading.masyu.catalogue import CLOSED_LOOP, LEVEL2, LEVEL3, LONG_LINE, Technique
from pencilsat.grading.masyu.closed_loop_routes import one_step_closing
from pencilsat.grading.masyu.context import Context
from pencilsat.grading.masyu.state import Finding


def _first(ctx: Context, techniques: tuple[Technique, ...]) -> Finding | None:
    for tech in techniques:
        if ctx.fsetuk and tech in CLOSED_LOOP:
            continue
        ded = tech(ctx)
        if ded is not None or ctx.st.contradiction:
            return ded
    return None


def general_techniques(ctx: Context) -> Finding | None:
    """GENERALSYORI at the context's level, on the context's current line window."""
    if ctx.level == 1:
        return one_step_closing(ctx)
    return _first(ctx, LEVEL2 if ctx.level == 2 else LEVEL3)


def long_line_techniques(ctx: Context) -> Finding | None:
    """TJWLONG's retry on long lines: ONESTEPTOJI at level 1; TOJIWA1, TOJIWA2, TY1RYOIKI,
    TY2RYOIKI at level 2."""
    if ctx.level == 1:
        return one_step_closing(ctx)
    return _first(ctx, LONG_LINE)
