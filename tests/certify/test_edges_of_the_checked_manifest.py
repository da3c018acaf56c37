"""``pencilsat check DIR`` on a manifest edited by hand (probe8, 2026-11-30): a verdict that
no certificate proves, a manifest that is no JSON object, fields of the wrong type. Before,
a ``none`` certificate edited to say ``unknown`` or any other word was "certified: unknown;
every part holds" (exit 0), and a list, ``null`` or a ``rule_clauses`` of ``null`` was an
internal error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import REPO
from conftest import run_cli as run

from pencilsat.certify.store import check_folder

CLASH = "11" + "." * 14
"""A made-up 4x4 Sudoku with two 1s in its first row: no answer (a ``none`` certificate)."""
UNIQUE = str(REPO / "examples" / "masyu_10x10.txt")


@pytest.fixture(scope="module")
def certificates(tmp_path_factory) -> dict[str, Path]:
    made = {}
    for verdict, source, code in (("none", CLASH, 2), ("unique", UNIQUE, 0)):
        folder = tmp_path_factory.mktemp(verdict) / "cert"
        assert run("solve", source, "--proof-out", str(folder))[0] == code
        assert check_folder(folder).certified
        made[verdict] = folder
    return made


def edited(source: Path, tmp_path: Path, **fields) -> Path:
    folder = tmp_path / "edited"
    shutil.copytree(source, folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest.update(fields)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


@pytest.mark.parametrize("verdict", ["unknown", "bogus", "", None, 1])
@pytest.mark.parametrize("kind", ["none", "unique"])
def test_a_verdict_no_certificate_proves_is_not_certified(certificates, tmp_path, kind,
                                                          verdict):
    folder = edited(certificates[kind], tmp_path, verdict=verdict)
    code, out, _ = run("check", str(folder))
    assert code == 1 and out.startswith("not certified: manifest: the verdict")


@pytest.mark.parametrize("field, value", [("rule_clauses", None), ("rule_clauses", "abc"),
                                          ("rule_clauses", 1.5), ("blocked", "false"),
                                          ("blocked", 1)])
def test_a_manifest_field_of_the_wrong_type_is_not_certified(certificates, tmp_path, field,
                                                             value):
    folder = edited(certificates["unique"], tmp_path, **{field: value})
    code, out, err = run("check", str(folder))
    assert code == 1 and "manifest: its rule_clauses" in out and "internal error" not in err


@pytest.mark.parametrize("text", ["[1, 2]", "null", "5", '"unique"'])
def test_a_manifest_that_is_no_json_object_is_no_certificate(certificates, tmp_path, text):
    folder = tmp_path / "edited"
    shutil.copytree(certificates["none"], folder)
    (folder / "manifest.json").write_text(text)
    code, _, err = run("check", str(folder))
    assert code == 4 and "not a certificate folder (manifest.json holds no JSON object)" in err


@pytest.mark.parametrize("genre", [["sudoku"], 5, None])
def test_a_manifest_genre_that_is_no_name_is_no_certificate(certificates, tmp_path, genre):
    folder = edited(certificates["none"], tmp_path, genre=genre)
    code, _, err = run("check", str(folder))
    assert code == 4 and "is not a genre's name" in err and "internal error" not in err
