"""``solve --certify --json`` gives ``certified`` and a ``certificate`` object;
``--proof-out DIR`` writes the files ``pencilsat check DIR`` accepts (exit 0), and a folder
that is not a certificate is exit 4."""

from __future__ import annotations

import json

from conftest import REPO
from conftest import run_cli as run

EXAMPLE = str(REPO / "examples" / "masyu_10x10.txt")


def test_certify_json_has_the_certificate():
    code, out, _ = run("solve", EXAMPLE, "--certify", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "unique"
    assert data["certified"] is True
    cert = data["certificate"]
    assert cert["checker"] == "dratify" and cert["proof_bytes"] > 0
    assert set(cert["parts"]) == {"answer", "rules", "cuts", "refutation"}
    assert all(value == "holds" for value in cert["parts"].values())


def test_proof_out_then_check(tmp_path):
    folder = tmp_path / "cert"
    code, out, _ = run("solve", EXAMPLE, "--proof-out", str(folder))
    assert code == 0 and "certificate: certified" in out
    assert {p.name for p in folder.iterdir()} >= {"manifest.json", "formula.cnf",
                                                  "proof.drat", "puzzle.txt", "answer.txt"}
    code, out, _ = run("check", str(folder))
    assert code == 0 and out.startswith("certified: unique")
    (folder / "proof.drat").write_text("")
    code, out, _ = run("check", str(folder))
    assert code == 1 and "refutation" in out


def test_check_on_a_folder_that_is_no_certificate_is_exit_4(tmp_path):
    code, _, err = run("check", str(tmp_path))
    assert code == 4 and "not a certificate folder" in err and "Traceback" not in err


def test_a_multiple_verdict_is_certified_by_its_two_answers():
    code, out, _ = run("solve", str(REPO / "examples" / "masyu_4x4_two_solutions.txt"),
                       "--certify", "--json")
    data = json.loads(out)
    assert code == 1 and data["certified"] is True
    assert data["certificate"]["parts"] == {"answers": "holds"}


def test_a_multiple_verdicts_folder_holds_both_answers_and_check_reads_them_back(tmp_path):
    """``--proof-out`` on a ``multiple`` puzzle wrote no folder (its certificate is the two
    answers), so ``check`` then said "not a certificate folder"; now the folder holds the
    puzzle and both answers, and ``check`` has the rule checker accept each and tell them
    apart: two copies of one answer, or a broken one, fail."""
    folder = tmp_path / "two"
    code, out, _ = run("solve", str(REPO / "examples" / "masyu_4x4_two_solutions.txt"),
                       "--proof-out", str(folder))
    assert code == 1 and "certificate: certified" in out
    assert {p.name for p in folder.iterdir()} == {"manifest.json", "puzzle.txt", "answer.txt",
                                                  "second.txt"}
    code, out, _ = run("check", str(folder))
    assert code == 0 and out.startswith("certified: multiple")
    first = (folder / "answer.txt").read_text()
    (folder / "second.txt").write_text(first)
    code, out, _ = run("check", str(folder))
    assert code == 1 and "the two answers are the same" in out
    (folder / "second.txt").write_text(first.replace("-", " ", 1) if "-" in first else "")
    code, out, err = run("check", str(folder))
    assert code == 1 and out.startswith("not certified") and "Traceback" not in err


def test_a_certificate_folder_that_is_a_file_or_empty_is_refused_before_any_work(tmp_path):
    """--proof-out and generate --certify naming a file were refused only after the work, as
    "--proof-out: --proof-out F: cannot write the certificate: File exists"; an empty name
    certified nothing (--proof-out '') or wrote into the working folder (--certify '')."""
    afile = tmp_path / "afile"
    afile.write_text("mine\n")
    for words in (("solve", EXAMPLE, "--proof-out"), ("generate", "masyu", "5x5", "--seed",
                                                       "1", "--certify")):
        code, out, err = run(*words, str(afile))
        assert code == 4 and out == "" and "is a file, not a folder" in err
        assert err.splitlines()[-1].startswith("pencilsat: error: argument --")
        code, out, err = run(*words, "")
        assert code == 4 and out == "" and "the folder is empty" in err
    assert afile.read_text() == "mine\n"


def test_a_certificate_folder_that_cannot_be_written_is_named_once(tmp_path):
    (tmp_path / "afile").write_text("mine\n")
    code, _, err = run("solve", EXAMPLE, "--proof-out", str(tmp_path / "afile" / "inside"))
    assert code == 4
    assert err.count("--proof-out") == 1 and "cannot write the certificate into" in err
