"""Measures of *finding* a step, read from a Sudoku grade's log (Pelánek 2011).

A person solving an easy Sudoku spends the time looking for the next placement, not on the
hardest technique; Pelánek's model counts how many steps are open at each point and how they
depend on one another. The grade's placements are replayed from the clues and, before each
step, the grid is surveyed for the singles open there ("sees" exclusion as in the paper): full
houses, naked singles, hidden singles in a block or a line (a cell counts once in
``options``). From these, per puzzle:

- *search cost* of a step, ``(empty + 1) / (options + 1)``: the expected empty cells a random
  scan looks at before one a single fills (few options cost more);
- *scan cost*: the same with only full houses and hidden singles (what a scan by digit meets);
- *dependency*: a step is dependent when the previous step opened its cell; *layers* is the
  length of the longest chain of steps each needing an earlier one;
- the number of cells to fill;
- the same costs on *a person's path*: at each point a cell of the easiest kind open (full
  house, hidden single in a block, in a line, naked single), with the digit the grade proved;
  where none is open, the grade's next placement (``person.stuck``);
- the *digit scan cost* on that path, ``(pairs + 1) / (hits + 1)``: of the (unit, missing
  digit) pairs a scan by digit can look at, how many before one whose digit has a single
  place left; summed, and summed squared (``person.digits.sq``: a hard find costs more);
- the *candidates*: the digits each empty cell may hold given the clues, summed;
- a *digit sweep* (:func:`digit_sweep`), cross-hatching as a person does it: digit by digit,
  every unit still missing the digit looked at, staying with a digit while it places; the
  unit checks it makes before the grid is full (``sweep.checks``) and its passes over the nine
  digits (``sweep.passes``).

The survey is the grader's own state (no pencil marks, no solution), so the measures are the
same on every run; docs/graders.md has their figures on the human times.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.state import ALL_DIGITS, UNITS, SudokuState

KINDS = ("full_house", "naked", "hidden_block", "hidden_line")
"""The kinds of single a survey counts (module doc)."""


@dataclass(frozen=True)
class Survey:
    """The singles open on one grid: per kind, the bitmask of the cells it fills (bit c for
    cell c), and the number of empty cells."""

    masks: dict[str, int]
    empty: int

    @property
    def open_cells(self) -> int:
        """The cells some single fills, as a bitmask."""
        out = 0
        for mask in self.masks.values():
            out |= mask
        return out

    @property
    def options(self) -> int:
        return self.open_cells.bit_count()

    def count(self, kind: str) -> int:
        return self.masks[kind].bit_count()

    @property
    def cost(self) -> float:
        """The expected cells a random scan looks at before it meets an open one."""
        return (self.empty + 1) / (self.options + 1)

    @property
    def scan_cost(self) -> float:
        """:attr:`cost` counting only the cells a scan by digit meets (no naked singles)."""
        scanned = self.masks["full_house"] | self.masks["hidden_block"] | self.masks[
            "hidden_line"]
        return (self.empty + 1) / (scanned.bit_count() + 1)


def survey(state: SudokuState) -> Survey:
    """The singles open on ``state``'s grid, by kind (module doc)."""
    grid = state.grid
    free = [0 if grid[c] else ALL_DIGITS & ~state.seen(c) for c in range(81)]
    masks = dict.fromkeys(KINDS, 0)
    for c in range(81):
        f = free[c]
        if f and not f & (f - 1):
            masks["naked"] |= 1 << c
    for unit, members in enumerate(UNITS):
        empties = [c for c in members if not grid[c]]
        if len(empties) == 1:
            masks["full_house"] |= 1 << empties[0]
            continue
        once = twice = 0
        for c in empties:
            f = free[c]
            twice |= once & f
            once |= f
        lone = once & ~twice & state.missing(unit)
        if not lone:
            continue
        kind = "hidden_block" if unit >= 18 else "hidden_line"
        for c in empties:
            if free[c] & lone:
                masks[kind] |= 1 << c
    return Survey(masks, grid.count(0))


@dataclass(frozen=True)
class StepFinding:
    """One step seen by the finding measures: the survey before it, whether a single filled
    its (first) cell there, whether it is dependent, and its layer (module doc)."""

    survey: Survey
    by_single: bool
    dependent: bool
    layer: int


def step_findings(clues: Sequence[int], steps: Sequence[Step]) -> list[StepFinding]:
    """Replay ``steps`` (a Sudoku grade's, in order) from ``clues`` (81 digits, 0 for an empty
    cell) and describe each placing step (steps that place nothing are skipped)."""
    state = SudokuState.from_clues(list(clues))
    out: list[StepFinding] = []
    opened_at: dict[int, int] = {}   # cell -> index of the first survey of its current run
    best_before: list[int] = [0]     # best_before[i]: the highest layer among steps < i
    previous = 0
    for step in steps:
        if not step.placements:
            continue
        here = survey(state)
        now = here.open_cells
        i = len(out)
        for c in list(opened_at):
            if not now >> c & 1:
                del opened_at[c]
        for c in range(81):
            if now >> c & 1 and c not in opened_at:
                opened_at[c] = i
        r, k, _ = step.placements[0]
        cell = r * 9 + k
        by_single = bool(now >> cell & 1)
        since = opened_at.get(cell, i) if by_single else i
        layer = 1 + best_before[since]
        dependent = i > 0 and by_single and not previous >> cell & 1
        out.append(StepFinding(here, by_single, dependent, layer))
        best_before.append(max(best_before[-1], layer))
        previous = now
        for r, k, d in step.placements:
            state.place(r * 9 + k, d)
    return out


PATH_ORDER = ("full_house", "hidden_block", "hidden_line", "naked")
"""The kinds a person's path takes first to last (module doc)."""


def person_path(clues: Sequence[int], steps: Sequence[Step]) -> list[Survey]:
    """The surveys before each placement of a person's path (module doc) from ``clues``, with
    the digits the grade's ``steps`` placed; it ends where it reaches a cell the grade did not
    fill."""
    return [here for here, _ in _person_walk(clues, steps)]


def _person_walk(clues: Sequence[int], steps: Sequence[Step]
                 ) -> Iterator[tuple[Survey, SudokuState]]:
    """:func:`person_path`'s surveys, each with the grid it surveyed (read it before the next
    item: the walk then places on it)."""
    proved: dict[int, int] = {}
    order: list[int] = []
    for step in steps:
        for r, k, d in step.placements:
            proved[r * 9 + k] = d
            order.append(r * 9 + k)
    state = SudokuState.from_clues(list(clues))
    while not state.complete():
        here = survey(state)
        cell = next((_lowest(here.masks[kind]) for kind in PATH_ORDER if here.masks[kind]),
                    None)
        if cell is None:
            cell = next((c for c in order if not state.grid[c]), None)
        if cell is None or cell not in proved:
            return
        yield here, state
        state.place(cell, proved[cell])


def digit_pairs(state: SudokuState) -> tuple[int, int]:
    """(pairs, hits) of a grid: the (unit, digit missing from it) pairs, and those whose digit
    has exactly one empty cell of the unit that does not see it (a hidden single or a full
    house found by scanning that digit)."""
    grid = state.grid
    free = [0 if grid[c] else ALL_DIGITS & ~state.seen(c) for c in range(81)]
    pairs = hits = 0
    for unit, members in enumerate(UNITS):
        missing = state.missing(unit)
        if not missing:
            continue
        pairs += missing.bit_count()
        once = twice = 0
        for c in members:
            f = free[c]
            twice |= once & f
            once |= f
        hits += (once & ~twice & missing).bit_count()
    return pairs, hits


def _digit_scan_cost(state: SudokuState) -> float:
    pairs, hits = digit_pairs(state)
    return (pairs + 1) / (hits + 1)


def digit_sweep(clues: Sequence[int], steps: Sequence[Step]) -> tuple[int, int]:
    """(unit checks, passes) of a person cross-hatching digit by digit (module doc): for each
    digit 1-9, every unit missing it is checked for a single place left, placed there, and the
    digit's units checked again while it places; a pass over the nine digits that places
    nothing is followed by the naked singles open, and where there are none by the grade's
    next placement. Digits are the grade's (``steps``); the sweep ends when the grid is full or
    it reaches a cell the grade did not fill."""
    proved: dict[int, int] = {}
    order: list[int] = []
    for step in steps:
        for r, k, d in step.placements:
            proved[r * 9 + k] = d
            order.append(r * 9 + k)
    state = SudokuState.from_clues(list(clues))
    grid = state.grid
    checks = passes = 0
    while not state.complete():
        placed = 0
        for digit in range(1, 10):
            bit = 1 << digit
            again = True
            while again:
                again = False
                for unit, members in enumerate(UNITS):
                    if not state.missing(unit) & bit:
                        continue
                    checks += 1
                    places = [c for c in members if not grid[c] and not state.seen(c) & bit]
                    if len(places) == 1 and proved.get(places[0]) == digit:
                        state.place(places[0], digit)
                        placed += 1
                        again = True
        passes += 1
        if placed:
            continue
        for c in range(81):
            f = 0 if grid[c] else ALL_DIGITS & ~state.seen(c)
            if f and not f & (f - 1) and proved.get(c) == f.bit_length() - 1:
                state.place(c, f.bit_length() - 1)
                placed += 1
        if placed:
            continue
        cell = next((c for c in order if not grid[c]), None)
        if cell is None:
            break
        state.place(cell, proved[cell])
    return checks, passes


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


FINDING_MEASURES: dict[str, str] = {
    "cells_to_fill": "empty cells of the puzzle",
    "options.mean": "mean, over the steps, of the cells a single could fill before the step",
    "options.min": "fewest cells a single could fill before any step",
    "cost.mean": "mean search cost, (empty + 1) / (options + 1) before each step",
    "cost.max": "worst search cost of a step",
    "cost.sum": "search costs summed over the steps: the expected cells scanned in all",
    "scan.sum": "scan costs (full houses and hidden singles only) summed over the steps",
    "narrow": "steps with at most one cell open to a single",
    "dependent": "share of the steps whose cell the step before opened",
    "layers": "length of the longest chain of steps, each needing one before it",
    **{f"kind.{kind}": f"mean cells open to a {kind.replace('_', ' ')} before a step"
       for kind in KINDS},
    "person.scan.sum": "scan costs summed over a person's path (easiest single first)",
    "person.cost.sum": "search costs summed over a person's path",
    "person.stuck": "steps of a person's path with no single open",
    "person.digits.sum": "digit scan costs summed over a person's path",
    "person.digits.sq": "squared digit scan costs summed over a person's path",
    "candidates": "digits the empty cells may hold given the clues, summed",
    "sweep.checks": "unit checks of a digit-by-digit sweep until the grid is full",
    "sweep.passes": "passes of that sweep over the nine digits",
}
"""The per-puzzle finding measures :func:`finding_measures` returns, and their meaning."""


def finding_measures(clues: Sequence[int], steps: Sequence[Step]) -> dict[str, float]:
    """The per-puzzle measures of :data:`FINDING_MEASURES` for a grade's ``steps`` from
    ``clues`` (zeros for a puzzle with no placing step)."""
    found = step_findings(clues, steps)
    n = len(found)
    out = dict.fromkeys(FINDING_MEASURES, 0.0)
    out["cells_to_fill"] = float(sum(1 for d in clues if not d))
    start = SudokuState.from_clues(list(clues))
    out["candidates"] = float(sum((ALL_DIGITS & ~start.seen(c)).bit_count()
                                  for c in range(81) if not start.grid[c]))
    if not n:
        return out
    options = [f.survey.options for f in found]
    costs = [f.survey.cost for f in found]
    out.update({
        "options.mean": sum(options) / n,
        "options.min": float(min(options)),
        "cost.mean": sum(costs) / n,
        "cost.max": max(costs),
        "cost.sum": sum(costs),
        "scan.sum": sum(f.survey.scan_cost for f in found),
        "narrow": float(sum(1 for o in options if o <= 1)),
        "dependent": sum(1 for f in found if f.dependent) / n,
        "layers": float(max(f.layer for f in found)),
    })
    for kind in KINDS:
        out[f"kind.{kind}"] = sum(f.survey.count(kind) for f in found) / n
    path: list[Survey] = []
    digits = squares = 0.0
    for here, state in _person_walk(clues, steps):
        path.append(here)
        cost = _digit_scan_cost(state)
        digits += cost
        squares += cost * cost
    out["person.scan.sum"] = sum(s.scan_cost for s in path)
    out["person.cost.sum"] = sum(s.cost for s in path)
    out["person.stuck"] = float(sum(1 for s in path if not s.options))
    out["person.digits.sum"] = digits
    out["person.digits.sq"] = squares
    checks, passes = digit_sweep(clues, steps)
    out["sweep.checks"], out["sweep.passes"] = float(checks), float(passes)
    return out
