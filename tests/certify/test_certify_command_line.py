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
