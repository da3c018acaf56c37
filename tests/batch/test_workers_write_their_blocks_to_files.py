"""With ``--out FILE``, our own workers write each shard's block to a file of a temporary
folder and send only its name and tally; the main process copies the file into the records
file (inside the kernel where it can) and removes it. The records are those of the blocks
sent as bytes, in input order, appended after a resumed file's, and the folder is gone at the
end of the run (a killed run's, at the next run's start)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile

from batch_support import batch_records, mixed_lines, results, tdoku, write_batch

from pencilsat.batch.block_folder import PREFIX, remove_orphans
from pencilsat.batch.blocks import RecordFile, block_of, file_of
from pencilsat.batch.pool import run_shard_blocks, run_shards
from pencilsat.batch.record_file import RecordWriter
from pencilsat.batch.records import make_record, results_of
from pencilsat.batch.run import BatchRun, run_batch
from pencilsat.batch.shards import make_line_shards
from pencilsat.batch.task import BatchTask


def _lines_of(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.decode().splitlines()]


def test_workers_given_a_folder_send_files_holding_their_blocks(tmp_path):
    every = mixed_lines()
    lines = every[:2] + every[7:13] + every[17:]  # a file of each genre, every verdict
    shards = list(make_line_shards(lines, BatchTask(source="batch.txt"), 2))
    files = list(run_shard_blocks(shards, workers=2, folder=str(tmp_path)))
    assert files and all(isinstance(part, RecordFile) for part in files)  # workers at once
    data = b""
    for part in files:
        assert isinstance(part, RecordFile) and os.path.dirname(part.path) == str(tmp_path)
        with open(part.path, "rb") as fh:
            text = fh.read()
        assert len(text) == part.size and text.count(b"\n") == part.records
        data += text
    sent = block_of([record for records in run_shards(shards) for record in records]).data
    assert [r["line"] for r in _lines_of(data)] == [r["line"] for r in _lines_of(sent)]
    assert list(map(results_of, _lines_of(data))) == list(map(results_of, _lines_of(sent)))
    assert sum(part.tally.total for part in files if isinstance(part, RecordFile)) == len(
        _lines_of(data))


def test_a_copied_file_is_written_as_its_bytes_would_be(tmp_path):
    records = [make_record(line, f"p{line}", "unique", genre="masyu", size="5x5")
               for line in range(1, 40)]
    part = file_of(records, str(tmp_path))
    expected = block_of(records).data
    out = tmp_path / "records.jsonl"
    fresh = RecordWriter(str(out))
    fresh.copy_file(part.path, part.size)
    fresh.close()
    assert out.read_bytes() == expected
    resumed = RecordWriter(str(out), append=True)  # the kernel's copy, from the file's end
    resumed.copy_file(part.path, part.size)
    resumed.write_bytes(expected[:10])
    resumed.close()
    assert out.read_bytes() == expected + expected + expected[:10]
    stream = io.StringIO()
    RecordWriter(stream=stream).copy_file(part.path, part.size)  # stdout: read and written
    assert stream.getvalue().encode() == expected


def test_a_run_to_a_file_gives_one_workers_records_and_leaves_no_folder(tmp_path, monkeypatch):
    batch = write_batch(tmp_path, [*mixed_lines(), *tdoku("unique", 8)])
    one = batch_records(batch, workers=1)
    folders = tmp_path / "tmp"
    folders.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folders))
    out = tmp_path / "records.jsonl"
    status = run_batch(BatchRun(str(batch), workers=2, out=str(out), fail_on=frozenset()),
                       io.StringIO(), io.StringIO())
    assert status == 0
    two = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["line"] for r in two] == [r["line"] for r in one]
    assert results(two) == results(one)
    assert not list(folders.iterdir())  # the blocks' folder was removed


def test_the_folders_of_killed_runs_are_removed_by_the_next(tmp_path):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    killed = tmp_path / f"{PREFIX}{gone.stdout.strip()}-abc"
    running = tmp_path / f"{PREFIX}{os.getpid()}-def"
    other = tmp_path / f"{PREFIX}notes"
    for folder in (killed, running, other):
        folder.mkdir()
        (folder / "block.jsonl").write_text("{}\n")
    remove_orphans(str(tmp_path))
    assert not killed.exists() and running.exists() and other.exists()
