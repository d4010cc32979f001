"""How much of each title is data, how much is hooks, and how much of the framework
serves a single title.

For each bundled title: the lines of YAML (blank and comment lines apart) and of
Python hooks. Then every step of the library and every kind of company ability,
with the titles that use it and the lines of framework code that implement it: a
step or ability only one title uses is code that exists, for now, for that title.

    python benchmarks/title_sizes.py
"""

from __future__ import annotations

import inspect
import typing
from collections import defaultdict
from pathlib import Path

from framework.engine.steps import STEP_TYPES
from framework.title.companies import Ability
from framework.title.hooks import hook_files
from framework.title.loader import load_title
from framework.titlepath import bundled_titles


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


def ability_kinds() -> list[str]:
    """Every kind of company ability the format has (the members of ``Ability``)."""
    members = typing.get_args(typing.get_args(Ability)[0])
    return [typing.get_args(m.model_fields["type"].annotation)[0] for m in members]


def main() -> None:
    root = bundled_titles()
    folders = {p.name: p for p in sorted(root.iterdir()) if (p / "title.yaml").is_file()} if root else {}
    steps: dict[str, set[str]] = defaultdict(set)
    abilities: dict[str, set[str]] = defaultdict(set)
    print(f"{'title':12} {'yaml lines':>10} {'comments':>9} {'hook lines':>10}")
    for name, folder in folders.items():
        title = load_title(folder)
        content, comments = yaml_lines(folder)
        hooks = sum(python_lines(file) for file in hook_files(folder))
        print(f"{name:12} {content:10d} {comments:9d} {hooks:10d}")
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
