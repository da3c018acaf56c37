"""The graders read only the puzzle: following their imports through the package finds no
SAT/CP solver, encoding, strategy or backend (only the front proves uniqueness first)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
FORBIDDEN = ("pysat", "ortools", "pencilsat.solvers", "pencilsat.encodings",
             "pencilsat.strategies", "pencilsat.backends", "pencilsat.batch")


def _imports(path: Path) -> set[str]:
    """Modules a file imports (``from a import b`` names both ``a`` and ``a.b``)."""
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def _module_file(module: str) -> Path | None:
    base = SRC / module.replace(".", "/")
    return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.exists()), None)


def _reachable(start: str) -> set[str]:
    todo, seen = [start], set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = _module_file(module)
        assert path is not None, module
        todo += [m for m in _imports(path) if m.startswith("pencilsat.")
                 and _module_file(m) is not None]
    return seen


@pytest.mark.parametrize(("package", "deepest"), [
    ("pencilsat.grading.masyu", "pencilsat.grading.masyu.general_regions"),
    ("pencilsat.grading.sudoku", "pencilsat.grading.sudoku.pair_processing"),
    ("pencilsat.grading.lightup", "pencilsat.grading.lightup.rescue_pairs"),
])
def test_the_grader_imports_no_solver(package, deepest):
    seen = _reachable(package)
    assert deepest in seen  # the walk really went through the techniques
    everything = set().union(*(_imports(_module_file(m)) for m in seen))
    assert not [m for m in everything if m.startswith(FORBIDDEN)]


def _registry_modules() -> list[str]:
    """The grading modules the registry names: each genre's grader and partial-grid module
    (the hints start the grader from a partly solved grid)."""
    from pencilsat.core.registry import GENRES

    refs = [ref for g in GENRES.values() for ref in (g.grader, g.partial) if ref]
    return [ref.partition(":")[0] for ref in refs]


@pytest.mark.parametrize("module", _registry_modules())
def test_the_registry_s_grading_modules_import_no_solver(module):
    everything = set().union(*(_imports(_module_file(m)) for m in _reachable(module)))
    assert not [m for m in everything if m.startswith(FORBIDDEN)]


def test_every_grading_module_is_reached_from_its_genre_or_the_front():
    """No stray module: each file under grading/ belongs to a genre's grader (or its
    partial-grid start, named in the registry) or the front."""
    reached = (_reachable("pencilsat.grading.masyu") | _reachable("pencilsat.grading.sudoku")
               | _reachable("pencilsat.grading.lightup") | _reachable("pencilsat.grading.front"))
    for module in _registry_modules():
        reached |= _reachable(module)
    root = SRC / "pencilsat" / "grading"
    modules = {".".join(p.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
               for p in root.rglob("*.py")}
    assert modules - reached - {"pencilsat.grading"} == set()
