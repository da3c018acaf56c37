"""Fresh Tatham puzzles: every Tatham genre checked on puzzles no one here has seen.

For each genre with Tatham names in the registry, Debian's ``sgt-puzzles``
(``/usr/games/sgt-<game> --generate N 'PARAMS#SEED'``) makes ``--per-param`` puzzles at each
parameter set the corpus manifests list (Bridges: Tatham's presets) and at one larger set.
Each is read through the library (``pencilsat.read_puzzle`` on ``game:ID``), solved by every
strategy on every backend with a 60 s limit, and checked: verdict ``unique``, one answer for
all, the rule checker's, the game ID written back and the puzz.link URL read as the same
puzzle, no corpus game ID among them. Masyu, Light Up and Sudoku are graded, every step held
against the answer (``Step.agrees_with``), and the grade's Spearman with Tatham's level set
beside the corpus's. ``--study`` then runs ``pencilsat study`` on the fresh puzzles of each
genre with a Tatham study set in ``docs/study/`` and sets its best SAT-side measure beside the
published one.

    python benchmarks/tatham_fresh.py --per-param 10            # checks, page
    python benchmarks/tatham_fresh.py --study --per-param 10    # the studies (slower)

Game IDs stay in the work folder (``build/tatham_fresh/``, ignored by git); the page and its
``.json`` hold counts and figures only (the seed and parameters make the puzzles again).
Exits 2 when ``/usr/games/sgt-*`` is missing (``apt-get install sgt-puzzles``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import CORPUS, REPO, machine, median, save_page  # noqa: E402
from score_fit import spearman  # noqa: E402
from study import label_sets  # noqa: E402

GAMES = Path("/usr/games")
WORK = REPO / "build" / "tatham_fresh"
LIMIT = 60.0
MANIFESTS = ("tatham_manifest.tsv", "tatham_manifest_genres.tsv", "tatham_manifest_more.tsv")
MANIFEST_NAME = {"slant": "gokigen"}
"""Genres the manifests file under another name."""
HASHI = [(f"{n}x{n}", level, f"{n}x{n}i30e10m2d{d}")
         for n in (7, 10, 15) for d, level in enumerate(("easy", "medium", "hard"))]
"""Bridges has no manifest rows: Tatham's nine presets (bridges.c)."""
LARGE = {
    "masyu": ("14x14", "tricky", "14x14dt"), "lightup": ("28x24", "hard", "28x24b20s2d2"),
    "sudoku": ("12x12", "unreasonable", "4x3du"), "slitherlink": ("21x21", "hard", "21x21t0dh"),
    "hashi": ("20x20", "hard", "20x20i30e10m2d2"), "tents": ("21x21", "tricky", "21x21dt"),
    "kurodoko": ("15x15", "default", "15x15"), "hitori": ("14x14", "tricky", "14x14dk"),
    "slant": ("16x15", "hard", "16x15dh"), "shikaku": ("21x21", "default", "21x21"),
    "jigsawsudoku": ("12x12", "unreasonable", "12jdu"), "nonogram": ("21x21", "default", "21x21"),
    "galaxies": ("14x14", "unreasonable", "14x14du"), "skyscrapers": ("8x8", "unreasonable", "8du"),
    "fillomino": ("16x15", "default", "16x15"),
}
"""About twice the corpus's largest area, where Tatham makes one in seconds (Pearl: 14x14,
its 20x18 takes over 20 s a puzzle; Killer Solo stops at 9x9)."""
ORDERS = {label_set.name.removesuffix("-tatham"): label_set.order
          for label_set in label_sets(0) if label_set.name.endswith("-tatham")}
"""Tatham's levels, easiest first, of the genres with a Tatham study set (the study's own
label sets)."""
PUBLISHED_GRADES = {
    "sudoku": {"9x9": (0.926, 0.782)},
    "lightup": {"10x10": (0.896, 0.796), "18x10": (0.873, 0.785), "24x14": (0.857, 0.835)},
    "masyu": {"10x10": (0.759, -0.124), "18x10": (0.797, 0.072)},
}
"""The corpus's Spearman of the grader's (score, level) with Tatham's level, in-sample
(``results/grade_score_<genre>.md``)."""

Params = tuple[str, str, str]
"""(size, difficulty, Tatham parameters)."""


def tatham_genres() -> list[str]:
    from pencilsat.core.registry import GENRES

    return [name for name, entry in GENRES.items() if entry.tatham]


def tatham_name(genre: str) -> str:
    """The Tatham game name pencilsat writes for ``genre`` (``solo-jigsaw``, ``pearl``)."""
    from pencilsat.core.registry import GENRES

    return str(GENRES[genre].tatham[0])


def game_of(genre: str) -> str:
    """The ``sgt-`` program of ``genre`` (Solo for its three Sudokus)."""
    return tatham_name(genre).split("-")[0]


def corpus_params(genre: str) -> list[Params]:
    from study import _read_tsv

    if genre == "hashi":
        return list(HASHI)
    name = MANIFEST_NAME.get(genre, genre)
    seen: dict[str, Params] = {}
    for manifest in MANIFESTS:
        for row in _read_tsv(CORPUS / manifest):
            if row["genre"] == name:
                seen.setdefault(row["tatham_params"],
                                (row["size"], row["difficulty"], row["tatham_params"]))
    return list(seen.values())


def corpus_ids() -> set[str]:
    """Every corpus game ID's description (the part after the parameters)."""
    from study import _read_tsv

    return {row["game_id"].split(":", 1)[-1] for manifest in MANIFESTS
            for row in _read_tsv(CORPUS / manifest) if row.get("game_id")}


def generate(genre: str, params: str, count: int, seed: str) -> list[str]:
    program = GAMES / f"sgt-{game_of(genre)}"
    out = subprocess.run([str(program), "--generate", str(count), f"{params}#{seed}"],
                         capture_output=True, text=True, check=True, timeout=1800)
    return out.stdout.split()


def _solution_text(puzzle: Any, solution: Any) -> str:
    from pencilsat.core.registry import rules_of

    return str(rules_of(puzzle).format_solution(puzzle, solution))


def _same_puzzle(a: Any, b: Any) -> bool:
    from pencilsat.core.registry import rules_of

    return bool(a.genre == b.genre and rules_of(a).format_puzzle(a) == rules_of(b).format_puzzle(b))


def check_one(genre: str, game_id: str, params: str) -> dict[str, Any]:
    """Every check of one fresh puzzle (``params``: the full parameters it was made with, as
    ``PARAMS:desc`` reads too); a failure's reason in ``problems``."""
    import pencilsat
    from pencilsat.core.registry import GENRES
    from pencilsat.formats.puzzlink import parse_url, to_url
    from pencilsat.formats.tatham import to_game_id

    entry = GENRES[genre]
    record: dict[str, Any] = {"problems": [], "cpu": {}, "verdicts": {}}
    problems: list[str] = record["problems"]
    puzzle = pencilsat.read_puzzle(f"{entry.tatham[0]}:{game_id}")
    if puzzle.genre != genre:
        problems.append(f"read as {puzzle.genre}")
        return record
    try:
        record["bare_id"] = _same_puzzle(pencilsat.read_puzzle(game_id), puzzle)
    except pencilsat.InputError as exc:  # fine when it asks for the game's name
        record["bare_id"] = "named" if f"{entry.tatham[0]}:" in f"{exc.message} {exc.hint}" \
            else False
        if not record["bare_id"]:
            problems.append(f"bare ID refused: {exc.message}")
    if record["bare_id"] is False and not problems:
        problems.append("bare ID read as another puzzle")
    full = pencilsat.read_puzzle(f"{entry.tatham[0]}:{params}:{game_id.split(':', 1)[1]}")
    record["full_params"] = _same_puzzle(full, puzzle)
    if not record["full_params"]:
        problems.append(f"{params}:... reads as another puzzle")
    answers = set()
    answer = None
    for strategy in entry.strategies:
        for backend in strategy.backends:
            name = f"{strategy.name}/{backend}"
            started = time.process_time()
            try:
                result = pencilsat.solve(puzzle, encoding=strategy.name, backend=backend,
                                         time_limit=LIMIT)
            except Exception:  # a crash is a finding, not the end of the run
                problems.append(f"{name} raised: {traceback.format_exc(limit=3)}")
                continue
            record["cpu"][name] = round(time.process_time() - started, 4)
            verdict = result.verdict.value
            record["verdicts"][name] = verdict
            if verdict != "unique":
                problems.append(f"{name}: {verdict} {result.message}")
            if result.solution is not None:
                answers.add(_solution_text(puzzle, result.solution))
                answer = result.solution
                if pencilsat.check(puzzle, result.solution):
                    problems.append(f"{name}: the checker refuses the answer")
                    record["checker"] = False
    record["checker"] = record.get("checker", bool(answers))
    record["answers_agree"] = len(answers) == 1
    if len(answers) > 1:
        problems.append(f"{len(answers)} different answers")
    written = to_game_id(puzzle, with_genre=None)
    record["id_round_trip"] = _same_puzzle(pencilsat.read_puzzle(written), puzzle)
    record["id_same_text"] = written.split(":")[-1] == game_id.split(":", 1)[1]
    if not record["id_round_trip"]:
        problems.append("the written game ID reads as another puzzle")
    if entry.puzzlink_codec:
        try:
            url = to_url(puzzle)
        except pencilsat.InputError:  # e.g. 3x4 boxes: puzz.link has no form, said plainly
            url = None
        record["url_round_trip"] = "none" if url is None else \
            _same_puzzle(parse_url(url), puzzle)
        if record["url_round_trip"] is False:
            problems.append("the URL reads as another puzzle")
    if entry.grader and answer is not None and record["answers_agree"]:
        grade_one(puzzle, answer, record)
    return record


def grade_one(puzzle: Any, answer: Any, record: dict[str, Any]) -> None:
    """The grader's level and score; every step held against the unique answer."""
    from pencilsat.core.errors import NotGradable
    from pencilsat.grading.front import grader_for

    started = time.process_time()
    try:
        grade = grader_for(puzzle.genre)(puzzle)
    except NotGradable as refused:  # said by name (a 12x12 Sudoku's 3x4 boxes): no grade
        record["not_graded"] = refused.message
        return
    record["grade_cpu"] = round(time.process_time() - started, 4)
    record["level"], record["score"] = grade.level, grade.score
    record["steps"] = len(grade.steps)
    wrong = [step.text for step in grade.steps if not step.agrees_with(answer)]
    record["wrong_steps"] = len(wrong)
    if wrong:
        record["problems"].append(f"{len(wrong)} steps contradict the answer: {wrong[0]}")


def run_genre(genre: str, per_param: int, seed: str, large: bool,
              corpus: set[str]) -> dict[str, Any]:
    """Generate and check ``genre``'s puzzles; the game IDs go to the work folder."""
    sets = corpus_params(genre) + ([LARGE[genre]] if large and genre in LARGE else [])
    out: dict[str, Any] = {"genre": genre, "sets": []}
    ids_out: dict[str, list[str]] = {}
    for size, difficulty, params in sets:
        started = time.perf_counter()
        ids = generate(genre, params, per_param, seed)
        generated = time.perf_counter() - started
        ids_out[params] = ids
        rows = []
        for k, game_id in enumerate(ids):
            if game_id.split(":", 1)[1] in corpus:
                rows.append({"index": k, "problems": ["a corpus game ID"], "cpu": {},
                             "verdicts": {}})
                continue
            try:
                row = check_one(genre, game_id, params)
            except Exception:
                row = {"problems": [traceback.format_exc(limit=4)], "cpu": {}, "verdicts": {}}
            row["index"] = k
            rows.append(row)
            for problem in row["problems"]:
                print(f"  {genre} {params} #{k}: {problem}", flush=True)
        out["sets"].append({"size": size, "difficulty": difficulty, "params": params,
                            "large": (size, difficulty, params) == LARGE.get(genre),
                            "generate_seconds": round(generated, 2), "puzzles": rows})
        print(f"{genre} {params}: {len(rows)} checked, "
              f"{sum(not r['problems'] for r in rows)} clean", flush=True)
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / f"{genre}.ids.json").write_text(json.dumps(ids_out) + "\n")
    return out


def set_row(genre_set: dict[str, Any]) -> dict[str, Any]:
    rows = genre_set["puzzles"]
    cpu: dict[str, list[float]] = {}
    for r in rows:
        for name, seconds in r["cpu"].items():
            cpu.setdefault(name, []).append(seconds)

    def count(key: str) -> int:
        return sum(r.get(key) is True for r in rows)

    return {"size": genre_set["size"], "difficulty": genre_set["difficulty"],
            "params": genre_set["params"], "large": genre_set["large"], "puzzles": len(rows),
            "unique": sum(bool(r["verdicts"]) and set(r["verdicts"].values()) == {"unique"}
                          for r in rows),
            "answers_agree": count("answers_agree"), "checker": count("checker"),
            "id_round_trip": count("id_round_trip"), "id_same_text": count("id_same_text"),
            "bare_id": count("bare_id"),
            "full_params": count("full_params") if any("full_params" in r for r in rows)
            else None,
            "bare_named": sum(r.get("bare_id") == "named" for r in rows),
            "no_url": sum(r.get("url_round_trip") == "none" for r in rows),
            "url_round_trip": count("url_round_trip"),
            "has_url": any("url_round_trip" in r for r in rows),
            "clean": sum(not r["problems"] for r in rows),
            "cpu": {name: (round(median(xs), 3), round(max(xs), 3)) for name, xs in cpu.items()},
            "problems": [(r["index"], p[:300]) for r in rows for p in r["problems"]]}


def grade_figures(genre: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Spearman of the grader's score and level with Tatham's level, per size (the corpus's
    sizes only) and on six levels' intermediate and above for Sudoku."""
    order = ORDERS[genre]
    by_size: dict[str, list[tuple[int, float, float]]] = {}
    work: dict[str, list[dict[str, Any]]] = {}
    for genre_set in data["sets"]:
        for r in genre_set["puzzles"]:
            if "grade_cpu" in r:
                work.setdefault(genre_set["size"], []).append(r)
            if r.get("score") is not None and r.get("level") is not None:
                by_size.setdefault(genre_set["size"], []).append(
                    (order.index(genre_set["difficulty"]) + 1, r["score"], r["level"]))
    out = []
    for size, graded in sorted(work.items()):
        cpu = [r["grade_cpu"] for r in graded]
        out.append({"size": size, "graded": len(graded),
                    "steps": sum(r["steps"] for r in graded),
                    "wrong_steps": sum(r["wrong_steps"] for r in graded),
                    "cpu_median": round(median(cpu), 3), "cpu_max": round(max(cpu), 3)})
    for size, points in sorted(by_size.items()):
        if size not in PUBLISHED_GRADES[genre]:  # the larger set has one level only
            continue
        groups = [("", points)]
        if genre == "sudoku":
            groups.append((" intermediate+", [p for p in points if p[0] >= 3]))
        for suffix, chosen in groups:
            y = [p[0] for p in chosen]
            published = PUBLISHED_GRADES[genre].get(size) if not suffix else (0.795, None)
            out.append({"size": size + suffix, "n": len(chosen),
                        "score": round(spearman([p[1] for p in chosen], y), 3),
                        "level": round(spearman([p[2] for p in chosen], y), 3),
                        "published": published,
                        "unrated": sum(r.get("level") is None for s in data["sets"]
                                       for r in s["puzzles"] if s["size"] == size)})
    return out


def study_genre(genre: str, resamples: int) -> dict[str, Any] | None:
    """``pencilsat study`` on the fresh puzzles of the corpus's parameters, labelled by
    Tatham's level and grouped by size; the best SAT-side measure beside the published."""
    published_dir = REPO / "docs" / "study" / f"{genre}-tatham"
    ids_file = WORK / f"{genre}.ids.json"
    if genre not in ORDERS or not published_dir.exists() or not ids_file.exists():
        return None
    ids = json.loads(ids_file.read_text())
    rows = [(f"{tatham_name(genre)}:{i}", difficulty, size)
            for size, difficulty, params in corpus_params(genre) for i in ids.get(params, [])]
    folder = WORK / "study"
    folder.mkdir(parents=True, exist_ok=True)
    labels = folder / f"{genre}.tsv"
    labels.write_text("puzzle\tlabel\tgroup\n" + "".join("\t".join(r) + "\n" for r in rows))
    out = folder / genre
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pencilsat", "study", str(labels), "--out", str(out),
                    "--order", ",".join(ORDERS[genre]), "--no-plots", "--workers", "1",
                    "--resamples", str(resamples),
                    "--about", "the level Tatham's generator was asked for (fresh puzzles)"],
                   check=True, capture_output=True, text=True)
    fresh = json.loads((out / "summary.json").read_text())
    published = json.loads((published_dir / "summary.json").read_text())
    best_then = _headline(published, "best single SAT measure")
    return {"genre": genre, "n": fresh["puzzles"], "measured": fresh["measured"],
            "seconds": round(time.perf_counter() - started, 1),
            "best_fresh": _headline(fresh, "best single SAT measure"),
            "published_best": best_then,
            "published_best_on_fresh": _pooled(out / "correlations.csv", best_then["measure"]),
            "predictor_fresh": _headline(fresh, "SAT-side predictor, held out"),
            "published_predictor": _headline(published, "SAT-side predictor, held out")}


def _headline(summary: dict[str, Any], what: str) -> dict[str, Any]:
    for item in summary["headline"]:
        if item["what"] == what:
            return {k: item[k] for k in ("measure", "n", "spearman", "ci_low", "ci_high")}
    return {}


def _pooled(correlations: Path, measure: str) -> dict[str, Any]:
    """The study's pooled row of ``measure`` (group ``all``, else its size-weighted mean)."""
    import csv

    with open(correlations, encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["measure"] == measure]
    pooled = [r for r in rows if r["group"] in ("pooled", "all", "")]
    row = pooled[0] if pooled else None
    if row is None:
        return {"groups": {r["group"]: r["spearman"] for r in rows}}
    return {k: row[k] for k in ("n", "spearman", "ci_low", "ci_high")}


def write_page(seed: str, runs: list[dict[str, Any]]) -> None:
    """The results page from the work folder's results, naming the runs that made them."""
    data = {"seed": seed, "limit": LIMIT, "runs": runs, "machine": machine(), "genres": {}}
    lines = ["# Fresh Tatham puzzles: every Tatham genre on puzzles no one here has seen", "",
             f"Generated on {machine()} by these runs, each with the load average before "
             "it:", ""] + [f"- `{r['command']}` (load {r['load']}; finished {r['finished']})"
                          + (f": {r['note']}" if r.get("note") else "") for r in runs] + ["",
             "Puzzles: Debian `sgt-puzzles` 20230122, `sgt-<game> --generate N "
             f"'PARAMS#{seed}'` (N: `--per-param`; the first N of the seed's sequence) at "
             "every parameter set of the corpus manifests (Bridges: "
             "Tatham's nine presets) and one larger set per genre (marked L). Each is read "
             "as `game:ID`, solved by every strategy on every backend with a 60 s limit "
             f"(CPU seconds of this process), and checked. No game ID is kept here; the seed "
             "and parameters make them again.", "",
             "Columns: unique (every strategy says unique), agree (one answer for all), "
             "checker (the rule checker accepts it), ID (the game ID pencilsat writes reads "
             "as the same puzzle; same text: it is the generator's ID character for "
             "character), full (`game:PARAMS:desc`, the ID with the full parameters it was "
             "made with, reads as the same puzzle), bare (the ID without the game's name reads "
             "as the same puzzle; named: "
             "refused with a hint to prefix the game's name, as an ID two games read or a "
             "game read only when named), URL (puzz.link round trip; none: refused with a "
             "reason, no puzz.link form), clean (no problem at all).",
             ""]
    head = ("| genre | params | n | unique | agree | checker | ID (same text) | full | bare "
            "| URL | clean | CPU s median / max per strategy |")
    lines += [head, "|" + "---|" * 12]
    problems = []
    grades: dict[str, list[dict[str, Any]]] = {}
    for file in sorted(WORK.glob("*.result.json")):
        result = json.loads(file.read_text())
        genre = result["genre"]
        rows = [set_row(s) for s in result["sets"]]
        data["genres"][genre] = rows
        for r in rows:
            cpu = ", ".join(f"{k} {m:.2f}/{x:.2f}" for k, (m, x) in r["cpu"].items())
            url = f"{r['url_round_trip']}" if r["has_url"] else "-"
            url += f" ({r['no_url']} none)" if r["no_url"] else ""
            bare = f"{r['bare_id']}" + (f" ({r['bare_named']} named)" if r["bare_named"] else "")
            full = "-" if r["full_params"] is None else r["full_params"]
            mark = " L" if r["large"] else ""
            lines.append(f"| {genre} | `{r['params']}`{mark} ({r['difficulty']}) | "
                         f"{r['puzzles']} | {r['unique']} | {r['answers_agree']} | "
                         f"{r['checker']} | {r['id_round_trip']} ({r['id_same_text']}) | "
                         f"{full} | {bare} | {url} | {r['clean']} | {cpu} |")
            problems += [f"- {genre} `{r['params']}` puzzle {k} (0-based, in the seed's "
                         f"sequence): {p}" for k, p in r["problems"]]
        if genre in PUBLISHED_GRADES:
            grades[genre] = grade_figures(genre, result)
    data["grades"] = grades
    lines += ["", "## Problems found", ""] + (problems or ["None."])
    lines += ["", "## Graders on fresh puzzles", "",
              "Spearman of the grader's score and level with Tatham's level, per size, beside "
              "the corpus's in-sample figures (`results/grade_score_<genre>.md`); every step "
              "of every grade was held against the unique answer (wrong steps are listed "
              "under problems).", "",
              "| genre | size | n | score | level | corpus score | corpus level |",
              "|---|---|---|---|---|---|---|"]
    for genre, figures in grades.items():
        for f in figures:
            if "graded" in f:
                continue
            pub = f["published"] or (None, None)
            lines.append(f"| {genre} | {f['size']} | {f['n']} | {f['score']:.3f} | "
                         f"{f['level']:.3f} | {_fmt(pub[0])} | {_fmt(pub[1])} |")
    lines += ["", "Steps of the grades held against the unique answer (`Step.agrees_with`), "
              "and the grader's CPU seconds:", "",
              "| genre | size | graded | steps | contradicting the answer | CPU s median / max |",
              "|---|---|---|---|---|---|"]
    for genre, figures in grades.items():
        lines += [f"| {genre} | {f['size']} | {f['graded']} | {f['steps']} | "
                  f"{f['wrong_steps']} | {f['cpu_median']:.2f} / {f['cpu_max']:.2f} |"
                  for f in figures if "graded" in f]
    study_file = WORK / "studies.json"
    if study_file.exists():
        studies = json.loads(study_file.read_text())
        data["studies"] = studies
        lines += ["", "## The study on fresh puzzles", "",
                  "`pencilsat study` on the fresh puzzles of the corpus's parameters (label: "
                  "the level asked for, group: size), beside the published study "
                  "(`docs/study/<genre>-tatham/summary.json`). Spearman pooled within size "
                  "[95 % BCa interval].", "",
                  "| genre | n fresh | best SAT-side measure, fresh | published best, on fresh "
                  "| published best, published | predictor held out, fresh | published |",
                  "|---|---|---|---|---|---|---|"]
        for s in studies.values():
            lines.append(f"| {s['genre']} | {s['n']} | {_headline_text(s['best_fresh'])} | "
                         f"{_interval(s['published_best_on_fresh'])} | "
                         f"{_headline_text(s['published_best'])} | "
                         f"{_interval(s['predictor_fresh'])} | "
                         f"{_interval(s['published_predictor'])} |")
    save_page("tatham_fresh", data, "\n".join(lines) + "\n")


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _interval(item: dict[str, Any]) -> str:
    if "spearman" not in item or item["spearman"] in ("", None):
        return "not measured now" if "groups" in item else "-"
    return (f"{float(item['spearman']):.2f} [{float(item['ci_low']):.2f}, "
            f"{float(item['ci_high']):.2f}]")


def _headline_text(item: dict[str, Any]) -> str:
    return f"`{item['measure']}` {_interval(item)}" if item else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-param", type=int, default=10)
    parser.add_argument("--seed", default="tfresh")
    parser.add_argument("--genres", nargs="*", help="only these genres (default: all 16)")
    parser.add_argument("--no-large", action="store_true", help="skip the larger sets")
    parser.add_argument("--study", action="store_true",
                        help="run pencilsat study on the puzzles of the last check run")
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--page-only", action="store_true",
                        help="rewrite the page from the work folder's results")
    args = parser.parse_args(argv)
    genres = args.genres or tatham_genres()
    missing = sorted({game_of(g) for g in genres if not (GAMES / f"sgt-{game_of(g)}").exists()})
    if missing and not args.page_only and not args.study:
        print(f"tatham_fresh: {', '.join(f'/usr/games/sgt-{m}' for m in missing)} missing: "
              "install Debian's sgt-puzzles (apt-get install sgt-puzzles)", file=sys.stderr)
        return 2
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    command = "python benchmarks/tatham_fresh.py " + " ".join(
        argv if argv is not None else sys.argv[1:])
    WORK.mkdir(parents=True, exist_ok=True)
    if args.study:
        study_file = WORK / "studies.json"
        studies = json.loads(study_file.read_text()) if study_file.exists() else {}
        for genre in genres:
            found = study_genre(genre, args.resamples)
            if found:
                studies[genre] = found
                study_file.write_text(json.dumps(studies, indent=1) + "\n")
                print(json.dumps(found), flush=True)
    elif not args.page_only:
        corpus = corpus_ids()
        for genre in genres:
            result = run_genre(genre, args.per_param, args.seed, not args.no_large, corpus)
            (WORK / f"{genre}.result.json").write_text(json.dumps(result) + "\n")
    runs_file = WORK / "runs.json"
    runs = json.loads(runs_file.read_text()) if runs_file.exists() else []
    if not args.page_only:
        runs.append({"command": command.strip(), "load": load,
                     "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())})
        runs_file.write_text(json.dumps(runs, indent=1) + "\n")
    write_page(args.seed, runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
