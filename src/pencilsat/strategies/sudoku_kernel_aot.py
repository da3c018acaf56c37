"""Build the Sudoku kernel ahead of time: ``python -m pencilsat.strategies.sudoku_kernel_aot
TARGET [--nice]``.

numba's ``pycc`` compiles the kernel's own functions (:mod:`pencilsat.strategies.sudoku_kernel`,
their Python source, so the same code as the JIT's) into an extension module that needs numpy
only, for this machine's CPU (``host``: the generic x86-64 target ran 10-20% slower here),
and a C compiler links it. :func:`pencilsat.strategies.sudoku_kernel_cache.build_into` makes
it safe beside other builds. ``pycc`` is pending deprecation in numba (a warning, silenced
here); when it goes, or without a compiler, the build fails once, is recorded as failed, and
the batch uses the JIT kernel or the numpy path.
"""

from __future__ import annotations

import argparse
import os
import warnings
from pathlib import Path

from pencilsat.strategies.sudoku_kernel_cache import build_into, compiler

SIGNATURE = "Tuple((u1[:], u1[:, :], i8[:]))(u1[:, ::1], i8, i8)"
"""``_count_lines(raw, max_nodes, locked)`` -> (status, solutions, branches)."""


def compile_module(folder: Path, name: str) -> Path:
    """Compile the kernel as the extension module ``name`` into ``folder``; its path."""
    if compiler() is None:
        raise RuntimeError("no C compiler (set CC, or install gcc)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumbaPendingDeprecationWarning of numba.pycc
        from numba.pycc import CC

        from pencilsat.strategies import sudoku_kernel

        cc = CC(name)
        cc.output_dir = str(folder)
        cc.target_cpu = "host"
        cc.verbose = False
        cc.export("count_lines", SIGNATURE)(sudoku_kernel._count_lines.py_func)
        cc.compile()
    made = [p for p in folder.iterdir() if p.name.startswith(name + ".")]
    if len(made) != 1:
        raise RuntimeError(f"pycc made {[p.name for p in folder.iterdir()]}")
    return made[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("target", type=Path)
    ap.add_argument("--nice", action="store_true", help="at a lower priority (a background build)")
    args = ap.parse_args()
    if args.nice and hasattr(os, "nice"):
        os.nice(10)
    name = args.target.name.split(".")[0]  # the module's, as the cache names it
    return 0 if build_into(args.target, lambda folder: compile_module(folder, name)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
