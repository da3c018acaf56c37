"""The ahead-of-time Sudoku kernel's cache: a module named by what it is built from (a
changed source is a new module, built anew), one build at a time and never seen in part,
and a failed build (no compiler) recorded, never retried, the batch falling back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from conftest import CORPUS

from pencilsat.strategies import sudoku_kernel_cache as cache
from pencilsat.strategies.sudoku_batch import solve_batch


def test_a_changed_source_names_another_module(tmp_path, monkeypatch):
    monkeypatch.setenv("PENCILSAT_CACHE_DIR", str(tmp_path))
    copies = []
    for path in map(Path, cache.SOURCES):
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        copies.append(copy)
    same = tuple(copies)
    assert cache.key(same) == cache.key()
    copies[0].write_bytes(copies[0].read_bytes() + b"\n# changed\n")
    assert cache.key(same) != cache.key()
    old, new = Path(cache.module_path()), Path(cache.module_path(same))
    assert old.parent == new.parent == tmp_path and old != new
    old.write_bytes(b"the module of the old source")
    assert cache.load(new) is None  # the stale one is not taken for it ...
    started = cache.start_build(new, [sys.executable, "-c",
                                      f"open({str(new)!r}, 'wb').write(b'built')"])
    assert started is not None and started.wait() == 0  # ... but built anew
    assert new.read_bytes() == b"built"


def test_builds_run_one_at_a_time_and_are_never_seen_in_part(tmp_path):
    target = tmp_path / "sudoku_kernel_x.so"
    entered, release = threading.Event(), threading.Event()
    made: list[Path] = []
    results: list[bool] = []

    def make(folder: Path) -> Path:
        made.append(folder)
        entered.set()
        assert release.wait(60)
        out = folder / "module.so"
        out.write_bytes(b"whole")
        return out

    first = threading.Thread(target=lambda: results.append(cache.build_into(target, make)))
    first.start()
    assert entered.wait(60)
    assert not target.exists() and made[0].parent == tmp_path  # built beside, not in place
    assert cache.building(target)
    second = threading.Thread(target=lambda: results.append(cache.build_into(target, make)))
    second.start()
    release.set()
    first.join()
    second.join()
    assert results == [True, True] and len(made) == 1  # the second found it built
    assert target.read_bytes() == b"whole" and not cache.building(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sudoku_kernel_x.lock",
                                                          "sudoku_kernel_x.so"]


def test_a_failed_build_is_recorded_and_not_started_again(tmp_path):
    target = tmp_path / "sudoku_kernel_y.so"

    def make(folder: Path) -> Path:
        raise RuntimeError("no luck")

    assert cache.build_into(target, make) is False
    assert not target.exists() and "no luck" in Path(cache.failed_marker(target)).read_text()
    assert cache.start_build(target, [sys.executable, "-c", "raise SystemExit(3)"]) is None
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".build-")]


def test_without_a_compiler_the_build_fails_at_once_and_the_batch_falls_back(tmp_path,
                                                                              monkeypatch):
    """CC names no program: the builder stops before compiling anything and records why; no
    process starts it again; without numba too, the batch takes the numpy path (with numba,
    its JIT kernel: the test of the switch in ``test_sudoku_kernel``)."""
    monkeypatch.setenv("PENCILSAT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("CC", "/no/such/cc")
    env = dict(os.environ)
    target = Path(cache.module_path())
    assert cache.compiler() is None and target.parent == tmp_path
    done = subprocess.run(cache.build_command(target), env=cache.build_env(),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and not target.exists()
    assert "no C compiler" in Path(cache.failed_marker(target)).read_text()
    assert cache.start_build(target) is None
    batch = """
import json, sys
sys.modules["numba"] = None  # numba not installed either
from pencilsat.strategies.sudoku_batch import solve_batch
lines = open(sys.argv[1]).read().splitlines()[:30]
recs = list(solve_batch(lines, kernel=True))
print(json.dumps([[r["verdict"], r.get("solution"), r["stats"]["decided_by"]] for r in recs]))
"""
    path = CORPUS / "sudoku/magictour_top1465.txt"
    fallback = json.loads(subprocess.run([sys.executable, "-c", batch, str(path)], env=env,
                                         capture_output=True, text=True, check=True).stdout)
    assert "kernel" not in {by for _, _, by in fallback}
    lines = path.read_text().splitlines()[:30]
    assert [r[:2] for r in fallback] == [[r["verdict"], r.get("solution")]
                                        for r in solve_batch(lines, kernel=False)]
