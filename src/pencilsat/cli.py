"""Command line: ``pencilsat solve | verify`` (and more as genres and tools grow).

Exit status of ``solve``: 0 unique, 1 multiple, 2 no solution, 3 unknown (time-out),
4 invalid input. Bad input prints one line naming file, line and column, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from pencilsat.errors import InputError

EXIT_INVALID = 4


class _Parser(argparse.ArgumentParser):
    """Usage errors exit 4 (invalid input), not argparse's 2 (which means "no solution")."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"pencilsat: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from pencilsat.solvers.registry import BACKENDS, SAT_SOLVERS

    parser = _Parser(prog="pencilsat", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = sub.add_parser("solve", help="solve a puzzle and prove its solution unique")
    solve.add_argument("puzzle", help="puzzle file, or - for standard input")
    solve.add_argument("--backend", choices=BACKENDS, help="cnf (PySAT) or cpsat (OR-Tools)")
    solve.add_argument("--sat-solver", choices=sorted(SAT_SOLVERS), help="CNF SAT solver")
    solve.add_argument("--encoding", help="strategy of the genre (default: the fastest)")
    solve.add_argument("--time-limit", type=float, metavar="S", help="seconds for the whole run")
    solve.add_argument("--json", action="store_true", help="print one JSON object")

    verify = sub.add_parser("verify", help="check a solution with the independent rule checker")
    verify.add_argument("puzzle")
    verify.add_argument("solution")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "solve":
            return cmd_solve(args)
        if args.command == "verify":
            return cmd_verify(args)
    except InputError as err:
        print(f"pencilsat: invalid input: {err}", file=sys.stderr)
        return EXIT_INVALID
    except (KeyError, ValueError) as err:
        msg = err.args[0] if err.args else str(err)
        print(f"pencilsat: {msg}", file=sys.stderr)
        return EXIT_INVALID
    return EXIT_INVALID


def load_puzzle(arg: str) -> Any:
    from pencilsat.formats.reading import parse_puzzle_text, read_text

    text, source = read_text(arg)
    return parse_puzzle_text(text, source)


def result_json(result: Any) -> dict[str, Any]:
    """The ``--json`` object: verdict, solution rows, second solution, differences, stats."""
    from pencilsat.genres import genre_of

    genre = genre_of(result.puzzle)

    def rows(sol: Any) -> list[str] | None:
        return genre.solution_rows(result.puzzle, sol) if sol is not None else None

    return {
        "genre": genre.name,
        "verdict": result.verdict.value,
        "solution": rows(result.solution),
        "second_solution": rows(result.second_solution),
        "differences": [list(c) for c in result.differences],
        "stats": result.stats.to_json(),
        "message": result.message or None,
    }


def describe_result(result: Any) -> str:
    """Human-readable verdict, drawings and statistics."""
    from pencilsat.genres import genre_of

    genre = genre_of(result.puzzle)
    st = result.stats
    words = {
        "unique": "unique: exactly one solution",
        "multiple": "multiple: more than one solution",
        "none": "none: no solution",
        "unknown": "unknown: time limit reached, no verdict",
    }
    out = [f"verdict: {words[result.verdict.value]}"]
    if result.message:
        out.append(f"note: {result.message}")
    if result.solution is not None:
        out += ["", genre.draw(result.puzzle, result.solution).rstrip("\n")]
    if result.second_solution is not None:
        cells = ", ".join(f"({r},{c})" for r, c in result.differences[:20])
        more = " ..." if len(result.differences) > 20 else ""
        out += ["", f"second solution (differs at {len(result.differences)} cells, row,col "
                f"0-based: {cells}{more}):", "",
                genre.draw(result.puzzle, result.second_solution).rstrip("\n")]

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


def cmd_solve(args: argparse.Namespace) -> int:
    from pencilsat.solvers.front import solve

    if args.time_limit is not None and args.time_limit <= 0:
        raise InputError("--time-limit must be a positive number of seconds")
    puzzle = load_puzzle(args.puzzle)
    result = solve(puzzle, encoding=args.encoding, backend=args.backend,
                   sat_solver=args.sat_solver, time_limit=args.time_limit)
    if args.json:
        print(json.dumps(result_json(result)))
    else:
        print(describe_result(result))
    return result.verdict.exit_code


def cmd_verify(args: argparse.Namespace) -> int:
    from pencilsat.formats.reading import read_text
    from pencilsat.genres import genre_of

    puzzle = load_puzzle(args.puzzle)
    genre = genre_of(puzzle)
    text, source = read_text(args.solution)
    try:
        solution = genre.parse_solution(text)
    except InputError as err:
        raise err.located(source) from None
    problems = genre.check(puzzle, solution)
    if not problems:
        print("valid: the solution satisfies every rule")
        return 0
    print(f"invalid: {len(problems)} rule violation(s)")
    for p in problems:
        print(f"  {p}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
