"""The JSON API of ``pencilsat serve`` against a real server on 127.0.0.1: the CLI's records,
clear errors for 500 malformed requests, 50 concurrent requests all answered (the slow ones
``unknown`` at their limit), a job past its hard limit stopped and its worker replaced."""

from __future__ import annotations

import asyncio
import json
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import CORPUS, corpus_pairs, corpus_sudoku_line, run_cli
from web_support import desk_server, exchange, post

from pencilsat.core.registry import GENRES

SEED = (CORPUS / "masyu/seed_10x10.txt").read_text()
SUDOKU = corpus_sudoku_line()  # the first of Norvig's top 95, read from the corpus
HUGE_EMPTY = "masyu 300 300\n" + ("." * 300 + "\n") * 300  # 90 KB, under MAX_PUZZLE
"""Too big to build and solve in 0.2 s on any machine (150x150 was solved in 1 s once)."""


@pytest.fixture(scope="module")
def server():
    with desk_server(workers=2) as base:
        yield base


def ask(base: str, kind: str, fields: dict, timeout: float = 120) -> tuple[int, dict]:
    return post(base, kind, json.dumps(fields).encode(), timeout)


def ask_until_served(base: str, kind: str, fields: dict) -> tuple[int, dict]:
    """``ask``, coming back after ``Retry-After`` while the desk answers 503 (busy)."""
    while True:
        status, headers, body = exchange(base, "POST", f"/api/{kind}",
                                         json.dumps(fields).encode(), 300)
        if status != 503:
            return status, json.loads(body)
        time.sleep(int(headers["retry-after"]))


def test_solve_answers_the_cli_record_with_drawings(server, tmp_path):
    status, record = ask(server, "solve", {"puzzle": SEED})
    assert status == 200 and record["verdict"] == "unique"
    path = tmp_path / "seed.txt"
    path.write_text(SEED)
    _, out, _ = run_cli("solve", str(path), "--json", "--backbone")
    cli = json.loads(out)
    assert set(cli) <= set(record)
    assert record["solution"] == cli["solution"] and record["backbone"] == cli["backbone"]
    assert record["svg"]["solution"].startswith("<svg")


def test_solve_with_certify_answers_the_certificate(server):
    status, record = ask(server, "solve", {"puzzle": SEED, "certify": True})
    assert status == 200 and record["verdict"] == "unique"
    assert record["certified"] is True
    assert record["certificate"]["parts"]["refutation"] == "holds"
    status, refused = ask(server, "solve", {"puzzle": SEED, "certify": "yes"})
    assert status == 400 and "certify" in refused["error"]


def test_grade_clues_and_hint_answer_their_records(server):
    status, graded = ask(server, "grade", {"puzzle": SUDOKU})
    assert status == 200 and graded["level"] in (1, 2, 3) and graded["steps"][0]["text"]
    status, replay = ask(server, "replay", {"puzzle": SUDOKU, "steps": graded["steps"][:3]})
    assert status == 200 and 'class="mark step"' in replay["svg"]
    status, clues = ask(server, "clues", {"puzzle": SUDOKU})
    assert status == 200 and clues["minimal"] is True and len(clues["needed"]) == 17
    status, hint = ask(server, "hint", {"puzzle": SUDOKU})
    assert status == 200 and hint["step"]["technique"] and hint["cells"]


@pytest.mark.parametrize("url, title", [
    ("https://puzz.link/p?slither/3/3/jbh", "Slitherlink"),
    ("https://puzz.link/p?nurikabe/3/3/i1g2i", "Nurikabe")])
def test_slitherlink_and_nurikabe_get_a_backbone_and_clues_and_no_grade(server, url, title):
    status, record = ask(server, "solve", {"puzzle": url})
    assert status == 200 and record["verdict"] == "multiple"
    assert record["backbone"]["complete"] and record["backbone"]["undecided"]
    assert record["svg"]["backbone"].count('class="undecided"') == len(
        record["backbone"]["undecided"])
    status, clues = ask(server, "clues", {"puzzle": url})
    assert status == 200 and clues["verdict"] == "multiple"
    assert clues["added"] or "tells it from another" in clues["message"]
    for kind in ("hint", "replay"):
        status, refused = ask(server, kind, {"puzzle": url, "steps": []})
        assert status == 422 and f"{title} has no grader" in refused["error"]


def test_nonogram_clues_add_whole_line_clues_to_lines_given_as_question_marks(server):
    # both rows '?', columns 1 and 1: four answers; row clues make one of them the only one
    status, clues = ask(server, "clues", {"puzzle": "nonogram 2 2\n?\n?\n1\n1\n"})
    assert status == 200 and clues["verdict"] == "multiple" and clues["clues"] == 2
    assert clues["added"] and all(c["clue"].startswith("R") for c in clues["added"])
    assert clues["svg"]["clues"].count('class="mark added"') >= len(clues["added"])


def test_grade_on_a_genre_without_a_grader_keeps_the_verdict(server):
    ungraded = [name for name, genre in GENRES.items() if genre.grader is None]
    assert ungraded, "every genre has a grader: this test needs one without"
    name = ungraded[0]
    puzzle, _ = corpus_pairs(f"{name}/janko")[0]
    status, record = ask(server, "grade", {"puzzle": puzzle.read_text()})
    assert status == 200 and record["verdict"] == "unique" and record["level"] is None
    assert record["reason"] == f"not graded: no grader for {GENRES[name].title} yet"
    assert record["genre"] == name and record["svg"]["puzzle"].startswith("<svg")


def test_techniques_have_english_names_beside_the_papers(server):
    for name in (n for n, genre in GENRES.items() if genre.grader):
        line = SUDOKU if name == "sudoku" else corpus_pairs(f"{name}/janko", 100)[0][
            0].read_text()
        status, record = ask(server, "grade", {"puzzle": line})
        assert status == 200 and record["techniques"], name
        names = record["technique_names"]
        assert set(names) == set(record["techniques"]), name
        for paper, english in names.items():
            assert english.isascii() and english != paper, (paper, english)
        status, hint = ask(server, "hint", {"puzzle": line})
        english = hint["step"]["english"]
        assert status == 200 and english.isascii() and english != hint["step"]["technique"]


MALFORMED: list[tuple[str, bytes]] = [
    ("solve", b"not json"), ("solve", b"[1, 2]"), ("solve", b'"text"'), ("solve", b"{}"),
    ("solve", b'{"puzzle": 7}'), ("solve", b'{"puzzle": ""}'), ("solve", b'{"puzzle": null}'),
    ("solve", b'{"puzzle": "masyu 3 3\\nWWW"}'), ("solve", b'{"puzzle": "hello"}'),
    ("solve", b'{"puzzle": "https://puzz.link/p?mashu/5/5/zz"}'),
    ("solve", b'{"puzzle": "x", "time_limit": -1}'),
    ("solve", b'{"puzzle": "x", "time_limit": "soon"}'),
    ("solve", b'{"puzzle": "x", "time_limit": 1e999}'),
    ("solve", b'{"puzzle": "' + SUDOKU.encode() + b'", "count": 0}'),
    ("solve", b'{"puzzle": "' + SUDOKU.encode() + b'", "count": true}'),
    ("grade", b'{"puzzle": "lightup 2 2\\n..\\n9."}'), ("clues", b'{"puzzle": "sudoku"}'),
    ("clues", b'{"puzzle": "' + SUDOKU.encode() + b'", "grade": "yes"}'),
    ("hint", b'{"puzzle": "' + SUDOKU.encode() + b'", "partial": 5}'),
    ("hint", b'{"puzzle": "' + SUDOKU.encode() + b'", "partial": "zzz"}'),
    ("replay", b'{"puzzle": "' + SUDOKU.encode() + b'", "steps": 3}'),
    ("replay", b'{"puzzle": "' + SUDOKU.encode() + b'", "steps": [{"technique": 1, '
               b'"placements": [[1]]}]}'),
    ("solve", b'{"puzzle": "\xff\xfe"}'), ("solve", b"\xff\xfe\x00"),
    ("solve", b'{"puzzle": "' + b"." * 600_000 + b'"}'),
    ("nothing", b'{"puzzle": "x"}'), ("solve", b"[" * 100_000),
    ("solve", b'{"puzzle": "x", "time_limit": ' + b"1" * 5000 + b"}"),
    ("solve", b'{"puzzle": "x", "time_limit": Infinity}'),
    ("solve", b'{"puzzle": "x", "time_limit": 1000}'),
    ("solve", b'{"puzzle": "' + SUDOKU.encode() + b'", "count": 1000}'),
]


def test_500_malformed_requests_get_clear_errors_and_the_server_stays_up(server):
    rng = random.Random(5)
    for _ in range(500):
        kind, body = rng.choice(MALFORMED)
        if rng.random() < 0.3:  # truncated bodies too
            body = body[: rng.randrange(len(body) + 1)]
        status, record = post(server, kind, body)
        assert status in (400, 404, 405, 413, 422), (kind, body[:80], status, record)
        assert isinstance(record.get("error"), str) and record["error"]
        assert "Traceback" not in record["error"] and "File \"" not in record["error"]
    status, record = ask(server, "solve", {"puzzle": SUDOKU})
    assert status == 200 and record["verdict"] == "unique"


def test_50_concurrent_requests_are_all_answered_the_slow_ones_unknown(server):
    quick = [{"puzzle": SEED}, {"puzzle": SUDOKU}] * 20
    slow = [{"puzzle": HUGE_EMPTY, "time_limit": 0.2}] * 10
    fields = quick + slow
    random.Random(3).shuffle(fields)
    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(lambda f: ask_until_served(server, "solve", f), fields))
    assert len(answers) == 50
    for sent, (status, record) in zip(fields, answers, strict=True):
        assert status == 200
        if sent["puzzle"] is HUGE_EMPTY:
            assert record["verdict"] == "unknown" and "time limit" in record["message"]
        else:
            assert record["verdict"] == "unique"
    status, record = ask(server, "solve", {"puzzle": SEED})
    assert status == 200 and record["verdict"] == "unique"


def test_a_job_past_its_hard_limit_is_stopped_and_its_worker_replaced():
    from pencilsat.web.workers import WorkerPool

    async def scenario() -> list[tuple[int, dict]]:
        pool = WorkerPool(1, grace_seconds=0.2, grace_factor=0.0)
        await pool.start()
        try:
            empty = "sudoku 25 25\n" + ("." * 25 + "\n") * 25
            slow = await pool.run("solve", {"puzzle": empty, "time_limit": 60}, 1.0)
            after = await pool.run("solve", {"puzzle": SUDOKU, "time_limit": 5}, 5.0)
            return [slow, after]
        finally:
            await pool.close()

    (status, slow), (_, after) = asyncio.run(scenario())
    assert status == 200 and slow["verdict"] == "unknown" and slow["stopped"] is True
    assert after["verdict"] == "unique"
