"""Each test's CPU seconds (its process and the children it waited for) and wall seconds,
for comparing the suite's cost between two trees: wall durations swing with the machine's
load, CPU seconds much less.

Record (a pytest plugin; one file per xdist worker), from a folder of its own on the path:
with ``PYTHONPATH=benchmarks``, ``benchmarks/desk.py`` shadows the tests' ``desk`` package
and three test files fail to import::

    mkdir -p /tmp/plug && cp benchmarks/suite_cpu.py /tmp/plug/
    CPUPLUG_DIR=/tmp/after PYTHONPATH=/tmp/plug python -m pytest -n 2 -p suite_cpu FILES

Compare two records per test file::

    python benchmarks/suite_cpu.py /tmp/before /tmp/after [TOP]
"""

from __future__ import annotations

import collections
import os
import resource
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any, TextIO

import pytest

_out: list[TextIO] = []


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _record() -> TextIO:
    if not _out:
        folder = Path(os.environ.get("CPUPLUG_DIR", "suite_cpu"))
        folder.mkdir(parents=True, exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _out.append(open(folder / f"{worker}.tsv", "a", encoding="utf-8"))  # noqa: SIM115
    return _out[0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, None, None]:
    cpu, wall = _cpu(), time.perf_counter()
    yield
    out = _record()
    out.write(f"{item.nodeid}\t{_cpu() - cpu:.3f}\t{time.perf_counter() - wall:.3f}\n")
    out.flush()


def per_file(folder: str) -> tuple[dict[str, float], dict[str, float], dict[str, int]]:
    """CPU seconds, wall seconds and tests of each test file in a record."""
    cpu: dict[str, float] = collections.defaultdict(float)
    wall: dict[str, float] = collections.defaultdict(float)
    count: dict[str, int] = collections.defaultdict(int)
    for path in Path(folder).glob("*.tsv"):
        for line in path.read_text(encoding="utf-8").splitlines():
            nodeid, spent, took = line.split("\t")
            name = nodeid.split("::")[0]
            cpu[name] += float(spent)
            wall[name] += float(took)
            count[name] += 1
    return cpu, wall, count


def main(before: str, after: str, top: int = 20) -> None:
    b, a = per_file(before), per_file(after)
    print(f"CPU {sum(b[0].values()):.1f} -> {sum(a[0].values()):.1f} s; wall "
          f"{sum(b[1].values()):.1f} -> {sum(a[1].values()):.1f} s; tests "
          f"{sum(b[2].values())} -> {sum(a[2].values())}")
    print("| file | tests | CPU s before | CPU s after | wall s before | wall s after |")
    print("|---|---|---|---|---|---|")
    for name in sorted(b[0], key=lambda n: -b[0][n])[:top]:
        print(f"| {name} | {b[2][name]} | {b[0][name]:.1f} | {a[0].get(name, 0.0):.1f} | "
              f"{b[1][name]:.1f} | {a[1].get(name, 0.0):.1f} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(v) for v in sys.argv[3:4]))
