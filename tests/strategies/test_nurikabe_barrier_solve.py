"""The barrier rule in both Nurikabe strategies, from the start or after the first cut model,
against brute force on random small puzzles (made from every connected wall of a 4x4)."""

from __future__ import annotations

import random

import pytest
from desk.brute_force import nurikabe_solutions, nurikabe_walls

from pencilsat.encodings.nurikabe import NurikabeSettings
from pencilsat.puzzles import nurikabe as N
from pencilsat.strategies import nurikabe as S


def _puzzles(count: int, seed: int = 7) -> list[N.NurikabePuzzle]:
    """Random 4x4 puzzles: a number (sometimes ``?``) in each island of a random answer,
    and sometimes one number one too many (often no solution then)."""
    rng = random.Random(seed)
    out = []
    walls = [(shaded, islands) for shaded, islands in nurikabe_walls(4, 4) if islands]
    for _ in range(count):
        _, islands = rng.choice(walls)
        rows = [["."] * 4 for _ in range(4)]
        for island in islands:
            r, c = rng.choice(island)
            rows[r][c] = "?" if rng.random() < 0.1 else str(len(island))
        if rng.random() < 0.2:
            r, c = rng.choice(rng.choice(islands))
            rows[r][c] = str(len(rng.choice(islands)) + 1)
        out.append(N.parse_puzzle("nurikabe 4 4\n" + "\n".join(" ".join(r) for r in rows)))
    return out


@pytest.mark.parametrize("run", [S.run_cnf, S.run_cpsat])
def test_the_barrier_rule_agrees_with_brute_force(run, monkeypatch):
    built = []
    barrier = S.barrier
    monkeypatch.setattr(S, "barrier", lambda *args: built.append(1) or barrier(*args))
    for puzzle in _puzzles(30):
        answers = nurikabe_solutions(puzzle)
        for after, settings in ((0, None), (1, NurikabeSettings(wall_pointers=False))):
            result = run(puzzle, barrier_after=after, settings=settings)
            expected = "none" if not answers else "unique" if len(answers) == 1 else "multiple"
            assert result.verdict.value == expected, (puzzle, after)
            if expected == "unique":
                assert result.solution == answers[0]
    assert len(built) > 30  # from the start on each, after a cut model on some
