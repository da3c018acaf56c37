"""The command line's certificate parts: ``solve --certify [--proof-out DIR]`` and
``pencilsat check DIR`` (what they print and how they exit)."""

from __future__ import annotations

import argparse
from typing import Any

from pencilsat.cli_values import folder_to_write, memory_size, seconds
from pencilsat.core.errors import InputError
from pencilsat.core.memory import DEFAULT_MAX_MEMORY


def add_solve_options(solve: argparse.ArgumentParser) -> None:
    group = solve.add_argument_group("certificates (docs/certificates.md)")
    group.add_argument("--certify", action="store_true",
                       help="prove the verdict with a certificate an independent checker "
                       "accepts (a DRAT proof checked by dratify, every cut re-justified)")
    group.add_argument("--proof-out", type=folder_to_write, metavar="DIR",
                       help="write the certificate's files into DIR (implies --certify)")


def add_check_parser(sub: Any) -> None:
    check = sub.add_parser(
        "check", help="check a stored certificate from scratch",
        description="Check the certificate that solve --proof-out wrote into DIR: the puzzle "
        "is read from its file, its clauses rebuilt and compared, every cut re-justified, the "
        "answer checked by the rule checker and the DRAT proof by dratify. Exit 0 only when "
        "every part holds; 1 when a part fails (named); 3 when the time limit or the memory "
        "budget stopped the proof's check (not checked); 4 when DIR is not a certificate.")
    check.add_argument("folder", metavar="DIR", help="a folder written by solve --proof-out")
    check.add_argument("--time-limit", type=seconds, metavar="S",
                       help="seconds for the whole check (the proof's check is stopped then)")
    check.add_argument("--max-memory", type=memory_size, metavar="SIZE",
                       default=DEFAULT_MAX_MEMORY,
                       help="memory budget of the proof's check, e.g. 4G (default 1G; inf: "
                       "no budget)")
    check.add_argument("--json", action="store_true", help="print one JSON object")


def certify(args: argparse.Namespace, result: Any, puzzle: Any,
            started: float | None = None) -> None:
    """Under ``--certify``/``--proof-out``: certify ``result`` and write the files
    (``started``: the run's ``perf_counter()``, from which ``--time-limit`` counts)."""
    if not (args.certify or args.proof_out):
        return
    from pencilsat.certify.certificate import certify_result

    cert = certify_result(result, args.time_limit, started, args.max_memory)
    if args.proof_out and (cert.formula_text or (cert.verdict == "multiple"
                                                  and result.second_solution is not None)):
        from pencilsat.certify.store import write

        try:
            write(args.proof_out, cert, puzzle, result.solution, result.second_solution)
        except OSError as err:
            raise InputError(f"cannot write the certificate into {args.proof_out}: "
                             f"{err.strerror or err}", source="--proof-out") from None


def describe(result: Any) -> list[str]:
    cert = result.certificate
    if cert is None:
        return []
    if not cert.certified:
        return ["", f"certificate: not certified ({cert.reason})"]
    if cert.verdict == "multiple":
        return ["", f"certificate: certified ({cert.reason})"]
    return ["", f"certificate: certified, every part holds (proof {cert.proof_bytes:,} bytes, "
            f"{len(cert.cuts):,} cuts; checked by {cert.checker} {cert.checker_version}, "
            f"{cert.engine} engine, in {cert.check_s:.3f}s)"]


def cmd_check(args: argparse.Namespace) -> int:
    import json
    from time import perf_counter

    from pencilsat.certify.store import check_folder

    deadline = None if args.time_limit is None else perf_counter() + args.time_limit
    cert = check_folder(args.folder, deadline, args.max_memory)
    if args.json:
        print(json.dumps({"verdict": cert.verdict, **cert.to_dict()}, indent=1))
    elif cert.certified:
        print(f"certified: {cert.verdict}; every part holds")
        for name, why in cert.parts.items():
            print(f"  {name}: {why}")
    elif cert.stopped:
        print(cert.reason)
    else:
        print(f"not certified: {cert.reason}")
        for name, why in cert.parts.items():
            print(f"  {name}: {why}")
    return 0 if cert.certified else 3 if cert.stopped else 1
