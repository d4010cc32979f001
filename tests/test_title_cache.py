"""The title cache (framework/title/cache.py): a title loaded again comes from memory or
from the user's cache folder, and never once a file it was read from has changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.title import cache, loader
from framework.title.loader import RulesText, load_title

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
BUNDLED = sorted(p.name for p in (ROOT / "titles").iterdir() if (p / "title.yaml").is_file())


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own, with nothing in memory before or after."""
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.CACHE_DIR_VAR, str(where))
    monkeypatch.delenv(cache.NO_CACHE_VAR, raising=False)
    cache.forget()
    yield where
    cache.forget()


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    copy = tmp_path / "tiny"
    shutil.copytree(TINY, copy)
    return copy


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The title folders read from their files (a cache miss) from now on."""
    found: list[Path] = []
    real = loader.read_tree

    def counted(path, files=None):
        found.append(Path(path))
        return real(path, files)

    monkeypatch.setattr(loader, "read_tree", counted)
    return found


def entries(where: Path) -> list[Path]:
    return sorted(where.glob("*.json"))


def edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text
    file.write_text(text.replace(old, new), encoding="utf-8")


def test_a_second_load_comes_from_memory(folder, tiny, reads):
    first = load_title(tiny)
    second = load_title(tiny)
    assert reads == [tiny]
    assert second == first and second is not first  # a copy: each call's folder and overlays
    assert second.map is first.map  # sharing the validated sections
    assert second.fingerprint == first.fingerprint and second.folder == tiny


def test_a_second_process_loads_from_the_cache_folder(folder, tiny, reads):
    first = load_title(tiny, variants=["big_bank"])
    assert [e.stat().st_mode & 0o777 for e in entries(folder)] == [0o644]
    assert folder.stat().st_mode & 0o777 == 0o700
    cache.forget()  # as a new process would start
    again = load_title(tiny, variants=["big_bank"])
    assert reads == [tiny]
    assert again == first and again.bank.cash == first.bank.cash
    assert (again.fingerprint, again.overlays, again.folder) == (first.fingerprint, first.overlays, tiny)


def test_another_process_is_served_from_the_cache_folder(folder, tiny):
    """The real thing: a second ``18xx validate`` in a new process reads no YAML file."""
    script = (
        "import sys\n"
        "from framework.title import loader\n"
        "real = loader.read_tree\n"
        "def counted(*args):\n"
        "    print('READ-TREE', file=sys.stderr)\n"
        "    return real(*args)\n"
        "loader.read_tree = counted\n"
        f"loader.load_title({str(tiny)!r})\n"
    )
    env = {**os.environ, cache.CACHE_DIR_VAR: str(folder)}
    runs = [
        subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True) for _ in "12"
    ]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert [r.stderr.count("READ-TREE") for r in runs] == [1, 0]


@pytest.mark.parametrize("name", BUNDLED)
def test_a_title_from_the_cache_folder_is_the_title_loaded_from_its_files(folder, name):
    base = ROOT / "titles" / name
    fresh = load_title(base)
    for variant in [None, *fresh.variants]:
        chosen = [variant] if variant else []
        first = load_title(base, variants=chosen)
        cache.forget()
        kept = load_title(base, variants=chosen)
        assert kept == first and kept.fingerprint == first.fingerprint
        parts = ("data", "rules", "bot", "reports", "drawing")
        assert all(kept.layer_part(part) is first.layer_part(part) for part in parts)
        assert kept.overlays == first.overlays


def test_a_changed_file_is_a_miss(folder, tiny, reads):
    assert load_title(tiny).bank.cash == 4000
    edit(tiny / "title.yaml", "cash: 4000", "cash: 5000")
    assert load_title(tiny).bank.cash == 5000  # in memory
    edit(tiny / "title.yaml", "cash: 5000", "cash: 6000")
    cache.forget()
    assert load_title(tiny).bank.cash == 6000  # on disk
    assert len(reads) == 3


def test_an_included_file_or_a_variant_overlay_changed_is_a_miss(folder, tiny):
    first = load_title(tiny, variants=["big_bank"])
    overlay = tiny / "variants" / "big-bank.yaml"
    overlay.write_text(
        overlay.read_text(encoding="utf-8") + "certificate_limit: {players: {2: 1, 3: 1, 4: 1}}\n"
    )
    changed = load_title(tiny, variants=["big_bank"])
    assert changed.certificate_limit != first.certificate_limit
    assert changed.fingerprint != first.fingerprint
    before = load_title(tiny).map
    edit(tiny / "map.yaml", "cities", "cities")  # the same bytes: still a hit
    assert load_title(tiny).map is before
    (tiny / "map.yaml").write_text((tiny / "map.yaml").read_text(encoding="utf-8") + "\n# more\n")
    assert load_title(tiny).map is not before


def test_an_added_variant_or_house_rule_or_hooks_file_is_a_miss(folder, tiny, reads):
    load_title(tiny)
    (tiny / "variants" / "poor.yaml").write_text("overlay: {name: Poor}\nbank: {cash: 1500}\n")
    edit(tiny / "title.yaml", "hooks: {}", "  poor: {name: Poor, overlay: variants/poor.yaml}\n\nhooks: {}")
    assert set(load_title(tiny).variants) == {"big_bank", "poor"}
    assert load_title(tiny, variants=["poor"]).bank.cash == 1500
    house = tiny.parent / "house.yaml"
    house.write_text("overlay: {name: house}\nbank: {cash: 1230}\n")
    assert load_title(tiny, [house]).bank.cash == 1230
    assert load_title(tiny, [RulesText("house.yaml", "bank: {cash: 1700}\n")]).bank.cash == 1700
    assert load_title(tiny, [RulesText("house.yaml", "bank: {cash: 1800}\n")]).bank.cash == 1800
    house.write_text("overlay: {name: house}\nbank: {cash: 3210}\n")
    assert load_title(tiny, [house]).bank.cash == 3210
    before, read = load_title(tiny).fingerprint, len(reads)
    (tiny / "hooks.py").write_text("def unused(game):\n    return None\n")
    assert load_title(tiny).fingerprint != before and len(reads) == read + 1


def test_a_file_moved_by_a_symlink_is_a_miss(folder, tiny, tmp_path):
    load_title(tiny)
    outside = tmp_path / "outside.yaml"
    shutil.copy(tiny / "map.yaml", outside)
    (tiny / "map.yaml").unlink()
    (tiny / "map.yaml").symlink_to(outside)
    with pytest.raises(ProblemsError, match="outside the title's folder"):
        load_title(tiny)


def test_problems_are_as_without_the_cache_and_not_kept(folder, tiny, monkeypatch):
    edit(tiny / "title.yaml", "cash: 4000", "cash: lots")
    found = []
    for _ in range(2):
        with pytest.raises(ProblemsError) as caught:
            load_title(tiny)
        found.append([str(p) for p in caught.value.problems])
    monkeypatch.setenv(cache.NO_CACHE_VAR, "1")
    with pytest.raises(ProblemsError) as uncached:
        load_title(tiny)
    assert found[0] == found[1] == [str(p) for p in uncached.value.problems]
    assert "title.yaml:19:9" in found[0][0]
    assert entries(folder) == []


@pytest.mark.parametrize(
    "garbage",
    [b"", b"{not json", b"[]", b'{"format": 1}', b"[" * 100_000, "\xff\xfe".encode("latin-1")],
    ids=["empty", "not JSON", "a list", "no key", "nested", "not UTF-8"],
)
def test_a_corrupt_entry_is_ignored_and_rewritten(folder, tiny, reads, garbage):
    first = load_title(tiny)
    (entry,) = entries(folder)
    entry.write_bytes(garbage)
    cache.forget()
    assert load_title(tiny) == first
    assert len(reads) == 2
    assert json.loads(entry.read_bytes())["format"] == cache.FORMAT


def test_an_entry_of_the_wrong_shape_is_ignored(folder, tiny, reads):
    first = load_title(tiny)
    (entry,) = entries(folder)
    kept = json.loads(entry.read_bytes())
    for broken in ({**kept, "sources": "x"}, {**kept, "tree": []}, {**kept, "hooks_refused": 1}):
        entry.write_text(json.dumps(broken))
        cache.forget()
        assert load_title(tiny) == first
    assert len(reads) == 4


def test_an_entry_whose_data_does_not_validate_is_loaded_from_the_files(folder, tiny, reads):
    first = load_title(tiny)
    (entry,) = entries(folder)
    kept = json.loads(entry.read_bytes())
    kept["tree"]["bank"]["cash"] = "lots"
    entry.write_text(json.dumps(kept))
    cache.forget()
    assert load_title(tiny) == first and len(reads) == 2


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="a system with owners and modes")
def test_a_cache_folder_or_entry_others_may_write_is_not_used(folder, tiny, reads):
    load_title(tiny)
    (entry,) = entries(folder)
    folder.chmod(0o777)
    cache.forget()
    load_title(tiny)
    folder.chmod(0o700)
    entry.chmod(0o666)
    cache.forget()
    load_title(tiny)
    assert len(reads) == 3
    entry.unlink()
    folder.chmod(0o775)
    cache.forget()
    load_title(tiny)
    assert entries(folder) == []  # nothing written there either
    assert cache.usable_folder() is None


def test_the_cache_folder(monkeypatch):
    env = {"HOME": "/home/ann"}
    monkeypatch.setenv("HOME", "/home/ann")
    assert cache.cache_folder(env) == Path("/home/ann/.cache/rails18xx")
    assert cache.cache_folder({**env, "XDG_CACHE_HOME": "/x"}) == Path("/x/rails18xx")
    assert cache.cache_folder({**env, "XDG_CACHE_HOME": "/x", cache.CACHE_DIR_VAR: "/y"}) == Path("/y")
    assert cache.enabled({}) and cache.enabled({cache.NO_CACHE_VAR: "0"})
    assert not cache.enabled({cache.NO_CACHE_VAR: "1"})


def test_no_cache_reads_the_files_every_time(folder, tiny, reads, monkeypatch):
    monkeypatch.setenv(cache.NO_CACHE_VAR, "1")
    load_title(tiny)
    load_title(tiny)
    assert len(reads) == 2 and not folder.exists()


def test_the_command_lines_no_cache_option(folder, tiny, reads):
    runner = CliRunner()
    done = runner.invoke(app, ["--no-cache", "validate", str(tiny)])
    assert done.exit_code == 0, done.output
    assert len(reads) == 2 and not folder.exists()  # the title and its variant
    done = runner.invoke(app, ["validate", str(tiny)])
    assert done.exit_code == 0, done.output
    assert len(reads) == 4 and len(entries(folder)) == 2
    done = runner.invoke(app, ["validate", str(tiny)])
    assert len(reads) == 4


def test_the_folder_keeps_the_entries_used_last(folder, tiny, monkeypatch):
    monkeypatch.setattr(cache, "ON_DISK", 2)
    load_title(tiny)
    for cash in (5000, 6000):
        edit(tiny / "title.yaml", f"cash: {cash - 1000}", f"cash: {cash}")
        load_title(tiny, [RulesText("house.yaml", f"bank: {{cash: {cash}}}\n")])
    assert len(entries(folder)) == 2


def test_the_tile_library_is_kept_as_json(folder):
    data = cache.file_data(loader.LIBRARY_FILE, lambda path: {"tiles": {"7": {"color": "yellow"}}})
    assert data == {"tiles": {"7": {"color": "yellow"}}}
    assert cache.file_data(loader.LIBRARY_FILE, lambda path: pytest.fail("read again")) == data
