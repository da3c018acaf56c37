"""SVG drawings: well-formed XML, every genre's marks, and the differences of two solutions."""

from __future__ import annotations

import importlib.util
import itertools
import xml.etree.ElementTree as ET

import pytest
from _formats_corpus import CORPUS, sudoku_from_digits

from pencilsat.core.errors import InputError
from pencilsat.formats.svg import CELL, draw_svg, save_drawing
from pencilsat.puzzles import lightup, masyu, sudoku

# A project-made 4x4 Masyu with exactly two solutions (checked by hand and by enumeration below).
TWO_WAY = "masyu 4 4\nB.W.\nW...\n...B\n....\n"
TWO_WAY_FIRST = "masyu-solution 4 4\nF--7\n|..|\n|F-J\nLJ..\n"
TWO_WAY_SECOND = "masyu-solution 4 4\nF--7\n|..|\nL--J\n....\n"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def all_loops(width: int, height: int) -> list[masyu.MasyuSolution]:
    """Every simple cycle of the grid graph (fine for 4x4: 213 cycles)."""
    cycles = set()

    def extend(path: list[tuple[int, int]]) -> None:
        r, c = path[-1]
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if not (0 <= n[0] < height and 0 <= n[1] < width):
                continue
            if n == path[0] and len(path) >= 4:
                ring = zip(path, path[1:] + path[:1], strict=True)
                cycles.add(frozenset(masyu.edge(a, b) for a, b in ring))
            elif n > path[0] and n not in path:
                extend(path + [n])

    for start in itertools.product(range(height), range(width)):
        extend([start])
    return [masyu.MasyuSolution(c, width, height) for c in cycles]


def test_hand_made_example_has_exactly_the_two_drawn_solutions():
    puzzle = masyu.parse_puzzle(TWO_WAY)
    valid = [s for s in all_loops(4, 4) if not masyu.check(puzzle, s)]
    expected = {masyu.parse_solution(TWO_WAY_FIRST), masyu.parse_solution(TWO_WAY_SECOND)}
    assert set(valid) == expected


def test_two_solutions_are_drawn_side_by_side_with_differences_marked_in_both():
    puzzle = masyu.parse_puzzle(TWO_WAY)
    first, second = masyu.parse_solution(TWO_WAY_FIRST), masyu.parse_solution(TWO_WAY_SECOND)
    diffs = first.differing_cells(second)
    assert diffs == [(2, 0), (2, 1), (3, 0), (3, 1)]
    root = parse(draw_svg(puzzle, first, second))
    panels = by_class(root, "panel")
    assert len(panels) == 2
    for panel in panels:
        marks = by_class(panel, "difference")
        cells = sorted((int(m.get("data-row")), int(m.get("data-col"))) for m in marks)
        assert cells == diffs
        for mark in marks:
            assert float(mark.get("x")) == int(mark.get("data-col")) * CELL
            assert float(mark.get("y")) == int(mark.get("data-row")) * CELL
        assert len(by_class(panel, "loop")) == 1
        assert len(by_class(panel, "pearl")) == 4
    assert "differ in 4 cells" in by_class(root, "title")[0].text


def test_masyu_loop_has_one_segment_per_edge():
    puzzle = masyu.parse_puzzle((CORPUS / "masyu/seed_10x10.txt").read_text())
    solution = masyu.parse_solution((CORPUS / "masyu/seed_10x10.sol").read_text())
    root = parse(draw_svg(puzzle, solution))
    assert by_class(root, "loop")[0].get("d").count("M") == len(solution.edges)
    assert len(by_class(root, "black")) == int((puzzle.pearls == masyu.BLACK).sum())
    assert not by_class(root, "difference")


def test_light_up_draws_walls_numbers_bulbs_and_lit_cells():
    folder = CORPUS / "lightup" / "pzprjs"
    puzzle = lightup.parse_puzzle((folder / "lightup_example.txt").read_text())
    solution = lightup.parse_solution((folder / "lightup_example.sol").read_text())
    root = parse(draw_svg(puzzle, solution))
    assert len(by_class(root, "wall")) == int((puzzle.cells != lightup.WHITE).sum())
    assert sorted(e.text for e in by_class(root, "clue")) == ["0", "1", "2", "4"]
    assert len(by_class(root, "bulb")) == len(solution.bulbs)
    assert len(by_class(root, "lit")) == len(puzzle.white_cells())  # a solution lights all
    assert not by_class(parse(draw_svg(puzzle)), "bulb")


def test_sudoku_draws_clues_and_filled_digits_and_marks_differences():
    line = (CORPUS / "sudoku/tatham/basic.txt").read_text().splitlines()[0]
    digits = (CORPUS / "sudoku/tatham/basic.sol").read_text().splitlines()[0]
    puzzle, solution = sudoku.parse_line(line), sudoku_from_digits(digits)
    root = parse(draw_svg(puzzle, solution))
    clues = int((puzzle.clues > 0).sum())
    assert len(by_class(root, "clue")) == clues
    assert len(by_class(root, "filled")) == 81 - clues
    row = next(r for r in range(9) if (puzzle.clues[r] == 0).sum() >= 2)
    a, b = [(row, c) for c in range(9) if not puzzle.clues[row, c]][:2]  # distinct digits
    swapped = solution.grid.copy()
    swapped[a], swapped[b] = solution.grid[b], solution.grid[a]
    other = sudoku.SudokuSolution(swapped)
    marks = by_class(parse(draw_svg(puzzle, solution, other)), "difference")
    assert len(marks) == 4  # two cells in each of the two panels
    assert {(int(m.get("data-row")), int(m.get("data-col"))) for m in marks} == {a, b}


def test_puzzle_only_drawing_of_every_genre_is_valid_xml():
    for text in (TWO_WAY, (CORPUS / "lightup/pzprjs/lightup_example.txt").read_text()):
        reader = masyu.parse_puzzle if text.startswith("masyu") else lightup.parse_puzzle
        puzzle = reader(text)
        parse(draw_svg(puzzle))
    parse(draw_svg(sudoku.parse_line("." * 256)))


def test_save_drawing_writes_svg_and_explains_png(tmp_path):
    svg = draw_svg(masyu.parse_puzzle(TWO_WAY))
    assert save_drawing(svg, tmp_path / "a.svg").read_text() == svg
    if importlib.util.find_spec("cairosvg") is None:
        with pytest.raises(InputError, match="cairosvg"):
            save_drawing(svg, tmp_path / "a.png")
    else:
        assert save_drawing(svg, tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    with pytest.raises(InputError, match="unknown drawing format"):
        save_drawing(svg, tmp_path / "a.gif")
