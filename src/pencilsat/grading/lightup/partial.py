"""Light Up from a partly solved grid: the next step of Kashima's grader (a hint), the wrong
bulbs of a partial grid, and the bulbs the first steps of a grade have placed.

A partial grid is the solution's rows (``*`` a bulb, ``.`` open). The next step is the most
basic of the 25 techniques that changes something from there.
"""

from __future__ import annotations

from collections.abc import Iterable

from pencilsat.core.values import Cell
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.lightup.catalogue import SEARCH_ORDER
from pencilsat.grading.lightup.engine import record_step
from pencilsat.grading.lightup.finder import Finder
from pencilsat.grading.lightup.state import Board, ContradictionError, Marks
from pencilsat.grading.steps import Step
from pencilsat.puzzles.lightup import LightUpPuzzle, LightUpSolution


def next_step(puzzle: LightUpPuzzle, partial: LightUpSolution, *,
              deadline: float | None = None) -> Step | None:
    """The first step Kashima's grader takes from ``partial`` (``None``: stuck, or done)."""
    board = Board.from_puzzle(puzzle)
    finder = Finder(board, SEARCH_ORDER)
    lights = frozenset(r * puzzle.width + c for r, c in partial.bulbs)
    try:
        finder.apply(Marks(lights=lights))
        check_deadline(deadline)
        hit = finder.next_application()
    except ContradictionError:
        return None
    if hit is None:
        return None
    return record_step(board, hit.technique, hit.anchor, hit.marks, hit.technique.cost,
                       hit.options)


def mistakes(puzzle: LightUpPuzzle, partial: LightUpSolution,
             solution: LightUpSolution) -> list[Cell]:
    """The bulbs of ``partial`` that ``solution`` does not have."""
    return sorted(partial.bulbs - solution.bulbs)


def shown_after(puzzle: LightUpPuzzle, steps: Iterable[Step],
                partial: LightUpSolution | None = None) -> LightUpSolution:
    """The bulbs placed after ``steps`` (on ``partial``, or on the bare puzzle)."""
    bulbs = set(partial.bulbs) if partial is not None else set()
    for step in steps:
        bulbs.update(step.bulbs)
    return LightUpSolution.from_bulbs(bulbs, puzzle.width, puzzle.height)


def cells_of(step: Step) -> list[Cell]:
    """The cells ``step`` places a bulb on, rules one out of, or restricts."""
    return sorted({*step.bulbs, *step.no_bulb, *step.exactly_one_bulb})


FACTS_IN_JSON = ("bulbs", "no_bulb")
"""The fact lists a Light Up step always carries in its JSON."""


def agrees(step: Step, solution: LightUpSolution) -> bool:
    """Whether ``solution`` has the bulbs ``step`` places, none it rules out, and exactly
    one among the cells it restricts."""
    bulbs = solution.bulbs
    return (set(step.bulbs) <= bulbs and not set(step.no_bulb) & bulbs
            and (not step.exactly_one_bulb or len(set(step.exactly_one_bulb) & bulbs) == 1))
