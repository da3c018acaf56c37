"""The grid vocabulary of the model layer: regions, the shaded-cell answer format, the
shading rule-checker pieces and header numbers."""

from __future__ import annotations

import numpy as np
import pytest

from pencilsat.core.errors import InputError
from pencilsat.puzzles.regions import (
    NO_REGION,
    Regions,
    canonical_regions,
    read_region_rows,
    region_rows,
)
from pencilsat.puzzles.shading import (
    ShadedFormat,
    ShadedSolution,
    full_blocks,
    not_connected,
    size_mismatch,
    touching,
)
from pencilsat.puzzles.textgrid import content_lines, read_header


def rows(*lines: str) -> list[tuple[int, str]]:
    return content_lines("\n".join(lines))


def test_regions_are_numbered_by_first_cell_whatever_the_labels():
    regions = Regions.from_labels(np.array([[7, 7, 3], [5, 3, 3]]))
    assert regions.ids.tolist() == [[0, 0, 1], [2, 1, 1]]
    assert regions.count == 3
    assert regions.cells() == [[(0, 0), (0, 1)], [(0, 2), (1, 1), (1, 2)], [(1, 0)]]
    assert regions.cells_of(1) == [(0, 2), (1, 1), (1, 2)]
    assert regions.region_of((1, 0)) == 2
    assert regions.sizes().tolist() == [2, 3, 1]


def test_a_label_in_two_pieces_is_two_regions_and_outside_cells_stay_outside():
    labels = np.array([[1, 2, 1], [NO_REGION, 2, NO_REGION]])
    assert canonical_regions(labels).tolist() == [[0, 1, 2], [NO_REGION, 1, NO_REGION]]


def test_regions_refuse_a_numbering_not_by_first_cell():
    with pytest.raises(ValueError, match="numbered"):
        Regions(np.array([[1, 0]]))


def test_borders_are_the_pairs_of_cells_in_different_regions():
    regions = Regions.from_labels(np.array([[1, 1], [2, 1]]))
    assert regions.borders() == [((1, 0), (1, 1)), ((0, 0), (1, 0))]
    right, below = regions.border_masks()
    assert right.tolist() == [[False], [True]]
    assert below.tolist() == [[True, False]]


def test_region_rows_read_back_what_they_write():
    regions = read_region_rows(rows("4 4 2", "# 1 2"), 3, outside="#")
    assert regions.ids.tolist() == [[0, 0, 1], [NO_REGION, 2, 1]]
    assert region_rows(regions) == ["1 1 2", "# 3 2"]
    assert read_region_rows(rows(*region_rows(regions)), 3, outside="#") == regions


def test_a_region_number_in_two_pieces_is_named_where_the_second_starts():
    with pytest.raises(InputError) as error:
        read_region_rows(rows("1 2 1"), 3, noun="room")
    assert "room 1 is in two separate pieces" in str(error.value)
    assert error.value.column == 5


def test_a_bad_region_token_is_named_with_its_column():
    with pytest.raises(InputError) as error:
        read_region_rows(rows("1 x"), 2)
    assert "unknown region number 'x'" in str(error.value)
    assert error.value.column == 3


def test_header_numbers_are_read_in_order_or_by_name():
    extras = {"stars": "stars per row, column and region"}
    assert read_header("starbattle 5 5 1\n", "starbattle", extras).extras == {"stars": 1}
    assert read_header("starbattle 5 5 stars=2\n", "starbattle", extras).extras == {"stars": 2}
    assert read_header("nurikabe 2 3\n", "nurikabe").width == 2


@pytest.mark.parametrize(("header", "message"), [("starbattle 5 5", "lacks stars"),
                                                 ("starbattle 5 5 moons=1", "unknown"),
                                                 ("starbattle 5 5 x", "whole number"),
                                                 ("starbattle 5 5 1 2", "expected the header")])
def test_a_wrong_header_number_is_a_clear_error(header, message):
    with pytest.raises(InputError, match=message):
        read_header(header + "\n", "starbattle", {"stars": "stars per row"})


class Shaded(ShadedSolution):
    genre = "test"


def test_the_shaded_format_reads_back_what_it_writes():
    fmt = ShadedFormat("test-solution", Shaded)
    text = "test-solution 3 2\n#..\n.#.\n"
    solution = fmt.parse_solution(text)
    assert isinstance(solution, Shaded)
    assert solution.shaded.tolist() == [[True, False, False], [False, True, False]]
    assert fmt.format_solution(None, solution) == text
    assert fmt.from_rows(fmt.solution_rows(None, solution)) == solution
    with pytest.raises(InputError, match="unknown character"):
        fmt.parse_solution("test-solution 1 1\nx\n")


def test_touching_names_each_pair_at_its_first_cell():
    mask = np.array([[1, 1, 0], [0, 0, 1]], dtype=bool)
    assert [v.cell for v in touching(mask, "adjacent", "cell")] == [(0, 0)]
    diagonal = touching(mask, "adjacent", "star", diagonal=True)
    assert [v.cell for v in diagonal] == [(0, 0), (0, 1)]
    assert "touch at a corner" in diagonal[1].message


def test_full_blocks_and_not_connected_name_cells():
    mask = np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool)
    assert [v.cell for v in full_blocks(mask, "shaded-2x2", "shaded")] == [(0, 0)]
    cut = not_connected(mask, "not-connected", "shaded")
    assert [(v.rule, v.cell) for v in cut] == [("not-connected", (2, 2))]
    assert "these 1 shaded cells are cut off from the other 4" in cut[0].message
    assert not_connected(~np.zeros((2, 2), dtype=bool), "x", "y") == []


def test_size_mismatch_is_one_global_violation():
    solution = Shaded(np.zeros((2, 3), dtype=bool))
    assert size_mismatch((2, 3), solution) == []
    assert [v.rule for v in size_mismatch((3, 3), solution)] == ["size"]
