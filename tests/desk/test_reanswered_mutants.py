"""The verdict audit's reanswered mutants (``benchmarks/verdict_reanswered.py``): clues of a
unique corpus puzzle taken away and put back as another answer A' shows them give a puzzle
A' solves and the corpus answer does not, so the solver must say ``unique`` with A' or
``multiple``, never ``none``."""

from __future__ import annotations

import random
import sys

import pytest
from conftest import REPO, corpus_pairs

from pencilsat.api import read_puzzle
from pencilsat.core.registry import GENRES, genre_of
from pencilsat.core.result import Verdict
from pencilsat.strategies.front import solve

if str(REPO / "benchmarks") not in sys.path:
    sys.path.insert(0, str(REPO / "benchmarks"))


@pytest.mark.parametrize("genre", ["kakuro", "skyscrapers", "killersudoku"])
def test_reanswered_mutants_are_solved_by_the_other_answer_only(genre):
    from verdict_reanswered import reanswered

    rules = GENRES[genre].rules()
    built = 0
    for txt, sol in corpus_pairs(GENRES[genre].corpus)[:2]:
        puzzle = read_puzzle(txt)
        answer = rules.parse_solution(sol.read_text(), puzzle)
        assert solve(puzzle, time_limit=60).verdict == Verdict.UNIQUE
        for mutant in reanswered(puzzle, answer, random.Random(txt.name), 2, 60):
            assert mutant.kind == "reanswered" and not mutant.problem, mutant.what
            assert genre_of(mutant.puzzle) is GENRES[genre]
            assert mutant.puzzle != puzzle
            assert mutant.answer != answer and mutant.answer.differing_cells(answer)
            assert rules.check(mutant.puzzle, mutant.answer) == []
            assert rules.check(mutant.puzzle, answer), "the corpus answer solves it too"
            result = solve(mutant.puzzle, time_limit=60)
            assert result.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE), mutant.what
            if result.verdict == Verdict.UNIQUE:
                assert result.solution == mutant.answer
            built += 1
    assert built >= 2


def test_the_audit_flags_a_count_without_the_answer_known_to_solve_it():
    import verdict_audit
    from verdict_reanswered import reanswered

    from pencilsat.strategies.solution_space import Exploration

    genre = GENRES["skyscrapers"]
    txt, sol = corpus_pairs(genre.corpus)[0]
    puzzle = read_puzzle(txt)
    answer = genre.rules().parse_solution(sol.read_text(), puzzle)
    mutant = reanswered(puzzle, answer, random.Random(txt.name), 1, 60)[0]
    counted = solve(mutant.puzzle, time_limit=60, explore=Exploration(count=3))
    assert counted.count.complete
    audit = verdict_audit.Audit(genre)
    verdict_audit.check_known_answer(audit, "kept", mutant.answer, {"count": counted})
    assert audit.problems == []
    verdict_audit.check_known_answer(audit, "corpus", answer, {"count": counted})
    assert len(audit.problems) == 1 and "without the answer known" in audit.problems[0]


def test_the_audit_flags_a_unique_answer_other_than_the_one_known_to_solve_it(monkeypatch):
    import verdict_audit
    from verdict_reanswered import reanswered

    from pencilsat.core.result import SolveResult

    genre = GENRES["lightup"]  # its reanswered mutants are mostly multiple
    txt, sol = corpus_pairs(genre.corpus)[0]
    puzzle = read_puzzle(txt)
    answer = genre.rules().parse_solution(sol.read_text(), puzzle)
    mutants = reanswered(puzzle, answer, random.Random(txt.name), 4, 60)
    mutant, result = next((m, r) for m in mutants
                          if (r := solve(m.puzzle, time_limit=60)).verdict == Verdict.MULTIPLE)
    other = next(s for s in (result.solution, result.second_solution) if s != mutant.answer)
    assert genre.rules().check(mutant.puzzle, other) == []
    monkeypatch.setattr(verdict_audit, "solve", lambda p, **_: SolveResult(
        Verdict.UNIQUE, p, solution=other))  # a solver that misses the known answer
    audit = verdict_audit.Audit(genre)
    verdict_audit.audit_puzzle(audit, "mutant", mutant.puzzle, mutant.answer, True, False,
                               60, oracle_cells=0)
    assert any("not with the answer that solves it" in p for p in audit.problems)
