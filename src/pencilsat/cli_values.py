"""The types of the command line's option values: each reads a value's text, or raises
``argparse.ArgumentTypeError`` with what is wrong, which the parser reports as a usage error
(exit 4). Shared by every command's parser (:mod:`pencilsat.cli_options`,
:mod:`pencilsat.cli_generate`, :mod:`pencilsat.cli_certify`)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from pencilsat.core.errors import InputError


def seconds(text: str) -> float | None:
    """``--time-limit``: a positive number of seconds; ``inf`` means no limit."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if value != value or value <= 0:  # NaN compares unequal to itself
        raise argparse.ArgumentTypeError(
            f"{text!r}: the time limit must be a positive number of seconds (or inf)")
    return None if value == float("inf") else value


def port_number(text: str) -> int:
    """``--port``: a whole number from 1 to 65535."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 65535")
    return int(text)


def solution_count(text: str) -> int:
    """``--count``: a whole number of solutions, at least 1."""
    if not text.strip().isdigit() or int(text) < 1 or len(text.strip()) > 9:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a number of solutions (a whole number from 1 to "
            "999,999,999)")
    return int(text)


def memory_size(text: str) -> int | None:
    """``--max-memory``: ``4G``, ``512M``, ``inf``."""
    from pencilsat.core.memory import parse_memory

    try:
        return parse_memory(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(f"{err.message} ({err.hint})") from None


def worker_count(text: str) -> int:
    """``--workers``: a whole number of worker processes, at least 1 and at most
    ``WORKERS_PER_CORE`` per core (:func:`pencilsat.batch.cores.too_many_workers`)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of workers") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give at least 1 worker (1: this process)")
    from pencilsat.batch.cores import too_many_workers

    refused = too_many_workers(value)
    if refused is not None:
        raise argparse.ArgumentTypeError(refused)
    return value


def fail_on(text: str) -> frozenset[str]:
    """``--fail-on``: verdicts separated by commas, or ``never``."""
    from pencilsat.batch.summary import parse_fail_on

    try:
        return parse_fail_on(text)
    except InputError as err:
        raise argparse.ArgumentTypeError(f"{err.message} ({err.hint})") from None


def whole_number(least: int, most: int | None = None, what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least`` (and at most ``most``, where
    ``what`` says why)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: give a whole number of at least "
                                             f"{least}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"{text[:40]!r}: at most {most:,}{what}")
        return value

    return parse


def folder_to_write(text: str) -> str:
    """``--proof-out``, ``generate --certify``: a folder to write into (made if missing),
    refused before any work when it is empty or names something that is not a folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder is empty: give a folder to write into, "
                                         "e.g. certificates")
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder: give a folder "
                                         "(made if missing)")
    return text
