"""Puzzle generators: random puzzles with exactly one solution."""

from pencilsat.generators.masyu import generate_masyu

__all__ = ["generate_masyu"]
