"""A study run end to end: the same measures.jsonl on every run, whatever the order of the
puzzles and the number of workers; a rerun reuses the records it has; a bad or non-unique
line is recorded with its reason and the rest go on; the outputs are written."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from conftest import CORPUS

import pencilsat
from pencilsat.study import MeasureSettings, StudyWarning, run_study
from pencilsat.study import run as run_module

FAST = MeasureSettings(shuffles=2, cpsat=False)
NOT_UNIQUE = "." * 78 + "123"


def _sudoku(level: str, line: int) -> str:
    return (CORPUS / "sudoku" / "tatham" / f"{level}.txt").read_text().split()[line]


def _labels(folder: Path, reverse: bool = False) -> Path:
    rows = [(_sudoku(level, i), level, "9x9") for level in ("basic", "advanced", "extreme")
            for i in range(3)]
    lightup = CORPUS / "lightup" / "tatham"
    rows += [(os.path.relpath(lightup / f"10x10-{level}" / "s001.txt", folder), level, "10x10")
             for level in ("easy", "hard")]
    rows += [("no/such/puzzle.txt", "easy", "10x10"), (NOT_UNIQUE, "basic", "9x9")]
    if reverse:
        rows.reverse()
    path = folder / ("reversed.tsv" if reverse else "labels.tsv")
    path.write_text("puzzle\tlabel\tgroup\n" + "".join(f"{p}\t{lab}\t{g}\n" for p, lab, g in rows))
    return path


ORDER = "easy,basic,advanced,extreme,hard"


@pytest.fixture(scope="module")
def first_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("study")
    labels = _labels(folder)
    result = run_study(labels, folder / "out", order=ORDER, settings=FAST, resamples=50)
    return folder, labels, result


def _records(path: Path) -> dict[str, dict]:
    return {r["puzzle"]: r for r in map(json.loads, path.read_text().splitlines())}


def test_every_output_is_written(first_run):
    folder, _, result = first_run
    out = folder / "out"
    for name in ("measures.jsonl", "correlations.csv", "report.md", "summary.json"):
        assert (out / name).exists(), name
    assert list((out / "plots").glob("*.png"))
    with open(out / "correlations.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == ["measure", "group", "n", "spearman", "kendall", "ci_low",
                             "ci_high", "mc_error", "c_index", "pearson_log", "pearson_low",
                             "pearson_high"]
    assert {"pooled", "9x9", "10x10"} <= {r["group"] for r in rows}
    assert result.report == str(out / "report.md")
    assert result.warnings == ()


def test_the_report_says_question_answer_and_limitations_in_words(first_run):
    folder, _, result = first_run
    report = (folder / "out" / "report.md").read_text()
    sections = [line for line in report.splitlines() if line.startswith("## ")]
    for wanted in ("## Question", "## Answer", "## The labels", "## Limitations"):
        assert wanted in sections, sections
    assert sections.index("## Question") < sections.index("## Answer")
    answer = report.split("## Answer")[1].split("|")[0]
    assert "ranks the 11 puzzles most like the label" in answer
    assert "**Ties.**" in report and "**Small groups.**" in report
    assert "**Selection on the scored data.**" in report
    # cell counts are the same within each size: constant, never "0.00 [0.00, 0.00]"
    assert result.analysis.pooled("size.cells").constant
    every = report.split("## Every measure")[1]
    # the 10x10 group: every puzzle of one size, so its density is constant; the report
    # lists the measures by Spearman, so density may be past the rows shown
    assert {r.group: r for r in result.analysis.correlations["size.density"]}["10x10"].constant
    shown = [line for line in every.splitlines() if line.startswith("| `size.density`")]
    assert all("| constant |" in line for line in shown)
    assert "0.00 .. 0.00" not in report and "[0.00, 0.00]" not in report


def test_a_bad_and_a_non_unique_line_are_recorded_with_their_reason(first_run):
    folder, _, _ = first_run
    records = _records(folder / "out" / "measures.jsonl")
    assert records["no/such/puzzle.txt"]["reason"].startswith("unreadable: ")
    assert "no such file" in records["no/such/puzzle.txt"]["reason"]
    assert records[NOT_UNIQUE]["reason"].startswith("multiple: ")
    measured = [r for r in records.values() if r["measures"]]
    assert len(measured) == 11


def test_records_carry_each_family_of_measures(first_run):
    folder, _, _ = first_run
    record = _records(folder / "out" / "measures.jsonl")[_sudoku("extreme", 0)]
    families = {name.split(".")[0] for name in record["measures"]}
    assert {"size", "default", "cdcl", "gup", "grade"} <= families
    assert record["label"] == "extreme" and record["group"] == "9x9"
    assert record["genre"] == "sudoku" and record["size"] == "9x9"


def test_a_rerun_reuses_the_records_it_has(first_run, monkeypatch):
    folder, labels, _ = first_run
    out = folder / "out"
    lines = (out / "measures.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    first["measures"]["size.cells"] = 12345.0  # a record the rerun must keep as it is
    (out / "measures.jsonl").write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    calls = []
    monkeypatch.setattr(run_module, "measure", lambda *a: calls.append(a))
    run_study(labels, out, order=ORDER, settings=FAST, resamples=50, plots=False)
    assert calls == []
    assert json.loads((out / "measures.jsonl").read_text().splitlines()[0]) == first
    (out / "measures.jsonl").write_text("\n".join(lines) + "\n")


def test_another_run_in_another_order_with_two_workers_gives_the_same_records(first_run):
    folder, _, _ = first_run
    first = (folder / "out" / "measures.jsonl").read_text()
    again = folder / "again"
    run_study(_labels(folder, reverse=True), again, order=ORDER, settings=FAST,
              resamples=50, workers=2, plots=False)
    reversed_records = _records(again / "measures.jsonl")
    records = _records(folder / "out" / "measures.jsonl")
    # the reason of an unreadable line names its own LABELS file and line
    assert "reversed.tsv, line 3" in reversed_records.pop("no/such/puzzle.txt")["reason"]
    records.pop("no/such/puzzle.txt")
    assert reversed_records == records
    fresh = folder / "fresh"
    run_study(folder / "labels.tsv", fresh, order=ORDER, settings=FAST, resamples=50,
              plots=False)
    assert (fresh / "measures.jsonl").read_text() == first


def test_the_api_name_is_the_study_itself(first_run):
    folder, labels, _ = first_run
    result = pencilsat.study(labels, folder / "out", order=ORDER, settings=FAST, resamples=50,
                             plots=False)
    assert len(result.records) == 13


def test_numeric_labels_with_weights_run_end_to_end_on_the_human_times(tmp_path):
    human = CORPUS / "sudoku" / "human" / "cloud_sudoku_times.tsv"
    lines = human.read_text().splitlines()[:13]
    labels = tmp_path / "human.tsv"
    labels.write_text("\n".join(lines) + "\n")
    with pytest.warns(StudyWarning, match="no group column"):
        result = run_study(labels, tmp_path / "out", settings=FAST, resamples=50, folds=2,
                           plots=False, columns="label=mean_seconds,weight=completions",
                           nature="time", about="Cloud Sudoku, Wang 2024")
    analysis = result.analysis
    rows = [dict(zip(lines[0].split("\t"), line.split("\t"), strict=False))
            for line in lines[1:]]
    assert len(analysis.label) == 12
    assert analysis.weights is not None
    assert analysis.weights.tolist() == [float(r["completions"]) for r in rows]
    pooled = analysis.pooled("gup.up_rounds")
    assert -1 <= pooled.pearson_log <= 1 and pooled.pearson_low <= pooled.pearson_high
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["weighted"] and summary["numeric"] and summary["nature"] == "time"
    report = (tmp_path / "out" / "report.md").read_text()
    assert "people's solving times" in report and "Pearson, log label" in report
    assert "Cloud Sudoku, Wang 2024" in report and "**No groups.**" in report
