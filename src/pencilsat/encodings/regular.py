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
exactly one state in every model. :func:`run_clauses` writes the same for a run automaton
with numpy (its live states are known in closed form). CP-SAT takes the same automaton
natively (:meth:`Dfa.triples` for ``AddAutomaton``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

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


def run_clauses(letters: Sequence[int], runs: Sequence[int], top: int
                ) -> tuple[list[Clause], int]:
    """:func:`regular_clauses` of :func:`run_sequence_dfa` (``runs``) written with numpy
    (:func:`lines_of_runs` of the one line): the same variables (one per live position and
    state, in the same order; none for an empty clue, whose cells are simply unshaded) and
    the clauses that keep unit propagation domain-consistent (the "some state holds" and "a
    letter is read in some state" ones, which add nothing to it there, are left out)."""
    return lines_of_runs([(letters, runs)], top)


def lines_of_runs(lines: Sequence[tuple[Sequence[int], Sequence[int]]], top: int
                  ) -> tuple[list[Clause], int]:
    """:func:`run_clauses` of many lines (each its cell literals and its runs), the lines of
    one length written together as one stack of arrays (a Nonogram's rows, then its
    columns: two stacks instead of a numpy pass per line). The live states of a run
    automaton are known in closed form: state ``s`` (the template's ``s``-th place) from
    position ``s`` to ``s + slack``, the last gap from its place to the end. Clauses come
    line by line within a stack, stacks in the order of their first line."""
    out: list[Clause] = []
    stacks: dict[int, list[tuple[np.ndarray, list[int]]]] = {}
    for letters, runs in lines:
        x = np.asarray(letters, dtype=np.int64)
        if not runs:
            out.extend([-v] for v in x.tolist())
            continue
        template = [0]
        for length in runs:
            template += [1] * length + [0]
        if len(template) - 2 > len(x):
            return [[]], top
        stacks.setdefault(len(x), []).append((x, template))
    for n, stack in stacks.items():
        more, top = _stack_clauses(n, stack, top)
        out.extend(more)
    return out, top


def _stack_clauses(n: int, stack: list[tuple[np.ndarray, list[int]]], top: int
                   ) -> tuple[list[Clause], int]:
    """The clauses of lines of ``n`` cells at once: arrays over (line, position, state), the
    states of shorter templates padded as never live."""
    m = len(stack)
    width = max(len(template) for _, template in stack)
    kind = np.full((m, width), -1, dtype=np.int64)
    for i, (_, template) in enumerate(stack):
        kind[i, :len(template)] = template
    x = np.stack([cells for cells, _ in stack])  # (m, n)
    places = (kind >= 0).sum(axis=1)  # (m,)
    slack = n - (places - 2)
    t = np.arange(n + 1)[None, :, None]
    s = np.arange(width)[None, None, :]
    live = (s <= t) & (t <= s + slack[:, None, None]) & (s < places[:, None, None] - 1)
    live |= (s == places[:, None, None] - 1) & (t >= s)  # the last gap
    var = np.zeros((m, n + 1, width + 1), dtype=np.int64)  # state ``width``: none
    count = int(live.sum())
    var[:, :, :width][live] = np.arange(top + 1, top + count + 1)
    top += count
    nxt = np.concatenate([kind[:, 1:], np.full((m, 1), -1, dtype=np.int64)], axis=1)
    index = np.broadcast_to(np.arange(width), (m, width))
    step0 = np.where(kind == 0, index, np.where((kind == 1) & (nxt == 0), index + 1, width))
    step1 = np.where((kind >= 0) & (nxt == 1), index + 1, width)
    here, there = var[:, :-1, :width], var[:, 1:]
    on = here > 0
    xs = np.broadcast_to(x[:, :, None], here.shape)
    two: list[np.ndarray] = []
    three: list[np.ndarray] = []
    targets = []
    for step, refused in ((step0, xs), (step1, -xs)):
        target = np.take_along_axis(there, np.broadcast_to(step[:, None, :], here.shape),
                                    axis=2)
        targets.append(target)
        goes = on & (target > 0)
        three.append(np.stack([-here[goes], refused[goes], target[goes]], axis=1))
        stops = on & (target == 0)
        two.append(np.stack([-here[stops], refused[stops]], axis=1))
    both = on & (targets[0] > 0) & (targets[1] > 0)  # a state leads somewhere
    three.append(np.stack([-here[both], targets[0][both], targets[1][both]], axis=1))
    for a, b in ((0, 1), (1, 0)):
        alone = on & (targets[a] > 0) & (targets[b] == 0)
        two.append(np.stack([-here[alone], targets[a][alone]], axis=1))
    into = there[:, :, :width]  # each state at t + 1: the letter read into it, a predecessor
    entered = into > 0
    kinds = kind[:, None, :]
    read = np.where(kinds == 1, xs, -xs)
    two.append(np.stack([-into[entered], read[entered]], axis=1))
    loop = np.where(kinds == 0, here, 0)  # a gap stays on a 0
    before = np.concatenate([np.zeros((m, n, 1), dtype=np.int64), here[:, :, :-1]], axis=2)
    pair = entered & (loop > 0) & (before > 0)
    three.append(np.stack([-into[pair], loop[pair], before[pair]], axis=1))
    for source, other in ((loop, before), (before, loop)):
        single = entered & (source > 0) & (other == 0)
        two.append(np.stack([-into[single], source[single]], axis=1))
    none = entered & (loop == 0) & (before == 0)
    out: list[Clause] = [[v] for v in var[:, 0, 0].tolist()]  # the starts
    out.extend([-v] for v in into[none].tolist())
    for block in (*two, *three):
        out.extend(block.tolist())
    # a letter leads to some state: each target once (a run's last place and the gap after
    # it both go to the gap on a 0; the gap's own entry stands for both)
    repeated = ((kind == 1) & (nxt == 0))[:, None, :]
    gap_there = np.concatenate([here[:, :, 1:], np.zeros((m, n, 1), dtype=np.int64)],
                               axis=2) > 0
    first = targets[0] * ~(repeated & gap_there)
    for target, sign in ((first, 1), (targets[1], -1)):
        rows = np.where(on, target, 0).reshape(m * n, width).tolist()
        out.extend([sign * lit, *(v for v in row if v)]
                   for lit, row in zip(x.ravel().tolist(), rows, strict=True))
    return out, top
