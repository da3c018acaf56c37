"""The imports follow the data flow: input -> puzzle model -> encoding -> backend ->
strategy -> grade / batch -> API -> CLI, with no cycle (read from the source with ``ast``)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "pencilsat"

LAYERS = [
    ("core",),
    ("puzzles",),
    ("formats",),
    ("encodings",),
    ("backends",),
    ("strategies",),
    ("grading", "generators", "certify"),
    ("batch", "desk"),
    ("api",),
    ("cli", "cli_certify", "cli_generate", "cli_options", "cli_signals", "cli_solve", "cli_values",
     "__init__", "__main__", "entry", "leave", "web", "study",
     "to_order"),
]
"""Each package may import its own and earlier layers only (``__init__`` is the package's
top-level API)."""


def _layer_of(module: str) -> tuple[int, str]:
    top = module.split(".")[1] if "." in module else "__init__"
    for number, names in enumerate(LAYERS):
        if top in names:
            return number, top
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node, except those under ``if TYPE_CHECKING:`` (annotations only, never run)."""
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return out


def _imports(path: Path, name: str, is_package: bool) -> set[str]:
    """Every pencilsat module ``path`` imports when it runs, at module level or inside a
    function (``TYPE_CHECKING`` blocks do not count: they only name types)."""
    found = set()
    package = name if is_package else name.rsplit(".", 1)[0]
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("pencilsat"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            if not base.startswith("pencilsat"):
                continue
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        targets = _imports(path, name, path.name == "__init__.py")
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def test_no_module_imports_a_later_layer():
    wrong = []
    for module, targets in _graph().items():
        if module == "pencilsat":
            continue
        mine, _ = _layer_of(module)
        for target in targets:
            if target == "pencilsat":
                wrong.append(f"{module} imports the package root")
                continue
            theirs, package = _layer_of(target)
            if theirs > mine:
                wrong.append(f"{module} -> {target} (layer {package} comes later)")
    assert not wrong, "imports against the data flow:\n" + "\n".join(sorted(wrong))


def test_no_encoding_imports_a_solver():
    """An encoding builds constraints and stops there: no PySAT solver, no OR-Tools."""
    wrong = []
    for path in sorted((SRC / "encodings").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            wrong += [f"{path.name}: {n}" for n in names
                      if n.startswith(("pysat.solvers", "ortools", "pencilsat.backends",
                                       "pencilsat.strategies"))]
    assert not wrong, wrong


def test_no_import_cycle():
    graph = _graph()
    graph.pop("pencilsat", None)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert not cycles, f"import cycles: {cycles}"
