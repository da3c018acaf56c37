"""Whether, when and which compiled Sudoku kernel to load: ahead of time, or numba's JIT.

The kernel compiled ahead of time (:mod:`pencilsat.strategies.sudoku_kernel_cache`, built
once a user) loads in under a millisecond without numba, so a batch uses it from its first
line, in every worker. Without it, :mod:`pencilsat.strategies.sudoku_kernel` imports numba
(~0.4 s CPU) and loads the kernel from numba's cache (~0.5 s), or compiles it on a cold cache
(~12 s): :mod:`pencilsat.strategies.sudoku_batch` then loads it only for work that pays for
that, and starts the ahead-of-time build in the background (:func:`build_soon`) so that the
next processes have it. This module knows without importing numba whether numba is
installed and whether numba's cache holds the kernel; ``--help``, ``--version`` and one
puzzle never load either kernel.

Loading the JIT kernel also moves every object alive to the collector's permanent generation
(``gc.freeze``): numba's import and the kernel's load leave ~100,000 objects that each full
collection scanned, 15-45 ms a pass, which cost magictour's 1,465 records up to half the
kernel's rate. The module compiled ahead of time leaves none.
"""

from __future__ import annotations

import gc
import importlib.util
import os
from collections.abc import Callable
from typing import Any

import numpy as np

from pencilsat.strategies import sudoku_kernel_cache as cache
from pencilsat.strategies.sudoku_singles import KERNEL_MAX_NODES


class Kernel:
    """The kernel's count over many lines, whichever way it was compiled (``how``: ``aot``
    or ``jit``)."""

    def __init__(self, count: Callable[..., Any], how: str) -> None:
        self._count = count
        self.how = how
        self.max_nodes = KERNEL_MAX_NODES

    def count_lines(self, raw: np.ndarray, max_nodes: int | None = None,
                    locked: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every row of ``raw`` ((puzzles, 81) ASCII codes of validated lines: ``1``-``9`` a
        clue, anything else empty) counted to two in one call: per puzzle its status
        (UNIQUE, NONE, MULTIPLE, or OPEN past ``max_nodes`` branches, default
        :attr:`max_nodes`), the solution of a UNIQUE one as (puzzles, 81) ASCII digits, and
        the branches (children) it tried."""
        cap = self.max_nodes if max_nodes is None else max_nodes
        out: tuple[np.ndarray, np.ndarray, np.ndarray] = self._count(
            np.ascontiguousarray(raw, dtype=np.uint8), cap, locked)
        return out


_aot: list[Kernel] = []
"""The kernel compiled ahead of time, once this process loaded it."""
_jit: list[Kernel] = []
"""numba's JIT kernel, once this process loaded it."""
_jit_failed = False
_build_started = False
_target: list[str] = []


def target() -> str:
    """Where this process looks for the kernel compiled ahead of time."""
    if not _target:
        _target.append(cache.module_path())
    return _target[0]


def loaded() -> bool:
    """Whether a kernel is loaded in this process (its cost is paid)."""
    return bool(_aot or _jit)


def ready() -> Kernel | None:
    """The kernel when it costs nothing more to load: the module compiled ahead of time (from
    the cache, loaded now, also when a background build has just put it there), else the
    JIT kernel if it is loaded, else ``None``."""
    if not _aot:
        module = cache.load(target())
        if module is not None:
            _aot.append(Kernel(module.count_lines, "aot"))
    loaded_now = _aot or _jit
    return loaded_now[0] if loaded_now else None


def installed() -> bool:
    """Whether numba can be imported (without importing it): the JIT kernel, and the build."""
    return not _jit_failed and importlib.util.find_spec("numba") is not None


def cached() -> bool:
    """Whether numba's cache holds a JIT-compiled kernel no older than its source (next to
    the module, or in ``NUMBA_CACHE_DIR``), so that loading costs ~0.9 s, not a compile."""
    from pathlib import Path

    source = Path(__file__).with_name("sudoku_kernel.py")
    places = [source.parent / "__pycache__"]
    if os.environ.get("NUMBA_CACHE_DIR"):
        places.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    newest = source.stat().st_mtime
    for place in places:
        for index in place.rglob("sudoku_kernel._count_lines-*.nbi") if place.is_dir() else ():
            if index.stat().st_mtime >= newest:
                return True
    return False


def kernel() -> Kernel | None:
    """The kernel: :func:`ready`'s, else numba's JIT one (numba imported, the kernel compiled
    or loaded from numba's cache), or ``None`` when numba is missing or fails to import."""
    return ready() or jit_kernel()


def jit_kernel() -> Kernel | None:
    """numba's JIT kernel (loaded here unless it was), or ``None`` without numba."""
    global _jit_failed
    if _jit_failed:
        return None
    if not _jit:
        try:
            from pencilsat.strategies import sudoku_kernel
        except ImportError:
            _jit_failed = True
            return None
        jit = Kernel(sudoku_kernel._count_lines, "jit")
        empty = np.full((1, 81), ord("."), dtype=np.uint8)
        empty.flags.writeable = False  # as the batch's lines are (read from one buffer)
        jit.count_lines(empty)  # loaded (or compiled) here, before the freeze
        gc.freeze()  # numba's ~100,000 objects out of the collector's full passes
        _jit.append(jit)
    return _jit[0]


def build_soon() -> bool:
    """Start building the kernel ahead of time in the background, once a process, when numba
    is installed and nothing stands in the way (see
    :func:`~pencilsat.strategies.sudoku_kernel_cache.start_build`); whether it started."""
    global _build_started
    if _build_started or not installed():
        return False
    _build_started = True
    return cache.start_build(target()) is not None
