"""``generate --count N`` on the batch pool: the seeds as the inputs of a batch whose task is
the order (``batch.generated`` makes each record)."""

from __future__ import annotations

from collections.abc import Generator

from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.pool import run_shards
from pencilsat.batch.records import BatchRecord
from pencilsat.batch.shards import make_shards
from pencilsat.batch.task import BatchTask
from pencilsat.generators.order import Order


def generate_many(order: Order, first_seed: int, count: int, workers: int,
                  time_limit: float | None = None) -> Generator[BatchRecord, None, None]:
    """The records of ``count`` puzzles from seeds ``first_seed`` on, in seed order, made on
    ``workers`` processes (stopped when this generator is closed or its reader fails);
    ``time_limit``: seconds for each puzzle (its record ``unknown`` past it)."""
    items = [BatchItem(i + 1, str(first_seed + i)) for i in range(count)]
    task = BatchTask(grade=True, generate=order, time_limit=time_limit)
    run = run_shards(make_shards(items, task, workers), workers=workers)
    try:
        for records in run:
            yield from records
    finally:
        run.close()
