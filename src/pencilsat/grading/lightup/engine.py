"""Light Up difficulty grader after Kashima (2010), 「ペンシルパズル『美術館』における難易度判定に
関する研究」 (digest: docs/lightup-grading.md).

The grader simulates a human: it repeatedly applies the most basic of the 25 techniques that
changes something, scanning anchors in row-major order and restarting from the most basic
technique after every application (§3.3). There is no trial and error; a puzzle the techniques
cannot finish is reported unfinished with how far they got (D8). The problem cost sums the
technique costs with habituation (§4.5) and maps to 7 levels (Table 4.8).

The engine reads only the puzzle model: never the solution, never a solver. Grade only puzzles
already proven unique (the front does that).

The search itself lives in :mod:`finder` (incremental, identical to a full rescan).

Decisions where the thesis is silent or ambiguous (digest §9.1; details in each technique's
docstring):
- D1 order: ascending Table 4.7 cost, ties by thesis number (孤立 0, 単純否定 1, 単純発生 4, ...).
- D2 generality: rules in terms of need/avail/cand/sees in all 8 symmetries; "a 1" / "a 2" in
  a pattern means a clue still needing 1 / 2 lights; any unavailable cell removes a place.
- D3: T1 only when all the clue's white neighbours are still unknown, otherwise T2.
- D4: the grid edge is a wall.  D5: k-th use costs max(b / 2**(k-1), b / 10).
- D6: thesis thresholds (mu 48.216, sigma 17.783); a cost exactly on a threshold takes the
  lower level; ``LevelScale`` makes them configurable.
- D7: T25's restriction is a virtual clue read by T2, T9 and T11; counted only when new.
- D8: unfinished puzzles get level ``None`` (unrated) plus the cost and the lit share so far.
- D9: an application must change a cell; exclusions of cells its own lights light are dropped.
- D10: anchors are the origins of digest §4 (T7 and T10: the clue). One application = one
  technique at one anchor; every instance found at that anchor is applied together.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pencilsat.core.values import Cell
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.lightup.catalogue import SEARCH_ORDER, Technique
from pencilsat.grading.lightup.cost import THESIS_SCALE, LevelScale, use_cost
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import (
    LIGHT,
    LIT,
    NO_LIGHT,
    UNKNOWN,
    Board,
    ContradictionError,
    Deduction,
)
from pencilsat.puzzles.lightup import LightUpPuzzle


@dataclass(frozen=True)
class LightUpStep:
    """One logged application: the technique, the cost charged (after habituation) and the
    cells it decided. Coordinates are 0-based (row, column)."""

    number: int
    technique: str
    english: str
    klass: str
    base_cost: int
    cost: float
    origin: Cell
    bulbs: tuple[Cell, ...]
    no_bulb: tuple[Cell, ...]
    restriction: tuple[Cell, ...] = ()

    @property
    def text(self) -> str:
        parts = []
        if self.bulbs:
            parts.append("light on " + _cells_text(self.bulbs))
        if self.no_bulb:
            parts.append("no light on " + _cells_text(self.no_bulb))
        if self.restriction:
            parts.append("exactly one light in " + _cells_text(self.restriction))
        return (f"{self.technique} ({self.english}) at {_cell_name(self.origin)}: "
                + "; ".join(parts))

    def to_json(self) -> dict:
        data = {
            "technique": self.technique,
            "cost": _number(self.cost),
            "bulbs": [list(c) for c in self.bulbs],
            "no_bulb": [list(c) for c in self.no_bulb],
        }
        if self.restriction:  # T25 fixes no cell, only "exactly one light in these"
            data["exactly_one_bulb"] = [list(c) for c in self.restriction]
        return data


@dataclass(frozen=True)
class LightUpGrade:
    """Result of :func:`grade_lightup`.

    ``level`` is 1-7 when the techniques finished the puzzle and ``None`` (unrated, D8)
    otherwise; ``cost`` is the cost of the steps made either way. Levels are calibrated on 10x10
    puzzles only (thesis ch. 6); for other sizes they are indicative.
    """

    level: int | None
    cost: float
    finished: bool
    techniques: dict[str, int]
    technique_costs: dict[str, float]
    steps: list[LightUpStep]
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

    def to_json(self) -> dict:
        data = {
            "level": self.level,
            "cost": _number(self.cost),
            "finished": self.finished,
            "techniques": dict(self.techniques),
            "steps": [s.to_json() for s in self.steps],
        }
        if not self.finished:  # what the text output says of an unrated grade
            data.update(white_cells=self.white_cells, lit_cells=self.lit_cells,
                        lights=self.lights, stopped=self.stuck_reason)
        return data

    def describe(self, show_steps: bool = False) -> str:
        lines = []
        if self.finished:
            lines.append(f"level {self.level} of 7 (cost {self.cost:.3f}, T-score "
                         f"{self.t_score:.1f})")
        else:
            lines.append(f"unrated: the 25 techniques stop with {self.lit_cells} of "
                         f"{self.white_cells} white cells lit ({100 * self.progress:.0f}%, "
                         f"{self.lights} lights placed, cost so far {self.cost:.3f})")
            if self.stuck_reason:
                lines.append(f"stopped: {self.stuck_reason}")
        if (self.width, self.height) != (10, 10):
            lines.append("note: levels are calibrated on 10x10 puzzles (Kashima 2010, ch. 6)")
        lines.append(f"{len(self.steps)} steps; techniques used:")
        for name, count in sorted(self.techniques.items(),
                                  key=lambda kv: -self.technique_costs[kv[0]]):
            step = next(s for s in self.steps if s.technique == name)
            lines.append(f"  {name} ({step.english}, cost {step.base_cost}): {count} use"
                         f"{'s' if count != 1 else ''}, {self.technique_costs[name]:.3f}")
        if show_steps:
            lines.append("steps:")
            lines.extend(f"  {k:4d}. [{s.cost:g}] {s.text}" for k, s in enumerate(self.steps, 1))
        if not self.finished:
            lines.append("where the techniques stopped (* light, + lit, x no light, . unknown):")
            lines.extend("  " + row for row in self.final_rows)
        return "\n".join(lines)


def grade_lightup(puzzle: LightUpPuzzle, scale: LevelScale = THESIS_SCALE, *,
                  deadline: float | None = None) -> LightUpGrade:
    """Grade a (uniquely solvable) Light Up puzzle with Kashima's 25 techniques. Past
    ``deadline`` (a ``time.perf_counter`` value) it raises ``GradingTimeOut``."""
    board = Board.from_puzzle(puzzle)
    finder = Finder(board, SEARCH_ORDER)
    steps: list[LightUpStep] = []
    uses: Counter[int] = Counter()
    stuck: str | None = None
    try:
        while (hit := finder.next_application()) is not None:
            check_deadline(deadline)
            tech, anchor, deduction = hit
            uses[tech.number] += 1
            charged = use_cost(tech.cost, uses[tech.number])
            steps.append(_record(board, tech, anchor, deduction, charged))
            finder.apply(deduction)
    except ContradictionError as exc:
        stuck = f"contradiction ({exc}); the puzzle has no solution"
    unresolved = board.unresolved()
    finished = stuck is None and not unresolved and board.clues_exact()
    if stuck is None and not finished:
        stuck = "no technique applies (needs techniques beyond the 25 or trial and error)"
    cost = sum(s.cost for s in steps)
    counts: dict[str, int] = {}
    totals: dict[str, float] = {}
    for s in steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
        totals[s.technique] = totals.get(s.technique, 0.0) + s.cost
    white = sum(board.geo.white)
    return LightUpGrade(
        level=scale.level(cost) if finished else None,
        cost=cost,
        finished=finished,
        techniques=counts,
        technique_costs=totals,
        steps=steps,
        t_score=scale.t_score(cost),
        white_cells=white,
        lit_cells=white - len(unresolved),
        lights=len(board.lights()),
        width=puzzle.width,
        height=puzzle.height,
        final_rows=_rows(puzzle, board),
        stuck_reason=stuck,
    )


def _record(board: Board, tech: Technique, anchor: int, deduction: Deduction,
            charged: float) -> LightUpStep:
    return LightUpStep(
        number=tech.number,
        technique=tech.japanese,
        english=tech.english,
        klass=tech.klass,
        base_cost=tech.cost,
        cost=charged,
        origin=board.geo.cell(anchor),
        bulbs=tuple(board.cells(deduction.lights)),
        no_bulb=tuple(board.cells(deduction.no_light)),
        restriction=tuple(board.cells(deduction.restriction)),
    )


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


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 6)
