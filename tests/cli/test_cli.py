"""The command line: verdicts as exit codes, JSON for programs, clear errors for bad input."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from conftest import CORPUS, REPO
from conftest import run_cli as run

from pencilsat.cli import main


def test_solve_json_has_the_documented_fields(capsys):
    code = main(["solve", str(CORPUS / "masyu/seed_10x10.txt"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["verdict"] == "unique"
    assert data["solution"] == (CORPUS / "masyu/seed_10x10.sol").read_text().split()[3:]
    assert data["second_solution"] is None and data["differences"] == []
    for key in ("variables", "clauses", "conflicts", "decisions", "propagations",
                "encode_s", "solve_s", "uniqueness_s"):
        assert key in data["stats"]


def test_multiple_exit_code_and_second_solution(tmp_path, capsys):
    f = tmp_path / "two.txt"
    f.write_text("masyu 3 3\n.W.\n...\n...\n")
    assert main(["solve", str(f), "--json", "--encoding", "tamura"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "multiple" and data["second_solution"] and data["differences"]


def test_no_solution_exit_code(tmp_path):
    f = tmp_path / "none.txt"
    f.write_text("masyu 2 2\nB.\n..\n")
    assert main(["solve", str(f), "--encoding", "tamura"]) == 2


def test_text_output_draws_the_loop(capsys):
    main(["solve", str(CORPUS / "masyu/seed_10x10.txt"), "--backend", "cpsat",
          "--encoding", "tamura"])
    out = capsys.readouterr().out
    assert "unique" in out and "1---+---+---+" in out


def test_sugar_format_from_stdin():
    sugar = "; size 2 2\n; - -\n; - -\n"
    code, out, _ = run("solve", "-", "--encoding", "tamura", stdin=sugar)
    assert code == 0 and "unique" in out


@pytest.mark.parametrize(
    "content, fragment",
    [
        ("", "empty"),
        ("masyu 3 3\n...\n..\n...\n", "line 3"),
        ("masyu 3 3\n...\n.Q.\n...\n", "line 3, column 2"),
        ("masyu 3\n...\n", "header"),
        ("masyu 3 3\n...\n...\n", "expected 3 rows"),
        ("mashu 3 3\n...\n", "unknown puzzle format"),
    ],
)
def test_invalid_input_is_one_clear_line(tmp_path, content, fragment):
    f = tmp_path / "bad.txt"
    f.write_text(content)
    code, out, err = run("solve", str(f))
    assert code == 4
    assert fragment in err and str(f) in err
    assert "Traceback" not in err


def test_missing_file():
    code, _, err = run("solve", "/no/such/puzzle.txt")
    assert code == 4 and "no such file" in err and "Traceback" not in err


def test_usage_error_is_invalid_input():
    code, _, err = run("solve", str(CORPUS / "masyu/seed_10x10.txt"), "--backend", "nope")
    assert code == 4 and "invalid choice" in err


def test_verify_names_the_broken_rule(tmp_path, capsys):
    sol = tmp_path / "s.sol"
    sol.write_text("masyu-solution 3 3\nF-7\n|.|\nL-J\n")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("masyu 3 3\n...\n.W.\n...\n")
    assert main(["verify", str(puzzle), str(sol)]) == 1
    assert "unvisited-pearl" in capsys.readouterr().out
    assert main(["verify", str(CORPUS / "masyu/seed_10x10.txt"),
                 str(CORPUS / "masyu/seed_10x10.sol")]) == 0


def test_solve_reads_a_puzzlink_url_and_draws_svg(tmp_path, capsys):
    url = (CORPUS / "masyu/pzprjs/mashu_example.url").read_text().strip()
    out = tmp_path / "d.svg"
    assert main(["solve", url, "--svg", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"
    assert out.read_text().lstrip().startswith(("<svg", "<?xml"))


def test_convert_round_trip_through_url_and_sugar(capsys):
    src = CORPUS / "masyu/seed_10x10.txt"
    assert main(["convert", str(src), "--to", "url"]) == 0
    url = capsys.readouterr().out.strip()
    assert url.startswith("https://puzz.link/p?mashu/10/10/")
    assert main(["convert", url, "--to", "text"]) == 0
    assert capsys.readouterr().out == src.read_text()
    assert main(["convert", str(src), "--to", "sugar"]) == 0
    assert capsys.readouterr().out.startswith("; size 10 10\n; 1 - - - - 0 0")


def test_multiple_svg_marks_differences(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text("masyu 3 3\n.W.\n...\n...\n")
    out = tmp_path / "two.svg"
    assert main(["solve", str(f), "--svg", str(out)]) == 1
    assert 'class="difference"' in out.read_text()


def test_generate_reproduces_the_example(capsys):
    assert main(["generate", "masyu", "10x10", "--seed", "1"]) == 0
    assert capsys.readouterr().out == (REPO / "examples/masyu_10x10.txt").read_text()


def test_generate_rejects_a_bad_size():
    assert main(["generate", "masyu", "10by10"]) == 4


def test_main_example_is_unique_with_the_default_strategy(capsys):
    assert main(["solve", str(REPO / "examples/masyu_36x20.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unique" and data["stats"]["encoding"] == "lazy"


def test_openblas_gets_one_thread_unless_the_user_chose(monkeypatch, capsys):
    """numpy's BLAS thread pool costs start-up time and a core; pencilsat does no BLAS."""
    puzzle = str(CORPUS / "masyu/seed_10x10.txt")
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert main(["solve", puzzle]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "3")
    assert main(["solve", puzzle]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == "3"


def test_closed_pipe_is_not_a_traceback():
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "pencilsat.cli", "solve",
                             str(REPO / "examples/masyu_36x20.txt")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader leaves before the solver has printed anything
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["solve", "grade"])
@pytest.mark.parametrize("value", ["0", "-1", "nan", "abc"])
def test_time_limit_must_be_a_positive_number(command, value):
    code, out, err = run(command, str(CORPUS / "masyu/seed_10x10.txt"), "--time-limit", value)
    assert code == 4 and out == ""
    assert "--time-limit" in err and "Traceback" not in err


def test_time_limit_inf_means_no_limit(capsys):
    assert main(["solve", str(CORPUS / "masyu/seed_10x10.txt"), "--time-limit", "inf"]) == 0
    assert "unique" in capsys.readouterr().out


@pytest.mark.parametrize("name,reason", [
    ("", "is a directory"), ("missing/d.svg", "does not exist"),
    ("d.txt", "unknown drawing format")])
def test_unwritable_svg_path_is_refused_before_solving(tmp_path, capsys, name, reason):
    code = main(["solve", str(CORPUS / "masyu/seed_10x10.txt"), "--svg", str(tmp_path / name)])
    captured = capsys.readouterr()
    assert code == 4 and captured.out == "" and reason in captured.err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_svg_write_failure_keeps_the_verdict(tmp_path):
    link = tmp_path / "full.svg"
    link.symlink_to("/dev/full")
    code, out, err = run("solve", str(CORPUS / "masyu/seed_10x10.txt"), "--svg", str(link))
    assert code == 4 and "verdict: unique" in out
    assert "cannot write the drawing" in err and "Traceback" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_full_disk_on_standard_output_is_one_line():
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve",
                               str(CORPUS / "masyu/seed_10x10.txt")], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=300, env=env)
    assert proc.returncode == 4
    assert proc.stderr.strip() == "pencilsat: cannot write the output: No space left on device"


def test_a_bug_on_one_puzzle_does_not_lose_the_others(tmp_path, capsys, monkeypatch):
    """An unforeseen exception is reported as ``error`` for that puzzle (exit 5), and the
    other puzzles are still solved and counted."""
    from pencilsat.batch import one_puzzle as many

    real = many.solve

    def flaky(puzzle, **options):
        if puzzle.width == 3:
            raise IndexError("index 0 is out of bounds")
        return real(puzzle, **options)

    monkeypatch.setattr(many, "solve", flaky)
    good = CORPUS / "masyu/seed_10x10.txt"
    bad = tmp_path / "bad.txt"
    bad.write_text("masyu 3 3\n.W.\n...\n...\n")
    assert main(["solve", str(bad), str(good)]) == 5
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("error") and "bad.txt: internal error (IndexError" in lines[0]
    assert lines[1].startswith("unique")
    assert lines[2] == "2 puzzles: 1 unique, 0 multiple, 0 no solution, 0 unknown, " \
                       "0 invalid, 1 error"


def test_a_bug_in_a_single_run_is_one_line(monkeypatch, capsys):
    from pencilsat.strategies import front

    def broken(*args, **options):
        raise IndexError("index 0 is out of bounds")

    monkeypatch.setattr(front, "solve", broken)
    assert main(["solve", str(CORPUS / "masyu/seed_10x10.txt")]) == 5
    err = capsys.readouterr().err
    assert err.startswith("pencilsat: internal error (IndexError: index 0 is out of bounds)")
    monkeypatch.setenv("PENCILSAT_TRACEBACK", "1")
    with pytest.raises(IndexError):
        main(["solve", str(CORPUS / "masyu/seed_10x10.txt")])


LINE_80 = ".3....19..9..352.....8.23.....5.8.....1...7.....4.6.....76.4.....459..1..81....5."[:80]


@pytest.mark.parametrize("arg,says", [
    ("/nonexistent.txt", "no such file"),          # 16 characters: not read as a Sudoku
    ("C:/puzzles/a.txt", "no such file"),
    ("/dev/null", "not a regular file"),
    (LINE_80, "a one-line Sudoku has 16, 81, 256 or 625 characters, this one has 80"),
])
def test_arguments_that_are_not_puzzles_say_what_they_are(arg, says, capsys):
    assert main(["solve", arg]) == 4
    err = capsys.readouterr().err
    assert says in err and "unknown character" not in err


def test_a_folder_is_not_a_puzzle(tmp_path, capsys):
    assert main(["solve", str(tmp_path)]) == 4
    assert "is a folder, not a puzzle file" in capsys.readouterr().err


def test_verify_names_a_missing_solution_file(tmp_path, capsys):
    missing = tmp_path / "x.sol"
    assert main(["verify", str(CORPUS / "masyu/seed_10x10.txt"), str(missing)]) == 4
    assert "give a solution file" in capsys.readouterr().err
    assert main(["verify", "-", "-"]) == 4
    assert "read once only" in capsys.readouterr().err


def test_binary_standard_input_is_refused_as_not_utf8():
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", "-"],
                          input=b"\xff\xfe\x00 garbage", capture_output=True, timeout=300,
                          env=env)
    assert proc.returncode == 4
    assert b"standard input is not UTF-8 text" in proc.stderr


@pytest.mark.parametrize("size,says", [("99999x99999", "at most 10,000 cells"),
                                       ("9" * 5000 + "x5", "at most 10,000 cells"),
                                       ("99999999999x2", "at most 10,000 cells"),
                                       ("0000100x0000100x", "is not WIDTHxHEIGHT"),
                                       ("０x1", "is not WIDTHxHEIGHT"),
                                       ("-1x5", "size '-1x5' is not WIDTHxHEIGHT"),
                                       ("5x-1", "at least 3")])
def test_generate_refuses_sizes_it_cannot_make(size, says, capsys):
    assert main(["generate", "masyu", size]) == 4
    assert says in capsys.readouterr().err


@pytest.mark.parametrize("argv,says", [
    (["solve", "P", "--backend", "cpsat", "--sat-solver", "minisat"], "does not apply"),
    (["solve", "P", "--encoding", ""], "--encoding is empty"),
    (["grade", "P", "--batch", "P"], "not both"),
])
def test_options_that_would_be_ignored_are_refused(argv, says, capsys):
    seed = str(CORPUS / "masyu/seed_10x10.txt")
    assert main([seed if a == "P" else a for a in argv]) == 4
    assert says in capsys.readouterr().err


def test_png_without_cairosvg_is_refused_before_solving(tmp_path, capsys):
    import importlib.util

    code = main(["solve", str(CORPUS / "masyu/seed_10x10.txt"), "--svg", str(tmp_path / "d.png")])
    captured = capsys.readouterr()
    if importlib.util.find_spec("cairosvg") is None:
        assert code == 4 and captured.out == "" and "cairosvg" in captured.err
    else:
        assert code == 0 and (tmp_path / "d.png").read_bytes().startswith(b"\x89PNG")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_generate_shows_progress_on_a_terminal_only(capsys, monkeypatch):
    """On a terminal stderr gets a transient progress bar; stdout is the puzzle either way."""
    from pencilsat.generators import generate_masyu
    from pencilsat.puzzles import masyu

    expected = masyu.format_puzzle(generate_masyu(12, 10, seed=3))
    assert main(["generate", "masyu", "12x10", "--seed", "3"]) == 0
    quiet = capsys.readouterr()
    assert quiet.out == expected and quiet.err == ""
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["generate", "masyu", "12x10", "--seed", "3"]) == 0
    assert capsys.readouterr().out == expected
    assert "removing pearls" in terminal.getvalue()  # the last stage, drawn as the bar stops


def _sigint_as_python_sets_it() -> None:
    """Popen's ``preexec_fn``: a test run in the background of a shell inherits SIGINT
    ignored, and so would the child, which would then never see the signal sent to it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupted_when_told(script: str, args: list[str]) -> tuple[int, str, str]:
    """Run ``script`` (pencilsat's CLI with a hook that writes to descriptor ``argv[1]`` at
    the point under test and, once past it, waits for a byte on ``argv[2]``) with ``args``;
    send SIGINT when told, then the byte; return the exit status, stdout and stderr. The
    signal lands at the same point on an idle machine and a loaded one."""
    told, tell = os.pipe()
    wait, go = os.pipe()
    proc = subprocess.Popen([sys.executable, "-c", script, str(tell), str(wait), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            pass_fds=(tell, wait), preexec_fn=_sigint_as_python_sets_it,
                            env={**os.environ, "PYTHONPATH": str(REPO / "src")})
    os.close(tell)
    os.close(wait)
    try:
        with os.fdopen(told, "rb") as marker:
            assert marker.read() == b".", "the run ended before the point under test"
        proc.send_signal(signal.SIGINT)
    finally:
        os.write(go, b".")
        os.close(go)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


INTERRUPT_IN_CPSAT = """\
import os, sys
from ortools.sat.python import cp_model
tell, wait = int(sys.argv[1]), int(sys.argv[2])
del sys.argv[1:3]
solve = cp_model.CpSolver.solve


def first_solve_told(self, model, *args, **kwargs):
    \"\"\"Tell the test from CP-SAT's first log line (the search is under way, and CP-SAT's
    signal handling with it); wait for its SIGINT once the solve is over.\"\"\"
    cp_model.CpSolver.solve = solve

    def first_line(line):
        nonlocal told
        if not told:
            told = True
            os.write(tell, b".")
            os.close(tell)
    told = False
    self.parameters.log_search_progress = True
    self.parameters.log_to_stdout = False
    self.log_callback = first_line
    status = solve(self, model, *args, **kwargs)
    os.read(wait, 1)
    return status


cp_model.CpSolver.solve = first_solve_told
from pencilsat.cli import main
sys.exit(main())
"""


def test_ctrl_c_inside_cpsat_is_an_interruption_not_a_time_out(tmp_path):
    """CP-SAT catches SIGINT itself and stops as if its time ran out: without the check in
    ``backends.cpsat_interrupt`` this run said ``unknown: time limit reached`` and exited 3. The
    puzzle is a random loop with every pearl it allows on a 40x40 (not unique), which
    ``circuit`` does not finish in 30 s; the signal is sent once CP-SAT writes its first log
    line, inside its search."""
    import random

    from pencilsat.generators.masyu import pearls_for_loop, random_loop
    from pencilsat.puzzles.masyu import format_puzzle

    puzzle = tmp_path / "loose_40x40.txt"
    puzzle.write_text(format_puzzle(pearls_for_loop(random_loop(40, 40, random.Random(7)))))
    status, out, err = _interrupted_when_told(
        INTERRUPT_IN_CPSAT, ["solve", str(puzzle), "--encoding", "circuit"])
    assert status == 130
    assert err.strip() == "pencilsat: interrupted" and out == ""


def _hard_25x25_sudoku() -> str:
    """A 25x25 Sudoku line that the default ``direct`` solve takes about 7 s of CPU on (not
    unique): a shuffled pattern grid with 56% of its cells blanked (seed 6)."""
    import random

    rng, n = random.Random(6), 5
    digits = "123456789ABCDEFGHIJKLMNOP"
    rows = [g * n + r for g in rng.sample(range(n), n) for r in rng.sample(range(n), n)]
    cols = [g * n + c for g in rng.sample(range(n), n) for c in rng.sample(range(n), n)]
    nums = rng.sample(range(n * n), n * n)
    return "".join("." if rng.random() < 0.56 else digits[nums[(n * (r % n) + r // n + c) % 25]]
                   for r in rows for c in cols)


INTERRUPT_IN_FIRST_SLICE = """\
import os, sys
from pencilsat.backends import pysat_calls
tell, wait = int(sys.argv[1]), int(sys.argv[2])
del sys.argv[1:3]
sliced = pysat_calls._slice


def first_slice_told(solver, budget, assumptions):
    \"\"\"The first solve slice: tell the test as it begins, and once it is over wait for
    the test's SIGINT (which lands inside the slice or in this wait).\"\"\"
    pysat_calls._slice = sliced
    os.write(tell, b".")
    os.close(tell)
    answer = sliced(solver, budget, assumptions)
    os.read(wait, 1)
    return answer


pysat_calls._slice = first_slice_told
from pencilsat.cli import main
sys.exit(main())
"""


def test_ctrl_c_inside_pysat_is_an_interruption_not_a_bug(tmp_path):
    """PySAT caught SIGINT during a solve, jumped out of the SAT solver and raised its own
    ``error``: this run printed "internal error ... this is a bug in pencilsat", and with a
    second puzzle CaDiCaL then aborted the process (exit 134) when the cached solver was asked
    for its statistics; at other moments the jump left a heap lock held (the process hung) or
    the heap broken (``free(): invalid pointer``). Now PySAT leaves SIGINT to Python, which
    raises ``KeyboardInterrupt`` between two solve slices: "interrupted", the tally, exit
    130. The child says when the first puzzle's search begins; the signal is sent then."""
    puzzle = tmp_path / "hard_25x25.txt"
    puzzle.write_text(_hard_25x25_sudoku() + "\n")
    status, out, err = _interrupted_when_told(
        INTERRUPT_IN_FIRST_SLICE, ["solve", str(puzzle), str(puzzle)])
    assert status == 130, err
    assert err.strip() == "pencilsat: interrupted"
    assert out.strip().endswith("interrupted with 2 not solved")


def test_pysat_leaves_sigint_to_python():
    """PySAT installs its own SIGINT handler (a ``longjmp`` out of the solver) only on the
    main thread, as ``MainThread.check`` tells it; ``pysat_calls`` makes that say no."""
    from pysat._utils import MainThread

    import pencilsat.backends.pysat_calls  # noqa: F401

    assert MainThread.check() is False


def test_an_interrupted_sudoku_solve_frees_its_solver_and_the_next_one_works(monkeypatch):
    """A solver PySAT jumped out of must not be asked anything again (CaDiCaL aborts): each
    ``direct`` solve on a fresh solver (any solver but the default on 9x9, or a puzzle too
    hard for the propagation search) closes it on the way out, interrupted or not."""
    from pencilsat.formats.detect import read_puzzle
    from pencilsat.strategies import sudoku_batch, sudoku_shared

    line = "." * 81
    first = sudoku_shared.solve_puzzle(read_puzzle(line))
    made = []
    original_init = sudoku_batch.GridSolver.__init__

    def recording_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        made.append(self)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sudoku_batch.GridSolver, "__init__", recording_init)
    monkeypatch.setattr(sudoku_batch, "solve_until", interrupted)
    with pytest.raises(KeyboardInterrupt):
        sudoku_shared.solve_puzzle(read_puzzle("1" + "." * 80), sat_solver="glucose4")
    assert made and made[-1].solver is None  # closed
    monkeypatch.undo()
    again = sudoku_shared.solve_puzzle(read_puzzle(line))
    assert str(again.verdict) == str(first.verdict) == "multiple"


def test_an_interrupted_propagation_search_leaves_the_next_solve_intact(monkeypatch):
    """Ctrl-C between two propagation calls of the 9x9 search (where Python raises it: the
    calls never leave the solver half-way) and the next puzzle gets the same answer and the
    same figures as before."""
    from pencilsat.formats.detect import read_puzzle
    from pencilsat.strategies import sudoku_propagate, sudoku_shared

    line = "1" + "." * 80
    first = sudoku_shared.solve_puzzle(read_puzzle(line))
    calls = []

    def interrupted(deadline, phase="encoding"):
        calls.append(phase)
        raise KeyboardInterrupt

    monkeypatch.setattr(sudoku_propagate, "check_clock", interrupted)
    with pytest.raises(KeyboardInterrupt):
        sudoku_shared.solve_puzzle(read_puzzle(line))
    assert calls == ["search"]
    monkeypatch.undo()
    again = sudoku_shared.solve_puzzle(read_puzzle(line))
    assert str(again.verdict) == str(first.verdict) == "multiple"
    assert again.solution == first.solution and again.second_solution == first.second_solution
    assert again.stats.to_dict()["propagations"] == first.stats.propagations


def test_ctrl_c_is_one_line_and_exit_130(monkeypatch, capsys):
    import pencilsat.cli as cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_generate", interrupted)
    assert main(["generate", "masyu", "10x10"]) == 130
    out, err = capsys.readouterr()
    assert out == "" and err == "pencilsat: interrupted\n"


def test_ctrl_c_among_several_puzzles_keeps_the_tally(monkeypatch, capsys):
    """An editor who stops a long list sees the lines done and how many were left."""

    import pencilsat.batch.one_puzzle as one_puzzle

    real = one_puzzle.puzzle_record
    calls = []

    def first_then_interrupt(item, task):
        calls.append(item)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(item, task)

    monkeypatch.setattr(one_puzzle, "puzzle_record", first_then_interrupt)
    puzzles = [str(REPO / "examples/masyu_10x10.txt"), str(REPO / "examples/masyu_36x20.txt"),
               str(CORPUS / "masyu/seed_10x10.txt")]
    assert main(["solve", *puzzles]) == 130
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("unique") and "masyu_10x10" in lines[0]
    assert lines[1] == ("1 puzzle: 1 unique, 0 multiple, 0 no solution, 0 unknown, 0 invalid;"
                        " interrupted with 2 not solved")
    assert err == "pencilsat: interrupted\n"


def _pigeonhole_cpsat():
    """13 pigeons in 12 holes on CP-SAT, no presolve, no symmetry: many seconds of search."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [[model.new_bool_var("") for _ in range(12)] for _ in range(13)]
    for row in x:
        model.add_bool_or(row)
    for hole in range(12):
        for a in range(13):
            for b in range(a + 1, 13):
                model.add_bool_or([x[a][hole].Not(), x[b][hole].Not()])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.cp_model_presolve = False
    solver.parameters.symmetry_level = 0
    return cp_model, model, solver


def test_a_cpsat_time_out_is_unknown_however_early_it_stops():
    """The old guess took an UNKNOWN well inside the limit for Ctrl-C (a loaded machine
    once stopped a benchmark so); now only a real SIGINT is one."""
    from pencilsat.backends.cpsat_interrupt import solve_interruptibly

    cp_model, model, solver = _pigeonhole_cpsat()
    solver.parameters.max_time_in_seconds = 0.3
    assert solve_interruptibly(solver, model) == cp_model.UNKNOWN
    assert not _watchers_left()  # the watcher is gone


def _watchers_left() -> list[threading.Thread]:
    """The Ctrl-C watcher threads still running once each has had a minute to end (it
    returns when its pipe is closed: waited for, not slept on, so a loaded machine passes)."""
    from pencilsat.backends.cpsat_interrupt import WATCHER

    watchers = [thread for thread in threading.enumerate() if thread.name == WATCHER]
    for thread in watchers:
        thread.join(timeout=60)
    return [thread for thread in watchers if thread.is_alive()]


def test_sigint_stops_a_cpsat_solve_and_raises_keyboard_interrupt():
    """Python's own SIGINT handler is set for the test: a runner started in the background
    of a shell inherits SIGINT ignored, as a terminal's user never has it."""
    from pencilsat.backends.cpsat_interrupt import solve_interruptibly

    cp_model, model, solver = _pigeonhole_cpsat()
    solver.parameters.max_time_in_seconds = 60
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        began = time.perf_counter()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            solve_interruptibly(solver, model)
        timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - began < 10
    assert not _watchers_left()


def test_a_reader_that_leaves_early_changes_neither_the_status_nor_the_drawing(tmp_path):
    """``pencilsat solve P --svg D | head -1``: the pipe closes before the output is written.
    Before, the broken pipe ended the run with status 0, so a puzzle with several answers
    passed a ``pipefail`` script, and the drawing was not written."""
    puzzle = tmp_path / "empty_3x3.txt"
    puzzle.write_text("masyu 3 3\n...\n...\n...\n")
    drawing = tmp_path / "answer.svg"
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has left before the first line
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    try:
        proc = subprocess.run([sys.executable, "-m", "pencilsat.cli", "solve", str(puzzle),
                               "--svg", str(drawing)],
                              env=env, stdout=write_end, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    finally:
        os.close(write_end)
    assert proc.returncode == 1, proc.stderr  # multiple
    assert proc.stderr == ""
    assert drawing.read_text().lstrip().startswith("<")


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "examples/masyu_10x10.txt", "--svg", ""], "--svg is empty"),
    (["solve", ""], "the puzzle argument is empty"),
])
def test_empty_arguments_are_refused(argv, message, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    assert main(argv) == 4
    assert message in capsys.readouterr().err


def test_batch_paths_that_do_not_resolve_are_missing_files_not_sudokus(tmp_path, monkeypatch,
                                                                        capsys):
    """A list of puzzle files read from another folder: every line used to come back as
    "a one-line Sudoku has 16, 81, 256 or 625 cells", since no line named an existing file."""
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "a.txt").write_text("masyu 2 2\n..\n..\n")
    (folder / "list.txt").write_text("a.txt\n")
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "--batch", str(folder / "list.txt")]) == 4
    record = json.loads(capsys.readouterr().out)
    assert record["verdict"] == "invalid"
    assert "no such file: a.txt" in record["message"]
    assert "read from the current folder" in record["message"]


@pytest.mark.parametrize(("argv", "message"), [
    (["solve", "examples/masyu_10x10.txt", "--encoding", "circuit", "--sat-solver", "glucose"],
     "--sat-solver picks a CNF solver; encoding 'circuit' runs on CP-SAT"),
    (["solve", str(CORPUS / "lightup/janko/100_6x6.txt"), "--encoding", "direct",
      "--backend", "cpsat"], "on cpsat use --encoding csp or card"),
    (["solve", "." * 81, "--encoding", "direct", "--backend", "cpsat"],
     "on cpsat use --encoding extended or minimal"),
])
def test_a_choice_the_run_would_ignore_is_refused(argv, message, capsys, monkeypatch):
    """These ran without a word: the SAT solver was ignored, and ``direct`` was swapped for
    the CSP model."""
    monkeypatch.chdir(REPO)
    assert main(argv) == 4
    assert message in capsys.readouterr().err


def test_the_default_strategy_still_moves_to_cp_sat_when_only_the_backend_is_named(capsys):
    assert main(["solve", str(CORPUS / "lightup/janko/100_6x6.txt"), "--backend", "cpsat"]) == 0
    assert "encoding csp, backend cpsat" in capsys.readouterr().out


def test_a_grid_without_pearls_or_room_is_not_told_about_pearls(tmp_path, capsys):
    puzzle = tmp_path / "one.txt"
    puzzle.write_text("masyu 1 1\n.\n")
    assert main(["solve", str(puzzle)]) == 2
    out = capsys.readouterr().out
    assert "no room for a loop" in out and "pearl" not in out


@pytest.mark.parametrize("header", ["lightup 1_0 1", "masyu \uff12 \uff12", "lightup +2 2"])
def test_header_sizes_are_ascii_digits(header, tmp_path, capsys):
    """Python's ``int`` read ``1_0`` as 10 and full-width digits as digits."""
    puzzle = tmp_path / "odd.txt"
    puzzle.write_text(f"{header}\n..\n..\n")
    assert main(["solve", str(puzzle)]) == 4
    assert "size must be two whole numbers" in capsys.readouterr().err
