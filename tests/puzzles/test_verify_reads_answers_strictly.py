"""``verify`` reads an answer strictly, in every form, for every genre of the registry.

Every one-cell mutation of a few corpus answers (each cell written as every other symbol the
genre's answers use) and every one-character mutation of ``solve``'s drawing of one answer
must be refused (an InputError or a rule violation) unless it is a valid answer of the
puzzle, which for a puzzle the solver proves unique it can never be. A reader that took a
loop step from either end alone accepted ``F.--7`` (72 of 516 Masyu and 114 of 1029 Yajilin
mutations passed), and the drawings' readers ignored most marks (1896 of 2310 Masyu drawing
mutations passed).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS, corpus_pairs

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES, rules_of
from pencilsat.formats.detect import read_input
from pencilsat.formats.solution_input import read_solution
from pencilsat.strategies.front import solve


def _with_answers(genre: str) -> bool:
    return bool(corpus_pairs(GENRES[genre].corpus, 100)) if CORPUS.exists() else False


def _sudoku_pairs(count: int) -> list[tuple[str, str]]:
    folder = CORPUS / "sudoku" / "tatham"
    puzzles = (folder / "basic.txt").read_text().split()
    answers = (folder / "basic.sol").read_text().split()
    return list(zip(puzzles, answers, strict=True))[:count]


def _answers(genre: str, count: int) -> list[tuple[object, str]]:
    """(puzzle, answer text) of the smallest corpus answers of ``genre``."""
    if genre == "sudoku":
        return [(read_input(p), a + "\n") for p, a in _sudoku_pairs(count)]
    return [(read_input(str(txt)), sol.read_text())
            for txt, sol in corpus_pairs(GENRES[genre].corpus, 100)[:count]]


GENRES_WITH_ANSWERS = [g for g in GENRES if g == "sudoku" or _with_answers(g)]


def _accepted(puzzle: object, text: str) -> bool:
    try:
        solution = read_solution(puzzle, text)
    except InputError:
        return False
    return not rules_of(puzzle).check(puzzle, solution)


def _body_start(lines: list[str]) -> int:
    """The index of the first answer row: after a ``<tag> W H`` header, if any."""
    return 1 if lines and " " in lines[0].strip() else 0


def _cell_mutations(text: str, alphabet: set[str]) -> list[str]:
    """``text`` with one character of its answer rows (all lines but a header) replaced by
    each other symbol of ``alphabet``."""
    lines = text.splitlines()
    body_start = _body_start(lines)
    out = []
    for i in range(body_start, len(lines)):
        for j, ch in enumerate(lines[i]):
            for new in sorted(alphabet - {ch}):
                changed = [*lines[:i], lines[i][:j] + new + lines[i][j + 1:], *lines[i + 1:]]
                out.append("\n".join(changed) + "\n")
    return out


def _refused_unless_not_unique(puzzle: object, accepted: list[str]) -> None:
    """Mutated answers that pass are only allowed on a puzzle with more than one answer."""
    if accepted:
        verdict = solve(puzzle).verdict.value
        assert verdict != "unique", (
            f"{len(accepted)} mutated answers of a unique puzzle pass, e.g.:\n{accepted[0]}")


@pytest.mark.parametrize("genre", GENRES_WITH_ANSWERS)
def test_every_one_cell_change_of_an_answer_is_refused(corpus: Path, genre: str) -> None:
    answers = _answers(genre, 3)
    assert answers
    body = [line for _, text in answers
            for line in text.splitlines()[_body_start(text.splitlines()):]]
    alphabet = {ch for line in body for ch in line}
    tried = 0
    for puzzle, text in answers:
        assert _accepted(puzzle, text), "the corpus answer itself must pass"
        mutations = _cell_mutations(text, alphabet)
        tried += len(mutations)
        _refused_unless_not_unique(puzzle, [m for m in mutations if _accepted(puzzle, m)])
    assert tried > 0


@pytest.mark.parametrize("genre", [g for g in GENRES_WITH_ANSWERS
                                   if GENRES[g].rules().parse_drawing is not None])
def test_every_one_character_change_of_a_drawing_is_refused(corpus: Path, genre: str) -> None:
    """Where the drawing is also the genre's grid text (Sudoku's, whose ``|``, ``-`` and
    ``+`` separators the reader ignores, docs/formats.md), only its cells are changed."""
    puzzle, text = _answers(genre, 1)[0]
    rules = rules_of(puzzle)
    drawing = rules.draw_text(puzzle, read_solution(puzzle, text))
    assert _accepted(puzzle, drawing), "the drawing solve prints must pass"
    alphabet = set(drawing) - {"\n"}
    try:
        rules.parse_solution(drawing, puzzle)
        changed = {ch for line in text.splitlines()[_body_start(text.splitlines()):]
                   for ch in line}
        alphabet &= changed
    except InputError:
        changed = alphabet
    accepted = []
    for k, ch in enumerate(drawing):
        if ch not in changed:
            continue
        for new in sorted(alphabet - {ch}):
            mutated = drawing[:k] + new + drawing[k + 1:]
            if _accepted(puzzle, mutated):
                accepted.append(mutated)
    _refused_unless_not_unique(puzzle, accepted)


def test_a_pipe_into_a_cell_that_does_not_join_it_back_names_both_cells(corpus: Path) -> None:
    """The issue's case: janko Masyu 101 with its first ``F---7`` written ``F.--7``."""
    txt = CORPUS / "masyu" / "janko" / "101_10x10.txt"
    text = txt.with_suffix(".sol").read_text()
    row = next(i for i, line in enumerate(text.splitlines()[1:]) if "F---7" in line)
    column = text.splitlines()[1 + row].index("F---7")
    puzzle = read_input(str(txt))
    problems = rules_of(puzzle).check(puzzle, read_solution(puzzle, text.replace(
        "F---7", "F.--7", 1)))
    assert [(p.rule, p.cell) for p in problems] == [
        ("pipe-not-joined", (row, column)), ("pipe-not-joined", (row, column + 2))]
    assert f"row {row}, column {column + 1}" in problems[0].message
