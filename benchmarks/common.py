"""Small shared helpers for benchmark scripts: corpus location, medians, table writing."""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
RESULTS = REPO / "benchmarks" / "results"


def parameter_value(text: str) -> Any:
    """A solver parameter given as text on a command line: an int, a float, a Boolean
    (``true``/``false``) or the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def loglog_slope(points: list[tuple[float, float]]) -> float | None:
    """k in y ~ x^k: least-squares slope of log(y) on log(x); ``None`` under two points."""
    import numpy as np

    if len(points) < 2:
        return None
    x, y = np.log([p[0] for p in points]), np.log([p[1] for p in points])
    return float(np.polyfit(x, y, 1)[0])


def machine() -> str:
    import os

    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, " \
        f"Python {platform.python_version()}"


def emit_row(row: dict[str, Any], log: Any) -> None:
    """A measured row as a JSON line on stdout and, when a ``log`` file is open, in it
    (flushed: a rerun resumes from what it holds)."""
    line = json.dumps(row)
    print(line, flush=True)
    if log:
        log.write(line + "\n")
        log.flush()


def markdown_table(header: list[str], rows: list[list[Any]]) -> str:
    def cell(v: Any) -> str:
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(out)


def write_results(stem: str, title: str, body: str, data: Any) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    (RESULTS / f"{stem}.md").write_text(f"# {title}\n\nMeasured {stamp} on {machine()}.\n\n"
                                        + body + "\n")
    (RESULTS / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")



def save_page(stem: str, data: Any, text: str) -> None:
    """Write a page already in Markdown and its data (``results/<stem>.md`` and ``.json``)
    and print the page."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")
    (RESULTS / f"{stem}.md").write_text(text)
    print(text)


Cells = list[list[bool]]


def puzzlekit_unique(make: Callable[[], Any], cap: float, read: Callable[[Any, list], Cells],
                     forbid: Callable[[Any, Cells], None], stored: Cells) -> dict[str, Any]:
    """puzzlekit's CP-SAT solver ``make()`` built and solved under ``cap``, then the same
    model solved again with its answer forbidden, as our uniqueness proof does; both on
    CP-SAT's default workers. ``read(solver, rows)`` turns its solution (``rows`` its grid)
    into the cells the stored answer marks; ``forbid(solver, cells)`` adds "some cell
    differs" to ``solver.model``. Returns the seconds of it all, ``status`` (the solve's,
    then the re-solve's: ``none`` no other answer, ``another``, ``timeout``) and whether it
    ``agrees``: unique, with the ``stored`` answer."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    solver = make()
    result = solver.solve({"time_limit_sec": cap})
    status = result.solution_data.get("status")
    if status not in ("Optimal", "Feasible"):
        return {"s": time.perf_counter() - start, "status": status, "agrees": False}
    cells = read(solver, result.solution_data["solution_grid"].matrix)
    forbid(solver, cells)
    solver.solver.parameters.max_time_in_seconds = max(cap - (time.perf_counter() - start),
                                                       0.01)
    again = solver.solver.Solve(solver.model)
    second = {cp_model.INFEASIBLE: "none", cp_model.OPTIMAL: "another",
              cp_model.FEASIBLE: "another"}.get(again, "timeout")
    return {"s": time.perf_counter() - start, "status": f"{status}, re-solve {second}",
            "agrees": second == "none" and cells == stored}


def differs(variables: Any, cells: Cells) -> list[Any]:
    """The clause "some cell differs from ``cells``" over CP-SAT Booleans
    ``variables[r, c]`` (for :func:`puzzlekit_unique`'s ``forbid``)."""
    return [variables[r, c].Not() if on else variables[r, c]
            for r, row in enumerate(cells) for c, on in enumerate(row)]


def oracle_answers(puzzle: Any, seconds: float) -> list[Any] | str:
    """Every answer of ``puzzle`` by the tests' brute force (``tests/brute_force.py``, on the
    caller's path), or why there are none to compare: ``"timed out"`` after ``seconds``
    (an interval timer: the main thread only), ``"no oracle"`` for a grid it does not take."""
    import signal

    import brute_force

    class _Late(Exception):
        pass

    def stop(*_: Any) -> None:
        raise _Late

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        answers: list[Any] = brute_force.all_solutions(puzzle)
        return answers
    except _Late:
        return "timed out"
    except AssertionError:
        return "no oracle"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
