"""Light Up difficulty grader after Kashima (2010), 「ペンシルパズル『美術館』における難易度判定に
関する研究」 (digest: docs/lightup-grading.md).

The grader simulates a human: it repeatedly applies the most basic of the 25 techniques that
changes something, scanning anchors in row-major order and restarting from the most basic
technique after every application (§3.3; the search is :mod:`finder`). There is no trial and
error: a puzzle the techniques cannot finish is reported unrated with how far they got. The
problem cost sums the technique costs with habituation (§4.5, :mod:`cost`) and maps to 7
levels (Table 4.8). It reads only the puzzle; grade only puzzles proven unique (the front).

Decisions where the thesis is silent (digest §9.1; details in each technique's docstring):
D1 ascending Table 4.7 cost, ties by thesis number (:mod:`catalogue`); D2 rules over
need/avail/cand/sees in all 8 symmetries, "a 1" / "a 2" meaning a clue still needing 1 / 2,
any unavailable cell removing a place; D3 T1 only while all the clue's white neighbours are
unknown, otherwise T2; D4 the grid edge is a wall; D5 the k-th use costs
max(b / 2**(k-1), b / 10); D6 the thesis thresholds (mu 48.216, sigma 17.783), a cost on a
threshold taking the lower level (``LevelScale`` makes them configurable); D7 T25's
restriction is a virtual clue read by T2, T9 and T11, counted only when new; D8 an unfinished
puzzle is unrated (level ``None``) with its cost and lit share; D9 an application must change
a cell, and exclusions of cells its own lights light are dropped; D10 anchors are the origins
of digest §4 (T7 and T10: the clue), one application being one technique at one anchor, with
every instance found there applied together.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pencilsat.core.values import Cell
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.lightup.catalogue import BY_NAME, SEARCH_ORDER, Technique
from pencilsat.grading.lightup.cost import THESIS_SCALE, LevelScale, use_cost
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import (
    LIGHT,
    LIT,
    NO_LIGHT,
    UNKNOWN,
    Board,
    ContradictionError,
    Marks,
)
from pencilsat.grading.steps import Grade, Step, json_number, technique_counts
from pencilsat.puzzles.lightup import LightUpPuzzle


@dataclass(frozen=True)
class LightUpExtras:
    """What Kashima (2010) adds to a Light Up grade: the problem cost and how far the
    techniques got.

    ``cost`` sums the steps' charges (after habituation) whether or not the techniques
    finished, ``technique_costs`` per technique; ``t_score`` is the deviation score the level
    comes from. ``white_cells`` / ``lit_cells`` / ``lights`` and ``final_rows`` (the board as
    the techniques left it) describe an unfinished puzzle, ``stuck_reason`` why it stopped.
    Levels are calibrated on 10x10 puzzles only (thesis ch. 6); for other sizes they are
    indicative.
    """

    cost: float
    technique_costs: dict[str, float]
    t_score: float
    white_cells: int
    lit_cells: int
    lights: int
    width: int
    height: int
    final_rows: list[str] = field(default_factory=list)
    stuck_reason: str | None = None

    @property
    def progress(self) -> float:
        """Share of white cells lit when the techniques stopped."""
        return self.lit_cells / self.white_cells if self.white_cells else 1.0

    def json_head(self) -> dict[str, object]:
        return {"cost": json_number(self.cost)}

    def json_tail(self, grade: LightUpGrade) -> dict[str, object]:
        if grade.finished:
            return {}
        # what the text output says of an unrated grade
        return {"white_cells": self.white_cells, "lit_cells": self.lit_cells,
                "lights": self.lights, "stopped": self.stuck_reason}

    def report(self, grade: LightUpGrade, steps: bool) -> str:
        lines = []
        if grade.finished:
            lines.append(f"level {grade.level} of 7 (cost {self.cost:.3f}, T-score "
                         f"{self.t_score:.1f})")
        else:
            lines.append(f"unrated: the 25 techniques stop with {self.lit_cells} of "
                         f"{self.white_cells} white cells lit ({100 * self.progress:.0f}%, "
                         f"{self.lights} lights placed, cost so far {self.cost:.3f})")
            if self.stuck_reason:
                lines.append(f"stopped: {self.stuck_reason}")
        if (self.width, self.height) != (10, 10):
            lines.append("note: levels are calibrated on 10x10 puzzles (Kashima 2010, ch. 6)")
        lines.append(f"{len(grade.steps)} steps; techniques used:")
        for name, count in sorted(grade.techniques.items(),
                                  key=lambda kv: -self.technique_costs[kv[0]]):
            tech = BY_NAME[name]
            lines.append(f"  {name} ({tech.english}, cost {tech.cost}): {count} use"
                         f"{'s' if count != 1 else ''}, {self.technique_costs[name]:.3f}")
        if steps:
            lines.append("steps:")
            lines.extend(f"  {k:4d}. [{s.cost:g}] {s.text}" for k, s in enumerate(grade.steps, 1))
        if not grade.finished:
            lines.append("where the techniques stopped (* light, + lit, x no light, . unknown):")
            lines.extend("  " + row for row in self.final_rows)
        return "\n".join(lines)


LightUpGrade = Grade[LightUpExtras]
"""A Light Up grade: level 1-7 when the techniques finished (``None``, unrated, otherwise),
steps with the bulbs they place and exclude and what each use cost."""


def grade_lightup(puzzle: LightUpPuzzle, scale: LevelScale = THESIS_SCALE, *,
                  deadline: float | None = None) -> LightUpGrade:
    """Grade a (uniquely solvable) Light Up puzzle with Kashima's 25 techniques. Past
    ``deadline`` (a ``time.perf_counter`` value) it raises ``GradingTimeOut``."""
    board = Board.from_puzzle(puzzle)
    finder = Finder(board, SEARCH_ORDER)
    steps: list[Step] = []
    charges: list[float] = []
    uses: Counter[int] = Counter()
    stuck: str | None = None
    try:
        while (hit := finder.next_application()) is not None:
            check_deadline(deadline)
            tech, anchor, marks = hit
            uses[tech.number] += 1
            charges.append(use_cost(tech.cost, uses[tech.number]))
            steps.append(record_step(board, tech, anchor, marks, charges[-1]))
            finder.apply(marks)
    except ContradictionError as exc:
        stuck = f"contradiction ({exc}); the puzzle has no solution"
    unresolved = board.unresolved()
    finished = stuck is None and not unresolved and board.clues_exact()
    if stuck is None and not finished:
        stuck = "no technique applies (needs techniques beyond the 25 or trial and error)"
    cost = sum(charges)
    totals: dict[str, float] = {}
    for s, charge in zip(steps, charges, strict=True):
        totals[s.technique] = totals.get(s.technique, 0.0) + charge
    white = sum(board.geo.white)
    extras = LightUpExtras(
        cost=cost,
        technique_costs=totals,
        t_score=scale.t_score(cost),
        white_cells=white,
        lit_cells=white - len(unresolved),
        lights=len(board.lights()),
        width=puzzle.width,
        height=puzzle.height,
        final_rows=_rows(puzzle, board),
        stuck_reason=stuck,
    )
    return Grade(scale.level(cost) if finished else None, finished, technique_counts(steps),
                 steps, extras)


def record_step(board: Board, tech: Technique, anchor: int, marks: Marks, charged: float) -> Step:
    origin = board.geo.cell(anchor)
    bulbs = tuple(board.cells(marks.lights))
    no_bulb = tuple(board.cells(marks.no_light))
    restriction = tuple(board.cells(marks.restriction))
    parts = []
    if bulbs:
        parts.append("light on " + _cells_text(bulbs))
    if no_bulb:
        parts.append("no light on " + _cells_text(no_bulb))
    if restriction:
        parts.append("exactly one light in " + _cells_text(restriction))
    text = f"{tech.japanese} ({tech.english}) at {_cell_name(origin)}: " + "; ".join(parts)
    return Step("lightup", tech.japanese, text, cost=charged, origin=origin, bulbs=bulbs,
                no_bulb=no_bulb, exactly_one_bulb=restriction)


def _rows(puzzle: LightUpPuzzle, board: Board) -> list[str]:
    symbol = {LIGHT: "*", LIT: "+", NO_LIGHT: "x", UNKNOWN: "."}
    out = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            i = r * puzzle.width + c
            v = board.geo.number[i]
            row.append(symbol[board.state[i]] if board.geo.white[i] else
                       (str(v) if v >= 0 else "#"))
        out.append("".join(row))
    return out


def _cell_name(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _cells_text(cells: tuple[Cell, ...]) -> str:
    return " ".join(_cell_name(c) for c in cells)
