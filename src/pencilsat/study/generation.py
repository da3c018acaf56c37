"""The study measures ``pencilsat generate`` steers by, for genres without a human-technique
grader (``generators.study_measure`` holds the bands; the measures live here, in the study's
layer, and the command line hands them to the generators).

``gup.up_open``: the share of answer atoms that r_0 (unit propagation on the genre's local
rules, plus the single-loop rule in loop genres; :mod:`.propagation`) leaves open from the
clues, ``1 - gup.up_share`` of ``pencilsat study``. On Tatham's 10x10 Loopy puzzles
``gup.up_share`` ranks his four levels at Spearman -0.65 (docs/study/slitherlink-tatham),
below the longest forcing chain ``gup.depth.max`` (0.83), but it costs one propagation
(tens of milliseconds at 10x10) where the forcing chains cost 1-15 s, and the generator
grades each puzzle it keeps 5-10 times. Unit propagation on fewer clauses fixes fewer
atoms, so the measure never falls as clues go: the loop's bisection along a chain is exact.
"""

from __future__ import annotations

from typing import Any

from pencilsat.core.registry import genre_of, load
from pencilsat.study.propagation import Propagation


def up_open(puzzle: Any) -> float:
    """``gup.up_open`` of ``puzzle`` (module docstring): 0 when unit propagation and the
    loop rule alone solve it, 1 when they fix nothing. ``ValueError`` when they refute the
    clues."""
    genre = genre_of(puzzle)
    if genre.rule_cnf is None:
        raise ValueError(f"{genre.title} has no clause list for unit propagation")
    encoding = load(genre.rule_cnf)(puzzle)
    with Propagation(encoding) as prop:
        state = prop.fixed(list(prop.units))
        if state is None:
            raise ValueError("unit propagation refutes the clues")
        total = len(prop.atoms)
        done = sum(1 for atom in prop.atoms if atom in state or -atom in state)
    return 1.0 - done / total if total else 0.0
