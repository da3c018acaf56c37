"""Build cspuz (semiexp/cspuz_core, Rust with Glucose) as a benchmark peer, offline.

``python benchmarks/cspuz_build.py [--cspuz GIT] [--glucose GIT]``

GIT is a clone, a mirror or a URL of the repository (default: GitHub's). The sources are
taken at the commits pinned below, into ``BUILD``; the crates come from Debian's packages
(``apt-get install librust-cc-dev librust-json-dev``), not from crates.io: cargo runs offline
with ``/usr/share/cargo/registry`` as its registry. The edits, none to a solver
(../shared/docs/peers/cspuz.md): default features without the CLI, the parser, CaDiCaL and
the generator, whose crates (getopts, nom, rand) Debian does not have; Penpa+ URL decoding
(base64, flate2) stubbed out, as puz.link URLs are what we give it; ``cc = "1"``. Then
``cargo build --release`` of pencilsat's driver (benchmarks/peers/cspuz_driver: one URL per
line in, the verdict and the CPU seconds of ``decode_and_solve`` out). About 4 minutes.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

CSPUZ_COMMIT = "f52fcfafd2667db46cfc1c62a91b373e66e2f8af"
GLUCOSE_COMMIT = "91c04eb5fd2a7b20e76ed57ba930e5a66b9946fe"
BUILD = Path.home() / ".cache" / "pencilsat" / f"cspuz-{CSPUZ_COMMIT[:7]}"
DRIVER = BUILD / "target" / "release" / "pencilsat_cspuz_driver"
DRIVER_SOURCE = Path(__file__).resolve().parent / "peers" / "cspuz_driver"
REGISTRY = Path("/usr/share/cargo/registry")
CARGO_CONFIG = f"""
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "{REGISTRY}"

[net]
offline = true
"""


def export(git: str, commit: str, into: Path) -> None:
    """The tree of ``git`` at ``commit``, written into ``into``."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", git, tmp], check=True)
        archive = subprocess.run(["git", "-C", tmp, "archive", commit], check=True,
                                 capture_output=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def edit(path: Path, *pairs: tuple[str, str]) -> None:
    """Replace each ``old`` by ``new`` in ``path``; an ``old`` not found is an error (the
    pinned commit is not the one these edits were written for)."""
    text = path.read_text()
    for old, new in pairs:
        if old not in text:
            raise SystemExit(f"{path}: {old!r} not found; is it cspuz_core {CSPUZ_COMMIT}?")
        text = text.replace(old, new)
    path.write_text(text)


def prepare(source: Path) -> None:
    """The manifest edits, the stub and the driver crate in the workspace."""
    edit(source / "Cargo.toml",
         ('    "cspuz_core_python",\n', ""),
         ('    "cspuz_solver_backend",\n]', '    "cspuz_solver_backend",\n'
                                          '    "pencilsat_cspuz_driver",\n]'))
    edit(source / "cspuz_core" / "Cargo.toml",
         ('default = ["csp-extra-constraints", "parser", "cli", "backend-external", '
          '"backend-cadical"]', 'default = ["csp-extra-constraints", "backend-external"]'),
         ('parser = ["dep:nom"]', "parser = []"),
         ('cli = ["parser", "dep:getopts"]', 'cli = ["parser"]'),
         ('experimental-backend-glucose-rs = ["dep:glucose_rs"]',
          "experimental-backend-glucose-rs = []"),
         ('getopts = { version = "0.2", optional = true }\n', ""),
         ('nom = { version = "7.0.0", optional = true }\n', ""),
         ('glucose_rs = { path = "./lib/glucose_rs", optional = true }\n', ""),
         ('cc = "=1.2.1"', 'cc = "1"'))
    edit(source / "cspuz_rs" / "Cargo.toml",
         ('default = ["csp-extra-constraints", "generator"]',
          'default = ["csp-extra-constraints"]'),
         ('generator = ["rand"]', "generator = []"),
         ('rand = { version = "0.8.5", optional = true }\n', ""))
    edit(source / "cspuz_rs_puzzles" / "Cargo.toml",
         ('base64 = "0.22.1"\n', ""), ('flate2 = "1.1.5"\n', ""))
    penpa = source / "cspuz_rs_puzzles" / "src" / "penpa_editor.rs"
    text = penpa.read_text()
    stub = ('fn decompress_url_data(_data: &str) -> Result<String, &\'static str> {\n'
            '    Err("Penpa+ URLs are not read in this build")\n}\n\n')
    text, found = re.subn(r"fn decompress_url_data\(.*?\n}\n\n", stub, text, flags=re.S)
    if found != 1:
        raise SystemExit(f"{penpa}: decompress_url_data not found")
    penpa.write_text(text)
    shutil.copytree(DRIVER_SOURCE, source / "pencilsat_cspuz_driver",
                    ignore=shutil.ignore_patterns("target"))
    with (source / ".cargo" / "config.toml").open("a") as config:
        config.write(CARGO_CONFIG)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cspuz", default="https://github.com/semiexp/cspuz_core")
    parser.add_argument("--glucose", default="https://github.com/semiexp/glucose")
    args = parser.parse_args()
    if not REGISTRY.is_dir():
        raise SystemExit(f"{REGISTRY} is missing: apt-get install librust-cc-dev "
                         "librust-json-dev")
    if BUILD.exists():
        shutil.rmtree(BUILD)
    source = BUILD
    export(args.cspuz, CSPUZ_COMMIT, source)
    export(args.glucose, GLUCOSE_COMMIT, source / "cspuz_core" / "lib" / "glucose")
    prepare(source)
    subprocess.run(["cargo", "build", "--release", "--offline", "-p",
                    "pencilsat_cspuz_driver"], cwd=source, check=True)
    print(f"built {DRIVER}")


if __name__ == "__main__":
    main()
