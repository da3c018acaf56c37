"""``pencilsat study``: measure every puzzle of a LABELS file, correlate, predict, report.

The puzzles are measured in worker processes (``workers``), each record appended to
``measures.jsonl`` as it is done, so a run that stops keeps its work and a rerun measures
only what is missing. Then the analysis: per measure and group the rank correlations
(:mod:`.stats`), the cross-validated combined predictor (:mod:`.predictor`), and the report
with its plots (:mod:`.report`, :mod:`.plots`).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import pencilsat.study.records as records
from pencilsat.core.errors import InputError, internal_error, tracebacks_wanted
from pencilsat.study.analysis import Analysis, analyse
from pencilsat.study.labels import Item, Labels, read_item, read_labels
from pencilsat.study.measures import MeasureSettings, PuzzleMeasures, measure

NATURES = ("rating", "time")
"""What the labels are: a program's or a rater's rating, or people's solving time."""


class StudyWarning(UserWarning):
    """Something the reader of a study must know (a LABELS file without groups)."""


Progress = Callable[[int, int], None]
"""Called with (puzzles done, puzzles in all) as the work goes on."""


@dataclass(frozen=True)
class StudyResult:
    """What a study wrote: the folder, the records in LABELS order and the analysis."""

    folder: str
    records: list[dict[str, Any]]
    analysis: Analysis
    warnings: tuple[str, ...] = ()

    @property
    def report(self) -> str:
        return os.path.join(self.folder, "report.md")


def run_study(labels: str | os.PathLike[str], out: str | os.PathLike[str], *,
              order: str | Sequence[str] | None = None, workers: int = 1, folds: int = 5,
              resamples: int = 1000, settings: MeasureSettings | None = None,
              progress: Progress | None = None, plots: bool = True,
              columns: str | Mapping[str, str] | None = None, nature: str | None = None,
              about: str | None = None) -> StudyResult:
    """Measure, correlate and report the LABELS file ``labels`` into the folder ``out``.

    ``order`` ranks word labels (``"easy,tricky,hard"``); ``columns`` maps the file's column
    names to the roles puzzle, label, group and weight (``"label=mean_seconds,weight=
    completions"``); ``nature`` says what the labels are (``rating`` or ``time``) and
    ``about`` where they come from, both for the report; ``workers`` processes measure in
    parallel; ``folds`` for the combined predictor's cross-validation; ``resamples`` for the
    bootstrap intervals. Bad options or a bad LABELS file raise :class:`InputError`; a LABELS
    file without groups gives a :class:`StudyWarning` (and the report says so)."""
    _check_count("workers", workers, 1)
    _check_count("folds", folds, 2)
    _check_count("resamples", resamples, 0)
    if nature is not None and nature not in NATURES:
        raise InputError(f"--labels-are {nature!r} is not one of {', '.join(NATURES)}",
                         source="--labels-are", hint="rating: a program's or rater's "
                         "rating; time: people's solving times")
    settings = settings or MeasureSettings()
    table = read_labels(labels, order, columns)
    for text in table.warnings:
        warnings.warn(text, StudyWarning, stacklevel=2)
    folder = _out_folder(out)
    known = records.load(folder, settings)
    todo = [item for item in _unique(table.items) if item.puzzle not in known]
    done = len(table.items) - len(todo)
    if progress:
        progress(done, len(table.items))
    for record in _measure_all(table, todo, settings, workers):
        known[record["puzzle"]] = record
        records.append(folder, record)
        done += 1
        if progress:
            progress(done, len(table.items))
    ordered = [records.relabel(known[item.puzzle], item, table) for item in table.items]
    records.rewrite(folder, ordered)
    analysis = analyse(ordered, table, folds=folds, resamples=resamples)
    from pencilsat.study.report import write_report

    write_report(folder, table, ordered, analysis, settings, plots=plots, nature=nature,
                 about=about)
    return StudyResult(folder, ordered, analysis, table.warnings)


def _check_count(option: str, value: object, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InputError(f"{option} {value!r} is not a whole number >= {least}", source=option,
                         hint=f"give {option} as a whole number of at least {least}")


def _out_folder(out: str | os.PathLike[str]) -> str:
    folder = os.fspath(out)  # each message names --out once (it said "--out: --out F: ...")
    if not folder.strip():
        raise InputError("--out is empty", hint="give a folder (it is created when missing)")
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError(f"--out {folder}: is a file, not a folder",
                         hint="give a folder (it is created when missing)")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as err:
        raise InputError(f"--out {folder}: cannot create the folder ({err.strerror or err})",
                         hint="choose a folder you can write") from None
    if not os.access(folder, os.W_OK):
        raise InputError(f"--out {folder}: not writable", hint="choose a folder you can write")
    return folder


def _unique(items: list[Item]) -> list[Item]:
    """The first line of each puzzle (a puzzle listed twice is measured once)."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item.puzzle not in seen:
            seen.add(item.puzzle)
            out.append(item)
    return out


def _measure_all(table: Labels, todo: list[Item], settings: MeasureSettings,
                 workers: int) -> Any:
    """The records of ``todo`` as they are done (in order with one worker)."""
    if workers == 1 or len(todo) <= 1:
        for item in todo:
            yield measure_item(table, item, settings)
        return
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending = {pool.submit(measure_item, table, item, settings) for item in todo}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def measure_item(table: Labels, item: Item, settings: MeasureSettings) -> dict[str, Any]:
    """The record of one LABELS line: its measures, or why it has none."""
    try:
        found = measure(read_item(table, item), settings)
    except InputError as err:
        found = PuzzleMeasures(reason=f"unreadable: {err}")
    except Exception as err:  # a bug on one puzzle must not stop the study
        if tracebacks_wanted():
            raise
        found = PuzzleMeasures(reason=f"error: {internal_error(err)}")
    return records.make(item, table, found, settings)
