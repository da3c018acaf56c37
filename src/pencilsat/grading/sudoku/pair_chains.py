"""Chains of pair systems in Sato's technique 6: Prop. 8 chaining inside ``PAIRSUSYO`` and the
Prop. 10 forcing chain ``PLTUNAGISYO`` (paper §2.3; digest §3.7-3.8)."""

from __future__ import annotations

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.catalogue import single
from pencilsat.grading.sudoku.pair_systems import PairLists, PairSystem
from pencilsat.grading.sudoku.state import PEER_MASK, PEERS, SudokuState, cell_name


def _chain(old: list[PairSystem], start: PairSystem, s_cell: int) -> tuple[str, int] | None:
    """Prop. 8 chaining as coded (digest §3.8): greedy, first match in list order, no backtrack.

    Walk from the start pair's other cell with parity +1 ("holds the digit if ``s_cell`` does
    not"); an A-type link (shared cell) flips the parity, a B-type link (peer cell) needs +1.
    Each candidate pair's cells are tried in reading order, as in ``SETUPRL``.
    When the end becomes a peer of ``s_cell`` at parity +1, (digit; s_cell, end) is a new pair
    system. Ambiguity: when the end comes back to ``s_cell`` itself at parity +1, the listing
    records a degenerate pair that a later round turns into a placement; we return the
    placement directly (same deduction, same technique).
    """
    end, parity = start.other(s_cell), 1
    used = {id(start)}
    while True:
        link = None
        for w in old:
            if id(w) in used:
                continue
            for near, far in ((w.a, w.b), (w.b, w.a)):  # the listing's J2 loop
                if near == end:
                    link = (w, far, -parity)
                    break
                if parity == 1 and PEER_MASK[end] >> near & 1:
                    link = (w, far, parity)
                    break
            if link is not None:
                break
        if link is None:
            return None
        w, end, parity = link
        used.add(id(w))
        if end == s_cell:
            return ("place", end) if parity == 1 else None
        if end in PEERS[s_cell]:
            return ("pair", end) if parity == 1 else None


def chaining(state: SudokuState, lists: PairLists, old_count: int) -> Step | None:
    old_by_digit: dict[int, list[PairSystem]] = {}
    for p in lists.pairs[:old_count]:
        old_by_digit.setdefault(p.digit, []).append(p)
    for p in lists.pairs[:old_count]:
        same = old_by_digit[p.digit]
        for s_cell in (p.a, p.b):
            found = _chain(same, p, s_cell)
            if found is None:
                continue
            kind, end = found
            if kind == "place":
                if state.grid[s_cell] or state.sees(s_cell, p.digit):
                    continue
                return single("PAIRSUSYO chain loop", s_cell, p.digit,
                              f"a chain of pair systems of {p.digit} from {cell_name(s_cell)} "
                              f"returns to it: {cell_name(s_cell)} = {p.digit} (Prop. 8)")
            lists.add_pair(p.digit, s_cell, end)
    return None


def _facts_contradict(facts: list[tuple[int, int]]) -> bool:
    by_digit: dict[int, int] = {}
    for cell, d in facts:
        mask = by_digit.get(d, 0)
        if mask & PEER_MASK[cell]:
            return True
        by_digit[d] = mask | (1 << cell)
    return False


def proposition10(state: SudokuState, pairs: list[PairSystem]) -> Step | None:
    """``PLTUNAGISYO``, Prop. 10 (digest §3.8): a forcing chain over pair systems.

    For an empty cell X in at least 3 pair systems (the listing's threshold; the prose says
    "preferably 3 or more") and one of them (s; X, a): assume X = s and propagate facts
    breadth-first (alpha-links: a pair system of another digit through the cell puts its digit
    in its other cell; B-type: a pair system of the same digit with a cell peer to the fact's
    cell puts the digit in its other cell). Two facts with one digit on peer cells refute the
    assumption, so a = s. As in the listing, one cell holding two digits is not tested.
    """
    by_cell: dict[int, list[PairSystem]] = {}
    by_digit: dict[int, list[PairSystem]] = {}
    for p in pairs:
        by_cell.setdefault(p.a, []).append(p)
        by_cell.setdefault(p.b, []).append(p)
        by_digit.setdefault(p.digit, []).append(p)
    for x in sorted(by_cell):
        if len(by_cell[x]) < 3:
            continue
        for start in by_cell[x]:
            s, a = start.digit, start.other(x)
            facts = [(x, s)]
            known = {(x, s)}
            i = 0
            while i < len(facts):
                cell, d = facts[i]
                i += 1
                new: list[tuple[int, int]] = []
                for w in by_cell.get(cell, ()):
                    if w.digit != d:
                        new.append((w.other(cell), w.digit))
                peer = PEER_MASK[cell]
                for w in by_digit.get(d, ()):
                    if w.a != cell and peer >> w.a & 1:
                        new.append((w.b, d))
                    if w.b != cell and peer >> w.b & 1:
                        new.append((w.a, d))
                for fact in new:
                    if fact not in known:
                        known.add(fact)
                        facts.append(fact)
            if _facts_contradict(facts):
                return single("PLTUNAGISYO", a, s,
                              f"assuming {cell_name(x)} = {s} forces one digit twice among "
                              f"peers along pair systems, so {cell_name(a)} = {s} (Prop. 10)")
    return None
