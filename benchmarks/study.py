"""The hardness study: LABELS files from the corpus, ``pencilsat study`` on each, docs/study/.

    python benchmarks/study.py --workers 2            # every label set, docs/study/ rewritten
    python benchmarks/study.py --sets sudoku-se160    # one set (the summary keeps the others)

The corpus is never copied into the repository: each label set's LABELS file (paths into the
corpus, one-line Sudokus as themselves) and its study folder with ``measures.jsonl`` live in
the work folder (``build/study/``, ignored by git; a rerun measures only puzzles it has no
record of). What is published to ``docs/study/<set>/`` is made of figures only: the set's
report, its plots, ``correlations.csv`` and ``summary.json``; ``docs/study/README.md``
gathers the answer across sets from them. Large sets are sampled, deterministically by a
hash of the puzzle: Radcliffe's 5,000 (``--radcliffe`` per level) and the janko re-grades
(``--per-cell``: at most that many puzzles per label and size).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import CORPUS, REPO  # noqa: E402

DOCS = REPO / "docs" / "study"
WORK = REPO / "build" / "study"
PUBLISHED = ("report.md", "correlations.csv", "summary.json")
SUDOKU_LEVELS = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")


Row = tuple[str, ...]
"""(puzzle, label, group) or (puzzle, label, group, weight)."""


@dataclass(frozen=True)
class LabelSet:
    """One label set: its name, where its labels come from, the word order, the target
    held-out Spearman of the SAT-side predictor (``None``: none set), how to write its rows,
    and what the labels are (``rating``: a program's or rater's; ``time``: people's)."""

    name: str
    title: str
    labels: str
    order: tuple[str, ...]
    target: float | None
    rows: Callable[[Path, Path], list[Row]]
    nature: str = "rating"


def _rel(path: Path, folder: Path) -> str:
    return os.path.relpath(path, folder)


def _read_tsv(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def _hash(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def sudoku_tatham(levels: tuple[str, ...]) -> Callable[[Path, Path], list[Row]]:
    def rows(corpus: Path, folder: Path) -> list[Row]:
        out = []
        for level in levels:
            for line in (corpus / "sudoku" / "tatham" / f"{level}.txt").read_text().split():
                out.append((line, level, "9x9"))
        return out
    return rows


def sudoku_se(corpus: Path, folder: Path) -> list[Row]:
    table = _read_tsv(corpus / "sudoku" / "sudoku_exchange_diabolical_se_sample160.tsv")
    return [(r["puzzle"], r["se_rating"], "9x9") for r in table]


def sudoku_radcliffe(per_level: int) -> Callable[[Path, Path], list[Row]]:
    def rows(corpus: Path, folder: Path) -> list[Row]:
        table = _read_tsv(corpus / "sudoku" / "kaggle_radcliffe_curated5000.tsv")
        chosen = []
        for level in sorted({r["level"] for r in table}):
            members = sorted((r for r in table if r["level"] == level),
                             key=lambda r: _hash(r["puzzle"]))
            chosen += members[:per_level] if per_level else members
        chosen.sort(key=lambda r: _hash(r["puzzle"]))
        return [(r["puzzle"], r["radcliffe_difficulty"], "9x9") for r in chosen]
    return rows


def sudoku_human(corpus: Path, folder: Path) -> list[Row]:
    """The Cloud Sudoku puzzles: mean solving seconds, weighted by the players who finished
    (the shared file's columns puzzle, mean_seconds, completions)."""
    table = _read_tsv(corpus / "sudoku" / "human" / "cloud_sudoku_times.tsv")
    return [(r["puzzle"], r["mean_seconds"], "9x9", r["completions"]) for r in table]


def tatham_manifest(genre: str, manifest: str = "tatham_manifest.tsv",
                    ) -> Callable[[Path, Path], list[Row]]:
    def rows(corpus: Path, folder: Path) -> list[Row]:
        table = _read_tsv(corpus / manifest)
        return [(_rel(corpus / r["puzzle_file"], folder), r["difficulty"], r["size"])
                for r in table if r["genre"] == genre]
    return rows


def janko_graded(genre: str, grades: dict[str, str], least: int, max_cells: int,
                 per_cell: int, grades_file: str = "tatham_grades.tsv",
                 ) -> Callable[[Path, Path], list[Row]]:
    """Janko puzzles with Tatham's re-grade, grouped by size; sizes with fewer than
    ``least`` graded puzzles or more than ``max_cells`` cells are left out, and at most
    ``per_cell`` puzzles of each label and size are kept (0: all), by a hash of the file."""
    def rows(corpus: Path, folder: Path) -> list[Row]:
        picked = []
        for r in _read_tsv(corpus / grades_file):
            if not r["file"].startswith(f"{genre}/janko/") or r["grade"] not in grades:
                continue
            size = r["file"].rsplit("_", 1)[1].removesuffix(".txt")  # janko names are RxC
            rows_, cols = (int(v) for v in size.split("x"))
            picked.append((r["file"], grades[r["grade"]], f"{cols}x{rows_}", rows_ * cols))
        counts: dict[str, int] = {}
        for _, _, group, _ in picked:
            counts[group] = counts.get(group, 0) + 1
        kept = sorted((row for row in picked if counts[row[2]] >= least and row[3] <= max_cells),
                      key=lambda row: _hash(row[0]))
        taken: dict[tuple[str, str], int] = {}
        out = []
        for f, label, group, _ in kept:
            taken[label, group] = taken.get((label, group), 0) + 1
            if not per_cell or taken[label, group] <= per_cell:
                out.append((_rel(corpus / f, folder), label, group))
        return out
    return rows


def label_sets(radcliffe: int, per_cell: int = 0) -> list[LabelSet]:
    from pencilsat.core.registry import GENRES

    sample = "all 5,000" if not radcliffe else f"{5 * radcliffe:,} sampled"
    sets = [
        LabelSet("sudoku-tatham", "Sudoku, Tatham's six levels (204)",
                 "the level Tatham's Solo generator was asked for (its solver's hardest "
                 "technique)", SUDOKU_LEVELS, 0.85, sudoku_tatham(SUDOKU_LEVELS)),
        LabelSet("sudoku-tatham-hard", "Sudoku, Tatham intermediate and above (136)",
                 "the same, intermediate to unreasonable only", SUDOKU_LEVELS[2:], 0.5,
                 sudoku_tatham(SUDOKU_LEVELS[2:])),
        LabelSet("sudoku-se160", "Sudoku, 160 diabolical puzzles with SE ratings",
                 "Sudoku Explainer's rating (5.4-9.1): the hardest technique it needs", (),
                 0.6, sudoku_se),
        LabelSet("sudoku-radcliffe",
                 f"Sudoku, Radcliffe's ratings ({sample})",
                 "Radcliffe's numeric rating (0-8.5) from his Kaggle set", (), 0.9,
                 sudoku_radcliffe(radcliffe)),
        LabelSet("sudoku-human", "Sudoku, Cloud Sudoku players' mean solving time (shared "
                 "part)", "the mean solving seconds of the 10-43 players who finished each "
                 "puzzle in the Cloud Sudoku app (Wang, IEEE Access 2024, CC0; the shared "
                 "part of the data, weighted by players)", (), None, sudoku_human, "time"),
        LabelSet("masyu-tatham", "Masyu, Tatham's easy and tricky (82)",
                 "the level Tatham's Pearl generator was asked for", ("easy", "tricky"), 0.8,
                 tatham_manifest("masyu")),
        LabelSet("lightup-tatham", "Light Up, Tatham's easy, tricky and hard (144)",
                 "the level Tatham's Light Up generator was asked for",
                 ("easy", "tricky", "hard"), 0.85, tatham_manifest("lightup")),
        LabelSet("masyu-janko", "Masyu from janko.at, 10x10, Tatham's re-grade",
                 "the level at which Tatham's Pearl solver finishes the puzzle (beyond: it "
                 "gets stuck)", ("easy", "tricky", "beyond"), None,
                 janko_graded("masyu", {"easy": "easy", "tricky": "tricky",
                                        "beyond-tricky": "beyond"}, 30, 100, per_cell)),
        LabelSet("lightup-janko", "Light Up from janko.at, Tatham's re-grade",
                 "the level at which Tatham's Light Up solver finishes the puzzle",
                 ("easy", "tricky", "hard", "beyond"), None,
                 janko_graded("lightup", {"d0 easy": "easy", "d1 tricky": "tricky",
                                          "d2 hard": "hard", "beyond-hard": "beyond"},
                              30, 400, per_cell)),
    ]
    if "slitherlink" in GENRES:
        sets += [
            LabelSet("slitherlink-tatham", "Slitherlink, Tatham's Loopy levels",
                     "the level Tatham's Loopy generator was asked for",
                     ("easy", "normal", "tricky", "hard"), 0.8,
                     tatham_manifest("slitherlink", "tatham_manifest_more.tsv")),
            LabelSet("slitherlink-janko", "Slitherlink from janko.at, Tatham's re-grade",
                     "the level at which Tatham's Loopy solver finishes the puzzle",
                     ("easy", "normal", "tricky", "hard"), None,
                     janko_graded("slitherlink", {"Easy": "easy", "Normal": "normal",
                                                  "Tricky": "tricky", "Hard": "hard"},
                                  30, 400, per_cell, "tatham_grades_more.tsv")),
        ]
    if "tents" in GENRES:
        sets.append(LabelSet("tents-tatham", "Tents, Tatham's easy and tricky (80)",
                             "the level Tatham's Tents generator was asked for",
                             ("easy", "tricky"), None,
                             tatham_manifest("tents", "tatham_manifest_genres.tsv")))
    if "hitori" in GENRES:
        sets.append(LabelSet("hitori-tatham", "Hitori, Tatham's Singles easy and tricky",
                             "the level Tatham's Singles generator was asked for",
                             ("easy", "tricky"), None,
                             tatham_manifest("hitori", "tatham_manifest_genres.tsv")))
    if "slant" in GENRES:
        sets.append(LabelSet("slant-tatham", "Slant, Tatham's easy and hard",
                             "the level Tatham's Slant generator was asked for",
                             ("easy", "hard"), None,
                             tatham_manifest("gokigen", "tatham_manifest_genres.tsv")))
    if "galaxies" in GENRES:
        sets.append(LabelSet("galaxies-tatham",
                             "Spiral Galaxies, Tatham's normal and unreasonable (80)",
                             "the level Tatham's Galaxies generator was asked for",
                             ("normal", "unreasonable"), None,
                             tatham_manifest("galaxies", "tatham_manifest_genres.tsv")))
    if "skyscrapers" in GENRES:
        sets.append(LabelSet("skyscrapers-tatham", "Skyscrapers, Tatham's Towers (160)",
                             "the level Tatham's Towers generator was asked for",
                             ("easy", "hard", "extreme", "unreasonable"), None,
                             tatham_manifest("skyscrapers", "tatham_manifest_genres.tsv")))
    for genre, title in (("jigsawsudoku", "Jigsaw"), ("killersudoku", "Killer")):
        if genre in GENRES:
            sets.append(LabelSet(f"{genre}-tatham",
                                 f"{title} Sudoku, Tatham's {title.lower()} Solo (240)",
                                 "the level Tatham's Solo generator was asked for",
                                 SUDOKU_LEVELS, None,
                                 tatham_manifest(genre, "tatham_manifest_genres.tsv")))
    return sets


def write_labels(label_set: LabelSet, corpus: Path, work: Path) -> Path:
    folder = work / "labels"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{label_set.name}.tsv"
    rows = label_set.rows(corpus, folder)
    weighted = any(len(row) == 4 for row in rows)
    header = "puzzle\tlabel\tgroup" + ("\tweight" if weighted else "")
    path.write_text(header + "\n" + "".join("\t".join(row) + "\n" for row in rows))
    return path


def share_records(label_set: LabelSet, labels: Path, work: Path) -> None:
    """Give ``label_set``'s study folder the records other sets already made of its puzzles
    (the Tatham Sudoku subset, say): the rerun logic then reuses them."""
    wanted = {line.split("\t", 1)[0] for line in labels.read_text().splitlines()[1:]}
    target = work / label_set.name / "measures.jsonl"
    have = set()
    if target.exists():
        have = {json.loads(line)["puzzle"] for line in target.read_text().splitlines()}
    found = []
    for other in sorted(work.glob("*/measures.jsonl")):
        if other == target:
            continue
        for line in other.read_text().splitlines():
            puzzle = json.loads(line)["puzzle"]
            if puzzle in wanted and puzzle not in have:
                have.add(puzzle)
                found.append(line)
    if found:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "a", encoding="utf-8") as handle:
            handle.write("".join(f"{line}\n" for line in found))


def publish(study: Path, docs: Path) -> None:
    """Copy the figures of one study (never its records, which hold corpus puzzles) to docs,
    the plots in 32 colours."""
    import shutil

    if docs.exists():
        shutil.rmtree(docs)
    (docs / "plots").mkdir(parents=True)
    for name in PUBLISHED:
        if (study / name).exists():
            shutil.copy(study / name, docs / name)
    from PIL import Image  # matplotlib's own dependency

    for plot in sorted((study / "plots").glob("*.png")):  # 32 colours: a third of the bytes
        with Image.open(plot) as image:
            image.convert("RGB").quantize(colors=32).save(docs / "plots" / plot.name,
                                                          optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--radcliffe", type=int, default=100,
                        help="puzzles per Radcliffe level (0: all 5,000)")
    parser.add_argument("--per-cell", type=int, default=40,
                        help="janko puzzles per label and size (0: all)")
    parser.add_argument("--work", type=Path, default=WORK,
                        help="LABELS files and measures.jsonl (not committed)")
    parser.add_argument("--sets", nargs="*", help="only these label sets")
    parser.add_argument("--summary-only", action="store_true",
                        help="measure nothing: publish the studies in the work folder "
                             "again and rewrite docs/study/README.md")
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args(argv)

    from study_summary import write_summary

    from pencilsat.study import run_study

    chosen = label_sets(args.radcliffe, args.per_cell)
    known = {s.name for s in chosen}
    unknown = sorted(set(args.sets or []) - known)
    if unknown:
        parser.error(f"unknown label set(s) {', '.join(unknown)}; "
                     f"known: {', '.join(sorted(known))}")
    for label_set in chosen:
        if args.summary_only and (args.work / label_set.name / "summary.json").exists():
            publish(args.work / label_set.name, DOCS / label_set.name)  # figures only
        if args.summary_only or (args.sets and label_set.name not in args.sets):
            continue
        labels = write_labels(label_set, args.corpus, args.work)
        share_records(label_set, labels, args.work)
        start = time.perf_counter()

        def progress(done: int, total: int, name: str = label_set.name) -> None:
            print(f"\r{name}: {done}/{total}", end="", file=sys.stderr, flush=True)

        run_study(labels, args.work / label_set.name, order=label_set.order or None,
                  workers=args.workers, resamples=args.resamples, progress=progress,
                  nature=label_set.nature, about=label_set.labels)
        publish(args.work / label_set.name, DOCS / label_set.name)
        print(f"\r{label_set.name}: done in {time.perf_counter() - start:.0f} s",
              file=sys.stderr)
    write_summary(DOCS, chosen)
    print(f"wrote {DOCS / 'README.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
