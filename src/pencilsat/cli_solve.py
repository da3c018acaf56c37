"""``pencilsat solve``: one puzzle, several, or a ``--batch`` file, and what it prints.

One puzzle prints its verdict and drawing (``--json``: one object), several a line each and a
tally, a batch one record per puzzle (docs/batch.md) and a summary on stderr; the exit status
is the verdict's, or ``--fail-on``'s for many puzzles. ``grade --batch`` shares the batch run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pencilsat.core.errors import EXIT_INVALID, InputError

if TYPE_CHECKING:  # imported when used: the CLI loads only what a run needs
    from pencilsat.batch.records import BatchRecord


def load_puzzle(arg: str) -> Any:
    """A puzzle from a file, ``-`` (stdin), a puzz.link URL, a Tatham game ID or an 81-char
    Sudoku line given as the argument itself."""
    from pencilsat.formats.detect import read_input

    return read_input(arg)


def json_text(data: Any) -> str:
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
    if result.x_variant is not None:
        out.append(f"hint: {result.x_variant.text}")
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
                "backbone (incomplete: a limit came first; more cells may differ)")
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
                 f"more than {count.limit}" if count.more else f"at least {listed}")
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
        return batch_run(args, _solve_task(args))
    if not args.puzzle:
        raise InputError("give a puzzle (file, -, URL or game ID), or --batch FILE")
    if len(args.puzzle) > 1:
        if args.backbone or args.count:
            raise InputError("--backbone and --count take one puzzle",
                             hint="give one puzzle, or leave the options out")
        return _solve_several(args)
    refuse_batch_options(args, (), "several puzzles or --batch FILE")
    if args.svg:
        check_output_path(args.svg, "--svg")
    puzzle = load_puzzle(args.puzzle[0])
    from pencilsat.strategies.solution_space import Exploration

    task = (Exploration(count=args.count, backbone=args.backbone)
            if args.backbone or args.count else None)
    started = time.perf_counter()
    result = solve(puzzle, encoding=args.encoding, backend=args.backend,
                   sat_solver=args.sat_solver, time_limit=args.time_limit,
                   max_memory=args.max_memory, explore=task)
    from pencilsat.puzzles.diagonals import may_hint

    if may_hint(result):
        from pencilsat.strategies.x_hint import add_x_hint

        add_x_hint(result, args.time_limit, started, args.max_memory)
    from pencilsat.cli_certify import certify, describe

    certify(args, result, puzzle, started)
    if args.json:
        print(json_text(result_json(result)), flush=True)
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


def batch_run(args: argparse.Namespace, task: Any) -> int:
    """``solve --batch`` / ``grade --batch``: records on stdout or ``--out``, the summary on
    stderr, the exit status ``--fail-on`` asks for (docs/batch.md)."""
    from pencilsat.batch.run import BatchRun, run_batch
    from pencilsat.batch.summary import FAILURES

    run = BatchRun(args.batch, task, workers=args.workers, dask=args.dask,
                   ordered=not args.unordered, out=args.out, resume=args.resume,
                   fail_on=args.fail_on if args.fail_on is not None else frozenset(FAILURES),
                   progress=sys.stderr.isatty())
    # the records go to the stream itself, not through the CLI's wrapper that sends what a
    # reader who left would miss to /dev/null: a batch whose reader left stops (exit 141)
    return run_batch(run, getattr(sys.stdout, "unwrapped", sys.stdout), sys.stderr)


def refuse_batch_options(args: argparse.Namespace, allowed: Sequence[str], why: str) -> None:
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
    refuse_batch_options(args, ("--workers", "--dask", "--unordered", "--fail-on"),
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
