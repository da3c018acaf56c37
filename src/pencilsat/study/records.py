"""``measures.jsonl``: one record per puzzle, written as each is measured, reread on a rerun.

A record holds the LABELS line's puzzle, label and group, the genre and size, the measures
(name -> number), notes on what could not be measured and, for a puzzle that has no measures,
the reason (not unique, unreadable). Records are appended as puzzles finish, in any order,
so an interrupted study keeps its work; at the end the file is rewritten in the LABELS file's
order, so two runs give the same file. A rerun reuses every record of the same puzzle made by
the same measure version and settings.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Any

from pencilsat.study.labels import Item, Labels
from pencilsat.study.measures import VERSION, MeasureSettings, PuzzleMeasures

FILE = "measures.jsonl"


def make(item: Item, labels: Labels, found: PuzzleMeasures, settings: MeasureSettings,
         ) -> dict[str, Any]:
    """The record of ``item`` measured as ``found``."""
    return {
        "puzzle": item.puzzle,
        "label": item.label_text if labels.order else item.label,
        "group": item.group,
        "genre": found.genre or None,
        "size": found.size or None,
        "measures": found.measures,
        "notes": found.notes,
        "reason": found.reason,
        "version": VERSION,
        "settings": settings.to_dict(),
    }


def relabel(record: dict[str, Any], item: Item, labels: Labels) -> dict[str, Any]:
    """``record`` with the label and group of the current LABELS line."""
    return {**record, "label": item.label_text if labels.order else item.label,
            "group": item.group}


def load(folder: str, settings: MeasureSettings) -> dict[str, dict[str, Any]]:
    """The reusable records in ``folder``'s measures file, by puzzle (a line that is not a
    complete record, as an interrupted write leaves, is skipped)."""
    path = os.path.join(folder, FILE)
    if not os.path.exists(path):
        return {}
    wanted = settings.to_dict()
    out = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if (isinstance(record, dict) and record.get("version") == VERSION
                    and record.get("settings") == wanted and "puzzle" in record):
                out[record["puzzle"]] = record
    return out


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False)


def append(folder: str, record: dict[str, Any]) -> None:
    with open(os.path.join(folder, FILE), "a", encoding="utf-8") as handle:
        handle.write(dumps(record) + "\n")


def rewrite(folder: str, records: Iterable[dict[str, Any]]) -> None:
    """Replace the measures file by ``records``, atomically."""
    path = os.path.join(folder, FILE)
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(dumps(record) + "\n")
    os.replace(temporary, path)
