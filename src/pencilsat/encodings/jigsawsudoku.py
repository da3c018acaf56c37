"""Jigsaw Sudoku as SAT: Sudoku's direct encoding (:mod:`pencilsat.encodings.latin`) with
the puzzle's irregular boxes as houses.

``complete_cnf``: the extended clause set (at least and at most one digit per cell, each
digit at least and at most once per row, column and box) after the givens' first round of
unit propagation; its models are exactly the answers. Both strategies load it (PySAT for
``direct``, CP-SAT for ``cpsat``); ``pencilsat study`` and certificates use it too.
"""

from __future__ import annotations

from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.latin import clause_encoding
from pencilsat.puzzles.jigsawsudoku import JigsawSudokuPuzzle, JigsawSudokuSolution


def complete_cnf(puzzle: JigsawSudokuPuzzle) -> ClauseEncoding:
    """The extended clause set after the givens."""
    return clause_encoding("direct", puzzle.givens, puzzle.houses(), JigsawSudokuSolution)
