"""The shape of the code: layers as packages, imports that follow their order, no import
cycles, and one door (``framework.api``) for titles and docs (docs/architecture.md).

An import counts wherever it is (a function's own import included), except under
``if TYPE_CHECKING:``, which only names types for the checker and never runs.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
FRAMEWORK = ROOT / "framework"

LAYERS = (
    "base",
    "title",
    "board",
    "engine",
    "record",
    "bots",
    "render",
    "sim",
    "serve",
    "convert",
    "cli",
    "api",
)
"""The layers, lowest first: a module may import its own layer and those before it.
``api`` is ``framework/api.py`` with ``framework/__init__.py`` and ``__main__.py``."""


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the imported module (a module of framework/, or any other)
    line: int
    at_top: bool  # at the module's top level (run when the module is imported)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> list[Import]:
    """Every import of the file at ``path`` that runs, resolved to a module."""
    source = module_name(path, root)
    package = source if path.name == "__init__.py" else source.rpartition(".")[0]
    found: list[Import] = []

    def resolve(target: str, name: str | None) -> str:
        if name and f"{target}.{name}" in modules:
            return f"{target}.{name}"
        return target

    def visit(node: ast.AST, at_top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for branch in child.orelse:
                    visit_statement(branch, at_top)
                continue
            visit_statement(child, at_top)

    def visit_statement(node: ast.AST, at_top: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend(Import(source, a.name, node.lineno, at_top) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.extend(Import(source, resolve(target, a.name), node.lineno, at_top) for a in node.names)
        else:
            inner = at_top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            visit(node, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


def framework_imports() -> list[Import]:
    paths = sorted(FRAMEWORK.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return [i for p in paths for i in imports_of(p, modules) if i.target.split(".")[0] == "framework"]


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "api"


def test_the_top_level_is_only_the_entry_points_and_the_api():
    loose = sorted(p.name for p in FRAMEWORK.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "api.py"]
    packages = sorted(p.name for p in FRAMEWORK.iterdir() if (p / "__init__.py").exists())
    assert packages == sorted(layer for layer in LAYERS if layer != "api")


@pytest.mark.parametrize("layer", [layer for layer in LAYERS if layer != "api"])
def test_each_layer_says_what_it_owns_and_what_it_may_import(layer):
    doc = ast.get_docstring(ast.parse((FRAMEWORK / layer / "__init__.py").read_text(encoding="utf-8")))
    assert doc and len(doc) > 80, f"framework/{layer}/__init__.py needs a docstring saying what it owns"
    assert "import" in doc, f"framework/{layer}/__init__.py should say what it may import"


def test_imports_follow_the_layer_order():
    against = [
        f"{i.source}:{i.line} ({layer_of(i.source)}) imports {i.target} ({layer_of(i.target)})"
        for i in framework_imports()
        if LAYERS.index(layer_of(i.target)) > LAYERS.index(layer_of(i.source))
    ]
    assert against == []


def test_no_import_cycles():
    graph = nx.DiGraph()
    graph.add_edges_from((i.source, i.target) for i in framework_imports() if i.source != i.target)
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == [], f"import cycles: {cycles}"


def test_no_imports_after_code():
    """Imports come first: none after a definition (no registration by late import)."""
    late = []
    for path in sorted(FRAMEWORK.rglob("*.py")):
        seen_code = False
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                seen_code = True
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and seen_code:
                late.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert late == []


def _modules_imported(code: str) -> list[tuple[int, str]]:
    """``(line, module)`` for every absolute import in ``code``."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and not node.level:
            found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
    return found


def _title_imports() -> list[tuple[str, int, str]]:
    """``(file, line, module)`` for every import of framework by a title or a docs example
    (a docs page's ``python`` blocks included)."""
    found = []
    for path in [*sorted((ROOT / "titles").rglob("*.py")), *sorted((ROOT / "docs").rglob("*.py"))]:
        name = str(path.relative_to(ROOT))
        found += [
            (name, line, module) for line, module in _modules_imported(path.read_text(encoding="utf-8"))
        ]
    for path in [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]:
        text, name = path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        for block in re.finditer(r"```python\n(.*?)```", text, re.S):
            first = text.count("\n", 0, block.start(1))
            found += [(name, first + line, module) for line, module in _modules_imported(block.group(1))]
    return [f for f in found if f[2].split(".")[0] == "framework"]


def test_titles_and_docs_examples_use_only_the_api():
    imports = _title_imports()
    assert any(path.startswith("titles/18Steam/") for path, _, _ in imports)  # the scan sees them
    assert [f"{path}:{line}: {module}" for path, line, module in imports if module != "framework.api"] == []


def test_every_name_of_the_api_is_documented():
    import framework.api as api

    assert api.__doc__
    missing = [name for name in api.__all__ if name not in api.__doc__]
    assert missing == []
    exported = {n for n in vars(api) if not n.startswith("_") and n != "annotations"}
    assert exported == set(api.__all__)


def test_the_scan_sees_an_import_against_the_order(tmp_path):
    """The checks above can fail: a base module importing the engine is caught."""
    bad = tmp_path / "framework" / "base"
    bad.mkdir(parents=True)
    (bad / "x.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from framework.engine.game import Game\n"
        "def f():\n    from framework.engine import game\n"
    )
    found = imports_of(bad / "x.py", {"framework.engine.game"}, root=tmp_path)
    assert [(i.target, i.at_top) for i in found if i.target != "typing"] == [("framework.engine.game", False)]
    assert layer_of(found[0].source) == "base" and LAYERS.index("engine") > LAYERS.index("base")
