"""A line of Boolean cells read by a finite automaton (the *regular* constraint), as clauses,
and the automaton of a run-length clue ("runs of 3, then 1, then 2": Nonogram's lines).

:class:`Dfa` is a deterministic automaton over the letters 0 (unshaded) and 1 (shaded);
:func:`regular_clauses` says "the word of these literals is accepted" with one variable per
(position, state) pair that lies on some accepted word (states reachable from the start
and still able to reach an accepting state in the cells left), in the layered encoding of
Bacchus (CP 2007): forward clauses follow the transitions, backward clauses give every
state a predecessor and fix the letter read into it, and every letter of a cell has a state
supporting it. Unit propagation on these clauses keeps every cell's letters consistent
with the whole line (domain consistency), and the state layer of each position is
exactly one state in every model. CP-SAT takes the same automaton natively
(:meth:`Dfa.triples` for ``AddAutomaton``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Clause = list[int]
NO_STATE = -1


@dataclass(frozen=True)
class Dfa:
    """A deterministic automaton over the letters 0 and 1: ``step[s][letter]`` is the state
    after reading ``letter`` in state ``s`` (:data:`NO_STATE`: the word is refused);
    ``start`` the first state, ``accepting`` the states a whole word may end in."""

    step: tuple[tuple[int, int], ...]
    start: int
    accepting: frozenset[int]

    def triples(self) -> list[tuple[int, int, int]]:
        """The transitions as (state, letter, next state): CP-SAT's ``AddAutomaton``."""
        return [(s, letter, nxt) for s, row in enumerate(self.step)
                for letter, nxt in enumerate(row) if nxt != NO_STATE]

    def accepts(self, word: Sequence[bool]) -> bool:
        """Whether the automaton accepts ``word`` (a check for tests and oracles)."""
        state = self.start
        for letter in word:
            state = self.step[state][int(bool(letter))]
            if state == NO_STATE:
                return False
        return state in self.accepting


def run_sequence_dfa(runs: Sequence[int]) -> Dfa:
    """The automaton of a line whose maximal runs of 1 have the lengths ``runs``, in order
    (empty: no 1 at all). Its states walk the template ``0 1^a 0 1^b ... 0``: a 0 state
    loops on 0 (any number of unshaded cells before, between and after the runs, at least
    one between two runs), a 1 state is one cell of a run."""
    template = [0]
    for length in runs:
        if length < 1:
            raise ValueError(f"a run is at least one cell long, not {length}")
        template += [1] * length + [0]
    last = len(template) - 1
    step = []
    for s, kind in enumerate(template):
        following = template[s + 1] if s < last else None
        on_zero = s if kind == 0 else (s + 1 if following == 0 else NO_STATE)
        on_one = s + 1 if following == 1 else NO_STATE
        step.append((on_zero, on_one))
    accepting = frozenset({last, last - 1}) if runs else frozenset({0})
    return Dfa(tuple(step), 0, accepting)


def live_states(dfa: Dfa, length: int) -> list[set[int]]:
    """For each position ``0..length``, the states some accepted word of ``length`` letters
    passes there: reachable from the start and able to reach an accepting state in time."""
    nexts = [[nxt for nxt in row if nxt != NO_STATE] for row in dfa.step]
    forward = [{dfa.start}]
    for _ in range(length):
        forward.append({nxt for s in forward[-1] for nxt in nexts[s]})
    live: list[set[int]] = [set() for _ in range(length + 1)]
    live[length] = forward[length] & dfa.accepting
    for t in range(length - 1, -1, -1):
        after = live[t + 1]
        live[t] = {s for s in forward[t] if not after.isdisjoint(nexts[s])}
    return live


def regular_clauses(letters: Sequence[int], dfa: Dfa, top: int) -> tuple[list[Clause], int]:
    """Clauses saying the word ``letters`` (literal true = letter 1) is accepted by ``dfa``,
    with new variables after ``top`` (one per live state and position): the clauses and the
    last variable used. A line no word of its length passes gives the empty clause.

    Per position ``t`` with letter ``x``: some state holds at ``t + 1``; a state and a
    letter give the next state, or refuse the letter where it leads nowhere live; a state
    leads to some live state; a letter is read in some state and leads to some state; a
    state has a predecessor, and the letter that leads into it from there is read."""
    n = len(letters)
    live = live_states(dfa, n)
    if not live[0]:
        return [[]], top
    preds_of: list[list[tuple[int, int]]] = [[] for _ in dfa.step]
    for s, row in enumerate(dfa.step):
        for letter, nxt in enumerate(row):
            if nxt != NO_STATE:
                preds_of[nxt].append((s, letter))
    layers: list[dict[int, int]] = []
    for t in range(n + 1):
        layer = {}
        for s in sorted(live[t]):
            top += 1
            layer[s] = top
        layers.append(layer)
    out: list[Clause] = [[q] for q in layers[0].values()]  # the start
    for t in range(n):
        x = int(letters[t])
        here, there = layers[t], layers[t + 1]
        out.append(list(there.values()))
        read_in: tuple[list[int], list[int]] = ([], [])
        leads_to: tuple[dict[int, None], dict[int, None]] = ({}, {})
        for s, q in here.items():
            nexts: dict[int, None] = {}
            for letter, nxt in enumerate(dfa.step[s]):
                refused = -x if letter else x  # the literal "the letter is not read"
                target = there.get(nxt)
                if target is None:
                    out.append([-q, refused])
                    continue
                out.append([-q, refused, target])
                nexts[target] = None
                read_in[letter].append(q)
                leads_to[letter][target] = None
            out.append([-q, *nexts])
        for letter in (0, 1):
            refused = -x if letter else x
            out.append([refused, *read_in[letter]])
            out.append([refused, *leads_to[letter]])
        for nxt, q in there.items():
            preds = [(here[s], letter) for s, letter in preds_of[nxt] if s in here]
            out.append([-q, *dict.fromkeys(p for p, _ in preds)])
            read = {letter for _, letter in preds}
            if len(read) == 1:  # every way in reads the same letter
                out.append([-q, x if read.pop() else -x])
                continue
            for p, letter in preds:
                if sum(1 for other, _ in preds if other == p) == 1:
                    out.append([-q, -p, x if letter else -x])
    return out, top
