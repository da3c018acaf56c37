"""The shared SVG pieces of the grid vocabulary: shaded cells and the region outline."""

from __future__ import annotations

import numpy as np

from pencilsat.formats.svg.parts import CELL, region_outline, shaded_cells
from pencilsat.puzzles.regions import Regions


def test_the_region_outline_has_one_thick_line_per_cell_side_between_regions():
    regions = Regions.from_labels(np.array([[1, 1, 2], [3, 1, 2]]))
    lines = region_outline(regions)
    assert lines[0].startswith('<g class="rooms"') and lines[-1] == "</g>"
    assert len(lines) - 2 == len(regions.borders())
    assert f'<line x1="{2 * CELL}" y1="0" x2="{2 * CELL}" y2="{CELL}"/>' in lines


def test_shaded_cells_are_one_square_each():
    shaded = np.array([[True, False], [False, True]])
    squares = shaded_cells(shaded)
    assert len(squares) == 2
    assert f'x="{CELL}" y="{CELL}"' in squares[1]
