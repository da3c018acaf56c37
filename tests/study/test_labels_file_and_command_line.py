"""The LABELS file and ``pencilsat study`` on the command line: labels read as numbers or by
``--order``, groups optional, paths from the file's folder; every bad file or option is one
line naming what, where and how to fix it, exit 4, never a traceback; a plain ``solve``
never loads matplotlib or scipy."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import CORPUS, REPO, run_cli

from pencilsat.core.errors import InputError
from pencilsat.study.labels import NO_GROUP, read_labels

HUMAN = CORPUS / "sudoku" / "human" / "cloud_sudoku_times.tsv"

SUDOKU = (CORPUS / "sudoku" / "tatham" / "trivial.txt").read_text().split()[0]


def _write(tmp_path, text: str):
    path = tmp_path / "labels.tsv"
    path.write_text(text)
    return path


def test_numbers_and_words_in_order_are_labels(tmp_path):
    numbers = read_labels(_write(tmp_path, f"puzzle\tlabel\n{SUDOKU}\t7.5\n"))
    assert numbers.items[0].label == 7.5 and numbers.items[0].group == NO_GROUP
    words = read_labels(_write(tmp_path, f"group\tlabel\tpuzzle\n9x9\thard\t{SUDOKU}\n"
                                         f"# a comment\n\n9x9\teasy\t{SUDOKU}\n"),
                        order="easy,tricky,hard")
    assert [i.label for i in words.items] == [2.0, 0.0]
    assert [i.line for i in words.items] == [2, 5]


@pytest.mark.parametrize("text, order, where", [
    ("puzzle\tdifficulty\nX\t1\n", None, "line 1, column 1"),
    (f"puzzle\tlabel\n{SUDOKU}\thard\n", None, "line 2, column 83"),
    (f"puzzle\tlabel\n{SUDOKU}\tvery hard\n", "easy,hard", "line 2, column 83"),
    (f"puzzle\tlabel\tgroup\n{SUDOKU}\n", None, "line 2, column 1"),
    ("puzzle\tlabel\n", None, "labels.tsv"),
])
def test_a_bad_labels_file_names_the_line_and_column(tmp_path, text, order, where):
    with pytest.raises(InputError) as err:
        read_labels(_write(tmp_path, text), order)
    assert where in str(err.value)
    assert err.value.hint


def test_a_file_without_groups_gets_the_warning_and_one_with_groups_does_not(tmp_path):
    pooled = read_labels(_write(tmp_path, f"puzzle\tlabel\n{SUDOKU}\t1\nother.txt\t2\n"))
    assert len(pooled.warnings) == 1 and "no group column" in pooled.warnings[0]
    assert "all 2 puzzles are one group" in pooled.warnings[0]
    grouped = read_labels(_write(tmp_path, f"puzzle\tlabel\tgroup\n{SUDOKU}\t1\t9x9\n"))
    assert grouped.warnings == ()


def test_columns_of_other_names_are_read_through_the_mapping(tmp_path):
    lines = HUMAN.read_text().splitlines()[:4]
    path = tmp_path / "human.tsv"
    path.write_text("\n".join(lines) + "\n")
    labels = read_labels(path, columns="label=mean_seconds,weight=completions")
    header = lines[0].split("\t")
    first = dict(zip(header, lines[1].split("\t"), strict=False))
    assert labels.numeric and labels.weighted
    assert labels.items[0].puzzle == first["puzzle"]
    assert labels.items[0].label == float(first["mean_seconds"])
    assert labels.items[0].weight == float(first["completions"])
    with pytest.raises(InputError) as err:
        read_labels(path)  # no column 'label'
    assert "mean_seconds" in str(err.value) and "--columns" in err.value.hint
    with pytest.raises(InputError) as err:
        read_labels(path, columns="label=mean_seconds,weight=d_to")  # empty weights
    assert "weight '' is not a positive number" in str(err.value)
    with pytest.raises(InputError) as err:
        read_labels(path, columns="time=mean_seconds")
    assert "no role 'time'" in str(err.value)


def test_a_bad_order_is_refused():
    for order in ("easy,,hard", "easy,easy"):
        with pytest.raises(InputError):
            read_labels(REPO / "pyproject.toml", order)


def _refused(*args: str) -> str:
    code, out, err = run_cli("study", *args)
    assert code == 4, (code, out, err)
    assert "Traceback" not in err
    return err


def test_the_command_refuses_bad_input_with_exit_4(tmp_path):
    good = _write(tmp_path, f"puzzle\tlabel\n{SUDOKU}\teasy\n")
    assert "not a number" in _refused(str(good), "--out", str(tmp_path / "o"))
    assert "no such file" in _refused(str(tmp_path / "missing.tsv"), "--out", str(tmp_path))
    assert "is a file" in _refused(str(good), "--out", str(good), "--order", "easy")
    assert "at least 1" in _refused(str(good), "--out", str(tmp_path), "--workers", "0")
    assert "--out" in _refused(str(good))


def test_an_out_that_is_a_file_or_empty_is_named_once(tmp_path):
    """It said "--out: --out F: is a file, not a folder", and for an empty --out "cannot create
    the folder (No such file or directory)"."""
    good = _write(tmp_path, f"puzzle\tlabel\n{SUDOKU}\t1\n")
    said = _refused(str(good), "--out", str(good))
    assert "--out " + str(good) + ": is a file, not a folder" in said
    assert said.count("--out") == 1
    assert "--out is empty" in _refused(str(good), "--out", "")


def test_the_command_writes_the_report(tmp_path):
    rows = [(line, level) for level in ("trivial", "extreme")
            for line in (CORPUS / "sudoku" / "tatham" / f"{level}.txt").read_text().split()[:3]]
    labels = _write(tmp_path, "puzzle\tlabel\n" + "".join(f"{p}\t{lab}\n" for p, lab in rows))
    code, out, err = run_cli("study", str(labels), "--out", str(tmp_path / "out"), "--order",
                             "trivial,extreme", "--resamples", "20", "--shuffles", "1",
                             "--folds", "2")
    assert code == 0, err
    assert "warning: the LABELS file has no group column" in err
    assert "6 puzzles, 6 measured" in out
    assert "report: " in out and (tmp_path / "out" / "report.md").exists()
    assert "cpsat." in (tmp_path / "out" / "measures.jsonl").read_text()


def test_a_plain_solve_loads_neither_matplotlib_nor_scipy():
    code = ("import sys; from pencilsat.cli import main; main(['solve', sys.argv[1]]); "
            "assert 'matplotlib' not in sys.modules and 'scipy' not in sys.modules, "
            "[m for m in sys.modules if m.startswith(('matplotlib', 'scipy'))]")
    done = subprocess.run([sys.executable, "-c", code, SUDOKU], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_byte_order_mark_before_the_header_is_read(tmp_path):
    path = tmp_path / "labels.tsv"  # spreadsheets write one; the header was refused
    path.write_bytes(b"\xef\xbb\xbfpuzzle\tlabel\r\n" + SUDOKU.encode() + b"\t3\r\n")
    labels = read_labels(path)
    assert [(i.puzzle, i.label) for i in labels.items] == [(SUDOKU, 3.0)]


def test_a_column_named_twice_is_refused(tmp_path):
    with pytest.raises(InputError, match="names the column label twice") as err:
        read_labels(_write(tmp_path, f"puzzle\tlabel\tlabel\n{SUDOKU}\t1\t5\n"))
    assert "line 1" in str(err.value)  # the first was read, silently


def test_a_repeated_puzzle_is_warned_of_with_its_lines(tmp_path):
    labels = read_labels(_write(tmp_path, f"puzzle\tlabel\tgroup\n{SUDOKU}\t1\tg\n"
                                          f"other.txt\t2\tg\n{SUDOKU}\t3\tg\n"))
    assert len(labels.items) == 3
    assert len(labels.warnings) == 1 and "line 4 repeats line 2" in labels.warnings[0]


@pytest.mark.parametrize("path", [None, 5, ["labels.tsv"]])
def test_a_labels_argument_that_is_no_path_is_an_input_error(path, tmp_path):
    with pytest.raises(InputError, match="cannot read a LABELS file from"):
        read_labels(path)  # it was a TypeError from os.fspath
