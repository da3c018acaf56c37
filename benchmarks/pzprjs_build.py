"""Build pzprjs (robx/pzprjs, the code behind puzz.link) for node, offline, as a reference peer.

``python benchmarks/pzprjs_build.py [--pzprjs GIT]``

GIT is a clone, a mirror or a URL of the repository (default: GitHub's). The sources at the
commit pinned below are concatenated in the order of pzprjs's own ``src/pzpr.js`` list, as
its Gruntfile does, with two differences: the canvas library (``pzpr-canvas``, an npm
package) is replaced by a stand-in that draws nothing, since only the board, the URL codec
and the answer check are used; and the two Gruntfile templates (the failure texts and the
version) are filled in here. The per-genre files are copied as ``pzpr-variety/*.js`` beside
it, where pzprjs's loader looks for them. No npm, no network but the clone. Needs node.
Used by ``benchmarks/pzprjs_crosscheck.py``.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

PZPRJS_COMMIT = "0401fc64fb4a414fc8327aed2b49aff758f4eaab"
BUILD = Path.home() / ".cache" / "pencilsat" / f"pzprjs-{PZPRJS_COMMIT[:8]}"
LIBRARY = BUILD / "dist" / "js" / "pzpr.js"
CANVAS_STAND_IN = (
    "module.exports = {env: {browser: false, node: true}, enable: {canvas: false, svg: false},"
    " current: '', document: {}, DOMParser: function () {}, XMLSerializer: function () {},"
    " start: function () {}};\n")


def export(git: str, commit: str, into: Path) -> None:
    """The tree of ``git`` at ``commit``, written into ``into``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", git, tmp], check=True)
        archive = subprocess.run(["git", "-C", tmp, "archive", commit, "src", "test/script"],
                                 check=True,
                                 capture_output=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def concatenate(root: Path) -> str:
    """pzprjs's library as one script, in the order ``src/pzpr.js`` lists its modules."""
    listing = (root / "src" / "pzpr.js").read_text()
    modules = re.findall(r'"([^"]+)"', listing[listing.index("["):listing.index("]")])
    failures = {lang: json.loads((root / "src" / "res" / f"failcode.{lang}.json").read_text())
                for lang in ("en", "ja")}
    parts = []
    for module in modules:
        if "pzpr-canvas" in module:
            parts.append(CANVAS_STAND_IN)
            continue
        text = (root / "src" / f"{module}.js").read_text()
        for lang, table in failures.items():
            text = text.replace(f"<%= JSON.stringify(langs.failcode_{lang}) %>",
                                json.dumps(table, ensure_ascii=False))
        text = text.replace("<%= git.hash %>", PZPRJS_COMMIT)
        if "<%" in text:
            raise SystemExit(f"{module}.js has a template this build does not fill in; "
                             f"is it pzprjs {PZPRJS_COMMIT}?")
        parts.append(text)
    return "\n".join(parts)


def build(git: str) -> Path:
    """Build into ``BUILD`` (again, if it is there) and check that node loads a puzzle."""
    if BUILD.exists():
        shutil.rmtree(BUILD)
    export(git, PZPRJS_COMMIT, BUILD)
    LIBRARY.parent.mkdir(parents=True, exist_ok=True)
    LIBRARY.write_text(concatenate(BUILD))
    varieties = LIBRARY.parent / "pzpr-variety"
    shutil.copytree(BUILD / "src" / "variety", varieties)
    probe = ("var pzpr = require(process.argv[1]); var p = new pzpr.Puzzle();"
             " p.open('lightup/2/2/0h', function () {}); console.log(p.pid);")
    out = subprocess.run(["node", "-e", probe, str(LIBRARY)], check=True,
                         capture_output=True, text=True).stdout.strip()
    if out != "lightup":
        raise SystemExit(f"the built pzprjs read a Light Up URL as {out!r}")
    return LIBRARY


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pzprjs", default="https://github.com/robx/pzprjs",
                        help="a clone, mirror or URL of robx/pzprjs")
    args = parser.parse_args()
    print(build(args.pzprjs))


if __name__ == "__main__":
    main()
