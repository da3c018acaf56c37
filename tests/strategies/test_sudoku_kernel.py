"""The compiled Sudoku kernel (numba, the ``fast`` extra) gives the batch the numpy path's
verdicts and answers, whatever the order or grouping of the lines; compiled ahead of time it
gives the JIT's counts and loads without numba; numba's JIT loads only when asked for or
paid for. The ahead-of-time module is built at most once a test run, into the user's cache
(shared by the test workers under its build lock)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numba  # noqa: F401  (the `test` extra installs it: without it this fails, never skips)
import pytest
from conftest import CORPUS
from test_sudoku_batch import assert_tdoku_records, checked
from test_sudoku_solve import TDOKU

from pencilsat.strategies import sudoku_kernel_cache as cache
from pencilsat.strategies import sudoku_kernel_loader as loader
from pencilsat.strategies.sudoku_batch import solve_batch


@pytest.fixture(scope="session")
def compiled() -> loader.Kernel:
    """The kernel compiled ahead of time, built by the real builder unless the user's cache
    holds it (a second test worker waits on the build lock, then finds it)."""
    target = loader.target()
    if not os.path.isfile(target):
        done = subprocess.run(cache.build_command(target), env=cache.build_env(),
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    kernel = loader.ready()
    assert kernel is not None and kernel.how == "aot"
    return kernel


def answers(records: list[dict]) -> list[tuple]:
    return [(r["verdict"], r.get("solution"), r.get("second_solution")) for r in records]


def sample() -> list[str]:
    """tdoku's test lines (none, unique and multiple) and some of each corpus file."""
    lines = [line for line, _, _ in TDOKU]
    for name, step in (("royle_17clue.txt", 2000), ("magictour_top1465.txt", 100),
                       ("forum_hardest_1905_se11plus.txt", 4000)):
        lines += (CORPUS / "sudoku" / name).read_text().splitlines()[::step]
    return lines


def test_kernel_counts_tdoku_lines_and_decides_them():
    records = list(solve_batch((line for line, _, _ in TDOKU), kernel=True))
    assert_tdoku_records(records)
    by = {r["stats"]["decided_by"] for r in records}
    assert "kernel" in by  # the unique and none lines; the multiple ones are numpy's
    for line, rec in zip(TDOKU, records, strict=True):
        if rec["verdict"] == "unique":
            assert checked(line[0], rec["solution"])


def test_kernel_and_numpy_give_the_same_verdicts_and_answers():
    lines = sample()
    with_kernel = list(solve_batch(lines, kernel=True))
    numpy_only = list(solve_batch(lines, kernel=False))
    assert answers(with_kernel) == answers(numpy_only)
    assert "kernel" not in {r["stats"]["decided_by"] for r in numpy_only}


def test_kernel_results_do_not_depend_on_order_or_grouping(monkeypatch):
    import pencilsat.strategies.sudoku_batch as B

    lines = sample()
    whole = dict(zip(lines, answers(list(solve_batch(lines, kernel=True))), strict=True))
    shuffled = lines[:]
    random.Random(46).shuffle(shuffled)
    monkeypatch.setattr(B, "KERNEL_CALL", 5)  # kernel calls of 5 lines, chunks of 13
    monkeypatch.setattr(B, "CHUNK", 13)
    again = answers(list(solve_batch(shuffled, kernel=True)))
    assert again == [whole[line] for line in shuffled]


def test_a_puzzle_past_the_kernel_node_cap_goes_to_numpy(monkeypatch):
    from pencilsat.strategies.sudoku_singles import OPEN

    hard = (CORPUS / "sudoku/forum_hardest_1905_se11plus.txt").read_text().splitlines()[:3]
    kernel = loader.kernel()
    assert kernel is not None
    status, _, _ = kernel.count_lines(sudoku_kernel_raw(hard), max_nodes=1)
    assert set(status.tolist()) == {OPEN}
    reference = answers(list(solve_batch(hard, kernel=False)))
    monkeypatch.setattr(kernel, "max_nodes", 1)
    records = list(solve_batch(hard, kernel=True))
    assert answers(records) == reference
    assert "kernel" not in {r["stats"]["decided_by"] for r in records}


def sudoku_kernel_raw(lines: list[str]):
    import numpy as np

    return np.frombuffer("".join(lines).encode(), dtype=np.uint8).reshape(-1, 81)


PROBE = """
import json, sys
from pencilsat.strategies.sudoku_batch import solve_batch
lines = open(sys.argv[1]).read().splitlines()[:50]
records = list(solve_batch(lines))
print(json.dumps({"numba": "numba" in sys.modules,
                  "verdicts": sorted({r["verdict"] for r in records}),
                  "by": sorted({r["stats"]["decided_by"] for r in records})}))
"""


def probe(env: dict[str, str] | None = None) -> dict:
    path = CORPUS / "sudoku/magictour_top1465.txt"
    out = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True,
                         text=True, check=True, timeout=120,
                         env=None if env is None else {**os.environ, **env}).stdout
    return json.loads(out)


def test_a_fresh_process_counts_with_the_compiled_module_from_its_first_line(compiled):
    """50 lines in a new process: every one decided by the kernel compiled ahead of time,
    numba never imported."""
    assert probe() == {"numba": False, "verdicts": ["unique"], "by": ["kernel"]}


def test_a_small_batch_without_the_compiled_module_does_not_load_numba(tmp_path):
    seen = probe({"PENCILSAT_CACHE_DIR": str(tmp_path)})
    assert seen["numba"] is False and seen["verdicts"] == ["unique"]
    assert "kernel" not in seen["by"]
    assert not list(tmp_path.iterdir())  # and no build started for so little work


SWITCH = """
import json, sys
import pencilsat.strategies.sudoku_batch as B
from pencilsat.strategies import sudoku_kernel_loader as loader
started = []
loader.cache.start_build = started.append  # the background build, recorded instead
B.KERNEL_PAYS_AFTER = 0.0  # any numpy work pays for the kernel
B.CHUNK = 20
lines = open(sys.argv[1]).read().splitlines()[:40]
by = [r["stats"]["decided_by"] for r in B.solve_batch(lines)]
print(json.dumps({"numba": "numba" in sys.modules, "first": sorted(set(by[:20])),
                  "then": sorted(set(by[20:])), "how": loader.ready().how,
                  "build": [str(p) for p in started]}))
"""


def test_without_the_compiled_module_numba_loads_once_numpy_work_pays_for_it(tmp_path):
    """No module compiled ahead of time (an empty cache): the first chunk goes through numpy;
    its work (over a threshold of 0 here) pays for numba's JIT kernel, which takes the next
    chunk (numba's cache of it made warm first: on a cold cache the threshold is 20 times
    higher), and the ahead-of-time build is started for the next processes, once."""
    loader.jit_kernel()
    assert loader.cached()
    path = CORPUS / "sudoku/magictour_top1465.txt"
    out = subprocess.run([sys.executable, "-c", SWITCH, str(path)], capture_output=True,
                         text=True, check=True, timeout=300,
                         env={**os.environ, "PENCILSAT_CACHE_DIR": str(tmp_path)}).stdout
    seen = json.loads(out)
    assert seen["numba"] and seen["then"] == ["kernel"] and seen["how"] == "jit"
    assert "kernel" not in seen["first"] and "branching" in seen["first"]
    assert [Path(p).parent for p in seen["build"]] == [tmp_path]


def test_a_kernel_answer_that_breaks_a_rule_is_not_returned(monkeypatch):
    """The kernel's unique answers pass an independent rule check; one that does not (here a
    kernel made to swap two digits of its answers) goes to the numpy path."""
    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[:20]
    reference = answers(list(solve_batch(lines, kernel=False)))
    kernel = loader.kernel()
    assert kernel is not None
    real = kernel.count_lines

    def broken(raw, max_nodes=None):
        status, solution, nodes = real(raw, max_nodes)
        solution = solution.copy()
        solution[::2, [0, 1]] = solution[::2, [1, 0]]  # every other answer: two columns broken
        return status, solution, nodes

    monkeypatch.setattr(kernel, "count_lines", broken)
    records = list(solve_batch(lines, kernel=True))
    assert answers(records) == reference
    by = [r["stats"]["decided_by"] for r in records]
    assert "kernel" not in by[::2] and "kernel" in by[1::2]


def test_answers_hold_checks_houses_and_givens():
    import numpy as np

    from pencilsat.strategies.sudoku_batch import answers_hold

    line, _, answer = next(t for t in TDOKU if t[1] == 1 and t[2])
    raw = np.frombuffer(line.encode(), dtype=np.uint8).reshape(1, 81)
    good = np.frombuffer(answer.encode(), dtype=np.uint8).reshape(1, 81)
    assert answers_hold(raw, good).tolist() == [True]
    swapped = good.copy()
    swapped[0, [0, 1]] = swapped[0, [1, 0]]  # a row still full; two columns not
    assert answers_hold(raw, swapped).tolist() == [False]
    relabelled = good.copy()  # 1 and 2 exchanged: every house still full, some given not kept
    relabelled[good == ord("1")] = ord("2")
    relabelled[good == ord("2")] = ord("1")
    assert ((raw == ord("1")) | (raw == ord("2"))).any()
    assert answers_hold(raw, relabelled).tolist() == [False]
    assert answers_hold(np.full_like(raw, ord(".")), relabelled).tolist() == [True]


def test_the_compiled_module_counts_as_the_jit_kernel(compiled):
    """The same functions compiled ahead of time and by numba's JIT: the same status,
    solution and branches on every line (unique, none and several answers)."""
    raw = sudoku_kernel_raw(sample())
    jit = loader.jit_kernel()
    assert jit is not None and jit.how == "jit"
    for ours, theirs in zip(compiled.count_lines(raw), jit.count_lines(raw), strict=True):
        assert ours.dtype == theirs.dtype and (ours == theirs).all()
    assert compiled.count_lines(raw, max_nodes=1)[0].tolist() == \
        jit.count_lines(raw, max_nodes=1)[0].tolist()
