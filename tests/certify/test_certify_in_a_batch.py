"""``solve --batch --certify`` and ``solve_many(certify=True)``: every record carries
``certified`` and its ``certificate``, on worker processes as in one process."""

from __future__ import annotations

import json

from conftest import REPO
from conftest import run_cli as run

import pencilsat

INPUTS = [str(REPO / "examples" / "masyu_10x10.txt"),
          str(REPO / "examples" / "masyu_4x4_two_solutions.txt"),
          "https://puzz.link/p?slither/5/5/cbcbcddad"]


def test_solve_many_certifies_every_record():
    records = [r.to_dict() for r in pencilsat.solve_many(INPUTS, workers=1, certify=True)]
    assert [r["verdict"] for r in records] == ["unique", "multiple", "unique"]
    assert all(r["certified"] is True for r in records)
    assert records[0]["certificate"]["parts"]["refutation"] == "holds"


def test_batch_certify_on_two_workers(tmp_path):
    batch = tmp_path / "week.txt"
    batch.write_text("\n".join(INPUTS) + "\n")
    code, out, _ = run("solve", "--batch", str(batch), "--certify", "--workers", "2")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1  # the worst verdict: multiple
    assert [r["certified"] for r in records] == [True, True, True]


def test_proof_out_takes_one_puzzle(tmp_path):
    batch = tmp_path / "week.txt"
    batch.write_text("\n".join(INPUTS) + "\n")
    code, _, err = run("solve", "--batch", str(batch), "--proof-out", str(tmp_path / "x"))
    assert code == 4 and "one puzzle" in err
