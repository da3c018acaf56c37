"""The genres merged after the study was written: Slitherlink propagates on its local rules
with the single-loop rule as the propagator's (the ``gup`` family; no complete clause list
yet, so no ``cdcl`` family, and a note says so); Nurikabe has neither clause list, and its
record names the genre for each family it lacks instead of failing."""

from __future__ import annotations

from conftest import CORPUS

from pencilsat.api import read_puzzle, solve
from pencilsat.core.registry import genre_of, load
from pencilsat.study.measures import MeasureSettings, measure

SLITHERLINK = CORPUS / "slitherlink" / "tatham" / "10x10-tricky" / "s001.txt"
NURIKABE = CORPUS / "nurikabe" / "janko" / "01_10x10.txt"
QUICK = MeasureSettings(shuffles=1, cpsat=False)


def test_the_slitherlink_answer_satisfies_every_local_rule_clause():
    puzzle = read_puzzle(str(SLITHERLINK))
    rules = load(genre_of(puzzle).rule_cnf)(puzzle)
    assert rules.loop is not None
    answer = solve(puzzle).solution
    true = {rules.loop.between(a, b) for a, b in answer.edges}
    assert len(true) == len(answer.edges) and None not in true
    for clause in rules.clauses:
        assert any((lit > 0) == (abs(lit) in true) for lit in clause), clause
    assert rules.decode(true) == answer


def test_slitherlink_gets_the_hierarchy_and_a_note_for_the_missing_cdcl_family():
    found = measure(read_puzzle(str(SLITHERLINK)), QUICK)
    assert found.reason is None and found.genre == "slitherlink"
    names = found.measures
    level = int(names["gup.level"])
    assert level <= QUICK.max_level
    if level:
        assert names[f"gup.share.level{level}"] == 1.0
    assert names["gup.up_share"] < 1.0 or level == 0
    assert not any(name.startswith("cdcl.") for name in names)
    assert any("Slitherlink has no complete clause list" in note for note in found.notes)


def test_a_nurikabe_record_names_the_genre_for_each_family_it_lacks():
    found = measure(read_puzzle(str(NURIKABE)), QUICK)
    assert found.reason is None and found.genre == "nurikabe"
    assert found.measures["size.cells"] == 100.0
    assert not any(name.startswith(("cdcl.", "gup.")) for name in found.measures)
    assert sum("Nurikabe has no" in note for note in found.notes) == 2
