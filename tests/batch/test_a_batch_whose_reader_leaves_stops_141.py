"""A batch whose records' reader leaves (``solve --batch F | head -1``, with or without ``--out
/dev/stdout``, ``grade --batch``, ``generate --count``) stops: the summary so far, how many
records were written, exit 141 (128 + SIGPIPE, as ``yes | head -1``), the workers and their
block folder gone, and the process ends (a 2-worker run hung at exit once: the pool's manager
thread waited for the rest of a result that a worker stopped mid-send had half written). It
used to end with status 0 and no summary under ``--out /dev/stdout``, and to solve or make
the rest into /dev/null otherwise. Each run is read until its first record, then left."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tempfile

import pytest
from batch_support import command_env, ended, guarded, tdoku
from conftest import CORPUS

from pencilsat.batch.block_folder import PREFIX

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc, /dev/stdout")

PIPE_BYTES = 4096
"""The runs' pipes hold a page (their least): a run whose records are ten times that and the
reader's read (``io.DEFAULT_BUFFER_SIZE``) and more cannot end before its reader leaves."""
LEAST_OUTPUT = 10 * (PIPE_BYTES + io.DEFAULT_BUFFER_SIZE)


def _read_one_and_leave(args: list[str]) -> tuple[int, str, str]:
    """``pencilsat ARGS`` read until its first line, then left: its status, first line and
    stderr, once it and every process of its session ended."""
    run = subprocess.Popen([sys.executable, "-m", "pencilsat.cli", *args],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=command_env(), start_new_session=True, pipesize=PIPE_BYTES)
    with guarded(run):  # a hang before the first line: killed, so the read below ends
        assert run.stdout is not None
        first = run.stdout.readline()  # the event: the first record read
        run.stdout.close()  # the reader leaves
        _, stderr = ended(run, "the run hung after its reader left")
    assert "Traceback" not in stderr and "leaked" not in stderr, stderr
    assert "Exception ignored" not in stderr, stderr
    assert not [name for name in os.listdir(tempfile.gettempdir())
                if name.startswith(f"{PREFIX}{run.pid}-")]
    return run.returncode, first, stderr


def _written(stderr: str, where: str) -> int:
    """The records the last line of ``stderr`` says went out before ``where`` was closed."""
    said = re.search(r"pencilsat: (\S.*) was closed by its reader after (\d+) records?; the "
                     r"run stopped, the rest not written\n$", stderr)
    assert said and said[1] == where, stderr
    return int(said[2])


@pytest.mark.parametrize("command, workers, out", [
    ("solve", "1", []), ("solve", "1", ["--out", "/dev/stdout"]),
    ("solve", "2", []), ("solve", "2", ["--out", "/dev/stdout"]),
    ("grade", "1", []),
], ids=["solve-1", "solve-1-out", "solve-2", "solve-2-out", "grade-1"])
def test_the_reader_leaving_stops_the_batch_with_141(tmp_path, command, workers, out):
    puzzle, lines = (tdoku("unique", 1)[0], 256) if command == "solve" else (_easy_sudoku(), 32)
    batch = tmp_path / "batch.txt"
    batch.write_text((puzzle + "\n") * lines)  # 2 workers: shards of 16 lines
    status, first, stderr = _read_one_and_leave(
        [command, "--batch", str(batch), "--workers", workers, *out])
    assert first.startswith('{"schema":1'), first
    assert len(first) * lines >= LEAST_OUTPUT
    assert status == 141, stderr
    written = _written(stderr, "/dev/stdout" if out else "standard output")
    assert 0 < written < lines
    summed = re.match(r"(\d+) puzzles?: \1 unique, ", stderr)  # every record written
    assert summed and int(summed[1]) == written, stderr
    assert "; interrupted\n" in stderr


def test_the_reader_leaving_stops_generate_count_with_141():
    count = 192  # 2 workers: shards of 12 puzzles
    status, first, stderr = _read_one_and_leave(
        ["generate", "sudoku", "4x4", "--count", str(count), "--seed", "7", "--workers", "2"])
    assert first.startswith('{"schema":1') and '"generated":' in first, first
    assert len(first) * count >= LEAST_OUTPUT
    assert status == 141, stderr
    written = _written(stderr, "standard output")
    assert 0 < written < count
    rest = (f"{written} of {count} puzzles written (seeds 7..{6 + written}); the rest: "
            f"pencilsat generate sudoku 4x4 --seed {7 + written} --count {count - written}")
    assert rest in stderr, stderr


def _easy_sudoku() -> str:
    """An easy Sudoku, whose graded record is 5 KB."""
    return (CORPUS / "sudoku/euler96_easy50.txt").read_text().split()[0]
