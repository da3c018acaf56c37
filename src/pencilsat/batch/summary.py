"""What a batch found, for people: counts per verdict and genre, the slowest puzzles, the lines
that could not be read; and the exit status ``--fail-on`` asks for.

The tally is kept as records go by (counts, the few slowest, the first unreadable lines), so
a run of millions of puzzles needs no more memory for it than a run of ten.
"""

from __future__ import annotations

import heapq
import os
import re
from collections import Counter
from collections.abc import Iterable
from typing import IO

from pencilsat.batch.records import EXIT_STATUS, VERDICTS, BatchRecord
from pencilsat.core.errors import InputError

FAILURES = ("multiple", "none", "unknown", "invalid", "error")
"""The verdicts ``--fail-on`` may name; by default each of them fails a run."""
SLOWEST = 5
LISTED_PROBLEMS = 20
LOG_WIDTH = 120


class Tally:
    """Counts per (genre, verdict), the slowest puzzles and the first lines not solved."""

    def __init__(self) -> None:
        self.counts: Counter[tuple[str, str]] = Counter()
        self.slowest: list[tuple[float, int, BatchRecord]] = []
        self.problems: list[BatchRecord] = []
        self.problem_count = 0
        self.seconds = 0.0

    def add(self, record: BatchRecord) -> None:
        self.counts[(record.genre or "-", record.verdict)] += 1
        self.seconds += record.seconds
        if record.verdict in ("invalid", "error"):
            self.problem_count += 1
            if len(self.problems) < LISTED_PROBLEMS:
                self.problems.append(record)
        elif record.genre is not None:
            entry = (record.seconds, -record.line, record)
            if len(self.slowest) < SLOWEST:
                heapq.heappush(self.slowest, entry)
            elif entry[:2] > self.slowest[0][:2]:
                heapq.heapreplace(self.slowest, entry)

    def add_all(self, records: Iterable[BatchRecord]) -> None:
        for record in records:
            self.add(record)

    def merge(self, other: Tally) -> None:
        """Add the tally of records that come after this one's (a worker's tally of a shard):
        the same counts, slowest and first problems as adding its records one by one."""
        self.counts.update(other.counts)
        self.seconds += other.seconds
        self.problem_count += other.problem_count
        self.problems += other.problems[:LISTED_PROBLEMS - len(self.problems)]
        for entry in other.slowest:
            if len(self.slowest) < SLOWEST:
                heapq.heappush(self.slowest, entry)
            elif entry[:2] > self.slowest[0][:2]:
                heapq.heapreplace(self.slowest, entry)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def verdict_counts(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for (_, verdict), count in self.counts.items():
            out[verdict] += count
        return out

    def exit_status(self, fail_on: Iterable[str]) -> int:
        """The worst status (multiple 1 ... error 5) among the verdicts found that are in
        ``fail_on``; 0 when there are none."""
        found = self.verdict_counts()
        return max((EXIT_STATUS[v] for v in fail_on if found[v]), default=0)

    def one_line(self) -> str:
        """``N puzzles: a unique, b multiple, ...`` (every verdict named, zeros included;
        errors only when there are some)."""
        found = self.verdict_counts()
        words = {"none": "no solution"}
        shown = [v for v in VERDICTS if v != "error" or found[v]]
        parts = ", ".join(f"{found[v]} {words.get(v, v)}" for v in shown)
        return f"{self.total} puzzle{'s' if self.total != 1 else ''}: {parts}"


def parse_fail_on(text: str) -> frozenset[str]:
    """``--fail-on``: verdicts separated by commas, or ``never``."""
    words = {word.strip() for word in text.split(",") if word.strip()}
    if words == {"never"}:
        return frozenset()
    wrong = sorted(words - set(FAILURES))
    if wrong or not words:
        raise InputError(f"{', '.join(map(repr, wrong)) or 'an empty list'} is not a verdict "
                         "that can fail a run",
                         hint=f"give some of {','.join(FAILURES)} separated by commas, or "
                              "never")
    return frozenset(words)


def load_drawing() -> None:
    """Import what :func:`print_summary` draws with (rich: about 0.035 s of CPU), so that a
    run can do it while it waits (for its workers' first shards) rather than after its last
    record."""
    import rich.console
    import rich.table  # noqa: F401


def print_summary(tally: Tally, stream: IO[str], *, wall: float, workers: str,
                  resumed: int = 0, interrupted: bool = False) -> None:
    """The summary tables on ``stream`` (stderr), drawn by rich."""
    from rich.console import Console
    from rich.table import Table

    class SummaryConsole(Console):
        def on_broken_pipe(self) -> None:
            """The reader of ``stream`` left: the rest of the summary goes to /dev/null and
            the run keeps its status (rich's own raised ``SystemExit(1)``, the status of
            ``multiple``, and sent standard output to /dev/null)."""
            self.quiet = True
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)

    console = SummaryConsole(file=stream, highlight=False, soft_wrap=True)
    if not console.is_terminal:  # a log file or a pipe: no window to fit
        console.width = LOG_WIDTH
    new = tally.total - resumed
    rate = f"{new / wall:,.1f} puzzles/s, " if wall > 0 and new else ""
    run = f"{new} solved in {wall:.2f} s ({rate}{workers})"
    if resumed:
        run += f"; {resumed} were already in the records file"
    if interrupted:
        run += "; interrupted"
    console.print(tally.one_line())
    console.print(run)
    genres = sorted({genre for genre, _ in tally.counts})
    if genres:
        table = Table(title="verdicts", title_justify="left")
        table.add_column("genre")
        shown = [v for v in VERDICTS if v != "error" or tally.verdict_counts()[v]]
        for verdict in shown:
            table.add_column(verdict, justify="right")
        table.add_column("total", justify="right")
        for genre in genres:
            row = [tally.counts[(genre, v)] for v in shown]
            table.add_row("(unread)" if genre == "-" else genre, *map(str, row), str(sum(row)))
        console.print(table)
    if tally.slowest:
        slow = Table(title="slowest", title_justify="left")
        for name in ("line", "genre", "size", "verdict", "seconds", "input"):
            slow.add_column(name, justify="right" if name in ("line", "seconds") else "left")
        for seconds, _, record in sorted(tally.slowest, reverse=True):
            slow.add_row(str(record.line), record.genre or "", record.size or "",
                         record.verdict, f"{seconds:.3f}", _short(record.input))
        console.print(slow)
    if tally.problems:
        more = tally.problem_count - len(tally.problems)
        bad = Table(title="not solved" + (f" (the first {len(tally.problems)} of "
                                          f"{tally.problem_count})" if more else ""),
                    title_justify="left")
        bad.add_column("line", justify="right")
        bad.add_column("verdict")
        bad.add_column("message", overflow="fold")
        for record in tally.problems:
            bad.add_row(str(record.line), record.verdict, _without_place(record))
        console.print(bad)


def _without_place(record: BatchRecord) -> str:
    """The message without its leading ``<batch file>, line N`` (the table's line column says
    it; a column number stays)."""
    message = record.message or ""
    place = re.match(rf".*?, line {record.line}(?:, (column \d+))?: ", message)
    if place is None:
        return message
    return (f"{place.group(1)}: " if place.group(1) else "") + message[place.end():]


def _short(text: str, width: int = 48) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."
