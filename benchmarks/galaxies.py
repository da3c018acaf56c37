"""Spiral Galaxies: every janko puzzle and Tatham's Galaxies sets on both strategies.

``python benchmarks/galaxies.py [--cap 60] [--stride 1] [--log FILE]``

``lazy`` (CNF, the default) and ``lazy-cpsat`` (CP-SAT) on every janko Spiral Galaxies and
every puzzle of Tatham's sets, as ``janko_bench`` runs and tables them (results in
``benchmarks/results/galaxies.md``). puzzlekit 0.3.4 has no Spiral Galaxies solver (nor
does cspuz), so there is no comparison.
"""

from __future__ import annotations

from typing import Any

from janko_bench import JankoBench, arguments, run, summary, write

from pencilsat.puzzles.galaxies import FORMAT, parse_puzzle

BENCH = JankoBench(
    genre="galaxies", title="Spiral Galaxies", parse_puzzle=parse_puzzle,
    parse_solution=FORMAT.parse_solution,
    configs={"lazy (cnf)": ("lazy", "cnf"), "lazy-cpsat (cpsat)": ("lazy-cpsat", "cpsat")},
    groups=((100, "up to 10x10"), (225, "up to 15x15"), (400, "up to 20x20"),
            (10**9, "larger")),
    with_tatham=True)


def slowest_section(rows: list[dict[str, Any]]) -> str:
    """The two slowest puzzles of each strategy (the first puzzle run pays the imports)."""
    lines = ["\n## Slowest puzzles\n"]
    for label in BENCH.configs:
        timed = sorted((row for row in rows if label in row), key=lambda row: -row[label]["s"])
        named = ", ".join(f"{row['name']} ({row[label]['s']:.3f} s)" for row in timed[:2])
        lines.append(f"- {label}: {named}")
    first = rows[0]["name"] if rows else "-"
    return "\n".join(lines) + f"\n\n{first} is the first puzzle run: its time holds the imports.\n"


def main() -> None:
    args = arguments(__doc__.split("\n")[0], cap=60.0, puzzlekit_cap=60.0).parse_args()
    args.no_puzzlekit = True
    rows = run(BENCH, args)
    body, data = summary(BENCH, rows, args.cap, "puzzlekit 0.3.4 has no Spiral Galaxies.")
    tatham = sum(row["name"].startswith("tatham/") for row in rows)
    body = (f"The {len(rows)} puzzles are {len(rows) - tatham} janko puzzles and {tatham} of "
            "Tatham's Galaxies sets (named `tatham/<set>/<file>`), in the tables together.\n\n"
            + body)
    write(BENCH, "Spiral Galaxies: both strategies", body + slowest_section(rows), data, rows)


if __name__ == "__main__":
    main()
