"""Yajilin on both backends: janko agreement, second answers with their differences, no
answer, the encoding's clauses against the rule checker, and time limits."""

from __future__ import annotations

import pytest
from conftest import corpus_pairs, every_kth

from pencilsat.puzzles import yajilin as Y
from pencilsat.strategies.front import solve
from pencilsat.strategies.yajilin import run_circuit, run_lazy

JANKO = corpus_pairs("yajilin/janko", max_cells=20 * 20)
STRATEGIES = [("lazy", "cnf"), ("circuit", "cpsat")]


def load(txt, sol):
    return Y.parse_puzzle(txt.read_text(), txt.stem), Y.parse_solution(sol.read_text())


def grid(*rows: str) -> Y.YajilinPuzzle:
    return Y.parse_puzzle(f"yajilin {len(rows[0].split())} {len(rows)}\n" + "\n".join(rows))


def test_corpus_is_there():
    assert len(JANKO) > 450


def test_janko_sample_is_unique_with_the_stored_solution_on_cnf():
    for txt, sol in every_kth(JANKO, 20):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, backend="cnf")
        assert result.verdict == "unique", (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


def test_janko_sample_is_unique_with_the_stored_solution_on_cpsat():
    for txt, sol in every_kth(JANKO, 60):
        puzzle, expected = load(txt, sol)
        result = solve(puzzle, backend="cpsat")
        assert result.verdict == "unique", (puzzle.name, result.message)
        assert result.solution == expected, puzzle.name


def test_janko_with_given_black_cells_is_unique_on_both_backends():
    txt = next(t for t, _ in corpus_pairs("yajilin/janko") if "#" in t.read_text())
    puzzle, expected = load(txt, txt.with_suffix(".sol"))
    for encoding, backend in STRATEGIES:
        result = solve(puzzle, encoding=encoding, backend=backend)
        assert (result.verdict, result.solution) == ("unique", expected), encoding


def brute_force(puzzle: Y.YajilinPuzzle) -> list[Y.YajilinSolution]:
    """Every answer of a small puzzle, without SAT: each set of open cells no two of which
    touch, then every Hamiltonian cycle through the other open cells (a depth-first walk from
    the smallest, each cycle once), kept when the rule checker passes it."""
    open_cells = [(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
                  if puzzle.is_open((r, c))]
    out = []
    for shaded in _independent_sets(open_cells):
        rest = sorted(set(open_cells) - shaded)
        for edges in _cycles(rest):
            candidate = Y.YajilinSolution.of(edges, shaded, puzzle.width, puzzle.height)
            if not Y.check(puzzle, candidate):
                out.append(candidate)
    return out


def _independent_sets(cells, chosen=frozenset()):
    if not cells:
        yield chosen
        return
    first, rest = cells[0], cells[1:]
    yield from _independent_sets(rest, chosen)
    if all(abs(first[0] - r) + abs(first[1] - c) != 1 for r, c in chosen):
        yield from _independent_sets(rest, chosen | {first})


def _cycles(cells):
    if len(cells) < 4:
        return
    members = set(cells)

    def steps(cell):
        return [(cell[0] + dr, cell[1] + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if (cell[0] + dr, cell[1] + dc) in members]

    start = cells[0]
    path = [start]

    def walk():
        here = path[-1]
        for nxt in steps(here):
            if nxt == start and len(path) == len(cells) and path[1] < path[-1]:
                yield [Y.edge(path[i], path[(i + 1) % len(path)]) for i in range(len(path))]
            elif nxt not in path:
                path.append(nxt)
                yield from walk()
                path.pop()

    yield from walk()


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_an_ambiguous_puzzle_gives_a_valid_second_answer_and_the_differences(encoding,
                                                                            backend):
    puzzle = grid(". . .", ". . .", ". . .")  # the loop may leave out any corner or the centre
    assert len(brute_force(puzzle)) == 5
    result = solve(puzzle, encoding=encoding, backend=backend)
    assert result.verdict == "multiple"
    assert Y.check(puzzle, result.solution) == [] and Y.check(puzzle, result.second_solution) == []
    assert result.solution != result.second_solution
    assert result.differences == result.solution.differing_cells(result.second_solution)
    assert result.differences


@pytest.mark.parametrize(("encoding", "backend"), STRATEGIES)
def test_a_puzzle_without_an_answer_gives_none(encoding, backend):
    puzzle = grid("1> . .", ". . .", ". . .")  # a shaded cell in the top row leaves no loop
    assert brute_force(puzzle) == []
    assert solve(puzzle, encoding=encoding, backend=backend).verdict == "none"


SMALL = [
    grid("."),  # none: a lone cell is shaded and there is no loop
    grid("0> 0<"),  # none: no open cell
    grid(". .", ". ."),  # unique: the ring, no clue at all
    grid(". . . .", ". 1< . .", ". . . .", ". . . 0^"),  # none
    grid(". . . .", ". # . .", ". . 1v .", ". . . ."),  # none
    grid(". . . .", ". . . .", ". . . .", ". . 1^ ."),  # unique
    grid(". . . .", ". 0> . 0<", ". 0< . .", ". . . ."),  # unique
    grid(". . . .", ". . . .", ". . 1< .", ". . . ."),  # three answers
    grid(". . . . .", ". . . . .", ". . 1< . .", ". . . . ."),  # eleven
]


@pytest.mark.parametrize("puzzle", SMALL)
def test_small_puzzles_agree_with_brute_force_on_both_strategies(puzzle):
    answers = brute_force(puzzle)
    expected = "none" if not answers else "unique" if len(answers) == 1 else "multiple"
    for run in (run_lazy, run_circuit):
        result = run(puzzle)
        assert result.verdict == expected, run.__name__
        if answers:
            assert result.solution in answers and (result.second_solution is None
                                                   or result.second_solution in answers)


def test_a_time_limit_gives_unknown():
    puzzle = Y.parse_puzzle("yajilin 200 200\n" + "\n".join([" ".join("." * 200)] * 200))
    assert run_lazy(puzzle, time_limit=0.05).verdict == "unknown"
