"""The clause lists of Heyawake's and Nurikabe's encodings, hashed, on every k-th janko
puzzle: a refactoring of an encoding that must keep its clauses prints the same digests.

``python benchmarks/clause_digest.py [--stride 5]``: one line per genre, the puzzles read,
the total clauses and counts, and a SHA-256 over every puzzle's clauses, counts and
connectivity requirements in order. Run it on two checkouts (``PYTHONPATH=other/src``) and
compare the lines.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import numpy as np

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def digest(genre: str, stride: int) -> str:
    if genre == "heyawake":
        from pencilsat.encodings.heyawake import build
        from pencilsat.puzzles.heyawake import parse_puzzle
    else:
        from pencilsat.encodings.nurikabe import build
        from pencilsat.puzzles.nurikabe import parse_puzzle
    files = sorted((CORPUS / genre / "janko").glob("*.txt"))[::stride]
    sha = hashlib.sha256()
    clauses = counts = 0
    for path in files:
        encoding = build(parse_puzzle(path.read_text(), path.stem))
        sha.update(repr((encoding.num_vars, encoding.clauses, encoding.sizes,
                         encoding.answer)).encode())
        for requirement in encoding.requirements:
            sha.update(np.asarray(requirement.literals).tobytes())
            sha.update(repr((requirement.anchor, requirement.name)).encode())
        clauses += len(encoding.clauses)
        counts += len(encoding.sizes)
    return (f"{genre}: {len(files)} puzzles, {clauses} clauses, {counts} counts, "
            f"sha256 {sha.hexdigest()[:16]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--stride", type=int, default=5)
    args = parser.parse_args()
    for genre in ("heyawake", "nurikabe"):
        print(digest(genre, args.stride), flush=True)


if __name__ == "__main__":
    main()
