"""The compiled Sudoku kernel (numba, the ``fast`` extra) gives the batch the numpy path's
verdicts and answers, whatever the order or grouping of the lines, and loads only when
asked for or paid for."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import numba  # noqa: F401  (the `test` extra installs it: without it this fails, never skips)
from conftest import CORPUS
from test_sudoku_batch import assert_tdoku_records, checked
from test_sudoku_solve import TDOKU

from pencilsat.strategies.sudoku_batch import solve_batch


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
    from pencilsat.strategies import sudoku_kernel

    hard = (CORPUS / "sudoku/forum_hardest_1905_se11plus.txt").read_text().splitlines()[:3]
    status, _, _ = sudoku_kernel.count_lines(sudoku_kernel_raw(hard), max_nodes=1)
    assert set(status.tolist()) == {sudoku_kernel.OPEN}
    reference = answers(list(solve_batch(hard, kernel=False)))
    monkeypatch.setattr(sudoku_kernel, "MAX_NODES", 1)
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
verdicts = [r["verdict"] for r in solve_batch(lines)]
print(json.dumps({"numba": "numba" in sys.modules, "verdicts": sorted(set(verdicts))}))
"""


def test_a_small_batch_does_not_load_numba():
    path = CORPUS / "sudoku/magictour_top1465.txt"
    out = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    assert json.loads(out) == {"numba": False, "verdicts": ["unique"]}


SWITCH = """
import json, sys
import pencilsat.strategies.sudoku_batch as B
B.KERNEL_PAYS_AFTER = 0.0  # any numpy work pays for the kernel
B.CHUNK = 20
lines = open(sys.argv[1]).read().splitlines()[:40]
by = [r["stats"]["decided_by"] for r in B.solve_batch(lines)]
print(json.dumps({"numba": "numba" in sys.modules, "first": sorted(set(by[:20])),
                  "then": sorted(set(by[20:]))}))
"""


def test_the_default_loads_the_kernel_once_numpy_work_pays_for_it():
    """The first chunk goes through numpy; its work (over a threshold of 0 here) pays for
    the kernel, which takes the next chunk (numba's cache of it made warm first: on a cold
    cache the threshold is 20 times higher)."""
    from pencilsat.strategies import sudoku_kernel_loader

    sudoku_kernel_loader.kernel().count_lines(sudoku_kernel_raw([TDOKU[0][0]]))
    assert sudoku_kernel_loader.cached()
    path = CORPUS / "sudoku/magictour_top1465.txt"
    out = subprocess.run([sys.executable, "-c", SWITCH, str(path)], capture_output=True,
                         text=True, check=True, timeout=300).stdout
    seen = json.loads(out)
    assert seen["numba"] and seen["then"] == ["kernel"]
    assert "kernel" not in seen["first"] and "branching" in seen["first"]


def test_a_kernel_answer_that_breaks_a_rule_is_not_returned(monkeypatch):
    """The kernel's unique answers pass an independent rule check; one that does not (here a
    kernel made to swap two digits of its answers) goes to the numpy path."""
    from pencilsat.strategies import sudoku_kernel

    lines = (CORPUS / "sudoku/royle_17clue.txt").read_text().splitlines()[:20]
    reference = answers(list(solve_batch(lines, kernel=False)))
    real = sudoku_kernel.count_lines

    def broken(raw, max_nodes=sudoku_kernel.MAX_NODES):
        status, solution, nodes = real(raw, max_nodes)
        solution = solution.copy()
        solution[::2, [0, 1]] = solution[::2, [1, 0]]  # every other answer: two columns broken
        return status, solution, nodes

    monkeypatch.setattr(sudoku_kernel, "count_lines", broken)
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
