"""``POST /api/generate`` on a real server: the library's puzzle for the same order and seed,
which ``/api/solve`` then proves unique; which genres generate, and their levels, in ``GET
/api/genres``; malformed orders refused with 400 and orders the generators refuse with 422,
each saying what is wrong; another site's page refused; a time limit that comes first
``unknown``, and a generation that runs on past its hard limit stopped, its worker replaced."""

from __future__ import annotations

import json
import urllib.request

import pytest
from web_support import desk_server, exchange, health, post

import pencilsat
from pencilsat.core.registry import GENRES as REGISTRY
from pencilsat.core.registry import generated


@pytest.fixture(scope="module")
def server():
    with desk_server(workers=2) as base:
        yield base


def ask(base: str, fields: dict) -> tuple[int, dict]:
    return post(base, "generate", json.dumps(fields).encode())


def test_a_generated_puzzle_is_the_librarys_and_solves_unique(server):
    status, record = ask(server, {"genre": "sudoku", "size": "9x9", "level": 2, "seed": 4})
    assert status == 200 and record["verdict"] == "unique" and record["level"] == 2
    made = pencilsat.generate("sudoku", 9, 9, level=2, seed=4)
    assert record["puzzle"] == made.text and record["url"] == made.url
    assert record["command"] == made.command and record["svg"]["puzzle"].startswith("<svg")
    status, solved = post(server, "solve", json.dumps({"puzzle": record["puzzle"]}).encode())
    assert status == 200 and solved["verdict"] == "unique"


@pytest.mark.parametrize("seed,as_text", [
    (2**53 + 1, False), (2**53 + 1, True), (-(2**64) - 3, False), (-(2**64) - 3, True),
    (10**29 + 7, False), (10**300 + 7, True), (-(10**4299), True)],
    ids=["2^53+1", "2^53+1-text", "-2^64-3", "-2^64-3-text", "30-digits", "301-digits-text",
         "4300-digits-text"])
def test_a_seed_of_any_size_the_command_line_takes_comes_back_exactly(server, seed, as_text):
    """The page sends the seed as text (a JavaScript number rounds past 2**53 - 1); a
    client of the API may send a number of up to 30 digits (any JSON number of the API) or
    the text of any seed ``--seed`` takes. It was refused past 2**63."""
    status, record = ask(server, {"genre": "sudoku", "size": "4x4",
                                  "seed": str(seed) if as_text else seed})
    made = pencilsat.generate("sudoku", 4, 4, seed=seed)
    assert status == 200 and record["seed"] == seed
    assert record["command"].endswith(f"--seed {seed}") and record["puzzle"] == made.text


def test_a_numberlink_has_the_variant_asked(server):
    status, record = ask(server, {"genre": "numberlink", "size": "6x6", "variant": "full",
                                  "seed": 2})
    made = pencilsat.generate("numberlink", 6, 6, variant="full", seed=2)
    assert status == 200 and record["puzzle"] == made.text
    assert record["puzzle"].startswith("numberlink 6 6 full\n")
    assert "--variant full" in record["command"]


def test_a_star_battle_has_the_stars_asked(server):
    status, record = ask(server, {"genre": "starbattle", "size": "9x9", "stars": 2, "seed": 5})
    assert status == 200 and record["puzzle"].startswith("starbattle 9 9 2\n")
    assert record["command"].endswith("starbattle 9x9 --stars 2 --seed 5")
    assert record["puzzle"] == pencilsat.generate("starbattle", 9, 9, stars=2, seed=5).text


def test_the_genres_say_which_generate_and_their_levels(server):
    with urllib.request.urlopen(server + "/api/genres", timeout=30) as answer:
        genres = {g["name"]: g for g in json.load(answer)["genres"]}
    assert {name for name, g in genres.items() if g["generate"]} == set(generated())
    assert set(genres) == set(REGISTRY)
    assert genres["sudoku"]["generate"]["levels"] == [1, 3]
    assert genres["sudoku"]["generate"]["size"] == "9x9"


@pytest.mark.parametrize("fields,status,words", [
    ({"size": "9x9"}, 400, '"genre"'),
    ({"genre": "sudoku"}, 400, '"size"'),
    ({"genre": "sudoku", "size": "nine"}, 400, "WIDTHxHEIGHT"),
    ({"genre": "lightup", "size": "101x100"}, 400, "at most 10,000 cells"),
    ({"genre": "lightup", "size": "9999999x9"}, 400, "at most 10,000 cells"),
    ({"genre": "sudoku", "size": "9x9", "level": "2"}, 400, '"level"'),
    ({"genre": "sudoku", "size": "9x9", "level": 2, "score": [1, 2]}, 400, "not both"),
    ({"genre": "sudoku", "size": "9x9", "score": [2, 1]}, 400, '"score"'),
    ({"genre": "sudoku", "size": "9x9", "seed": "4x"}, 400, 'its digits in text'),
    ({"genre": "sudoku", "size": "9x9", "seed": 4.5}, 400, '"seed" is a whole number'),
    ({"genre": "sudoku", "size": "9x9", "seed": "9" * 5000}, 400, "5,000 digits: at most"),
    ({"genre": "sudoku", "size": "9x9", "seed": 10**31}, 400, "a longer seed goes as text"),
    ({"genre": "sudoku", "size": "9x9", "time_limit": 121}, 400, '"time_limit"'),
    ({"genre": "sudoku", "size": "9x9", "symmetry": ["rot2"]}, 400, '"symmetry"'),
    ({"genre": "chess", "size": "9x9"}, 422, "cannot generate 'chess'"),
    ({"genre": "sudoku", "size": "9x9", "level": 5}, 422, "a level from 1 to 3"),
    ({"genre": "sudoku", "size": "9x9", "symmetry": "spiral"}, 422, "unknown symmetry"),
    ({"genre": "masyu", "size": "8x8", "symmetry": "rot2"}, 422, "not made for Masyu"),
    ({"genre": "starbattle", "size": "8x8", "stars": "2"}, 400, '"stars"'),
    ({"genre": "starbattle", "size": "8x8", "stars": 3}, 422, "3 stars a row do not fit"),
    ({"genre": "sudoku", "size": "9x9", "stars": 2}, 422, "not an option of sudoku"),
    ({"genre": "numberlink", "size": "6x6", "variant": 1}, 400, '"variant"'),
    ({"genre": "numberlink", "size": "6x6", "variant": "empty"}, 422, "variant"),
    ({"genre": "sudoku", "size": "9x9", "variant": "full"}, 422, "not an option of sudoku"),
    ({"genre": "masyu", "size": "2x3", "seed": 1}, 422, "at least 3"),  # was a 500
    ({"genre": "sudoku", "size": "9x9", "count": 5}, 400, "no field 'count'"),  # was ignored
    ({"genre": "sudoku", "size": "9x9", "certify": True}, 400, "no field 'certify'"),
])
def test_bad_orders_are_refused_saying_what_is_wrong(server, fields, status, words):
    answered, record = ask(server, fields)
    assert answered == status and words in record["error"]
    assert "Traceback" not in record["error"]


def test_a_body_that_is_no_order_is_shown_an_order(server):
    """The example was /api/solve's (``{"puzzle": ...}``) on every endpoint."""
    for body in (b"{", b"[]"):
        status, _, answer = exchange(server, "POST", "/api/generate", body)
        assert status == 400 and b'{\\"genre\\": \\"sudoku\\"' in answer, answer


def test_a_size_past_the_limit_says_the_limit_once(server):
    status, record = ask(server, {"genre": "masyu", "size": "101x100"})
    assert status == 400 and record["error"].count("at most 10,000 cells") == 1


def test_another_sites_page_may_not_generate(server):
    body = json.dumps({"genre": "sudoku", "size": "9x9"}).encode()
    status, _, answer = exchange(server, "POST", "/api/generate", body,
                                 headers={"Origin": "http://evil.example"})
    assert status == 403 and b"error" in answer
    status, _, _ = exchange(server, "POST", "/api/generate", body,
                            headers={"Content-Type": "text/plain"})
    assert status == 415
    status, _, _ = exchange(server, "POST", "/api/generate", body,
                            headers={"Host": "rebound.example"})
    assert status == 403


def test_a_time_limit_that_comes_first_is_unknown(server):
    status, record = ask(server, {"genre": "lightup", "size": "10x10", "level": 7, "seed": 1,
                                  "time_limit": 0.05})
    assert status == 200 and record["verdict"] == "unknown" and "puzzle" not in record
    assert "time limit" in record["message"]


def test_a_long_candidate_ends_unknown_and_the_next_order_is_served(server):
    """A 100x100 Masyu's first candidate runs for minutes. The generation keeps its limit
    inside it (the ambient deadline); on a loaded machine a check can come past the desk's
    hard limit, which then stops the worker. Either way the order is `unknown`, the record
    says whether a worker was stopped as the desk's count does, and the next order is
    served."""
    stopped = health(server)["stopped_jobs"]
    status, record = ask(server, {"genre": "masyu", "size": "100x100", "level": 3, "seed": 1,
                                  "time_limit": 0.5})
    assert status == 200 and record["verdict"] == "unknown" and "puzzle" not in record
    assert "time limit" in record["message"]
    assert health(server)["stopped_jobs"] == stopped + int(record.get("stopped", False))
    status, again = ask(server, {"genre": "sudoku", "size": "4x4", "seed": 1})
    assert status == 200 and again["verdict"] == "unique"
