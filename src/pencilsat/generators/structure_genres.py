"""The genres :class:`~pencilsat.generators.structure_maker.StructureMaker` makes, whose
clues are their structure: one spec line each."""

from __future__ import annotations

from pencilsat.generators import galaxies, lits, norinori, numberlink, starbattle
from pencilsat.generators.structure_maker import StructureGenre

STRUCTURE_GENRES: dict[str, StructureGenre] = {spec.genre: spec for spec in (
    StructureGenre("starbattle", starbattle.search, starbattle.refuse_size,
                   starbattle.NO_SYMMETRY),
    StructureGenre("norinori", norinori.search, norinori.refuse_size, norinori.NO_SYMMETRY),
    StructureGenre("lits", lits.search, lits.refuse_size, lits.NO_SYMMETRY),
    StructureGenre("galaxies", galaxies.search, galaxies.refuse_size, galaxies.NO_SYMMETRY,
                   counted="galaxies"),
    StructureGenre("numberlink", numberlink.search, numberlink.refuse_size,
                   numberlink.NO_SYMMETRY, counted="pairs",
                   symmetric=numberlink.search_symmetric),
)}
"""By registry name, which names this table in each genre's ``Genre.generate``."""
