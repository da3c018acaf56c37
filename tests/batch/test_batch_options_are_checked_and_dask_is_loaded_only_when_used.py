"""Options of runs over many puzzles are refused where they do nothing or cannot work, with a
clear message and exit 4; Dask (and the batch machinery) are imported only when used."""

from __future__ import annotations

import subprocess
import sys

import pytest
from batch_support import command_env, janko, tdoku, write_batch

import pencilsat
from pencilsat.cli import main


@pytest.mark.parametrize(("extra", "message"), [
    (["--resume"], "--resume needs --out FILE"),
    (["--out", "{dir}"], "is a directory"),
    (["--out", "{dir}/no/such/records.jsonl"], "does not exist"),
    (["--out", "{batch}"], "is the batch file itself"),
    (["--dask", "tcp://127.0.0.1:9", "--workers", "2"], "--workers sets the size of --dask"),
])
def test_batch_options_that_cannot_work_are_refused(tmp_path, capsys, extra, message):
    batch = write_batch(tmp_path, tdoku("unique", 2))
    argv = ["solve", "--batch", str(batch)]
    argv += [word.format(dir=tmp_path, batch=batch) for word in extra]
    assert main(argv) == 4
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["solve", "{masyu}", "--workers", "2"], ["solve", "{masyu}", "{masyu}", "--out", "x"],
    ["grade", "{masyu}", "--fail-on", "never"], ["solve", "{masyu}", "--resume"],
])
def test_batch_options_on_one_puzzle_are_refused(argv, capsys):
    masyu = janko("masyu", 1)[0]
    assert main([word.format(masyu=masyu) for word in argv]) == 4
    assert "applies to" in capsys.readouterr().err


def test_resume_refuses_records_of_another_input_or_command(tmp_path, capsys):
    batch = write_batch(tmp_path, tdoku("unique", 3))
    other = write_batch(tmp_path, tdoku("unique", 4)[1:], name="other.txt")
    out = tmp_path / "records.jsonl"
    assert main(["solve", "--batch", str(batch), "--out", str(out), "--workers", "1"]) == 0
    assert main(["solve", "--batch", str(other), "--out", str(out), "--resume"]) == 4
    assert "which this input does not have there" in capsys.readouterr().err
    assert main(["grade", "--batch", str(batch), "--out", str(out), "--resume"]) == 4
    assert "is a record of 'pencilsat solve --batch'" in capsys.readouterr().err
    out.write_text("not json\n" + out.read_text())
    assert main(["solve", "--batch", str(batch), "--out", str(out), "--resume"]) == 4
    assert "line 1 is not a pencilsat record" in capsys.readouterr().err


def test_solve_many_refuses_bad_options_at_the_call():
    with pytest.raises(pencilsat.InputError, match="workers"):
        pencilsat.solve_many(janko("masyu", 1), workers=0)
    with pytest.raises(pencilsat.InputError, match="more than"):  # it forked one per shard
        pencilsat.solve_many(janko("masyu", 1), workers=99_999_999_999)
    with pytest.raises(pencilsat.InputError, match="unknown backend"):
        pencilsat.solve_many(janko("masyu", 1), backend="gpu")
    with pytest.raises(pencilsat.InputError, match="cannot read a puzzle from int"):
        pencilsat.solve_many([3])


def test_a_plain_solve_imports_neither_dask_nor_the_batch_machinery(tmp_path):
    batch = write_batch(tmp_path, tdoku("unique", 2))
    script = ("import sys; from pencilsat.cli import main; main(sys.argv[1:]); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('dask', 'distributed') or m.startswith('pencilsat.batch.')))")
    for argv, loaded in (([janko("masyu", 1)[0]], "[]"),
                         (["--batch", str(batch), "--workers", "1"], "dask")):
        done = subprocess.run([sys.executable, "-c", script, "solve", *argv],
                              capture_output=True, text=True, env=command_env(), timeout=300)
        imported = done.stdout.splitlines()[-1]
        if loaded == "[]":
            assert imported == "[]", imported
        else:
            assert "pencilsat.batch.run" in imported and loaded not in imported, imported
