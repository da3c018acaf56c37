"""Fuzz the command line: random commands, options and inputs; count tracebacks, internal
errors (exit 5) and hangs.

Usage: ``python benchmarks/cli_fuzz.py [--cases 1500] [--seed 1] [--timeout 30]``. Each case
is a fresh ``pencilsat`` process with arguments drawn from the CLI's own vocabulary (every
command and option, valid and broken puzzles in every format, junk values, huge and empty
grids, ``--time-limit`` values). Writes ``benchmarks/results/cli_fuzz.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CORPUS, REPO, markdown_table, write_results  # noqa: E402

EXAMPLE = (CORPUS / "masyu" / "pzprjs" / "mashu_example.txt").read_text()
"""pzprjs's Masyu example, read from the shared corpus."""
COMMANDS = ["solve", "grade", "clues", "convert", "verify", "generate", "study", "bogus", ""]
"""Every command but ``serve`` (a server runs until stopped; tests/web drives it)."""
OPTIONS = ["--json", "--svg", "--backend", "--sat-solver", "--encoding", "--time-limit",
           "--max-memory", "--batch", "--steps", "--to", "--seed", "--help", "--version",
           "--backbone", "--count", "--workers", "--fail-on", "--unordered", "--out", "--resume",
           "--faithful", "--no-score", "--next", "--grade", "--order", "--folds", "--no-plots"]
NEWER = ("slitherlink", "nurikabe", "heyawake", "yajilin", "hashi")
VALUES = ["cnf", "cpsat", "gpu", "cadical", "minisat", "lingeling", "lazy", "circuit",
          "tamura", "direct", "csp", "0", "-1", "nan", "inf", "0.01", "1e9", "4G", "0M",
          "url", "tatham", "text", "sugar", "masyu", "36x20", "-3x5", "0x0", "", "x" * 300,
          "2", "unique,multiple", "none", "easy,hard", "nurikabe", "slitherlink"]


def puzzles(folder: Path) -> list[str]:
    made = {
        "masyu.txt": EXAMPLE,
        "full.txt": EXAMPLE.replace("masyu 6 6", "masyu 6 6 full", 1),
        "bad_header.txt": "masyu 6\n......\n",
        "empty.txt": "",
        "binary.txt": "\x00\xff\xfe",
        "big.txt": "masyu 300 300\n" + ("." * 300 + "\n") * 300,
        "lightup.txt": "lightup 3 3\n.1.\n...\n#..\n",
        "sol.txt": "masyu-solution 2 2\nF7\nLJ\n",
        "slitherlink.txt": "slitherlink 3 3\n3..\n.2.\n..3\n",
        "nurikabe.txt": "nurikabe 4 4\n2 . . .\n. . . 3\n. . . .\n1 . . .\n",
        "nurikabe_bad.txt": "nurikabe 3 2\n2 x .\n. . .\n",
        "heyawake.txt": "heyawake 2 2\n. .\n. .\n0 0\n0 1\n",
        "yajilin.txt": "yajilin 3 3\n. . .\n. 1> .\n. . .\n",
        "hashi.txt": "hashi 3 3\n1.2\n...\n..1\n",
        "labels.tsv": "puzzle\tlabel\nmasyu.txt\teasy\n",
    }
    paths = []
    for name, text in made.items():
        path = folder / name
        path.write_text(text, encoding="latin-1")
        paths.append(str(path))
    # pzprjs's Masyu example as the corpus keeps it, whole and (with the loop-full flag) cut
    pzprjs = (CORPUS / "masyu/pzprjs/mashu_example.url").read_text().strip()
    cut = pzprjs.replace("/", "/f/", 1)[:-6]
    corpus = sorted((CORPUS / "masyu" / "janko").glob("*.txt"))[:5] + [
        sorted((CORPUS / genre / "janko").glob("*.txt"))[0]
        for genre in NEWER]
    return paths + [str(p) for p in corpus] + [
        f"https://puzz.link/p?{pzprjs}", f"https://puzz.link/p?{cut}",
        "https://puzz.link/p?akari/4/4/h.1.h", "pearl:3x2:aBd", "10x10:zzz", "-",
        "https://puzz.link/p?yajilin/7/7/4", "https://puzz.link/p?v:", "loopy:4x4t0:b3",
        "." * 81, "1" * 81, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28",
        str(folder), str(folder / "missing.txt"), "",
    ] + codes(corpus[-len(NEWER):])


def codes(paths: list[Path]) -> list[str]:
    """Each corpus puzzle as a puzz.link URL, and as a Tatham game ID where it has one."""
    from pencilsat.core.errors import InputError
    from pencilsat.formats.detect import convert, read_input

    out = []
    for path in paths:
        puzzle = read_input(str(path))
        for to in ("url", "tatham"):
            try:
                out.append(convert(puzzle, to).strip())
            except InputError:
                pass
    return out


def random_argv(rng: random.Random, inputs: list[str], folder: Path) -> list[str]:
    argv = [rng.choice(COMMANDS)]
    for _ in range(rng.randint(0, 3)):
        argv.append(rng.choice(inputs))
    for _ in range(rng.randint(0, 3)):
        option = rng.choice(OPTIONS)
        argv.append(option)
        if option == "--svg":
            argv.append(str(folder / rng.choice(["a.svg", "a.png", "a.txt", "no/such/a.svg"])))
        elif option == "--batch":
            argv.append(rng.choice(inputs))
        elif option not in ("--json", "--steps", "--help", "--version") and rng.random() < 0.9:
            argv.append(rng.choice(VALUES))
    return [a for a in argv if a != "" or rng.random() < 0.5]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        inputs = puzzles(folder)
        for case in range(args.cases):
            argv = random_argv(rng, inputs, folder)
            if "--time-limit" not in argv:
                timed = argv and argv[0] in ("solve", "grade", "clues")
                argv += ["--time-limit", "5"] if timed else []
            try:
                proc = subprocess.run([sys.executable, "-m", "pencilsat.entry", *argv],
                                      capture_output=True, text=True, timeout=args.timeout,
                                      env=env, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                counts["hang"] += 1
                examples.setdefault("hang", argv)
                continue
            kind = ("traceback" if "Traceback" in proc.stderr else
                    "internal error" if proc.returncode == 5 else f"exit {proc.returncode}")
            counts[kind] += 1
            if kind in ("traceback", "internal error"):
                examples.setdefault(kind, argv)
            if case % 100 == 0:
                print(case, dict(counts), flush=True)
    rows = [[kind, count] for kind, count in sorted(counts.items())]
    body = (f"{args.cases} random command lines (seed {args.seed}), each a fresh process with "
            f"a {args.timeout:.0f} s cap.\n\n" + markdown_table(["outcome", "cases"], rows)
            + f"\n\nTracebacks: {counts['traceback']}, internal errors: "
              f"{counts['internal error']}, hangs: {counts['hang']}.\n\n"
            + "".join(f"- first {kind}: `{' '.join(argv)}`\n" for kind, argv in
                      examples.items())
            + "\nReproduce: `python benchmarks/cli_fuzz.py`.\n")
    write_results("cli_fuzz", "The command line under random input", body,
                  {"counts": dict(counts), "examples": examples, "cases": args.cases})


if __name__ == "__main__":
    main()
