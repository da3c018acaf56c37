"""The registry says what ``pencilsat generate`` makes (each entry's ``generate``): its maker
loads, the facts the command line reads without importing a generator agree with the
generators' own specs, and reading them imports no generator."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pencilsat.core.registry import GENRES, generated, load
from pencilsat.generators.clue_genres import CLUE_GENRES
from pencilsat.generators.order import Order
from pencilsat.generators.structure_genres import STRUCTURE_GENRES
from pencilsat.generators.study_measure import BANDS
from pencilsat.to_order import measure_for


@pytest.mark.parametrize("genre", generated())
def test_the_maker_an_entry_names_loads_and_holds_the_genre(genre):
    making = GENRES[genre].generate
    assert making is not None
    maker = load(making.maker)
    if making.kind == "own":  # the class the order's maker is
        assert isinstance(Order(genre, 9, 9, measure=measure_for(genre)).maker(), maker)
    else:
        assert making.kind in ("clue", "structure")
        assert maker[genre].genre == genre


def test_the_kinds_are_the_generators_tables():
    assert set(generated(kind="clue")) == set(CLUE_GENRES)
    assert set(generated(kind="structure")) == set(STRUCTURE_GENRES)
    assert set(generated()) == (set(generated(kind="own")) | set(CLUE_GENRES)
                                | set(STRUCTURE_GENRES))


def test_levels_are_a_grader_or_a_study_measure_s_bands():
    assert set(generated(levels=True)) == {
        g for g in generated() if GENRES[g].grader is not None or g in BANDS}


def test_symmetry_is_what_the_specs_do_not_refuse():
    """Clue genres: no reason to refuse it and a clue left to place (``all_given`` has none);
    structure genres: those whose spec has a symmetric search (the others say why not)."""
    clue = {g for g, spec in CLUE_GENRES.items()
            if spec.no_symmetry is None and not spec.all_given}
    assert set(generated(kind="clue", symmetry=True)) == clue
    structure = {g for g, spec in STRUCTURE_GENRES.items() if spec.symmetric is not None}
    assert set(generated(kind="structure", symmetry=True)) == structure == {"numberlink"}


@pytest.mark.parametrize("genre", generated())
def test_stars_and_variants_are_what_the_order_takes(genre):
    """The registry's ``stars`` and ``variants`` against the order's own making: a genre
    without them is refused by name, one with them gets a maker."""
    from pencilsat.core.errors import InputError
    from pencilsat.core.registry import making

    side = 10 if genre != "sudoku" else 9
    measure = measure_for(genre)
    for option, takes in (({"stars": 2}, making(genre).stars),
                          ({"variant": "full"}, "full" in making(genre).variants)):
        order = Order(genre, side, side, measure=measure, **option)
        if takes:
            assert order.maker() is not None
        else:
            with pytest.raises(InputError, match="is not an option of"):
                order.maker()
    assert generated(stars=True) == ("starbattle",)


PROBE = """
import json, sys
from pencilsat.core.registry import generated
from pencilsat.cli_generate import add_generate_parser
import argparse
add_generate_parser(argparse.ArgumentParser().add_subparsers())
print(json.dumps({"made": list(generated()),
                  "loaded": sorted(m for m in sys.modules
                                   if m.startswith(("pencilsat.generators.", "numpy")))}))
"""


def test_the_lists_and_the_parser_import_no_generator():
    """``generate --help``'s lists come from the registry alone (``pencilsat.generators.
    symmetry``, light, is the one generators module the parser reads: its symmetry names)."""
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=120, check=True)
    seen = json.loads(proc.stdout)
    assert seen["made"] == list(generated())
    assert seen["loaded"] == ["pencilsat.generators.symmetry"]
