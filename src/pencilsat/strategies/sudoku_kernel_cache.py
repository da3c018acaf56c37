"""The Sudoku kernel compiled ahead of time: one extension module a user, found and loaded in
well under a millisecond, without importing numba.

Loading the kernel through numba's JIT costs ~0.9 s of CPU a process (importing numba and
loading its cache), which every batch worker paid again. numba's ahead-of-time compiler
(``numba.pycc``, :mod:`pencilsat.strategies.sudoku_kernel_aot`) turns the same functions
into a plain extension module that needs numpy only. It is built once, by a C compiler, into
the user's cache folder (``PENCILSAT_CACHE_DIR``, else ``$XDG_CACHE_HOME/pencilsat`` or
``~/.cache/pencilsat``), for this machine's CPU (as the JIT does), under a name that hashes
what it is made of (two CRC-32s): the kernel's and the builder's sources, the verdict codes, numpy's
version, the CPU and the interpreter (the file suffix). A changed source is a new name, so a
stale module is never loaded, and is built anew.

Builds are safe to run side by side (two test workers, two batch workers): a builder holds
an exclusive lock on ``NAME.lock`` while it builds, builds into a temporary folder beside the
target and renames the module into place, so a reader sees no module or a whole one. A build
that fails leaves ``NAME.failed`` (its error), and no process starts that build again.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import platform
import sys
import zlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Union

import numpy as np

if TYPE_CHECKING:
    import subprocess
    from pathlib import Path

PathLike = Union[str, "os.PathLike[str]"]
_HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = (os.path.join(_HERE, "sudoku_kernel.py"), os.path.join(_HERE, "sudoku_kernel_aot.py"))
"""What the module is compiled from: a change in either is a new module. (Paths as strings
and ``os.path``: ``pathlib`` and ``hashlib`` are not imported on the way to a load, ~10 ms a
process.)"""
BUILDER = "pencilsat.strategies.sudoku_kernel_aot"


def cache_dir() -> str:
    """The user's cache folder for pencilsat's compiled modules."""
    if os.environ.get("PENCILSAT_CACHE_DIR"):
        return os.environ["PENCILSAT_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME") or os.environ.get("LOCALAPPDATA")
    return os.path.join(base or os.path.join(os.path.expanduser("~"), ".cache"), "pencilsat")


def _cpu() -> str:
    """This machine's CPU as the build targets it (its model and feature flags on Linux)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            first = fh.read(65536).split("\n\n")[0]
        return "\n".join(line for line in first.splitlines()
                         if line.startswith(("model name", "flags", "Features", "CPU part")))
    except OSError:
        return platform.processor()


def key(sources: tuple[PathLike, ...] = SOURCES) -> str:
    """The hash that names the module built from ``sources`` on this machine: CRC-32 and
    Adler-32 of what it is made of (64 bits against an accidental match)."""
    from pencilsat.strategies.sudoku_singles import MULTIPLE, NONE, OPEN, UNIQUE

    data = []
    for path in sources:
        with open(path, "rb") as fh:
            data.append(fh.read())
    parts = (UNIQUE, NONE, MULTIPLE, OPEN, np.__version__, platform.machine(), _cpu(),
             sys.version)
    data.append(repr(parts).encode())
    whole = b"\0".join(data)
    return f"{zlib.crc32(whole):08x}{zlib.adler32(whole):08x}"


def module_name(sources: tuple[PathLike, ...] = SOURCES) -> str:
    return f"sudoku_kernel_{key(sources)}"


def module_path(sources: tuple[PathLike, ...] = SOURCES) -> str:
    """Where the module built from ``sources`` is (or will be)."""
    return os.path.join(cache_dir(),
                        module_name(sources) + importlib.machinery.EXTENSION_SUFFIXES[0])


def _stem(target: PathLike) -> str:
    """``target`` without its suffixes (the module's name, in its folder)."""
    folder, name = os.path.split(os.fspath(target))
    return os.path.join(folder, name.split(".")[0])


def failed_marker(target: PathLike) -> str:
    return _stem(target) + ".failed"


def _lock_file(target: PathLike) -> str:
    return _stem(target) + ".lock"


def load(target: PathLike) -> ModuleType | None:
    """The extension module at ``target``, or ``None`` when there is none (or it fails to
    load: a module from another numpy, say)."""
    target = os.fspath(target)
    if not os.path.isfile(target):
        return None
    name = os.path.basename(_stem(target))
    loader = importlib.machinery.ExtensionFileLoader(name, target)
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
    import shutil
    import sysconfig

    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = command.split()
    return shutil.which(words[0]) if words else None


def build_into(target: PathLike, make: Callable[[Path], Path]) -> bool:
    """Build ``target`` once: under the exclusive lock ``NAME.lock``, unless it is there by
    then, ``make(folder)`` writes the file into a fresh temporary folder beside ``target``
    and returns it, and it is renamed into place (readers never see a part). A ``make`` that
    raises leaves ``NAME.failed`` with the error and returns ``False``."""
    import tempfile
    from pathlib import Path

    target = os.fspath(target)
    folder = os.path.dirname(target)
    os.makedirs(folder, exist_ok=True)
    with open(_lock_file(target), "a+b") as lock:
        _lock(lock.fileno())
        if os.path.isfile(target):
            return True
        with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as work:
            try:
                made = make(Path(work))
                os.replace(made, target)
            except Exception as exc:  # noqa: BLE001 - any failure: the numpy path instead
                with open(failed_marker(target), "w", encoding="utf-8") as fh:
                    fh.write(f"{type(exc).__name__}: {exc}\n")
                return False
    return True


def _lock(fd: int) -> None:
    """An exclusive lock on the open file (released when it is closed or the process ends);
    none where ``fcntl`` is missing (Windows): the rename alone then keeps readers safe."""
    try:
        import fcntl
    except ImportError:
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


def building(target: PathLike) -> bool:
    """Whether some process holds the build lock of ``target`` now."""
    try:
        import fcntl
    except ImportError:
        return False
    lock = _lock_file(target)
    if not os.path.exists(lock):
        return False
    with open(lock, "a+b") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
    return False


def build_command(target: PathLike, nice: bool = False) -> list[str]:
    """The command that builds ``target`` (the builder, a process of its own; run it with
    :func:`build_env`)."""
    return [sys.executable, "-m", BUILDER, os.fspath(target), *(["--nice"] if nice else [])]


def build_env() -> dict[str, str]:
    """The builder's environment: this one, with this pencilsat first on ``PYTHONPATH`` (so
    that the builder compiles these sources even where they are not installed)."""
    root = os.path.dirname(os.path.dirname(_HERE))  # the folder holding ``pencilsat``
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else "")}


def start_build(target: PathLike,
                command: list[str] | None = None) -> subprocess.Popen[bytes] | None:
    """Start building ``target`` in a process of its own, niced, that outlives this one, when
    nothing stands in the way (a module there, a failed build, no compiler, a build under
    way, a cache folder that cannot be written); ``None`` when it was not started.
    ``command``: the build's (default :func:`build_command`)."""
    import subprocess

    if os.path.isfile(target) or os.path.exists(failed_marker(target)) or compiler() is None:
        return None
    try:
        os.makedirs(os.path.dirname(os.fspath(target)), exist_ok=True)
        if building(target):
            return None
        return subprocess.Popen(command or build_command(target, nice=True), env=build_env(),
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return None
