"""Jigsaw Sudoku as SAT: Sudoku's direct encoding (:mod:`pencilsat.encodings.latin`) with
the puzzle's irregular boxes as houses.

``complete_cnf``: the extended clause set (at least and at most one digit per cell, each
digit at least and at most once per row, column and box) after the givens' first round of
unit propagation; its models are exactly the answers. Both strategies load it (PySAT for
``direct``, CP-SAT for ``cpsat``); ``pencilsat study`` and certificates use it too.
"""

from __future__ import annotations

from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import clause_encoding, narrowed_candidates
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution


def complete_cnf(puzzle: JigsawSudokuPuzzle, narrowed: bool = False,
                 deadline: float | None = None,
                 can: list[list[bool]] | None = None) -> ClauseEncoding:
    """The extended clause set after the givens; ``narrowed``: over the candidates
    :func:`~pencilsat.encodings.latin.narrowed_candidates` leaves (the strategies' choice:
    singles settle most janko grids before the solver starts; ``pencilsat study`` keeps
    the set after the givens alone, which leaves that reasoning to the solver it
    measures); ``can``: those candidates when the caller has them."""
    houses = puzzle.houses()
    if can is None and narrowed:
        can = narrowed_candidates(puzzle.givens, houses, (), deadline)
    return clause_encoding("direct", puzzle.givens, houses, JigsawSudokuSolution, can=can)
