"""A generation's time limit holds inside a candidate (the trials' solves, the answers'
draws, the grades stop by it) and never lets an unproved puzzle out."""

from __future__ import annotations

import json
from time import perf_counter

import pytest
from conftest import run_cli_here

import pencilsat
from pencilsat.core.clock import check_clock, deadline_scope
from pencilsat.core.registry import rules_of
from pencilsat.core.result import TimeLimitReached, Verdict
from pencilsat.strategies.front import solve

SLACK_S = 10.0
"""How far past the limit a run may end on a loaded test machine; without the limit these
orders run for tens of seconds to minutes."""

BIG_ORDERS = [("ripple", 30, 30, {}), ("slant", 30, 30, {}), ("masyu", 30, 30, {}),
              ("fillomino", 30, 30, {}), ("yajilin", 30, 30, {}),
              ("lightup", 30, 30, {"level": 5})]


@pytest.mark.parametrize(("genre", "width", "height", "options"), BIG_ORDERS)
def test_the_limit_holds_inside_a_long_candidate(genre, width, height, options):
    start = perf_counter()
    made = pencilsat.generate(genre, width, height, seed=1, time_limit=0.5, **options)
    took = perf_counter() - start
    assert made.verdict == "unknown", f"{genre} made a {width}x{height} in {took:.1f} s"
    assert made.puzzle is None and made.solution is None and made.text is None
    assert took < 0.5 + SLACK_S, f"{genre}: {took:.1f} s against a 0.5 s limit"
    assert "--seed 1 --time-limit" in made.message


SMALL_ORDERS = [("heyawake", 7, 7, {}), ("fillomino", 7, 7, {}), ("slant", 8, 8, {}),
                ("yajilin", 8, 8, {}), ("lightup", 8, 8, {"level": 2}),
                ("masyu", 8, 8, {"level": 2}), ("nurikabe", 8, 8, {"level": 1}),
                ("starbattle", 8, 8, {})]


@pytest.mark.parametrize(("genre", "width", "height", "options"), SMALL_ORDERS)
def test_a_limited_run_returns_only_proved_puzzles(genre, width, height, options):
    """Limits around the time an order takes, so that some runs stop mid-candidate: every
    puzzle returned is unique by the default strategy with the generator's answer and
    passes the rule checker; every other run has no puzzle."""
    for seed in (1, 2, 3):
        for limit in (0.01, 0.05, 0.2, 1.0):
            made = pencilsat.generate(genre, width, height, seed=seed, time_limit=limit,
                                      **options)
            if made.verdict == "unknown":
                assert made.puzzle is None and made.solution is None
                continue
            assert made.verdict == "unique"
            assert not rules_of(made.puzzle).check(made.puzzle, made.solution)
            proof = solve(made.puzzle)
            assert proof.verdict == Verdict.UNIQUE and proof.solution == made.solution


def test_a_limited_run_that_ends_in_time_gives_the_seeds_puzzle():
    plain = pencilsat.generate("heyawake", 7, 7, seed=4)
    limited = pencilsat.generate("heyawake", 7, 7, seed=4, time_limit=600)
    assert limited.verdict == "unique" and limited.text == plain.text


def test_the_ambient_deadline_stops_a_clock_look_and_a_search():
    puzzle = pencilsat.generate("slant", 6, 6, seed=1).puzzle
    with deadline_scope(perf_counter() - 1):
        with pytest.raises(TimeLimitReached):
            check_clock(None)
        result = solve(puzzle)
    assert result.verdict == Verdict.UNKNOWN
    check_clock(None)  # outside the scope, no deadline


def test_generate_time_limit_on_the_command_line():
    status, out, err = run_cli_here("generate", "fillomino", "30x30", "--seed", "2",
                                    "--time-limit", "0.3")
    assert status == 3 and out == ""
    assert "time limit reached" in err and "--seed 2 --time-limit 0.6" in err
    status, out, _ = run_cli_here("generate", "fillomino", "30x30", "--seed", "2", "--json",
                                  "--time-limit", "0.3")
    record = json.loads(out)
    assert status == 3 and record["verdict"] == "unknown" and "puzzle" not in record


def test_generate_count_time_limit_gives_unknown_records():
    status, out, _ = run_cli_here("generate", "fillomino", "30x30", "--seed", "1", "--count",
                                  "2", "--workers", "1", "--time-limit", "0.3")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 3 and [r["verdict"] for r in records] == ["unknown", "unknown"]
    assert all("time limit reached" in r["message"] for r in records)
