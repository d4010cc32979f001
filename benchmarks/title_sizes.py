"""How much of each title is data, how much is hooks, and how much of the framework
serves a single title.

For each bundled title (every folder of the bundled titles with a ``title.yaml``, so a
new one is counted as it appears): the lines of YAML (blank and comment lines apart),
the comment lines, the lines of Python hooks, and the lines of framework code that name
the title or one of its things (its name, companies, corporations, minors, hexes: the
check of ``tests/test_framework_is_generic.py``, whose target is none). Then every
step of the library and every kind of company ability, with the titles that use it and
the lines of framework code that implement it: a step or ability only one title uses is
code that exists, for now, for that title.

    python benchmarks/title_sizes.py
"""

from __future__ import annotations

import ast
import inspect
import typing
from collections import defaultdict
from pathlib import Path

from framework.engine.steps import STEP_TYPES
from framework.title.companies import Ability
from framework.title.hooks import hook_files
from framework.title.loader import load_title
from framework.title.model import Title
from framework.title.paths import bundled_titles


def yaml_lines(folder: Path) -> tuple[int, int]:
    """(lines of YAML content, comment lines) of a title folder."""
    content = comments = 0
    for path in sorted(folder.rglob("*.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            text = line.strip()
            if not text:
                continue
            if text.startswith("#"):
                comments += 1
            else:
                content += 1
    return content, comments


def python_lines(path: Path) -> int:
    if not path.is_file():
        return 0
    return sum(
        1
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.strip().startswith("#")
    )


FRAMEWORK = Path(__file__).resolve().parents[1] / "framework"
"""The framework's code."""

FRAMEWORK_WORDS = {"SR", "OR"}
"""The framework's own words that a title's sym may equal (the round labels ``SR3``,
``OR3.2``; 1889's Sanuki Railway is SR), not counted as naming a title."""


def code_strings(file: Path) -> list[tuple[int, str]]:
    """The string constants of a Python file that are code, not docstrings, by line."""
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def title_names(title: Title) -> set[str]:
    """Every name a title gives its things: its own, its companies', corporations',
    minors' and hexes'."""
    names = {title.title.name, *title.companies, *title.corporations, *title.minors, *title.map.hexes}
    return names - FRAMEWORK_WORDS


def framework_lines(names: set[str], strings: list[tuple[str, int, str]]) -> int:
    """The lines of framework code (``(file, line, string)``) with a string in ``names``."""
    return len({(file, line) for file, line, text in strings if text in names})


def ability_kinds() -> list[str]:
    """Every kind of company ability the format has (the members of ``Ability``)."""
    members = typing.get_args(typing.get_args(Ability)[0])
    return [typing.get_args(m.model_fields["type"].annotation)[0] for m in members]


def main() -> None:
    root = bundled_titles()
    folders = {p.name: p for p in sorted(root.iterdir()) if (p / "title.yaml").is_file()} if root else {}
    steps: dict[str, set[str]] = defaultdict(set)
    abilities: dict[str, set[str]] = defaultdict(set)
    strings = [
        (str(file), line, text)
        for file in sorted(FRAMEWORK.rglob("*.py"))
        for line, text in code_strings(file)
    ]
    print(f"{'title':12} {'yaml lines':>10} {'comments':>9} {'hook lines':>10} {'framework lines':>15}")
    for name, folder in folders.items():
        title = load_title(folder)
        content, comments = yaml_lines(folder)
        hooks = sum(python_lines(file) for file in hook_files(folder))
        own = framework_lines(title_names(title), strings)
        print(f"{name:12} {content:10d} {comments:9d} {hooks:10d} {own:15d}")
        for rnd in title.rounds.values():
            for entry in rnd.steps:
                steps[entry.step].add(name)
        for company in title.companies.values():
            for ability in company.abilities:
                abilities[ability.type].add(name)
    print()
    print(f"{'step':24} {'code lines':>10}  used by")
    single = 0
    for name, cls in sorted(STEP_TYPES.items()):
        lines = len(inspect.getsource(cls).splitlines())
        users = sorted(steps.get(name, ()))
        if len(users) == 1:
            single += lines
        print(f"{name:24} {lines:10d}  {', '.join(users) or '(no bundled title)'}")
    print()
    print(f"{'ability':24} {'':>10}  used by")
    for name in sorted(ability_kinds()):
        print(f"{name:24} {'':>10}  {', '.join(sorted(abilities.get(name, ()))) or '(no bundled title)'}")
    print()
    print(f"step code used by a single bundled title: {single} lines")


if __name__ == "__main__":
    main()
