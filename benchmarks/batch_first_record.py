"""When a one-worker ``--batch`` writes its first record, and what the whole run costs:
``pencilsat grade|solve --batch F --workers 1`` on the first N lines of a corpus file, for each
source tree given (interleaved run by run). Per run: the wall seconds to the first record, the
wall and CPU seconds of the whole run (the child's user + system), and whether its records
equal the first source's (each record's timing fields left out).

Reproduce: ``git archive 41018e4 src | tar -x -C OLD``, then
``python benchmarks/batch_first_record.py --command grade --lines 20000 --runs 2
--src old=OLD/src --src new=src`` (writes ``benchmarks/results/batch_first_record.md``,
or appends a section for ``--command solve``)."""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "batch_first_record.md"
CORPUS = REPO.parent / "shared" / "corpus"
TIMING = ("seconds", "solve_s", "uniqueness_s", "grade_s", "conflicts", "decisions",
          "propagations")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--command", choices=("grade", "solve"), default="grade")
    parser.add_argument("--file", default="sudoku/royle_17clue.txt")
    parser.add_argument("--lines", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--src", action="append", required=True, metavar="NAME=DIR")
    parser.add_argument("--time-limit", help="--time-limit for each puzzle")
    parser.add_argument("--append", action="store_true", help="add a section to the page")
    args = parser.parse_args()
    sources = dict(item.split("=", 1) for item in args.src)
    lines = (CORPUS / args.file).read_text().splitlines()[:args.lines]
    rows = []
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as folder:
        batch = Path(folder) / "batch.txt"
        batch.write_text("\n".join(lines) + "\n")
        reference: list[str] | None = None
        for run in range(args.runs):
            for name, src in sources.items():
                limit = ["--time-limit", args.time_limit] if args.time_limit else []
                first, wall, cpu, records = _one_run(args.command, batch, src, limit)
                if reference is None:
                    reference = records
                same = records == reference
                if not same:
                    print("differs:", _differences(reference, records), flush=True)
                rows.append((run + 1, name, first, wall, cpu, len(records), same))
                print(rows[-1], flush=True)
                load.append(os.getloadavg()[0])
    _write(args, rows, min(load), max(load))


def _one_run(command: str, batch: Path, src: str,
             options: list[str]) -> tuple[float, float, float, list[str]]:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.Popen([sys.executable, "-m", "pencilsat.cli", command, "--batch",
                            str(batch), "--workers", "1", *options],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert run.stdout is not None
    records = [run.stdout.readline()]
    first = time.perf_counter() - start
    records += run.stdout.readlines()
    run.wait()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return first, wall, cpu, [_untimed(line) for line in records if line.strip()]


def _differences(first: list[str], other: list[str], most: int = 5) -> list[str]:
    """Where ``other``'s records differ from ``first``'s: line and field, the first few."""
    found: list[str] = []

    def walk(a: object, b: object, path: str) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                walk(a.get(key), b.get(key), f"{path}/{key}")
        elif a != b:
            found.append(f"{path}: {str(a)[:60]} / {str(b)[:60]}")

    if len(first) != len(other):
        return [f"{len(first)} records / {len(other)}"]
    for one, two in zip(first, other, strict=True):
        if one != two:
            walk(json.loads(one), json.loads(two), f"line {json.loads(one).get('line')}")
            if len(found) >= most:
                break
    return found[:most]


def _untimed(line: bytes) -> str:
    """A record without the fields that differ run by run."""
    record = json.loads(line)

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in TIMING}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(record), sort_keys=True)


def _write(args: argparse.Namespace, rows: list[tuple], low: float, high: float) -> None:
    limit = f" --time-limit {args.time_limit}" if args.time_limit else ""
    title = (f"## `{args.command} --batch --workers 1{limit}`, first {args.lines} lines of "
             f"`{args.file}`")
    out = [title, "",
           f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
           f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
           f"load average {low:.1f}-{high:.1f} (other helpers' work). Sources: "
           + ", ".join(f"`{name}` = `{src}`" for name, src in
                       (item.split("=", 1) for item in args.src)) + ".", "",
           "| run | source | first record (s, wall) | whole run (s, wall) | whole run (s, CPU) "
           "| records | records as the first source's |", "|---|---|---|---|---|---|---|"]
    out += [f"| {run} | {name} | {first:.2f} | {wall:.1f} | {cpu:.1f} | {count} | "
            f"{'yes' if same else 'NO'} |" for run, name, first, wall, cpu, count, same in rows]
    command = " ".join(["python", "benchmarks/batch_first_record.py", *sys.argv[1:]])
    out += ["", f"Command: `{command}`", ""]
    if args.append and RESULTS.exists():
        RESULTS.write_text(RESULTS.read_text() + "\n" + "\n".join(out))
        return
    head = ["# When a one-worker batch writes its first record", "",
            "Written by `benchmarks/batch_first_record.py` (its docstring says how to "
            "reproduce). The records are compared without their timing fields.", ""]
    RESULTS.write_text("\n".join(head + out))


if __name__ == "__main__":
    main()
