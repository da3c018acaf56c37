"""Fillomino certificates on the ``sizes`` clauses (open label from the answer, block-size
cuts checked from the grid): corpus puzzles of several sizes certify and check from their
files; each tampering fails the check (a cut removed, an over-size cut made of cells that
are not connected, a fence with a gap, a changed clue, a wrong open label in the manifest);
a ``multiple`` Fillomino is certified by its two answers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import CORPUS

from pencilsat.api import parse_puzzle, read_puzzle
from pencilsat.certify.certificate import certify_result
from pencilsat.certify.sources import certifiable
from pencilsat.certify.store import check_folder, write
from pencilsat.core.registry import GENRES
from pencilsat.strategies.front import solve

JANKO = CORPUS / "fillomino" / "janko"
SAMPLES = [JANKO / "211_10x10.txt", JANKO / "143_9x9.txt", JANKO / "101_20x20.txt",
           CORPUS / "fillomino" / "tatham" / "13x9-default" / "s001.txt"]
TAMPERED = JANKO / "211_10x10.txt"
"""Its certificate holds both kinds of cut: over-size and fence."""


def certify_into(source: Path, folder: Path):
    if not source.exists():
        pytest.fail(f"missing {source}")
    puzzle = read_puzzle(str(source))
    result = solve(puzzle)
    cert = certify_result(result)
    assert cert.certified, cert.reason
    write(folder, cert, puzzle, result.solution)
    return puzzle, result, cert


@pytest.mark.parametrize("source", SAMPLES, ids=lambda p: p.stem)
def test_corpus_fillominos_are_certified_and_check_from_their_files(source, tmp_path):
    _, result, cert = certify_into(source, tmp_path)
    assert result.verdict.value == "unique"
    assert cert.settings["open_label"] > int(result.solution.numbers.max())
    assert json.loads((tmp_path / "manifest.json").read_text())["settings"] == cert.settings
    again = check_folder(tmp_path)
    assert again.certified, again.reason
    assert set(again.parts) == {"answer", "rules", "cuts", "refutation"}


@pytest.fixture(scope="module")
def genuine(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fillomino")
    puzzle, result, cert = certify_into(TAMPERED, folder)
    return folder, puzzle, result.solution, cert


@pytest.fixture
def copy(genuine, tmp_path) -> Path:
    target = tmp_path / "cert"
    shutil.copytree(genuine[0], target)
    return target


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def replace_cut(folder: Path, index: int, cut: list[int]) -> None:
    """Cut ``index`` replaced by ``cut`` in both the cut list and the formula."""
    manifest = json.loads((folder / "manifest.json").read_text())
    cut_lines = lines(folder / "cuts.jsonl")
    cut_lines[index] = json.dumps(cut)
    (folder / "cuts.jsonl").write_text("\n".join(cut_lines) + "\n")
    formula = lines(folder / "formula.cnf")
    formula[1 + manifest["rule_clauses"] + index] = " ".join(map(str, cut)) + " 0"
    (folder / "formula.cnf").write_text("\n".join(formula) + "\n")


def atoms(puzzle, settings) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """Per variable its (cell, label), and back: each cell's labels in turn."""
    labels = certifiable(GENRES["fillomino"], puzzle, settings).labels
    assert labels is not None
    of = [(-1, -1)] + [(cell, k) for cell, ks in enumerate(labels.domains) for k in ks]
    return of, {atom: v for v, atom in enumerate(of) if v}


def test_the_genuine_certificate_passes(genuine):
    cert = check_folder(genuine[0])
    assert cert.certified, cert.reason


def test_a_cut_removed_fails(copy):
    cuts = copy / "cuts.jsonl"
    cuts.write_text("\n".join(lines(cuts)[1:]) + "\n")
    cert = check_folder(copy)
    assert not cert.certified and cert.reason.startswith("formula")


def test_an_over_size_cut_of_cells_not_connected_fails(genuine, copy):
    _, puzzle, _, cert = genuine
    of, var = atoms(puzzle, cert.settings)
    index, cut = next((i, c) for i, c in enumerate(cert.cuts) if all(lit < 0 for lit in c))
    k = of[-cut[0]][1]
    cells = [of[-lit][0] for lit in cut]
    kept = cells[:-1]  # the last met breadth-first: the others stay connected
    width = puzzle.width

    def touches(a: int, b: int) -> bool:
        return abs(a // width - b // width) + abs(a % width - b % width) <= 1

    far = next(c for c in range(puzzle.width * puzzle.height)
               if (c, k) in var and not any(touches(c, o) for o in kept))
    replace_cut(copy, index, [-var[(c, k)] for c in kept + [far]])
    checked = check_folder(copy)
    assert not checked.certified
    assert checked.parts["cuts"].startswith(f"cut {index + 1} ")


def test_a_fence_with_a_gap_fails(genuine, copy):
    _, puzzle, solution, cert = genuine
    of, _ = atoms(puzzle, cert.settings)
    numbers = solution.numbers.ravel()

    def holds_in_the_answer_only_by_its_fence(cut: list[int]) -> bool:
        negative = [lit for lit in cut if lit < 0]
        if len(negative) != 1 or len(cut) < 2:
            return False
        cell, k = of[-negative[0]]
        return int(numbers[cell]) == k

    index, cut = next((i, c) for i, c in enumerate(cert.cuts)
                      if holds_in_the_answer_only_by_its_fence(c))
    # the fence left out: "c is not k" is false in the answer, whose c is k
    replace_cut(copy, index, [lit for lit in cut if lit < 0])
    checked = check_folder(copy)
    assert not checked.certified
    assert checked.parts["cuts"].startswith(f"cut {index + 1} ")


def test_a_changed_clue_fails(copy):
    puzzle = copy / "puzzle.txt"
    rows = lines(puzzle)
    for i in range(1, len(rows)):
        tokens = rows[i].split()
        j = next((k for k, token in enumerate(tokens) if token != "."), None)
        if j is not None:
            tokens[j] = "."
            rows[i] = " ".join(tokens)
            break
    puzzle.write_text("\n".join(rows) + "\n")
    cert = check_folder(copy)
    assert not cert.certified
    assert cert.reason.startswith(("rules", "puzzle", "answer"))


@pytest.mark.parametrize("shift", [1, -100])
def test_a_wrong_open_label_in_the_manifest_fails(copy, shift):
    path = copy / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["settings"]["open_label"] += shift
    path.write_text(json.dumps(manifest))
    cert = check_folder(copy)
    assert not cert.certified and cert.reason.startswith("rules")


def test_a_multiple_fillomino_is_certified_by_its_two_answers():
    result = solve(parse_puzzle("fillomino 2 2\n. .\n. .\n"))
    assert result.verdict.value == "multiple"
    cert = certify_result(result)
    assert cert.certified and cert.parts == {"answers": "holds"}
    assert result.solution != result.second_solution
