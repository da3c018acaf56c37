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

import gc
from collections import Counter
from dataclasses import dataclass, field

from pencilsat.core.values import Cell
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.lightup.catalogue import BY_NAME, SEARCH_ORDER, TRIAL, Technique
from pencilsat.grading.lightup.cost import THESIS_SCALE, LevelScale, size_factor, use_cost
from pencilsat.grading.lightup.counting import counting_open
from pencilsat.grading.lightup.evaluations import EvaluationMemo
from pencilsat.grading.lightup.finder import Finder, KeyStamps
from pencilsat.grading.lightup.score import lightup_score
from pencilsat.grading.lightup.state import (
    LIGHT,
    LIT,
    NO_LIGHT,
    UNKNOWN,
    Board,
    ContradictionError,
    Marks,
)
from pencilsat.grading.lightup.trials import MAX_DEPTH, TrialResult, find_trial
from pencilsat.grading.steps import (
    Grade,
    Step,
    Trial,
    json_number,
    score_text,
    technique_counts,
)
from pencilsat.puzzles.lightup import LightUpPuzzle


@dataclass(frozen=True)
class LightUpExtras:
    """What Kashima (2010) adds to a Light Up grade: the problem cost and how far the
    techniques got.

    ``cost`` sums the steps' charges (after habituation, trials included) whether or not the
    puzzle was finished, ``technique_costs`` per technique; ``size_cost`` is the cost brought
    to a 10x10 (:func:`~cost.size_factor`) and ``t_score`` its deviation score, which the
    level comes from. ``white_cells`` / ``lit_cells`` / ``lights`` and ``final_rows`` (the board as
    the techniques left it) describe an unfinished puzzle, ``stuck_reason`` why it stopped.
    The thesis calibrated its levels on 10x10 puzzles; other sizes are levelled on
    ``size_cost``. ``counting_open`` is the share of white cells the counting techniques
    alone leave unlit (:mod:`counting`; read by the score, not in the JSON or the text;
    ``None`` when graded with ``score=False``, which skips that run).
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
    size_cost: float = 0.0
    counting_open: float | None = None

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
            sized = ("" if (self.width, self.height) == (10, 10) else
                     f", {self.size_cost:.3f} at 10x10 size")
            lines.append(f"level {grade.level} of 7 (cost {self.cost:.3f}{sized}, T-score "
                         f"{self.t_score:.1f}){score_text(grade.score)}")
        elif grade.level is not None:
            lines.append(f"level {grade.level} of 7 (unfinished: {self.stuck_reason}; "
                         f"{self.lit_cells} of {self.white_cells} white cells lit)"
                         f"{score_text(grade.score)}")
        else:
            lines.append(f"unrated: the 25 techniques stop with {self.lit_cells} of "
                         f"{self.white_cells} white cells lit ({100 * self.progress:.0f}%, "
                         f"{self.lights} lights placed, cost so far {self.cost:.3f})")
            if self.stuck_reason:
                lines.append(f"stopped: {self.stuck_reason}")
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


TRIAL_BUDGET = 800_000
"""Work for which a grade compares trials to take the shortest, counted in deductions inside
trials times the grid's cells (what a deduction costs grows with the grid): no grade of
Tatham's sets needs more than 400,000 (18x10 hard s020: 2,225 deductions). Past it each trial
is the first, in the same order, that decides: a 31x45 would otherwise compare about 1,600
assumptions per trial."""

LightUpGrade = Grade[LightUpExtras]
"""A Light Up grade: level 1-7 and a score (the top level when no trial within the budget
finishes it; ``None``, unrated, with ``faithful`` or without a solution), steps with the bulbs
they place and exclude and what each use cost."""


def grade_lightup(puzzle: LightUpPuzzle, scale: LevelScale = THESIS_SCALE, *,
                  faithful: bool = False, deadline: float | None = None,
                  score: bool = True) -> LightUpGrade:
    """Grade a (uniquely solvable) Light Up puzzle with Kashima's 25 techniques, and with
    contradiction trials where they stall (:mod:`trials`; ``faithful``: no trials, the
    thesis's unrated verdict). Past ``deadline`` (a ``time.perf_counter`` value) it raises
    ``GradingTimeOut``. ``score=False``: the level only, without the score's run of the
    counting techniques alone (:mod:`counting`) and with ``score`` None."""
    collecting = gc.isenabled()
    gc.disable()  # millions of small sets and no cycles: collections cost a fifth of a big grade
    try:
        return _grade(puzzle, scale, faithful, deadline, score)
    finally:
        if collecting:
            gc.enable()


def _grade(puzzle: LightUpPuzzle, scale: LevelScale, faithful: bool, deadline: float | None,
           score: bool) -> LightUpGrade:
    board = Board.from_puzzle(puzzle)
    finder = Finder(board, SEARCH_ORDER)
    if not faithful:
        finder.stamps = KeyStamps(board)
        finder.memo = EvaluationMemo(board)
    steps: list[Step] = []
    charges: list[float] = []
    uses: Counter[int] = Counter()
    stuck: str | None = None
    budget = [TRIAL_BUDGET]
    try:
        while True:
            check_deadline(deadline)
            hit = finder.next_application()
            if hit is not None:
                tech = hit.technique
                uses[tech.number] += 1
                charges.append(use_cost(tech.cost, uses[tech.number]))
                steps.append(record_step(board, tech, hit.anchor, hit.marks, charges[-1],
                                     hit.options))
                finder.apply(hit.marks)
                continue
            if faithful or board.solved():
                break
            found = find_trial(board, finder, MAX_DEPTH, budget)
            if found is None:
                break
            uses[TRIAL.number] += 1
            charges.append(use_cost(TRIAL.cost, uses[TRIAL.number]))
            steps.append(_record_trial(board, found, charges[-1]))
            finder.apply(found.marks)
    except ContradictionError as exc:
        stuck = f"contradiction ({exc}); the puzzle has no solution"
    unresolved = board.unresolved()
    finished = stuck is None and not unresolved and board.clues_exact()
    beyond = not faithful and stuck is None and not finished
    if stuck is None and not finished:
        stuck = ("no technique applies (needs techniques beyond the 25 or trial and error)"
                 if faithful else f"no technique applies and no trial (nesting up to "
                 f"{MAX_DEPTH}) decides a cell")
    cost = sum(charges)
    totals: dict[str, float] = {}
    for s, charge in zip(steps, charges, strict=True):
        totals[s.technique] = totals.get(s.technique, 0.0) + charge
    white = sum(board.geo.white)
    size_cost = cost * size_factor(puzzle.width, puzzle.height)
    left_by_counting = counting_open(puzzle, deadline) if score else None
    extras = LightUpExtras(
        cost=cost,
        technique_costs=totals,
        t_score=scale.t_score(size_cost),
        white_cells=white,
        lit_cells=white - len(unresolved),
        lights=len(board.lights()),
        width=puzzle.width,
        height=puzzle.height,
        final_rows=_rows(puzzle, board),
        stuck_reason=stuck,
        size_cost=size_cost,
        counting_open=left_by_counting,
    )
    # beyond the techniques and the trials the budget allows: the top level (a unique puzzle
    # always gets a level and a score outside ``faithful``), its score from the log so far
    level = scale.level(size_cost) if finished else top_level(scale) if beyond else None
    rating = (lightup_score(steps, level, puzzle.width, puzzle.height,
                            counting_open=left_by_counting)
              if level is not None and left_by_counting is not None else None)
    return Grade(level, finished, technique_counts(steps), steps, extras, rating)


def top_level(scale: LevelScale) -> int:
    """The scale's hardest level (7 on the thesis's)."""
    return len(scale.thresholds) + 1


def record_step(board: Board, tech: Technique, anchor: int, marks: Marks, charged: float,
                options: int | None = None) -> Step:
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
                no_bulb=no_bulb, exactly_one_bulb=restriction, options=options)


def _record_trial(board: Board, found: TrialResult, charged: float) -> Step:
    bulbs = tuple(board.cells(found.marks.lights))
    no_bulb = tuple(board.cells(found.marks.no_light))
    cell = (bulbs or no_bulb)[0]
    nested = f", with trials nested {found.nesting - 1} deep" if found.nesting > 1 else ""
    conclusion = f"light on {_cell_name(cell)}" if bulbs else f"no light on {_cell_name(cell)}"
    outcome = (f"leads to a contradiction after {found.depth} deductions{nested} "
               f"({found.why})" if found.refuted else
               f"lights the board after {found.depth} deductions{nested}; the solution is "
               f"unique")
    text = (f"{TRIAL.japanese} ({TRIAL.english}): assuming {found.assumption} {outcome}: "
            f"{conclusion}")
    return Step("lightup", TRIAL.japanese, text, cost=charged, origin=cell, bulbs=bulbs,
                no_bulb=no_bulb, trial=Trial(found.attempts, found.depth, found.nesting), options=0)


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
