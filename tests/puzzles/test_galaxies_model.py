"""Spiral Galaxies' model: the corpus reads and writes back, every stored answer passes the
checker, each rule's violation is named at its cell, the drawing reads back, errors are
positioned."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.core.errors import InputError
from pencilsat.puzzles import galaxies as G
from pencilsat.puzzles.regions import Regions

PAIRS = corpus_pairs("galaxies")


def lattice(*rows: str) -> G.GalaxiesPuzzle:
    return G.parse_puzzle(f"galaxies {len(rows[0]) // 2} {len(rows) // 2}\n"
                          + "\n".join(rows) + "\n")


def answer(*rows: str) -> G.GalaxiesSolution:
    return G.GalaxiesSolution(Regions.from_labels(np.array([[int(t) for t in row.split()]
                                                           for row in rows])))


THREE_BY_TWO = (".......",
                ".o..o..",  # the centre of cell (0, 0); the edge between (0, 1) and (0, 2)
                ".......",
                "..o..o.",  # the edge between (1, 0) and (1, 1); the centre of cell (1, 2)
                ".......")
"""A 3x2 grid whose one answer is ``1 2 2 / 3 3 4``."""


def test_every_corpus_puzzle_and_answer_reads_writes_back_and_checks():
    assert len(PAIRS) > 550
    for txt, sol in PAIRS:
        text = txt.read_text()
        puzzle = G.parse_puzzle(text, txt.stem)
        assert G.format_puzzle(puzzle) == text, txt
        solution = G.FORMAT.parse_solution(sol.read_text())
        assert G.FORMAT.format_solution(puzzle, solution) == sol.read_text(), sol
        assert G.check(puzzle, solution) == [], txt


def test_a_valid_answer_passes_and_a_wrong_one_does_not():
    puzzle = lattice(*THREE_BY_TWO)
    assert G.check(puzzle, answer("1 2 2", "3 3 4")) == []
    assert G.check(puzzle, answer("1 2 2", "3 3 3")) != []
    assert G.check(puzzle, answer("1 1 2", "3 3 4")) != []


def rules(puzzle: G.GalaxiesPuzzle, solution: G.GalaxiesSolution) -> list[tuple]:
    return [v[:2] for v in G.check(puzzle, solution)]


def test_each_rule_is_named_at_its_cell():
    assert ("centre-split", (1, 0)) in rules(lattice(*THREE_BY_TWO), answer("1 2 2", "3 4 4"))
    two = lattice(".......", ".o.o...", ".......", ".....o.", ".......")
    assert rules(two, answer("1 1 2", "3 3 3")) == [
        ("two-centres", (0, 0)), ("no-centre", (0, 2)), ("not-symmetric", (1, 0))]
    skew = lattice(".......", "...o...", ".......", ".....o.", ".......")
    assert rules(skew, answer("1 1 2", "1 3 2"))[0] == ("not-symmetric", (0, 0))
    assert [v.rule for v in G.check(skew, answer("1 1", "1 1"))] == ["wrong-size"]


def test_a_label_in_two_pieces_leaves_a_galaxy_without_centre():
    puzzle = lattice(".......", ".......", "...o...", ".......", ".......")
    assert G.check(puzzle, answer("1 1 1", "1 1 1")) == []
    assert rules(puzzle, answer("1 2 1", "1 2 1")) == [("no-centre", (0, 0)),
                                                       ("no-centre", (0, 2))]


def test_cut_out_cells_read_write_and_are_checked():
    puzzle = lattice(".......", ".o.#.o.", ".......")
    assert puzzle.holes.tolist() == [[False, True, False]]
    assert G.check(puzzle, G.FORMAT.parse_solution("galaxies-solution 3 1\n1 # 2\n")) == []
    assert rules(puzzle, answer("1 2 3")) == [("cut-out", (0, 1)), ("no-centre", (0, 1))]
    on_hole = lattice(".......", "...#.o.", ".......")
    assert "cut-out cell (1, 2)" in G.why_none(lattice(".......", "..o#...", "......."))
    assert rules(on_hole, G.FORMAT.parse_solution("galaxies-solution 3 1\n1 # 2\n"))[0] == \
        ("no-centre", (0, 0))
    with pytest.raises(InputError, match="off a cell's centre"):
        lattice(".......", "..#....", ".......")
    assert G.draw_text(puzzle).splitlines()[1] == "|o|#|o|"


def test_touching_and_mirror():
    assert G.touching((1, 1)) == [(0, 0)]
    assert G.touching((1, 2)) == [(0, 0), (0, 1)]
    assert G.touching((2, 2)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert G.mirror((1, 1), (0, 0)) == (0, 0)
    assert G.mirror((2, 2), (0, 0)) == (1, 1)
    assert G.mirror((1, 4), (0, 0)) == (0, 3)


def test_the_drawing_reads_back_and_shows_the_centres():
    for txt, sol in every_kth(PAIRS, 60):
        puzzle = G.parse_puzzle(txt.read_text())
        solution = G.FORMAT.parse_solution(sol.read_text())
        drawing = G.draw_text(puzzle, solution)
        assert G.parse_drawing(drawing.splitlines(), puzzle) == solution, txt
        assert sum(line.count("o") for line in drawing.splitlines()) == len(puzzle.points())
    bare = G.draw_text(lattice(*THREE_BY_TWO))
    assert bare.splitlines()[1] == "|o  o |"


def test_bad_input_is_positioned():
    with pytest.raises(InputError) as err:
        lattice(".......", "o......", ".......", ".......", ".......")
    assert err.value.line == 3 and err.value.column == 1 and "border" in str(err.value)
    with pytest.raises(InputError) as err:
        lattice(".......", ".x.....", ".......", ".......", ".......")
    assert err.value.line == 3 and err.value.column == 2
    with pytest.raises(InputError) as err:
        G.parse_puzzle("galaxies 3 2\n.......\n.......\n")
    assert "rows" in str(err.value)
    with pytest.raises(InputError) as err:
        G.parse_puzzle("galaxies 3 2\n.......\n......\n.......\n.......\n.......\n")
    assert err.value.line == 3


def test_why_none_names_two_centres_on_one_cell():
    puzzle = lattice(".......", ".oo....", ".......", ".......", ".......")
    assert "both touch the cell (1, 1)" in G.why_none(puzzle)
    assert G.why_none(lattice(*THREE_BY_TWO)) is None


def test_a_black_centre_is_a_centre_drawn_black_never_on_the_border():
    puzzle = G.parse_puzzle("galaxies 2 1\n.....\n.*.o.\n.....\n")
    assert puzzle.points() == [(1, 1), (1, 3)]
    assert puzzle.black_centres[1, 1] and not puzzle.black_centres[1, 3]
    with pytest.raises(InputError, match="outer border"):
        G.parse_puzzle("galaxies 2 1\n*....\n...o.\n.....\n")
    with pytest.raises(ValueError, match="black centre is a centre"):
        G.GalaxiesPuzzle(np.zeros((3, 5), dtype=bool), black=np.eye(3, 5, 1, dtype=bool))
