"""The README's promises about itself: at most 200 lines, and its test command is exactly
what CI runs (`.ci/run`), so a user who copies it runs what CI ran."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _readme_commands() -> list[str]:
    text = (REPO / "README.md").read_text()
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_the_readme_is_at_most_200_lines():
    assert len((REPO / "README.md").read_text().splitlines()) <= 200


def test_the_readme_gives_two_set_up_commands_and_ci_runs_the_second():
    commands = _readme_commands()
    assert len(commands) >= 2
    install_and_run, install_and_test = commands[0], commands[1]
    assert "pencilsat solve examples/" in install_and_run
    ci = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.lstrip().startswith(("#", "set ", "cd ", "rm "))]
    assert install_and_test in ci, f"README: {install_and_test!r}\n.ci/run: {ci!r}"


def test_the_example_the_readme_solves_exists():
    install_and_run = _readme_commands()[0]
    example = re.search(r"pencilsat solve (\S+)", install_and_run)
    assert example and (REPO / example.group(1)).is_file()
