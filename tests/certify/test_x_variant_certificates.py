"""A certificate of an X (diagonal) puzzle: its rule clauses are rebuilt from ``puzzle.txt``
with the ``D`` of the header, so the diagonals' clauses are part of what ``pencilsat check``
re-derives: the genuine certificate holds, the same folder with ``D`` taken off the header
fails on the rules."""

from __future__ import annotations

import pytest
from conftest import CORPUS

from pencilsat.certify.certificate import certify_result
from pencilsat.certify.store import check_folder, write
from pencilsat.core.result import Verdict
from pencilsat.puzzles import jigsawsudoku as J
from pencilsat.puzzles import killersudoku as K
from pencilsat.strategies.front import solve


@pytest.mark.parametrize(("model", "path"), [
    (K, CORPUS / "killersudoku" / "janko" / "197_9x9.txt"),
    (J, CORPUS / "jigsawsudoku" / "janko" / "651_6x6.txt"),
])
def test_the_diagonal_clauses_are_in_what_the_checker_rederives(model, path, tmp_path):
    lines = path.read_text().splitlines()
    lines[0] += " D"
    puzzle = model.parse_puzzle("\n".join(lines) + "\n")
    result = solve(puzzle)
    assert result.verdict == Verdict.UNIQUE
    cert = certify_result(result)
    assert cert.certified, cert.reason
    write(tmp_path, cert, puzzle, result.solution)
    assert (tmp_path / "puzzle.txt").read_text().splitlines()[0].endswith(" D")
    assert check_folder(tmp_path).certified
    text = (tmp_path / "puzzle.txt").read_text().splitlines()
    text[0] = text[0].removesuffix(" D")
    (tmp_path / "puzzle.txt").write_text("\n".join(text) + "\n")
    plain = check_folder(tmp_path)
    assert not plain.certified
    assert "rules" in plain.reason
