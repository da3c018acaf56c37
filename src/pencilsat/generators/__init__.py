"""Puzzle generators: random puzzles with exactly one solution. ``generate_masyu`` is loaded
on first use, so that the command line's parser can read the generators' names without numpy."""

from __future__ import annotations

from typing import Any

__all__ = ["generate_masyu"]


def __getattr__(name: str) -> Any:
    if name == "generate_masyu":
        from pencilsat.generators.masyu import generate_masyu

        return generate_masyu
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
