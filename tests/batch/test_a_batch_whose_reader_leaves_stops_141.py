"""A batch whose records' reader leaves (``solve --batch F --out /dev/stdout | head -1``, or
without ``--out``) stops: the summary so far, how many records were written, exit 141 (128 +
SIGPIPE, as ``yes | head -1``), the workers and their block folder gone. With ``--out
/dev/stdout`` it ended with status 0 and no summary; without ``--out`` it solved the whole
list into /dev/null and ended with the verdicts' status."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import pytest
from batch_support import command_env, in_session, tdoku

from pencilsat.batch.block_folder import PREFIX

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: /proc, /dev/stdout")


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("out", [["--out", "/dev/stdout"], []], ids=["out-stdout", "stdout"])
def test_the_reader_leaving_stops_the_batch_with_141(tmp_path, workers, out):
    batch = tmp_path / "batch.txt"
    lines = 20000  # about 10 MB of records, far past a pipe's buffer
    batch.write_text((tdoku("unique", 1)[0] + "\n") * lines)
    run = subprocess.Popen(
        [sys.executable, "-m", "pencilsat.cli", "solve", "--batch", str(batch), "--workers",
         workers, *out], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=command_env(), start_new_session=True)
    try:
        assert run.stdout is not None and run.stdout.readline().startswith('{"schema":1')
        run.stdout.close()  # the reader leaves after one record
        stderr = run.stderr.read() if run.stderr else ""
        status = run.wait(timeout=120)  # a guard: it ends at once
        guard = time.monotonic() + 60
        while in_session(run.pid) and time.monotonic() < guard:
            time.sleep(0.01)  # waiting for an event: the workers' exit
        assert in_session(run.pid) == []
    finally:
        if run.poll() is None or in_session(run.pid):
            os.killpg(run.pid, signal.SIGKILL)
    assert status == 141, stderr
    said = re.search(r"pencilsat: (\S.*) was closed by its reader after (\d+) records?; the "
                     r"run stopped, the rest not written\n$", stderr)
    assert said, stderr
    assert said[1] == ("/dev/stdout" if out else "standard output")
    written = int(said[2])
    assert 0 < written < lines
    summed = re.match(r"(\d+) puzzles?: \1 unique, ", stderr)  # the records of whole blocks
    assert summed and int(summed[1]) <= written, stderr
    assert "Traceback" not in stderr and "leaked" not in stderr
    assert not [name for name in os.listdir(tempfile.gettempdir())
                if name.startswith(f"{PREFIX}{run.pid}-")]
