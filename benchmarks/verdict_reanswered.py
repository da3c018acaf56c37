"""Reanswered mutants for the verdict audit: a corpus puzzle with clues another answer shows.

A changed sum or count mostly gives ``none``, which the audit cannot check on a big grid
(no brute force reaches it). A reanswered mutant has a known answer by construction: take
one to three neighbouring clues away (the puzzle only widens, so its answer A still solves
it), find a second answer A' of the wider puzzle, and put back at each removed clue's place
the clue A' shows there. A' solves the result, and A does not (the corpus puzzle is unique),
so the result's verdict must be ``unique`` with A' or ``multiple``, never ``none``: a wrong
``none`` or a wrong unique answer on a changed clue is then seen whatever the grid's size.

A' is one of up to four answers listed, the one differing from A nearest the removed clues
first (as a changed sum differs in its own run), the next when it shows no clue of the
removed one's kind at a place (a Masyu cell the loop passes plainly). The genre's checker
must accept A' on the wider puzzle (else the solver is wrong) and on the mutant (else this
construction is); a refusal is the mutant's ``problem``, a discrepancy of the audit.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from typing import Any

from verdict_mutants import Mutant, attempt

from pencilsat.core.registry import genre_of
from pencilsat.core.result import Verdict
from pencilsat.core.rules import Clue, ClueRules
from pencilsat.strategies.front import solve
from pencilsat.strategies.solution_space import Exploration

Cell = tuple[int, int]
LISTED = 4
"""Answers listed on the wider puzzle to choose A' from."""


def reanswered(puzzle: Any, answer: Any, rng: random.Random, per_kind: int,
               time_limit: float, tries: Counter[str] | None = None) -> list[Mutant]:
    """Up to ``per_kind`` reanswered mutants of ``puzzle`` (unique, with ``answer``; none
    when its genre has no clue rules), from at most ``4 * per_kind`` tries (a try fails when
    the wider puzzle stays unique in time or its other answers show no clue of the same kind
    at a removed place); a mutant with a ``problem`` and no puzzle for a discrepancy.
    ``tries`` counts how each try ended (``built``, the wider puzzle's verdict...)."""
    rules = genre_of(puzzle).rules().clues
    if rules is None or answer is None:
        return []
    given = rules.given(puzzle)
    out: list[Mutant] = []
    for _ in range(4 * per_kind):
        if sum(m.puzzle is not None for m in out) == per_kind or not given:
            break
        removed = _neighbouring(given, rng.randint(1, min(3, len(given))), rng)
        made = _one(puzzle, rules, answer, removed, time_limit)
        if tries is not None:
            tries[made if isinstance(made, str) else "built"] += 1
        if not isinstance(made, str):
            out.append(made)
    return out


def _neighbouring(given: list[Clue], k: int, rng: random.Random) -> list[Clue]:
    """A seeded clue and the ``k - 1`` given clues nearest it (ties in a seeded order)."""
    first = rng.choice(given)
    others = rng.sample([c for c in given if c != first], len(given) - 1)
    others.sort(key=lambda c: _distance(c.cell, [first.cell]))
    return [first, *others[: k - 1]]


def _distance(cell: Cell, cells: list[Cell]) -> int:
    return min(abs(cell[0] - r) + abs(cell[1] - c) for r, c in cells)


def _one(puzzle: Any, rules: ClueRules, answer: Any, removed: list[Clue],
         time_limit: float) -> Mutant | str:
    """A mutant, or why none was built: ``refused`` (the genre's), ``wider unique`` or
    ``wider unknown`` (no other answer), ``no clue at a place``."""
    wider = puzzle
    for clue in removed:
        wider = attempt(lambda w=wider, c=clue: rules.without(w, c))
        if wider is None:
            return "refused"
    what = ", ".join(map(str, removed))
    check = genre_of(puzzle).rules().check
    verdict, seconds = other_answers(wider, answer, [c.cell for c in removed], time_limit)
    if not seconds:
        return f"wider {verdict.value}"
    for second in seconds:
        broken = check(wider, second)
        if broken:
            return Mutant("reanswered", f"{what} taken away", None, answer=second,
                          problem=f"the solver's other answer of the wider puzzle breaks "
                                  f"a rule: {broken[0]}")
        made = _put_back(wider, rules, removed, second)
        if made is not None:
            mutant, put = made
            second = shown_on(mutant, second)
            broken = check(mutant, second)
            if broken:
                return Mutant("reanswered", f"{what} put back as {put}", None, answer=second,
                              problem=f"this construction's fault, not the solver's: the "
                                      f"answer they were taken from breaks {broken[0]}")
            return Mutant("reanswered", f"{what} put back as another answer's "
                                        f"{', '.join(map(str, put))}", mutant,
                          keeps_answer=True, answer=second)
    return "no clue at a place"


def _put_back(wider: Any, rules: ClueRules, removed: list[Clue], second: Any
              ) -> tuple[Any, list[Clue]] | None:
    """``wider`` with the clue ``second`` shows at each removed clue's place, one at a time
    (what a Hitori cell may say depends on the numbers put back before it); ``None`` when it
    shows none of the same kind at one (a Masyu cell the loop passes plainly)."""
    mutant, put = wider, []
    for clue in removed:
        back = same_place(clue, rules.offered(mutant, second))
        if back is None:
            return None
        mutant = attempt(lambda m=mutant, b=back: rules.with_(m, b))
        if mutant is None:
            return None
        put.append(back)
    return mutant, put


def shown_on(mutant: Any, answer: Any) -> Any:
    """``answer`` as an answer of ``mutant``: a Hashi answer shows its islands' numbers,
    which the wider puzzle had as ``?`` where the mutant has numbers again."""
    if dataclasses.is_dataclass(answer) and hasattr(answer, "islands") \
            and hasattr(mutant, "numbers"):
        return dataclasses.replace(answer, islands=mutant.numbers)
    return answer


def other_answers(wider: Any, answer: Any, near: list[Cell], time_limit: float
                  ) -> tuple[Verdict, list[Any]]:
    """The verdict on ``wider`` and its answers other than ``answer`` among the first
    ``LISTED`` found, nearest first (by their differing cell nearest ``near``)."""
    result = solve(wider, time_limit=time_limit, explore=Exploration(count=LISTED))
    found = result.count.solutions if result.count is not None else []
    others = [s for s in found if s != answer and s.differing_cells(answer)]
    return result.verdict, sorted(
        others, key=lambda s: _distance_to(s.differing_cells(answer), near))


def _distance_to(cells: list[Cell], near: list[Cell]) -> int:
    return min(_distance(cell, near) for cell in cells)


def same_place(clue: Clue, offered: list[Clue]) -> Clue | None:
    """The offered clue of ``clue``'s cell and kind: the same label with its numbers
    changed (a Kakuro cell holds an across and a down sum; a Nonogram line's runs); any
    clue of the cell when the label has no number (a pearl's colour)."""
    at = [o for o in offered if o.cell == clue.cell]
    if not re.search(r"\d", clue.label):
        return at[0] if at else None
    shape = _shape(clue.label)
    return next((o for o in at if _shape(o.label) == shape), None)


def _shape(label: str) -> str:
    if ":" in label:  # a Nonogram line: its name, whatever its runs
        return label.split(":", 1)[0]
    return re.sub(r"\d+", "N", label)

