"""Sudoku on both backends: Tatham's Solo, tdoku's exact counts, big grids, the rule checker."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import CORPUS, every_kth

from pencilsat.core.errors import InputError
from pencilsat.encodings import sudoku as E
from pencilsat.puzzles import sudoku as S
from pencilsat.strategies.front import solve


def tatham() -> list[tuple[str, str]]:
    out = []
    for txt in sorted((CORPUS / "sudoku/tatham").glob("*.txt")):
        sols = txt.with_suffix(".sol").read_text().split()
        puzzles = txt.read_text().split()
        assert len(sols) == len(puzzles)
        out += list(zip(puzzles, sols, strict=True))
    return out


def tdoku() -> list[tuple[str, int, str | None]]:
    rows = []
    for line in (CORPUS / "sudoku/tdoku_test_puzzles.tsv").read_text().splitlines():
        parts = line.split("\t")
        rows.append((parts[0], int(parts[1]), parts[2] if len(parts) > 2 else None))
    return rows


TATHAM = tatham()
TDOKU = tdoku()


def test_corpus_is_there():
    assert len(TATHAM) == 204 and len(TDOKU) == 43


def assert_unique(line: str, expected: str, **options) -> None:
    p = S.parse_line(line)
    r = solve(p, **options)
    assert r.verdict == "unique", r.message
    assert S.check(p, r.solution) == []
    assert S.format_line(r.solution.grid) == expected


def test_every_tatham_puzzle_on_cnf():
    for line, sol in TATHAM:
        assert_unique(line, sol, backend="cnf")


def test_tatham_sample_on_cpsat():
    sample = every_kth(TATHAM, 2)
    assert len(sample) >= 100
    for line, sol in sample:
        assert_unique(line, sol, backend="cpsat")


@pytest.mark.parametrize("encoding", ["extended", "minimal"])
@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_csp_clause_sets(encoding, backend):
    for line, sol in every_kth(TATHAM, 34):
        assert_unique(line, sol, encoding=encoding, backend=backend)


def verdict_for(count: int) -> str:
    return {0: "none", 1: "unique"}.get(count, "multiple")


@pytest.mark.parametrize("backend,step", [("cnf", 1), ("cpsat", 3)])
def test_tdoku_counts_on_the_front(backend, step):
    for line, count, sol in every_kth(TDOKU, step):
        p = S.parse_line(line)
        r = solve(p, backend=backend)
        assert r.verdict == verdict_for(count), line
        if count == 1:
            assert S.format_line(r.solution.grid) == sol
        if count > 1:
            assert S.check(p, r.solution) == [] and S.check(p, r.second_solution) == []
            assert r.solution != r.second_solution


def pattern_grid(n: int) -> np.ndarray:
    """A valid full n x n grid: row r is the base row shifted by box-aware offsets."""
    b = int(round(n ** 0.5))
    return np.array([[(b * (r % b) + r // b + c) % n + 1 for c in range(n)] for r in range(n)])


def test_pattern_grid_is_valid():
    for n in (4, 9, 16, 25):
        g = pattern_grid(n)
        assert S.check(S.SudokuPuzzle(g), S.SudokuSolution(g)) == []


@pytest.mark.parametrize("n,blank", [(4, 0.5), (16, 0.35), (25, 0.4)])
@pytest.mark.parametrize("backend", ["cnf", "cpsat"])
def test_big_grids_are_solved(n, blank, backend):
    full = pattern_grid(n)
    clues = full.copy()
    clues[np.random.default_rng(n).random((n, n)) < blank] = 0
    p = S.SudokuPuzzle(clues)
    r = solve(p, backend=backend)
    assert S.check(p, r.solution) == []
    assert r.verdict == "unique" and np.array_equal(r.solution.grid, full)


def test_25x25_line_form_round_trips_through_the_solver():
    full = pattern_grid(25)
    clues = full.copy()
    clues[np.random.default_rng(7).random((25, 25)) < 0.3] = 0
    p = S.parse_line(S.format_line(clues))
    r = solve(p)
    assert r.verdict == "unique" and S.format_line(r.solution.grid) == S.format_line(full)


def test_grid_clauses_number_cell_digits_first():
    clauses = E.grid_clauses(9)
    assert E.num_vars(clauses) == 729  # pairwise: no auxiliaries
    assert E.num_vars(E.grid_clauses(16)) > 16 ** 3  # sequential counters above 9
    assert [E.var(9, 0, 0, d) for d in range(1, 10)] in clauses  # cell (0,0) holds a digit


def test_direct_strategy_reuses_its_solver_and_stays_exact():
    # alternate multiple, none and unique puzzles through the cached solver
    for line, count, sol in TDOKU[::5] + TDOKU[::-7]:
        r = solve(S.parse_line(line), encoding="direct")
        assert r.verdict == verdict_for(count)
        if count == 1:
            assert S.format_line(r.solution.grid) == sol
    assert r.stats.variables == 729 and r.stats.extra["decided_by"] in ("propagation", "search")


def test_unknown_clause_set_is_refused():
    with pytest.raises(ValueError):
        E.build(S.parse_line("." * 81), "maximal")


# ---- the rule checker rejects each broken rule

SOLVED = pattern_grid(9)


def broken(changes: dict[tuple[int, int], int]) -> S.SudokuSolution:
    g = SOLVED.copy()
    for cell, v in changes.items():
        g[cell] = v
    return S.SudokuSolution(g)


def rules(puzzle, solution) -> set[tuple[str, tuple[int, int] | None]]:
    return {(v.rule, v.cell) for v in S.check(puzzle, solution)}


def test_valid_grid_passes():
    assert S.check(S.SudokuPuzzle(SOLVED), S.SudokuSolution(SOLVED)) == []


def test_changed_clue_is_rejected():
    clues = np.zeros((9, 9), dtype=int)
    clues[0, 0] = SOLVED[0, 0]
    swapped = SOLVED.copy()
    swapped[:, [0, 1]] = swapped[:, [1, 0]]  # swap two columns of one stack: still a Sudoku
    found = rules(S.SudokuPuzzle(clues), S.SudokuSolution(swapped))
    assert found == {("clue-changed", (0, 0))}


def test_unfilled_cell_is_rejected():
    found = rules(S.SudokuPuzzle(np.zeros((9, 9))), broken({(4, 4): 0}))
    assert ("cell-not-filled", (4, 4)) in found


@pytest.mark.parametrize("rule", ["repeat-in-row", "repeat-in-column", "repeat-in-box"])
def test_repeated_digit_is_rejected(rule):
    # (0,1) takes the value of (0,0): repeated in row 0 and in the top-left box, and column 1
    # now holds that digit twice as well
    found = {r for r, _ in rules(S.SudokuPuzzle(np.zeros((9, 9))),
                                 broken({(0, 1): int(SOLVED[0, 0])}))}
    assert rule in found


def test_column_only_repeat():
    # swapping two cells of a row keeps the row and the box (same box) valid, breaks 2 columns
    g = SOLVED.copy()
    g[0, 0], g[0, 1] = g[0, 1], g[0, 0]
    found = {r for r, _ in rules(S.SudokuPuzzle(np.zeros((9, 9))), S.SudokuSolution(g))}
    assert found == {"repeat-in-column"}


def test_the_quick_check_agrees_with_the_rules_house_by_house():
    """The checker's whole-grid pass (one sum of powers of two) accepts a grid exactly when
    every row, column and box sorts to 1..9 and every clue is kept: random grids one or two
    edits away from a solution (a cell changed, also to a value that is no byte or whose low
    byte is a digit, two cells swapped, digits relabelled)."""
    rng = np.random.default_rng(46)
    houses = S.SudokuPuzzle(SOLVED).houses()
    seen = set()
    for _ in range(400):
        grid = SOLVED.copy()
        for _ in range(int(rng.integers(1, 3))):
            kind = rng.integers(3)
            (r, c), (q, d) = rng.integers(9, size=2), rng.integers(9, size=2)
            if kind == 0:
                grid[r, c] = int(rng.choice([*range(-1, 11), -32768, -247, 256, 265, 32767]))
            elif kind == 1:
                grid[r, c], grid[q, d] = grid[q, d], grid[r, c]
            else:
                grid = rng.permutation(10)[np.where(grid >= 0, grid, 0) % 10]
        clues = np.where(rng.random((9, 9)) < 0.2, SOLVED, 0)
        valid = all(sorted(int(grid[cell]) for cell in house) == list(range(1, 10))
                    for house in houses) and bool(((clues == 0) | (clues == grid)).all())
        assert (S.check(S.SudokuPuzzle(clues), S.SudokuSolution(grid)) == []) == valid
        seen.add(valid)
    assert seen == {True, False}


def test_wrong_size_is_rejected():
    found = S.check(S.SudokuPuzzle(np.zeros((9, 9))), S.SudokuSolution(np.ones((4, 4))))
    assert [v.rule for v in found] == ["size"]


def test_a_file_of_one_line_puzzles_points_to_batch():
    from pencilsat.core.errors import InputError

    text = "\n".join(line for line, _ in TATHAM[:3]) + "\n"
    with pytest.raises(InputError) as err:
        S.parse_puzzle(text)
    assert "--batch" in (err.value.hint or "")


BOXED_LINE = ".3....19..9..352.....8.23.....5.8.....1...7.....4.6.....76.4.....459..1..81....5."


@pytest.mark.parametrize("style", ["pipes", "boxed", "groups"])
def test_grids_with_box_separators_read_as_the_line(style):
    """The README promises that '|', '-' and '+' separators are ignored: box groups of three
    cells, with or without bars, read as the same puzzle as the 81-character line."""
    rows = [BOXED_LINE[9 * r:9 * r + 9] for r in range(9)]
    groups = [[row[0:3], row[3:6], row[6:9]] for row in rows]
    if style == "pipes":
        lines = ["|".join(g) for g in groups]
        lines[3:3] = ["---+---+---"]
        lines[7:7] = ["---+---+---"]
    elif style == "boxed":
        lines = ["+-------+-------+-------+"] + ["| " + " | ".join(g) + " |" for g in groups]
    else:
        lines = [" ".join(g) for g in groups]
    grid = S.parse_puzzle("\n".join(lines) + "\n")
    assert np.array_equal(grid.clues, S.parse_puzzle(BOXED_LINE).clues)


@pytest.mark.parametrize(("header", "body", "says"), [
    ("sudoku 4 4", "." * 81, "the header says 4x4, the grid under it is 9x9"),
    ("sudoku 25 25", ".2..3..2.3.141.3", "the header says 25x25, the grid under it is 4x4"),
    ("sudoku 9 9", "\n".join(["." * 16] * 16), "the header says 9x9, the grid under it is 16x16"),
])
def test_a_header_that_disagrees_with_its_grid_is_refused(header, body, says):
    """The header's size used to be read and dropped: each of these was solved as the grid's
    size, without a word."""
    from pencilsat.core.errors import InputError
    from pencilsat.puzzles.sudoku import parse_puzzle

    with pytest.raises(InputError) as caught:
        parse_puzzle(f"{header}\n{body}\n")
    assert says in str(caught.value) and caught.value.line == 1


@pytest.mark.parametrize(("cells", "says"), [
    ({0: 1, 1: 1}, "the clues repeat 1 in row 1 (r1c1 and r1c2)"),
    ({4: 7, 40: 7}, "the clues repeat 7 in column 5 (r1c5 and r5c5)"),
    ({30: 5, 50: 5}, "the clues repeat 5 in box 5 (r4c4 and r6c6)"),
])
def test_no_solution_from_repeated_clues_says_where(cells, says):
    """An editor's typo in the givens used to give a bare ``none``."""
    line = "".join(str(cells.get(i, ".")) for i in range(81))
    result = solve(S.parse_line(line))
    assert result.verdict == "none" and result.message == says


def test_no_solution_without_a_repeat_gives_no_reason():
    # r1c1 can hold nothing: 1-8 in its row, 9 in its column
    line = "." + "12345678" + "9" + "." * 71
    result = solve(S.parse_line(line))
    assert result.verdict == "none" and not result.message


def test_the_direct_strategy_reports_its_uniqueness_time():
    """``uniqueness -`` read as "uniqueness was not checked": the second search's time is
    now measured (0 when propagation forced every cell, in the shared solver and in the
    reproducible search)."""
    from pencilsat.strategies.sudoku_batch import solve_reproducibly

    grid = ("534678912672195348198342567859761423426853791713924856961537284287419635"
            "345286179")
    forced = solve(S.parse_line("." + grid[1:]))
    assert forced.verdict == "unique" and forced.stats.extra["decided_by"] == "propagation"
    assert forced.stats.uniqueness_s == 0.0
    assert solve_reproducibly(S.parse_line("." + grid[1:])).stats.uniqueness_s == 0.0
    several = solve(S.parse_line("." * 81))
    assert several.verdict == "multiple" and several.stats.extra["decided_by"] == "search"
    assert several.stats.uniqueness_s is not None and several.stats.uniqueness_s >= 0
    none = solve(S.parse_line("11" + "." * 79))
    assert none.verdict == "none" and none.stats.uniqueness_s is None


def test_grid_errors_name_the_text_column_and_the_likely_slip():
    """The column was the cell's number in the row, so an editor jumping to it landed on
    the wrong character; a row of '-' vanished as a separator and a '#' comment counted as a
    row, each with only a wrong row count to show for it."""
    from pencilsat.core.errors import InputError
    from pencilsat.puzzles.sudoku import parse_puzzle

    rows = ["|.2.|81.|74.|", "|7..|..3|1..|", "|.9.|..2|x.5|"] + ["|...|...|...|"] * 6
    with pytest.raises(InputError) as caught:
        parse_puzzle("\n".join(rows) + "\n")
    assert (caught.value.line, caught.value.column) == (3, 10)
    assert "cell 7 of the row" in caught.value.message
    spaced = [" ".join(row) for row in rows]
    with pytest.raises(InputError) as caught:
        parse_puzzle("\n".join(spaced) + "\n")
    assert caught.value.column == spaced[2].index("x") + 1
    with pytest.raises(InputError, match="a line of '-' alone is read as a separator"):
        parse_puzzle("\n".join(["-" * 9] + ["." * 9] * 8) + "\n")
    with pytest.raises(InputError, match="a puzzle file takes no comments"):
        parse_puzzle("\n".join(["# week 12"] + ["." * 9] * 9) + "\n")


def _all_4x4_grids() -> list[np.ndarray]:
    """Every valid 4x4 Sudoku grid (288), by brute force over row permutations."""
    from itertools import permutations

    rows = [np.array(p) for p in permutations(range(1, 5))]
    grids = []

    def extend(chosen: list[np.ndarray]) -> None:
        if len(chosen) == 4:
            grid = np.array(chosen)
            boxes = [grid[r:r + 2, c:c + 2].ravel() for r in (0, 2) for c in (0, 2)]
            if all(len(set(b.tolist())) == 4 for b in boxes):
                grids.append(grid)
            return
        for row in rows:
            if all(len(set(col.tolist())) == len(col) for col in np.array([*chosen, row]).T):
                extend([*chosen, row])

    extend([])
    return grids


def test_the_clauses_a_fresh_solver_loads_keep_every_answer():
    """The single-puzzle path loads the clauses its clues leave open (clauses_given): on
    random 4x4 clue sets, its verdict and answers agree with brute force over all 288 grids,
    clues that clash included."""
    rng = np.random.default_rng(5)
    grids = _all_4x4_grids()
    assert len(grids) == 288
    for _ in range(150):
        clues = np.zeros((4, 4), dtype=int)
        for cell in rng.choice(16, size=int(rng.integers(0, 9)), replace=False):
            clues.flat[cell] = int(rng.integers(1, 5))
        fits = [g for g in grids if np.all((clues == 0) | (clues == g))]
        result = solve(S.SudokuPuzzle(clues))
        expected = "none" if not fits else "unique" if len(fits) == 1 else "multiple"
        assert result.verdict == expected, clues
        for answer in (result.solution, result.second_solution):
            if answer is not None:
                assert any(np.array_equal(answer.grid, g) for g in fits)


def _corpus_lines(name: str, count: int) -> list[str]:
    words = (line.split() for line in (CORPUS / "sudoku" / name).read_text().splitlines())
    return [w[0] for w in words if w and not w[0].startswith("#")][:count]


def test_one_at_a_time_figures_do_not_depend_on_the_order():
    """``pencilsat.solve(line)`` one puzzle after another in one process: each puzzle gets
    the same verdict, answers and effort figures whether the list is solved forwards or
    backwards. The answers come from a solver kept per thread, the figures from the
    reproducible search (a function of the puzzle alone), run when first read: here only
    once every puzzle is solved, when the shared solver has long moved on. Royle's 17-clue
    puzzles and the forum's hardest (which the search leaves to a fresh solver) are mixed,
    with two puzzles of several answers (whose answers the shared solver does not give)."""
    import pencilsat

    puzzles = _corpus_lines("royle_17clue.txt", 60) + _corpus_lines("forum_hardest_1106.txt", 4)
    puzzles = puzzles[::2] + puzzles[1::2]  # hard ones among the easy ones
    puzzles[10:10] = ["." * 81, puzzles[20][:40] + "." * 41]

    def figures(result) -> tuple:
        s = result.stats
        return (str(result.verdict), result.solution, result.second_solution, s.conflicts,
                s.decisions, s.propagations, s.clauses, s.extra["decided_by"])

    forwards = [pencilsat.solve(line) for line in puzzles]
    backwards = [pencilsat.solve(line) for line in reversed(puzzles)][::-1]
    assert [figures(r) for r in forwards] == [figures(r) for r in backwards]
    first = [figures(r) for r in forwards]
    assert {f[-1] for f in first} == {"propagation", "search"}
    assert {f[6] for f in first} != {10530}  # some went to a fresh, simplified solver
    assert [f[0] for f in first].count("multiple") == 2
    assert {f[0] for f in first} == {"unique", "multiple"}


def test_the_shared_solver_answers_and_the_figures_wait_until_read(monkeypatch):
    """A 9x9 puzzle is decided on the thread's solver; the reproducible search runs only
    when a figure is first read, once, and its figures are the ones reported."""
    from pencilsat.strategies import sudoku_shared
    from pencilsat.strategies.sudoku_batch import solve_reproducibly

    calls = []

    def counted(puzzle):
        calls.append(puzzle)
        return solve_reproducibly(puzzle)

    lines = _corpus_lines("royle_17clue.txt", 4)
    solve(S.parse_line(lines.pop()))  # a thread's first 9x9 puzzle takes the other path
    monkeypatch.setattr(sudoku_shared, "solve_reproducibly", counted)
    results = [solve(S.parse_line(line)) for line in lines]
    grid = sudoku_shared.shared_grid()
    assert calls == [] and grid.used >= 3
    for line, result in zip(lines, results, strict=True):
        again = solve_reproducibly(S.parse_line(line))
        assert result.verdict == again.verdict == "unique"
        assert result.solution == again.solution
        assert result.stats.conflicts == again.stats.conflicts
        assert result.stats.to_dict() | {"solve_s": 0, "uniqueness_s": 0, "encode_s": 0} == \
            again.stats.to_dict() | {"solve_s": 0, "uniqueness_s": 0, "encode_s": 0}
    assert len(calls) == 3  # once each, read twice


def test_a_caller_that_reads_every_figure_skips_the_shared_solver():
    """Inside ``figures_read`` a puzzle goes straight to the reproducible search (one search,
    not a shared solve and a deferred one); outside it, the next puzzle uses the solver."""
    from pencilsat.strategies import sudoku_shared

    lines = _corpus_lines("royle_17clue.txt", 3)
    solve(S.parse_line(lines.pop()))  # a thread's first 9x9 puzzle takes the other path
    used = sudoku_shared.shared_grid().used
    with sudoku_shared.figures_read():
        inside = solve(S.parse_line(lines[0]))
    assert sudoku_shared.shared_grid().used == used
    assert type(inside.stats).__name__ == "SolveStats"
    solve(S.parse_line(lines[1]))
    assert sudoku_shared.shared_grid().used == used + 1


def test_each_thread_has_its_own_shared_solver():
    """The desk and the API solve on several threads: each gets its own solver from its
    second 9x9 puzzle on (one puzzle alone needs no solver), and the same answers as one
    thread."""
    import threading

    from pencilsat.strategies import sudoku_shared

    lines = _corpus_lines("royle_17clue.txt", 8)
    alone = [solve(S.parse_line(line)).solution for line in lines]
    grids, answers, first = {}, {}, {}

    def work(k: int) -> None:
        answers[k] = [solve(S.parse_line(lines[k])).solution]
        first[k] = sudoku_shared._SHARED.grid
        answers[k] += [solve(S.parse_line(line)).solution for line in lines[k + 2::2]]
        grids[k] = sudoku_shared._SHARED.grid

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert first == {0: None, 1: None}
    assert grids[0] is not None and grids[1] is not None and grids[0] is not grids[1]
    assert answers[0] == alone[0::2] and answers[1] == alone[1::2]


def test_a_shared_solve_cut_short_is_unknown_or_drops_the_solver(monkeypatch):
    """Past the deadline in the shared solver's first call: ``unknown`` with the search's
    message and no figures, as past the memory budget; a call that raises (Ctrl-C) leaves
    the thread a new solver, which answers the next puzzle."""
    from pencilsat.core.result import PHASE_MESSAGES, MemoryLimitReached, limit_message
    from pencilsat.strategies import sudoku_shared

    line = _corpus_lines("royle_17clue.txt", 1)[0]
    first = solve(S.parse_line(line))
    monkeypatch.setattr(sudoku_shared, "solve_until", lambda *args, **kwargs: None)
    late = solve(S.parse_line("." * 81))  # propagation decides nothing there
    assert late.verdict == "unknown" and late.message == PHASE_MESSAGES["search"]
    assert late.solution is None and late.stats.conflicts is None

    def over_budget(*args, **kwargs):
        raise MemoryLimitReached("search")

    monkeypatch.setattr(sudoku_shared, "solve_until", over_budget)
    full = solve(S.parse_line("." * 81))
    assert full.verdict == "unknown" and full.message == limit_message("search", "memory")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    before = sudoku_shared.shared_grid()
    monkeypatch.setattr(sudoku_shared, "solve_until", interrupted)
    with pytest.raises(KeyboardInterrupt):
        solve(S.parse_line("." * 81))
    monkeypatch.undo()
    again = solve(S.parse_line(line))
    assert sudoku_shared.shared_grid() is not before and before.solver is None
    assert again.verdict == "unique" and again.solution == first.solution


def test_a_nine_by_nine_line_is_read_without_asking_the_file_system(monkeypatch):
    """81 digits and dots are a Sudoku line, never a path: ``pencilsat.solve(line)`` reads
    it without a ``stat`` call; a line with spaces around it is still read."""
    import pencilsat
    from pencilsat.formats import detect

    line = _corpus_lines("royle_17clue.txt", 1)[0]
    expected = solve(S.parse_line(line))

    def no_stat(path):
        raise AssertionError(f"asked the file system about {path!r}")

    monkeypatch.setattr(detect, "_is_file", no_stat)
    assert pencilsat.solve(line).solution == expected.solution
    monkeypatch.undo()
    assert pencilsat.solve(f" {line}\n").solution == expected.solution


def test_the_shared_solver_under_a_time_limit_slices_on_its_own_thread(monkeypatch):
    """MiniSat, the shared solver, stops at conflict budgets, so a time limit slices its
    calls on the calling thread (no watching thread per call) and the verdicts and answers
    are those found without a limit, for unique puzzles and for one with many answers."""
    from pencilsat.backends import pysat_calls

    lines = [*_corpus_lines("magictour_top1465.txt", 4), "." * 81]
    plain = [solve(S.parse_line(line)) for line in lines]

    def watched(*args, **kwargs):
        raise AssertionError("the shared solver's call went to a watching thread")

    monkeypatch.setattr(pysat_calls, "_solve_watched", watched)
    for line, expected in zip(lines, plain, strict=True):
        limited = solve(S.parse_line(line), time_limit=600)
        assert limited.verdict == expected.verdict
        assert limited.solution == expected.solution
    assert [r.verdict for r in plain] == ["unique"] * 4 + ["multiple"]


def test_a_puzzle_past_the_search_caps_gets_a_solver_of_what_the_clues_leave_open():
    """A 9x9 puzzle the search gives up on goes to a fresh CaDiCaL holding only the clauses
    that what propagation forces from the clues leaves open (fewer than the clues alone
    leave), with those literals assumed: the same answer as the batch, which holds all."""
    from pencilsat.encodings.sudoku import clauses_given
    from pencilsat.strategies import sudoku_propagate as P
    from pencilsat.strategies.sudoku_batch import solve_batch

    words = (line.split() for line in (CORPUS / "sudoku/forum_hardest_1106.txt").read_text()
             .splitlines())
    lines = [w[0] for w in words if w and not w[0].startswith("#")][:3]
    for line, record in zip(lines, solve_batch(lines), strict=True):
        clues = [i * 9 + int(ch) for i, ch in enumerate(line) if ch not in ".0"]
        found, count = P.search(clues)
        assert found is None and set(clues) < set(count.root_literals())
        result = solve(S.parse_line(line))
        assert result.verdict == record["verdict"] == "unique"
        assert S.format_line(result.solution.grid) == record["solution"]
        assert result.stats.clauses < len(clauses_given(9, clues)[0])


def test_the_bitset_search_is_the_search_over_a_solvers_propagation():
    """The one-at-a-time search computes unit propagation on bitsets: the same branching
    search over a SAT solver's own propagation of the extended clauses (written out here,
    node for node: a conflict, a full grid, or the open cell with the fewest digits left)
    finds the same answers with the same figures, and gives up at the same node. Royle's
    puzzles (a few past the search's caps), two of the forum's hardest, and clue sets with
    a repeated digit or an empty cell left without a candidate."""
    from pysat.solvers import Solver

    from pencilsat.strategies import sudoku_propagate as P
    from pencilsat.strategies.sudoku_tables import grid_tables

    def clue_literals(line: str) -> list[int]:
        return [i * 9 + int(ch) for i, ch in enumerate(line) if ch not in ".0"]

    def lines(name: str, count: int) -> list[str]:
        words = (line.split() for line in (CORPUS / "sudoku" / name).read_text().splitlines())
        return [w[0] for w in words if w and not w[0].startswith("#")][:count]

    def reference(solver: Solver, clues: list[int]) -> tuple:
        found: list[list[int]] = []
        calls = conflicts = 0
        stack = [clues]
        while stack:
            if calls == P.MAX_CALLS or len(stack) > P.MAX_PENDING:
                return None, calls - 1, conflicts, calls
            assumptions = stack.pop()
            calls += 1
            ok, lits = solver.propagate(assumptions=assumptions)
            if not ok:
                conflicts += 1
                continue
            if len(lits) == 729:
                found.append([(v - 1) % 9 + 1 for v in sorted(v for v in lits if v > 0)])
                if len(found) == 2:
                    break
                continue
            assigned = [0] * 81
            for v in lits:
                assigned[(abs(v) - 1) // 9] += 1
            cell = min((c for c in range(81) if assigned[c] < 9), key=lambda c: -assigned[c])
            taken = {abs(v) for v in lits if (abs(v) - 1) // 9 == cell}
            stack += [[*assumptions, lit] for lit in range(cell * 9 + 9, cell * 9, -1)
                      if lit not in taken]
        return found, calls - 1, conflicts, calls

    puzzles = lines("royle_17clue.txt", 12) + lines("forum_hardest_1106.txt", 2)
    puzzles += ["11" + "." * 79, "1" + "." * 8 + "1" + "." * 71,
                "12345678." + "." * 8 + "9" + "." * 63]
    given_up = 0
    with Solver(name="glucose3", bootstrap_with=grid_tables(9)[0]) as solver:
        for line in puzzles:
            found, count = P.search(clue_literals(line))
            ours = (None if found is None else [answer.tolist() for answer in found],
                    count.decisions, count.conflicts, count.propagations)
            expected = reference(solver, clue_literals(line))
            if found is None:  # given up: the answers and decisions are not reported
                ours, expected = ours[2:], expected[2:]
                given_up += 1
            assert ours == expected, line
    assert given_up > 0


def test_a_nine_by_nine_line_reads_as_digit_by_digit():
    """The array fast path of ``parse_line`` (and of ``read_input`` for a 9x9 line) reads
    '.', '0' and '1'-'9' as the general path does."""
    from pencilsat.formats.detect import read_input, read_puzzle

    rng = np.random.default_rng(3)
    for _ in range(20):
        line = "".join(rng.choice(list(".0123456789"), size=81))
        expected = np.array([0 if ch in ".0" else int(ch) for ch in line]).reshape(9, 9)
        assert np.array_equal(S.parse_line(line).clues, expected)
        assert read_input(line) == read_puzzle(line + "\n", "<argument>") == S.parse_line(line)
    with pytest.raises(InputError, match="unknown character 'A'"):
        S.parse_line("A" + "." * 80)


def test_the_9x9_line_reader_builds_what_the_checked_constructor_builds():
    """A 9x9 line is read without the constructor's copy and checks: the same read-only
    int16 grid as the constructor makes of the same digits, with ``.`` and ``0`` empty."""
    lines = _corpus_lines("royle_17clue.txt", 5) + _corpus_lines("magictour_top1465.txt", 5)
    for line in lines + [line.replace(".", "0") for line in lines]:
        read = S.parse_line(line, name="p")
        digits = [0 if ch in ".0" else int(ch) for ch in line]
        built = S.SudokuPuzzle(np.array(digits).reshape(9, 9), name="p")
        assert read == built and read.name == "p"
        assert read.clues.dtype == built.clues.dtype == np.int16
        assert not read.clues.flags.writeable
        assert S.format_line(read.clues) == line.replace("0", ".")


def test_a_solve_inside_an_exploration_does_not_inherit_it():
    """The front enters no exploration block when none is asked and none is open; inside
    one opened by a caller, a solve that asks for nothing still explores nothing."""
    from pencilsat.strategies.solution_space import Exploration, exploring

    line = _corpus_lines("royle_17clue.txt", 1)[0]
    with exploring(Exploration(count=5)):
        inside = solve(S.parse_line(line))
    assert inside.verdict == "unique" and inside.count is None
    asked = solve(S.parse_line(line), explore=Exploration(count=5))
    assert asked.count is not None and len(asked.count.solutions) == 1
