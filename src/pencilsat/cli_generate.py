"""``pencilsat generate``: puzzles made to order (genre, size, level or score band, count,
seed, symmetry), on the generator loop of ``generators/``."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from typing import TYPE_CHECKING, Any

from pencilsat.cli_signals import sigterm_as_interrupt
from pencilsat.cli_values import folder_to_write, seconds, whole_number, worker_count
from pencilsat.core.errors import EXIT_OUTPUT_CLOSED
from pencilsat.core.registry import generated
from pencilsat.generators.symmetry import SYMMETRIES

if TYPE_CHECKING:
    from pencilsat.generators.loop import Generated
    from pencilsat.generators.order import Order

DEFAULT_CERTIFICATES = "certificates"
"""Where ``--certify`` without a folder writes the certificates (under the working folder)."""
MAX_COUNT = 1_000_000
"""The most puzzles one ``--count`` run makes: its seeds are listed before the first puzzle
(a count of 10**24 made none, listing them)."""
COUNT_WHY = (" puzzles in one run (the seeds are listed first); for more, run again from "
             "the next --seed")


def add_generate_parser(sub: Any) -> None:
    banded, unbanded = generated(kind="clue", levels=True), generated(kind="clue", levels=False)
    generate = sub.add_parser(
        "generate", help="generate puzzles with exactly one solution, at a level you ask for",
        description="Make unique puzzles: an answer is drawn, clues are added until it is the "
        "only one, then clues go only while the grade stays at most the target (Tatham's "
        "rule). --level is on the genre's grader scale (Masyu: Sato 2007, 1-3; Sudoku 9x9: "
        "Sato 2010, 1-3; Light Up: Kashima 2010, 1-7; Slitherlink and Nurikabe: bands 1-3 of "
        "the study measures gup.up_open and rules_open; "
        f"{', '.join(banded)}: bands of gup.up_open placed on Tatham's levels; "
        "docs/generate.md), --score a band of the grader's score. "
        "Without either: a minimal clue set. "
        f"The other genres without a grader ({', '.join(unbanded)}) are always made "
        "with a minimal clue set, except those made with every clue, as published: "
        f"{', '.join(generated(all_given=True))} (Tents' --level draws trees until every count "
        "together measures in the band); those whose clues are their structure "
        f"({', '.join(generated(kind='structure'))}) with the structure changed until unique. "
        "The puzzle goes to stdout, "
        "its verdict, level, score, clue count and seed to stderr (--json: one object with "
        "all of them).")
    generate.add_argument("genre", choices=generated())
    generate.add_argument("size", metavar="WxH", help="width x height, e.g. 10x10 (Sudoku 9x9)")
    target = generate.add_mutually_exclusive_group()
    target.add_argument("--level", type=int, metavar="L", help="the grader's level to hit")
    target.add_argument("--score", type=score_band, metavar="A..B",
                        help="a band of the grader's score, e.g. 2..3")
    generate.add_argument("--count", type=whole_number(1, MAX_COUNT, COUNT_WHY), default=1,
                          metavar="N",
                          help="N puzzles (seeds S, S+1, ...) on every core, as JSON lines "
                          "in the batch record format")
    generate.add_argument("--workers", type=worker_count, metavar="N",
                          help="worker processes for --count (default: every core)")
    generate.add_argument("--seed", type=int, help="random seed, for a reproducible puzzle "
                          "(without it, the seed drawn is printed on stderr)")
    generate.add_argument("--symmetry", choices=SYMMETRIES,
                          help="a symmetric clue layout: half-turn (rot2) or left-right mirror")
    generate.add_argument("--stars", type=whole_number(1), metavar="K",
                          help="Star Battle: K stars in every row, column and region (default: "
                          "1 up to 9x9, 2 from 10x10, 3 from 14x14; at most side/4)")
    generate.add_argument("--variant", metavar="V",
                          help="Numberlink: full (every cell on a line; default: cells may "
                          "stay unused, janko's rules)")
    generate.add_argument("--time-limit", type=seconds, metavar="S",
                          help="seconds for each puzzle: past it, no puzzle (exit 3) and "
                          "the command to try the seed again")
    generate.add_argument("--json", action="store_true",
                          help="one JSON object: puzzle, url, verdict, level, score, clues "
                          "(and what they are: counted), seed, seconds")
    generate.add_argument("--certify", nargs="?", const=DEFAULT_CERTIFICATES, metavar="DIR",
                          type=folder_to_write,
                          help="certify each puzzle's uniqueness (docs/certificates.md) and "
                          "write its certificate into a folder of its own under DIR "
                          f"(default {DEFAULT_CERTIFICATES}); --json names the folder")


def score_band(text: str) -> tuple[float, float]:
    """``A..B`` (``A <= B``) as an argparse type."""
    found = re.fullmatch(r"\s*([0-9.]+)\s*\.\.\s*([0-9.]+)\s*", text)
    try:
        low, high = (float(found[1]), float(found[2])) if found else (None, None)
    except ValueError:
        low = high = None
    if low is None or high is None or low > high:
        raise argparse.ArgumentTypeError(f"{text!r} is not a score band LOW..HIGH, e.g. 2..3")
    return low, high


def run_generate(args: argparse.Namespace, progress_bar: Any) -> int:
    """The command; ``progress_bar`` is the CLI's progress context for the plain Masyu path."""
    import json  # here, not for the parser: ``pencilsat --help`` loads no json

    from pencilsat.to_order import draw_seed, make, order_for, parse_size

    width, height = parse_size(args.size, args.genre)
    plain_masyu = (args.genre == "masyu" and args.level is None and args.score is None
                   and args.symmetry is None and args.count == 1 and not args.json
                   and args.certify is None and args.time_limit is None)
    # a bad order is refused before a seed is drawn or a worker starts
    order = order_for(args.genre, width, height, level=args.level, score=args.score,
                      symmetry=args.symmetry, certify=args.certify, stars=args.stars,
                      variant=args.variant)
    if args.certify is not None:  # made now: a folder that cannot be is said before any work
        _make_folder(args.certify)
    seed = args.seed
    if seed is None:  # drawn here and said, so that the puzzle can be made again
        seed = draw_seed()
        again = (f"pencilsat generate masyu {width}x{height} --seed {seed}" if plain_masyu
                 else order.command(seed))
        print(f"seed {seed} ({again} makes this puzzle again)", file=sys.stderr)
    if plain_masyu:  # no target: the minimal-pearl generator, which the examples come from
        from pencilsat.generators import generate_masyu
        from pencilsat.puzzles import masyu

        with progress_bar() as progress:
            puzzle = generate_masyu(width, height, seed=seed, progress=progress)
        sys.stdout.write(masyu.format_puzzle(puzzle))
        return 0
    if args.count > 1:
        return _many(order, seed, args.count, args.workers, args.time_limit)
    made = make(order, seed, args.time_limit)
    if made.made is None or made.text is None:  # the time limit came first
        if args.json:
            print(json.dumps(made.to_dict()))
        print(f"unknown: {made.message}", file=sys.stderr)
        from pencilsat.batch.records import EXIT_STATUS

        return EXIT_STATUS["unknown"]
    if args.json:
        from pencilsat.generators.order import generated_dict

        print(json.dumps(generated_dict(made.made)))
    else:
        sys.stdout.write(made.text)
        print(describe(made.made, order), file=sys.stderr)
    return 0


def _make_folder(folder: str) -> None:
    """``--certify DIR`` made if missing, or an ``InputError`` saying why it cannot be (each
    of a ``--count`` run's puzzles was made and then refused, one record each)."""
    import os

    from pencilsat.core.errors import InputError

    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise InputError(f"cannot make the folder {folder!r}: {err.strerror or err}",
                         source="--certify", hint="give a folder that can be written, "
                         "e.g. certificates") from None


def describe(made: Generated, order: Order) -> str:
    """The one line said beside a puzzle made."""
    score = "" if made.grading.score is None else f", score {made.grading.score:.2f}"
    level = (f"level {made.grading.level} ({order.maker().scale})"
             if made.grading.level is not None
             else "not graded" if made.grading.score is None else "between levels")
    certified = ""
    if made.certified is not None:
        certified = (f", certificate in {made.certificate}" if made.certified
                     else f", NOT certified ({made.certificate_note})")
    from pencilsat.generators.order import counted_phrase

    return (f"unique, {level}{score}, {counted_phrase(made.clues, order.genre)}, "
            f"seed {made.seed}, "
            f"{made.seconds:.2f} s{certified}")


def _many(order: Order, seed: int, count: int, workers: int | None,
          time_limit: float | None) -> int:
    """The ``--count`` run: each record on stdout as it comes, in seed order. Ctrl-C and
    SIGTERM, or a reader that leaves (``| head -1``: exit 141, as ``solve --batch``), stop the
    workers and say what was written and the command that makes the rest."""
    from pencilsat.batch.cores import available_cores
    from pencilsat.batch.generate_run import generate_many
    from pencilsat.batch.record_file import OutputClosed, RecordWriter
    from pencilsat.batch.records import EXIT_STATUS

    status = written = 0
    # the records go to the stream itself, not through the CLI's wrapper that sends what a
    # reader who left would miss to /dev/null
    writer = RecordWriter(stream=getattr(sys.stdout, "unwrapped", sys.stdout))
    records = generate_many(order, seed, count, workers or available_cores(), time_limit)
    try:
        with sigterm_as_interrupt(), contextlib.closing(records):  # SIGTERM as Ctrl-C
            for record in records:
                writer.write(record)
                written += 1
                status = max(status, EXIT_STATUS[record.verdict])
    except KeyboardInterrupt:
        print(stopped_after(order, seed, count, written), file=sys.stderr)
        raise
    except OutputClosed as closed:  # the workers were stopped as the records were closed
        written += closed.records
        print(stopped_after(order, seed, count, written), file=sys.stderr)
        print(closed.said(written), file=sys.stderr)
        return EXIT_OUTPUT_CLOSED
    return status


def stopped_after(order: Order, seed: int, count: int, written: int) -> str:
    """What a ``--count`` run stopped midway says: the records written, and the command that
    makes the rest."""
    made = f"seeds {seed}..{seed + written - 1}" if written else "none"
    rest = order.command(seed + written) + f" --count {count - written}"
    return f"{written} of {count} puzzles written ({made}); the rest: {rest}"
