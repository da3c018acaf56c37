"""Contradiction processing, ``MUJYUNSYORI`` (paper Def. 16, digest §4). Modern: trial and
error / bifurcation of depth 1.

Candidates come from the last ``PAIRSUSYO`` call: (A) for each pair system (s; p, q), "p = s"
(else q = s) then "q = s" (else p = s); (B) for each bivalue cell {d1 < d2}, "= d1" (else d2)
then "= d2" (else d1). Each trial solves on at level 3 without technique 6. A duplicate digit
in a unit (the only contradiction detected) makes the alternative certain; a trial that fills
the grid without a duplicate shows that its assumption holds (the paper accepts the filled
grid; the grader runs only on puzzles already proved unique, where that grid is the solution);
a trial that stalls is discarded and the next one tried.

A trial's step records only what it proves, one digit (the alternative, or the assumption of
a completing trial), never the cells the trial filled; grading then resumes with the ordinary
techniques. The step's ``trial`` says how many assumptions this call tried and how many
placements the successful one made before its duplicate or its full grid.
"""

from __future__ import annotations

from dataclasses import replace

from pencilsat.grading.steps import Step, Trial
from pencilsat.grading.sudoku.catalogue import TRIAL_COMPLETES, single
from pencilsat.grading.sudoku.finder import COMPLETE, DUPLICATE, STALLED, PairMemory, run_trial
from pencilsat.grading.sudoku.state import SudokuState, cell_name, digits_of


def trial_candidates(memory: PairMemory) -> list[tuple[int, int, int, int]]:
    """(cell, digit tried, alternative cell, alternative digit), in the listing's order."""
    out = []
    for p in memory.pairs:
        out.append((p.a, p.digit, p.b, p.digit))
        out.append((p.b, p.digit, p.a, p.digit))
    for cell, mask in memory.bivalues:
        d1, d2 = digits_of(mask)
        out.append((cell, d1, cell, d2))
        out.append((cell, d2, cell, d1))
    return out


def contradiction_processing(state: SudokuState, memory: PairMemory,
                             survey: bool = True) -> Step | None:
    """The first trial that ends in a duplicate (or a full grid), as a step; ``None`` when the
    list is exhausted (the paper's TOKENAI, "cannot solve"). ``survey``: also try the later
    candidates for the score's ``deciding`` and ``shortest`` (None without).

    A trial digit already tried in this list is not tried again: its run is deterministic,
    so the outcome would repeat (a speed-up that changes no result).
    """
    tried: set[tuple[int, int]] = set()
    candidates = [c for c in trial_candidates(memory)
                  if not state.grid[c[0]] and not state.grid[c[2]]]
    for index, (cell, digit, alt_cell, alt_digit) in enumerate(candidates):
        if (cell, digit) in tried:
            continue
        tried.add((cell, digit))
        trial = state.copy()
        trial.place(cell, digit)
        depth, ending = run_trial(trial, memory.trials)
        if ending == STALLED:
            continue
        record = Trial(attempts=len(tried), depth=depth,
                       candidates=len({(c, d) for c, d, _, _ in candidates}))
        if survey:
            deciding = [depth, *_survey(state, candidates[index + 1:], tried, memory)]
            record = record._replace(deciding=len(deciding), shortest=min(deciding))
        if ending == DUPLICATE:
            step = single("MUJYUNSYORI contradiction", alt_cell, alt_digit,
                          f"assuming {cell_name(cell)} = {digit} leads to a digit twice in a "
                          f"unit after {depth} placements, so {cell_name(alt_cell)} = "
                          f"{alt_digit}")
            return replace(step, trial=record)
        if ending == COMPLETE:
            step = single(TRIAL_COMPLETES, cell, digit,
                          f"assuming {cell_name(cell)} = {digit} fills the grid without a "
                          f"contradiction ({depth} placements); the solution is unique, so "
                          f"{cell_name(cell)} = {digit}")
            return replace(step, trial=record)
    return None


def _survey(state: SudokuState, rest: list[tuple[int, int, int, int]],
            tried: set[tuple[int, int]], memory: PairMemory) -> list[int]:
    """The depths of the later candidates that would also decide a cell (a duplicate or a full
    grid): the score's measure of how many ways on there were and how short the shortest was.
    The paper's step is unchanged (the first deciding candidate)."""
    seen = set(tried)
    depths = []
    for cell, digit, _, _ in rest:
        if (cell, digit) in seen:
            continue
        seen.add((cell, digit))
        trial = state.copy()
        trial.place(cell, digit)
        depth, ending = run_trial(trial, memory.trials)
        if ending != STALLED:
            depths.append(depth)
    return depths
