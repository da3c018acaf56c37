"""``pencilsat check DIR`` passes on a genuine certificate and fails, naming the part, on
each tampering: a truncated proof, a cut removed from the list or altered, a changed clue, the
blocked answer left out, a wrong answer."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import CORPUS, REPO

from pencilsat.api import read_puzzle
from pencilsat.certify.certificate import certify_result
from pencilsat.certify.store import check_folder, write
from pencilsat.strategies.front import solve

SOURCES = {"masyu": REPO / "examples" / "masyu_10x10.txt",
           "heyawake": CORPUS / "heyawake" / "janko" / "101_10x10.txt"}


@pytest.fixture(scope="module", params=sorted(SOURCES))
def genuine(request, tmp_path_factory) -> Path:
    source = SOURCES[request.param]
    if not source.exists():
        pytest.fail(f"missing {source}")
    puzzle = read_puzzle(str(source))
    result = solve(puzzle)
    cert = certify_result(result)
    assert cert.certified, cert.reason
    assert cert.cuts, "the sample must need cuts, so that cut tampering is tested"
    folder = tmp_path_factory.mktemp(request.param)
    write(folder, cert, puzzle, result.solution)
    return folder


@pytest.fixture
def copy(genuine, tmp_path) -> Path:
    target = tmp_path / "cert"
    shutil.copytree(genuine, target)
    return target


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def test_the_genuine_certificate_passes(genuine):
    cert = check_folder(genuine)
    assert cert.certified, cert.reason
    assert set(cert.parts) == {"answer", "rules", "cuts", "refutation"}


def test_a_truncated_proof_fails_the_refutation(copy):
    proof = copy / "proof.drat"
    kept = lines(proof)
    proof.write_text("\n".join(kept[: len(kept) // 2]) + "\n")
    cert = check_folder(copy)
    assert not cert.certified and cert.parts["refutation"] != "holds"


def test_a_cut_removed_from_the_list_fails(copy):
    cuts = copy / "cuts.jsonl"
    cuts.write_text("\n".join(lines(cuts)[1:]) + "\n")
    cert = check_folder(copy)
    assert not cert.certified and cert.reason.startswith("formula")


def test_an_altered_cut_fails_the_cut_check(copy):
    manifest = json.loads((copy / "manifest.json").read_text())
    first = manifest["rule_clauses"]
    cut_lines = lines(copy / "cuts.jsonl")
    cut = json.loads(cut_lines[0])
    altered = cut[1:]  # one witness or one edge of the cycle less
    cut_lines[0] = json.dumps(altered)
    (copy / "cuts.jsonl").write_text("\n".join(cut_lines) + "\n")
    formula = lines(copy / "formula.cnf")
    formula[1 + first] = " ".join(map(str, altered)) + " 0"
    (copy / "formula.cnf").write_text("\n".join(formula) + "\n")
    cert = check_folder(copy)
    assert not cert.certified and cert.parts["cuts"].startswith("cut 1 ")


def test_a_changed_clue_fails_the_rules(copy):
    puzzle = copy / "puzzle.txt"
    rows = lines(puzzle)
    for i in range(1, len(rows)):
        row = rows[i]
        j = next((k for k, ch in enumerate(row) if ch not in ".- "), None)
        if j is not None:
            rows[i] = row[:j] + "." + row[j + 1:]
            break
    puzzle.write_text("\n".join(rows) + "\n")
    cert = check_folder(copy)
    assert not cert.certified
    assert cert.reason.startswith(("rules", "puzzle", "answer"))


def test_the_blocked_answer_left_out_fails(copy):
    formula = lines(copy / "formula.cnf")
    header = formula[0].split()
    header[3] = str(int(header[3]) - 1)
    (copy / "formula.cnf").write_text("\n".join([" ".join(header)] + formula[1:-1]) + "\n")
    cert = check_folder(copy)
    assert not cert.certified and cert.reason.startswith("formula")


def test_a_wrong_answer_fails_the_answer(copy):
    answer = copy / "answer.txt"
    rows = lines(answer)
    rows[1] = rows[1][::-1]
    answer.write_text("\n".join(rows) + "\n")
    cert = check_folder(copy)
    assert not cert.certified
    assert cert.reason.startswith(("answer", "puzzle or answer"))
