"""Ctrl-C and SIGTERM during a batch are raised only where stopping is safe. Raised inside
CPython's ``Condition.__enter__`` just after it took a lock of the process pool's queues,
the stop left the lock held and the exit hung after the summary (SIGTERM on 1-ms shards: 2 of
110 runs, benchmarks/results/batch_stop_hang.md). Now a signal that comes while any frame
is the pool's code (here: code compiled under such a file name) is kept and raised at the next
check, and one inside a deferred section on leaving it; elsewhere it is raised at once. Last,
SIGTERM sent from inside a queue lock of a real run's pool ends the run (it hung every time
before; a guard kills a hung run and fails the test)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from batch_support import command_env, ended, guarded
from conftest import REPO

from pencilsat.cli_signals import Terminated, sigterm_as_interrupt
from pencilsat.core.stops import raise_pending_stop, stops_deferred

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="Linux: signals, /proc")

POOL_FILE = "/usr/lib/python3/concurrent/futures/process.py"
"""A file name of the pool's code, as the handler sees it on the stack."""


def _signal_inside_pool_code(number: int) -> dict:
    """``number`` sent to this process from code that looks like the pool's: what ran after."""
    seen: dict = {"os": os, "signal": signal, "number": number}
    code = compile("os.kill(os.getpid(), number)\nafter = True\n", POOL_FILE, "exec")
    exec(code, seen)
    return seen


@pytest.mark.parametrize("number, stop", [(signal.SIGTERM, Terminated),
                                          (signal.SIGINT, KeyboardInterrupt)])
def test_a_signal_in_the_pools_code_is_kept_until_the_next_check(number, stop):
    with pytest.raises(stop), sigterm_as_interrupt():
        seen = _signal_inside_pool_code(number)
        assert seen.get("after") is True  # not raised inside the pool's code
        raise_pending_stop()  # raised here, at the check
        pytest.fail("the stop was lost")


def test_a_second_ctrl_c_while_one_is_kept_is_raised_at_once():
    # (a second SIGTERM has its default action: sigterm_as_interrupt)
    seen: dict = {}
    with pytest.raises(KeyboardInterrupt), sigterm_as_interrupt():
        with stops_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            seen["kept"] = True  # the first is kept
            os.kill(os.getpid(), signal.SIGINT)
            seen["after the second"] = True
    assert seen == {"kept": True}
    raise_pending_stop()  # nothing left pending: the second took the first's place


def test_a_signal_in_a_deferred_section_is_raised_on_leaving_it():
    done = []
    with pytest.raises(Terminated), sigterm_as_interrupt():
        with stops_deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("written")
            done.append("counted")
        pytest.fail("the stop was lost")
    assert done == ["written", "counted"]


def test_a_signal_elsewhere_is_raised_at_once():
    with pytest.raises(KeyboardInterrupt), sigterm_as_interrupt():
        os.kill(os.getpid(), signal.SIGINT)
        pytest.fail("not raised at once")


def test_a_stop_kept_to_the_end_of_the_command_is_raised_there():
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(Terminated), sigterm_as_interrupt():
        _signal_inside_pool_code(signal.SIGTERM)
    assert signal.getsignal(signal.SIGINT) is before


def test_an_ignored_ctrl_c_stays_ignored():
    # a background job of a script (`pencilsat solve --batch ... &`) inherits SIGINT ignored,
    # so that the terminal's Ctrl-C reaches only the foreground job
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with sigterm_as_interrupt():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGINT)
            raise_pending_stop()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def _inside_the_lock() -> str:
    """The script of ``benchmarks/batch_stop_hang.py --mode inside-lock``: ``pencilsat ARGS``
    run with SIGTERM sent from inside ``Condition.__enter__`` of a queue of the pool (the
    ``at``-th entered by the main thread), just after it took the lock: where the stop that
    hung the exit landed (the hung runs' dumps: the pool's manager thread waiting for the
    work-id queue's lock in ``flag_executor_shutting_down``)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    from batch_stop_hang import INSIDE_LOCK

    return INSIDE_LOCK


@pytest.mark.parametrize("at", [1, 20, 50])
def test_sigterm_inside_a_queue_lock_of_the_pool_ends_the_run(tmp_path, at):
    batch = tmp_path / "batch.txt"
    batch.write_text("12345\n" * 200000)  # invalid lines: 1-ms shards, many submitted
    script = tmp_path / "signal_inside_the_lock.py"
    script.write_text(_inside_the_lock())
    run = subprocess.Popen([sys.executable, str(script), str(at), "solve", "--batch",
                            str(batch), "--workers", "2"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=command_env(), start_new_session=True)
    with guarded(run):
        _, stderr = ended(run, "the run hung after SIGTERM inside the pool's lock")
    text = stderr.decode()
    assert run.returncode == 143, text
    assert text.rstrip().endswith("pencilsat: terminated") and "Traceback" not in text
