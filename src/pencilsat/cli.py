"""Command line: solve, prove unique, grade, convert, generate and verify pencil puzzles, and
study how solver effort tracks difficulty labels; ``pencilsat genres`` lists the genres.

Exit status of ``solve``: 0 unique, 1 multiple, 2 no solution, 3 unknown (time-out),
4 invalid input (or an output that cannot be written), 5 a bug in pencilsat. Bad input prints
one line naming file, line and column, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from pencilsat.core.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    InputError,
    internal_error,
    tracebacks_wanted,
)

if TYPE_CHECKING:  # imported when used: the CLI loads only what a run needs
    from pencilsat.batch.records import BatchRecord


class _Parser(argparse.ArgumentParser):
    """Usage errors exit 4 (invalid input), not argparse's 2 (which means "no solution")."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"pencilsat: error: {message}\n")


def seconds(text: str) -> float | None:
    """``--time-limit``: a positive number of seconds; ``inf`` means no limit."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if value != value or value <= 0:  # NaN compares unequal to itself
        raise argparse.ArgumentTypeError(
            f"{text!r}: the time limit must be a positive number of seconds (or inf)")
    return None if value == float("inf") else value


def port_number(text: str) -> int:
    """``--port``: a whole number from 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 65535")
    return int(text)


def solution_count(text: str) -> int:
    """``--count``: a whole number of solutions, at least 1."""
    if not text.strip().isdigit() or int(text) < 1 or len(text.strip()) > 9:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of solutions (a whole number from 1)")
    return int(text)


def memory_size(text: str) -> int | None:
    """``--max-memory``: ``4G``, ``512M``, ``inf``."""
    from pencilsat.core.memory import parse_memory

    try:
        return parse_memory(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(f"{err.message} ({err.hint})") from None


def worker_count(text: str) -> int:
    """``--workers``: a whole number of worker processes, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of workers") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1 worker (1: this process)")
    return value


def fail_on(text: str) -> frozenset[str]:
    """``--fail-on``: verdicts separated by commas, or ``never``."""
    from pencilsat.batch.summary import parse_fail_on

    try:
        return parse_fail_on(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(f"{err.message} ({err.hint})") from None


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
                       "grid in the solution's text (pipe letters, digits, '*' bulbs; '.' "
                       "where nothing is known yet)")


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


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{text!r}: give a whole number of at least "
                                             f"{least}")
        return value

    return parse


class _ReaderMayLeave:
    """Standard output for a reader that may leave early (``pencilsat solve P | head -1``).

    Once the pipe is closed, the rest of the output goes to /dev/null and the command runs on:
    a drawing asked for with ``--svg`` is still written and the exit status is still the
    verdict's. Before, the broken pipe ended the run with status 0, so a ``multiple`` puzzle
    read through ``| head`` passed a ``pipefail`` script as if it were unique.
    """

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._reader_left()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._reader_left()

    def _reader_left(self) -> None:
        os.dup2(os.open(os.devnull, os.O_WRONLY), self._stream.fileno())
        with contextlib.suppress(BrokenPipeError):
            self._stream.flush()  # what was still buffered goes to /dev/null

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    # pencilsat does no linear algebra; the thread pool OpenBLAS starts when numpy is imported
    # cost a run 15-20 ms of wall time on 2 cores (0.285 -> 0.267 s median, seed 36x20, 20
    # interleaved runs) and a second core's CPU. A user's own setting wins.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    stdout = sys.stdout
    sys.stdout = _ReaderMayLeave(stdout)
    try:
        status = _run(argv)
        sys.stdout.flush()  # a full disk shows here, not at exit
        return status
    except KeyboardInterrupt:  # Ctrl-C: what was printed stays, and no traceback follows it
        print("pencilsat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `pencilsat solve P | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:  # standard output could not be written (a full disk, say)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"pencilsat: cannot write the output: {err.strerror or err}", file=sys.stderr)
        return EXIT_INVALID
    except Exception as err:  # a bug: one line, not a traceback, unless asked for
        if _caused_by_interrupt(err):  # numpy reports a Ctrl-C during its import as
            print("pencilsat: interrupted", file=sys.stderr)  # a "bad install"
            return EXIT_INTERRUPTED
        if tracebacks_wanted():
            raise
        print(f"pencilsat: {internal_error(err)}", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stdout = stdout


def _caused_by_interrupt(err: BaseException) -> bool:
    """Whether a ``KeyboardInterrupt`` is in ``err``'s chain of causes."""
    seen: BaseException | None = err
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _run(argv: Sequence[str] | None) -> int:
    words = _sizes_as_operands(argv)
    first = words[0] if words else None
    args = build_parser(first if first in COMMANDS else None).parse_args(words)
    if getattr(args, "batch", None):  # before any other import: the workers' start overlaps
        from pencilsat.batch.fork_server import start_early  # all of this process's own

        start_early(args.batch, args.workers, args.dask)
    try:
        if args.command == "solve":
            return cmd_solve(args)
        if args.command == "verify":
            return cmd_verify(args)
        if args.command == "grade":
            return cmd_grade(args)
        if args.command == "convert":
            return cmd_convert(args)
        if args.command == "clues":
            return cmd_clues(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command == "generate":
            return cmd_generate(args)
        if args.command == "study":
            return cmd_study(args)
        if args.command == "check":
            from pencilsat.cli_certify import cmd_check

            return cmd_check(args)
        if args.command == "genres":
            return cmd_genres(args)
    except InputError as err:
        print(f"pencilsat: invalid input: {err}", file=sys.stderr)
        return EXIT_INVALID
    except (KeyError, ValueError) as err:
        msg = err.args[0] if err.args else str(err)
        print(f"pencilsat: {msg}", file=sys.stderr)
        return EXIT_INVALID
    return EXIT_INVALID


def load_puzzle(arg: str) -> Any:
    """A puzzle from a file, ``-`` (stdin), a puzz.link URL, a Tatham game ID or an 81-char
    Sudoku line given as the argument itself."""
    from pencilsat.formats.detect import read_input

    return read_input(arg)


def _json(data: Any) -> str:
    import json

    return json.dumps(data)


def result_json(result: Any) -> dict[str, Any]:
    """The ``--json`` object: verdict, solution rows, second solution, differences, stats."""
    return dict(result.to_dict())


def describe_result(result: Any) -> str:
    """Human-readable verdict, drawings and statistics."""
    from pencilsat.core.registry import rules_of

    draw = rules_of(result.puzzle).draw_text
    st = result.stats
    words = {
        "unique": "unique: exactly one solution",
        "multiple": "multiple: more than one solution",
        "none": "none: no solution",
        "unknown": "unknown: no verdict (a limit stopped the run; the note says which)",
    }
    out = [f"verdict: {words[result.verdict.value]}"]
    if result.message:
        out.append(f"note: {result.message}")
    if result.solution is not None:
        out += ["", draw(result.puzzle, result.solution).rstrip("\n")]
    if result.second_solution is not None:
        cells = ", ".join(f"({r},{c})" for r, c in result.differences[:20])
        more = " ..." if len(result.differences) > 20 else ""
        out += ["", f"second solution (differs at {len(result.differences)} cells, row,col "
                f"0-based: {cells}{more}):", "",
                draw(result.puzzle, result.second_solution).rstrip("\n")]

    out += _explored_lines(result)

    def fmt(v: Any) -> str:
        return "-" if v is None else (f"{v:.3f}s" if isinstance(v, float) else f"{v:,}")

    out += ["", f"encoding {st.encoding}, backend {st.backend}"
            + (f" ({st.sat_solver})" if st.sat_solver else "")
            + f": {fmt(st.variables)} variables, {fmt(st.clauses)} "
            + ("constraints" if st.backend == "cpsat" else "clauses"),
            f"conflicts {fmt(st.conflicts)}, decisions {fmt(st.decisions)}, "
            f"propagations {fmt(st.propagations)}",
            f"time: encode {fmt(st.encode_s)}, solve {fmt(st.solve_s)}, "
            f"uniqueness {fmt(st.uniqueness_s)}"]
    return "\n".join(out)


def _explored_lines(result: Any) -> list[str]:
    """The backbone and the listed solutions, when asked for (``--backbone``, ``--count``)."""
    from pencilsat.core.registry import rules_of

    out: list[str] = []
    backbone = result.backbone
    if backbone is not None:
        cells = result.puzzle.width * result.puzzle.height
        shown = ", ".join(f"({r},{c})" for r, c in backbone.undecided[:40])
        more = " ..." if len(backbone.undecided) > 40 else ""
        head = ("backbone" if backbone.complete else
                "backbone (incomplete: the time limit came first; more cells may differ)")
        out += ["", f"{head}: {cells - len(backbone.undecided)} of {cells} cells are the same "
                f"in every solution ({backbone.solutions_seen} solutions seen)"]
        if backbone.undecided:
            out.append(f"undecided cells (row,col 0-based): {shown}{more}")
            rows = (rules_of(result.puzzle).partial_rows(result.puzzle, result.solution,
                                                        backbone.undecided)
                    if backbone.complete else None)
            if rows is not None:
                out += ["", "the backbone ('?': differs between solutions):", *rows]
    count = result.count
    if count is not None:
        listed = len(count.solutions)
        total = (f"{listed} (all of them)" if count.complete else
                 f"more than {count.limit}" if listed == count.limit else f"at least {listed}")
        out += ["", f"solutions: {total}"]
        draw = rules_of(result.puzzle).draw_text
        for k, solution in enumerate(count.solutions, 1):
            out += ["", f"solution {k}:", draw(result.puzzle, solution).rstrip("\n")]
    return out


def cmd_solve(args: argparse.Namespace) -> int:
    from pencilsat.strategies.front import solve

    if args.sat_solver and args.backend == "cpsat":
        raise InputError("--sat-solver picks a CNF solver; it does not apply to --backend cpsat")
    if args.encoding == "":
        raise InputError("--encoding is empty", hint="name a strategy, or leave the option out")
    if args.svg is not None and not args.svg.strip():
        raise InputError("--svg is empty",
                         hint="give the drawing's file name, e.g. --svg answer.svg")
    if args.batch:
        if args.puzzle:
            raise InputError("give puzzles as arguments or --batch FILE, not both")
        if args.backbone or args.count:
            raise InputError("--backbone and --count take one puzzle, not --batch",
                             hint="give one puzzle, or leave the options out")
        if args.svg:
            raise InputError("--svg draws one puzzle; give it without --batch")
        return _batch_run(args, _solve_task(args))
    if not args.puzzle:
        raise InputError("give a puzzle (file, -, URL or game ID), or --batch FILE")
    if len(args.puzzle) > 1:
        if args.backbone or args.count:
            raise InputError("--backbone and --count take one puzzle",
                             hint="give one puzzle, or leave the options out")
        return _solve_several(args)
    _refuse_batch_options(args, (), "several puzzles or --batch FILE")
    if args.svg:
        check_output_path(args.svg, "--svg")
    puzzle = load_puzzle(args.puzzle[0])
    from pencilsat.strategies.solution_space import Exploration

    task = (Exploration(count=args.count, backbone=args.backbone)
            if args.backbone or args.count else None)
    result = solve(puzzle, encoding=args.encoding, backend=args.backend,
                   sat_solver=args.sat_solver, time_limit=args.time_limit,
                   max_memory=args.max_memory, explore=task)
    from pencilsat.cli_certify import certify, describe

    certify(args, result, puzzle)
    if args.json:
        print(_json(result_json(result)), flush=True)
    else:
        print("\n".join([describe_result(result), *describe(result)]), flush=True)
    if args.svg:  # after the verdict is out, so a failing write loses nothing
        from pencilsat.formats.svg import draw_svg, save_drawing

        if result.backbone is not None and result.second_solution is not None:
            from pencilsat.formats.svg.desk import draw_backbone

            drawing = draw_backbone(puzzle, result.solution, result.backbone.undecided,
                                    complete=result.backbone.complete)
        else:
            drawing = draw_svg(puzzle, result.solution, result.second_solution,
                               result.differences or ())
        try:
            save_drawing(drawing, args.svg)
        except OSError as err:
            print(f"pencilsat: --svg {args.svg}: cannot write the drawing: "
                  f"{err.strerror or err}", file=sys.stderr)
            return EXIT_INVALID
    return result.verdict.exit_code


def check_output_path(path: str, option: str) -> None:
    """Refuse an output path that cannot be written before any work is done (the drawing's
    format is checked by :func:`pencilsat.formats.svg.drawing_format`)."""
    from pathlib import Path

    from pencilsat.formats.svg import drawing_format

    target = Path(path)
    if target.is_dir():
        raise InputError(f"{option} {path}: is a directory", hint="give a file name")
    drawing_format(target)
    folder = target.parent
    if not folder.is_dir():
        raise InputError(f"{option} {path}: folder {folder} does not exist",
                         hint="create it or choose another path")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise InputError(f"{option} {path}: not writable", hint="choose another path")


def _batch_run(args: argparse.Namespace, task: Any) -> int:
    """``solve --batch`` / ``grade --batch``: records on stdout or ``--out``, the summary on
    stderr, the exit status ``--fail-on`` asks for (docs/batch.md)."""
    from pencilsat.batch.run import BatchRun, run_batch
    from pencilsat.batch.summary import FAILURES

    run = BatchRun(args.batch, task, workers=args.workers, dask=args.dask,
                   ordered=not args.unordered, out=args.out, resume=args.resume,
                   fail_on=args.fail_on if args.fail_on is not None else frozenset(FAILURES),
                   progress=sys.stderr.isatty())
    return run_batch(run, sys.stdout, sys.stderr)


def _refuse_batch_options(args: argparse.Namespace, allowed: Sequence[str], why: str) -> None:
    """Options of runs over many puzzles given where they do nothing: a clear error."""
    given = {"--workers": args.workers is not None, "--dask": args.dask is not None,
             "--unordered": args.unordered, "--fail-on": args.fail_on is not None,
             "--out": args.out is not None, "--resume": args.resume}
    for option, used in given.items():
        if used and option not in allowed:
            raise InputError(f"{option} applies to {why}", hint="give --batch FILE")


def _solve_task(args: argparse.Namespace) -> Any:
    from pencilsat.batch.task import BatchTask

    if args.proof_out:
        raise InputError("--proof-out writes one puzzle's certificate",
                         hint="give one puzzle, or use --certify (the records carry it)")
    return BatchTask(encoding=args.encoding, backend=args.backend, sat_solver=args.sat_solver,
                     time_limit=args.time_limit, max_memory=args.max_memory,
                     certify=args.certify)


def _solve_several(args: argparse.Namespace) -> int:
    """Several puzzles given as arguments: one line each as it is solved (schema-1 JSON
    records with ``--json``), a summary, and the worst exit status of them all (of the
    verdicts in ``--fail-on``). Solved in this process unless ``--workers`` or ``--dask``."""
    from pencilsat.batch.inputs import BatchItem
    from pencilsat.batch.pool import run_shards
    from pencilsat.batch.run import executor_for
    from pencilsat.batch.shards import make_shards
    from pencilsat.batch.summary import FAILURES, Tally
    from pencilsat.formats.detect import read_text

    if args.svg:
        raise InputError("--svg draws one puzzle; give one puzzle with it")
    if args.puzzle.count("-") > 1:
        raise InputError("standard input (-) can be read once only")
    _refuse_batch_options(args, ("--workers", "--dask", "--unordered", "--fail-on"),
                          "--batch FILE only")
    items = [BatchItem(i, arg, read_text("-") if arg == "-" else None)
             for i, arg in enumerate(args.puzzle, start=1)]
    tally = Tally()
    try:
        with executor_for(args.workers, args.dask, 1) as (executor, workers, _):
            shards = make_shards(items, _solve_task(args), workers)
            for records in run_shards(shards, workers=workers, executor=executor,
                                      ordered=not args.unordered):
                for record in records:
                    tally.add(record)
                    print(record.json_text if args.json else _record_line(record),
                          flush=True)
    except KeyboardInterrupt:
        if not args.json:  # the tally so far, so an editor sees where it stopped
            left = len(items) - tally.total
            print(f"{tally.one_line()}; interrupted with {left} not solved", flush=True)
        raise
    if not args.json:
        print(tally.one_line())
    return tally.exit_status(args.fail_on if args.fail_on is not None else FAILURES)


def _record_line(record: BatchRecord) -> str:
    """One puzzle's line: verdict, solver seconds, genre and size, the input, and for
    ``multiple`` in how many cells the second solution differs."""
    if record.verdict in ("invalid", "error"):  # the message names its file or line
        return f"{record.verdict:<9}{'':>9}  {record.message}"
    data = record.to_dict()
    stats = data["stats"]
    seconds = sum(stats[key] or 0.0 for key in ("encode_s", "solve_s", "uniqueness_s"))
    genre = f"{record.genre} {record.size}"
    line = f"{record.verdict:<9}{seconds:>7.3f} s  {genre:<13} {record.input}"
    if data["differences"]:
        line += f"  (the second solution differs in {len(data['differences'])} cells)"
    elif record.message:
        line += f"  ({record.message})"
    return line


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: run the desk until Ctrl-C; exit 4 when the web extra is missing or the
    address cannot be listened on (a busy port: uvicorn alone exits 3, the status of the
    ``unknown`` verdict)."""
    from importlib.util import find_spec

    if find_spec("starlette") is None or find_spec("uvicorn") is None:
        raise InputError("pencilsat serve needs the web extra (Starlette and uvicorn)",
                         hint="pip install 'pencilsat[web]', or in a clone: "
                              "pip install -e '.[web]'")
    _refuse_an_address_in_use(args.host, args.port)
    from pencilsat.web.app import serve

    print(f"pencilsat desk on http://{args.host}:{args.port}/ (Ctrl-C stops it)", flush=True)
    try:
        serve(args.host, args.port, args.workers)
    except SystemExit as stop:  # uvicorn's start-up failure (3), e.g. the port taken since
        if stop.code in (0, None):
            return 0
        raise InputError(f"the desk could not start on {args.host}:{args.port} (uvicorn's "
                         "message is above)", hint="give another --port or --host") from None
    return 0


def _refuse_an_address_in_use(host: str, port: int) -> None:
    """An InputError naming ``host:port`` when it cannot be bound as uvicorn binds it
    (``SO_REUSEADDR``): a port in use, an address not of this machine, a port that needs
    root."""
    import errno
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror as err:
        raise InputError(f"--host {host!r} is not an address: {err.strerror}",
                         hint="give an address of this machine, e.g. 127.0.0.1") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            why = {errno.EADDRINUSE: "the port is in use",
                   errno.EACCES: "permission denied (ports below 1024 need root)",
                   errno.EADDRNOTAVAIL: "the address is not one of this machine's"}.get(
                       err.errno or 0, err.strerror or str(err))
            raise InputError(f"cannot listen on {host}:{port}: {why}",
                             hint="give another --port, or stop what listens there"
                             if err.errno == errno.EADDRINUSE else
                             "give another --host or --port") from None


def cmd_clues(args: argparse.Namespace) -> int:
    from pencilsat.desk.clues import check_clues

    puzzle = load_puzzle(args.puzzle)
    report = check_clues(puzzle, grade=args.grade, time_limit=args.time_limit)
    if args.json:
        print(_json(report.to_dict()))
    else:
        print(describe_clues(report))
    return report.verdict.exit_code


def describe_clues(report: Any) -> str:
    """The clue report in words."""
    def names(clues: list[Any]) -> str:
        return ", ".join(str(c) for c in clues) if clues else "none"

    kind = report.kind
    out = [f"verdict: {report.verdict.value}"]
    if report.verdict.value == "unique":
        removal = f"; removing one: {report.removal}" if report.removal else ""
        out.append(f"{len(report.clues)} {kind}s; redundant (the puzzle stays unique without "
                   f"it{removal}): {names(report.redundant)}")
        if report.minimal is not None:
            out.append("the clue set is minimal" if report.minimal else
                       f"the clue set is not minimal: {len(report.redundant)} {kind}s can go "
                       "one at a time (not necessarily all together)")
        if report.undecided:
            out.append(f"not checked in time: {names(report.undecided)}")
        if report.levels_without is not None:
            out.append(f"grade: level {report.level}")
            for clue, level in report.levels_without.items():
                change = "same level" if level == report.level else "the grade changes"
                out.append(f"  without {clue}: level {level} ({change})")
    elif report.added:
        out.append(f"add these {kind}s (one solution obeys them) to make it unique: "
                   f"{names(report.added)}")
    if report.message:
        out.append(f"note: {report.message}")
    return "\n".join(out)


def cmd_convert(args: argparse.Namespace) -> int:
    from pencilsat.formats.detect import convert
    from pencilsat.puzzles import masyu

    puzzle = load_puzzle(args.puzzle)
    if args.to == "sugar":
        if puzzle.genre != "masyu":
            raise InputError("the Sugar format is for Masyu puzzles only")
        sys.stdout.write(masyu.format_sugar(puzzle))
    else:
        sys.stdout.write(convert(puzzle, args.to))
    return 0


def cmd_grade(args: argparse.Namespace) -> int:
    """Exit status: the uniqueness verdict's, or 3 when grading ran out of time (0: unique, and
    graded unless the genre's grader does not take this size)."""
    from pencilsat.grading.front import grade

    if args.batch:
        from pencilsat.batch.task import BatchTask

        if args.puzzle is not None:
            raise InputError("give a puzzle or --batch FILE, not both")
        if args.next is not None:
            raise InputError("--next gives the next step of one puzzle, not --batch",
                             hint="give one puzzle, or leave --next out")
        return _batch_run(args, BatchTask(grade=True, time_limit=args.time_limit,
                                         faithful=args.faithful, score=args.score))
    if args.puzzle is None:
        raise InputError("give a puzzle file (or - for stdin), or --batch FILE")
    _refuse_batch_options(args, (), "--batch FILE")
    if args.next is not None:
        return _next_step(args)
    puzzle = load_puzzle(args.puzzle)
    result = grade(puzzle, time_limit=args.time_limit, faithful=args.faithful,
                   score=args.score)
    if args.json:
        print(_json(result.to_json()))
    elif result.reason is not None:
        advice = (" (give a longer --time-limit)" if result.timed_out else
                  " (the puzzle may still be unique; give a longer --time-limit)"
                  if result.verdict.value == "unknown" else "")
        print(f"verdict: {result.verdict.value} — not graded: {result.reason}{advice}")
    else:
        print("verdict: unique")
        assert result.grade is not None  # no reason to give means there is a grade
        print(result.grade.describe(args.steps))
    return result.exit_code


def _next_step(args: argparse.Namespace) -> int:
    """``grade --next``: a hint. Exit status: the verdict's (0 when a step, the mistakes or
    the finished grid were found)."""
    from pencilsat.desk.hint import next_hint
    from pencilsat.formats.detect import read_text

    if args.puzzle == args.next == "-":
        raise InputError("standard input (-) can be read once only",
                         hint="give the puzzle or the partial grid as a file")
    puzzle = load_puzzle(args.puzzle)
    partial = None
    if args.next:
        try:
            partial = read_text(args.next, what="a file with the partly solved grid, or '-'")
        except InputError as err:
            raise err.located(args.next) from None
    hint = next_hint(puzzle, partial, time_limit=args.time_limit)
    if args.json:
        print(_json(hint.to_dict()))
        return hint.verdict.exit_code
    print(f"verdict: {hint.verdict.value}")
    if hint.step is not None:
        print(f"next step: [{hint.step.technique}] {hint.step.text}")
        print("cells (row,col 0-based): " + ", ".join(f"({r},{c})" for r, c in hint.cells))
    if hint.mistakes:
        print("mistakes at (row,col 0-based): "
              + ", ".join(f"({r},{c})" for r, c in hint.mistakes))
    if hint.message:
        print(f"note: {hint.message}")
    return hint.verdict.exit_code


def _sizes_as_operands(argv: Sequence[str] | None) -> list[str]:
    """``generate masyu -1x5``: argparse reads a leading ``-`` as an option and would only say
    that the size is missing; a space in front keeps it the size, which is then refused with
    its own message."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["generate"]:
        return [f" {a}" if a[:1] == "-" and a[1:2].isdigit() else a for a in args]
    return args


def cmd_generate(args: argparse.Namespace) -> int:
    from pencilsat.cli_generate import run_generate

    return run_generate(args, _generation_progress)


@contextmanager
def _generation_progress() -> Iterator[Callable[[str, int, int], None] | None]:
    """A transient progress bar on stderr while a puzzle is generated (a 100x100 takes
    minutes), only when stderr is a terminal: pipes and files get the puzzle alone."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("drawing a loop", total=None)

        def update(stage: str, done: int, total: int) -> None:
            bar.update(task, description=stage, completed=done, total=total)

        yield update


def cmd_verify(args: argparse.Namespace) -> int:
    from pencilsat.core.registry import rules_of
    from pencilsat.formats.detect import read_text
    from pencilsat.formats.solution_input import read_solution

    if args.puzzle == args.solution == "-":
        raise InputError("standard input (-) can be read once only",
                         hint="give the puzzle or the solution as a file")
    puzzle = load_puzzle(args.puzzle)
    try:
        solution = read_solution(puzzle, read_text(
            args.solution, what="a solution file (what pencilsat solve writes, or the corpus "
                                ".sol format) or '-'"))
    except InputError as err:
        raise err.located(args.solution) from None
    problems = rules_of(puzzle).check(puzzle, solution)
    if not problems:
        print("valid: the solution satisfies every rule")
        return 0
    print(f"invalid: {len(problems)} rule violation(s)")
    for p in problems:
        print(f"  {p}")
    return 1


def genre_table() -> list[dict[str, Any]]:
    """Every genre of the registry as plain data (``pencilsat genres --json``)."""
    from pencilsat.core.registry import GENRES

    table = []
    for genre in GENRES.values():
        ordered = sorted(genre.strategies, key=lambda s: s.name != genre.default_strategy)
        table.append({
            "name": genre.name, "title": genre.title,
            "strategies": [{"name": s.name, "backends": list(s.backends), "summary": s.summary}
                           for s in ordered],
            "default": genre.default_strategy, "grader": genre.grader is not None,
            "text": genre.headers[0], "puzzlink": list(genre.puzzlink),
            "tatham": list(genre.tatham)})
    return table


def cmd_genres(args: argparse.Namespace) -> int:
    table = genre_table()
    if args.json:
        print(_json(table))
        return 0
    for row in table:
        strategies = ", ".join(f"{s['name']} ({'/'.join(s['backends'])})"
                               for s in row["strategies"])
        formats = [f"text '{row['text']} W H'"]
        if row["puzzlink"]:
            formats.append("puzz.link " + "/".join(row["puzzlink"]))
        if row["tatham"]:
            formats.append("Tatham " + "/".join(row["tatham"]))
        print(f"{row['title']} ({row['name']})")
        print(f"  strategies: {strategies}; default {row['default']}")
        print(f"  grader: {'yes' if row['grader'] else 'none yet'}")
        print(f"  reads: {', '.join(formats)}")
    return 0


def cmd_study(args: argparse.Namespace) -> int:
    """Exit 0 once the report is written (puzzles without measures are listed in it)."""
    import importlib.util

    missing = [m for m in ("matplotlib", "scipy") if importlib.util.find_spec(m) is None]
    if missing:
        raise InputError(f"pencilsat study needs {' and '.join(missing)}",
                         hint="install the study extra: pip install 'pencilsat[study]'")
    import warnings

    from pencilsat.study import MeasureSettings, StudyWarning, run_study
    from pencilsat.study.report import headline

    with _study_progress() as progress, warnings.catch_warnings():
        warnings.simplefilter("ignore", StudyWarning)  # printed below, once
        result = run_study(args.labels, args.out, order=args.order, workers=args.workers,
                           folds=args.folds, resamples=args.resamples,
                           settings=MeasureSettings(shuffles=args.shuffles), progress=progress,
                           plots=not args.no_plots, columns=args.columns,
                           nature=args.labels_are, about=args.about)
    for text in result.warnings:
        print(f"warning: {text}", file=sys.stderr)
    analysis = result.analysis
    print(f"{len(result.records)} puzzles, {len(analysis.label)} measured, "
          f"{len(analysis.failed)} without measures")
    for what, measure in headline(analysis):
        row = analysis.pooled(measure)
        figure = ("constant" if row.constant else f"Spearman {row.spearman:+.2f} "
                  f"[{row.ci_low:+.2f}, {row.ci_high:+.2f}]")
        print(f"{what:<30} {measure:<36} {figure}")
    print(f"report: {result.report}")
    return 0


@contextmanager
def _study_progress() -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr while puzzles are measured, only when it is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("measuring"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("measuring", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


if __name__ == "__main__":
    from pencilsat.leave import leave

    leave(main())
