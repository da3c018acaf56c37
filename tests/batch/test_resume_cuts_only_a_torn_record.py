"""``--resume`` cuts a torn last line off a records file, and nothing off a file that is not
one: a user's notes given as ``--out`` by mistake lost their last line (refused after the cut)
or, a single line, were cut and overwritten with records."""

from __future__ import annotations

import pytest
from batch_support import batch_records, tdoku, write_batch

from pencilsat.core.errors import InputError


@pytest.mark.parametrize("notes", ["a\nb\nc\n", "my only note\n", "my only note"])
def test_a_file_of_notes_is_refused_and_kept_whole(tmp_path, notes):
    batch = write_batch(tmp_path, tdoku("unique", 2))
    out = tmp_path / "notes.txt"
    out.write_text(notes)
    with pytest.raises(InputError, match="is not a pencilsat record"):
        batch_records(batch, out=str(out), resume=True)
    assert out.read_text() == notes


def test_a_torn_last_record_is_cut_and_solved_again(tmp_path):
    batch = write_batch(tmp_path, tdoku("unique", 3))
    out = tmp_path / "records.jsonl"
    batch_records(batch, out=str(out))
    whole = out.read_bytes()
    out.write_bytes(whole[:-40])  # a run killed while writing the last record
    batch_records(batch, out=str(out), resume=True)
    lines = out.read_text().splitlines()
    assert [line.split(",")[1] for line in lines] == ['"line":1', '"line":2', '"line":3']


def test_out_naming_the_file_standard_input_reads_is_refused(tmp_path):
    """``--batch - --out list.txt < list.txt`` replaced the list with its records, as
    ``--batch list.txt --out list.txt`` (refused) would have."""
    import subprocess
    import sys

    from batch_support import command_env

    listed = write_batch(tmp_path, tdoku("unique", 2), name="list.txt")
    before = listed.read_text()
    with open(listed) as stdin:
        run = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", "--batch", "-",
                              "--out", str(listed)], stdin=stdin, capture_output=True,
                             text=True, timeout=300, env=command_env())
    assert run.returncode == 4
    assert f"--out {listed} is standard input's file" in run.stderr
    assert listed.read_text() == before
