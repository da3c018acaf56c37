"""The techniques of the Sato (2010) Sudoku grader and their levels (paper §3.2), the one table
the grade is scored by.

Technique names are the paper's routine names with the variant that fired; ``TECHNIQUES``
gives each one's level (digest §5.2, rebuilt table), the closest modern name (digest §8.2)
and the routine. ``single`` and ``placing`` make the grader's steps, levelled by this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from pencilsat.grading.steps import Digit, Step


@dataclass(frozen=True)
class TechniqueInfo:
    level: int
    modern: str
    routine: str


def _t(level: int, modern: str, routine: str) -> TechniqueInfo:
    return TechniqueInfo(level, modern, routine)


TECHNIQUES: dict[str, TechniqueInfo] = {
    "FIRSTCLUE": _t(1, "hidden single in a block (cross-hatching), batch pre-pass", "FIRSTCLUE"),
    "AKIMASUSYUHO n=1": _t(1, "full house", "AKIMASUSYUHO"),
    "SANRETUSYO": _t(1, "hidden single in a block (cross-hatching)", "SANRETUSYO"),
    "AKIMASUSYUHO n=2": _t(1, "hidden single", "AKIMASUSYUHO"),
    "SPEAKIMSSYO n=3": _t(1, "hidden single (two exclusions from one segment)", "SPEAKIMSSYO"),
    "AKIMASUSYUHO n=3 hidden": _t(2, "hidden single", "AKIMASUSYUHO"),
    "AKIMASUSYUHO n=3 naked": _t(2, "naked single", "AKIMASUSYUHO"),
    "AKIMASUSYUHO n=4 hidden": _t(2, "hidden single", "AKIMASUSYUHO"),
    "SPESANRETU filled segment": _t(
        2, "hidden single in a block after a full segment", "SPESANRETU"),
    "SPESANRETU pair": _t(
        2, "hidden single in a block after a pointing pair", "SPESANRETU"),
    "SPEAKIMSLV2 n=5": _t(2, "hidden single (three exclusions from one segment)", "SPEAKIMSLV2"),
    "SPEAKIMSLV2 prop4": _t(2, "hidden single in a block (filled corners)", "SPEAKIMSLV2"),
    "AKIMASUSYUHO n=4 naked": _t(3, "naked single", "AKIMASUSYUHO"),
    "BIGAKIMASUSYUHO n=5 hidden": _t(3, "hidden single", "BIGAKIMASUSYUHO"),
    "BIGAKIMASUSYUHO n=5 naked": _t(3, "naked single", "BIGAKIMASUSYUHO"),
    "BIGAKIMASUSYUHO n=6 hidden": _t(3, "hidden single", "BIGAKIMASUSYUHO"),
    "BIGAKIMASUSYUHO n=6 naked": _t(3, "naked single", "BIGAKIMASUSYUHO"),
    "PAIRSUSYO single": _t(
        3, "hidden single after locked candidates / subsets / X-wing", "PAIRSUSYO"),
    "PAIRSUSYO pair+lock": _t(3, "naked/hidden pair leaves a conjugate pair's other cell",
                              "PAIRSUSYO"),
    "PAIRSUSYO dependent pairs": _t(3, "locked candidates (pointing/claiming) -> single",
                                    "PAIRSUSYO"),
    "PAIRSUSYO reduced unit hidden": _t(3, "hidden single after naked pair/triple", "PAIRSUSYO"),
    "PAIRSUSYO reduced unit naked": _t(3, "naked single after naked pair/triple", "PAIRSUSYO"),
    "PAIRSUSYO chain loop": _t(3, "single-digit chain returning to its start", "PAIRSUSYO"),
    "PLTUNAGISYO": _t(3, "forcing chain over conjugate pairs (contradiction)", "PLTUNAGISYO"),
    "MUJYUNSYORI contradiction": _t(3, "trial and error (bifurcation, depth 1)", "MUJYUNSYORI"),
    "MUJYUNSYORI trial completes": _t(3, "trial and error: guess completes the grid",
                                      "MUJYUNSYORI"),
}

TRIAL_COMPLETES = "MUJYUNSYORI trial completes"
"""The step that accepts a trial grid (finished by a guess the uniqueness proof makes safe)."""


def single(technique: str, cell: int, digit: int, text: str) -> Step:
    """A step that writes one digit, the usual case in the paper (one placement, restart)."""
    return placing(technique, (Digit(cell // 9, cell % 9, digit),), text)


def placing(technique: str, placements: tuple[Digit, ...], text: str) -> Step:
    """A step that writes ``placements`` (Sato's engine only places digits: no eliminations)."""
    return Step("sudoku", technique, text, level=TECHNIQUES[technique].level,
                placements=placements)


def english_name(technique: str) -> str | None:
    """The closest modern name of the paper's technique ``technique`` (the desk shows
    both)."""
    entry = TECHNIQUES.get(technique)
    return None if entry is None else entry.modern
