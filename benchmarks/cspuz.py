"""pencilsat against cspuz on every genre of the registry: CPU seconds of solve + uniqueness.

``python benchmarks/cspuz.py [--largest 20] [--genres masyu,lightup] [--cap 60]``
(build the peer first: ``python benchmarks/cspuz_build.py``, docs in its docstring).

For each genre, the ``--largest`` janko puzzles of the shared corpus by cells (Sudoku: every
2,000th Royle line, its janko folder being none), each written as a puz.link URL by
pencilsat's codec. cspuz's ``decode_and_solve`` returns the irrefutable facts: it solves,
then adds a clause that some answer key differs and solves again until none is left, so a
unique puzzle costs one solve and one refuted re-solve, as pencilsat's default strategy does
(solve, then prove no second answer). Both are timed in CPU seconds of the work itself (ours:
``time.process_time`` around ``pencilsat.strategies.front.solve`` on the read puzzle;
cspuz: its thread's CPU in the driver, decoding the URL included), one puzzle after the
other in alternating order, after one warm-up puzzle per genre. A genre cspuz has no solver
for, or whose URLs it cannot read, gets a row saying so. Ratio: cspuz's CPU over ours
(above 1: pencilsat is faster); ratio of medians and median of the per-puzzle ratios. A
cspuz run stopped at ``--cap`` CPU seconds counts the cap (its time is at least that), and
the row says how many.
Targets (issue 46): Light Up, Heyawake, Yajilin >= 2x; every genre >= 1.5x.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, RESULTS, markdown_table, median, write_results  # noqa: E402

sys.path.insert(0, str(REPO / "src"))
from cspuz_build import CSPUZ_COMMIT, DRIVER  # noqa: E402

from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, Genre  # noqa: E402

TARGETS = {"lightup": 2.0, "heyawake": 2.0, "yajilin": 2.0}
FLOOR = 1.5


class Cspuz:
    """The driver process: one URL in, ``(status, cpu seconds)`` out; restarted after a
    puzzle that passed the cap (it cannot be interrupted mid-solve)."""

    def __init__(self) -> None:
        self.proc = self._start()

    @staticmethod
    def _start() -> subprocess.Popen[str]:
        return subprocess.Popen([str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, bufsize=1)

    def solve(self, url: str, cap: float) -> tuple[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(url + "\n")
        self.proc.stdin.flush()
        start = self._cpu()
        with selectors.DefaultSelector() as wait:
            wait.register(self.proc.stdout, selectors.EVENT_READ)
            while not wait.select(timeout=1.0):
                spent = self._cpu() - start
                if spent >= cap:  # the cap is on CPU: the machine may be loaded
                    self.proc.kill()
                    self.proc.wait()
                    self.proc = self._start()
                    return "cap", spent
        status, cpu = self.proc.stdout.readline().rstrip("\n").split("\t")
        return status, float(cpu)

    def _cpu(self) -> float:
        """The driver's CPU seconds so far (user + system, from /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def puzzles_of(genre: Genre, largest: int) -> list[tuple[str, Any]]:
    """(name, puzzle) of the genre's largest janko puzzles (Sudoku: Royle lines)."""
    from pencilsat.formats.detect import read_input

    folder = CORPUS / genre.corpus
    if folder.is_file():
        lines = folder.read_text().split()
        picked = lines[::max(1, len(lines) // largest)][:largest]
        return [(f"{folder.stem}:{i * max(1, len(lines) // largest) + 1}", read_input(line))
                for i, line in enumerate(picked)]
    found = []
    for path in sorted(folder.glob("*.txt")):
        puzzle = read_input(str(path))
        found.append((puzzle.width * puzzle.height, path.stem, puzzle))
    found.sort(key=lambda f: (-f[0], f[1]))
    return [(name, puzzle) for _, name, puzzle in found[:largest]]


def urls_for(genre: Genre, puzzle: Any) -> list[str]:
    """The puzzle's URL under each of the genre's puz.link names (cspuz knows one of them)."""
    from pencilsat.formats import puzzlink

    url = puzzlink.to_url(puzzle)
    head, _, rest = url.partition("?")
    kind, _, body = rest.partition("/")
    names = [kind] + [name for name in genre.puzzlink if name != kind]
    return [f"{head}?{name}/{body}" for name in names]


def ours(puzzle: Any, cap: float) -> tuple[str, float]:
    from pencilsat.strategies.front import solve

    start = time.process_time()
    result = solve(puzzle, time_limit=cap)
    return result.verdict, time.process_time() - start


def run_genre(genre: Genre, cspuz: Cspuz, largest: int, cap: float) -> dict[str, Any]:
    row: dict[str, Any] = {"genre": genre.name, "puzzles": [], "note": ""}
    if not genre.puzzlink:
        row["note"] = "no puz.link form: cspuz reads puz.link URLs"
        return row
    pairs = []
    refused = 0
    for name, puzzle in puzzles_of(genre, largest + 10):
        try:
            pairs.append((name, puzzle, urls_for(genre, puzzle)))
        except InputError:
            refused += 1
    pairs = pairs[:largest]
    if refused:
        row["note"] = f"{refused} of the largest have no URL form (pzprjs cannot write them)"
    kind = None
    for candidate in range(len(pairs[0][2])) if pairs else ():
        status, _ = cspuz.solve(pairs[0][2][candidate], cap)
        ours(pairs[0][1], cap)  # warm-up
        if not status.startswith("error:"):
            kind = candidate
            break
    if kind is None:
        row["note"] = "cspuz has no solver for it (or reads none of its URLs)"
        return row
    for index, (name, puzzle, urls) in enumerate(pairs):
        if index % 2:
            theirs = cspuz.solve(urls[kind], cap)
            mine = ours(puzzle, cap)
        else:
            mine = ours(puzzle, cap)
            theirs = cspuz.solve(urls[kind], cap)
        row["puzzles"].append({"name": name, "cells": puzzle.width * puzzle.height,
                               "ours": mine[0], "ours_s": mine[1], "cspuz": theirs[0],
                               "cspuz_s": theirs[1]})
        print(f"{genre.name} {name}: ours {mine[0]} {mine[1]:.3f} s, cspuz {theirs[0]} "
              f"{theirs[1]:.3f} s", flush=True)
    return row


def table(rows: list[dict[str, Any]]) -> tuple[str, list[str]]:
    lines, short = [], []
    for row in rows:
        done = row["puzzles"]
        if not done:
            lines.append([row["genre"], 0, "-", "-", "-", "-", "-", row["note"],
                          row.get("measured", "")])
            continue
        mine = [p["ours_s"] for p in done]
        theirs = [p["cspuz_s"] for p in done]
        of_medians = median(theirs) / median(mine)
        per = median([t / max(m, 1e-6) for t, m in zip(theirs, mine, strict=True)])
        agree = sum(p["ours"] == p["cspuz"] == "unique" for p in done)
        caps = sum(p["cspuz"] == "cap" for p in done)
        note = "; ".join(filter(None, [row["note"], f"cspuz stopped at the cap on {caps}"
                                       if caps else ""]))
        goal = TARGETS.get(row["genre"], FLOOR)
        if of_medians < goal:
            short.append(f"{row['genre']} {of_medians:.2f}x (goal {goal}x)")
        lines.append([row["genre"], len(done), f"{agree}/{len(done)}",
                      f"{median(theirs) * 1e3:.1f}", f"{median(mine) * 1e3:.1f}",
                      f"{of_medians:.2f}x", f"{per:.2f}x", note, row.get("measured", "")])
    header = ["genre", "puzzles", "unique on both", "cspuz median ms", "ours median ms",
              "cspuz / ours (medians)", "median of ratios", "note", "measured"]
    return markdown_table(header, lines), short


def kept_rows(stem: str, rows: list[dict[str, Any]], largest: int,
              cap: float) -> list[dict[str, Any]]:
    """``rows`` in place of the same genres' rows of the page's last run, the others kept
    in their order (each with the page's date when it had none of its own)."""
    path = RESULTS / f"{stem}.json"
    if not path.exists():
        return rows
    data = json.loads(path.read_text())
    if (data.get("largest"), data.get("cap")) != (largest, cap):
        raise SystemExit(f"{path} was measured with --largest {data.get('largest')} --cap "
                         f"{data.get('cap')}: rerun with those to keep its rows")
    page = (RESULTS / f"{stem}.md").read_text() if (RESULTS / f"{stem}.md").exists() else ""
    found = re.search(r"Measured (\d{4}-\d\d-\d\d \d\d:\d\d UTC)", page)
    fresh = {row["genre"]: row for row in rows}
    merged = [fresh.pop(old["genre"]) if old["genre"] in fresh else
              dict(old, measured=old.get("measured") or (found[1] if found else "?"))
              for old in data["rows"]]
    return merged + list(fresh.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=20)
    parser.add_argument("--genres", help="comma-separated registry names (default: all)")
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds per puzzle")
    parser.add_argument("--stem", default="cspuz", help="the results page's name")
    parser.add_argument("--keep", action="store_true",
                        help="keep the page's rows of the genres not rerun (each row says "
                             "when it was measured)")
    args = parser.parse_args()
    if not DRIVER.exists():
        raise SystemExit(f"{DRIVER} is missing: python benchmarks/cspuz_build.py")
    wanted = args.genres.split(",") if args.genres else list(GENRES)
    load = os.getloadavg()[0]
    cspuz = Cspuz()
    try:
        rows = [run_genre(GENRES[name], cspuz, args.largest, args.cap) for name in wanted]
    finally:
        cspuz.close()
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = [dict(row, measured=stamp, load=round(load, 1)) for row in rows]
    if args.keep:
        rows = kept_rows(args.stem, rows, args.largest, args.cap)
    text, short = table(rows)
    body = (f"cspuz_core {CSPUZ_COMMIT[:7]} (Glucose), built by `benchmarks/cspuz_build.py`; "
            f"load average {load:.1f} at the start (2 cores). " + __doc__.split("\n\n")[2]
            .replace("\n", " ") + "\n\n" + text + "\n\n"
            + ("Below the goal: " + "; ".join(short) + "." if short else
               "Every genre at its goal.")
            + f"\n\nReproduce: `python benchmarks/cspuz.py --largest {args.largest} --cap "
            f"{args.cap:g}{' --genres ' + args.genres if args.genres else ''}"
            f"{' --stem ' + args.stem if args.stem != 'cspuz' else ''}`"
            + (" (rows of other genres kept from earlier runs, `--keep`)." if args.keep
               else "."))
    write_results(args.stem, "pencilsat against cspuz", body,
                  {"commit": CSPUZ_COMMIT, "largest": args.largest, "cap": args.cap,
                   "rows": rows})
    print(body)


if __name__ == "__main__":
    main()
