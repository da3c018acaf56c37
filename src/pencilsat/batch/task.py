"""What a batch does with each puzzle: solve it with the given options, or grade it.

One value, sent with every shard to the workers, so that a worker needs nothing but the
shard to do its work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pencilsat.core.memory import DEFAULT_MAX_MEMORY


@dataclass(frozen=True)
class BatchTask:
    """The options every puzzle of a batch is solved (or graded) with."""

    grade: bool = False
    """Prove uniqueness, then grade (``grade --batch``); else solve and prove."""
    faithful: bool = False
    """Grade as the paper does (``grade --faithful``: Light Up without trials)."""
    score: bool = True
    """Also the difficulty score (``grade --no-score``: the level only, score null)."""
    encoding: str | None = None
    backend: str | None = None
    sat_solver: str | None = None
    time_limit: float | None = None
    """Seconds for each puzzle (its proof and grading together when grading)."""
    max_memory: float | None = DEFAULT_MAX_MEMORY
    certify: bool = False
    """Certify each verdict (``solve --batch --certify``): the record gains ``certified`` and
    ``certificate`` (docs/certificates.md)."""
    generate: Any = None
    """An editor's order (``generators.order.Order``): each input is a seed and its record
    the puzzle made from it (``generate --count``); ``None``: solve or grade."""
    source: str | None = None
    """The batch file's name in messages (``FILE, line N``); ``None`` when the inputs are
    command-line arguments or ``solve_many``'s puzzles (messages name the input itself)."""

    @property
    def fast_sudoku(self) -> bool:
        """Whether one-line Sudokus may take the vectorised batch path: it uses the default
        Sudoku strategy's clauses, so only when no other strategy or backend was chosen."""
        return (self.encoding in (None, "direct") and self.backend in (None, "cnf")
                and not self.certify)
