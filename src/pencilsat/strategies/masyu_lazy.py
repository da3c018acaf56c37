"""Masyu strategy ``lazy``: local rules in CNF, the single loop enforced by lazy sub-loop cuts.

Tamura's numbering (digest, constraint 6) makes the CNF large (order numbers 0..N per cell);
here the CNF holds only edge booleans with degree and pearl rules
(:mod:`pencilsat.encodings.masyu_rules`), about 7 clauses per cell. A model of it is a
set of disjoint closed loops. Each loop that visits every pearl is an answer by itself (pearl
rules only look along the loop), so it is returned even when other loops sit beside it; every
other loop is cut off with one clause and the *same* incremental solver instance solves again,
keeping its learnt clauses.

Cuts, for every loop of a model at once (``cut="region"``, the default on grids of at least
``LARGE_GRID`` cells; smaller grids get the exact cut alone, ``cut="loop"``):

- forbid the exact loop (``not all of its edges``). Sound because an answer is one loop through
  all pearls, and an answer containing all edges of a closed loop would *be* that loop.
- and, for each loop of at least ``REGION_MIN_CELLS`` cells that holds a pearl, except the
  model's largest loop, the *region* cut:
  some edge crosses the border of the area the loop encloses (its cells and all cells inside).
  Sound whenever that area holds some but not all pearls: every pearl is on the answer, so
  the answer has cells on both sides of the border. It does not forbid other loops inside
  the area (a line crossing the border anywhere satisfies it), but it does forbid every model
  in which that area is sealed off, which is what large loose puzzles need: with exact cuts
  alone the last stages re-draw a slightly different loop of a few hundred cells in the same
  corner for hundreds of calls (random 100x100: 146-753 calls). The largest loop is left to
  its exact cut because its area usually holds most of the grid, and a clause that long
  propagates poorly.
- and, for such a loop of at least ``GROWN_MIN_CELLS`` cells, the *grown* region cut: the
  same for its area grown by two cells through cells no loop of the model touches (see
  ``GROWN_MIN_CELLS``): a loop can no longer escape its region cut by shifting one cell.

Measured on random loose puzzles (``benchmarks/masyu_strategies.py`` growth rows): region
cuts removed CaDiCaL's time-outs at 100x100 and made 40x40 2.5x and single 60x60 instances
up to 9x faster; on small real puzzles they cost more than they save, hence
``LARGE_GRID``. The other cuts stay selectable for measurement: ``"loop"``
(exact cuts only; the default until region cuts were measured), ``"boundary"`` (some edge
leaves the loop's own cells instead of the exact cut) and ``"both"``; a region cut on every
loop including the largest was slower.

Tried and not kept (scratch measurements on random loose puzzles, before the colouring
unless said):

- catching loops while they close, inside CaDiCaL's search, over PySAT's IPASIR-UP interface.
  In Python (``pysat.engines``): about 1,000 conflicts a second, 0.2-2.8 s at 40x40 where these
  cuts take 0.07-0.15 s. In C (a CPython extension type with the same methods): 0.16-0.31 s at
  60x60 and 0.7 s on one 80x80, but 131 s on another 80x80, and at 100x100 CaDiCaL 1.9.5
  handed over a model with 12 dead ends (a violated degree clause), so it cannot be trusted
  there; CaDiCaL 3.0.0 stayed correct but took 172 s on a 60x60.
- merging a model's loops by swapping the parallel edges of two loops in a 2x2 block
  (patching), checked against the local clauses, and using the result as the answer or as
  phases: calls at 100x100 fell from 31-168 to 15-45 (with the colouring), but the Python work
  per model made it 2-3x slower overall; it would need to be vectorised.
- region cuts for the union of two touching loops' areas, or for the area grown by 1-8 cells:
  no fewer calls (a grown area's border is crossed by the neighbouring loop, so the clause is
  already true); region cuts on the largest loop too: median about the same, but some 60x60
  runs took 1,400 calls instead of 30-300.

Tried later, with the colouring, on the same 5 random puzzles per size (scratch scripts; the
late calls at 100x100 redraw one small loop of 10-14 cells round a pearl in a pocket of the
big loop, ten times over):

- *pocket* cuts: every area of cells off the largest loop that holds a pearl must be
  crossed (sound for any cell set holding some but not all pearls). 60x60 calls 11-17
  against 11-26, but 100x100 21-72 against 18-48: the big loop dips into the pocket and the
  small loop stays.
- region cuts down to 4-cell loops (``REGION_MIN_CELLS``): 100x100 runs of 174 and 242 calls.
- patching again, with the candidate 2x2 blocks found by numpy and only the pearls round a
  swapped block re-checked: 40x40 calls 7-12 against 7-202, but 100x100 16-48 against 18-48
  and slower (1.1 against 0.9 s): with a pearl on 37% of the cells almost every swap breaks a
  pearl's rule, so the small loops that hold the long tails cannot be merged this way.
- repairing the model outside the solver: re-solve a window round each small loop (2-6
  cells of margin) with everything else fixed, keep a redrawing that leaves fewer loops.
  Almost every window had no such redrawing within 10-30 tries (100x100: 4 of 16 windows,
  no answer), and it cost 0.2-0.5 s a puzzle.
- no exact cut for the largest loop (the other loops' cuts already forbid the model): 100x100
  median 0.73 against 0.75 s, within the noise.
- CaDiCaL settings: ``lucky=0`` 100x100 median 1.26 against 0.89 s (its lucky phases find
  the first models), ``phase=0`` or initial phases "no edge" / "all outside": 2-15x slower;
  ``ilb=1``, ``elim=0 subsume=0 probe=0``: no change (the calls have few conflicts).
- half of the colouring clauses (only "no edge -> same side" or only "edge -> sides
  differ"): 5x and 60x slower at 100x100; without the 2x2 clauses: no change.

Tried after the grown cuts (8 random puzzles per size, 60x60 and 100x100; the default there
took 0.17 and 0.78-0.80 s median with 9-19 and 15-49 calls):

- grown cuts for the small loops too (under ``REGION_MIN_CELLS``, grown 3, 6 or 12 cells
  through free cells, which fills a pocket): 100x100 0.88-0.99 s, 19-70 calls.
- grown cuts for big loops by 8 or 30 cells instead of 2: 100x100 0.97-1.00 s, 25-67 calls.
- a cut for the union of a loop's area and the areas of the earlier calls' loops it overlaps
  (a loop redrawn in the same place), when the model leaves that union's border uncrossed:
  100x100 0.88-1.10 s.
- region and grown cuts for the largest loop too, now with the colouring: 40x40 slower (up to
  73 calls against 7-45), 100x100 1.07 s.
- CaDiCaL ``rephase=0``, ``stabilize=0``, ``walk=0``: the same calls, to the call (a whole
  solve has about 1,500 conflicts, before these features start); ``lucky=0`` again, over 8
  puzzles and twice: 80x80 0.48-0.50 against 0.50-0.51 s, 100x100 0.90-1.02 against
  0.88-0.94 s: no gain. CaDiCaL 3.0.0 (in PySAT as ``cadical300``): steadier calls at 100x100
  (17-25) but a first call of 0.3 s (its light preprocessing; ``preprocesslight=0`` brings it
  to 0.06 s and the calls back to 23-40): 0.94-1.25 s.
- the previous model's values as the solver's phases before each call (to keep what was
  right): 100x100 0.78-0.80 against 0.91 s median over 6, but 60x60 0.19-0.20 against 0.17 s
  and single runs of 59 and 97 calls.

Tried after the numpy CNF build (8 random puzzles per size; the default there took 0.165 s
at 60x60 and 0.78 s at 100x100, median):

- merging by assumptions: after the cuts, solve once under assumptions that swap the 2x2
  block where a small loop runs beside the largest one (both parallel edges off, the other
  two on), and solve plainly if that is UNSAT; assumptions leave the clauses sound. With one
  block per small loop at once, 12 of 104 such calls were SAT (0.83 s at 100x100); with one
  block for the biggest small loop (up to 3 tries), about half were SAT, 100x100 0.68-0.72 s
  but 60x60 0.19 s, and 23-83 calls against 15-49.
- grown cuts from the first call from ``LARGE_GRID`` instead of ``HUGE_GRID``: random 40x40
  and 50x50 lose their 200-call runs (max 0.32 -> 0.08 s and 0.45 -> 0.19 s over 12 each),
  but the seven janko puzzles of 1,000-2,275 cells take 8-15% longer (86 grown cuts in 36
  calls on one of them, no fewer calls), 32x32 max 0.05 -> 0.10 s. Kept instead: grown
  cuts there after ``STALL_CALLS`` calls.

The late calls at 100x100 (drawn with a scratch script) redraw a winding loop of 100-200
cells that lies against the main loop with a pearl on most cells; merging it takes rerouting
both, and every redrawing the solver finds first is again a separate loop. The number of calls
is chaotic: one more or one fewer cut early on changes a run from 15 to 50 calls.

Tried after the loops were kept as numpy arrays (random loose 100x100, where the default took
0.7-1.1 s with 15-49 calls):

- a *lazy* propagator over PySAT's IPASIR-UP interface in Python, which only checks complete
  models (``check_model``) and hands the same cuts back inside one CaDiCaL search: encoding
  plus the first answer 1.1-1.8 s against 0.7-1.0 s for the whole default run (5 puzzles),
  with as many model checks as the default has calls (23-43). PySAT still hands every
  assignment of an observed edge to Python (751,810 on one puzzle).
- other SAT solvers in PySAT (8 puzzles, median): MapleChrono, with chronological
  backtracking, makes fewer calls (14-28) but takes 1.00 against 0.88 s; MapleSAT 1.13 s,
  MapleCM 4.39 s. On 5 puzzles with a time limit (conflict-budget slices): MergeSat 3 1.13,
  CaDiCaL 1.5.3 1.02, Glucose 4.2 1.64 against 1.11 s. Lingeling has no limited solve,
  which time limits need.
- cutting a small loop's redrawings in advance: up to 20 models of a window (the loop's
  bounding box and 3 cells round it) with every edge outside fixed to the model, and every
  loop inside the window cut in the main solver (exact and region cuts): 23-49 calls became
  14-53 (5 puzzles) with 39,000 extra cuts. The main solver's next loops are mostly
  different ones, as it moves the big loop outside the window too.
- an endgame under assumptions: once the largest loop holds at least 90% of the pearls and
  at most 40 loops are left, the next call assumes every edge outside the union of the small
  loops' bounding boxes (plus 4 cells) keeps its value in the model, and the windows double
  when that is UNSAT (assumptions leave the clauses sound; UNSAT was rare). It removed the
  worst runs on some sets (benchmark 100x100: 79 -> 25 and 67 -> 64 calls, max 1.18 -> 0.66
  s) but not on others: on five more sets of 6-8 puzzles the 100x100 mean went 0.71 -> 0.59,
  0.74 -> 0.72, 0.68 -> 0.61, 0.66 -> 0.68 and 0.82 -> 0.82 s, 80x80 and 60x60 within
  +-8% both ways, medians even; windows from the first call (every small loop, any share of
  the pearls) were slower (100x100 median 0.61 -> 0.70 s). A window costs about 2 ms more
  per call (some 18,000 assumptions).
- a solver with connectivity built in: answer set programming with clingo 5.8.3 (a
  scratch program: the same local rules, ``reach`` from one pearl along used edges, every
  used cell reached, two models for uniqueness), which checks reachability inside its
  compiled search (unfounded sets). Benchmark puzzles, solve + uniqueness: 20x20 0.03-0.05 s
  (lazy 0.006-0.03), 40x40 0.22-0.41 s (0.04-0.11), 60x60 3.0-6.7 s with 12,000-20,000
  conflicts (0.16-0.18); with the colouring added, 40x40 0.26-0.30 s and 60x60 1.1-1.5 s
  with 700-1,400 conflicts: each propagation over one huge strongly connected ``reach``
  component costs too much. Not worth a dependency.

Every 2x2 loop is forbidden up front when the puzzle has a pearl: it turns in all four cells,
so no pearl can lie on it. From ``LARGE_GRID`` cells every 6- and 8-cell loop that misses a
pearl is forbidden up front too (:mod:`masyu_small_loops`, ``small_loops=``): the first
model of a large loose grid draws dozens of them. Random loose 100x100, sets of 30-60
puzzles: calls mean 9-23% fewer, time mean 3-11% less (figures in that module); 60x60 0.19 ->
0.17 s. Below ``LARGE_GRID`` it cost more than it saved (all janko, every 2nd: median
3.1 -> 4.1 ms, 4,126 -> 3,535 calls: building the clauses outweighs the calls saved).

On grids of ``LARGE_GRID`` cells or more the CNF also gets the inside/outside colouring of
:mod:`pencilsat.encodings.loops.sides` (``sides=True``): redundant clauses that let the solver
reason about areas. With them the conflicts per solve at 100x100 fell from 60,000-190,000 to
about 1,500 and the median time 2-5x; what is left is mostly the number of calls (about
18-48 at 100x100) and the work per call (SAT 2-10 ms after the first call's 0.1 s, finding the
loops 2 ms, building cuts 2-3 ms). From ``CADICAL_MIN_CELLS`` cells on the default SAT
solver is CaDiCaL. The CNF is built with the garbage collector paused
(:mod:`pencilsat.backends.gc_pause`): 100x100 median 0.87 -> 0.66 s with the other
per-model savings of that change.

From ``SHAPES_MIN_CELLS`` cells on, before any clause is built, arc consistency on the
cells' shapes (:mod:`masyu_shapes`, ``shapes=``) settles the edges every answer uses or
leaves; they go to the solver as units, and every clause they satisfy is left out (about
half the clauses of a loose 100x100: 209,000 -> 115,000). The first call's conflicts were
mostly failed literals of the pearl rules, which the shapes settle in advance: on one loose
100x100 (CaDiCaL with its own settings, scratch script) the first call took 10-12 ms instead
of 120 ms, and loading the clauses 65-70 ms instead of 115-135 ms. The benchmark's 20 growth
puzzles per size, each the fastest of 3 runs, without against with (both on CaDiCaL from
60x60): 60x60 median 0.145 -> 0.119 s, 80x80 0.339 -> 0.202 s, 100x100 0.600 -> 0.391 s (max
1.37 -> 0.62 s). The calls are as chaotic as before (one of 8 other 100x100 puzzles took 83
calls with shapes, 16 without). Below ``SHAPES_MIN_CELLS`` the rounds cost more than they
save: each costs about 0.2 ms whatever the grid, and janko puzzles take 4-20 rounds (all
janko, every 3rd, forced on: median 5.2 -> 10.2 ms), while the janko puzzles over 720 cells
were even (0.197 -> 0.189 s in all, every 3rd) and random 40x40 even (54 against 54 ms
median over 12, both on MiniSat).

Uniqueness (digest, "What the project keeps"): block the found edge set with one clause
``not all of these edges`` and continue the same search; the next loop through all pearls is
a second answer, UNSAT proves the first unique. Blocking only the used edges (not also the
unused ones) is enough because any model using all of them contains that loop as a component,
which is the same answer.

From ``LARGE_GRID`` cells the proof also gets *swap cuts* (:mod:`swap_cuts`, ``swaps=``) once
``SWAP_STALL_CALLS`` calls after the answer have found no second one: the solver starts from
the answer, and most of its next models are the answer split in two by one 2x2 swap. Generated
unique puzzles, the code before against this (CPU, best of 3, two rounds): 100x100 proof
phase 0.68-0.83 -> 0.43-0.51 s and 0.48-0.50 -> 0.26-0.28 s (calls after the answer 75 -> 43
and 58 -> 32; whole runs 3.08-3.34 -> 3.04-3.24 s and 2.48-2.51 -> 1.97-2.15 s), 80x80 whole
runs 1.08-1.18 -> 0.99-1.17 s; the seven janko puzzles of 1,000-2,275 cells, cuts off against
on, 0.97 -> 0.82 s in all (wall, best of 3, 178 -> 127 calls).
Below ``LARGE_GRID`` the cuts cost more than the calls they save (janko of 400-1,000 cells
3.75 -> 3.93 s in all with them forced on, 1,104 -> 963 calls).

Time limit: solving runs in conflict-budget slices (``solve_limited``) and checks the clock
between slices (PySAT's ``interrupt`` hung with CaDiCaL 1.9.5 here); on time-out the verdict
is ``unknown``, never a guess.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from time import perf_counter

import numpy as np

from pencilsat.backends.bulk_load import clause_adder, load_clauses
from pencilsat.backends.gc_pause import gc_paused
from pencilsat.backends.pysat_calls import solve_until
from pencilsat.core.result import SolveResult, SolveStats, Verdict, encoding_timed_out
from pencilsat.encodings.loops.components import (
    NUMPY_MIN_EDGES,
    crossing_edges,
    enclosed_area,
    forbid_loop,
    grown_area,
    label_loops,
    off_loop_cells,
    used_edges,
    walk_loops,
)
from pencilsat.encodings.loops.sides import side_clause_parts, side_variable_count
from pencilsat.encodings.loops.small_loops import no_small_loops
from pencilsat.encodings.loops.swap_cuts import swap_cuts
from pencilsat.encodings.masyu_rules import (
    Clause,
    GridEdges,
    local_rule_parts,
    no_square_loops,
    true_literals,
)
from pencilsat.encodings.masyu_shapes import cell_shapes, no_shape_left
from pencilsat.puzzles.masyu import MasyuPuzzle, no_way_through
from pencilsat.solvers.registry import SAT_SOLVERS

SAT_SOLVER_NAMES = SAT_SOLVERS
DEFAULT_SAT_SOLVER = "minisat22"
"""MiniSat 2.2 for this strategy: its many small incremental calls favour a solver without
CaDiCaL's per-call set-up (benchmarks/results/masyu_strategies.md: all janko, median 4.7 ms
against 5.4 ms with CaDiCaL, max 0.09 s against 0.13 s; 9.4 against 13.4 ms on a loaded
machine; 4.7 against 5.2 ms, max 121 against 142 ms; latest run 4.6 against 5.3 ms, max 123
against 138 ms; after the numpy CNF build 3.9 against 4.5 ms, max 107 against 122 ms), below
``CADICAL_MIN_CELLS`` cells.
Every SAT solver stays selectable."""
HUGE_GRID = 3600
HUGE_GRID_SAT_SOLVER = "cadical195"
"""From ``CADICAL_MIN_CELLS`` cells on (60x60 until the settled shapes), ``lazy`` runs on
CaDiCaL unless a SAT solver is named. Until the shapes: with the colouring
its calls are few but searching, where CaDiCaL is the stronger solver (random loose puzzles,
medians of 5 in one run: 60x60 0.32 against 0.36 s, 80x80 0.64 against 0.69 s with max 0.76
against 2.7 s, 100x100 1.1 against 2.0 s). Real puzzles stay below this size (the largest
janko is 40x58) and keep MiniSat, which is as fast or faster there (janko over 720 cells:
median 61 against 68 ms). Latest run, with grown region cuts from this size: 60x60 0.20
against 0.18 s (MiniSat ahead there now), 80x80 0.36 against 0.44 s, 100x100 0.84 against
1.29 s; janko over 720 cells 66 against 71 ms. The threshold was left where it is: the
differences at 60x60 and on the 9 big janko puzzles are within one run's noise. After the
numpy CNF build: 60x60 0.21 against 0.17 s, 80x80 0.35 against 0.40 s, 100x100 0.76 against
1.20 s; janko over 720 cells 59 against 55 ms. Left again: on 12 other random 60x60 puzzles the two
were even (MiniSat faster on 6; medians 0.18 and 0.17 s), on 10 at 70x70 CaDiCaL led (0.21
against 0.27 s)."""
CADICAL_OPTIONS = {"restart": 0, "reverse": 1}
"""CaDiCaL 1.9.5 settings for this strategy (set whenever it runs on ``cadical195``): no
restarts, and the first decisions on the edge variables (``reverse``: the initial decision
queue from the lowest variable, and the edges come before the colouring's points). Each call
here is a short search from a near-complete assignment (the previous model, by phase saving);
a restart throws that trail away and the solver assigns the grid over again, every few
conflicts: on one 100x100 the calls after the first took 2,700-11,400 decisions and
50,000-210,000 propagations each with restarts, 1,000-3,600 and 14,000-54,000 without, so
restarts made the cost per call grow faster than the grid. Chronological
backtracking (CaDiCaL's default, kept) is what lets a restart-free call keep its trail:
``restart=0`` with ``chrono=0`` was no faster than the defaults. Measured interleaved in one
process (each puzzle the fastest of 2 runs), random loose puzzles, default settings against
these, median / mean:

- 100x100, four sets of 10-20: 0.62 / 0.65 -> 0.43 / 0.44 s, 0.64 / 0.65 -> 0.42 / 0.42 s,
  0.57 / 0.58 -> 0.46 / 0.46 s, 0.56 / 0.61 -> 0.47 / 0.46 s (max 1.17 -> 0.61 s);
- 80x80: 0.30 / 0.32 -> 0.23 / 0.23 s and 0.33 / 0.33 -> 0.25 / 0.25 s; 60x60: 0.143 -> 0.117 s;
- ``restart=0`` alone: about half the gain (100x100 0.49-0.50 s median);
- the seven janko puzzles of 1,000-2,275 cells on CaDiCaL (unique, so the proof is an UNSAT
  call): 0.54 s in all either way (MiniSat, their default, 0.47 s).

Also tried, against these: ``bump=0`` as well (a fixed decision order) 0.39-0.40 s median at
100x100, but one puzzle of 20 took 2,932 calls (2.2 s mean); ``restartint=500`` like
``restart=0``; ``chrono=2``, ``reduce=0``, ``score=0``, ``inprocessing=0``, ``ilb=1``,
``target=0`` or ``2``, ``lucky=0``: no better. With these settings a call's time is mostly
search, not set-up: after the first (50-80 ms, 500-800 conflicts at 100x100) the calls take
0.2-9 ms. One call in a run can take 45 ms for 25
conflicts: CaDiCaL's first reduction of its learnt clauses, which re-walks all 200,000
clauses. ``reduceint=2000`` (no reduction in a typical run) removed it: 100x100 median -5
to -13% on three sets, but on the benchmark's growth puzzles median 0.42 -> 0.46 s and mean
0.48 -> 0.46 s (the calls moved, 11-78 against 9-40): not kept.

The slowest growth puzzle at 100x100 (78 calls) is a stalemate of two big loops: a second
loop of about 1,500 cells and 630 pearls is redrawn beside the main one for 50 calls. Tried
against it: when the second loop keeps 80% of its pearls for 3 calls, set the phases of the
edges inside its area (PySAT's ``set_phases``, which CaDiCaL keeps as forced phases) to
"unused" or to random values: ten growth puzzles, median 0.54 -> 0.71 or 0.61 s, runs of
283 and 650 calls. Not kept.

The first call grows about as the square of the grid (random puzzles: 3 ms at 40x40, 57-73
ms at 100x100, 350-380 ms at 140x140), because most of its conflicts are failed literals of
the pearl rules: CaDiCaL's probing from the first conflict (``probeint=1``) cut them from 546
to 25-60 at 100x100, but probing itself took 0.3 s. Adding every failed literal of the local
clauses as a unit up front (found in a scratch script by one propagation per literal, 0.15 s
at 100x100, not counted): the first call 52 -> 11 ms, but the whole run only 0.49 -> 0.44 s
median over 8 puzzles, with more calls (11-35 against 13-29); at 40x40 no change. Not
kept.

Why the first call's time grows faster than its conflicts (random 140x140, one puzzle, the
first call stopped after N conflicts): 290 conflicts 25.5 ms, 310 conflicts 63.6 ms, 1,200
149 ms, 1,300 246 ms. The two jumps are CaDiCaL's reductions of its learnt clauses (due at
300 conflicts, then further apart), each a walk over the whole formula; with ``reduce=0``
the jumps are gone and the whole first call took 90 ms instead of 308 ms. At 60x60 the first
call ends before 300 conflicts, at 100x100 it passes one reduction. But the reductions pay
for themselves in fewer calls. 30 random 100x100 puzzles (seed 777), against these settings
(median / mean, calls median): ``reduce=0`` 0.42 / 0.44 against 0.42 / 0.44 s, 22 against 17
calls; ``reduceint=1000`` 0.47 / 0.49 against 0.43 / 0.45 s; ``reduceint=3000`` even;
``reduceint=150`` 0.47 / 0.51 and ``75`` 0.50 / 0.51 against 0.44 / 0.46 s. Not changed.
Leaving out the degree clauses of pearl cells (the pearl clauses imply them, with one
binary clause per white pearl; 13% fewer clauses at 100x100): 30 puzzles, 100x100 median
0.49 against 0.48 s, 40x40 44 against 42 ms. Not kept.

Timed per call (random 60x60 to 100x100, 12 puzzles a size), the SAT part is what grows
faster than the grid: 33 ms at 60x60, 245 ms at 100x100 (first call 9 -> 89 ms median,
the other calls 24 -> 156 ms) while encoding and our Python grow with the cells (0.13 ->
0.34 s). At 100x100 one call per run takes 35-80 ms for 6-70 conflicts, when the run
passes about 1,000 conflicts: another reduction, which copies every clause to a new arena
(CaDiCaL moves the clauses from its second garbage collection on). ``arena=0``,
``arenasort=0`` or ``compact=0`` keep the search the same to the call (257 calls over 12
puzzles either way) and shorten that call, but the whole runs were within the noise (CPU
time, best of 3: median 0.58 against 0.59-0.62 s). Not changed."""
CUTS = ("region", "loop", "boundary", "both")
LARGE_GRID = 1000
"""From this many cells on, ``run`` adds region cuts and the inside/outside colouring by
default. Below it both cost more than they save (measured side by side: region against exact
cuts, all janko median 4.1-4.4 against 3.9-4.0 ms, seed 36x20 23 against 18 ms; colouring
5.2 against 4.0 ms and 23-28 against 17-18 ms); on random loose puzzles both pay from about
30x30 (colouring: 35 against 50 ms median at 30x30, 142 against 217 ms at 50x50)."""
REGION_MIN_CELLS = 16
"""Loops smaller than this get the exact cut only: their area is little more than the loop,
so a region cut adds a clause without cutting much more."""
GROWN_MIN_CELLS = 64
GROWN_STEPS = 2
"""A loop of at least ``GROWN_MIN_CELLS`` cells that gets a region cut also gets a *grown*
region cut: its area grown by ``GROWN_STEPS`` cells through cells that no loop of the model
touches. Every loop lies wholly inside or wholly outside the grown area and the added cells
hold no pearl, so the model crosses its border nowhere (the clause is violated) and the cut
is sound for the same reason as the region cut. It ends the stalemates in which two big
loops each keep their share of the pearls and the second is shifted by a cell per call
(benchmark growth puzzles, 100x100: 334 and 120 calls became 50 and 78). Measured over 10
random loose puzzles per size and two seeds against region cuts alone: 100x100 mean
0.95-1.01 -> 0.81-0.92 s, max 1.67-1.88 -> 1.21-1.33 s; 60x60 max 0.36-0.68 -> 0.21-0.27 s;
medians within +-10% (the extra Python work per call). Grown by 1, 2 and 4 steps, or from
200 cells: about as good, less even. On by default from ``HUGE_GRID`` cells (``grown=``):
the real puzzles of 1,000-2,275 cells in the corpus have no such stalemates and took 8-10%
longer with it (same calls, the extra work per call). Between ``LARGE_GRID`` and
``HUGE_GRID`` cells they start after ``STALL_CALLS`` calls."""
STALL_CALLS = 10
"""On grids of ``LARGE_GRID`` to ``HUGE_GRID`` cells, grown cuts are added from this call on:
a search that has not found the loop by then is usually a stalemate of the kind they end.
Measured over 12 random loose puzzles per size against no grown cuts there: 40x40 max 0.32
-> 0.08 s (runs of 61 and 202 calls became 29 and 30), 50x50 median 0.111 -> 0.087 s and max
0.43 -> 0.13 s (205 calls -> 18), 32x32 even; the seven janko puzzles of 1,000-2,275 cells
mean 60.3 -> 62.7 ms (best of 5, 191 -> 184 calls), where grown cuts from the first call
cost 8-15%. After 20 calls instead of 10: 40x40 and 50x50 max 0.11 and 0.18 s. From
``HUGE_GRID`` cells on they start at once: starting them after 10 calls there gave 60x60
median 0.14 -> 0.19 s."""


SHAPES_MIN_CELLS = LARGE_GRID
"""From this many cells on, ``run`` first settles what arc consistency on the cells' shapes
settles (:mod:`masyu_shapes`) and builds the CNF round it (``shapes=``)."""
CADICAL_MIN_CELLS = SHAPES_MIN_CELLS
"""CaDiCaL (``HUGE_GRID_SAT_SOLVER``) from here on, where it was ``HUGE_GRID`` before the
settled shapes: they remove the first call's failed literals (most of its conflicts), and
with them CaDiCaL leads from 32x32 (random loose puzzles, with shapes, best of 2, median
against MiniSat: 32x32 34 against 36 ms over 12 with 101 against 156 calls in all, 40x40 44
against 53 ms, 60x60 99 against 127 ms over 10, 100x100 0.35 against 0.51 s over 8); the
seven janko puzzles of 1,000-2,275 cells are even (0.50 against 0.48 s in all, best of 3)."""


SWAP_STALL_CALLS = 2
"""The uniqueness proof gets the swap cuts of :mod:`swap_cuts` once it has made this many
calls without finding a second answer: a puzzle with a second answer usually shows it in one
or two calls, and the cuts cost about 20-50 ms to build at 100x100."""


BUILD_BAND = 100_000
"""Cells (local rules) or edges (colouring) per piece of the CNF built between two looks at
the clock: an empty 1000x1000 grid took 2.1 s for its local rules and 3.7 s for its
colouring in one piece each, so a 5 s limit stopped after 9.2 s. Grids up to 316x316 are
built in one piece, as before."""
LOAD_CHUNK = 100_000
"""Clauses handed to the SAT solver between two looks at the clock: a 1000x1000 grid takes
many seconds to load, which a time limit must be able to cut short."""


class _TimeOut(Exception):
    pass


def pysat_name(sat_solver: str | None) -> str:
    """PySAT's solver name for a short name (cadical, glucose, minisat) or a PySAT name."""
    if sat_solver is None:
        return DEFAULT_SAT_SOLVER
    name = SAT_SOLVER_NAMES.get(sat_solver, sat_solver)
    if name not in SAT_SOLVER_NAMES.values():
        known = ", ".join(f"{k} ({v})" for k, v in SAT_SOLVER_NAMES.items())
        raise ValueError(f"unknown SAT solver {sat_solver!r} (known: {known})")
    return name


def run(
    puzzle: MasyuPuzzle,
    *,
    backend: str | None = None,
    sat_solver: str | None = None,
    time_limit: float | None = None,
    cut: str | None = None,
    squares: bool = True,
    sides: bool | None = None,
    grown: bool | None = None,
    small_loops: bool | None = None,
    cadical_options: dict[str, int] | None = None,
    swaps: bool | None = None,
    shapes: bool | None = None,
) -> SolveResult:
    """Solve and prove uniqueness with lazy sub-loop cuts on one incremental SAT solver.

    ``cut`` and ``sides`` (the inside/outside colouring of :mod:`loop_sides`) default by grid
    size: both are on from ``LARGE_GRID`` cells; ``grown`` (grown region cuts, with
    ``cut="region"``) from ``HUGE_GRID`` cells, and from ``LARGE_GRID`` cells once
    ``STALL_CALLS`` calls have not found the loop. ``grown=True`` starts them at the first
    call, ``grown=False`` never. ``small_loops`` (every 6- and 8-cell loop forbidden up front,
    :mod:`masyu_small_loops`) is on from ``LARGE_GRID`` cells. ``cadical_options`` replace
    ``CADICAL_OPTIONS`` when the SAT solver is CaDiCaL 1.9.5 (``{}``: CaDiCaL's own defaults).
    ``shapes`` (settle edges by arc consistency first, :mod:`masyu_shapes`; the count goes to
    ``stats.extra["settled_edges"]``) is on from ``SHAPES_MIN_CELLS`` cells, and with it the
    default SAT solver is CaDiCaL (``CADICAL_MIN_CELLS``).
    """
    if backend not in (None, "cnf"):
        raise ValueError(f"strategy 'lazy' runs on backend 'cnf' only, not {backend!r}")
    with gc_paused():
        return _run(puzzle, sat_solver=sat_solver, time_limit=time_limit, cut=cut,
                    squares=squares, sides=sides, grown=grown, small_loops=small_loops,
                    cadical_options=cadical_options, swaps=swaps, shapes=shapes)


def _run(puzzle: MasyuPuzzle, *, sat_solver: str | None, time_limit: float | None,
         cut: str | None, squares: bool, sides: bool | None,
         grown: bool | None, small_loops: bool | None,
         cadical_options: dict[str, int] | None, swaps: bool | None,
         shapes: bool | None) -> SolveResult:
    cells = puzzle.width * puzzle.height
    large = cells >= LARGE_GRID
    if cut is None:
        cut = "region" if large else "loop"
    if sides is None:
        sides = large
    if small_loops is None:
        small_loops = large
    if grown is None:
        grow_after = 0 if cells >= HUGE_GRID else STALL_CALLS if large else None
    else:
        grow_after = 0 if grown else None
    if swaps is None:
        swaps = large
    if cut not in CUTS:
        raise ValueError(f"unknown cut {cut!r} (known: {', '.join(CUTS)})")
    from pysat.solvers import Solver

    if sat_solver is None and cells >= CADICAL_MIN_CELLS:
        sat_solver = HUGE_GRID_SAT_SOLVER
    name = pysat_name(sat_solver)
    stats = SolveStats(backend="cnf", encoding="lazy", sat_solver=name)
    deadline = None if time_limit is None else perf_counter() + time_limit
    start = perf_counter()
    grid = GridEdges(puzzle)
    stats.variables = len(grid) + (side_variable_count(grid) if sides else 0)
    clauses: list[Clause] = []
    values = None
    if shapes is None:
        shapes = cells >= SHAPES_MIN_CELLS
    if shapes:
        settled = cell_shapes(puzzle, deadline)
        if (dead := settled.dead_cell()) is not None:
            stats.encode_s = perf_counter() - start
            stats.solve_s = 0.0
            return SolveResult(Verdict.NONE, puzzle, stats=stats,
                               message=no_shape_left(puzzle, dead))
        values = settled.edge_values(grid)
        stats.extra["settled_edges"] = int(np.count_nonzero(values))
        # the colouring's points stay open: clause filters look their variables up too
        values = np.concatenate((values, np.zeros(stats.variables - len(grid), np.int8)))

    def out_of_time() -> SolveResult | None:
        """``unknown`` once the deadline has passed while encoding (a 1000x1000 grid takes
        seconds before any solving), with the clauses built so far."""
        if deadline is None or perf_counter() <= deadline:
            return None
        stats.encode_s = perf_counter() - start
        stats.clauses = stats.clauses or len(clauses)
        return encoding_timed_out(puzzle, stats)

    def parts() -> Iterator[list[Clause]]:
        """The CNF in pieces, each built in well under a second even on a 1000x1000 grid."""
        if values is not None:
            yield true_literals(values)[:, None].tolist()
        yield from local_rule_parts(puzzle, grid, BUILD_BAND, values)
        if not puzzle.pearl_cells():
            yield [list(range(1, len(grid) + 1))]
        else:
            if squares:
                yield no_square_loops(grid, values)
            if small_loops:
                yield no_small_loops(puzzle, grid, values=values)
        if sides:
            yield from side_clause_parts(grid, len(grid) + 1, BUILD_BAND, values)

    for part in parts():
        clauses.extend(part)
        if late := out_of_time():
            return late
    stats.clauses = len(clauses)
    stats.encode_s = perf_counter() - start
    if not all(clauses):  # an empty clause (a pearl with no way through)
        stats.solve_s = 0.0
        return SolveResult(Verdict.NONE, puzzle, stats=stats, message=no_way_through(puzzle))

    with Solver(name=name) as solver:
        if name == "cadical195":
            solver.configure(CADICAL_OPTIONS if cadical_options is None else cadical_options)
        # like the other CNF strategies, encoding time includes loading the solver
        for first in range(0, len(clauses), LOAD_CHUNK):
            if late := out_of_time():
                return late
            load_clauses(solver, clauses[first:first + LOAD_CHUNK])
        stats.encode_s = perf_counter() - start
        pearls = {grid.cell_id(cell) for cell in puzzle.pearl_cells()}
        search = _LoopSearch(solver, grid, pearls, deadline, cut, grow_after)
        result = _solve_and_prove(puzzle, grid, search, stats, swaps)
        effort = solver.accum_stats()
    stats.clauses = len(clauses) + search.added
    stats.conflicts = effort.get("conflicts")
    stats.decisions = effort.get("decisions")
    stats.propagations = effort.get("propagations")
    stats.extra.update(sat_calls=search.calls, restarts=effort.get("restarts"),
                       cuts=search.cuts, region_cuts=search.regions,
                       grown_cuts=search.grown_cuts, cut=cut, sides=sides,
                       grown_after=search.grow_after, small_loops=small_loops,
                       swap_cuts=search.swap_cuts)
    return result


def _solve_and_prove(
    puzzle: MasyuPuzzle, grid: GridEdges, search: _LoopSearch, stats: SolveStats,
    swaps: bool = False,
) -> SolveResult:
    start = perf_counter()
    try:
        first = search.next_answer()
    except _TimeOut:
        stats.solve_s = perf_counter() - start
        return SolveResult(Verdict.UNKNOWN, puzzle, stats=stats, message="time limit reached")
    stats.solve_s = perf_counter() - start
    if first is None:
        return SolveResult(Verdict.NONE, puzzle, stats=stats)
    solution = grid.solution(first)
    start = perf_counter()
    if swaps:
        search.swap_cuts_later(first)
    search.add(forbid_loop(first))
    try:
        second = search.next_answer()
    except _TimeOut:
        stats.uniqueness_s = perf_counter() - start
        return SolveResult(Verdict.UNKNOWN, puzzle, solution=solution, stats=stats,
                           message="time limit reached while proving uniqueness")
    stats.uniqueness_s = perf_counter() - start
    if second is None:
        return SolveResult(Verdict.UNIQUE, puzzle, solution=solution, stats=stats)
    other = grid.solution(second)
    return SolveResult(Verdict.MULTIPLE, puzzle, solution=solution, second_solution=other,
                       differences=solution.differing_cells(other), stats=stats)


class _LoopSearch:
    """Solve, cut loops that miss a pearl, solve again, until a loop visits every pearl."""

    def __init__(self, solver, grid: GridEdges, pearls: set[int], deadline: float | None,
                 cut: str, grow_after: int | None) -> None:
        self.solver = solver
        self._add_clause = clause_adder(solver)
        self.grid = grid
        self.pearls = pearls
        self.pearl_mask = np.zeros(grid.width * grid.height, dtype=bool)
        self.pearl_mask[sorted(pearls)] = True
        self.deadline = deadline
        self.cut = cut
        self.grow_after = grow_after if cut == "region" else None
        """Grown cuts from the call after this many calls; ``None``: none."""
        self.calls = 0
        self.cuts = 0
        self.regions = 0
        self.grown_cuts = 0
        self.added = 0
        self._model: list[int] = []
        self._used: np.ndarray | None = None
        """The current model's used edges, when its loops were labelled with numpy."""
        self._free: np.ndarray | None = None
        self._swap_answer: list[int] | None = None
        self._swap_at = 0
        self.swap_cuts = 0

    def swap_cuts_later(self, answer: list[int]) -> None:
        """Add the swap cuts of ``answer`` (:mod:`swap_cuts`) if the search for a second
        answer has not ended after ``SWAP_STALL_CALLS`` more calls."""
        self._swap_answer = answer
        self._swap_at = self.calls + SWAP_STALL_CALLS

    def add(self, clause: list[int]) -> None:
        self._add_clause(clause)
        self.added += 1

    def next_answer(self) -> list[int] | None:
        """Edge variables of the next loop through all pearls; ``None`` when none is left."""
        while True:
            if self._swap_answer is not None and self.calls >= self._swap_at:
                for clause in swap_cuts(self.grid, self._swap_answer, self.pearl_mask):
                    self.add(clause)
                    self.swap_cuts += 1
                self._swap_answer = None
            self.calls += 1
            if not self._solve():
                return None
            components, pearl_counts = self._loops(self.solver.get_model())
            total = len(self.pearls)
            for (edge_vars, _), count in zip(components, pearl_counts, strict=True):
                if count == total:
                    return edge_vars.tolist() if isinstance(edge_vars, np.ndarray) else edge_vars
            largest = max(range(len(components)), key=lambda i: len(components[i][1]))
            self._free = None
            for i, ((edge_vars, cells), count) in enumerate(
                    zip(components, pearl_counts, strict=True)):
                self._cut(edge_vars, cells, largest=i == largest, has_pearl=count > 0)

    def _loops(self, model: list[int]) -> tuple[Sequence[tuple[Sequence[int], Sequence[int]]],
                                                Sequence[int]]:
        """The model's loops and the pearls on each. Small grids walk them in Python; from
        ``NUMPY_MIN_EDGES`` edges they stay numpy arrays (labelled, counted and cut without
        Python lists: random 40x40, 60x60 and 100x100 solves 3%, 3.5% and 5% faster with the same
        calls, best of 3 interleaved in one process; janko even)."""
        if len(self.grid) < NUMPY_MIN_EDGES:
            components = walk_loops(self.grid, model)
            self._model, self._used = model, None
            return components, [len(self.pearls.intersection(cells)) for _, cells in components]
        self._used = used_edges(self.grid, model)
        labels = label_loops(self.grid, self._used)
        return labels, labels.marked_counts(self.pearl_mask).tolist()

    def _cut(self, edge_vars: Sequence[int], cells: Sequence[int], largest: bool,
             has_pearl: bool) -> None:
        self.cuts += 1
        if self.cut != "boundary" or not has_pearl:
            self.add(forbid_loop(edge_vars))
        if not has_pearl:
            return
        if self.cut in ("boundary", "both"):
            self.add(crossing_edges(self.grid, cells))
        elif self.cut == "region" and not largest and len(cells) >= REGION_MIN_CELLS:
            area = enclosed_area(self.grid, edge_vars, cells)
            if self.pearl_mask[area].sum() < len(self.pearls):
                self.add(crossing_edges(self.grid, area))
                self.regions += 1
                if self._growing() and len(cells) >= GROWN_MIN_CELLS:
                    grown = grown_area(self.grid, area, self._free_cells(), GROWN_STEPS)
                    if len(grown) > len(area):
                        self.add(crossing_edges(self.grid, grown))
                        self.grown_cuts += 1

    def _growing(self) -> bool:
        return self.grow_after is not None and self.calls > self.grow_after

    def _free_cells(self) -> np.ndarray:
        """The cells no loop of the current model touches, found once per model and only
        when a grown cut needs them."""
        if self._free is None:
            used = self._used
            if used is None:
                used = used_edges(self.grid, self._model)
            self._free = off_loop_cells(self.grid, used)
        return self._free

    def _solve(self) -> bool:
        """One SAT call, in conflict-budget slices when a deadline is set."""
        answer = solve_until(self.solver, self.deadline)
        if answer is None:
            raise _TimeOut
        return answer
