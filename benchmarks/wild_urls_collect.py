"""Collect puzz.link-style URLs that other people's tools wrote, from public repositories.

``python benchmarks/wild_urls_collect.py [--mirrors DIR] [--out FILE]``

Reads the sources listed in ``benchmarks/wild_urls_sources.tsv`` (repository, commit,
pathspec) from their git mirrors (``/work/.mirror/<owner>+<name>/repo``, brought by the
library's ``fetch``), finds every URL of pzprjs's forms in them (``puzz.link/p?``,
``pzv.jp/p.html?``, ``pzprxs.vercel.app/p?``, with or without the scheme) and writes one
JSON line per distinct puzzle (the part after ``?``; the first URL seen kept as written) with
its pzprjs type and its provenance (repository, commit, path of every file it was found in)
to ``~/.cache/pencilsat/wild_urls.jsonl``. The URLs stay outside the repository: they are other
people's puzzles. ``benchmarks/pzprjs_wild.py`` judges them.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SOURCES = REPO / "benchmarks" / "wild_urls_sources.tsv"
MIRRORS = Path("/work/.mirror")
CACHE = Path.home() / ".cache" / "pencilsat" / "wild_urls.jsonl"
URL = re.compile(r"(?:https?://)?(?:www\.)?(?:puzz\.link|pzv\.jp|pzprxs\.vercel\.app)"
                 r"/p(?:\.html)?\?[^\s\"'<>`\\()\[\]{},;|]+")
SIZED = re.compile(r"/\d+/\d+(/|$)")
"""A URL with a grid size: a puzzle (not a prefix a program completes, ``.../p?sudoku/``)."""


def sources(path: Path = SOURCES) -> list[tuple[str, str, str]]:
    """(owner/name, commit, pathspec) of every line of the sources file."""
    rows = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            repo, commit, spec = line.split("\t")
            rows.append((repo, commit, spec))
    return rows


def type_of(url: str) -> str:
    """The pzprjs type a URL names, as pzprjs's parser finds it: the query's first part (a
    leading ``v:`` segment skipped, ``_edit`` / ``_play`` dropped; the file form's second)."""
    parts = url.split("?", 1)[1].split("/")
    if parts[0].startswith("v:") and len(parts) > 1:
        parts = parts[1:]
    if re.fullmatch(r"pzprv[0-9.]*", parts[0]) and len(parts) > 1:
        return parts[1]
    return re.sub(r"_(edit|play)$", "", parts[0])


def urls_in(mirror: Path, commit: str, spec: str) -> list[tuple[str, str]]:
    """(path, URL) of every URL in the files of ``spec`` at ``commit``."""
    listed = subprocess.run(["git", "-C", str(mirror), "grep", "-I", "-l", "-z", "-E",
                             r"(puzz[.]link|pzv[.]jp|pzprxs[.]vercel[.]app)/p",
                             commit, "--", spec], capture_output=True, text=True)
    found = []
    for name in filter(None, listed.stdout.split("\0")):
        path = name.split(":", 1)[1]
        text = subprocess.run(["git", "-C", str(mirror), "show", f"{commit}:{path}"],
                              capture_output=True, text=True, errors="replace").stdout
        found += [(path, url) for url in URL.findall(text) if SIZED.search(url)]
    return found


def collect(mirrors: Path) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The distinct puzzles of every source (first URL form kept), and URLs per source."""
    puzzles: dict[str, dict[str, Any]] = {}
    per_source: dict[str, int] = {}
    for repo, commit, spec in sources():
        mirror = mirrors / repo.replace("/", "+") / "repo"
        if not mirror.exists():
            print(f"{repo}: no mirror at {mirror} (fetch it first); skipped")
            continue
        found = urls_in(mirror, commit, spec)
        per_source[f"{repo}@{commit[:12]}:{spec}"] = len(found)
        for path, url in found:
            key = url.split("?", 1)[1].rstrip("/")
            entry = puzzles.setdefault(key, {"url": url, "type": type_of(url), "found": []})
            place = {"repo": repo, "commit": commit, "path": path}
            if place not in entry["found"]:
                entry["found"].append(place)
    return list(puzzles.values()), per_source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    parser.add_argument("--out", type=Path, default=CACHE)
    args = parser.parse_args()
    puzzles, per_source = collect(args.mirrors)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(p) + "\n" for p in puzzles))
    for name, count in per_source.items():
        print(f"{count:6d}  {name}")
    print(f"{len(puzzles)} distinct puzzles written to {args.out}")


if __name__ == "__main__":
    main()
