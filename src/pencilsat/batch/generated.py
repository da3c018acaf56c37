"""``generate --count N``: one batch record per puzzle made, on the batch pool.

Each input is one seed of the order (puzzle ``i`` of a count gets ``seed + i``); its record
is the schema-1 record of the puzzle made (verdict ``unique``, the answer as ``solution``,
``grade`` with level and score) plus ``generated``, the ``generate --json`` object. An order
no candidate fulfils within the budget is ``invalid``, with the reason as ``message``.
"""

from __future__ import annotations

from time import perf_counter

from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.records import (
    BatchRecord,
    make_record,
    not_graded,
    not_solved,
    puzzle_size,
)
from pencilsat.core.errors import InputError
from pencilsat.core.registry import rules_of
from pencilsat.core.result import TimeLimitReached
from pencilsat.generators.order import Order, generated_dict
from pencilsat.generators.time_limit import time_limit_message


def generated_record(item: BatchItem, order: Order,
                     time_limit: float | None = None) -> BatchRecord:
    """The record of the puzzle ``order`` makes from the seed ``item.input``; ``unknown``
    when ``time_limit`` seconds pass first."""
    seed = int(item.input)
    start = perf_counter()
    try:
        made = order.make(seed, None if time_limit is None else start + time_limit)
    except InputError as err:
        return not_solved(item.line, order.command(seed), str(err), grading=True,
                          seconds=perf_counter() - start)
    except TimeLimitReached:
        return make_record(item.line, order.command(seed), "unknown",
                           message=time_limit_message(time_limit or 0.0, order.command(seed)),
                           seconds=perf_counter() - start,
                           grade=not_graded("no puzzle was made in the time limit"))
    rules = rules_of(made.puzzle)
    return make_record(
        item.line, order.command(seed), "unique", genre=order.genre,
        size=puzzle_size(made.puzzle), solution=rules.solution_rows(made.puzzle, made.solution),
        seconds=made.seconds, grade={"level": made.grading.level,
                                     "score": generated_dict(made)["score"]},
        generated=generated_dict(made))
