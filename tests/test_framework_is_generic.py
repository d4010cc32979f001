"""Nothing in framework/ exists for one title (issue 13): its code names no bundled
title, no company, corporation or minor, and no hex — those live in ``titles/<title>/``.

Docstrings and comments may name them (as examples); code may not, so no branch, field
or step of the framework can be one title's.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
TITLES = sorted(p for p in (ROOT / "titles").iterdir() if (p / "title.yaml").exists())


@cache
def _names() -> dict[str, str]:
    """Every name a bundled title gives its things → where it comes from."""
    out: dict[str, str] = {}
    for folder in TITLES:
        title = load_title(folder)
        out[title.title.name] = f"{folder.name}: the title"
        for kind in ("companies", "corporations", "minors"):
            for sym in getattr(title, kind):
                out[sym] = f"{folder.name}: {kind[:-1] if kind != 'companies' else 'company'} {sym}"
        for hex_id in title.map.hexes:
            out[hex_id] = f"{folder.name}: hex {hex_id}"
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings (of modules, classes, functions, and the
    attribute docstrings under assignments)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            found.add(id(node.value))
    return found


def _code_strings(file: Path) -> list[tuple[int, str]]:
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    docs = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_the_bundled_titles_are_found():
    assert {p.name for p in TITLES} >= {"18SJ", "1830", "18Steam"}


@pytest.mark.parametrize(
    "file", sorted((ROOT / "framework").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_framework_code_names_no_title_or_its_things(file):
    names = _names()
    named = [f"line {line}: {text!r} ({names[text]})" for line, text in _code_strings(file) if text in names]
    assert not named, "framework code names a title's things:\n  " + "\n  ".join(named)


def test_the_check_finds_a_name(tmp_path):
    """The check would catch a title's sym in code (and not in a docstring)."""
    file = tmp_path / "x.py"
    file.write_text('"""Docstring naming KHJ."""\n\nif sym == "KHJ":\n    pass\n', encoding="utf-8")
    assert [text for _, text in _code_strings(file) if text in _names()] == ["KHJ"]
