"""docs/study/report.md: the answer across label sets, written from each set's summary.json.

The paragraph and the headline table are built from the figures alone (nothing typed in);
the sections on what the labels are, what is and is not shown and how it was measured are
fixed text, as they do not depend on the figures.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from pencilsat.study.stats import oriented_c_index

SAT = "best single SAT measure"
GRADER = "grader level"
SCORE = "grader score"
BASELINE = "baseline (size, givens)"
SAT_PREDICTOR = "SAT-side predictor, held out"
COMBINED = "combined predictor, held out"
SAT_PREDICTOR_MEASURE = "combined.sat.heldout"


def _c_oriented(row: dict[str, Any]) -> float:
    """A summary row's C-index in its measure's own direction (``stats.oriented_c_index``):
    1 - C when its Spearman is negative, so a falling measure that orders well reads near 1,
    not near 0."""
    return oriented_c_index(float(row["c_index"]), float(row.get("spearman") or 0.0))


def _row(summary: dict[str, Any], what: str) -> dict[str, Any] | None:
    return next((r for r in summary["headline"] if r["what"] == what), None)


def _fmt(row: dict[str, Any] | None, name: bool = False) -> str:
    if row is None or row["spearman"] is None:
        return "-"
    if row.get("constant") or row["spearman"] == row["ci_low"] == row["ci_high"] == 0:
        return "constant"  # the same value for every puzzle of a group: it orders nothing
    text = f"{row['spearman']:.2f} [{row['ci_low']:.2f}, {row['ci_high']:.2f}]"
    return f"`{row['measure']}` {text}" if name else text


def _paired(summary: dict[str, Any], a: str, b: str) -> dict[str, Any] | None:
    return next((t for t in summary.get("paired", []) if t["a"] == a and t["b"] == b), None)


def _verdict(test: dict[str, Any] | None) -> str:
    """better / worse / tied by the paired test's 95 % interval of the difference."""
    if test is None or test["ci_low"] is None:
        return "-"
    if test["ci_low"] > 0:
        return "better"
    return "worse" if test["ci_high"] < 0 else "tied"


def best_of_family(folder: Path, family: str) -> dict[str, Any] | None:
    """The pooled row of ``correlations.csv`` whose measure of ``family`` has the largest
    absolute Spearman (CDCL effort proper, apart from the other SAT-side measures)."""
    path = folder / "correlations.csv"
    if not path.exists():
        return None
    best = None
    with open(path, encoding="utf-8") as handle:
        for r in csv.DictReader(handle):
            if r["group"] != "pooled" or not r["measure"].startswith(family + "."):
                continue
            rho = float(r["spearman"])
            if rho != rho:  # NaN
                continue
            if best is None or abs(rho) > abs(best["spearman"]):
                best = {"measure": r["measure"], "spearman": rho,
                        "ci_low": float(r["ci_low"]), "ci_high": float(r["ci_high"])}
    return best


def current(summary: dict[str, Any]) -> bool:
    """Whether a set's summary has the figures of the present statistics (paired tests,
    the SAT-side predictor); older summaries are shown apart, as they were published."""
    return "paired" in summary and _row(summary, SAT_PREDICTOR) is not None


def rating_sets(sets: list[Any], summaries: dict[str, dict[str, Any]]) -> list[Any]:
    return [s for s in sets if s.name in summaries and getattr(s, "nature", "rating") != "time"]


def table(sets: list[Any], summaries: dict[str, dict[str, Any]], folder: Path) -> list[str]:
    lines = ["| label set | n | best SAT-side measure [95 %] | chosen in-fold, held out "
             "| best CDCL counter [95 %] | grader level [95 %] | grader score [95 %] | baseline "
             "| SAT-side predictor, held out [95 %] | vs grader score | C-index (ceiling) "
             "| target | reached |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for label_set in rating_sets(sets, summaries):
        summary = summaries[label_set.name]
        old = not current(summary)
        predictor = _row(summary, COMBINED if old else SAT_PREDICTOR)
        target = label_set.target
        reached = ("-" if target is None or predictor is None or predictor["spearman"] is None
                   else "yes" if predictor["spearman"] >= target else "no")
        held = summary.get("single_heldout")
        baseline = _row(summary, BASELINE)
        best = _row(summary, SAT)
        ties = ("-" if old or best is None or best.get("c_index") is None else
                f"{_c_oriented(best):.2f} ({summary['untied_ceiling']:.2f})")
        mark = " (earlier statistics)" if old else ""
        lines.append(
            f"| [{label_set.title}]({label_set.name}/report.md){mark} | {summary['measured']} | "
            f"{_fmt(best, name=True)} | "
            f"{'-' if held is None else f'{held:.2f}'} | "
            f"{_fmt(best_of_family(folder / label_set.name, 'cdcl'), name=True)} | "
            f"{_fmt(_row(summary, GRADER))} | {_fmt(_row(summary, SCORE))} | "
            f"{'-' if baseline is None else format(baseline['spearman'], '.2f')} | "
            f"{_fmt(predictor)}{'*' if old else ''} | "
            f"{_verdict(_paired(summary, SAT_PREDICTOR_MEASURE, 'grade.score'))} | {ties} | "
            f"{'-' if target is None else f'>= {target:.2f}'} | {reached} |")
    return lines


def paragraph(sets: list[Any], summaries: dict[str, dict[str, Any]], folder: Path) -> str:
    """The one-paragraph answer, every figure and count in it from the summaries."""
    have = rating_sets(sets, summaries)
    sat = [(s, _row(summaries[s.name], SAT)) for s in have]
    sat = [(s, r) for s, r in sat if r and r["spearman"] is not None]
    cdcl = [(s, best_of_family(folder / s.name, "cdcl")) for s in have]
    cdcl = [(s, r) for s, r in cdcl if r]
    gup_best = sum(1 for _, r in sat if r["measure"].startswith("gup."))
    fresh = [s for s in have if current(summaries[s.name])]
    text = (f"Over {len(have)} label sets rated by programs, the best single SAT-side measure "
            f"reaches a Spearman of {min(r['spearman'] for _, r in sat):.2f} to "
            f"{max(r['spearman'] for _, r in sat):.2f} with the label (pooled within grid "
            f"size); it is a measure of Kullmann's hierarchy (the depth or number of the "
            f"failed-literal steps) on {gup_best} of {len(sat)} sets. CDCL effort proper "
            f"(conflicts, decisions, propagations of CaDiCaL and MiniSat on the fixed complete "
            f"encoding) tracks the label less well: its best counter reaches "
            f"{min(r['spearman'] for _, r in cdcl):.2f} to "
            f"{max(r['spearman'] for _, r in cdcl):.2f} on the {len(cdcl)} sets that have "
            f"it. ")
    counts = []
    for b, name in (("grade.level", "level"), ("grade.score", "score")):
        tests = [_paired(summaries[s.name], SAT_PREDICTOR_MEASURE, b) for s in fresh]
        verdicts = [_verdict(t) for t in tests if t and t["ci_low"] is not None]
        if verdicts:
            counts.append(f"than the grader's {name} on {verdicts.count('better')} of "
                          f"{len(verdicts)} graded sets (worse on {verdicts.count('worse')})")
    if counts:
        text += ("With the present statistics, the SAT-side predictor (SAT-side measures "
                 "only, scored on held-out puzzles) ranks better " + " and better ".join(counts)
                 + ", by paired bootstrap tests (95 % interval of the difference). ")

    def judged(sets_: list[Any], what: str) -> tuple[list[Any], list[str]]:
        met, missed = [], []
        for s in sets_:
            row = _row(summaries[s.name], what)
            if s.target is None or not row or row["spearman"] is None:
                continue
            if row["spearman"] >= s.target:
                met.append(s)
            else:
                missed.append(f"{s.title} ({row['spearman']:.2f} against {s.target:.2f})")
        return met, missed

    met, missed = judged(fresh, SAT_PREDICTOR)
    if met or missed:
        text += (f"The SAT-side predictor meets {len(met)} of {len(met) + len(missed)} "
                 "targets of these sets" + (f"; it misses {'; '.join(missed)}" if missed
                                             else "") + ". ")
    stale = [s for s in have if s not in fresh]
    if stale:
        old_met, old_missed = judged(stale, COMBINED)
        text += (f"{len(stale)} of the {len(have)} sets keep the figures published before these "
                 "statistics (Fisher-z "
                 "pooling, percentile intervals, a predictor that includes the grader, marked "
                 f"*; it met {len(old_met)} of {len(old_met) + len(old_missed)} targets): they "
                 "were not measured again for this version.")
    return text


def human_section(sets: list[Any], summaries: dict[str, dict[str, Any]]) -> list[str]:
    """The sets labelled with people's solving times: what tracks them, with intervals."""
    human = [s for s in sets if s.name in summaries and getattr(s, "nature", "") == "time"]
    lines: list[str] = []
    for label_set in human:
        summary = summaries[label_set.name]
        lines += [f"## Against human solving times: [{label_set.title}]"
                  f"({label_set.name}/report.md)", "",
                  f"{summary['measured']} puzzles; the label is {label_set.labels}. Spearman "
                  "with the mean time (BCa 95 % interval), Pearson's r with its logarithm "
                  "(weighted by players), and the C-index (the share of pairs of puzzles "
                  "ordered as their times are; 1 - C for a falling measure):", "",
                  "| | measure | Spearman [95 %] | Pearson, log time [95 %] | C-index |",
                  "|---|---|---|---|---|"]
        for row in summary["headline"]:
            pearson = ("-" if row.get("pearson_log") is None else
                       f"{row['pearson_log']:.2f} [{row['pearson_low']:.2f}, "
                       f"{row['pearson_high']:.2f}]")
            c = "-" if row.get("c_index") is None else f"{_c_oriented(row):.2f}"
            lines.append(f"| {row['what']} | `{row['measure']}` | {_fmt(row)} | {pearson} | "
                         f"{c} |")
        held = summary.get("single_heldout")
        lines += ["", f"The best SAT-side measure chosen in-fold scores "
                  f"{'-' if held is None else f'{held:.2f}'} held out "
                  f"({', '.join(f'`{c}`' for c in summary.get('single_choices', []))}). Paired "
                  "tests (difference of Spearman, 95 % interval, one-sided p):", ""]
        for t in summary.get("paired", []):
            if t["difference"] is None:
                continue
            lines.append(f"- `{t['a']}` against `{t['b']}`: {t['difference']:+.2f} "
                         f"[{t['ci_low']:+.2f}, {t['ci_high']:+.2f}], p = {t['p_value']:.3f}")
        lines += ["", HUMAN_READING.strip(), ""]
    return lines


HUMAN_READING = """
What this says. These are mostly easy puzzles (median about six minutes): unit propagation
alone solves nine in ten of them, so the SAT-side measures in effect split them into two
blocks, solved by unit propagation or not, and ties within the large block; the SAT-side
measures then reach about the same Spearman with a C-index little above chance (the tied
pairs count one half), and the one chosen in-fold scores less held out (the folds choose
different ones). The measures that rank technique ladders best (the longest forcing chain)
do not rank these times. The grader's technique score and level order more of the pairs: its
techniques tell apart puzzles that unit propagation lumps together. The SAT-side measures
combined rank the times better than the grader's level and cannot be told apart from its
score; every measure combined, the grader included, ranks best. None comes near Pelánek's r
= 0.95 between a model of human solving and log time (FLAIRS 2011, his own data): the time
of an easy puzzle is likely spent *finding* the next step among the available ones
(Pelánek's dependency and number of options), which neither the hardest step nor CDCL effort
counts. Wang (IEEE Access 2024) publishes these times with two time-based difficulty metrics
(D_TO, D_TR) of its own. The measures of finding (`finding.*`: the singles open before each
step, search and scan costs, dependency, and a person scanning by digit) and the grader's
human-time estimate `grade.score_time` are measured too, and the combined predictor uses
them; `grade.score_time`'s three coefficients were fitted on these same puzzles (held out
0.707, and 0.704 with the choice of its figures made inside the folds, in
`benchmarks/results/score_time_sudoku.md`), so a predictor that includes it is a little
optimistic here. Some thirty further figures of the grid (docs/experiments/graders.md) each
add less than 0.005 held out; even the label-side game number and player count, which no
measure of a grid can see, add only 0.015. How far the label can be trusted: on the 229
puzzles with Wang's D_TO, the mean seconds rank D_TO at only 0.71, the held-out
`score_time` at 0.89; a plain mean over 10-43 players of unknown skill is the noisy side,
and it bounds every figure of this table. A triad fixes how far
(`benchmarks/human_triad.py`): if a grid measure, the mean seconds and D_TO each follow one
difficulty with independent errors, the mean seconds load on it at 0.76 [0.67, 0.83] (0.78
by D_TR; 0.74-0.82 whichever of 19 grid measures is used). That is the Spearman a perfect
predictor reaches on these 229, which have the most players (15-43, median 19, where the
whole part's median is 13); `score_time` reaches 0.726 there. How else
(docs/experiments/human-ceiling.md,
`benchmarks/human_ceiling.py`): the squared held-out residuals of `score_time` fall with
1 / players (0.18 at 10 players, 0.08 at 20 or more), and their regression on 1 / players
leaves the predictor's own misfit at 0-0.05 of a residual variance of 0.11, so half to all
of what it misses is the label's sampling noise. The data fix that noise loosely (a player's
squared coefficient of variation 0.4-1.4 by estimator, each with a wide bootstrap interval):
the Spearman ceiling lies between the 0.71 already reached and about 0.91, most likely
0.73-0.78 (the noise models nearest to reproducing the observed 0.71). As label noise
predicts, 20 of 25 measures rank the 107 puzzles with 20 or more players better than the
rest (the leading ones by 0.06-0.10). The goal of 0.75 for the combined predictor is at or
just below that ceiling; refits weighted by players or by the fitted noise, a pairwise rank
loss, a log-time target and stronger ridge penalties (10 fits,
`benchmarks/results/human_variants.md`) each moved the held-out figures by less than 0.005
or lowered them. The combined predictor of every measure used to fall below
`grade.score_time` alone (held out 0.703 against 0.707): its ridge shrank 80 measures towards
zero, which averages them and dilutes the one that carries the ranking. It now chooses
in-fold between shrinking towards zero and towards the best single measure of the training
part (and weighs by players): 0.708 held out (3 splits 0.707-0.708; paired gain +0.004
[-0.005, +0.013]), on a par with `grade.score_time`, as a combination that contains it should
be. Seven further refits of `score_time` itself (a label per empty cell, normal scores,
empty cells as a figure and times the sweep, Huber loss; `benchmarks/results/
human_time_variants.md`) gained at most 0.001, less than the spread of the folds' splits:
none kept (docs/experiments/human-combined.md).
"""


FIXED = """
## What the labels are

- **Tatham levels** (Sudoku, Light Up, Masyu, Slitherlink): the level Simon Tatham's generator
  was asked for; it keeps a puzzle only when its own deductive solver needs exactly that level
  (the hardest technique family used). The janko puzzles carry Tatham's solvers' re-grade of
  a human-made puzzle (the level at which they finish; "beyond" when they get stuck).
- **SE ratings**: Sudoku Explainer (serate) rates a puzzle by the hardest technique its
  solver needs, on a fixed scale (chains rated by length). The 160 are all "diabolical"
  (5.4-9.1), so this set asks for a ranking inside the hard end.
- **Radcliffe's rating**: the numeric rating of Radcliffe's Kaggle set (0-8.5), also computed
  by a solver from the techniques it needs.

- **Cloud Sudoku times** (Wang, IEEE Access 2024, CC0; `sudoku/human/` in the corpus): the
  mean solving seconds of the 10-43 players who finished each puzzle in the app, weighted by
  their number; the only human labels here (a further part of the data is kept apart to judge
  results).

Apart from the Cloud Sudoku times, none of these is a human solving time. Pelánek (FLAIRS
2011) shows that solving times depend on the complexity of single steps *and* on how steps
depend on each other; technique ratings see mostly the first.

## What is and is not shown

- Shown: how well each measure *ranks* puzzles as these ratings and times do (Spearman,
  Kendall tau-b, the C-index, BCa bootstrap 95 % intervals; Pearson with log time for the
  human times), within each grid size and pooled; predictors scored only on puzzles held out
  of their fitting; paired bootstrap tests for every "better than".
- Not shown: agreement with other raters or players, or on other sizes and sources; no
  causal claim. Tatham's, SE's and Radcliffe's ratings are themselves
  solver-based, so a SAT-side inference that mimics a technique ladder can score well for
  that reason alone. The samples are small where the corpus is (82 Masyu, a few dozen per
  Slitherlink level), and their intervals say so.

## The measures

- `cdcl.<solver>.<phase>.<figure>`: conflicts, decisions and propagations of CaDiCaL and
  MiniSat 2.2 on the genre's fixed complete clause list (Sudoku: Lynce and Ouaknine's extended
  encoding with the clues as units; Light Up: the direct clauses; Masyu: Tamura's model,
  order-encoded), a fresh solver per run, *solve* (first answer) and *prove* (no second one)
  apart, each the mean over 5 fixed orderings of variables, clauses and literals, cut by a
  conflict budget (never the clock). Slitherlink has no complete clause list yet (its
  single-loop rule is lazy), so no `cdcl` family; Nurikabe has neither list and no labels.
- `gup.*`: Kullmann's hierarchy of generalised unit propagation on the genre's rule clauses
  (in loop genres with the single-loop rule as a propagator). `gup.level`: the smallest k
  whose r_k derives the whole answer from the clues (0: unit propagation, 1: failed
  literals, 3: beyond level 2); `gup.up_share`: the share of the answer unit propagation
  fixes at the start; `gup.up_rounds`: its parallel rounds; `gup.steps`: dependent steps when
  every step fixes together the literals whose refutation takes the fewest rounds of unit
  propagation (`gup.depth.*`: those depths, the length of the forcing chain); `gup.failed`:
  literals fixed by steps.
- `default.*`: the genre's default strategy (Masyu and Slitherlink `lazy`: SAT calls and
  cuts included); `cpsat.*`: the genre's CP-SAT strategy, one worker (branches, conflicts).
- `grade.*`: the genre's human-technique grader (level, score when the grader gives one,
  uses per technique, steps per level, trials); Slitherlink has no grader yet.
- `size.*`: baselines every measure must beat: cells, givens, their density.

Every measure is a count or a share, never a time, and the same on every run
(`tests/study/`).

## Traps avoided

- **Order-dependent figures**: Sudoku's batch path keeps one solver for many puzzles, so its
  counters depend on the puzzles solved before; the study solves through the front (a fresh
  solver per puzzle) and measures CDCL effort with a fresh solver per run on a fixed clause
  list, averaged over 5 fixed shufflings (tdoku's "minisat
  hardness" averages over permutations for the same reason); records are identical whatever
  the order and the number of workers (tested).
- **Chaotic strategy figures**: Masyu `lazy` adds up many SAT calls whose number is chaotic;
  it is kept as one measure among others, and CDCL effort is taken on Tamura's complete model.
- **CP-SAT's zeros**: on Sudoku CP-SAT reports no branches or conflicts (its presolve
  decides); the `cpsat` family is constant there and orders nothing (reported as 0).
- **Times**: solve times of 0.1-1 ms are noise; no measure is a time, budgets are counts.
- **Size confounding**: bigger grids are harder to solve and often rated higher; every
  correlation is computed within one grid size and pooled (the size-weighted mean: Fisher's
  z let a small, perfectly ordered size outweigh the rest), and the size baselines are
  reported beside every measure.
- **Choosing the best measure on the data it is scored on**: the headline's "best" single
  measure is such a choice; the column "chosen in-fold" makes the choice on training folds
  only, and the combined predictor is scored on held-out puzzles only.
- **Ceiling effects**: a constant label or measure in a group carries no weight in the pool
  (Tatham's intermediate-and-above Sudoku are all grader level 3, so the grader's level
  is "constant" there).
- **Tied labels**: two or three levels cap the Spearman of any untied measure (0.87 for
  two equal halves); the C-index and the neighbouring levels' AUCs in each report are the
  ties-aware figures.
- **The grader as a predictor**: the targets judge the predictor of the SAT-side measures
  alone; the grader is what it is compared with, by paired tests.

## References

- R. Pelánek, *Difficulty Rating of Sudoku Puzzles by a Computational Model*, FLAIRS 2011
  (human solving data over 2,000 puzzles; r = 0.95 for a model of human solving; the
  complexity of single steps and the dependency structure among steps both matter). Here:
  `gup.steps` and `gup.depth.*` count dependent steps and their depth.
- I. Lynce and J. Ouaknine, *Sudoku as a SAT Problem*, ISAIM 2006 (minimal and extended
  encodings; on the extended one unit propagation solves about half of very hard puzzles,
  failed literals and stronger polynomial inference solve all). Here: the extended encoding,
  levels 0 and 1.
- O. Kullmann's hierarchy r_k of generalised unit propagation (Kullmann 1999/2004; M. Gwynne
  and O. Kullmann, *Generalising unit-refutation completeness and SLUR via nested input
  resolution*, J. Autom. Reasoning 2014, arXiv:1204.6529): the level needed as a hardness
  measure. Here: `gup.level`.
- M. Ercsey-Ravasz and Z. Toroczkai, *The chaos within Sudoku*, Sci. Rep. 2, 725 (2012): the
  escape rate of a continuous-time solver's transient chaos correlates with human difficulty
  ratings. Not reproduced here (it needs an analog solver); cited as another solver-side
  effort that tracks ratings.
- T. Dillon (tdoku), "Minisat hardness", enjoysudoku forum, 2020: MiniSat's decisions on an
  encoding augmented with hidden singles and locked candidates, averaged over many
  permutations, rise with SE rating, and are read as proportional to the number of non-basic
  inferences rather than to the hardest step; a learning solver is expected to depend less
  on its heuristics than a backtracking one. Here: `cdcl.*` averaged over shufflings.
- J. Espasa, I. P. Gent, R. Hoffmann, C. Jefferson, A. M. Lynch, A. Salamon and M. J. McIlree,
  *Using Small MUSes to Explain How to Solve Pen and Paper Puzzles* (Demystify,
  arXiv:2104.15040, 2021): MUS-based steps match published human solving guides 89 % of the
  time on average. Not measured here (a MUS per step is costly); the nearest figure is the
  depth of a failed-literal refutation.

## Reproduce

```sh
pip install -e '.[test,study]'                       # the study extra: matplotlib, scipy
python benchmarks/study.py --workers 2                   # every set; docs/study/ rewritten
python benchmarks/study.py --sets masyu-tatham           # one set (the others are kept)
python benchmarks/study.py --sets sudoku-human           # the Cloud Sudoku times
python -m pytest -q tests/study                          # the study's tests
```

Record version 2 (the committed figures, 26 Nov): every set measured with the graders'
score (`grade.score`) and the Light Up grader's contradiction trials. Version 5 (29 Nov)
marks new `default` counters: Light Up, Heyawake and Yajilin run on MiniCard and Hitori's
default settles most grids by deductions (its `default.sat_calls` then absent,
`default.deduction_rounds` instead). Version 6 (30 Nov): Sudoku's technique score refitted
(the Radcliffe set weighted twice) and `grade.score_time` with it. The five Sudoku sets were
measured again with version 6 (30 Nov; their `default` counters now those of the
reproducible propagation search, docs/encodings.md); the other sets' figures are from
earlier records, and a rerun measures every set again.

The committed run: 1,971 distinct puzzles (the intermediate-and-above Sudoku set reuses
Tatham's; Radcliffe 100 per level, janko at most 40 per label and size: the defaults),
about an hour on 2 cores shared with other work; figures are counts, so a slower or faster
machine gives the same tables. The LABELS files and `measures.jsonl` go
to `build/study/` (not committed: they hold corpus
puzzles); a rerun measures only puzzles without a record there. One set by hand:
`pencilsat study build/study/labels/<set>.tsv --out DIR --order <its words> --workers 2`.
The shared human file directly, its columns mapped to the study's roles (no group column: the
command warns that every puzzle is one group, right here as all are 9x9):
`pencilsat study ../shared/corpus/sudoku/human/cloud_sudoku_times.tsv --out DIR --columns
label=mean_seconds,weight=completions --labels-are time --about "Cloud Sudoku, Wang 2024"`.
"""


def pooled(folder: Path, name: str, measure: str) -> str:
    """The pooled Spearman of ``measure`` in set ``name``, formatted ("-" when absent)."""
    path = folder / name / "correlations.csv"
    if path.exists():
        with open(path, encoding="utf-8") as handle:
            for r in csv.DictReader(handle):
                if r["measure"] == measure and r["group"] == "pooled":
                    return f"{float(r['spearman']):.2f}"
    return "-"


def discussion(folder: Path) -> str:
    """What the table says, set by set; every figure read from the correlation files (the
    prose names the measures, the files give their values)."""
    def v(name: str, measure: str) -> str:
        return pooled(folder, name, measure)

    def held(name: str, combined: bool = False) -> str:
        path = folder / name / "summary.json"
        if not path.exists():
            return "-"
        summary = json.loads(path.read_text())
        row = _row(summary, COMBINED)
        value = (row["spearman"] if row else None) if combined else summary["single_heldout"]
        return "-" if value is None else f"{value:.2f}"

    sets = sorted(p.parent for p in folder.glob("*/correlations.csv"))
    minisat_wins = with_cdcl = 0
    baseline_max = 0.0
    for study in sets:
        minisat, cadical = best_of_family(study, "cdcl.minisat"), best_of_family(study,
                                                                                  "cdcl.cadical")
        if minisat and cadical:
            with_cdcl += 1
            minisat_wins += abs(minisat["spearman"]) > abs(cadical["spearman"])
        size = best_of_family(study, "size")
        if size:
            baseline_max = max(baseline_max, abs(size["spearman"]))
    text = f"""## Reading the table

- **The length of the longest forcing chain is the best single ranker of technique
  levels.** `gup.depth.max` is the most rounds of unit propagation any failed-literal step
  needs to refute its literal (the steps taken easiest first, Pelánek's dependency in
  steps). On Tatham's Sudoku it reaches {v("sudoku-tatham", "gup.depth.max")}, against
  {v("sudoku-tatham", "grade.level")} for the human-technique grader's level
  ({v("sudoku-tatham", "grade.score")} for its score) and
  {v("sudoku-tatham", "cdcl.minisat.prove.conflicts")} for MiniSat's conflicts; among
  intermediate and above it keeps {v("sudoku-tatham-hard", "gup.depth.max")} while the CDCL
  counters fall to {v("sudoku-tatham-hard", "cdcl.minisat.prove.conflicts")} and the grader's
  level is the same for every puzzle. Unit propagation alone (`gup.level` 0) solves exactly
  Tatham's trivial and basic Sudoku (Lynce and Ouaknine's observation, made exact by the
  test suite). On the SE-rated diabolical puzzles the chain depth reaches
  {v("sudoku-se160", "gup.depth.max")}; SE rates chains by length, which this measure
  resembles. On Light Up the sum of the chains' depths leads ({v("lightup-tatham",
  "gup.depth.sum")}).
- **CDCL effort proper tracks the labels, less closely.** CDCL counters on the fixed
  complete encoding reach {v("sudoku-tatham", "cdcl.minisat.prove.conflicts")} (Tatham
  Sudoku, MiniSat's conflicts in the proof), {v("lightup-tatham",
  "cdcl.minisat.solve.conflicts")} (Light Up, MiniSat's conflicts) and {v("masyu-tatham",
  "cdcl.minisat.prove.propagations")} (Masyu, MiniSat's propagations on Tamura's model). The
  exception is Radcliffe's rating, where MiniSat's decisions to the first answer lead
  ({v("sudoku-radcliffe", "cdcl.minisat.solve.decisions")}) and the chain depth follows
  ({v("sudoku-radcliffe", "gup.depth.max")}): like tdoku's "minisat hardness", this rating
  seems to grow with the amount of non-basic inference more than with its hardest step.
  MiniSat's best counter beats CaDiCaL's on {minisat_wins} of {with_cdcl} sets.
- **Masyu's lazy SAT calls**, a figure the issue called chaotic, rank Tatham's Masyu levels
  best ({v("masyu-tatham", "default.sat_calls")}): in the committed run every easy puzzle
  took two calls (the answer and its proof: the local rules alone pin one loop) and every
  tricky one more (loop cuts; see its plot). Sato's grader level does not separate Tatham's
  easy from tricky ({v("masyu-tatham", "grade.level")}; its tedium does better,
  {v("masyu-tatham", "grade.tedium")}, and the score, fitted on these labels among others,
  {v("masyu-tatham", "grade.score")}): the two ladders differ.
- **Slitherlink** has no complete clause list yet (its single-loop rule is lazy), so no CDCL
  column: the hierarchy on its local rules, with the single-loop rule as a propagator,
  carries it (`gup.depth.max` {v("slitherlink-tatham", "gup.depth.max")} on Tatham's Loopy
  levels, `gup.depth.mean` {v("slitherlink-janko", "gup.depth.mean")} on janko's puzzles
  re-graded by Loopy's solver); the lazy strategy's SAT calls, which rank Masyu well, score
  {v("slitherlink-tatham", "default.sat_calls")} here. There is no Slitherlink grader to
  compare with.
- **Tents** (Tatham's easy and tricky): the default strategy's conflicts lead
  ({v("tents-tatham", "default.conflicts")}; MiniCard with the row and column counts as
  native constraints), CDCL on the complete clause list follows (CaDiCaL's propagations in
  the proof, {v("tents-tatham", "cdcl.cadical.prove.propagations")}), and the hierarchy's
  level does not separate the two levels ({v("tents-tatham", "gup.level")}): Tatham's tricky
  deductions weigh a row's count against the trees' pairings, which failed literals on
  these clauses (pairing variables, totalizer counts) do not follow step for step. There is
  no Tents grader to compare with.
- **Hitori** (Tatham's Singles, easy and tricky, 8x8 and 10x10): the failed-literal steps
  on the complete clause list rank the levels best (`gup.steps`
  {v("hitori-tatham", "gup.steps")}, `gup.depth.max` {v("hitori-tatham", "gup.depth.max")});
  CaDiCaL's conflicts in the proof reach {v("hitori-tatham", "cdcl.cadical.prove.conflicts")}.
  The default strategy now settles a Singles by deductions before it calls a SAT solver
  (its rounds of them: {v("hitori-tatham", "default.deduction_rounds")}), so its SAT calls,
  which ranked the levels at 0.94 in the run before (every easy puzzle two calls and no
  connectivity cut, every tricky one three to seven with cuts), are no longer measured; on
  2,490 fresh Tatham puzzles `gup.steps` reaches 0.93 too
  (`benchmarks/results/tatham_fresh.md`). Tatham's easy level is what his
  solver's local rules finish (`singles.c`: a lone unshaded cell's last neighbour among
  them); tricky adds offset pairs and the cells whose shading would split the unshaded
  region, the connectivity rule the lazy strategy meets only as cuts.
- **Slant** (Tatham's easy and hard, 8x8 and 12x10): unit propagation on the complete
  clause list separates the levels (`gup.up_share`, the share of the cells it settles,
  {v("slant-tatham", "gup.up_share")}; `gup.up_rounds` {v("slant-tatham", "gup.up_rounds")}: a
  negative rank, an easy puzzle being mostly settled by propagation, a hard one hardly at
  all), followed by the number of failed literals ({v("slant-tatham", "gup.failed")}). The
  lazy strategy's conflicts reach {v("slant-tatham", "default.conflicts")}, its cuts
  {v("slant-tatham", "default.cuts")}; CDCL on the complete list (the vertex counts and "no
  loop" as ranked parents over the vertices) {v("slant-tatham", "cdcl.cadical.solve.propagations")}
  for CaDiCaL's propagations to the answer. Tatham's hard level adds what `slant.c` tracks
  as equivalence classes of cells (two cells known to hold the same diagonal) and the
  deductions on them; the easy level is its local vertex and loop rules, which propagation
  on these clauses follows closely. Hard puzzles keep more numbers (the baseline's density,
  {v("slant-tatham", "size.density")}). There is no Slant grader to compare with.
- **The combined predictor helps where no single measure dominates** (janko's Light Up:
  {held("lightup-janko", combined=True)} held out, against {held("lightup-janko")} for the
  best single measure chosen in-fold) and not where one does (Tatham's Masyu:
  {held("masyu-tatham", combined=True)} against {held("masyu-tatham")}); which measure is
  best changes between label sets, and the predictor need not know it.
- **The baselines are weak**: within a size, cells, givens and their density reach at most
  {baseline_max:.2f} in absolute value on any set, so no result above rides on grid size or
  clue count.
- **Small sets**: the janko re-grades and Slitherlink have few puzzles per level and size;
  read their intervals, not their point values."""
    return "\n".join(_reflow(text))


def _reflow(text: str) -> list[str]:
    """Markdown bullets refilled to 92 columns (the f-string breaks lines unevenly)."""
    import textwrap

    out = []
    for block in text.split("\n- "):
        if block.startswith("## "):
            out += [block.split("\n", 1)[0], ""]
            block = block.split("\n", 1)[1].lstrip("- ")
        out += textwrap.wrap(" ".join(block.split()), 92, initial_indent="- ",
                             subsequent_indent="  ")
    return out


def plots(sets: list[Any], summaries: dict[str, dict[str, Any]], folder: Path) -> list[str]:
    """Each set's plot of its best SAT-side measure against the label, where there is one."""
    lines = []
    for label_set in sets:
        summary = summaries.get(label_set.name)
        best = _row(summary, SAT) if summary else None
        if best is None:
            continue
        plot = folder / label_set.name / "plots" / f"{best['measure']}.png"
        if plot.exists():
            lines.append(f"![{label_set.title}: {best['measure']}]"
                         f"({plot.relative_to(folder).as_posix()})")
    return lines


def write_summary(folder: Path, sets: list[Any]) -> None:
    """``folder/README.md``: the answer, the table, the plots, then the fixed sections."""
    summaries = {}
    for label_set in sets:
        path = folder / label_set.name / "summary.json"
        if path.exists():
            summaries[label_set.name] = json.loads(path.read_text())
    lines = ["# Does SAT effort track human difficulty?", "",
             paragraph(sets, summaries, folder), "", *table(sets, summaries, folder), "",
             "Spearman's rho with the label within grid size, pooled as the size-weighted mean "
             "of the sizes' values, BCa 95 % bootstrap interval (1,000 resamples within each "
             "size). *Best SAT-side measure*: the best of the `cdcl`, `gup`, `default` and "
             "`cpsat` families on all the puzzles (a choice made on the data it is scored on); "
             "*chosen in-fold*: the best SAT-side one chosen on the training folds, its "
             "held-out values on the common scale of training percentiles; *SAT-side "
             "predictor*: a ridge predictor of the SAT-side measures only, scored on puzzles "
             "held out of its fitting (5-fold by puzzle), which the target judges; *vs grader "
             "score*: a paired bootstrap test of the predictor against the grader's score "
             "(better or worse when the 95 % interval of the difference excludes 0); "
             "*C-index*: of the best SAT-side measure in its own direction (1 - C for a "
             "falling measure, whose raw C is below 0.5), beside the largest Spearman a measure "
             "without ties could reach on these tied labels; *baseline*: the best of cell "
             "count, givens and their density. Rows marked (earlier statistics) keep the "
             "figures published before (their predictor, marked *, includes the grader). "
             "Every set links to its "
             "own report (every measure, by size, the paired tests, the neighbouring levels' "
             "AUCs, the predictor's weights and the family ablation).", "",
             *human_section(sets, summaries),
             discussion(folder), "", "## Plots", "",
             "The best SAT-side measure against the label, per set (box: quartiles; dots: "
             "puzzles):", "", *plots(sets, summaries, folder), "",
             FIXED.strip(), ""]
    (folder / "README.md").write_text("\n".join(lines))
