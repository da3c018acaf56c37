"""The temporary folder our workers write their blocks of records into (``blocks.RecordFile``).

One folder per run, in the system's temporary folder, named after the main process's id; it
is removed at the end of the run, even a failed or interrupted one. A run killed by SIGKILL
cannot remove it: the next run (a ``--resume``, typically) removes the folders whose process
is gone, so at most the blocks that were in flight stay behind, and only until then.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

PREFIX = "pencilsat-records-"
_NAME = re.compile(re.escape(PREFIX) + r"(\d+)-")


@contextmanager
def block_folder() -> Iterator[str]:
    """A new folder for this run's blocks, removed on leaving (the workers must be stopped
    by then), after those of killed runs."""
    remove_orphans()
    folder = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def remove_orphans(parent: str | None = None) -> None:
    """Remove the block folders in ``parent`` (the temporary folder) whose run is gone (on
    POSIX systems, where a process can be asked whether it runs)."""
    if os.name != "posix":
        return
    parent = parent or tempfile.gettempdir()
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        found = _NAME.match(name)
        if found and not process_running(int(found.group(1))):
            shutil.rmtree(os.path.join(parent, name), ignore_errors=True)


def process_running(pid: int) -> bool:
    """Whether process ``pid`` runs (POSIX)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # alive, another user's; or no such id
        return True
    return True
