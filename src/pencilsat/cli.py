"""Command line: solve, prove unique, grade, convert, generate and verify pencil puzzles, and
study how solver effort tracks difficulty labels; ``pencilsat genres`` lists the genres.

Exit status of ``solve``: 0 unique, 1 multiple, 2 no solution, 3 unknown (time-out),
4 invalid input (or an output that cannot be written), 5 a bug in pencilsat. Bad input prints
one line naming file, line and column, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from pencilsat.cli_options import COMMANDS, build_parser
from pencilsat.cli_signals import (
    EXIT_HUNG_UP,
    EXIT_TERMINATED,
    HungUp,
    Terminated,
    sigterm_as_interrupt,
)
from pencilsat.cli_solve import (
    batch_run,
    cmd_solve,
    json_text,
    load_puzzle,
    refuse_batch_options,
)
from pencilsat.core.address_space import short_of_memory
from pencilsat.core.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    InputError,
    internal_error,
    tracebacks_wanted,
)


class _ReaderMayLeave:
    """Standard output (or error) for a reader that may leave early (``pencilsat solve P |
    head -1``).

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

    @property
    def unwrapped(self) -> Any:
        """The stream itself, for output that must stop when its reader leaves (a batch's
        records)."""
        return self._stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    if _worker_importing_main():
        print(WORKER_IMPORTING_MAIN, file=sys.stderr)
        return EXIT_INVALID
    # pencilsat does no linear algebra; the thread pool OpenBLAS starts when numpy is imported
    # cost a run 15-20 ms of wall time on 2 cores (0.285 -> 0.267 s median, seed 36x20, 20
    # interleaved runs) and a second core's CPU. A user's own setting wins.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _closed_output_to_devnull()
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = _ReaderMayLeave(stdout)
    # a reader of the messages that left (a closed log pipe): the run goes on, as for stdout
    # (generate's seed line ended `generate --count` with nothing written and status 0)
    sys.stderr = _ReaderMayLeave(stderr)
    try:
        status = _run(argv)
        sys.stdout.flush()  # a full disk shows here, not at exit
        return status
    except KeyboardInterrupt as stop:  # Ctrl-C: what was printed stays, and no traceback
        if isinstance(stop, HungUp):  # SIGHUP during a batch: the terminal closed
            with contextlib.suppress(OSError):
                print("pencilsat: hung up", file=sys.stderr)
            return EXIT_HUNG_UP
        if isinstance(stop, Terminated):  # follows it; SIGTERM during a batch likewise
            print("pencilsat: terminated", file=sys.stderr)
            return EXIT_TERMINATED
        print("pencilsat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `pencilsat solve P | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:  # standard output could not be written (a full disk, say)
        short = short_of_memory(err)  # ENOMEM under ulimit -v: not the output's fault
        if short is not None:
            print(f"pencilsat: {short}", file=sys.stderr)
            return EXIT_INVALID
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if err.errno == errno.EMFILE:  # not the output's fault: the pool's pipes, say
            print(f"pencilsat: {too_many_files()}", file=sys.stderr)
            return EXIT_INVALID
        where = f" {err.filename}" if err.filename else ""  # a records file names itself
        print(f"pencilsat: cannot write the output{where}: {err.strerror or err}",
              file=sys.stderr)
        return EXIT_INVALID
    except Exception as err:  # a bug: one line, not a traceback, unless asked for
        if _caused_by_interrupt(err):  # numpy reports a Ctrl-C during its import as
            print("pencilsat: interrupted", file=sys.stderr)  # a "bad install"
            return EXIT_INTERRUPTED
        short = short_of_memory(err)  # ulimit -v too low for a module or a solver
        if short is not None:
            print(f"pencilsat: {short}", file=sys.stderr)
            return EXIT_INVALID
        if tracebacks_wanted():
            raise
        print(f"pencilsat: {internal_error(err)}", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def too_many_files() -> str:
    """What a run that reached the limit of open files (``ulimit -n``) says: it said "cannot
    write the output: Too many open files" with 2 workers under ``ulimit -n 12``."""
    try:
        import resource
    except ImportError:  # not POSIX
        return "too many open files; raise the limit, or give --workers 1"
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return (f"too many open files (this process may open {limit}: ulimit -n); raise the "
            "limit, or give --workers 1")


def _closed_output_to_devnull() -> None:
    """Standard output or error closed (``pencilsat solve P >&-``): what would be written there
    goes to /dev/null, so that the exit status is still the verdict's (it was an internal
    error, exit 1 with a traceback) and no file opened later takes the descriptor."""
    for number, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is None:
            null = os.open(os.devnull, os.O_WRONLY)
            if null != number:
                os.dup2(null, number)
                os.close(null)
            setattr(sys, name, open(number, "w", encoding="utf-8", closefd=False))  # noqa: SIM115


WORKER_IMPORTING_MAIN = (
    "pencilsat: not run: a worker process is importing the main script, whose top level runs "
    "pencilsat (the run would start again in every worker); put that in "
    "'if __name__ == \"__main__\":'")


def _worker_importing_main() -> bool:
    """Whether this process is a new worker importing its parent's main module (a fork
    server's or spawned worker does, as ``multiprocessing`` starts it), so that an unguarded
    script calling :func:`main` would run a second batch, onto the same ``--out``."""
    multiprocessing = sys.modules.get("multiprocessing")
    return multiprocessing is not None and bool(
        getattr(multiprocessing.current_process(), "_inheriting", False))


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
        with sigterm_as_interrupt():
            return _command(args)
    return _command(args)


def _command(args: argparse.Namespace) -> int:
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
        print(json_text(report.to_dict()))
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
        return batch_run(args, BatchTask(grade=True, time_limit=args.time_limit,
                                         faithful=args.faithful, score=args.score))
    if args.puzzle is None:
        raise InputError("give a puzzle file (or - for stdin), or --batch FILE")
    refuse_batch_options(args, (), "--batch FILE")
    if args.next is not None:
        return _next_step(args)
    puzzle = load_puzzle(args.puzzle)
    result = grade(puzzle, time_limit=args.time_limit, faithful=args.faithful,
                   score=args.score)
    if args.json:
        print(json_text(result.to_json()))
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
    from pencilsat.formats.solution_input import read_solution

    if args.puzzle == args.next == "-":
        raise InputError("standard input (-) can be read once only",
                         hint="give the puzzle or the partial grid as a file")
    puzzle = load_puzzle(args.puzzle)
    partial = None
    if args.next:
        try:
            partial = read_solution(puzzle, read_text(
                args.next, what="a file with the partly solved grid, or '-'"))
        except InputError as err:  # named at the partial grid's file, as verify does
            raise err.located(args.next) from None
    hint = next_hint(puzzle, partial, time_limit=args.time_limit)
    if args.json:
        print(json_text(hint.to_dict()))
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
        print(json_text(table))
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
