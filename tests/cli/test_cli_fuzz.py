"""Random command lines never end in a traceback or an internal error: every answer is a
verdict or a clear error (the longer run: ``benchmarks/cli_fuzz.py``)."""

from __future__ import annotations

from conftest import corpus_codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pencilsat.cli import main

WORDS = ["solve", "grade", "clues", "convert", "verify", "generate", "--json", "--backend", "cpsat",
         "cnf", "--encoding", "lazy", "tamura", "csp", "--sat-solver", "glucose", "--to", "url",
         "tatham", "sugar", "--time-limit", "0.5", "-1", "nan", "--max-memory", "1M", "inf",
         "--steps", "masyu", "4x4", "https://puzz.link/p?mashu/4/4/0300", "pearl:3x2:aBd",
         "." * 81, "1" * 16, "examples/masyu_10x10.txt", "no-such-file.txt", "", "x",
         "--backbone", "--count", "2", "--faithful", "--no-score", "--next", "--grade",
         *corpus_codes()]


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(argv=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_random_command_lines_end_in_a_verdict_or_a_clear_error(argv, capsys):
    capsys.readouterr()  # what earlier examples printed
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse: usage errors and --help
        status = stop.code if isinstance(stop.code, int) else 4
    captured = capsys.readouterr()
    assert status in (0, 1, 2, 3, 4), (argv, captured.err)
    assert "Traceback" not in captured.err and "internal error" not in captured.err, argv
