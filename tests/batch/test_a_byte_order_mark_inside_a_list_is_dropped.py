"""A byte-order mark at the start of any line of a batch file is dropped, as the file's own
first one is: two lists joined with ``cat``, one of them saved by Notepad, gave the line
"no such file: \\ufeffa.txt" with the mark invisible in the message."""

from __future__ import annotations

from batch_support import batch_records, tdoku

from pencilsat.batch.inputs import count_items


def test_a_mark_inside_the_list_is_dropped(tmp_path):
    first, second = tdoku("unique", 2)
    batch = tmp_path / "joined.txt"
    batch.write_bytes(f"{first}\n\ufeff{second}\n\ufeff# a comment\n".encode())
    records = batch_records(batch)
    assert [(r["line"], r["input"], r["verdict"]) for r in records] == [
        (1, first, "unique"), (2, second, "unique")]
    assert count_items(batch.read_text().splitlines()) == 2
