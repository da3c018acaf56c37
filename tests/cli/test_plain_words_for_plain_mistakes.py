"""Mistakes of the set-up, said in words with their own exit status: ``serve`` on a port in use
is exit 4 naming the address (uvicorn alone exited 3, the ``unknown`` verdict's status);
``--batch`` given a folder names it (it printed ``[Errno 21]``); ``generate`` without
``--seed`` prints the seed it drew, which makes the same puzzle again."""

from __future__ import annotations

import re
import socket

import pytest
from conftest import REPO, run_cli

from pencilsat.cli import main


def test_serve_on_a_port_in_use_is_exit_4_naming_the_address():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_cli("serve", "--port", str(port))
    assert code == 4 and out == ""
    assert f"cannot listen on 127.0.0.1:{port}: the port is in use" in err
    assert "Traceback" not in err


def test_a_batch_that_is_a_folder_is_named_as_one(tmp_path, capsys):
    for command in ("solve", "grade"):
        assert main([command, "--batch", str(tmp_path)]) == 4
        err = capsys.readouterr().err
        assert f"{tmp_path} is a folder, not a batch file" in err and "Errno" not in err


def test_generate_without_a_seed_says_the_seed_that_makes_it_again(capsys):
    assert main(["generate", "masyu", "6x6"]) == 0
    first = capsys.readouterr()
    said = re.fullmatch(r"seed (\d+) \(pencilsat generate masyu 6x6 --seed \1 makes this "
                        r"puzzle again\)\n", first.err)
    assert said, first.err
    assert main(["generate", "masyu", "6x6", "--seed", said.group(1)]) == 0
    again = capsys.readouterr()
    assert again.out == first.out and again.err == ""


def test_a_batch_file_that_cannot_be_read_is_named_as_the_input(tmp_path, capsys):
    """A symbolic link loop (any error of the system in reading the batch file) is the input's
    fault, named as such: it was reported as 'cannot write the output'."""
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "back")
    (tmp_path / "back").symlink_to(loop)
    for command in ("solve", "grade"):
        assert main([command, "--batch", str(loop)]) == 4
        err = capsys.readouterr().err
        assert f"cannot read the batch file {loop}: Too many levels of symbolic links" in err
        assert "write" not in err and "Errno" not in err


def test_standard_input_closed_or_not_utf8_is_named_for_a_batch_and_a_puzzle(monkeypatch,
                                                                              capsys):
    """``pencilsat solve -`` or ``--batch -`` with standard input closed (``<&-``) was an
    internal error (exit 5); bytes that are not UTF-8 on ``--batch -`` became a line taken for
    a file name ("no such file: \\udcff")."""
    import io

    for args in (["solve", "-"], ["solve", "--batch", "-"], ["grade", "--batch", "-"]):
        monkeypatch.setattr("sys.stdin", None)
        assert main(args) == 4
        assert "standard input is closed" in capsys.readouterr().err
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"),
                                                          errors="surrogateescape"))
        assert main(args) == 4
        captured = capsys.readouterr()
        assert "standard input is not UTF-8 text (invalid start byte at byte 0)" in captured.err
        assert captured.out == ""


@pytest.mark.parametrize("closed", [1, 2])
def test_a_closed_standard_output_or_error_keeps_the_verdicts_status(closed):
    """``pencilsat solve P >&-`` (or ``2>&-``) was an internal error, exit 1 with a traceback:
    the output goes nowhere, and the exit status is still the verdict's (0: unique)."""
    import os
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "pencilsat.cli", "solve", str(REPO / "examples/masyu_10x10.txt")],
        capture_output=True, text=True, timeout=300, preexec_fn=lambda: os.close(closed),
        env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    if closed == 2:
        assert run.stdout.startswith("verdict: unique")


def test_a_link_to_nothing_a_folder_and_a_huge_name_are_said_as_they_are(tmp_path, capsys,
                                                                           monkeypatch):
    """A symbolic link loop was "no such file" (it exists), a folder given to ``verify`` as
    the solution too, and a stray line of a megabyte came back whole in its message."""
    import json

    monkeypatch.chdir(tmp_path)
    (tmp_path / "loop").symlink_to(tmp_path / "back")
    (tmp_path / "back").symlink_to(tmp_path / "loop")
    (tmp_path / "folder").mkdir()
    (tmp_path / "list.txt").write_text("loop\n" + "x" * 100_000 + "\n")
    assert main(["solve", "--batch", "list.txt"]) == 4
    messages = [json.loads(line)["message"] for line in capsys.readouterr().out.splitlines()]
    assert messages[0].startswith("list.txt, line 1: loop is a symbolic link to nothing")
    assert "(100,000 characters)" in messages[1] and len(messages[1]) < 400
    puzzle = str(REPO / "examples/masyu_10x10.txt")
    assert main(["verify", puzzle, "folder"]) == 4
    assert "folder: is a folder, not a file" in capsys.readouterr().err
    assert main(["verify", puzzle, "loop"]) == 4
    assert "loop is a symbolic link to nothing" in capsys.readouterr().err
