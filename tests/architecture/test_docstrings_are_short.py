"""Docstrings say what and why, with today's figure, in about 25 lines at most (issue 26):
the history of experiments lives in docs/experiments/, not in the code."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "pencilsat"
MOST_LINES = 30
"""'About 25 lines': a little slack, never a 70- or 213-line narrative again."""


def _long_docstrings() -> list[str]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                lines = node.value.value.count("\n") + 1
                if lines > MOST_LINES:
                    found.append(f"{path.relative_to(SRC)}:{node.lineno} ({lines} lines)")
    return found


def test_no_docstring_is_a_lab_notebook():
    assert _long_docstrings() == []
