"""The 25 techniques of Kashima (2010) with the thesis's names, classes and Table 4.7 costs,
and the order in which the grader tries them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pencilsat.grading.lightup.clue_pairs as pairs
import pencilsat.grading.lightup.exclusions as excl
import pencilsat.grading.lightup.placements as place
import pencilsat.grading.lightup.rescue_pairs as rescue
import pencilsat.grading.lightup.restrictions as restrict
from pencilsat.grading.lightup.state import NO_LIGHT, UNKNOWN, Board, Marks

PLACES = "places lights"
FORBIDS = "forbids cells"
BOTH = "places and forbids"
RESTRICTS = "restricts possibilities"
"""The four classes of Tables 3.1-3.4."""

CLUE, WHITE, ANY = "clue", "white", "any"
"""Which cells a technique is anchored on (its origin, digest D10). ANY: clues and white cells
(T2/T9/T11 also read T25 virtual clues, which are anchored on a white cell)."""


@dataclass(frozen=True)
class Technique:
    number: int
    japanese: str
    english: str
    klass: str
    cost: int
    anchors: str
    detect: Callable[[Board, int], Marks]
    anchor_code: int | None = None
    """When set, ``detect`` first reads the anchor's mark and finds nothing unless it is this
    code (the finder makes that test itself, without the call)."""


TECHNIQUES: tuple[Technique, ...] = (
    Technique(1, "単純発生", "simple placement", PLACES, 4, CLUE, place.simple_placement),
    Technique(2, "派生の単純発生", "derived simple placement", PLACES, 6, ANY,
              place.derived_simple_placement),
    Technique(3, "孤立", "isolated cell", PLACES, 0, WHITE, place.isolated_cell,
              anchor_code=UNKNOWN),
    Technique(4, "救出", "rescue", PLACES, 9, WHITE, place.rescue,
              anchor_code=NO_LIGHT),
    Technique(5, "理詰め簡単", "easy reasoning (1-gap-1)", PLACES, 19, CLUE,
              place.easy_reasoning),
    Technique(6, "理詰め仮定", "case split on a rescue", PLACES, 25, WHITE,
              place.case_split_on_rescue,
              anchor_code=NO_LIGHT),
    Technique(7, "理詰め特殊仮定", "special case split (starved clue)", PLACES, 22, CLUE,
              place.special_case_split),
    Technique(8, "単純否定", "simple exclusion (zero clue)", FORBIDS, 1, CLUE,
              excl.simple_exclusion),
    Technique(9, "派生の単純否定", "derived simple exclusion (satisfied clue)", FORBIDS, 6, ANY,
              excl.derived_simple_exclusion),
    Technique(10, "派生の単純否定特殊", "special derived exclusion (L-corner)", FORBIDS, 8, CLUE,
              excl.special_derived_exclusion),
    Technique(11, "斜め否定", "diagonal exclusion", FORBIDS, 7, ANY, excl.diagonal_exclusion),
    Technique(12, "斜め1・2・1", "diagonal 1-2-1", FORBIDS, 10, CLUE, excl.diagonal_one_two_one),
    Technique(13, "理詰め特殊限定", "rescuer-blocking exclusion", FORBIDS, 11, WHITE,
              excl.rescuer_blocking_exclusion,
              anchor_code=NO_LIGHT),
    Technique(14, "複合斜め否定1・1", "compound diagonal exclusion 1-1", FORBIDS, 14, CLUE,
              pairs.compound_diagonal_one_one),
    Technique(15, "1・1コンボ", "1-1 combo", FORBIDS, 18, CLUE, pairs.one_one_combo),
    Technique(16, "1・1囲み", "1...1 enclosure", FORBIDS, 19, CLUE, pairs.one_one_enclosure),
    Technique(17, "1・救出コンボ", "1-rescue combo", FORBIDS, 24, WHITE, rescue.one_rescue_combo,
              anchor_code=NO_LIGHT),
    Technique(18, "救出特殊", "special rescue (double-rescue conflict)", FORBIDS, 27, WHITE,
              rescue.special_rescue,
              anchor_code=NO_LIGHT),
    Technique(19, "アスピリンボックス", "aspirin box", FORBIDS, 27, WHITE, rescue.aspirin_box,
              anchor_code=NO_LIGHT),
    Technique(20, "複合斜め否定1・3", "compound diagonal exclusion 1-3", BOTH, 13, CLUE,
              pairs.compound_diagonal_one_three),
    Technique(21, "複合斜め否定1・2", "compound diagonal exclusion 1-2", BOTH, 14, CLUE,
              pairs.compound_diagonal_one_two),
    Technique(22, "理詰め2・2", "2-2 reasoning (adjacent 2s)", BOTH, 18, CLUE,
              pairs.two_two_reasoning),
    Technique(23, "1・2コンボ", "1-2 combo", BOTH, 18, CLUE, pairs.one_two_combo),
    Technique(24, "2・救出コンボ", "2-rescue combo", BOTH, 24, WHITE, rescue.two_rescue_combo,
              anchor_code=NO_LIGHT),
    Technique(25, "斜め1・2易", "easy diagonal 1-2", RESTRICTS, 14, CLUE,
              restrict.easy_diagonal_one_two),
)
"""Thesis numbering (Tables 3.1-3.4, Table 4.7 row order)."""

SEARCH_ORDER: tuple[Technique, ...] = tuple(sorted(TECHNIQUES, key=lambda t: (t.cost, t.number)))
"""Decision D1(a): 'most basic first' is ascending Table 4.7 cost, ties by thesis number. The
thesis does not state its order; numbering order would try 理詰め簡単 (19) before 単純否定 (1)."""

def _never(board: Board, anchor: int) -> Marks:
    return Marks()


TRIAL = Technique(26, "背理法", "contradiction trial (beyond the thesis)", BOTH, 30, WHITE,
                  _never)
"""Not one of the 25 and never searched by the finder: the engine runs a trial when the 25
stall (``trials``). Its cost, 30, is above the dearest technique's (27) and habituates like
theirs."""

BY_NUMBER: dict[int, Technique] = {t.number: t for t in (*TECHNIQUES, TRIAL)}
BY_NAME: dict[str, Technique] = {t.japanese: t for t in (*TECHNIQUES, TRIAL)}
"""The techniques (and the trial) by number and by the name the steps carry."""


def english_name(technique: str) -> str | None:
    """The English name of the thesis's technique ``technique`` (the desk shows both)."""
    entry = BY_NAME.get(technique)
    return None if entry is None else entry.english
