"""The step finder of the paper's main loop: techniques in order of cost, one placement,
restart (digest §5.3).

Every technique returns after **one** placement and the loop starts again from the cheapest
one, so cheaper techniques always win; the level-up counters depend on this (digest §8.3-3).
The level gates follow the rebuilt table of paper §3.2 (digest §5.2), in the listing's run
order (n=1, SANRETUSYO, n=2, ...; SPESANRETU before SPEAKIMSLV2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.bands import modified_three_line, three_line
from pencilsat.grading.sudoku.pair_processing import pair_processing
from pencilsat.grading.sudoku.pair_systems import PairSystem
from pencilsat.grading.sudoku.singles import (
    filled_corner_block,
    modified_n_empty_cell,
    n_empty_cell,
)
from pencilsat.grading.sudoku.state import SudokuState

DUPLICATE, COMPLETE, STALLED = "duplicate", "complete", "stalled"
"""How a trial ends: a digit twice in a unit, a full grid, or no technique applies."""


@dataclass
class PairMemory:
    """The pair systems and bivalue cells of the latest ``PAIRSUSYO`` call: the candidate
    source of contradiction processing (digest §4); and ``trials``, for each grid a trial of
    this grade passed through, how many more placements that trial made and how it ended.

    A trial is deterministic from its grid (``find_step`` reads only the state, which the grid
    determines), so a later trial reaching a grid already seen ends the same way: about half
    the trial steps of a grade revisit a grid (the contradiction survey tries every candidate
    from the same state, and many converge)."""

    pairs: list[PairSystem] = field(default_factory=list)
    bivalues: list[tuple[int, int]] = field(default_factory=list)
    trials: dict[bytes, tuple[int, str]] = field(default_factory=dict)


def find_step(
    state: SudokuState, level: int, in_trial: bool, memory: PairMemory
) -> Step | None:
    """The first placement the techniques allowed at ``level`` find, cheapest first.

    Technique 6 is skipped inside a trial (trials never nest, digest §4).
    """
    step = n_empty_cell(state, 1, naked=False) or three_line(state) or n_empty_cell(
        state, 2, naked=False)
    if step is not None:
        return step
    if level == 1:
        return modified_n_empty_cell(state, 3)
    step = (n_empty_cell(state, 3, naked=True) or n_empty_cell(state, 4, naked=False)
            or modified_three_line(state) or modified_n_empty_cell(state, 5)
            or filled_corner_block(state))
    if step is not None or level == 2:
        return step
    step = (n_empty_cell(state, 4, naked=True) or n_empty_cell(state, 5, naked=True)
            or n_empty_cell(state, 6, naked=True))
    if step is not None or in_trial:
        return step
    result = pair_processing(state)
    if result.step is None:
        memory.pairs, memory.bivalues = result.pairs, result.bivalues
    return result.step


def apply(state: SudokuState, step: Step) -> None:
    for r, c, d in step.placements:
        state.place(r * 9 + c, d)


def run_trial(state: SudokuState, seen: dict[bytes, tuple[int, str]] | None = None
              ) -> tuple[int, str]:
    """Solve on at level 3 without technique 6 until stalled, a duplicate or a full grid;
    returns how many placements the trial made (its depth) and how it ended (``DUPLICATE``,
    ``COMPLETE`` or ``STALLED``). ``seen`` (``PairMemory.trials``) answers for a grid met
    before, without solving on (``state`` is then left at that grid), and learns this run's
    grids."""
    memory = PairMemory()
    placed = 0
    path: list[bytes] = []
    ending = None
    while not state.duplicate and not state.complete():
        if seen is not None:
            key = bytes(state.grid)
            known = seen.get(key)
            if known is not None:
                placed += known[0]
                ending = known[1]
                break
            path.append(key)
        step = find_step(state, 3, True, memory)
        if step is None:
            break
        apply(state, step)
        placed += 1
    if ending is None:
        ending = DUPLICATE if state.duplicate else COMPLETE if state.complete() else STALLED
    if seen is not None:
        for done, key in enumerate(path):
            seen[key] = (placed - done, ending)
    return placed, ending
