"""A shard's records as the main process writes and counts them: one block of bytes.

A worker of ``--batch`` sends back, instead of one record object per puzzle, the shard's
records as the bytes of their JSON lines (newlines included, ready for one ``write``) and
their tally (counts, slowest, first problems), so the main process does no work per puzzle:
it writes the block and merges the tally. On Royle's 49,158 lines, unpickling, counting and
joining the records one by one was a third of the main process's CPU
(benchmarks/results/batch_scale.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pencilsat.batch.records import BatchRecord
from pencilsat.batch.summary import Tally


class RecordBlock(NamedTuple):
    """Consecutive records of one shard, written and counted as one."""

    data: bytes
    """The records' JSON lines, each ended by a newline, in UTF-8."""
    records: int
    """How many records ``data`` holds."""
    tally: Tally


def block_of(records: Sequence[BatchRecord]) -> RecordBlock:
    """The block of ``records``."""
    tally = Tally()
    tally.add_all(records)
    data = "".join([record.json_text + "\n" for record in records]).encode()
    return RecordBlock(data, len(records), tally)
