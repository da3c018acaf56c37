"""The LITS generator's parts: a drawn chain follows the rules but the regions, its own
tiling is among the tilings of its shading, and a partition found after a second answer is
ruled out breaks that answer (by the rule checker) while keeping ours."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pencilsat.core.result import Verdict
from pencilsat.generators.lits_answer import draw_chain, tilings
from pencilsat.generators.lits_regions import PartitionModel, labels_of
from pencilsat.puzzles.lits import LitsPuzzle, check, named_shading
from pencilsat.puzzles.regions import Regions
from pencilsat.puzzles.shading import full_blocks, not_connected
from pencilsat.strategies.front import solve


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_a_chain_is_connected_without_a_full_block_and_among_its_tilings(seed):
    pieces = draw_chain(random.Random(seed), 7, 6)
    shaded = labels_of(pieces, 7, 6) >= 0
    assert shaded.sum() == 4 * len(pieces) > 8
    assert not full_blocks(shaded, "x", "shaded") and not not_connected(shaded, "x", "shaded")
    assert sorted(pieces) in [sorted(tiling) for tiling in tilings(shaded)]


@pytest.mark.parametrize("seed", (1, 2))
def test_a_ruled_out_answer_breaks_every_partition_left(seed):
    rng = random.Random(seed)
    pieces = draw_chain(rng, 6, 6)
    ours = labels_of(pieces, 6, 6) >= 0
    model = PartitionModel(pieces, 6, 6)
    first = model.solve()
    assert first is not None
    puzzle = LitsPuzzle(Regions.from_labels(first).ids)
    assert check(puzzle, named_shading(puzzle, ours)) == []
    result = solve(puzzle)  # the first partition, no answer ruled out: another answer fits
    assert result.verdict == Verdict.MULTIPLE
    theirs = next(np.asarray(answer.shaded)
                  for answer in (result.solution, result.second_solution)
                  if not np.array_equal(answer.shaded, ours))
    model.rule_out(theirs)
    second = model.solve()
    assert second is not None
    again = LitsPuzzle(Regions.from_labels(second).ids)
    assert check(again, named_shading(again, ours)) == []
    assert check(again, named_shading(again, theirs)) != []


@pytest.mark.parametrize("seed", (3, 4))
def test_a_partition_holds_each_tetromino_in_a_connected_region_of_its_own(seed):
    pieces = draw_chain(random.Random(seed), 8, 7)
    labels = PartitionModel(pieces, 8, 7).solve()
    assert labels is not None and labels.min() == 0
    regions = Regions.from_labels(labels)
    assert len(regions.cells()) == len(pieces)  # a label not connected would be two regions
    for k, (_, cells) in enumerate(pieces):
        assert all(labels[cell] == k for cell in cells)
