"""Slitherlink made to order on a study measure, and ``generate --certify``: the puzzles are
unique (proven again by CP-SAT's circuit, which the generator's trials do not use), their
measure is in the band asked for, the same seed gives the same puzzle, and a certified
puzzle's certificate checks from its files."""

from __future__ import annotations

import json

import pytest

from pencilsat.certify.store import check_folder
from pencilsat.cli import main
from pencilsat.core.registry import rules_of
from pencilsat.core.result import Verdict
from pencilsat.generators.loop import Target
from pencilsat.generators.order import Order
from pencilsat.generators.slitherlink import SlitherlinkMaker
from pencilsat.generators.study_measure import BANDS, StudyMeasure
from pencilsat.puzzles.slitherlink import NO_CLUE
from pencilsat.strategies.front import solve
from pencilsat.study.generation import up_open


def _order(level: int | None = None, score: tuple[float, float] | None = None,
           size: int = 7) -> Order:
    return Order("slitherlink", size, size, Target(level=level, score=score), measure=up_open)


@pytest.mark.parametrize("level,seed", [(1, 1), (2, 2), (3, 3)])
def test_a_slitherlink_at_a_level_is_unique_and_in_its_band(level, seed):
    made = _order(level).make(seed)
    proof = solve(made.puzzle, encoding="circuit", backend="cpsat")
    assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution
    assert rules_of(made.puzzle).check(made.puzzle, made.solution) == []
    low, high = BANDS["slitherlink"][level - 1]
    measured = up_open(made.puzzle)
    assert low <= measured <= high
    assert made.grading.score == pytest.approx(measured) and made.grading.level == level
    assert made.clues == int((made.puzzle.clues != NO_CLUE).sum())


def test_a_slitherlink_score_band_is_hit():
    made = _order(score=(0.3, 0.9)).make(4)
    assert 0.3 <= up_open(made.puzzle) <= 0.9


def test_the_same_seed_gives_the_same_slitherlink():
    order = _order(2, size=6)
    first, again, other = order.make(5), order.make(5), order.make(6)
    assert first.puzzle == again.puzzle and first.solution == again.solution
    assert first.puzzle != other.puzzle


def test_a_symmetric_slitherlink_has_a_symmetric_clue_layout():
    made = Order("slitherlink", 6, 6, Target(level=3), "rot2", measure=up_open).make(2)
    given = made.puzzle.clues != NO_CLUE
    assert (given == given[::-1, ::-1]).all()
    assert solve(made.puzzle).verdict == Verdict.UNIQUE


def test_the_measure_falls_as_clues_come_back():
    """Unit propagation on more clues fixes more lines, which the loop's bisection relies
    on: the full clue set of a generated answer measures no more than the puzzle."""
    made = _order(3, size=6).make(1)
    maker = SlitherlinkMaker(6, 6, StudyMeasure("slitherlink", up_open))
    assert up_open(maker.full(made.solution)) <= up_open(made.puzzle)


def test_generate_certify_writes_a_certificate_that_checks(tmp_path, capsys):
    status = main(["generate", "slitherlink", "6x6", "--level", "2", "--seed", "3",
                   "--json", "--certify", str(tmp_path)])
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    assert out["certified"] is True and out["level"] == 2
    folder = out["certificate"]
    assert folder.startswith(str(tmp_path))
    cert = check_folder(folder)
    assert cert.certified and cert.verdict == "unique"
    assert (tmp_path / folder.rsplit("/", 1)[1] / "puzzle.txt").read_text() == out["puzzle"]


def test_generate_certify_certifies_a_graded_genre(tmp_path):
    made = Order("sudoku", 9, 9, Target(level=1), certify=str(tmp_path)).make(2)
    assert made.certified is True and made.certificate is not None
    assert check_folder(made.certificate).certified


def test_generate_slitherlink_text_names_the_measure(capsys):
    assert main(["generate", "slitherlink", "5x5", "--level", "3", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "gup.up_open" in captured.err and "level 3" in captured.err
    assert captured.out.startswith("slitherlink 5 5")


def test_a_level_off_the_bands_is_refused(capsys):
    assert main(["generate", "slitherlink", "7x7", "--level", "4", "--seed", "1"]) == 4
    assert "--level 4" in capsys.readouterr().err


def test_count_certifies_each_puzzle_into_its_own_folder(tmp_path, capsys):
    assert main(["generate", "slitherlink", "6x6", "--level", "3", "--seed", "20", "--count",
                 "2", "--workers", "2", "--certify", str(tmp_path)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    folders = [r["generated"]["certificate"] for r in records]
    assert [r["generated"]["seed"] for r in records] == [20, 21]
    assert len(set(folders)) == 2
    assert all(r["generated"]["certified"] and check_folder(f).certified
               for r, f in zip(records, folders, strict=True))


def test_a_slitherlink_order_needs_its_measure():
    with pytest.raises(ValueError, match="study measure"):
        Order("slitherlink", 6, 6, Target(level=2)).maker()
