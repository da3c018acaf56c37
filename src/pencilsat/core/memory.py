"""The memory budget a solve may plan for: the default, how a user writes one, how to say it.

A strategy whose model would not fit is not built: a 1000x1000 grid in Tamura's numbering
needs petabytes, and building it page by page takes the machine down long before any time
limit is looked at. Each such strategy estimates its peak from the puzzle's size (figures
measured on this project's benchmarks, see the estimators' docstrings); the front compares
the estimate with the budget and answers ``unknown``, naming a cheaper strategy, when it
does not fit.
"""

from __future__ import annotations

import math
import re

from pencilsat.core.errors import InputError

DEFAULT_MAX_MEMORY = 4 * 2**30
"""4 GiB: well inside a laptop; ``--max-memory`` (or ``max_memory=``) raises it."""
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def parse_memory(text: str) -> int | None:
    """``4G``, ``512M``, ``1.5G``, ``2000000000`` or ``inf`` (no budget: ``None``)."""
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    if cleaned in ("INF", "NONE"):
        return None
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([KMGT]?)", cleaned)
    if match is None or float(match[1]) <= 0:
        raise InputError(f"{text!r} is not an amount of memory", source="max_memory",
                         hint="write e.g. 4G, 512M or inf")
    return int(float(match[1]) * _UNITS[match[2]])


def check_budget(value: int | float | None) -> int | None:
    """A positive number of bytes, or ``None`` / infinity for no budget."""
    if value is None or value == math.inf:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise InputError(f"{value!r} is not a positive number of bytes", source="max_memory",
                         hint="give bytes > 0, or None for no budget")
    return int(value)


def describe(size: float) -> str:
    """``3.2 GB``, ``840 MB``: a size for people (powers of 1024)."""
    for unit, scale in (("TB", 2**40), ("GB", 2**30), ("MB", 2**20)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}" if size < 100 * scale else \
                f"{size / scale:,.0f} {unit}"
    return f"{size / 2**10:,.0f} KB"
