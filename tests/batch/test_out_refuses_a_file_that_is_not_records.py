"""``--out F`` without ``--resume`` writes over F only when F is empty or a records file:
``cat list | pencilsat solve --batch - --out list`` replaced the list with its records (a
pipe does not tell which file it reads), and so did any notes file given by mistake."""

from __future__ import annotations

import subprocess
import sys

from batch_support import command_env, tdoku, write_batch

from pencilsat.cli import main


def test_the_list_a_pipe_reads_is_not_replaced(tmp_path):
    listed = write_batch(tmp_path, tdoku("unique", 2), name="list.txt")
    before = listed.read_text()
    with open(listed) as source:
        cat = subprocess.Popen(["cat"], stdin=source, stdout=subprocess.PIPE)
        run = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", "--batch", "-",
                              "--out", str(listed)], stdin=cat.stdout, capture_output=True,
                             text=True, timeout=300, env=command_env())
        cat.wait(timeout=60)
    assert run.returncode == 4, run.stderr
    assert (f"--out {listed} exists and is not a pencilsat records file: nothing written "
            "(remove it or choose another --out)") in run.stderr
    assert listed.read_text() == before


def test_a_notes_file_is_refused_and_kept(tmp_path, capsys):
    batch = write_batch(tmp_path, tdoku("unique", 2))
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    assert main(["solve", "--batch", str(batch), "--out", str(notes), "--workers", "1"]) == 4
    assert "is not a pencilsat records file" in capsys.readouterr().err
    assert notes.read_text() == "my notes\n"


def test_an_old_records_file_or_an_empty_one_is_written_anew(tmp_path, capsys):
    batch = write_batch(tmp_path, tdoku("unique", 3))
    out = tmp_path / "records.jsonl"
    assert main(["grade", "--batch", str(batch), "--out", str(out), "--workers", "1"]) == 0
    assert main(["solve", "--batch", str(batch), "--out", str(out), "--workers", "1"]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and all('"grade"' not in line for line in lines)
    out.write_text(lines[0][:20])  # a run killed in its first record
    assert main(["solve", "--batch", str(batch), "--out", str(out), "--workers", "1"]) == 0
    assert len(out.read_text().splitlines()) == 3
    out.write_text("")
    assert main(["solve", "--batch", str(batch), "--out", str(out), "--workers", "1"]) == 0
    assert len(out.read_text().splitlines()) == 3
