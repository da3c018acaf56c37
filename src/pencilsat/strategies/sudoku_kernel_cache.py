"""The Sudoku kernel compiled ahead of time: one extension module a user, found and loaded in
well under a millisecond, without importing numba.

Loading the kernel through numba's JIT costs ~0.9 s of CPU a process (importing numba and
loading its cache), which every batch worker paid again. numba's ahead-of-time compiler
(``numba.pycc``, :mod:`pencilsat.strategies.sudoku_kernel_aot`) turns the same functions
into a plain extension module that needs numpy only. It is built once, by a C compiler, into
the user's cache folder (``PENCILSAT_CACHE_DIR``, else ``$XDG_CACHE_HOME/pencilsat`` or
``~/.cache/pencilsat``), for this machine's CPU (as the JIT does), under a name that hashes
what it is made of: the kernel's and the builder's sources, the verdict codes, numpy's
version, the CPU and the interpreter (the file suffix). A changed source is a new name, so a
stale module is never loaded, and is built anew.

Builds are safe to run side by side (two test workers, two batch workers): a builder holds
an exclusive lock on ``NAME.lock`` while it builds, builds into a temporary folder beside the
target and renames the module into place, so a reader sees no module or a whole one. A build
that fails leaves ``NAME.failed`` (its error), and no process starts that build again.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np

_HERE = Path(__file__).parent
SOURCES = (_HERE / "sudoku_kernel.py", _HERE / "sudoku_kernel_aot.py")
"""What the module is compiled from: a change in either is a new module."""
BUILDER = "pencilsat.strategies.sudoku_kernel_aot"


def cache_dir() -> Path:
    """The user's cache folder for pencilsat's compiled modules."""
    if os.environ.get("PENCILSAT_CACHE_DIR"):
        return Path(os.environ["PENCILSAT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.environ.get("LOCALAPPDATA")
    return (Path(base) if base else Path.home() / ".cache") / "pencilsat"


def _cpu() -> str:
    """This machine's CPU as the build targets it (its model and feature flags on Linux)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            first = fh.read(65536).split("\n\n")[0]
        return "\n".join(line for line in first.splitlines()
                         if line.startswith(("model name", "flags", "Features", "CPU part")))
    except OSError:
        return platform.processor()


def key(sources: tuple[Path, ...] = SOURCES) -> str:
    """The hash that names the module built from ``sources`` on this machine."""
    from pencilsat.strategies.sudoku_singles import MULTIPLE, NONE, OPEN, UNIQUE

    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.read_bytes())
    parts = (UNIQUE, NONE, MULTIPLE, OPEN, np.__version__, platform.machine(), _cpu(),
             sys.version)
    digest.update(repr(parts).encode())
    return digest.hexdigest()[:16]


def module_name(sources: tuple[Path, ...] = SOURCES) -> str:
    return f"sudoku_kernel_{key(sources)}"


def module_path(sources: tuple[Path, ...] = SOURCES) -> Path:
    """Where the module built from ``sources`` is (or will be)."""
    return cache_dir() / (module_name(sources) + importlib.machinery.EXTENSION_SUFFIXES[0])


def failed_marker(target: Path) -> Path:
    return target.with_name(target.name.split(".")[0] + ".failed")


def load(target: Path) -> ModuleType | None:
    """The extension module at ``target``, or ``None`` when there is none (or it fails to
    load: a module from another numpy, say)."""
    if not target.is_file():
        return None
    name = target.name.split(".")[0]
    loader = importlib.machinery.ExtensionFileLoader(name, str(target))
    spec = importlib.util.spec_from_file_location(name, target, loader=loader)
    if spec is None:
        return None
    try:
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except ImportError:
        return None
    return module


def compiler() -> str | None:
    """The C compiler a build would call (``CC``, else the one Python was built with), or
    ``None`` when it is not there."""
    import sysconfig

    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = command.split()
    return shutil.which(words[0]) if words else None


def build_into(target: Path, make: Callable[[Path], Path]) -> bool:
    """Build ``target`` once: under the exclusive lock ``NAME.lock``, unless it is there by
    then, ``make(folder)`` writes the file into a fresh temporary folder beside ``target``
    and returns it, and it is renamed into place (readers never see a part). A ``make`` that
    raises leaves ``NAME.failed`` with the error and returns ``False``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_name(target.name.split(".")[0] + ".lock"), "a+b") as lock:
        _lock(lock)
        if target.is_file():
            return True
        with tempfile.TemporaryDirectory(dir=target.parent, prefix=".build-") as folder:
            try:
                made = make(Path(folder))
                os.replace(made, target)
            except Exception as exc:  # noqa: BLE001 - any failure: the numpy path instead
                failed_marker(target).write_text(f"{type(exc).__name__}: {exc}\n")
                return False
    return True


def _lock(fh: object) -> None:
    """An exclusive lock on the open file (released when it is closed or the process ends);
    none where ``fcntl`` is missing (Windows): the rename alone then keeps readers safe."""
    try:
        import fcntl
    except ImportError:
        return
    fcntl.flock(fh.fileno(), fcntl.LOCK_EX)  # type: ignore[attr-defined]


def building(target: Path) -> bool:
    """Whether some process holds the build lock of ``target`` now."""
    try:
        import fcntl
    except ImportError:
        return False
    lock = target.with_name(target.name.split(".")[0] + ".lock")
    if not lock.exists():
        return False
    with open(lock, "a+b") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
    return False


def build_command(target: Path, nice: bool = False) -> list[str]:
    """The command that builds ``target`` (the builder, a process of its own)."""
    return [sys.executable, "-m", BUILDER, str(target), *(["--nice"] if nice else [])]


def start_build(target: Path,
                command: list[str] | None = None) -> subprocess.Popen[bytes] | None:
    """Start building ``target`` in a process of its own, niced, that outlives this one, when
    nothing stands in the way (a module there, a failed build, no compiler, a build under
    way, a cache folder that cannot be written); ``None`` when it was not started.
    ``command``: the build's (default :func:`build_command`)."""
    if target.is_file() or failed_marker(target).exists() or compiler() is None:
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if building(target):
            return None
        return subprocess.Popen(command or build_command(target, nice=True),
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return None
