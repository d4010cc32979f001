"""Which title a saved game was played with, and whether a replay uses the same one.

A game saved by this framework records, in ``settings.played_title``, the title's
``name``, its ``version`` (``title.version``, ``null`` when the title gives none) and its ``fingerprint``
(:attr:`~framework.title.model.Title.fingerprint`: the title's files, variants and
house rules). 18xx.games ignores settings it does not know, so such a file still loads
there. :func:`title_warning` compares the record with the title a replay is about to
use; real 18xx.games files have no record, and then there is nothing to say.

>>> title_warning({"settings": {}}, None) is None
True
"""

from __future__ import annotations

from typing import Any

from framework.title.fingerprint import short
from framework.title.model import Title
from framework.title.paths import shown

SETTING = "played_title"
"""The key of the record in a game file's ``settings``."""


def played_title(title: Title) -> dict[str, str | None] | None:
    """The record of ``title`` a saved game carries (``None`` for a title not loaded
    from a folder, which has no fingerprint)."""
    if title.fingerprint is None:
        return None
    return {"name": title.title.name, "version": title.title.version, "fingerprint": title.fingerprint}


def recorded_title(data: dict[str, Any]) -> Any:
    """The record in a game file's JSON data, as written (``None`` when there is none)."""
    settings = data.get("settings")
    return settings.get(SETTING) if isinstance(settings, dict) else None


def title_warning(data: dict[str, Any], title: Title | None) -> str | None:
    """A warning when the game file's data records a title other than ``title`` (a
    different fingerprint), or records it in a shape this framework does not write;
    ``None`` when they agree or the file records nothing."""
    record = recorded_title(data)
    if record is None or title is None:
        return None
    if (
        not isinstance(record, dict)
        or not all(isinstance(record.get(k), str) for k in ("name", "fingerprint"))
        or not isinstance(record.get("version"), str | None)
    ):
        return (
            f"settings.{SETTING} is not a name, version and fingerprint, so which title this game "
            "was played with cannot be checked"
        )
    if record["fingerprint"] == title.fingerprint:
        return None
    where = f" from {shown(title.folder)}" if title.folder is not None else ""
    now = short(title.fingerprint) if title.fingerprint else "none"
    return (
        f"this game was played with {_named(record['name'], record.get('version'))} "
        f"(fingerprint {short(record['fingerprint'])}), but the replay uses "
        f"{_named(title.title.name, title.title.version)}{where} (fingerprint {now}): its files, "
        "variants or house rules differ, so the replay may diverge; give the title it was "
        "played with as --title FOLDER"
    )


def _named(name: str, version: str | None) -> str:
    return f"{name} version {version}" if version else name
