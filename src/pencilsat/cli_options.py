"""The command line's options: the parser of every command (the types of their values are
in :mod:`pencilsat.cli_values`).

Usage errors exit 4 (invalid input), as bad input does, not argparse's 2 (which means "no
solution" to a caller reading the status). Each command's options are added by a function of
its own; ``COMMANDS`` maps a command's name to it, so ``build_parser`` builds only the one a
run needs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from pencilsat.cli_values import (
    fail_on,
    memory_size,
    port_number,
    seconds,
    solution_count,
    whole_number,
    worker_count,
)
from pencilsat.core.errors import EXIT_INVALID


class _Parser(argparse.ArgumentParser):
    """Usage errors exit 4 (invalid input), not argparse's 2 (which means "no solution")."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"pencilsat: error: {message}\n")


def _add_batch_options(parser: argparse.ArgumentParser, several: bool) -> None:
    """The options of a run over many puzzles (``--batch``, and several arguments)."""
    group = parser.add_argument_group(
        "many puzzles", "with --batch" + (" or several puzzles" if several else ""))
    group.add_argument("--workers", type=worker_count, metavar="N",
                       help="worker processes (default with --batch: one per core"
                       + ("; for several puzzles: 1" if several else "")
                       + "; 1 solves in this process; with --dask local: its workers)")
    group.add_argument("--dask", metavar="ADDRESS",
                       help="send the work to a Dask scheduler (tcp://HOST:8786), or 'local' "
                       "to start a local cluster; needs pip install 'pencilsat[dask]'")
    group.add_argument("--unordered", action="store_true",
                       help="write records as puzzles are done, not in input order")
    group.add_argument("--fail-on", type=fail_on, metavar="VERDICTS",
                       help="verdicts that make the exit status non-zero, e.g. "
                       "invalid,error (default: multiple,none,unknown,invalid,error; "
                       "never: exit 0 once the file is read)")
    group.add_argument("--out", metavar="FILE",
                       help="write the records to FILE (--batch only)")
    group.add_argument("--resume", action="store_true",
                       help="with --out: keep FILE's records and solve only the lines "
                       "missing from it")


DESCRIPTION = ("Solve pencil puzzles with SAT and CP-SAT, prove the solution unique, grade "
               "human difficulty; convert, generate and verify puzzles. 'pencilsat genres' "
               "lists the genres with their strategies, graders and formats. Exit status: 0 "
               "unique, 1 multiple, 2 no solution, 3 unknown (a time or memory limit), 4 "
               "invalid input, 5 a bug in pencilsat (docs/cli.md).")
"""``pencilsat --help``'s description; it names no genre, so it cannot go stale."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``command`` (one of :data:`COMMANDS`), only that command's
    part: building them all took 10-14 ms of a 0.3 s ``solve``, more than parsing."""
    from pencilsat.core.version import __version__

    parser = _Parser(prog="pencilsat", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"pencilsat {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    for name, add in COMMANDS.items():
        if command in (None, name):
            add(sub)
    return parser


def _solve_parser(sub: Any) -> None:
    from pencilsat.core.memory import DEFAULT_MAX_MEMORY
    from pencilsat.core.sat_names import BACKENDS, SAT_SOLVERS

    solve = sub.add_parser("solve", help="solve a puzzle and prove its solution unique")
    solve.add_argument("puzzle", nargs="*",
                       help="file, - (stdin), puzz.link URL, Tatham game ID or Sudoku line; "
                       "several give one line each and exit with the worst status")
    solve.add_argument("--batch", metavar="FILE",
                       help="solve a file of one puzzle per line (- for stdin): one-line "
                       "Sudokus, puzz.link URLs, Tatham game IDs or file paths; writes JSON "
                       "lines (docs/batch.md), a summary on stderr")
    solve.add_argument("--backend", choices=BACKENDS, help="cnf (PySAT) or cpsat (OR-Tools)")
    solve.add_argument("--sat-solver", choices=sorted(SAT_SOLVERS), help="CNF SAT solver")
    solve.add_argument("--encoding", help="strategy of the genre (default: the fastest)")
    solve.add_argument("--time-limit", type=seconds, metavar="S",
                       help="seconds for the whole run (for each puzzle when there are several)")
    solve.add_argument("--max-memory", type=memory_size, metavar="SIZE",
                       default=DEFAULT_MAX_MEMORY,
                       help="memory budget of a solve, e.g. 4G (default 1G; inf: no budget); "
                       "a strategy whose model would not fit, or that passes it while it "
                       "builds or searches, answers unknown")
    solve.add_argument("--json", action="store_true",
                       help="print one JSON object (one line per puzzle when there are several)")
    solve.add_argument("--svg", metavar="FILE",
                       help="draw the solution (both, with differences marked; with "
                       "--backbone the cells every solution shares) to FILE "
                       "(.svg; .png needs cairosvg)")
    solve.add_argument("--backbone", action="store_true",
                       help="also find the cells that are the same in every solution, and "
                       "list the cells where solutions differ")
    from pencilsat.cli_certify import add_solve_options

    add_solve_options(solve)
    solve.add_argument("--count", type=solution_count, metavar="N",
                       help="also count the solutions up to N and list them")
    _add_batch_options(solve, several=True)


def _grade_parser(sub: Any) -> None:
    grade = sub.add_parser("grade", help="prove uniqueness, then grade human difficulty")
    grade.add_argument("puzzle", nargs="?", help="puzzle file, or - for standard input")
    grade.add_argument("--json", action="store_true", help="print one JSON object")
    grade.add_argument("--steps", action="store_true", help="print the step-by-step deductions")
    grade.add_argument("--faithful", action="store_true",
                       help="grade as the paper does: Light Up without contradiction trials "
                       "(a puzzle its 25 techniques do not finish is unrated)")
    grade.add_argument("--no-score", dest="score", action="store_false",
                       help="the paper's level only, without the difficulty score: skips the "
                       "work only the score needs (Sudoku's forcing probe, Light Up's "
                       "counting run); JSON score null")
    grade.add_argument("--time-limit", type=seconds, metavar="S",
                       help="seconds for the uniqueness proof and the grading together "
                            "(with --batch: for each puzzle's proof, and again for its "
                            "grading)")
    grade.add_argument("--batch", metavar="FILE",
                       help="grade a file of one puzzle per line (- for stdin), any genre: "
                       "one-line Sudokus, puzz.link URLs, Tatham game IDs or file paths; "
                       "writes JSON lines")
    _add_batch_options(grade, several=False)
    grade.add_argument("--next", nargs="?", const="", metavar="PARTIAL",
                       help="give the next human step (a hint) instead of the grade: from the "
                       "bare puzzle, or from PARTIAL, a file (or -) with the partly solved "
                       "grid in the solution's text, its header line first (e.g. "
                       "'masyu-solution 10 10', then pipe letters, digits, '*' bulbs; '.' "
                       "where nothing is known yet), or solve's drawing or --json record")


def _clues_parser(sub: Any) -> None:
    clues = sub.add_parser(
        "clues", help="which clues a unique puzzle can lose; which make an ambiguous one unique",
        description="For a unique puzzle: every clue whose removal keeps it unique (redundant) "
        "and whether the clue set is minimal; with --grade, whether removing a redundant clue "
        "changes the grade. For a puzzle with several solutions: a small set of clues (pearls, "
        "numbers, digits) one solution obeys that makes it unique. Exit status: the puzzle's "
        "verdict (0 unique, 1 multiple, 2 none, 3 unknown), 4 for bad input.")
    clues.add_argument("puzzle", help="file, -, puzz.link URL, Tatham game ID or Sudoku line")
    clues.add_argument("--grade", action="store_true",
                       help="also grade the puzzle without each redundant clue")
    clues.add_argument("--json", action="store_true", help="print one JSON object")
    clues.add_argument("--time-limit", type=seconds, metavar="S",
                       help="seconds for the whole run (unfinished checks are listed)")


def _serve_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve", help="the editor's desk in a browser (needs pip install 'pencilsat[web]')",
        description="Serve the desk: a page to paste a puzz.link URL, a Tatham game ID or a "
        "puzzle's text and see its verdict, drawing, backbone, grade and clues, and the JSON "
        "API behind it (POST /api/solve, /api/grade, /api/clues, /api/hint). Each check runs "
        "in a worker process with a time limit. Open /?url=<puzz.link URL> to check a puzzle "
        "from a link.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    serve.add_argument("--workers", type=worker_count, default=2, metavar="N",
                       help="worker processes, so checks at once (default 2)")


def _convert_parser(sub: Any) -> None:
    convert = sub.add_parser("convert", help="convert a puzzle between formats")
    convert.add_argument("puzzle", help="file, -, puzz.link URL or Tatham game ID")
    convert.add_argument("--to", required=True, choices=("url", "tatham", "text", "sugar"),
                         help="puzz.link URL, Tatham game ID, corpus text, or the seed's Sugar "
                         "format (Masyu)")


def _generate_parser(sub: Any) -> None:
    from pencilsat.cli_generate import add_generate_parser

    add_generate_parser(sub)


def _verify_parser(sub: Any) -> None:
    verify = sub.add_parser(
        "verify", help="check a solution with the independent rule checker",
        description="Check SOLUTION against PUZZLE with the genre's independent rule checker. "
        "SOLUTION is a file (or - for standard input) holding anything pencilsat solve writes: "
        "its --json output (or the solution rows in it), its text output or just the drawing "
        "in it, or the corpus solution format (e.g. 'masyu-solution W H' and pipe-letter rows, "
        "a Sudoku as 81 digits). Exit 0: valid; 1: a rule is broken (each named with its "
        "cell); 4: the input cannot be read.")
    verify.add_argument("puzzle", help="file, -, puzz.link URL, Tatham game ID or Sudoku line")
    verify.add_argument("solution", help="file or - (see above)")


def _genres_parser(sub: Any) -> None:
    genres = sub.add_parser(
        "genres", help="the genres: names, strategies, graders and formats",
        description="List every genre pencilsat reads: its title and name, its strategies "
        "(--encoding; the default first) with their backends, whether it has a grader, and "
        "the formats it reads (text header, puzz.link and Tatham names).")
    genres.add_argument("--json", action="store_true", help="one JSON list")


def _study_parser(sub: Any) -> None:
    study = sub.add_parser(
        "study", help="correlate SAT effort and other measures with difficulty labels",
        description="Measure every puzzle of LABELS (SAT effort on a fixed encoding, the level "
        "of generalised unit propagation, CP-SAT, the grader, baselines), correlate each "
        "measure with the labels within groups, cross-validate a combined predictor, and write "
        "measures.jsonl, correlations.csv, report.md and plots to DIR. A rerun reuses the "
        "records already in DIR/measures.jsonl. Needs the study extra (matplotlib, scipy).")
    study.add_argument("labels", metavar="LABELS.tsv",
                       help="tab-separated file with a header naming the columns puzzle, "
                       "label and optionally group and weight; puzzle is a path (from the "
                       "file's folder), a URL, a game ID or a one-line Sudoku; label a number "
                       "(a rating, seconds) or a word ranked by --order")
    study.add_argument("--out", required=True, metavar="DIR", help="folder for the results")
    study.add_argument("--order", metavar="WORDS",
                       help="word labels from easiest to hardest, e.g. easy,tricky,hard")
    study.add_argument("--columns", metavar="ROLE=NAME,...",
                       help="read the roles puzzle, label, group and weight from columns of "
                       "other names, e.g. label=mean_seconds,weight=completions")
    study.add_argument("--labels-are", choices=("rating", "time"), dest="labels_are",
                       help="what the labels are, for the report: a program's or rater's "
                       "rating, or people's solving time")
    study.add_argument("--about", metavar="TEXT",
                       help="where the labels come from, for the report")
    study.add_argument("--workers", type=whole_number(1), default=1, metavar="N",
                       help="processes measuring puzzles in parallel (default 1)")
    study.add_argument("--folds", type=whole_number(2), default=5, metavar="K",
                       help="folds of the combined predictor's cross-validation (default 5)")
    study.add_argument("--resamples", type=whole_number(0), default=1000, metavar="B",
                       help="bootstrap resamples for the intervals (default 1000)")
    study.add_argument("--shuffles", type=whole_number(1), default=5, metavar="R",
                       help="orderings of the clauses each CDCL figure is averaged over "
                       "(default 5)")
    study.add_argument("--no-plots", action="store_true", help="write no PNG plots")


def _check_parser(sub: Any) -> None:
    from pencilsat.cli_certify import add_check_parser

    add_check_parser(sub)


COMMANDS: dict[str, Callable[[Any], None]] = {
    "solve": _solve_parser, "grade": _grade_parser, "clues": _clues_parser,
    "serve": _serve_parser, "convert": _convert_parser, "generate": _generate_parser,
    "verify": _verify_parser, "study": _study_parser, "check": _check_parser,
    "genres": _genres_parser,
}
