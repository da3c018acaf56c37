"""The techniques of Sato (2007): paper names, English names, levels and the order they
are tried in.

``TECHNIQUES`` is the paper's §3.2 table; ``LEVEL2`` and ``LEVEL3`` are GENERALSYORI's
order (digest §4.1), ``LONG_LINE`` TJWLONG's retry and ``CLOSED_LOOP`` the checks skipped
when closing the only line could be the solution (FSETUK).
"""

from __future__ import annotations

from collections.abc import Callable

from pencilsat.grading.masyu.closed_loop_corners import (
    closed_loop_check_2,
    closed_loop_check_3,
    closed_loop_check_4,
)
from pencilsat.grading.masyu.closed_loop_hypotheses import closed_loop_check_5
from pencilsat.grading.masyu.closed_loop_routes import closed_loop_check_1
from pencilsat.grading.masyu.closed_loop_tubes import closed_loop_check_6
from pencilsat.grading.masyu.context import Context
from pencilsat.grading.masyu.cut_lines import black_beside_walled_square, cut_line_1, cut_line_2
from pencilsat.grading.masyu.general_regions import general_region_one_gap, general_region_two_gap
from pencilsat.grading.masyu.joined_lines import connected_lines_extension
from pencilsat.grading.masyu.run_checks import black_white_run_check, white_run_check
from pencilsat.grading.masyu.state import Finding
from pencilsat.grading.masyu.typed_regions import type1_region, type2_region

TECHNIQUES: dict[str, tuple[str, int]] = {
    "SIROMSKETU1": ("white run first clue", 1),
    "KUROMSKETU1": ("adjacent blacks first clue", 1),
    "AKIMSKETU": ("cell degree rule", 1),
    "SIROMSKETU2": ("white axis", 1),
    "KUROMSKETU2": ("black goes straight two cells", 1),
    "SIROMSKETU3": ("white turn rule", 1),
    "KUROMSKETU3": ("black neighbour turns", 1),
    "ONESTEPTOJI": ("one-step closing", 1),
    "SIROMSRENCH": ("white run check", 2),
    "KUROMSRENCH": ("black and white run check", 2),
    "TOJIWA1": ("closed-loop check 1 (route)", 2),
    "TOJIWA2": ("closed-loop check 2 (corner pairs)", 2),
    "SETUDANSEN1": ("cut line 1", 2),
    "TY1RYOIKI": ("type-1 region", 2),
    "TY2RYOIKI": ("type-2 region", 2),
    "SETUDANSEN2": ("cut line 2", 3),
    "TOJIWA3": ("closed-loop check 3 (input pairs)", 3),
    "TOJIWA4": ("closed-loop check 4 (extra corner)", 3),
    "TOJIWA5": ("closed-loop check 5 (hypothetical region, straight-line parity)", 3),
    "TOJIWA6": ("closed-loop check 6 (tubes)", 3),
    "RYOIKISYORI1": ("general region, one gap", 3),
    "RYOIKISYORI2": ("general region, two-cell gap", 3),
    "RENSENENTYO": ("extension of connected lines", 3),
    "KUROMSFOUR": ("black beside a walled 2x2", 3),
    "MUJYUNSYORI": ("contradiction processing (trial)", 3),
}
"""Paper name -> (English name, level), the paper's §3.2 table. Parts of TOJIWA1, TY1RYOIKI
and TY2RYOIKI only exist at level 3 (digest §5.2); the table gives the lowest level."""


Technique = Callable[[Context], Finding | None]


CLOSED_LOOP = frozenset({
    closed_loop_check_1,
    closed_loop_check_2,
    closed_loop_check_3,
    closed_loop_check_4,
    closed_loop_check_5,
    closed_loop_check_6,
})
"""The closed-loop checks (TOJIWA1-6), skipped when closing the only line could be the
solution (FSETUK)."""


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
LONG_LINE: tuple[Technique, ...] = (
    closed_loop_check_1,
    closed_loop_check_2,
    type1_region,
    type2_region,
)
"""TJWLONG's level-2 retry on long lines: TOJIWA1, TOJIWA2, TY1RYOIKI, TY2RYOIKI."""


def english_name(technique: str) -> str | None:
    """The English name of the paper's technique ``technique`` (the desk shows both)."""
    entry = TECHNIQUES.get(technique)
    return None if entry is None else entry[0]
