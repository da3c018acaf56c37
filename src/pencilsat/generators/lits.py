"""LITS for ``pencilsat generate``: the answer first, then regions searched around it by
an incremental SAT solver, each second answer ruled out for good (a counter-example guided search).

1. **An answer**: a chain of tetrominoes (:func:`~pencilsat.generators.lits_answer.draw_chain`).
2. **Regions** (:mod:`~pencilsat.generators.lits_regions`): every cell in the region of one
   tetromino, each region connected, so the answer fits every partition the model has. The
   first partition is grown at random around the tetrominoes and given as a hint; each later
   one is hinted with the last (few borders move).
3. **Proved** by the genre's default strategy. A second answer is ruled out by clauses on
   the borders (one per way its shading splits into tetrominoes), and the model is solved
   again, until the answer is the only one.
4. **Repaired** when no partition is left (the answer cannot be pinned: a pocket of
   unshaded cells gives some region a second tetromino whatever the borders): the
   tetrominoes under or beside the cells where the last second answer differs are taken
   out, the largest connected group of the rest is kept and the chain grown again from it;
   the second answers found so far stay ruled out (but the new answer). At most
   ``REPAIRS`` repairs and ``ROUNDS`` proofs, then the candidate is given up.
"""

from __future__ import annotations

import random

import numpy as np

from pencilsat.core.values import grid_neighbours
from pencilsat.generators.lits_answer import Piece, draw_chain, largest_group
from pencilsat.generators.lits_regions import PartitionModel, labels_of
from pencilsat.generators.size_limits import sides_within
from pencilsat.generators.structure_maker import Made, prove
from pencilsat.puzzles.lits import LitsPuzzle, LitsSolution
from pencilsat.puzzles.random_regions import regions_around
from pencilsat.puzzles.regions import Regions

SIDES = range(6, 11)
ROUNDS = 200
"""Uniqueness proofs per candidate before it is given up."""
REPAIRS = 10
"""Answers repaired per candidate (step 4) before it is given up."""
NO_SYMMETRY = "the regions are searched around a random answer"


refuse_size = sides_within(SIDES)
"""Why a size is not made (``None``: it is)."""


def search(rng: random.Random, width: int, height: int) -> Made | None:
    """One candidate (module docstring); ``None``: given up."""
    pieces = draw_chain(rng, width, height)
    ruled_out: list[np.ndarray] = []
    model = _model(rng, pieces, width, height, ruled_out)
    last: LitsSolution | None = None
    repairs = 0
    for _ in range(ROUNDS):
        labels = None if model is None else model.solve()
        if model is None or labels is None:
            if last is None or repairs == REPAIRS:
                return None
            repairs += 1
            pieces = _repaired(rng, pieces, last, width, height)
            ours = labels_of(pieces, width, height) >= 0
            ruled_out = [shaded for shaded in ruled_out if not np.array_equal(shaded, ours)]
            model, last = _model(rng, pieces, width, height, ruled_out), None
            continue
        puzzle = LitsPuzzle(Regions.from_labels(labels).ids)
        unique, answer, other = prove(puzzle)
        if unique:
            return Made(puzzle, answer, [cells[0] for cells in puzzle.regions.cells()])
        ours = labels_of(pieces, width, height) >= 0
        last = other if np.array_equal(answer.shaded, ours) else answer
        ruled_out.append(np.asarray(last.shaded))
        model.rule_out(ruled_out[-1])
        model.hint(labels)
    return None


def _model(rng: random.Random, pieces: list[Piece], width: int, height: int,
           ruled_out: list[np.ndarray]) -> PartitionModel | None:
    """The partition model around ``pieces``, hinted with regions grown at random, with the
    shadings of ``ruled_out`` ruled out; ``None`` when the regions do not grow."""
    start = regions_around(rng, labels_of(pieces, width, height))
    if start is None:
        return None
    model = PartitionModel(pieces, width, height)
    for shaded in ruled_out:
        model.rule_out(shaded)
    model.hint(np.array(start.ids))
    return model


def _repaired(rng: random.Random, pieces: list[Piece], other: LitsSolution, width: int,
              height: int) -> list[Piece]:
    """Step 4 of the module docstring."""
    ours = labels_of(pieces, width, height)
    touched = set()
    for r, c in np.argwhere((ours >= 0) != np.asarray(other.shaded)).tolist():
        for cell in [(r, c), *grid_neighbours((r, c), height, width)]:
            if ours[cell] >= 0:
                touched.add(int(ours[cell]))
    kept = [piece for k, piece in enumerate(pieces) if k not in touched]
    return draw_chain(rng, width, height, largest_group(kept, height, width))
