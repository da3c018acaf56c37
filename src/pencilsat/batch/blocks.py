"""A shard's records as the main process writes and counts them: one block of bytes.

A worker of ``--batch`` sends back, instead of one record object per puzzle, the shard's
records as the bytes of their JSON lines (newlines included, ready for one ``write``) and
their tally (counts, slowest, first problems), so the main process does no work per puzzle:
it writes the block and merges the tally. On Royle's 49,158 lines, unpickling, counting and
joining the records one by one was a third of the main process's CPU
(benchmarks/results/batch_scale.md).

A worker of our own pool writing to ``--out FILE`` goes further: it writes the block to a
file of a folder the run made (``RecordFile``) and sends only its name and tally; the main
process copies it into the records file inside the kernel (``RecordWriter.copy_file``)
instead of receiving, unpickling and writing the bytes (0.04 s of its CPU on Royle's lines).
"""

from __future__ import annotations

import os
import tempfile
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


class RecordFile(NamedTuple):
    """Consecutive records of one shard in a file a worker wrote, written and counted as
    one: the main process copies the file into the records file and removes it."""

    path: str
    size: int
    """The file's length in bytes."""
    records: int
    tally: Tally


def file_of(records: Sequence[BatchRecord], folder: str) -> RecordFile:
    """The block of ``records`` written to a new file in ``folder``."""
    block = block_of(records)
    handle, path = tempfile.mkstemp(suffix=".jsonl", dir=folder)
    try:
        view = memoryview(block.data)
        while view:  # a short write goes on where it stopped
            view = view[os.write(handle, view):]
    finally:
        os.close(handle)
    return RecordFile(path, len(block.data), block.records, block.tally)
