"""What the janko benchmarks of the connectivity genres share: every corpus puzzle through
each strategy, puzzlekit beside them, a resumable log and the tables.

A genre's script (``nurikabe.py``, ``heyawake.py``, ``yajilin.py``, ``hashi.py``) states a
:class:`JankoBench`: its corpus folder, parsers, strategies, size groups and how to drive
puzzlekit; this module runs the puzzles one at a time in one process, the configurations of
a puzzle back to back (a busy machine slows them alike), through the solving front (which
referees every answer with the rule checker), and writes ``benchmarks/results/<genre>.md``
and ``.json``: per strategy and size group the puzzles ``unique`` with the stored answer,
median and max seconds (encode + solve + uniqueness proof), and puzzlekit's seconds and
ratios on the puzzles it ran (it only solves; a puzzle it did not finish counts its cap).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, emit_row, markdown_table, median, write_results  # noqa: E402

from pencilsat.strategies.front import solve  # noqa: E402

Item = dict[str, Any]
Row = dict[str, Any]
LAZY_CONFIGS = {"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")}
"""The two strategies of a genre on the connectivity runs, labelled."""
SIZE_GROUPS = ((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
               (10**9, "larger"))
"""The size groups most janko tables use."""
STRATEGY_COLUMNS = ["strategy", "size", "puzzles", "unique, = .sol", "median s", "max s"]


@dataclass
class JankoBench:
    """One genre's benchmark: what differs between the genres."""

    genre: str
    """The corpus folder under ``corpus/`` and the results' file name."""
    title: str
    parse_puzzle: Callable[[str, str], Any]
    parse_solution: Callable[[str], Any]
    configs: dict[str, tuple[str, str]]
    """Label -> (strategy, backend)."""
    groups: tuple[tuple[int, str], ...]
    """(most cells, name) of each size group, ascending."""
    puzzlekit: Callable[[Item, float], Row | None] | None = None
    """puzzlekit's seconds, ``status`` and ``agrees`` (its answer = the ``.sol``) on an item,
    ``None`` when puzzlekit (or its solver for the genre) is not installed."""
    puzzlekit_note: str = "puzzlekit only solves (no uniqueness proof, which is part of our time)"
    extra_stats: tuple[str, ...] = ("sat_calls", "cuts")
    item_fields: Callable[[Any], Item] | None = None
    """Further columns of a puzzle's row (e.g. its number of islands)."""
    ratio_of_maxima: bool = True
    ratio_digits: int = 1
    with_tatham: bool = False
    """Tatham's sets follow the janko puzzles (:meth:`tatham_items`)."""

    def items(self, stride: int) -> list[Item]:
        """Every janko puzzle with its stored answer, smallest first, every ``stride``-th;
        then Tatham's sets when :attr:`with_tatham`."""
        items = []
        for txt in sorted((CORPUS / self.genre / "janko").glob("*.txt")):
            if not txt.with_suffix(".sol").exists():
                continue  # no stored answer to compare with (8 of LITS' 378)
            puzzle = self.parse_puzzle(txt.read_text(), txt.stem)
            items.append({"name": txt.stem, "puzzle": puzzle,
                          "cells": puzzle.width * puzzle.height,
                          "solution": self.parse_solution(txt.with_suffix(".sol").read_text()),
                          **(self.item_fields(puzzle) if self.item_fields else {})})
        items.sort(key=lambda i: (i["cells"], i["name"]))
        return items[::stride] + (self.tatham_items(stride) if self.with_tatham else [])

    def tatham_items(self, stride: int) -> list[Item]:
        """Every puzzle of Tatham's sets in the corpus (``<genre>/tatham/<set>/``), named
        ``tatham/<set>/<file>``, every ``stride``-th."""
        items = []
        for txt in sorted((CORPUS / self.genre / "tatham").glob("*/*.txt"))[::stride]:
            puzzle = self.parse_puzzle(txt.read_text(), txt.stem)
            items.append({"name": f"tatham/{txt.parent.name}/{txt.stem}", "puzzle": puzzle,
                          "cells": puzzle.width * puzzle.height,
                          "solution": self.parse_solution(txt.with_suffix(".sol").read_text())})
        return items

    def group_of(self, cells: int) -> str:
        return next(group for bound, group in self.groups if cells <= bound)

    def ours(self, item: Item, config: tuple[str, str], cap: float) -> Row:
        """One strategy on one puzzle through the front: seconds, verdict, agreement."""
        start = time.perf_counter()
        result = solve(item["puzzle"], encoding=config[0], backend=config[1], time_limit=cap)
        seconds = time.perf_counter() - start
        agrees = result.verdict == "unique" and result.solution == item["solution"]
        return {"s": seconds, "verdict": result.verdict.value, "agrees": agrees,
                **{key: result.stats.extra.get(key) for key in self.extra_stats}}


def puzzlekit_run(make: Callable[[], Any], cap: float) -> tuple[float, Any, list | None]:
    """Seconds of building and solving puzzlekit's solver ``make()`` under ``cap``, its
    status, and its solution grid's rows (``None`` when it found none)."""
    start = time.perf_counter()
    result = make().solve({"time_limit_sec": cap})
    seconds = time.perf_counter() - start
    status = result.solution_data.get("status")
    found = status in ("Optimal", "Feasible")
    return seconds, status, result.solution_data["solution_grid"].matrix if found else None


def shaded_outcome(make: Callable[[], Any], cap: float, item: Item) -> Row:
    """puzzlekit's run of a shading genre (``x`` marks a shaded cell) against the stored
    answer's ``shaded`` array: seconds, status and whether they agree."""
    seconds, status, matrix = puzzlekit_run(make, cap)
    shaded = None if matrix is None else [[ch == "x" for ch in row] for row in matrix]
    agrees = shaded is not None and shaded == item["solution"].shaded.tolist()
    return {"s": seconds, "status": status, "agrees": agrees}


def resumed(log: str | None) -> dict[str, Row]:
    """The rows a ``--log`` file already holds, by puzzle name."""
    if not log or not Path(log).exists():
        return {}
    rows = (json.loads(line) for line in Path(log).read_text().splitlines())
    return {row["name"]: row for row in rows}


def run(bench: JankoBench, args: argparse.Namespace,
        puzzlekit_on: Callable[[Item, int], bool] | None = None,
        more: Callable[[Item, Row], None] | None = None) -> list[Row]:
    """Every puzzle's row (``--log`` rows as they are); ``puzzlekit_on(item, index)`` picks
    where puzzlekit runs (default every ``--puzzlekit-stride``-th), ``more`` adds columns."""
    done = resumed(getattr(args, "log", None))
    log = open(args.log, "a") if getattr(args, "log", None) else None  # noqa: SIM115
    stride = getattr(args, "puzzlekit_stride", 1)
    picked = puzzlekit_on or (lambda item, index: index % stride == 0)
    rows = []
    for index, item in enumerate(bench.items(args.stride)):
        wanted = picked(item, index)  # asked for resumed rows too: a rerun picks the same
        if item["name"] in done:
            rows.append(done[item["name"]])
            continue
        row: Row = {"name": item["name"], "cells": item["cells"],
                    **{k: v for k, v in item.items() if k not in _ITEM_ONLY}}
        for label, config in bench.configs.items():
            row[label] = bench.ours(item, config, args.cap)
        if more is not None:
            more(item, row)
        if bench.puzzlekit is not None and not args.no_puzzlekit and wanted:
            found = bench.puzzlekit(item, args.puzzlekit_cap)
            if found is not None:
                row["puzzlekit"] = found
        emit_row(row, log)
        rows.append(row)
    return rows


_ITEM_ONLY = ("name", "cells", "puzzle", "solution")


def strategy_table(bench: JankoBench, rows: list[Row], labels: list[str],
                   data: dict[str, Any], extra: Callable[[str, list[Row]], str] | None = None
                   ) -> str:
    """Per strategy and size group: puzzles, unique with the stored answer, median and max;
    the totals in bold; fills ``data["configs"]``. ``extra`` adds a last column."""
    table = []
    for label in labels:
        for _, group in bench.groups:
            picked = [r for r in rows if bench.group_of(r["cells"]) == group]
            if not picked or label not in bench.configs:
                continue
            times = [r[label]["s"] for r in picked]
            table.append([label, group, len(picked), sum(r[label]["agrees"] for r in picked),
                          f"{median(times):.3f}", f"{max(times):.2f}",
                          *([""] if extra else [])])
        times = [r[label]["s"] for r in rows]
        agree = sum(r[label]["agrees"] for r in rows)
        table.append([f"**{label}**", "all", len(rows), agree, f"**{median(times):.3f}**",
                      f"**{max(times):.2f}**", *([extra(label, rows)] if extra else [])])
        data["configs"][label] = {
            "puzzles": len(rows), "unique_and_agrees": agree, "median_s": median(times),
            "max_s": max(times), "total_s": sum(times),
            "not_agreeing": [(r["name"], r[label]["verdict"], round(r[label]["s"], 1))
                             for r in rows if not r[label]["agrees"]]}
    return markdown_table(STRATEGY_COLUMNS + (["cuts"] if extra else []), table)


def missed_lines(labels: list[str], data: dict[str, Any]) -> Iterator[str]:
    for label in labels:
        missed = data["configs"][label]["not_agreeing"]
        if missed:
            yield (f"\n{label}: not `unique` with the stored answer: "
                   + ", ".join(f"{n} ({v}, {s} s)" for n, v, s in missed))


def puzzlekit_section(bench: JankoBench, rows: list[Row], note: str,
                      data: dict[str, Any]) -> list[str]:
    """puzzlekit's table against each strategy on the puzzles it ran (none: no lines)."""
    ran = [r for r in rows if "puzzlekit" in r]
    if not ran:
        return []
    lines = ["\n## puzzlekit on the same puzzles\n", note + "\n"]
    pk = [r["puzzlekit"]["s"] for r in ran]
    data["puzzlekit"] = {"puzzles": len(ran), "median_s": median(pk), "max_s": max(pk),
                         "agrees": sum(r["puzzlekit"]["agrees"] for r in ran), "vs": {}}
    digits, table = bench.ratio_digits, []
    for label in bench.configs:
        mine = [r[label]["s"] for r in ran]
        ratios = [r["puzzlekit"]["s"] / r[label]["s"] for r in ran]
        figures = {"median_s": median(mine), "max_s": max(mine),
                   "ratio_of_medians": median(pk) / median(mine),
                   "median_ratio": median(ratios)}
        row = [label, f"{median(mine):.3f}", f"{max(mine):.2f}", f"{median(pk):.3f}",
               f"{max(pk):.2f}", f"{median(pk) / median(mine):.{digits}f}x",
               f"{median(ratios):.{digits}f}x"]
        if bench.ratio_of_maxima:
            figures["ratio_of_maxima"] = max(pk) / max(mine)
            row.append(f"{max(pk) / max(mine):.{digits}f}x")
        data["puzzlekit"]["vs"][label] = figures
        table.append(row)
    lines.append(markdown_table(["ours", "our median s", "our max s", "puzzlekit median s",
                                 "puzzlekit max s", "ratio of medians", "median ratio"]
                                + (["ratio of maxima"] if bench.ratio_of_maxima else []),
                                table))
    agree = data["puzzlekit"]["agrees"]
    lines.append(f"\npuzzlekit found the stored answer on {agree} of {len(ran)}; the others: "
                 + (", ".join(f"{r['name']} ({r['puzzlekit']['status']})"
                              for r in ran if not r["puzzlekit"]["agrees"]) or "none"))
    return lines


def summary(bench: JankoBench, rows: list[Row], cap: float,
            puzzlekit_note: str) -> tuple[str, dict[str, Any]]:
    """The results page and its data: both strategies, then puzzlekit."""
    data: dict[str, Any] = {"configs": {}, "puzzlekit": None}
    labels = list(bench.configs)
    lines = [f"## Both strategies on every janko {bench.title}\n",
             f"Seconds per puzzle (encode + solve + uniqueness proof), cap {cap:g} s.\n",
             strategy_table(bench, rows, labels, data), *missed_lines(labels, data),
             *puzzlekit_section(bench, rows, puzzlekit_note, data)]
    return "\n".join(lines), data


def arguments(description: str, cap: float, puzzlekit_cap: float, *,
              puzzlekit_stride: bool = True, log: bool = True) -> argparse.ArgumentParser:
    """The options every janko benchmark takes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cap", type=float, default=cap)
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--puzzlekit-cap", type=float, default=puzzlekit_cap)
    if puzzlekit_stride:
        parser.add_argument("--puzzlekit-stride", type=int, default=1)
    parser.add_argument("--no-puzzlekit", action="store_true")
    if log:
        parser.add_argument("--log", help="JSON lines of finished puzzles: a rerun resumes")
    return parser


def write(bench: JankoBench, heading: str, body: str, data: dict[str, Any],
          rows: list[Row]) -> None:
    """``benchmarks/results/<genre>.md`` and ``.json``, with the command that made them."""
    command = f"python benchmarks/{bench.genre}.py " + " ".join(sys.argv[1:])
    data.update(command=command, rows=rows)
    write_results(bench.genre, heading, f"Command: `{command.strip()}`\n\n{body}", data)


def is_tatham(row: Row) -> bool:
    return str(row["name"]).startswith("tatham/")


def slowest(bench: JankoBench, rows: list[Row], with_puzzlekit: bool = True) -> str:
    """The slowest puzzle of each strategy (and of puzzlekit), named, as a list."""
    lines = []
    for label in [*bench.configs, *(["puzzlekit"] if with_puzzlekit else [])]:
        timed = [r for r in rows if label in r]
        if timed:
            worst = max(timed, key=lambda r: r[label]["s"])
            lines.append(f"- {label}: {worst['name']} ({worst['cells']} cells, "
                         f"{worst[label]['s']:.3f} s)")
    return "\n\n## The slowest\n\n" + "\n".join(lines) + "\n"


def tatham_section(bench: JankoBench, rows: list[Row], data: dict[str, Any], game: str,
                   groups: tuple[tuple[int, str], ...]) -> list[str]:
    """Both strategies on Tatham's sets (rows named ``tatham/...``) by size ``groups``, the
    median seconds per set and the slowest; fills ``data["tatham"]``."""
    tatham = [r for r in rows if is_tatham(r)]
    if not tatham:
        return []
    sizes = JankoBench(genre=bench.genre, title=game, parse_puzzle=bench.parse_puzzle,
                       parse_solution=bench.parse_solution, configs=bench.configs,
                       groups=groups)
    part: dict[str, Any] = {"configs": {}}
    labels = list(bench.configs)
    lines = [f"\n## Both strategies on Tatham's {game}\n",
             strategy_table(sizes, tatham, labels, part), *missed_lines(labels, part)]
    table = []
    for level in sorted({r["name"].split("/")[1] for r in tatham}):
        picked = [r for r in tatham if r["name"].split("/")[1] == level]
        table.append([level, len(picked), *(f"{median([r[label]['s'] for r in picked]):.4f}"
                                            for label in labels)])
    lines += ["\nMedian seconds per set:\n", markdown_table(["set", "puzzles", *labels], table),
              slowest(bench, tatham, with_puzzlekit=False)]
    data["tatham"] = part
    return lines


def warm_up(bench: JankoBench, args: argparse.Namespace) -> None:
    """One untimed solve of the smallest puzzle by every configuration and by puzzlekit, so
    that no puzzle's time holds an import (OR-Tools takes about a second)."""
    item = bench.items(1)[0]
    for config in bench.configs.values():
        bench.ours(item, config, args.cap)
    if bench.puzzlekit is not None and not args.no_puzzlekit:
        bench.puzzlekit(item, args.puzzlekit_cap)


def cpu_seconds(bench: JankoBench, stride: int, cap: float, puzzlekit_cap: float | None
                ) -> Callable[[Item, Row], None]:
    """A :func:`run` column maker: on every ``stride``-th puzzle, the CPU seconds
    (``time.process_time``: every thread of the process) of the default strategy through the
    front and of puzzlekit (under ``puzzlekit_cap``; ``None``: not run), each run once more.
    On a shared machine wall seconds favour a solver running several threads; CPU seconds
    count all of them."""
    label, config = next(iter(bench.configs.items()))
    seen = 0

    def more(item: Item, row: Row) -> None:
        nonlocal seen
        seen += 1
        if (seen - 1) % stride:
            return
        start = time.process_time()
        solve(item["puzzle"], encoding=config[0], backend=config[1], time_limit=cap)
        row["cpu"] = {label: time.process_time() - start}
        if puzzlekit_cap is not None and bench.puzzlekit is not None:
            start = time.process_time()
            if bench.puzzlekit(item, puzzlekit_cap) is not None:
                row["cpu"]["puzzlekit"] = time.process_time() - start

    return more


def cpu_table(bench: JankoBench, rows: list[Row], data: dict[str, Any]) -> str:
    """Median and max CPU seconds of the default strategy and of puzzlekit where both ran,
    and their ratios; fills ``data["cpu"]``."""
    label = next(iter(bench.configs))
    both = [r["cpu"] for r in rows if "puzzlekit" in r.get("cpu", {})]
    if not both:
        return ""
    ours = [c[label] for c in both]
    theirs = [c["puzzlekit"] for c in both]
    ratio = median([t / o for o, t in zip(ours, theirs, strict=True)])
    data["cpu"] = {"puzzles": len(both), "ours_median_s": median(ours),
                   "puzzlekit_median_s": median(theirs), "median_ratio": ratio,
                   "ratio_of_medians": median(theirs) / median(ours)}
    table = markdown_table(
        ["", "puzzles", "median CPU s", "max CPU s"],
        [[label, len(ours), f"{median(ours):.4f}", f"{max(ours):.3f}"],
         ["puzzlekit", len(theirs), f"{median(theirs):.4f}", f"{max(theirs):.3f}"]])
    return (f"\n## CPU seconds\n\nEach run once more, `time.process_time` (all threads); "
            f"median ratio puzzlekit / ours **{ratio:.1f}x**, ratio of medians "
            f"{median(theirs) / median(ours):.1f}x.\n\n{table}\n")


def main_with_cpu(bench: JankoBench, description: str, heading: str,
                  note: Callable[[list[Row]], str]) -> None:
    """A genre script's ``main``: the options (and ``--cpu-stride``), the warm-up, every
    puzzle, and the page with the slowest puzzles and the CPU seconds."""
    parser = arguments(description, cap=60.0, puzzlekit_cap=60.0)
    parser.add_argument("--cpu-stride", type=int, default=5)
    args = parser.parse_args()
    warm_up(bench, args)
    rows = run(bench, args, more=cpu_seconds(
        bench, args.cpu_stride, args.cap, None if args.no_puzzlekit else args.puzzlekit_cap))
    body, data = summary(bench, rows, args.cap, note(rows))
    write(bench, heading, body + slowest(bench, rows) + cpu_table(bench, rows, data), data,
          rows)


def main_with_tatham(bench: JankoBench, description: str, heading: str,
                     note: Callable[[list[Row]], str], game: str,
                     groups: tuple[tuple[int, str], ...]) -> None:
    """A genre script's ``main`` when the corpus has Tatham's sets (``tatham_items`` in its
    ``items``): puzzlekit on the janko puzzles, their tables and slowest, then Tatham's
    ``game`` by size ``groups``."""
    args = arguments(description, cap=60.0, puzzlekit_cap=60.0).parse_args()
    warm_up(bench, args)
    rows = run(bench, args, puzzlekit_on=lambda item, index: (
        not is_tatham(item) and index % args.puzzlekit_stride == 0))
    janko = [r for r in rows if not is_tatham(r)]
    body, data = summary(bench, janko, args.cap, note(janko))
    body += slowest(bench, janko) + "\n".join(tatham_section(bench, rows, data, game, groups))
    write(bench, heading, body, data, rows)
