"""Sudoku difficulty grading after Sato (2010), "On the difficulty of the puzzle Sudoku".

``grade_sudoku`` replays the paper's solver: ``FIRSTCLUE``, then the main loop at level 1,
raising the level only when stuck (level 2, then 3 with technique 6 and contradiction
processing), and finally the level-up rule of paper §5.2. The grade is the level (1-3) the run
ends at, possibly one step higher; ``finished`` says whether the run filled the grid.

The engine reads only the clues: it never sees a solution and imports no solver. Run it on
puzzles already proved unique (the CLI does that first): contradiction processing accepts a
trial that fills the grid, which is the solution only when the solution is unique.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.core.errors import InputError, NotGradable
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.sudoku.bands import first_clue
from pencilsat.grading.sudoku.catalogue import TECHNIQUES, SudokuStep
from pencilsat.grading.sudoku.contradiction import contradiction_processing
from pencilsat.grading.sudoku.finder import PairMemory, apply, find_step
from pencilsat.grading.sudoku.state import SudokuState
from pencilsat.puzzles.sudoku import SudokuPuzzle

LEVEL1_COUNTED = frozenset({"SPEAKIMSSYO n=3"})
LEVEL2_COUNTED = frozenset(
    {"SPESANRETU filled segment", "SPESANRETU pair", "SPEAKIMSLV2 n=5", "SPEAKIMSLV2 prop4"}
)
LEVEL1_THRESHOLD = 2
LEVEL2_THRESHOLD = 3


@dataclass
class SudokuGrade:
    """The grade of one puzzle and the ordered step log behind it.

    ``finished`` is the paper's KANSEI: the run filled the grid. That includes a contradiction-
    processing trial that filled the grid without a duplicate (the paper accepts it; on a
    puzzle proved unique it is the solution); ``completed_by_trial`` tells that case apart.
    ``base_level`` is the level the solver ended at (3 when unsolved), ``level`` the grade
    after the level-up rule; ``counted_level1`` / ``counted_level2`` are the paper's c1 / c2.
    """

    level: int
    level_up: bool
    finished: bool
    techniques: dict[str, int]
    steps: list[SudokuStep]
    base_level: int = 0
    counted_level1: int = 0
    counted_level2: int = 0
    grid: list[int] = field(default_factory=list, repr=False)

    @property
    def completed_by_trial(self) -> bool:
        """True when the last step accepted a trial grid (finished, but by a guess that the
        uniqueness proof makes safe, not by a chain of deductions)."""
        return bool(self.steps) and self.steps[-1].technique == "MUJYUNSYORI trial completes"

    @property
    def hard_steps(self) -> int:
        """Steps made by level-3 techniques (technique 6, contradiction, big singles)."""
        return sum(1 for s in self.steps if s.level == 3)

    def to_json(self) -> dict:
        return {
            "level": self.level,
            "level_up": self.level_up,
            "finished": self.finished,
            "techniques": dict(self.techniques),
            "steps": [s.to_json() for s in self.steps],
        }

    def describe(self, show_steps: bool = False) -> str:
        status = "solved, KANSEI" if self.finished else "not finished, TOKENAI"
        if self.completed_by_trial:
            status += ", the last step accepted a trial grid"
        lines = [f"level {self.level} ({status})"]
        if self.level_up:
            lines.append(f"level-up applied: {self.base_level} -> {self.level} (counts: "
                         f"c1 = {self.counted_level1}, c2 = {self.counted_level2})")
        lines.append("techniques:")
        for name, count in sorted(self.techniques.items(),
                                  key=lambda kv: (TECHNIQUES[kv[0]].level, kv[0])):
            info = TECHNIQUES[name]
            lines.append(f"  L{info.level} {name:<30} x{count:<3} {info.modern}")
        if show_steps:
            lines.append("steps:")
            for i, step in enumerate(self.steps, start=1):
                lines.append(f"  {i:3}. [L{step.level} {step.technique}] {step.text}")
        return "\n".join(lines) + "\n"


def level_after_level_up(base: int, c1: int, c2: int) -> int:
    """Paper §5.2, as coded (digest §6): level 2 with c2 >= 3 becomes 3; otherwise level 1
    with c1 >= 2 becomes 2. At most one step up. c2 includes Prop. 4 placements (the listing
    counts all of ``SPEAKIMSLV2``; the prose names only technique 4 and n = 5)."""
    if base == 2 and c2 >= LEVEL2_THRESHOLD:
        return 3
    if base == 1 and c1 >= LEVEL1_THRESHOLD:
        return 2
    return base


def _validated_clues(puzzle: SudokuPuzzle) -> list[int]:
    if puzzle.size != 9:
        raise NotGradable(
            f"the Sato grader is defined for 9x9 Sudoku, this one is {puzzle.size}x{puzzle.size}",
            hint="its band, segment and block-corner techniques assume 3x3 blocks",
        )
    clues = [int(v) for v in puzzle.clues.flat]
    state = SudokuState.from_clues(clues)
    if state.duplicate:
        raise InputError("the clues repeat a digit in a row, column or block",
                         hint="check the puzzle: it has no solution")
    return clues


def grade_sudoku(puzzle: SudokuPuzzle, *, deadline: float | None = None) -> SudokuGrade:
    """Grade a 9x9 Sudoku by Sato's techniques, levels and level-up rule (paper §3-§5).
    Past ``deadline`` (a ``time.perf_counter`` value) it raises ``GradingTimeOut``."""
    state = SudokuState.from_clues(_validated_clues(puzzle))
    steps = first_clue(state)
    level, c1, c2 = 1, 0, 0
    memory = PairMemory()
    while True:
        while not state.complete():
            check_deadline(deadline)
            step = find_step(state, level, False, memory)
            if step is None:
                break
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
        step = contradiction_processing(state, memory)
        if step is None:
            break
        apply(state, step)
        steps.append(step)
    finished = state.complete()
    final = level_after_level_up(level, c1, c2)
    techniques: dict[str, int] = {}
    for step in steps:
        techniques[step.technique] = techniques.get(step.technique, 0) + 1
    return SudokuGrade(final, final != level, finished, techniques, steps, level, c1, c2,
                       state.grid)
