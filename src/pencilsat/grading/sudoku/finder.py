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


@dataclass
class PairMemory:
    """The pair systems and bivalue cells of the latest ``PAIRSUSYO`` call: the candidate
    source of contradiction processing (digest §4)."""

    pairs: list[PairSystem] = field(default_factory=list)
    bivalues: list[tuple[int, int]] = field(default_factory=list)


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


def run_trial(state: SudokuState) -> int:
    """Solve on at level 3 without technique 6 until stalled, a duplicate or a full grid;
    returns how many placements the trial made (its depth)."""
    memory = PairMemory()
    placed = 0
    while not state.duplicate and not state.complete():
        step = find_step(state, 3, True, memory)
        if step is None:
            break
        apply(state, step)
        placed += 1
    return placed
