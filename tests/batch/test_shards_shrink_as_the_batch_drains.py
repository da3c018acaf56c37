"""For several workers the shards shrink as the batch drains (guided self-scheduling), so the
workers end together even when the last lines cost more than their weights say: every line
is in exactly one shard, a shard is never larger than the one before it once the work left
bounds it, the smallest are ``LEAST_UNITS``, a resumed file's done lines count for nothing,
and one worker's shards keep one size."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pencilsat.batch import pool
from pencilsat.batch.inputs import BatchItem, numbered_items
from pencilsat.batch.shards import (
    GUIDE,
    LEAST_UNITS,
    SUDOKU_LINE_UNITS,
    UNITS_PER_SHARD,
    ShardSizes,
    cut,
    cut_lines,
    line_units,
    make_line_shards,
    make_shards,
    recut,
    shard_sizes,
)
from pencilsat.batch.task import BatchTask

SUDOKU = "1" * 81
PATH = "masyu/janko/001.txt"


def _lines(sudokus: int, paths: int) -> list[str]:
    """A list whose weights are those of ``sudokus`` one-line Sudokus then ``paths`` files
    (the cut reads only the lines' lengths: nothing here is solved)."""
    return [SUDOKU] * sudokus + [PATH] * paths


def _inputs(shards) -> list[BatchItem]:
    return [item for shard in shards for item in shard.inputs()]


def test_every_line_is_in_exactly_one_shard_for_any_number_of_workers():
    lines = _lines(20_000, 700) + ["", "# comment"] + _lines(3_000, 0)
    task = BatchTask(source="batch.txt")
    expected = numbered_items(lines)
    for workers in (1, 2, 3, 8):
        assert _inputs(make_line_shards(lines, task, workers)) == expected
        items = list(expected)
        assert _inputs(make_shards(items, task, workers)) == expected


def test_shards_for_two_workers_shrink_to_the_least_size_at_the_end():
    lines = _lines(40_000, 2_000)
    task = BatchTask()
    total = math.fsum(line_units(lines, task))
    shards = list(make_line_shards(lines, task, 2))
    sizes = [shard.units for shard in shards]
    assert sizes[0] == UNITS_PER_SHARD  # the start is cut as for one worker
    assert all(a >= b for a, b in zip(sizes, sizes[1:], strict=False))  # never growing
    assert LEAST_UNITS in sizes[-4:-1]  # the end in the smallest shards
    left = total
    for shard in shards:  # each at most the work left over GUIDE x workers, or the least
        assert shard.units <= max(LEAST_UNITS, min(UNITS_PER_SHARD, left / (GUIDE * 2)))
        left -= shard.units
    assert left == 0


def test_one_worker_keeps_one_size_as_before():
    lines = _lines(40_000, 800)
    task = BatchTask()
    weights = line_units(lines, task)
    size = min(UNITS_PER_SHARD, math.fsum(weights) / 8)
    one = [(s.first_line, s.units) for s in make_line_shards(lines, task, 1)]
    assert one == [(s.first_line, s.units) for s in cut_lines(lines, task, weights, size)]
    assert len({units for _, units in one[:-1]}) == 1
    assert shard_sizes(100.0, 1) == ShardSizes(100 / 8, 100 / 8)


def test_a_resumed_file_is_cut_as_the_lines_it_has_left():
    """Done lines are blanked (``run_batch``): they weigh nothing, so the shards of the rest
    shrink as those of a file of the rest alone, and the lines are those left."""
    lines = _lines(30_000, 600)
    task = BatchTask()
    half = len(lines) // 2
    resumed = [""] * half + lines[half:]
    shards = list(make_line_shards(resumed, task, 2))
    assert _inputs(shards) == [item for item in numbered_items(lines) if item.line > half]
    alone = list(make_line_shards(lines[half:], task, 2, first_line=half + 1))
    assert [s.units for s in shards] == [s.units for s in alone]
    assert [s.first_line for s in shards[1:]] == [s.first_line for s in alone[1:]]


def test_the_rest_of_a_measured_batch_is_cut_in_shards_of_the_least_work_or_more():
    """The rest of a short batch measured in the main process is cut in shards of one size,
    none under half ``MIN_SHARD_SECONDS`` of estimated work (shrinking them as well cost the
    100-line list of ``benchmarks/batch_scale.py`` CPU: 1.32x one worker's against 1.12x)."""
    lines = _lines(0, 300)
    task = BatchTask()
    shards = list(make_line_shards(lines, task, 2))
    seconds_per_unit = 0.004  # MIN_SHARD_SECONDS is then 25 units
    rest = pool._cut_again(shards, 2, seconds_per_unit)
    sizes = [shard.units for shard in rest]
    least = pool.MIN_SHARD_SECONDS / seconds_per_unit
    assert _inputs(rest) == numbered_items(lines)
    assert all(size >= least / 2 for size in sizes[:-1])
    assert len(set(sizes[:-1])) == 1 and sizes[-1] <= sizes[0]
    tiny = list(make_line_shards(lines, task, 40))  # shards far under the least: cut again
    again = [shard.units for shard in pool._cut_again(tiny, 2, seconds_per_unit)]
    assert min(s.units for s in tiny) < least / 2 and all(size >= least for size in again[:-1])


def _added_one_by_one(weights: list[float], sizes: ShardSizes) -> list[tuple[int, int, float]]:
    """The shards (start, end, units) of adding lines until the next would pass the size
    that the work left at the shard's start allows."""
    shards, start, filled, left = [], 0, 0.0, math.fsum(weights)
    limit = sizes.next(left)
    for index, weight in enumerate(weights):
        if filled and filled + weight > limit:
            shards.append((start, index, filled))
            left -= filled
            limit = sizes.next(left)
            start, filled = index, 0.0
        filled += weight
    return shards + ([(start, len(weights), filled)] if filled else [])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0.0, SUDOKU_LINE_UNITS, 1.0]), max_size=120),
       st.sampled_from([1.0, 2.0, 16.0]), st.sampled_from([2.0, 5.5, 64.0]),
       st.integers(2, 4))
def test_the_guided_cut_is_that_of_adding_the_lines_one_by_one(weights, least, most, workers):
    sizes = ShardSizes(max(most, least), least, workers)
    lines = [f"line {number}" for number in range(len(weights))]
    shards = list(cut_lines(lines, BatchTask(), weights, sizes, first_line=5))
    found = [(shard.first_line - 5, shard.first_line - 5 + len((shard.lines or "").split("\n")),
              shard.units) for shard in shards]
    assert found == _added_one_by_one(weights, sizes)
    items = [BatchItem(n + 1, line) for n, line in enumerate(lines) if weights[n]]
    by_items = list(cut(items, BatchTask(), [w for w in weights if w], sizes))
    assert [shard.units for shard in by_items] == [units for _, _, units in found]
    if by_items:
        assert _inputs(recut(by_items, sizes)) == items


def test_a_batch_handed_over_at_once_keeps_its_shrinking_shards():
    """Nothing measured (the workers take the batch at once): the shards go as cut, their
    sizes shrinking to the end; measured work may cut them again."""
    shards = list(make_line_shards(_lines(49_000, 0), BatchTask(), 2))
    assert shards[-1].units < shards[0].units / 2  # a tail the cut again would have evened
    assert pool._cut_again(shards, 2, None) is shards
    again = pool._cut_again(shards, 2, 1e-4)  # 0.1 s of work is 1,000 units a shard
    assert _inputs(again) == _inputs(shards) and again != shards
