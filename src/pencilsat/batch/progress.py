"""The progress bar of every batch kind: puzzles done of all, rate, elapsed time and ETA, on
stderr when it is a terminal (a pipe or a log file gets only the summary)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def progress_bar(label: str, total: int, done: int = 0,
                 show: bool = True) -> Iterator[Callable[[int], None]]:
    """A function that advances the bar by its argument; ``done`` puzzles were done before
    (a resumed run). Nothing is drawn unless ``show``."""
    if not show:
        yield lambda count: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f}/s")

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), Rate(),
               TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(label, total=total, completed=done)

        def advance(count: int) -> None:
            bar.advance(task, count)

        yield advance
