"""The bundled titles' READMEs: the table of a title's files names the files it has, and
every YAML file the title reads is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from framework.base import yamlsource

TITLES = Path(__file__).resolve().parents[1] / "titles"
FOLDERS = sorted(p.parent for p in TITLES.glob("*/README.md"))


def listed(folder: Path) -> list[str]:
    """The paths the first column of the README's file table names (``| `goods.yaml` |``)."""
    out = []
    for line in (folder / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            out += re.findall(r"`([^`]+)`", first)
    return out


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_the_file_table_names_files_the_title_has(folder):
    for name in listed(folder):
        assert (folder / name.rstrip("/")).exists(), f"{folder.name}/README.md names {name}, not there"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_every_file_the_title_includes_is_in_the_table(folder):
    names = set(listed(folder))
    included = yamlsource.load(folder / "title.yaml").data.get("include", [])
    for name in ["title.yaml", *included]:
        assert name in names, f"{folder.name}/README.md does not list {name}"
