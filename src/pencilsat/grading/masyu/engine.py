"""Masyu difficulty grader after Sato (2007): levels 1-3, tedium points, a readable step log.

Entry point ``grade_masyu(puzzle)``. The engine reads only the puzzle model, never a solution
and never a solver (digest §4.1 control flow): each level is a full solve from scratch; the
basic rules run to a fixpoint, then the level's general techniques are tried in the paper's
order (the first success ends the pass); at levels 1-2 a stuck pass scores tedium and retries
on long lines; at level 3 contradiction processing (MUJYUNSYORI) runs depth-1 trials. The
level is the first level whose solve succeeds, raised by one when the tedium threshold (3 at
level 1, 5 at level 2) was reached 3 or more times (§5.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pencilsat.core.errors import NotGradable
from pencilsat.grading.clock import check_deadline
from pencilsat.grading.masyu.basic_rules import basic_fixpoint
from pencilsat.grading.masyu.catalogue import TECHNIQUES
from pencilsat.grading.masyu.context import (
    LONG_LINE,
    SHORT_LINE,
    WINDOW_ALL,
    WINDOW_LONG,
    WINDOW_SHORT,
    Context,
)
from pencilsat.grading.masyu.contradiction import rule_violation, trial_candidates
from pencilsat.grading.masyu.finder import general_techniques, long_line_techniques
from pencilsat.grading.masyu.first_clues import adjacent_blacks_first_clue, white_runs_first_clue
from pencilsat.grading.masyu.score import BASIC_RULES, masyu_score
from pencilsat.grading.masyu.state import (
    BLACK,
    BLOCKED,
    OPEN,
    PASSED,
    WHITE,
    Finding,
    Geometry,
    MasyuState,
    Record,
)
from pencilsat.grading.steps import Border, Grade, Step, score_text, technique_counts
from pencilsat.puzzles.masyu import MasyuPuzzle, MasyuSolution, check

TEDIUM_THRESHOLD = {1: 3, 2: 5}
TEDIUM_REPEATS = 3
DEFAULT_MAX_TRIALS = 3000


@dataclass(frozen=True)
class MasyuExtras:
    """What Sato (2007) §5 adds to a Masyu grade: tedium and the level-up it may cause.

    ``tedium`` is the largest tedium score at a stuck point; ``tedium_events`` counts the
    stuck points at or above the threshold; ``technique_level`` is the level whose techniques
    solved the puzzle (3 when none did), ``level_up`` whether tedium raised it by one.

    What the score reads besides the steps (not in the JSON), over the solve of every level
    tried, not only the final one (tedium is scored only at levels 1-2, so the final run of a
    level-3 puzzle has none: read from that run alone, tedium fell as puzzles got harder on
    janko and rose on Tatham's levels 1-2): ``left_open``, for each lower level whose solve
    stalled, the share of the borders it left undecided; ``level1_general``, the level-1
    solve's general-technique steps (one-step closing: Tatham's "tricky" loop avoidance);
    ``stuck_points``, how often the short-line window found nothing (each a point where
    TJWLONG retries on long lines); ``long_finds``, how many deductions only that retry found;
    ``tedium_all``, the largest tedium score of any level's solve; ``trials``, the MUJYUNSYORI
    trials run (the refuted and the failed ones).
    """

    tedium: int
    level_up: bool
    technique_level: int
    tedium_events: int
    left_open: tuple[float, ...] = ()
    level1_general: int = 0
    stuck_points: int = 0
    long_finds: int = 0
    tedium_all: int = 0
    trials: int = 0

    def json_head(self) -> dict[str, object]:
        return {"tedium": self.tedium, "level_up": self.level_up}

    def json_tail(self, grade: MasyuGrade) -> dict[str, object]:
        return {}

    def report(self, grade: MasyuGrade, steps: bool) -> str:
        """Readable report for the CLI: level, techniques table, tedium, optional step log."""
        lines = [f"Level {grade.level} (Sato 2007 scale 1-3){score_text(grade.score)}"]
        if self.level_up:
            lines.append(
                f"  techniques need level {self.technique_level}; raised by one for tedium"
                f" ({self.tedium_events} stuck points with long lines worth >="
                f" {TEDIUM_THRESHOLD.get(self.technique_level, 0)} points)"
            )
        lines.append(f"Tedium: {self.tedium} points at the worst stuck point"
                     f" ({self.tedium_events} stuck points at or above the threshold)")
        lines.append("Finished by deduction: " + ("yes" if grade.finished else
                                                    "no (the grader got stuck)"))
        lines.append("Techniques used:")
        for name, count in sorted(grade.techniques.items(),
                                  key=lambda kv: (TECHNIQUES[kv[0]][1], kv[0])):
            english, lvl = TECHNIQUES[name]
            lines.append(f"  {name:<13} level {lvl}  x{count:<4} {english}")
        if steps:
            lines.append("Steps (cells are (row, column), counted from 0 at the top left):")
            for k, s in enumerate(grade.steps, 1):
                lines.append(f"  {k:4d}. [{s.technique}] {s.text}")
        return "\n".join(lines)


MasyuGrade = Grade[MasyuExtras]
"""A Masyu grade: level 1-3, ``finished`` by deduction, steps with the borders they fix."""

@dataclass
class LevelRun:
    """One from-scratch solve at one level (digest §4.1)."""

    geometry: Geometry
    level: int
    max_trials: int
    deadline: float | None = None
    st: MasyuState = field(init=False)
    steps: list[Step] = field(default_factory=list)
    tedium_events: int = 0
    tedium_max: int = 0
    trials: int = 0
    stuck_points: int = 0
    long_finds: int = 0
    solved: bool = False

    def __post_init__(self) -> None:
        self.st = MasyuState(self.geometry)

    def record_into(self, steps: list[Step]) -> Record:
        """A recorder that logs each finding's changed borders as a step in ``steps``."""
        g = self.geometry

        def record(ded: Finding, changed: list[tuple[int, int]]) -> None:
            if not changed:
                return
            edges = tuple(
                Border(g.rc(g.edge_cells[e][0]), g.rc(g.edge_cells[e][1]), v == PASSED)
                for e, v in changed
            )
            steps.append(Step("masyu", ded.technique, ded.text,
                              level=TECHNIQUES[ded.technique][1], edges=edges))

        return record

    def solve(self) -> None:
        st = self.st
        record = self.record_into(self.steps)
        for ded in white_runs_first_clue(st) + adjacent_blacks_first_clue(st):
            record(ded, st.apply(ded))
        st.mark_all_dirty()
        while True:
            check_deadline(self.deadline)
            st = self.st  # a trial that completes the loop replaces the state
            self.propagate(st, record, score_tedium=True)
            verdict = self.judge(st)
            if verdict == "solved":
                self.solved = True
                return
            if self.level < 3:
                return
            if not self.contradiction_processing(record):
                return

    def propagate(self, st: MasyuState, record: Record, score_tedium: bool) -> None:
        """Basic fixpoint, then one general deduction, until stuck or contradicted."""
        level = self.level
        while True:
            check_deadline(self.deadline)
            basic_fixpoint(st, record)
            if st.contradiction:
                return
            ctx = Context(st, level, WINDOW_SHORT if level <= 2 else WINDOW_ALL)
            ded = general_techniques(ctx)
            if st.contradiction:
                return
            if ded is None and level <= 2:
                if score_tedium:
                    self.score_tedium(ctx)
                    self.stuck_points += 1
                ctx.set_window(WINDOW_LONG)
                ded = long_line_techniques(ctx)
                if ded is not None and score_tedium:
                    self.long_finds += 1
            if ded is None:
                return
            changed = st.apply(ded)
            record(ded, changed)
            if not changed and not st.contradiction:
                return

    def score_tedium(self, ctx: Context) -> None:
        """TJWLONG's scoring: 1 point per line of 21-100 segments, 2 per longer line."""
        points = sum(
            (1 if ln.length <= LONG_LINE else 2) for ln in ctx.lines if ln.length > SHORT_LINE
        )
        self.tedium_max = max(self.tedium_max, points)
        if points >= TEDIUM_THRESHOLD[self.level]:
            self.tedium_events += 1

    def left_open(self) -> float:
        """The share of the inner borders this run left undecided."""
        val = self.st.val
        return sum(1 for v in val[1:] if v == OPEN) / max(1, len(val) - 1)

    def judge(self, st: MasyuState) -> str:
        """After propagation stops: 'solved', 'contradiction' or 'stuck'."""
        if st.contradiction or rule_violation(st) is not None:
            return "contradiction"
        loops = st.closed_loops()
        if loops == 0:
            return "stuck"
        if loops == 1 and not st.lines() and self._all_pearls_on_loop(st):
            if not check(self.geometry_puzzle, self.solution_of(st)):
                return "solved"
        return "contradiction"

    def _all_pearls_on_loop(self, st: MasyuState) -> bool:
        g = self.geometry
        return all(
            st.counts(i)[0] == 2 for i in range(g.size) if g.pearl[i] in (WHITE, BLACK)
        )

    @property
    def geometry_puzzle(self) -> MasyuPuzzle:
        return self.geometry.puzzle

    def solution_of(self, st: MasyuState) -> MasyuSolution:
        g = self.geometry
        edges = [
            (g.rc(g.edge_cells[e][0]), g.rc(g.edge_cells[e][1]))
            for e in range(1, g.edges) if st.val[e] == PASSED
        ]
        return MasyuSolution.from_edges(edges, g.width, g.height)

    def contradiction_processing(self, record: Record) -> bool:
        """MUJYUNSYORI (contradiction processing, digest §4.5): assume each candidate border
        used, propagate with every level-3 technique, and block the first one that leads to a
        contradiction. Returns True when solving can resume."""
        st = self.st
        if st.contradiction:
            return False
        ctx = Context(st, 3, WINDOW_ALL)
        g = self.geometry
        for e in trial_candidates(ctx):
            if self.trials >= self.max_trials:
                return False
            self.trials += 1
            trial = st.copy()
            trial_steps: list[Step] = []
            trial.set_edge(e, PASSED)
            self.propagate(trial, self.record_into(trial_steps), score_tedium=False)
            verdict = self.judge(trial)
            name = g.edge_name(e)
            if verdict == "contradiction":
                why = rule_violation(trial) if not trial.contradiction else None
                why = why or "the deductions conflict or close a partial loop"
                ded = Finding("MUJYUNSYORI", ((e, BLOCKED),),
                              f"assuming border {name} is used leads to a contradiction"
                              f" ({why}): it is blocked")
                record(ded, st.apply(ded))
                return True
            if verdict == "solved":
                # The trial's steps are the proof; the solved trial state replaces ``st``,
                # so nothing is propagated (and logged) a second time.
                ded = Finding("MUJYUNSYORI", ((e, PASSED),),
                              f"assuming border {name} is used completes the loop")
                record(ded, st.apply(ded))
                self.steps.extend(trial_steps)
                self.st = trial
                return True
        return False


def grade_masyu(puzzle: MasyuPuzzle, *, max_trials: int = DEFAULT_MAX_TRIALS,
                deadline: float | None = None, faithful: bool = False,
                score: bool = True) -> MasyuGrade:
    """Grade a Masyu whose solution is unique (the caller proves uniqueness first).

    ``max_trials`` caps the number of MUJYUNSYORI trial propagations at level 3 (a
    deterministic budget); when it is exhausted the grade is level 3 with ``finished`` False.
    Past ``deadline`` (a ``time.perf_counter`` value) it raises ``GradingTimeOut``;
    ``faithful`` changes nothing (the grader is Sato's throughout). ``score=False`` leaves
    ``score`` None; it saves next to nothing, as the score reads only the solve's log and
    counters. A puzzle
    without pearls (only the empty 2x2 is unique) raises ``NotGradable``: every technique
    starts from a pearl, so the grader got stuck at once and called it level 3.
    """
    if not puzzle.pearl_cells():
        raise NotGradable("Sato's techniques all start from pearls, and this puzzle has none")
    if puzzle.loop_full:
        raise NotGradable("Sato's techniques are for plain Masyu, not the loop-full variant")
    geometry = Geometry(puzzle)
    runs: list[LevelRun] = []
    for level in (1, 2, 3):
        runs.append(LevelRun(geometry, level, max_trials, deadline))
        runs[-1].solve()
        if runs[-1].solved:
            break
    run = runs[-1]
    tech_level = run.level
    threshold = TEDIUM_THRESHOLD.get(tech_level)
    level_up = threshold is not None and run.solved and run.tedium_events >= TEDIUM_REPEATS
    extras = MasyuExtras(tedium=run.tedium_max, level_up=level_up,
                         technique_level=tech_level, tedium_events=run.tedium_events,
                         left_open=tuple(r.left_open() for r in runs[:-1]),
                         level1_general=sum(1 for s in runs[0].steps
                                            if s.technique not in BASIC_RULES),
                         stuck_points=sum(r.stuck_points for r in runs),
                         long_finds=sum(r.long_finds for r in runs),
                         tedium_all=max(r.tedium_max for r in runs), trials=run.trials)
    level = min(3, tech_level + (1 if level_up else 0))
    return Grade(level=level, finished=run.solved, techniques=technique_counts(run.steps),
                 steps=run.steps, extras=extras,
                 score=masyu_score(run.steps, extras, level, puzzle.width, puzzle.height)
                 if score else None)

