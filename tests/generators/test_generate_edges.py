"""The edges of ``pencilsat generate`` and ``pencilsat.generate`` found by probing them
(docs/experiments/known-gaps-history.md, "Probing generate's edges"): each order here was
refused unclearly or not at all before, and is now refused by name, before any work."""

from __future__ import annotations

import pytest

import pencilsat
from pencilsat.cli import main
from pencilsat.core.errors import InputError
from pencilsat.core.registry import generated
from pencilsat.generators.order import Order
from pencilsat.to_order import measure_for


@pytest.mark.parametrize("width,height", [(1, 1), (2, 3), (1, 50), (0, 5), (-3, 5)])
def test_a_masyu_under_three_wide_is_refused_by_the_library(width, height):
    """It raised ValueError (``empty range for randrange()``, ``negative dimensions``): only
    the plain ``generate masyu`` checked the size, not the order's maker."""
    with pytest.raises(InputError, match="at least 3") as refused:
        pencilsat.generate("masyu", width, height, seed=1)
    assert refused.value.source == "generate"


@pytest.mark.parametrize("options", [["--json"], ["--level", "1"], ["--count", "2"]])
def test_a_masyu_under_three_wide_is_refused_by_the_command_line(options, capsys):
    assert main(["generate", "masyu", "1x1", "--seed", "1", *options]) == 4
    err = capsys.readouterr().err
    assert "cannot generate a 1x1 Masyu" in err and "randrange" not in err


@pytest.mark.parametrize("width,height,source", [(10**5000, 1, "width"), (-10**5000, 3, "width"),
                                                 (5, 10**20, "height")],
                         ids=["wide", "negative", "tall"])
def test_a_side_of_thousands_of_digits_is_refused_without_writing_it(width, height, source):
    """It raised ValueError (Python writes no int of 4,300 digits or more) in the error's own
    text."""
    with pytest.raises(InputError, match=f"the {source} is") as refused:
        pencilsat.generate("sudoku", width, height)
    assert refused.value.source == source


def test_a_size_past_the_cell_limit_names_the_genre_by_its_title():
    with pytest.raises(InputError, match="99x999 Jigsaw Sudoku"):
        pencilsat.generate("jigsawsudoku", 99, 999)


def test_a_count_past_a_million_is_refused_before_any_work(capsys):
    """A count of 10**24 listed its seeds before the first puzzle: nothing was made in a
    minute, and memory grew."""
    with pytest.raises(SystemExit):
        main(["generate", "sudoku", "4x4", "--seed", "1", "--count", str(10**24)])
    out, err = capsys.readouterr()
    assert out == "" and "at most 1,000,000 puzzles in one run" in err


def test_symmetry_is_made_for_the_genres_its_refusals_name():
    """The refusals named two or three genres of the nine made with a symmetry (Masyu's:
    'symmetry is made for Sudoku and Light Up')."""
    takes = set()
    for genre in generated():
        for width, height in ((10, 10), (9, 9)):
            try:
                Order(genre, width, height, symmetry="rot2", measure=measure_for(genre)).maker()
            except InputError as err:
                if "symmetry" not in str(err):
                    continue  # a size the genre is not made at
                if "no meaning" not in str(err):
                    assert ", ".join(generated(symmetry=True)) in str(err), genre
            else:
                takes.add(genre)
            break
    assert takes == set(generated(symmetry=True))


def test_a_score_on_a_genre_without_levels_is_not_called_a_level():
    with pytest.raises(InputError, match="leave --level and --score out") as refused:
        pencilsat.generate("kurodoko", 9, 9, score=(1.0, 2.0))
    assert refused.value.source == "generate"


def test_a_certificate_folder_that_cannot_be_made_is_refused_before_any_puzzle(tmp_path,
                                                                                capsys):
    """Each puzzle of a ``--count`` run was made, then its record was ``invalid``."""
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    assert main(["generate", "sudoku", "4x4", "--seed", "1", "--count", "3", "--certify",
                 str(a_file / "sub")]) == 4
    out, err = capsys.readouterr()
    assert out == "" and "--certify: cannot make the folder" in err
