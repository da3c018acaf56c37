"""Whether and when to load the compiled Sudoku kernel (numba, the optional ``fast`` extra).

:mod:`pencilsat.strategies.sudoku_kernel` imports numba (~0.25 s CPU) and loads the kernel
from numba's cache (~0.27 s), or compiles it when the cache is cold (~10 s). This module
knows without importing numba: whether it was loaded, whether numba is installed, and
whether a cache of the kernel is there, so that :mod:`pencilsat.strategies.sudoku_batch`
loads it only for a chunk that pays for it, and never for one puzzle, ``--help`` or
``--version``.

Loading it (import and a first call) also moves every object alive to the collector's
permanent generation (``gc.freeze``): numba's import and the kernel's load leave ~100,000
objects that each full collection scanned, 15-45 ms a pass, which cost magictour's 1,465
records up to half the kernel's rate.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

_MODULE = "pencilsat.strategies.sudoku_kernel"
_failed = False


def loaded() -> bool:
    """Whether the kernel is loaded in this process (its cost is paid)."""
    return _MODULE in sys.modules


def installed() -> bool:
    """Whether numba can be imported (without importing it)."""
    return not _failed and importlib.util.find_spec("numba") is not None


def cached() -> bool:
    """Whether numba's cache holds a compiled kernel no older than its source (next to the
    module, or in ``NUMBA_CACHE_DIR``), so that loading costs ~0.5 s, not a compile."""
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


def kernel() -> ModuleType | None:
    """The kernel's module (imported, so compiled or loaded, on the first call), or ``None``
    when numba is missing or fails to import."""
    global _failed
    if _failed:
        return None
    if loaded():
        return sys.modules[_MODULE]
    try:
        import pencilsat.strategies.sudoku_kernel as module
    except ImportError:
        _failed = True
        return None
    empty = np.full((1, 81), ord("."), dtype=np.uint8)
    empty.flags.writeable = False  # as the batch's lines are (read from one buffer)
    module.count_lines(empty)  # loaded (or compiled) here, before the freeze
    gc.freeze()  # numba's ~100,000 objects out of the collector's full passes (see below)
    return module
