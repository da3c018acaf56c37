"""The order in which general techniques are tried (GENERALSYORI, TJWLONG; digest §4.1).

The first technique that deduces something ends the pass; control then returns to the basic
fixpoint. Closed-loop techniques (TOJIWA*) are skipped when closing the only line could be
the solution (FSETUK).
"""

from __future__ import annotations

from collections.abc import Callable

from pencilsat.grading.masyu_basic import one_step_closing
from pencilsat.grading.masyu_context import Context
from pencilsat.grading.masyu_level2 import (
    black_white_run_check,
    closed_loop_check_1,
    closed_loop_check_2,
    cut_line_1,
    type1_region,
    type2_region,
    white_run_check,
)
from pencilsat.grading.masyu_level3 import (
    black_beside_walled_square,
    closed_loop_check_3,
    closed_loop_check_4,
    closed_loop_check_6,
    cut_line_2,
)
from pencilsat.grading.masyu_level3b import closed_loop_check_5, connected_lines_extension
from pencilsat.grading.masyu_region import general_region_one_gap, general_region_two_gap
from pencilsat.grading.masyu_state import Deduction

Technique = Callable[[Context], Deduction | None]
_CLOSED_LOOP = {
    closed_loop_check_1,
    closed_loop_check_2,
    closed_loop_check_3,
    closed_loop_check_4,
    closed_loop_check_5,
    closed_loop_check_6,
}

LEVEL2: tuple[Technique, ...] = (
    white_run_check,
    black_white_run_check,
    closed_loop_check_1,
    closed_loop_check_2,
    cut_line_1,
    type1_region,
    type2_region,
)
LEVEL3: tuple[Technique, ...] = LEVEL2 + (
    cut_line_2,
    closed_loop_check_3,
    closed_loop_check_4,
    closed_loop_check_5,
    general_region_one_gap,
    general_region_two_gap,
    closed_loop_check_6,
    connected_lines_extension,
    black_beside_walled_square,
)
"""Level-3 order of the paper: the level-2 list, then SETUDANSEN2, TOJIWA3, TOJIWA4, TOJIWA5,
RYOIKISYORI1, RYOIKISYORI2, TOJIWA6 (with its tube list), RENSENENTYO, KUROMSFOUR."""


def _first(ctx: Context, techniques: tuple[Technique, ...]) -> Deduction | None:
    for tech in techniques:
        if ctx.fsetuk and tech in _CLOSED_LOOP:
            continue
        ded = tech(ctx)
        if ded is not None or ctx.st.contradiction:
            return ded
    return None


def general_techniques(ctx: Context) -> Deduction | None:
    """GENERALSYORI at the context's level, on the context's current line window."""
    if ctx.level == 1:
        return one_step_closing(ctx)
    return _first(ctx, LEVEL2 if ctx.level == 2 else LEVEL3)


def long_line_techniques(ctx: Context) -> Deduction | None:
    """TJWLONG's retry on long lines: ONESTEPTOJI at level 1; TOJIWA1, TOJIWA2, TY1RYOIKI,
    TY2RYOIKI at level 2."""
    if ctx.level == 1:
        return one_step_closing(ctx)
    return _first(ctx, (closed_loop_check_1, closed_loop_check_2, type1_region, type2_region))
