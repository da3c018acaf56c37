"""Old against new for the generators: the same orders and seeds make the same puzzles, in how
much CPU.

Usage: ``python benchmarks/generate_same_seeds.py --base main [--seeds 1-4]``. The base
revision's ``src`` is exported into a temporary folder; each order runs in a fresh process
per tree (``pencilsat.generate``, its process CPU around the call only), the two trees
alternating order by order so that the shared machine's load falls on both alike. An order's
records must be equal (``seconds`` left out). The orders are the genres whose trials run on
``generators/selector_trials.py``: Sudoku and Light Up (their own makers), Jigsaw and Killer
Sudoku, Slant, and Heyawake (lazy connectivity). Both trees are byte-compiled first: the
calls import modules lazily, and an uncompiled tree (``PYTHONDONTWRITEBYTECODE``) paid ~0.25 s
a call for it.
Writes benchmarks/results/generate_same_seeds.md and .json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO, markdown_table, write_results  # noqa: E402

ORDERS = (("sudoku", 9, 9), ("lightup", 14, 14), ("lightup", 20, 20), ("jigsawsudoku", 9, 9),
          ("killersudoku", 9, 9), ("slant", 12, 12), ("heyawake", 10, 10),
          ("heyawake", 16, 16), ("heyawake", 20, 20))
ONE = """
import json, sys, time
import pencilsat
genre, width, height, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
start = time.process_time()
made = pencilsat.generate(genre, width, height, seed=seed)
cpu = time.process_time() - start
record = made.to_dict()
record.pop("seconds", None)
print(json.dumps({"record": record, "cpu": cpu}, sort_keys=True, default=str))
"""


def export(revision: str, folder: str) -> str:
    """``revision``'s ``src`` under ``folder``; its path."""
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "src"],
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryFile() as raw:
        raw.write(archive)
        raw.seek(0)
        with tarfile.open(fileobj=raw) as tar:
            tar.extractall(folder, filter="data")
    return os.path.join(folder, "src")


def made(tree: str, genre: str, width: int, height: int, seed: int) -> tuple[str, float]:
    """The record of the order on ``tree`` (as JSON text) and the CPU seconds it took."""
    env = dict(os.environ, PYTHONPATH=tree)
    proc = subprocess.run([sys.executable, "-c", ONE, genre, str(width), str(height),
                           str(seed)], env=env, capture_output=True, text=True, check=True)
    out = json.loads(proc.stdout)
    return json.dumps(out["record"], sort_keys=True), out["cpu"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the revision to compare with")
    parser.add_argument("--seeds", default="1-4", help="first-last")
    args = parser.parse_args()
    first, last = (int(s) for s in args.seeds.split("-"))
    trees = {"new": str(REPO / "src")}
    rows, data, differing = [], [], 0
    with tempfile.TemporaryDirectory(prefix="same-seeds-") as folder:
        trees["base"] = export(args.base, folder)
        for tree in trees.values():  # lazy imports inside a call: both trees compiled alike
            subprocess.run([sys.executable, "-m", "compileall", "-q", tree],
                           capture_output=True, check=True)
        for genre, width, height in ORDERS:
            cpu = {"base": 0.0, "new": 0.0}
            same = 0
            for seed in range(first, last + 1):
                runs = {}
                for name in (("base", "new") if seed % 2 else ("new", "base")):
                    runs[name] = made(trees[name], genre, width, height, seed)
                    cpu[name] += runs[name][1]
                same += runs["base"][0] == runs["new"][0]
            differing += last - first + 1 - same
            size = f"{width}x{height}"
            rows.append([genre, size, f"{same}/{last - first + 1}", cpu["base"], cpu["new"],
                         cpu["new"] / cpu["base"]])
            data.append({"genre": genre, "size": size, "same": same, "cpu": cpu})
    total = {name: sum(d["cpu"][name] for d in data) for name in ("base", "new")}
    rows.append(["all", "", f"{differing} differ", total["base"], total["new"],
                 total["new"] / total["base"]])
    body = (f"Seeds {first}-{last} of each order, `--base {args.base}` against this checkout; "
            "CPU seconds of the generate calls (their process, import left out), the trees "
            "alternating.\n\n"
            + markdown_table(["genre", "size", "same records", "CPU base s", "CPU new s",
                              "new/base"], rows)
            + f"\n\nLoad average at the end: {os.getloadavg()[0]:.1f}.")
    write_results("generate_same_seeds", "Generators: same seeds, same puzzles", body, data)
    print(body)


if __name__ == "__main__":
    main()
