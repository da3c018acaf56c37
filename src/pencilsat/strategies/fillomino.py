"""Fillomino strategies: ``sizes`` (the default, CNF on one incremental PySAT solver) and
``sizes-cpsat`` (CP-SAT).

Both build :mod:`pencilsat.encodings.fillomino` (each cell's block size, exactly one per
cell, local clauses, block sizes cut on each model) and hand it to the one uniqueness
procedure through the shared runs of :mod:`~pencilsat.strategies.connected_runs`: on CNF
MiniCard takes the counts natively (each cell's one size and each numbered block's size;
another ``--sat-solver`` gets them as clauses, :func:`count_clauses`: the anchored blocks'
counts as clauses on MiniCard too made 266_9x9 4.5 s of CPU instead of 3.0) and the
block-size cuts go in as the connectivity cuts do; CP-SAT takes the same clauses and the
ring clauses (:data:`CPSAT_RINGS`), the counts as sums, and is solved again after each batch
of cuts, without its presolve (redone on every solve), each solve gathering the cuts of up
to :data:`MODELS_PER_SOLVE` models. Both run the open encoding first (:func:`open_first`).

Certificates (:func:`certify_cnf`) take the ``sizes`` clauses open from one above the
answer's largest block, the counts as clauses, the block sizes to checked cuts
(docs/certificates.md).

CP-SAT with every rule in the model instead (each block one tree of exactly its size, the
model of commit 00f2eba, since removed) was slower on every puzzle measured, open
encoding on both, CPU seconds under a load of 10-12: janko 335_10x10 1.04 (cuts 0.78),
606_10x10 0.68 (0.41), 579_17x17 4.42 (3.63), 485_10x10 unknown at 60 s wall (unique, 7.9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from pencilsat.core.clock import deadline_of
from pencilsat.core.errors import InputError
from pencilsat.core.result import SolveResult
from pencilsat.core.sat_names import pysat_name
from pencilsat.encodings.cardinality import CARD_ENCODING, exactly_clauses
from pencilsat.encodings.certifiable import CertifiableCnf, SizedLabels
from pencilsat.encodings.connectivity import Clause
from pencilsat.encodings.encoding import ClauseEncoding
from pencilsat.encodings.fillomino import OpenSizeFound, build, open_label, regions
from pencilsat.encodings.partition import exactly_one_clauses
from pencilsat.encodings.sized_regions import complete_clauses
from pencilsat.puzzles.fillomino import FillominoPuzzle, FillominoSolution
from pencilsat.strategies.connected_runs import (
    ConnectedModel,
    shading_model,
    solve_on_cpsat,
    solve_on_pysat,
)

DEFAULT_SOLVER = "minicard"
"""The ``sizes`` strategy's SAT solver (native exactly-one counts)."""


def count_clauses(counts: Sequence[tuple[Sequence[int], int]], top: int,
                  deadline: float | None = None, card: str = CARD_ENCODING
                  ) -> tuple[list[Clause], int]:
    """The counts as clauses: each cell's one size by
    :func:`~pencilsat.encodings.partition.exactly_one_clauses`, the anchored blocks' sizes
    (:meth:`~pencilsat.encodings.sized_regions.SizedRegions.counts`) by PySAT's
    cardinality encoding ``card``."""
    ones: list[tuple[Sequence[int], int]] = []
    more: list[tuple[Sequence[int], int]] = []
    for lits, total in counts:
        (ones if total == 1 else more).append((lits, total))
    out, top = exactly_one_clauses(ones, top, deadline)
    rest, top = exactly_clauses(more, top, card=card, deadline=deadline)
    return out + rest, top


CERTIFY_CARD = "seqcounter"
"""Certificates: the anchored blocks' counts as sequential counters (the runs: PySAT's
k-min totalizer). CPU seconds to close, prove and check on Glucose 4, one run each under
load: janko 87_20x36 28.3 -> 4.7 (114,228 count clauses, 41,005 new variables before),
266_9x9 16.4 -> 19.3 (within this load's noise)."""

CERTIFY_PROVER = "glucose4"
"""Certificates: the solver that closes the clauses with cuts and writes the DRAT proof
(other genres: CaDiCaL 1.9.5). CPU seconds to close, prove and check, kmtotalizer counts,
one run each under load, CaDiCaL -> Glucose 4: janko 87_20x36 52.5 -> 23.4 (proof 41 -> 7
MB), 266_9x9 22.0 -> 15.4; on 179_20x36 the proof alone 11.3 -> 2.0 (30 -> 5.4 MB), its
check 8.4 -> 3.0. Sequential counters, CaDiCaL -> Glucose 4: 179_20x36 7.4 -> 5.8."""

MODELS_PER_SOLVE = 20
"""``sizes-cpsat``: the models whose block-size cuts one CP-SAT solve gathers before the
next (:class:`~pencilsat.strategies.connected_search.CpSatConnectedSearch`)."""

CPSAT_ANCHOR_LEVELS = 2450
"""``sizes-cpsat``: the most level variables a given's block may take to be anchored
(``sizes``: :data:`~pencilsat.encodings.sized_regions.ANCHOR_LEVELS`, 800). CP-SAT starts
from scratch on every solve, so rounds of cuts cost it more than they cost MiniCard. CPU
seconds (one run each, load about 9), 800 -> 2450: janko 286_10x10 (ten 36s, 2,126-2,420
level variables each) unknown at 60 s (102 solves, 284,095 cuts) -> 11.7 (2 solves, no
cut); 295_10x10 3.2 -> 1.3; slower: 379_10x10 1.5 -> 3.0 (two of its 42s anchored),
794_15x15 2.3 -> 4.5 (nine 27s). 5000 anchored all twenty-one 42s of 379_10x10 (unknown at
30 s) and 485_10x10's 55 (3.8 -> 5.0); one or two anchors per size left 286_10x10 unknown."""


CPSAT_PARAMETERS = {"use_sat_inprocessing": False, "cp_model_probing_level": 0,
                    "symmetry_level": 0}
"""``sizes-cpsat``: CP-SAT's SAT inprocessing, its probing and its symmetry detection off
(one worker, as every CP-SAT run, so the search stays deterministic). Each solve starts
from scratch, and at the start of a solve they cost more than the search: janko
389_10x10's 45th solve took 0.35 s of CPU for 883 conflicts with them, 0.11 s for 102
conflicts without inprocessing (0.06 s for 20 models without probing either). CPU seconds,
one run each at a load of 9-15, before -> after (linear sums for the counts of 1):
389_10x10 20.1 (unknown at 60 s of wall) -> 6.2, 299_11x20 21.9 -> 7.7, 361_10x10 2.2 ->
1.0; 266_9x9 13.1 -> 15.9 (4 solves of about 20,000 conflicts each, the last proving no
second answer: :data:`CPSAT_HARDER` gives such a search its inprocessing back), 286_10x10
10.7 -> 13.6. Symmetry detection took 0.17 s of each 0.6 s solve of 219_20x36's model
(24,370 variables) and found nothing the search uses: 12.8 -> 9.8 s, the same conflicts,
load 6 (since the ring clauses 4.9 -> 4.1)."""

CPSAT_HARDER: tuple[int, dict[str, bool]] | None = (5_000, {"use_sat_inprocessing": True})
"""``sizes-cpsat``: a solve that reaches 5,000 conflicts with no model is made again with
SAT inprocessing, and so is every later solve
(:class:`~pencilsat.backends.cpsat_session.CpSatSession`'s ``harder``). Inprocessing slows
the many short solves of a cut loop and pays on a long search. CPU seconds, interleaved,
load 8: 266_9x9 5.8 -> 3.1 (32,792 conflicts instead of 62,964; at 10,000 conflicts 3.5,
at 2,000 3.0, but then 286_10x10 2.1 -> 3.4 too); unchanged where no solve reaches it
(286_10x10, 219_20x36, 485_10x10). Inprocessing on every solve instead: 266_9x9 3.0, but
219_20x36 4.0 -> 5.6, 389_10x10 1.0 -> 2.1, 485_10x10 1.0 -> 2.2."""

CPSAT_RINGS = True
"""``sizes-cpsat``: the ring clauses (:meth:`~pencilsat.encodings.sized_regions.
SizedRegions._ring_clauses`, "a cell of ``k`` has a ``k`` at each distance its ball of
fewer than ``k`` cells leaves") in the model: most cuts were blocks of free cells too small
for their size, and the rings tell each solve at once what those cuts told it one model at
a time. CPU seconds, interleaved, load 4-5, without -> with (symmetry detection on):
219_20x36 12.5 -> 4.9 (22 -> 9 solves, 17,704 -> 2,033 cuts), 87_20x36 10.5 -> 3.5,
179_20x36 9.7 -> 3.7, 286_10x10 7.2 -> 2.3 (19,118 -> 5,142 conflicts), 266_9x9 5.5 -> 5.5
(79,848 -> 62,964 conflicts). On ``sizes`` (MiniCard) they were not kept: 266_9x9 1.6 ->
2.0 s, 219_20x36 0.54 -> 0.27."""

CPSAT_EXACTLY_ONES = True
"""``sizes-cpsat``: each cell's one size as CP-SAT's ``exactly_one`` (presolve is off, so
a linear sum would stay one). CPU seconds with :data:`CPSAT_PARAMETERS`, sums -> exactly
ones, the two run side by side: 266_9x9 16.0 -> 11.3, 286_10x10 15.5 -> 15.0."""


def _exactly_one(model: ConnectedModel, deadline: float | None) -> tuple[list[Clause], int]:
    return count_clauses(model.counts, model.num_vars, deadline)


def run_cnf(puzzle: FillominoPuzzle, *, backend: str | None = None,
            sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one incremental PySAT solver, MiniCard unless ``sat_solver``."""
    deadline = deadline_of(time_limit)

    def run(open_from: int | None) -> SolveResult:
        return solve_on_pysat(
            puzzle, lambda: shading_model(build(puzzle, deadline=deadline, open_from=open_from)),
            _exactly_one, solver_name=pysat_name(sat_solver, DEFAULT_SOLVER),
            deadline=deadline, grown_cuts=0)

    result = open_first(run, open_label(puzzle), puzzle.width * puzzle.height)
    result.stats.encoding = "sizes"
    return result


def open_first(run: Callable[[int | None], SolveResult], label: int, cells: int
               ) -> SolveResult:
    """``run(label)``: every size from ``label`` on one label (the open encoding of
    :mod:`~pencilsat.encodings.fillomino`); when one of its models used that label, the
    run made again with the label doubled, and with every size apart (``run(None)``) once
    it passes ``cells``, the grid's cell count (every size apart is exact but slow on large
    empty areas: doubling instead, janko 292_10x10 on ``sizes-cpsat`` was unknown at 60 s
    and takes 2.9 s of CPU, 608_10x18 on ``sizes`` 3.2 -> 0.5 s). ``open`` in the figures:
    the label that stood, 0 for none."""
    while label <= cells:
        try:
            result = run(label)
        except OpenSizeFound:
            label *= 2
            continue
        result.stats.extra["open"] = label
        return result
    result = run(None)
    result.stats.extra["open"] = 0
    return result


def run_cpsat(puzzle: FillominoPuzzle, *, backend: str | None = None,
              sat_solver: str | None = None, time_limit: float | None = None) -> SolveResult:
    """Solve and prove on one CP-SAT model solved again after each batch of block-size
    cuts (CP-SAT's presolve off: it would be redone on every solve; its inprocessing and
    probing off too, :data:`CPSAT_PARAMETERS`)."""
    deadline = deadline_of(time_limit)

    def run(open_from: int | None) -> SolveResult:
        return solve_on_cpsat(
            puzzle, lambda: replace(shading_model(build(
                puzzle, deadline=deadline, open_from=open_from,
                anchor_levels=CPSAT_ANCHOR_LEVELS, rings=CPSAT_RINGS)), cuts_read=0),
            deadline=deadline, grown_cuts=0, presolve=False, models_per_solve=MODELS_PER_SOLVE,
            parameters=CPSAT_PARAMETERS, exactly_ones=CPSAT_EXACTLY_ONES,
            harder=CPSAT_HARDER)

    result = open_first(run, open_label(puzzle), puzzle.width * puzzle.height)
    result.stats.encoding = "sizes-cpsat"
    return result


def complete_cnf(puzzle: FillominoPuzzle) -> ClauseEncoding:
    """Every rule as one fixed clause list, for ``pencilsat study`` (certificates take
    :func:`certify_cnf`): the
    ``sizes`` run's clauses and counts (as
    :func:`~pencilsat.encodings.partition.exactly_one_clauses`) and the block-size rule
    over every connected set (:func:`~pencilsat.encodings.sized_regions.complete_clauses`),
    which only small grids afford: an :class:`InputError` beyond."""
    found = regions(puzzle)
    try:
        blocks = complete_clauses(found)
    except ValueError:
        raise InputError(f"a {puzzle.width}x{puzzle.height} Fillomino is too large for the "
                         "complete clause list (every connected set of cells)",
                         hint="the complete list is for small grids (solve --certify "
                              "certifies any size on the sizes clauses)") from None
    encoding = found.encoding(FillominoSolution)
    counts, top = count_clauses(encoding.sizes, encoding.num_vars)

    def decode(true: set[int]) -> FillominoSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    return ClauseEncoding("complete", top, [*encoding.clauses, *counts, *blocks],
                          list(encoding.answer), decode)


def certify_settings(puzzle: FillominoPuzzle, solution: FillominoSolution | None
                     ) -> dict[str, int]:
    """The open label a certificate builds :func:`certify_cnf` with: one above the answer's
    largest block (so the answer holds no open label), the givens and
    :data:`~pencilsat.encodings.sized_regions.SMALL_SIZES`."""
    label = open_label(puzzle)
    if solution is not None:
        label = max(label, int(solution.numbers.max(initial=0)) + 1)
    return {"open_label": label}


def certify_cnf(puzzle: FillominoPuzzle, open_label: int | None = None) -> CertifiableCnf:
    """What a certificate is about: the ``sizes`` run's clauses, built open from
    ``open_label`` (``None``: every size apart), its counts as clauses
    (:func:`count_clauses`), the block-size rule left to its cuts. ``ValueError`` for an
    open label not above every given and
    :data:`~pencilsat.encodings.sized_regions.SMALL_SIZES`."""
    found = regions(puzzle, open_from=open_label)
    encoding = found.encoding(FillominoSolution)
    counts, top = count_clauses(encoding.sizes, encoding.num_vars, card=CERTIFY_CARD)

    def decode(true: set[int]) -> FillominoSolution:
        values = np.zeros(top + 1, dtype=bool)
        values[[v for v in true if 0 < v <= top]] = True
        return encoding.decode(values)

    clauses = ClauseEncoding("sizes", top, [*encoding.clauses, *counts], list(encoding.answer),
                             decode)
    labels = SizedLabels(puzzle.width, puzzle.height,
                         tuple(tuple(sizes) for sizes in found.variable), open_label)
    return CertifiableCnf(clauses, labels=labels, model_cuts=found.block_cuts,
                          settings={} if open_label is None else {"open_label": open_label},
                          prover=CERTIFY_PROVER)
