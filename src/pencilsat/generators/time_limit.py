"""A generation's time limit: a trial's proof that the limit cut short stops the generation
(never taken for "unique" or "not unique"), and what an order it stopped says on every path
(the library, ``generate``, ``generate --count``, the desk): the limit, and the command that
makes the seed again."""

from __future__ import annotations

from typing import Any

from pencilsat.core.result import TimeLimitReached, Verdict


def unique_in_time(proof: Any) -> bool:
    """Whether ``proof`` (``strategies.uniqueness.Proof``) found the answer the only one;
    ``TimeLimitReached`` when the time limit ended it (its verdict ``unknown``)."""
    if proof.verdict == Verdict.UNKNOWN:
        raise TimeLimitReached("generation")
    return bool(proof.verdict == Verdict.UNIQUE)


def time_limit_message(time_limit: float, command: str) -> str:
    """What an order the time limit stopped says: the limit and the command to run again."""
    return (f"time limit reached: no puzzle made in {time_limit:g} s; this seed may need "
            f"longer ({command} --time-limit {2 * time_limit:g}) or another seed "
            "may be quicker")
