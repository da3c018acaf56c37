"""``grade --batch`` on a list of every genre of the registry: each record has the verdict
``solve --batch`` gives for the same line; a genre without a grader has ``level`` null and the
reason "no grader for <title> yet" (it was ``invalid`` with genre null, exit 4: 107 of 194
puzzles of a mixed list); the exit status is the worst verdict's, as for ``solve --batch``."""

from __future__ import annotations

from batch_support import batch_records, json_lines, pencilsat, tdoku, write_batch
from conftest import corpus_pairs

from pencilsat.batch.task import BatchTask
from pencilsat.core.registry import GENRES


def _one_of_each_genre() -> list[str]:
    """The smallest janko puzzle of every genre that has one in the corpus, a unique and a
    multiple one-line Sudoku."""
    lines = []
    for genre in GENRES.values():  # the registry names each genre's corpus folder
        pairs = corpus_pairs(genre.corpus, 100) if genre.corpus.endswith("/janko") else []
        if pairs:
            lines.append(str(pairs[0][0]))
    return [*lines, *tdoku("unique", 1), *tdoku("multiple", 1)]


def test_grade_batch_gives_every_genre_the_verdict_solve_batch_gives(corpus, tmp_path):
    lines = _one_of_each_genre()
    batch = write_batch(tmp_path, lines)
    solved = batch_records(batch, workers=1)
    graded = batch_records(batch, BatchTask(grade=True), workers=1)
    assert {r["genre"] for r in graded} == set(GENRES)
    assert [r["verdict"] for r in graded] == [r["verdict"] for r in solved]
    assert "invalid" not in [r["verdict"] for r in graded]
    for record in graded:
        genre = GENRES[record["genre"]]
        if genre.grader is None:
            assert record["grade"]["level"] is None and record["grade"]["score"] is None
            assert record["grade"]["reason"] == f"not graded: no grader for {genre.title} yet"
        elif record["verdict"] == "unique":
            assert record["grade"]["level"] is not None, record


def test_grade_batch_exits_with_the_worst_verdict_and_grade_alone_with_its_own(corpus,
                                                                               tmp_path):
    lines = _one_of_each_genre()
    done = pencilsat("grade", "--batch", str(write_batch(tmp_path, lines)), "--workers", "1")
    records = json_lines(done.stdout)
    assert sorted({r["verdict"] for r in records}) == ["multiple", "unique"]
    assert done.returncode == 1, done.stderr  # the multiple Sudoku
    grader_less = next(r for r in records if GENRES[r["genre"]].grader is None)
    alone = pencilsat("grade", grader_less["input"])
    assert alone.returncode == 0, alone.stderr
    title = GENRES[grader_less["genre"]].title
    assert alone.stdout.strip() == f"verdict: unique — not graded: no grader for {title} yet"
