"""Seeded mutants of a corpus puzzle for the verdict audit (``verdict_audit.py``).

A genre whose rules list its clues (``GenreRules.clues``) gets: a clue removed (often
``multiple``), a clue changed to another value (often ``none``), two numbers changed by one
each way (``balanced``: a total kept) and a clue the answer obeys added (stays ``unique``,
same answer). The genres without clue rules are mutated by what
their model holds: regions (two neighbouring regions merged, a border cell moved to its
neighbour's region), galaxy centres (one removed, one moved a step), Numberlink endpoints
(a pair removed, an endpoint moved a step). Every mutant is a valid puzzle of the genre,
built through the genre's own constructor; a change it refuses is skipped. The
``reanswered`` kind (clues put back as another answer shows them) is
``verdict_reanswered.py``'s: it solves to build.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from pencilsat.core.registry import genre_of
from pencilsat.core.rules import Clue, ClueRules
from pencilsat.puzzles.regions import NO_REGION, Regions

Cell = tuple[int, int]


class Mutant(NamedTuple):
    """A puzzle derived from a corpus puzzle: ``kind`` (``removed``, ``changed``, ``added``,
    ``merged``, ``moved``...) and ``what`` in words; ``keeps_answer``: the corpus answer
    still solves it (an added clue it obeys); ``restricts``: nothing else does either (the
    clue taken away again gives back the puzzle: a number on a plain wall, not a numbered
    wall on a white Light Up cell, which also cuts its row and column); ``answer``: the
    answer it was built to have when not the corpus one (``reanswered``), which then
    solves it; ``problem``: a discrepancy found while building it (no puzzle to audit)."""

    kind: str
    what: str
    puzzle: Any
    keeps_answer: bool = False
    restricts: bool = False
    answer: Any = None
    problem: str = ""


def mutants(puzzle: Any, answer: Any, rng: random.Random, per_kind: int) -> list[Mutant]:
    """Up to ``per_kind`` mutants of each kind that fits the genre (``answer``: the
    puzzle's unique answer, for the added clues; ``None``: none added)."""
    rules = genre_of(puzzle).rules().clues
    if rules is not None:
        return _clue_mutants(puzzle, rules, answer, rng, per_kind)
    names = {f.name for f in dataclasses.fields(puzzle)}
    if "regions" in names or "region_ids" in names:
        return _region_mutants(puzzle, rng, per_kind)
    if "centres" in names:
        return _centre_mutants(puzzle, rng, per_kind)
    if "numbers" in names:
        return _endpoint_mutants(puzzle, rng, per_kind)
    return []


def _clue_mutants(puzzle: Any, rules: ClueRules, answer: Any, rng: random.Random,
                  per_kind: int) -> list[Mutant]:
    given = rules.given(puzzle)
    out: list[Mutant] = []
    for clue in rng.sample(given, min(per_kind, len(given))):
        out.append(Mutant("removed", f"{clue} removed", rules.without(puzzle, clue)))
    changed = 0
    for clue in rng.sample(given, len(given)):
        if changed == per_kind:
            break
        for other in _other_values(clue, given):
            mutant = attempt(lambda c=other: rules.with_(puzzle, c))
            if mutant is not None and mutant != puzzle:
                out.append(Mutant("changed", f"{clue} changed to {other.label}", mutant))
                changed += 1
                break
    out += _balanced(puzzle, rules, given, rng, per_kind)
    if answer is not None:
        offered = rules.offered(puzzle, answer)
        for clue in rng.sample(offered, min(per_kind, len(offered))):
            mutant = attempt(lambda c=clue: rules.with_(puzzle, c))
            if mutant is not None and mutant != puzzle:
                restricts = attempt(lambda m=mutant, c=clue: rules.without(m, c)) == puzzle
                out.append(Mutant("added", f"{clue} added", mutant, keeps_answer=True,
                                  restricts=restricts))
    return out


def _balanced(puzzle: Any, rules: ClueRules, given: list[Clue], rng: random.Random,
              per_kind: int) -> list[Mutant]:
    """Two numbers of the same shape (and edge) changed, one up by one and one down by one:
    a sum or count kept whole (the tents of a Tents grid, a Killer's 405, a Shikaku's area), so
    the mutant is not ``none`` by arithmetic alone, as a single changed sum nearly is."""
    numbered = [c for c in given if isinstance(c.value, int)
                and re.search(rf"(?<!\d){c.value}(?!\d)", c.label) and ":" not in c.label]
    out: list[Mutant] = []
    for up in rng.sample(numbered, len(numbered)):
        if len(out) == per_kind:
            break
        shape = re.sub(r"\d+", "N", up.label)
        downs = [c for c in numbered if c.cell != up.cell and c.value > 0
                 and re.sub(r"\d+", "N", c.label) == shape
                 and _side(puzzle, c.cell) == _side(puzzle, up.cell)]
        for down in rng.sample(downs, min(4, len(downs))):
            mutant = attempt(lambda u=up, d=down: rules.with_(
                rules.with_(puzzle, _shifted(u, 1)), _shifted(d, -1)))
            if mutant is not None and mutant != puzzle:
                out.append(Mutant("balanced", f"{up} up and {down} down by one", mutant))
                break
    return out


def _side(puzzle: Any, cell: Cell) -> str:
    """Which edge a clue outside the grid is on (a Tents column count is on the top, a
    row count on the right): two counts of one side keep the side's total."""
    r, c = cell
    if r < 0 or r >= puzzle.height:
        return "top" if r < 0 else "bottom"
    if c < 0 or c >= puzzle.width:
        return "left" if c < 0 else "right"
    return "inside"


def _shifted(clue: Clue, delta: int) -> Clue:
    label = re.sub(rf"(?<!\d){clue.value}(?!\d)", str(clue.value + delta), clue.label,
                   count=1)
    return Clue(clue.cell, label, clue.value + delta)


def _other_values(clue: Clue, given: list[Clue]) -> list[Clue]:
    """Clues on ``clue``'s cell saying something else: its number one or two up or down
    (in the label too), then the value of another given clue of the same shape (any other
    clue where the label has no number: a pearl's colour)."""
    out = []
    if ":" in clue.label:  # a line of runs (Nonogram): one run longer or shorter
        head, runs = clue.label.split(":", 1)
        numbers = [int(n) for n in runs.split() if n.isdigit()]
        for delta in (1, -1):
            if numbers and numbers[-1] + delta > 0:
                new = [*numbers[:-1], numbers[-1] + delta]
                out.append(Clue(clue.cell, f"{head}: {' '.join(map(str, new))}", clue.value))
        return out
    text = str(clue.value)
    if re.search(rf"(?<!\d){text}(?!\d)", clue.label):
        for delta in (1, -1, 2, -2):
            value = clue.value + delta
            if value >= 0:
                label = re.sub(rf"(?<!\d){text}(?!\d)", str(value), clue.label, count=1)
                out.append(Clue(clue.cell, label, value))
    shape = re.sub(r"\d+", "N", clue.label)  # a pearl or a ? arrow: any other clue's
    out += [Clue(clue.cell, other.label, other.value) for other in given
            if other.value != clue.value
            and (re.sub(r"\d+", "N", other.label) == shape or shape == clue.label)]
    return out


def attempt(make: Any) -> Any:
    """``make()``, or ``None`` when the genre refuses the puzzle it builds."""
    try:
        return make()
    except (ValueError, IndexError, KeyError):
        return None
    except Exception as err:  # an InputError: a clue the genre refuses
        if type(err).__name__ == "InputError":
            return None
        raise


def _with_ids(puzzle: Any, ids: np.ndarray) -> Any:
    names = {f.name for f in dataclasses.fields(puzzle)}
    regions = Regions.from_labels(ids)
    if "regions" in names:
        return attempt(lambda: dataclasses.replace(puzzle, regions=regions))
    return attempt(lambda: dataclasses.replace(puzzle, region_ids=regions.ids))


def _region_mutants(puzzle: Any, rng: random.Random, per_kind: int) -> list[Mutant]:
    ids = np.array(puzzle.regions.ids)
    h, w = ids.shape
    borders = sorted({(min(int(ids[a]), int(ids[b])), max(int(ids[a]), int(ids[b])), a, b)
                      for a in np.ndindex(h, w)
                      for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
                      if b[0] < h and b[1] < w and ids[a] != ids[b]
                      and NO_REGION not in (ids[a], ids[b])})
    out: list[Mutant] = []
    pairs = sorted({(x, y) for x, y, _, _ in borders})
    for x, y in rng.sample(pairs, min(per_kind, len(pairs))):
        merged = np.where(ids == y, x, ids)
        mutant = _with_ids(puzzle, merged)
        if mutant is not None:
            out.append(Mutant("merged", f"regions {x} and {y} merged", mutant))
    moved = 0
    for _, _, a, b in rng.sample(borders, len(borders)):
        if moved == per_kind:
            break
        changed = np.array(ids)
        changed[a] = ids[b]
        if (changed == ids[a]).sum() == 0 or not _same_count(changed, ids):
            continue
        mutant = _with_ids(puzzle, changed)
        if mutant is not None and mutant != puzzle:
            out.append(Mutant("moved", f"cell {a} moved to region {int(ids[b])}", mutant))
            moved += 1
    return out


def _same_count(changed: np.ndarray, ids: np.ndarray) -> bool:
    """Whether moving one cell kept every region in one piece (the count of regions)."""
    return Regions.from_labels(changed).count == Regions.from_labels(ids).count


def _centre_mutants(puzzle: Any, rng: random.Random, per_kind: int) -> list[Mutant]:
    points = puzzle.points()
    out: list[Mutant] = []
    for point in rng.sample(points, min(per_kind, len(points))):
        centres = np.array(puzzle.centres)
        centres[point] = False
        mutant = attempt(lambda c=centres: dataclasses.replace(puzzle, centres=c))
        if mutant is not None and centres.any():
            out.append(Mutant("removed", f"centre {point} removed", mutant))
    centres = np.array(puzzle.centres)
    h, w = centres.shape

    def moved(point: Cell, target: Cell) -> Any:
        changed = np.array(centres)
        changed[point], changed[target] = False, True
        return dataclasses.replace(puzzle, centres=changed)

    return out + _moved_to_a_side(
        points, rng, per_kind, "centre",
        lambda t: 0 < t[0] < h - 1 and 0 < t[1] < w - 1 and not centres[t], moved)


def _moved_to_a_side(points: list[Cell], rng: random.Random, per_kind: int, what: str,
                     free: Callable[[Cell], bool], make: Callable[[Cell, Cell], Any]
                     ) -> list[Mutant]:
    """Up to ``per_kind`` mutants, each with one of ``points`` (in a seeded order) moved to a
    side neighbour that ``free`` accepts and ``make`` builds into a valid puzzle."""
    out: list[Mutant] = []
    for point in rng.sample(points, len(points)):
        if len(out) == per_kind:
            break
        for dy, dx in rng.sample([(0, 1), (0, -1), (1, 0), (-1, 0)], 4):
            target = (point[0] + dy, point[1] + dx)
            if not free(target):
                continue
            mutant = attempt(lambda p=point, t=target: make(p, t))
            if mutant is not None:
                out.append(Mutant("moved", f"{what} {point} moved to {target}", mutant))
                break
    return out


def _endpoint_mutants(puzzle: Any, rng: random.Random, per_kind: int) -> list[Mutant]:
    numbers = np.array(puzzle.numbers)
    ends = puzzle.endpoints()
    out: list[Mutant] = []
    for number in rng.sample(sorted(ends), min(per_kind, len(ends))):
        removed = np.where(numbers == number, 0, numbers)
        mutant = attempt(lambda n=removed: dataclasses.replace(puzzle, numbers=n))
        if mutant is not None and removed.any():
            out.append(Mutant("removed", f"pair {number} removed", mutant))
    cells = [cell for number in sorted(ends) for cell in ends[number]]
    h, w = numbers.shape

    def moved(cell: Cell, target: Cell) -> Any:
        changed = np.array(numbers)
        changed[target], changed[cell] = numbers[cell], 0
        return dataclasses.replace(puzzle, numbers=changed)

    return out + _moved_to_a_side(
        cells, rng, per_kind, "endpoint",
        lambda t: 0 <= t[0] < h and 0 <= t[1] < w and not numbers[t], moved)
