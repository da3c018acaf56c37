"""Several puzzles in one run: arguments or a --batch file of URLs and game IDs, any genre.

Every answer is compared with the corpus ``.sol`` (or checked by the genre's rule checker),
bad entries are reported with their place and never stop the rest. The records are schema 1
(``tests/batch/test_one_record_format_for_every_path_and_genre.py`` checks their keys).
"""

from __future__ import annotations

import csv
import json

from conftest import CORPUS, REPO, run_cli

from pencilsat.batch.summary import Tally
from pencilsat.cli import main
from pencilsat.core.registry import rules_of
from pencilsat.formats.detect import names_a_puzzle, read_input

TWO_ANSWERS = "masyu 3 3\n.W.\n...\n...\n"


def _tatham_rows(genre: str, count: int) -> list[dict[str, str]]:
    with open(CORPUS / "tatham_manifest.tsv", newline="") as fh:
        rows = [row for row in csv.DictReader(fh, delimiter="\t") if row["genre"] == genre]
    return rows[:count]


def _expected_rows(spec: str, solution_file: str) -> list[str]:
    puzzle = read_input(spec)
    rules = rules_of(puzzle)
    return rules.solution_rows(puzzle, rules.parse_solution((CORPUS / solution_file).read_text(),
                                                            puzzle))


def test_several_arguments_give_a_line_each_a_summary_and_the_worst_status(tmp_path, capsys):
    two = tmp_path / "two.txt"
    two.write_text(TWO_ANSWERS)
    seed = CORPUS / "masyu" / "seed_10x10.txt"
    code = main(["solve", str(seed), str(two), str(tmp_path / "missing.txt")])
    lines = capsys.readouterr().out.splitlines()
    assert code == 4  # the missing file is the worst outcome
    assert lines[0].startswith("unique") and lines[0].endswith(str(seed))
    assert lines[1].startswith("multiple") and "differs in" in lines[1]
    assert lines[2].startswith("invalid") and "missing.txt" in lines[2]
    assert "no such file" in lines[2]
    assert lines[3] == "3 puzzles: 1 unique, 1 multiple, 0 no solution, 0 unknown, 1 invalid"
    assert main(["solve", str(seed), str(seed)]) == 0
    capsys.readouterr()
    assert main(["solve", str(seed), str(two)]) == 1


def test_several_arguments_as_json_lines_match_the_corpus(capsys):
    pairs = [(CORPUS / "masyu" / "seed_10x10.txt", CORPUS / "masyu" / "seed_10x10.sol")]
    for folder in ("lightup/janko", "masyu/janko"):
        txt = sorted((CORPUS / folder).glob("*.txt"))[0]
        pairs.append((txt, txt.with_suffix(".sol")))
    code = main(["solve", *(str(t) for t, _ in pairs), "--json"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and len(records) == len(pairs)
    for i, (record, (txt, sol)) in enumerate(zip(records, pairs, strict=True)):
        assert record["line"] == i + 1 and record["input"] == str(txt)
        assert record["verdict"] == "unique"
        assert record["solution"] == _expected_rows(str(txt), str(sol.relative_to(CORPUS)))


def test_batch_of_urls_and_game_ids_across_genres(tmp_path, capsys):
    masyu_ids, lightup_ids = _tatham_rows("masyu", 3), _tatham_rows("lightup", 3)
    url = (CORPUS / "masyu" / "pzprjs" / "mashu_example.url").read_text().strip()
    sudoku_line = (CORPUS / "sudoku" / "norvig_top95.txt").read_text().split()[0]
    seed = str(CORPUS / "masyu" / "seed_10x10.txt")
    entries = ["# submissions of the week", *(f"pearl:{r['game_id']}" for r in masyu_ids), "",
               *(f"lightup:{r['game_id']}" for r in lightup_ids), url, sudoku_line, seed,
               str(tmp_path / "missing.txt"), "https://puzz.link/p?mashu/3/3/0z0"]
    batch = tmp_path / "week.txt"
    batch.write_text("\n".join(entries) + "\n")
    assert main(["solve", "--batch", str(batch)]) == 4  # two lines could not be read
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_line = {r["line"] - 1: r for r in records}
    assert sorted(by_line) == [i for i, e in enumerate(entries) if e and not e.startswith("#")]
    for i, row in enumerate(masyu_ids + lightup_ids):
        index = entries.index(f"{'pearl' if row['genre'] == 'masyu' else 'lightup'}:"
                              f"{row['game_id']}")
        assert index in (1 + i, 2 + i)  # after the comment, and the blank line
        record = by_line[index]
        assert record["genre"] == row["genre"] and record["verdict"] == "unique"
        assert record["solution"] == _expected_rows(entries[index], row["solution_file"])
    url_record = by_line[entries.index(url)]
    assert url_record["solution"] == _expected_rows(
        url, "masyu/pzprjs/mashu_example.sol")
    assert by_line[entries.index(seed)]["solution"] == _expected_rows(
        seed, "masyu/seed_10x10.sol")
    sudoku_record = by_line[entries.index(sudoku_line)]
    assert sudoku_record["genre"] == "sudoku" and sudoku_record["verdict"] == "unique"
    puzzle = read_input(sudoku_line)
    rules = rules_of(puzzle)
    assert not rules.check(puzzle, rules.parse_solution("\n".join(sudoku_record["solution"]),
                                                        puzzle))
    missing = by_line[len(entries) - 2]
    assert missing["verdict"] == "invalid"
    assert missing["message"].startswith(f"{batch}, line {len(entries) - 1}: no such file")
    bad = by_line[len(entries) - 1]
    assert bad["verdict"] == "invalid"
    assert bad["message"].startswith(f"{batch}, line {len(entries)}, column ")


def test_batch_of_one_line_sudokus_keeps_the_fast_path(tmp_path, capsys):
    lines = (CORPUS / "sudoku" / "norvig_top95.txt").read_text().split()[:5]
    batch = tmp_path / "sudokus.txt"
    batch.write_text("\n".join(lines) + "\n")
    assert main(["solve", "--batch", str(batch)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert all(r["stats"]["encoding"] == "batch" for r in records)  # the vectorised path


def test_batch_of_file_paths(tmp_path, capsys):
    files = sorted((CORPUS / "lightup" / "janko").glob("*.txt"))[:3]
    batch = tmp_path / "files.txt"
    batch.write_text("".join(f"{f}\n" for f in files))
    assert main(["solve", "--batch", str(batch)]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["input"]) for r in records] == [(i + 1, str(f))
                                                          for i, f in enumerate(files)]
    for record, txt in zip(records, files, strict=True):
        sol = txt.with_suffix(".sol").relative_to(CORPUS)
        assert record["solution"] == _expected_rows(str(txt), str(sol))


def test_batch_from_stdin_reads_urls():
    url = (CORPUS / "masyu" / "pzprjs" / "mashu_example.url").read_text().strip()
    code, out, err = run_cli("solve", "--batch", "-", stdin=f"{url}\n")
    record = json.loads(out)
    assert code == 0 and "1 puzzle: 1 unique" in err  # the summary
    assert (record["line"], record["input"], record["verdict"]) == (1, url, "unique")


def test_options_that_draw_one_puzzle_are_refused_for_several(tmp_path):
    seed = str(CORPUS / "masyu" / "seed_10x10.txt")
    code, out, err = run_cli("solve", seed, seed, "--svg", str(tmp_path / "x.svg"))
    assert code == 4 and "--svg draws one puzzle" in err and "Traceback" not in err
    code, out, err = run_cli("solve", seed, "--batch", seed)
    assert code == 4 and "not both" in err
    code, out, err = run_cli("solve", "-", "-", stdin=TWO_ANSWERS)
    assert code == 4 and "once only" in err


def test_an_encoding_of_another_genre_is_invalid_for_that_puzzle_only(capsys):
    masyu_file = CORPUS / "masyu" / "seed_10x10.txt"
    lightup_file = sorted((CORPUS / "lightup" / "janko").glob("*.txt"))[0]
    code = main(["solve", str(masyu_file), str(lightup_file), "--encoding", "lazy"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 4
    assert lines[0].startswith("unique")
    assert lines[1].startswith("invalid") and "unknown encoding 'lazy' for Light Up" in lines[1]


def test_exit_code_and_summary_of_no_puzzles():
    assert Tally().exit_status({"multiple", "none", "unknown", "invalid", "error"}) == 0
    assert Tally().one_line() == "0 puzzles: 0 unique, 0 multiple, 0 no solution, 0 unknown, " \
                                 "0 invalid"


def test_the_readme_command_for_a_folder(capsys):
    """The examples hold one puzzle with two solutions: the folder's status is the worst."""
    examples = sorted((REPO / "examples").glob("*.txt"))
    assert main(["solve", *(str(p) for p in examples)]) == 1
    out = capsys.readouterr().out
    ambiguous = sum("two_solutions" in p.name for p in examples)
    assert out.count("\nunique") + out.startswith("unique") == len(examples) - ambiguous
    assert f"{ambiguous} multiple" in out


def test_which_batch_lines_name_a_puzzle(tmp_path):
    sudoku_line = (CORPUS / "sudoku" / "norvig_top95.txt").read_text().split()[0]
    url = (CORPUS / "masyu" / "pzprjs" / "mashu_example.url").read_text().strip()
    game_id = "pearl:" + _tatham_rows("masyu", 1)[0]["game_id"]
    assert not names_a_puzzle(sudoku_line) and not names_a_puzzle("   ")
    assert names_a_puzzle(url) and names_a_puzzle(f"  {game_id}  ")
    assert names_a_puzzle(str(CORPUS / "masyu" / "seed_10x10.txt"))
    assert names_a_puzzle(str(tmp_path / "missing.txt"))  # meant as a file: "no such file"
