"""Nothing in framework/ exists for one title (issue 13): its code names no bundled
title, no company, corporation or minor, and no hex — those live in ``titles/<title>/``.

Docstrings and comments may name them (as examples); code may not, so no branch, field
or step of the framework can be one title's.
"""

from __future__ import annotations

import ast
import typing
from functools import cache
from pathlib import Path

import pytest
from pydantic import BaseModel

from framework.title.loader import load_title
from framework.title.model import Title

ROOT = Path(__file__).resolve().parents[1]
TITLES = sorted(p for p in (ROOT / "titles").iterdir() if (p / "title.yaml").exists())


FRAMEWORK_WORDS = {"SR", "OR"}
"""The framework's own words that a title's sym may happen to equal: the round labels
(``SR3``, ``OR3.2``) and 1889's Sanuki Railway, SR."""


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
    named = [
        f"line {line}: {text!r} ({names[text]})"
        for line, text in _code_strings(file)
        if text in names and text not in FRAMEWORK_WORDS
    ]
    assert not named, "framework code names a title's things:\n  " + "\n  ".join(named)


def test_the_check_finds_a_name(tmp_path):
    """The check would catch a title's sym in code (and not in a docstring)."""
    file = tmp_path / "x.py"
    file.write_text('"""Docstring naming KHJ."""\n\nif sym == "KHJ":\n    pass\n', encoding="utf-8")
    assert [text for _, text in _code_strings(file) if text in _names()] == ["KHJ"]


# -- a title's own layer lives in the title ------------------------------------------------


def _field_names(model: type[BaseModel], seen: set[type]) -> set[str]:
    """Every field name of ``model`` and of the models inside it."""
    if model in seen:
        return set()
    seen.add(model)
    names = set(model.model_fields)
    for info in model.model_fields.values():
        stack = [info.annotation]
        while stack:
            annotation = stack.pop()
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                names |= _field_names(annotation, seen)
            stack.extend(typing.get_args(annotation))
    return names


@cache
def _layer_words() -> frozenset[str]:
    """The words only a title's own layer has: its action types, and the compound
    field names of its model that no framework model has (``new_cities``; a plain word
    such as ``table`` is anybody's)."""
    general = _field_names(Title, set())
    words: set[str] = set()
    for folder in TITLES:
        title = load_title(folder)
        rules = title.layer_part("rules")
        if rules is not None:
            words |= set(rules.actions) - {"bid", "pass"}
            words |= {w for w in _field_names(type(title.layer), set()) - general if "_" in w}
    return frozenset(words)


def _identifiers(file: Path) -> set[str]:
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
    return found


@pytest.mark.parametrize(
    "file", sorted((ROOT / "framework").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_framework_code_knows_nothing_of_a_titles_layer(file):
    """18Steam's Age of Steam layer is its hooks package: no framework code plays one of
    its action types or reads one of its fields (``move_goods``, ``new_cities``…) —
    only the general parts of a title's layer (:mod:`framework.title.extension`)."""
    words = _layer_words()
    strings = {text for _, text in _code_strings(file)} & words
    names = _identifiers(file) & (words | {"goods"})
    assert not strings and not names, f"framework code knows a title's layer: {sorted(strings | names)}"


def test_the_layer_check_has_words_to_look_for():
    assert {"move_goods", "select_action", "new_cities", "income_reduction"} <= _layer_words()
