"""Every list of genres a user reads is the registry's, so that a genre added to the registry
shows up everywhere or fails here: the README's ``Genres:`` line names exactly the
registry's titles; the other places (``pencilsat --help``, the package description, the
``genre`` key of docs/batch.md, the inputs of docs/cli.md, the opening of docs/desk.md)
name every genre or at most two as examples, and point to ``pencilsat genres``, which prints
the registry itself."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from pencilsat.cli import build_parser, genre_table, main
from pencilsat.core.registry import GENRES

REPO = Path(__file__).resolve().parents[2]


def named_genres(text: str) -> set[str]:
    """The registry genres ``text`` names, by title (``Light Up``) or name (``lightup``)."""
    flat = " ".join(text.split())
    return {name for name, genre in GENRES.items()
            if re.search(rf"\b({re.escape(genre.title)}|{re.escape(name)})\b", flat, re.I)}


def _paragraph(path: str, opening: str) -> str:
    """The paragraph (or table row) of ``path`` that starts with ``opening``."""
    text = (REPO / path).read_text()
    start = text.index(opening)
    end = text.find("\n\n", start)
    return text[start:end if end >= 0 else None]


def test_the_readme_genre_line_names_exactly_the_registry_genres():
    line = _paragraph("README.md", "Genres:")
    titles = re.findall(r"\*\*(.+?)\*\*", line.split("Inputs:")[0])
    assert sorted(titles) == sorted(genre.title for genre in GENRES.values())
    assert "pencilsat genres" in line


PLACES = {
    "pencilsat --help": lambda: build_parser().format_help(),
    "pyproject description": lambda: tomllib.loads(
        (REPO / "pyproject.toml").read_text())["project"]["description"],
    "docs/batch.md genre key": lambda: _paragraph("docs/batch.md", "| `genre` |").split("\n")[0],
    "docs/cli.md inputs": lambda: _paragraph("docs/cli.md", "`PUZZLE` is a file"),
    "docs/desk.md opening": lambda: _paragraph("docs/desk.md", "Tools for the people"),
}


@pytest.mark.parametrize("place", PLACES)
def test_no_other_place_lists_a_part_of_the_genres(place):
    named = named_genres(PLACES[place]())
    assert len(named) <= 2 or named == set(GENRES), (
        f"{place} lists {sorted(named)}, the registry has {sorted(GENRES)}: point to "
        "'pencilsat genres' instead of listing them")


def test_help_ends_with_a_whole_sentence_and_points_to_pencilsat_genres():
    description = build_parser().description or ""
    assert description.rstrip().endswith((".", ")")) and "pencilsat genres" in description


def test_pencilsat_genres_prints_the_registry(capsys):
    assert main(["genres", "--json"]) == 0
    table = __import__("json").loads(capsys.readouterr().out)
    assert table == genre_table()
    assert [row["name"] for row in table] == list(GENRES)
    for row in table:
        genre = GENRES[row["name"]]
        assert row["title"] == genre.title and row["grader"] == (genre.grader is not None)
        assert row["strategies"][0]["name"] == genre.default_strategy
    assert main(["genres"]) == 0
    text = capsys.readouterr().out
    for genre in GENRES.values():
        assert f"{genre.title} ({genre.name})" in text


def test_the_package_ships_its_type_marker():
    assert (REPO / "src" / "pencilsat" / "py.typed").is_file()
    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "py.typed" in data["tool"]["setuptools"]["package-data"]["pencilsat"]
