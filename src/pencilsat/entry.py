"""The ``pencilsat`` console script: a clean Ctrl-C from the first moment pencilsat runs.

While the CLI and numpy load, Ctrl-C is held back (a handler that only notes it) and
answered as soon as they are in: "pencilsat: interrupted" and exit 130, like one during a
solve. Raised inside an import, it left a traceback, or numpy turned it into a "bad install"
ImportError. (The interpreter's own start-up, before this module runs, is Python's.)
"""

from __future__ import annotations

import os
import signal
import sys

EXIT_INTERRUPTED = 130


def main() -> int:
    noted: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: noted.append(number))
    try:
        # pencilsat does no linear algebra: OpenBLAS's thread pool only costs start-up time
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        import numpy  # noqa: F401  (every puzzle model holds numpy arrays)

        from pencilsat.cli import main as run
    finally:
        signal.signal(signal.SIGINT, previous)
    if noted:
        sys.stderr.write("pencilsat: interrupted\n")
        return EXIT_INTERRUPTED
    return run()


if __name__ == "__main__":
    sys.exit(main())
