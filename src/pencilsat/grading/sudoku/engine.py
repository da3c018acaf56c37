"""Sudoku difficulty grading after Sato (2010), "On the difficulty of the puzzle Sudoku".

``grade_sudoku`` replays the paper's solver: ``FIRSTCLUE``, then the main loop at level 1,
raising the level only when stuck (level 2, then 3 with technique 6 and contradiction
processing), and finally the level-up rule of paper §5.2. The grade is the level (1-3) the run
ends at, possibly one step higher; ``finished`` says whether the run filled the grid.

The engine reads only the clues: it never sees a solution and imports no solver. Run it on
puzzles already proved unique (the CLI does that first): a trial that fills the grid proves
its assumption only when the solution is unique. The ``score`` beside the level is
:mod:`score`'s, read from the step log; ``score_time`` (in the extras) is :mod:`human_time`'s
estimate of a person's solving time, read from the same log.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pencilsat.core.errors import InputError, NotGradable
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.steps import Grade, Step, score_text, technique_counts
from pencilsat.grading.sudoku.bands import first_clue
from pencilsat.grading.sudoku.catalogue import TECHNIQUES, TRIAL_COMPLETES
from pencilsat.grading.sudoku.contradiction import contradiction_processing
from pencilsat.grading.sudoku.finder import PairMemory, apply, find_step
from pencilsat.grading.sudoku.forcing import ForcingStep, forcing_probe
from pencilsat.grading.sudoku.human_time import TimeEstimate, score_time
from pencilsat.grading.sudoku.score import sudoku_score
from pencilsat.grading.sudoku.singles import single_options
from pencilsat.grading.sudoku.state import SudokuState
from pencilsat.puzzles.sudoku import SudokuPuzzle

LEVEL1_COUNTED = frozenset({"SPEAKIMSSYO n=3"})
LEVEL2_COUNTED = frozenset(
    {"SPESANRETU filled segment", "SPESANRETU pair", "SPEAKIMSLV2 n=5", "SPEAKIMSLV2 prop4"}
)
LEVEL1_THRESHOLD = 2
LEVEL2_THRESHOLD = 3


@dataclass(frozen=True)
class SudokuExtras:
    """What Sato (2010) §5 adds to a Sudoku grade: the level-up rule and its counts.

    ``base_level`` is the level the solver ended at (3 when unsolved), the grade's ``level``
    the one after the level-up rule (``level_up``: it went up); ``counted_level1`` /
    ``counted_level2`` are the paper's c1 / c2. ``finished`` is the paper's KANSEI.
    ``completed_by_trial`` says that some trial filled the grid without a duplicate (the
    paper accepts that grid; here the step places only the assumed digit, which the filled
    grid proves on a puzzle proved unique, and grading goes on). ``hard_steps`` counts the
    steps of level-3 techniques, ``grid`` is the grid as the run left it (0 for an empty cell).
    ``forcing`` is the score's forcing probe (:mod:`forcing`), run where the grader first
    needed more than singles (empty when it never did, or when graded with ``score=False``,
    which skips the probe). ``score_time`` is the human-time estimate (:mod:`human_time`;
    ``None`` with ``score=False``).
    """

    level_up: bool
    base_level: int
    counted_level1: int
    counted_level2: int
    completed_by_trial: bool
    hard_steps: int
    grid: list[int] = field(repr=False)
    forcing: tuple[ForcingStep, ...] = field(default=(), repr=False)
    score_time: TimeEstimate | None = None

    def json_head(self) -> dict[str, object]:
        return {"score_time": None if self.score_time is None else self.score_time.to_dict(),
                "level_up": self.level_up}

    def json_tail(self, grade: SudokuGrade) -> dict[str, object]:
        return {}

    def report(self, grade: SudokuGrade, steps: bool) -> str:
        status = "solved, KANSEI" if grade.finished else "not finished, TOKENAI"
        if self.completed_by_trial:
            status += "; a trial that filled the grid proved its assumption"
        line = f"level {grade.level} ({status}){score_text(grade.score)}"
        if self.score_time is not None:
            line += f"; a person: {self.score_time.text()}"
        lines = [line]
        if self.level_up:
            lines.append(f"level-up applied: {self.base_level} -> {grade.level} (counts: "
                         f"c1 = {self.counted_level1}, c2 = {self.counted_level2})")
        lines.append("techniques:")
        for name, count in sorted(grade.techniques.items(),
                                  key=lambda kv: (TECHNIQUES[kv[0]].level, kv[0])):
            info = TECHNIQUES[name]
            lines.append(f"  L{info.level} {name:<30} x{count:<3} {info.modern}")
        if steps:
            lines.append("steps:")
            for i, step in enumerate(grade.steps, start=1):
                lines.append(f"  {i:3}. [L{step.level} {step.technique}] {step.text}")
        return "\n".join(lines) + "\n"


SudokuGrade = Grade[SudokuExtras]
"""A Sudoku grade: level 1-3 after the level-up rule, steps with the digits they place."""


def level_after_level_up(base: int, c1: int, c2: int) -> int:
    """Paper §5.2, as coded (digest §6): level 2 with c2 >= 3 becomes 3; otherwise level 1
    with c1 >= 2 becomes 2. At most one step up. c2 includes Prop. 4 placements (the listing
    counts all of ``SPEAKIMSLV2``; the prose names only technique 4 and n = 5)."""
    if base == 2 and c2 >= LEVEL2_THRESHOLD:
        return 3
    if base == 1 and c1 >= LEVEL1_THRESHOLD:
        return 2
    return base


def validated_clues(puzzle: SudokuPuzzle) -> list[int]:
    if puzzle.size != 9:
        width, height = puzzle.box_dims
        boxes = f" with boxes {width} wide and {height} tall" if puzzle.rectangular else ""
        raise NotGradable(
            f"the Sato grader is defined for 9x9 Sudoku, this one is {puzzle.size}x{puzzle.size}"
            f"{boxes}",
            hint="its band, segment and block-corner techniques assume 3x3 blocks",
        )
    if puzzle.gaps is not None:
        raise NotGradable(
            "the Sato grader is defined for plain Sudoku; this one has gaps (pzprjs' '?', "
            "cells without a digit), whose houses its techniques would fill with every digit",
            hint="solve it for the verdict; grading Sudoku with gaps is not implemented",
        )
    if puzzle.diagonal:
        raise NotGradable(
            "the Sato grader is defined for plain Sudoku; this one is an X (diagonal) Sudoku, "
            "whose diagonals its techniques do not see, so its grade would be a plain "
            "Sudoku's",
            hint="solve it for the verdict; grading the X variant is not implemented",
        )
    clues = [int(v) for v in puzzle.clues.flat]
    state = SudokuState.from_clues(clues)
    if state.duplicate:
        raise InputError("the clues repeat a digit in a row, column or block",
                         hint="check the puzzle: it has no solution")
    return clues


def grade_sudoku(puzzle: SudokuPuzzle, *, deadline: float | None = None,
                 faithful: bool = False, score: bool = True) -> SudokuGrade:
    """Grade a 9x9 Sudoku by Sato's techniques, levels and level-up rule (paper §3-§5).
    Past ``deadline`` (a ``time.perf_counter`` value) it raises ``GradingTimeOut``.
    ``faithful`` changes nothing: the level is the paper's either way (a trial that places
    one digit instead of the paper's whole grid ends at the same level). ``score=False``:
    the level only, with ``score`` None and without the work only the score reads: the
    forcing probe (:mod:`forcing`, about half of a hard Sudoku's grading), each step's
    ``options`` and each trial's survey of the later candidates (``deciding``, ``shortest``);
    the steps are otherwise the same. Tatham every 4th: 1.03x the tree before the score."""
    clues = validated_clues(puzzle)
    state = SudokuState.from_clues(clues)
    steps = first_clue(state)
    level, c1, c2 = 1, 0, 0
    memory = PairMemory()
    # the probe runs once, where the grader first needs more than singles; () = never
    forcing: tuple[ForcingStep, ...] | None = None if score else ()
    while True:
        while not state.complete():
            check_deadline(deadline)
            step = find_step(state, level, False, memory)
            if step is None:
                break
            if score:
                step = replace(step, options=single_options(state))
            if forcing is None and _beyond_singles(step):
                forcing = forcing_probe(state.grid, deadline)
            apply(state, step)
            steps.append(step)
            if level == 1 and step.technique in LEVEL1_COUNTED:
                c1 += 1
            elif level == 2 and step.technique in LEVEL2_COUNTED:
                c2 += 1
        if state.complete():
            break
        if level < 3:
            level += 1
            continue
        check_deadline(deadline)
        step = contradiction_processing(state, memory, survey=score)
        if step is None:
            break
        if score:
            step = replace(step, options=single_options(state))
        if forcing is None:
            forcing = forcing_probe(state.grid, deadline)
        apply(state, step)
        steps.append(step)
    if forcing is None and not state.complete():
        forcing = forcing_probe(state.grid, deadline)
    final = level_after_level_up(level, c1, c2)
    extras = SudokuExtras(
        level_up=final != level, base_level=level, counted_level1=c1, counted_level2=c2,
        completed_by_trial=any(s.technique == TRIAL_COMPLETES for s in steps),
        hard_steps=sum(1 for s in steps if s.level == 3), grid=state.grid,
        forcing=forcing or ())
    finished = state.complete()
    technique = sudoku_score(steps, final, finished, extras.forcing) if score else None
    if technique is not None:
        extras = replace(extras, score_time=score_time(clues, steps, technique))
    return Grade(final, finished, technique_counts(steps), steps, extras, technique)


def _beyond_singles(step: Step) -> bool:
    """A step taken with no single open, or by pair processing: where the forcing probe runs."""
    return step.options == 0 or step.technique.startswith(("PAIRSUSYO", "PLTUNAGISYO"))
