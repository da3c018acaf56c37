"""A ``--batch`` worker gets its lines as read and sends back its records as one block of
bytes with their tally: the lines give the items ``numbered_items`` gives, cut in any way;
the tallies merged give the counts, slowest and first problems of the records added one by
one; and a block holds the records a worker gives as objects."""

from __future__ import annotations

import json

from batch_support import mixed_lines
from hypothesis import given, settings
from hypothesis import strategies as st

from pencilsat.batch.blocks import RecordBlock
from pencilsat.batch.inputs import count_items, numbered_items
from pencilsat.batch.pool import run_shard_blocks, run_shards
from pencilsat.batch.records import make_record, not_solved, results_of
from pencilsat.batch.shards import (
    SUDOKU_LINE_UNITS,
    cut_lines,
    line_units,
    make_line_shards,
    recut,
)
from pencilsat.batch.summary import LISTED_PROBLEMS, Tally
from pencilsat.batch.task import BatchTask


def test_line_shards_hold_every_item_once_however_they_are_cut():
    lines = ["# header", "", *mixed_lines(), "   ", "  # indented comment", "last"]
    task = BatchTask(source="batch.txt")
    expected = numbered_items(lines)
    assert count_items(lines) == len(expected)
    for size in (1, 2.5, 7, 1000):
        shards = list(cut_lines(lines, task, line_units(lines, task), size))
        assert [item for shard in shards for item in shard.inputs()] == expected
        assert [item for shard in recut(shards, 3) for item in shard.inputs()] == expected
    for workers in (1, 2, 8):
        shards = list(make_line_shards(lines, task, workers))
        assert [item for shard in shards for item in shard.inputs()] == expected


def test_a_blanked_line_is_skipped_and_the_others_keep_their_numbers():
    lines = mixed_lines()
    kept = [line if number % 3 else "" for number, line in enumerate(lines, start=1)]
    items = [item for shard in make_line_shards(kept, BatchTask(), 2)
             for item in shard.inputs()]
    assert items == [item for item in numbered_items(lines) if item.line % 3]
    assert not list(make_line_shards(["", "", ""], BatchTask(), 2))  # all done: no work


def _records(count: int) -> list:
    """Records of every kind: solved ones of several genres and seconds, and problems."""
    out = []
    for line in range(1, count + 1):
        if line % 4 == 0:
            out.append(not_solved(line, f"bad {line}", f"line {line}: unreadable",
                                  error=line % 8 == 0))
        else:
            genre = ("masyu", "sudoku", "lightup")[line % 3]
            out.append(make_record(line, f"p{line}", "unique" if line % 5 else "multiple",
                                   genre=genre, size="9x9", seconds=(line * 37 % 101) / 7))
    return out


def test_tallies_merged_in_order_are_the_tally_of_every_record():
    records = _records(4 * LISTED_PROBLEMS + 10)
    whole = Tally()
    whole.add_all(records)
    for step in (1, 3, 16, len(records)):
        merged = Tally()
        for start in range(0, len(records), step):
            part = Tally()
            part.add_all(records[start:start + step])
            merged.merge(part)
        assert merged.counts == whole.counts
        assert sorted(merged.slowest) == sorted(whole.slowest)
        assert merged.problems == whole.problems and len(merged.problems) == LISTED_PROBLEMS
        assert merged.problem_count == whole.problem_count
        assert merged.total == len(records)


def test_a_workers_block_holds_the_records_it_gives_as_objects():
    every = mixed_lines()
    lines = every[:2] + every[7:13] + every[17:]  # a file of each genre, every verdict
    task = BatchTask(source="batch.txt")
    shards = list(make_line_shards(lines, task, 2))
    objects = [json.loads(record.json_text)
               for records in run_shards(shards, workers=2) for record in records]
    parts = list(run_shard_blocks(shards, workers=2))
    assert parts and all(isinstance(part, RecordBlock) for part in parts)  # workers at once
    texts = b"".join(part.data for part in parts if isinstance(part, RecordBlock))
    from_blocks = [json.loads(line) for line in texts.decode().splitlines()]
    assert [r["line"] for r in from_blocks] == [r["line"] for r in objects]
    assert sum(part.records for part in parts if isinstance(part, RecordBlock)) == len(objects)
    assert list(map(results_of, from_blocks)) == list(map(results_of, objects))


def _added_one_by_one(weights: list[float], size: float) -> list[tuple[int, int, float]]:
    """The shards (start, end, units) of adding lines until the next would pass ``size``."""
    size = max(size, 1.0)
    shards, start, filled = [], 0, 0.0
    for index, weight in enumerate(weights):
        if filled and filled + weight > size:
            shards.append((start, index, filled))
            start, filled = index, 0.0
        filled += weight
    return shards + ([(start, len(weights), filled)] if filled else [])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0.0, SUDOKU_LINE_UNITS, 1.0]), max_size=80),
       st.sampled_from([0.5, 1.0, 1.5, 2.0, 3.7, 16.0, 192.0]))
def test_the_cut_is_that_of_adding_the_lines_one_by_one(weights, size):
    lines = [f"line {number}" for number in range(len(weights))]
    shards = cut_lines(lines, BatchTask(), weights, size, first_line=5)
    found = [(shard.first_line - 5, shard.first_line - 5 + len((shard.lines or "").split("\n")),
              shard.units) for shard in shards]
    assert found == _added_one_by_one(weights, size)
