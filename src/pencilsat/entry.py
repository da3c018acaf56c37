"""The ``pencilsat`` console script: a clean Ctrl-C from the first moment pencilsat runs.

While the CLI and numpy load, Ctrl-C is held back (a handler that only notes it) and
answered as soon as they are in: "pencilsat: interrupted" and exit 130, like one during a
solve. Raised inside an import, it left a traceback, or numpy turned it into a "bad install"
ImportError. (The interpreter's own start-up, before this module runs, is Python's.) A
``--batch`` run loads numpy only after its arguments are read, so that the workers' fork
server starts beside this process's imports instead of after numpy's (Royle's 49,158 lines on
2 workers: the first shard starts about 0.1 s sooner), from the words of the command line
before the CLI and argparse load (``fork_server.start_from_words``); a Ctrl-C then is the
batch's own (its summary, exit 130).

After that, a Ctrl-C that Python raises inside a callback (the import system's module-lock
callback, a ``__del__``) would be printed as "Exception ignored" and lost; the unraisable hook
delivers it again, so that it lands where the CLI answers it.

When the command is over, the console script (:func:`console`) ends the process with
:func:`pencilsat.leave.leave`.
"""

from __future__ import annotations

import os
import signal
import sys

from pencilsat.leave import leave

EXIT_INTERRUPTED = 130
EXIT_INVALID = 4
"""``core.errors.EXIT_INVALID``, which this module does not import before numpy's check."""


def _redeliver_interrupts(previous: object) -> None:
    """Wrap ``sys.unraisablehook``: a swallowed ``KeyboardInterrupt`` is raised again in the
    main thread once the callback is over; anything else goes to the hook that was there."""
    import _thread

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
            # from another thread: in this one the hook itself would be interrupted
            _thread.start_new_thread(_thread.interrupt_main, ())
            return
        previous(unraisable)  # type: ignore[operator]

    sys.unraisablehook = hook


QUICK = frozenset({"--version", "-h", "--help"})
"""Options that only print: they load neither numpy nor a solver."""


def main() -> int:
    args = sys.argv[1:]
    if args == ["--version"]:
        from pencilsat.core.version import __version__

        sys.stdout.write(f"pencilsat {__version__}\n")
        return 0
    _redeliver_interrupts(sys.unraisablehook)
    noted: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.SIG_IGN:  # ignored stays ignored (core.stops.take_sigint's rule,
        # not imported here: nothing of the package loads before numpy's check)
        signal.signal(signal.SIGINT, lambda number, frame: noted.append(number))
    try:
        # pencilsat does no linear algebra: OpenBLAS's thread pool only costs start-up (also
        # in a batch's workers, one per core: ~0.035 s of CPU at numpy's import)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        short = None if not args or not QUICK.isdisjoint(args) else _load(args)
        if short is not None:  # no room for numpy (ulimit -v): said before it loads
            sys.stderr.write(f"pencilsat: {short}\n")
            return EXIT_INVALID
        from pencilsat.cli import main as run
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if noted:
        sys.stderr.write("pencilsat: interrupted\n")
        return EXIT_INTERRUPTED
    return run()


def _load(args: list[str]) -> str | None:
    """Load what the command needs before the CLI (the fork server of a batch, else numpy);
    what to say instead when the address space is too small for it
    (:mod:`pencilsat.core.address_space`)."""
    from pencilsat.core.address_space import room_refused, short_of_memory

    refused = room_refused()
    if refused is not None:
        return refused
    try:
        if any(arg == "--batch" or arg.startswith("--batch=") for arg in args):
            from pencilsat.batch.fork_server import start_from_words

            start_from_words(args)  # the workers' fork server first; numpy loads after it
        else:
            import numpy  # noqa: F401  (every puzzle model holds numpy arrays)
    except Exception as err:  # any other failure is raised, as before
        short = short_of_memory(err)
        if short is not None:
            return short
        raise
    return None


def console() -> None:
    """The console script: :func:`main`, then :func:`pencilsat.leave.leave` with its status."""
    leave(main())


if __name__ == "__main__":
    sys.exit(main())
