"""``pencilsat.check`` takes the solution as it takes the puzzle: its text, or its file by
``str`` or ``Path``; a path that names no file is an error naming it. It took a solution's
text only: a ``Path`` was "not a Masyu solution: PosixPath", a path string was read as a
drawing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pencilsat
from pencilsat.core.errors import InputError

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "masyu_10x10.txt"


@pytest.fixture(scope="module")
def solution_text() -> str:
    result = pencilsat.solve(EXAMPLE)
    assert result.verdict == "unique"
    return json.dumps(result.to_dict())


@pytest.mark.parametrize("as_path", [Path, str])
def test_a_solution_file_is_read_by_its_path(tmp_path, solution_text, as_path):
    written = tmp_path / "answer.json"
    written.write_text(solution_text)
    assert pencilsat.check(as_path(EXAMPLE), as_path(written)) == []
    assert pencilsat.check(EXAMPLE, solution_text) == []  # the text, as before


@pytest.mark.parametrize("missing", [Path("absent") / "answer.sol", "absent/answer.sol",
                                     "answer.sol"])
def test_a_path_that_names_no_file_is_an_error_naming_it(tmp_path, missing):
    with pytest.raises(InputError) as caught:
        pencilsat.check(EXAMPLE, tmp_path / missing if isinstance(missing, Path) else missing)
    assert "answer.sol" in str(caught.value)
    assert "does not exist" in str(caught.value) or "no such" in str(caught.value).lower()
