"""puzz.link URLs from the wild (other people's tools and puzzles) judged by pencilsat and pzprjs.

``python benchmarks/pzprjs_wild.py [--urls FILE] [--genre NAME ...] [--seconds S]
[--from-details]``

Needs node and pzprjs built by ``benchmarks/pzprjs_build.py``, and the URLs collected by
``benchmarks/wild_urls_collect.py`` (``~/.cache/pencilsat/wild_urls.jsonl``). For each URL of
a pzprjs type pencilsat reads (``GENRES[...].puzzlink``):

- **read**: pencilsat reads it, or refuses it with an ``InputError`` (a refusal; its first
  line is counted by kind); any other exception is a traceback;
- **same board**: pzprjs (the shared ``Driver`` of ``pzprjs_crosscheck.py``) reads the wild URL
  as a board of the genre's type and of pencilsat's size, pencilsat reads pzprjs's URL and
  file of it as the same puzzle, and pzprjs reads pencilsat's own URL of the puzzle as the same
  board (pzprjs writes the same URL of both);
- **verdicts**: the genre's default strategy and its second one, each with a time limit of
  ``--seconds`` (60): the verdicts agree (``unknown`` aside); a ``unique`` answer is accepted by
  pzprjs and pencilsat's checker; a ``multiple`` verdict's two answers are both accepted by
  pzprjs and differ; ``none`` is said by both strategies.

A URL of a type pencilsat does not read is counted aside by type (whether pzprjs reads it too).
Writes ``benchmarks/results/pzprjs_wild.{md,json}`` (counts and sources, no URL or puzzle) and
each URL's findings to ``~/.cache/pencilsat/wild_results.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
sys.path.insert(0, str(REPO / "benchmarks"))

from common import markdown_table, write_results  # noqa: E402
from pzprjs_build import LIBRARY  # noqa: E402
from pzprjs_crosscheck import Driver, reads_back  # noqa: E402
from wild_urls_collect import CACHE, sources  # noqa: E402

import pencilsat  # noqa: E402
from pencilsat.core.errors import InputError  # noqa: E402
from pencilsat.core.registry import GENRES, by_puzzlink_type  # noqa: E402
from pencilsat.formats.puzzlink import parse_url, to_url  # noqa: E402
from pencilsat.formats.puzzlink.kanpen import KANPEN_NAMES  # noqa: E402
from pencilsat.formats.pzprv3_file import read_pzprv3_file  # noqa: E402

DETAILS = CACHE.with_name("wild_results.jsonl")
NO_ADAPTER = "-"  # a driver request naming no genre: pzprjs reads the URL, checks nothing


def form_of(url: str) -> str:
    """The URL's host and flags: ``puzz.link``, ``pzv.jp``, ``pzprxs``, ``bare``, + ``v:``..."""
    head, _, query = url.partition("?")
    host = next((h for h in ("puzz.link", "pzv.jp", "pzprxs") if h in head), "bare")
    parts = query.split("/")
    flags = [p for p in parts[1:3] if p and not p.isdigit()]
    return host + "".join(f" {f}" for f in flags)


def strategies(genre: Any) -> list[str]:
    """The genre's default strategy and its second one."""
    others = [s.name for s in genre.strategies if s.name != genre.default_strategy]
    return [genre.default_strategy, *others[:1]]


def judge(url: str, kind: str, driver: Driver, seconds: float) -> dict[str, Any]:
    """Every finding of one URL of a type pencilsat reads (see the module docstring)."""
    genre = GENRES[kind]
    rules = genre.rules()
    found: dict[str, Any] = {"genre": kind, "problems": []}
    wild = driver.ask({"genre": NO_ADAPTER, "url": url})
    try:
        puzzle = parse_url(url)
    except InputError as err:
        found["refused"] = str(err).splitlines()[0]
        found["pzprjs_reads"] = "error" not in wild
        if "error" not in wild:  # pzprjs's URL of the board it read (padded, trimmed...)
            found["pzprjs_url_read"] = reads_back(wild["url"], (), parse_url) == "another puzzle"
        return found
    except Exception:  # noqa: BLE001 - a traceback is a finding
        found["problems"].append("traceback reading: " + traceback.format_exc(limit=3))
        return found
    found["size"] = [puzzle.width, puzzle.height]
    ours_url = to_url(puzzle)
    ours = driver.ask({"genre": NO_ADAPTER, "url": ours_url})
    if "error" in wild or "error" in ours:
        found["problems"].append("driver error: " + (wild.get("error") or ours["error"])[:200])
        return found
    found["pid"] = wild["pid"]
    puzzles = (puzzle, parse_url(ours_url))
    same = {"type": wild["pid"] in genre.puzzlink,
            "pzprjs's URL of it": reads_back(wild["url"], puzzles, parse_url) is None,
            "pzprjs's file of it": reads_back(wild["file"], puzzles, read_pzprv3_file) is None,
            "pzprjs's URL of ours": reads_back(ours["url"], puzzles, parse_url) is None,
            "pzprjs's file of ours": reads_back(ours["file"], puzzles, read_pzprv3_file) is None}
    found["same_board"] = all(same.values())
    found["same_file"] = wild["file"] == ours["file"]
    if not found["same_board"]:
        found["problems"].append("misread: " + ", ".join(k for k, ok in same.items() if not ok))
    found["verdicts"] = {}
    for name in strategies(genre):
        try:
            result = pencilsat.solve(puzzle, encoding=name, time_limit=seconds)
        except Exception:  # noqa: BLE001
            found["problems"].append(f"traceback solving ({name}): "
                                     + traceback.format_exc(limit=3))
            continue
        verdict = result.verdict.value
        found["verdicts"][name] = verdict
        answers = [a for a in (result.solution, result.second_solution)
                   if a is not None and verdict in ("unique", "multiple")]
        checks = []
        for answer in answers:
            if rules.check(puzzle, answer):
                found["problems"].append(f"{name}: pencilsat's checker refuses its answer")
            out = driver.ask({"genre": kind, "url": url,
                              "rows": rules.solution_rows(puzzle, answer)})
            checks.append(out["check"]["complete"] if out.get("adapter") else None)
        found.setdefault("pzprjs_accepts", {})[name] = checks
        if any(c is False for c in checks):
            found["problems"].append(f"{name}: pzprjs refuses a {verdict} answer")
        if verdict == "multiple" and result.solution == result.second_solution:
            found["problems"].append(f"{name}: the two answers are the same")
        if verdict == "unique" and found.get("answer") is not None \
                and found["answer"] != rules.solution_rows(puzzle, result.solution):
            found["problems"].append("the strategies' unique answers differ")
        if verdict == "unique":
            found["answer"] = rules.solution_rows(puzzle, result.solution)
    said = {v for v in found["verdicts"].values() if v != "unknown"}
    if len(said) > 1:
        found["problems"].append(f"verdicts differ: {found['verdicts']}")
    found.pop("answer", None)
    return found


def run(urls: list[dict[str, Any]], driver: Driver, seconds: float,
        genres: set[str] | None) -> list[dict[str, Any]]:
    out = []
    for number, entry in enumerate(urls):
        url, pid = entry["url"], entry["type"]
        genre = by_puzzlink_type(KANPEN_NAMES.get(pid.lower(), pid))
        where = f"{entry['found'][0]['repo']}:{entry['found'][0]['path']}"
        if genre is None:
            said = driver.ask({"genre": NO_ADAPTER, "url": url})
            found: dict[str, Any] = {"genre": None, "type": pid,
                                     "pzprjs_reads": "error" not in said and bool(said.get("pid"))}
        elif genres and genre.name not in genres:
            continue
        else:
            found = judge(url, genre.name, driver, seconds)
            print(json.dumps({"n": number, "where": where, **found}), flush=True)
        found.update(n=number, where=where, form=form_of(url), url=url)
        out.append(found)
    return out


def summary(found: list[dict[str, Any]]) -> dict[str, Any]:
    rows: dict[str, Counter[str]] = {}
    refusals: Counter[str] = Counter()
    for f in found:
        if f["genre"] is None:
            continue
        row = rows.setdefault(f["genre"], Counter())
        row["collected"] += 1
        if "refused" in f:
            row["refused"] += 1
            pzprjs = ("pzprjs reads it; pencilsat reads pzprjs's URL of it"
                      if f.get("pzprjs_url_read") else
                      "pzprjs reads it; pencilsat refuses pzprjs's URL of it too"
                      if f.get("pzprjs_reads") else "pzprjs does not read it either")
            refusals[f"{f['genre']}: {f['refused']} [{pzprjs}]"] += 1
            continue
        row["read"] += "size" in f
        row["same_board"] += bool(f.get("same_board"))
        row["same_file"] += bool(f.get("same_file"))
        verdicts = f.get("verdicts", {})
        first = next(iter(verdicts.values()), "traceback")
        row[first] += 1
        row["strategies_agree"] += len({v for v in verdicts.values() if v != "unknown"}) <= 1
        accepts = [c for checks in f.get("pzprjs_accepts", {}).values() for c in checks]
        row["answers"] += len(accepts)
        row["pzprjs_accepts"] += sum(c is True for c in accepts)
        row["problems"] += bool(f["problems"])
    unknown = Counter(f["type"] for f in found if f["genre"] is None)
    unknown_read = Counter(f["type"] for f in found if f["genre"] is None and f["pzprjs_reads"])
    forms = Counter(f["form"] for f in found if f["genre"] is not None)
    return {"genres": {g: dict(c) for g, c in sorted(rows.items())},
            "refusals": dict(refusals.most_common()), "unknown_types": dict(unknown.most_common()),
            "unknown_pzprjs_reads": sum(unknown_read.values()),
            "forms": dict(forms.most_common()),
            "problems": [{k: f[k] for k in ("genre", "where", "n", "problems")}
                         for f in found if f.get("problems")],
            "not_decided": [{k: f[k] for k in ("genre", "where", "n", "size", "verdicts")}
                            for f in found if "unknown" in f.get("verdicts", {}).values()],
            "no_answer": [{k: f[k] for k in ("genre", "where", "n", "size", "verdicts")}
                          for f in found if "none" in f.get("verdicts", {}).values()],
            "sources": [list(s) for s in sources()],
            "per_repository": dict(Counter(
                f"{f['where'].split(':')[0]}: "
                + ("pencilsat's genres" if f["genre"] else "other types")
                for f in found).most_common())}


def page(data: dict[str, Any], seconds: float) -> str:
    header = ["genre", "collected", "read", "refused (by name)", "same board in pzprjs",
              "unique", "multiple", "none", "unknown", "strategies agree",
              "pzprjs accepts the answers"]
    table = []
    for genre, c in data["genres"].items():
        table.append([genre, c.get("collected", 0), c.get("read", 0), c.get("refused", 0),
                      f"{c.get('same_board', 0)}/{c.get('read', 0)}", c.get("unique", 0),
                      c.get("multiple", 0), c.get("none", 0), c.get("unknown", 0),
                      f"{c.get('strategies_agree', 0)}/{c.get('read', 0)}",
                      f"{c.get('pzprjs_accepts', 0)}/{c.get('answers', 0)}"])
    same_file = {g: c.get("same_file", 0) for g, c in data["genres"].items()
                 if c.get("same_file", 0) != c.get("read", 0)}
    totals = [sum(c.get(k, 0) for c in data["genres"].values())
              for k in ("collected", "read", "refused", "same_board", "unique", "multiple",
                        "none", "unknown", "strategies_agree", "pzprjs_accepts", "answers")]
    table.append(["**all**", *totals[:3], f"{totals[3]}/{totals[1]}", *totals[4:8],
                  f"{totals[8]}/{totals[1]}", f"{totals[9]}/{totals[10]}"])
    refusals = "\n".join(f"- {n} x {why}" for why, n in data["refusals"].items()) or "None."
    problems = "\n".join(f"- {p['genre']} ({p['where']}, #{p['n']}): "
                         + "; ".join(x.splitlines()[0] for x in p["problems"])
                         for p in data["problems"]) or "None."
    undecided, no_answer = ("\n".join(
        f"- {u['genre']} {u['size'][0]}x{u['size'][1]} ({u['where']}, #{u['n']}): "
        + ", ".join(f"{k} {v}" for k, v in u["verdicts"].items()) for u in data[key]) or "None."
        for key in ("not_decided", "no_answer"))
    unknown = ", ".join(f"{t} {n}" for t, n in data["unknown_types"].items())
    forms = ", ".join(f"{f} {n}" for f, n in data["forms"].items())
    srcs = "\n".join(f"- {r} @ {c[:12]}: `{p}`" for r, c, p in data["sources"])
    srcs += "\n\nDistinct puzzles by the repository they were first found in: " + ", ".join(
        f"{k} {n}" for k, n in data["per_repository"].items()) + "."
    return (f"pzprjs {LIBRARY.parents[2].name} (`benchmarks/pzprjs_build.py`), node. URLs "
            "collected by `benchmarks/wild_urls_collect.py` from the sources below (one per "
            "distinct puzzle; the URLs stay in `~/.cache/pencilsat/`, not here). Each URL of a "
            "type pencilsat reads: read or refused by name, the board pzprjs reads compared, "
            f"solved on the default and the second strategy ({seconds:g} s each), answers "
            "checked by pzprjs. Columns: `benchmarks/pzprjs_wild.py`; a verdict column counts "
            "the default strategy's verdicts.\n\n" + markdown_table(header, table)
            + f"\n\nURL forms (host, flags): {forms}.\n\npzprjs writes the very same file of "
            "the wild URL and of pencilsat's URL of the puzzle for every URL read but "
            + (", ".join(f"{g} ({n}/{data['genres'][g].get('read', 0)})"
                         for g, n in same_file.items()) or "none")
            + ": a Kakuro run without a sum is `-` in those URLs (pzprjs keeps -1) and `0` in "
            "pencilsat's (pzprjs keeps 0); pzprjs's check reads both as no sum, and pencilsat "
            "reads both files as the same puzzle (the board columns).\n"
            f"\n## Refused, by reason\n\n{refusals}\n"
            f"\n## Problems\n\n{problems}\n\n## Not decided in time (`unknown`)\n\n{undecided}\n"
            "\n## No answer (`none`; parser tests and unfinished boards among the sources)\n\n"
            f"{no_answer}\n"
            "\n## Types pencilsat does not read\n\n"
            f"{sum(data['unknown_types'].values())} URLs of {len(data['unknown_types'])} types "
            f"(pzprjs reads {data['unknown_pzprjs_reads']}): {unknown}.\n\n## Sources\n\n{srcs}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--urls", type=Path, default=CACHE)
    parser.add_argument("--genre", action="append", choices=sorted(GENRES))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--out", default="pzprjs_wild", help="results file stem")
    parser.add_argument("--from-details", action="store_true",
                        help="write the page again from the last run's findings (no solving)")
    args = parser.parse_args()
    if args.from_details:
        found = [json.loads(line) for line in DETAILS.read_text().splitlines()]
    else:
        urls = [json.loads(line) for line in args.urls.read_text().splitlines() if line.strip()]
        driver = Driver()
        try:
            found = run(urls, driver, args.seconds, set(args.genre or ()))
        finally:
            driver.close()
        DETAILS.write_text("".join(json.dumps(f) + "\n" for f in found))
    data = summary(found)
    write_results(args.out, "puzz.link URLs from the wild against pzprjs",
                  page(data, args.seconds), data)
    print((REPO / "benchmarks" / "results" / f"{args.out}.md").read_text())


if __name__ == "__main__":
    main()
