"""A title's fingerprint: one hash of everything a game's title was built from.

The loader hands :func:`fingerprint` the parts of a loaded title, in a stable order:
the files of the title folder it read (``title.yaml``, its includes and ``hooks.py``
when there is one), sorted by their path inside the folder; the overlay files of the
variants applied, in order; the variant ids; the house-rule overlays, in order. Each
part is a kind, a name and bytes, so the same title copied to another folder has the
same fingerprint, and changing a byte, a variant or a house rule changes it.

>>> a = fingerprint([("file", "title.yaml", b"title: {name: X}")])
>>> a.startswith("sha256:"), len(a)
(True, 71)
>>> a == fingerprint([("file", "title.yaml", b"title: {name: Y}")])
False
>>> short(a) == a[7:19]
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

PREFIX = "sha256:"


def fingerprint(parts: Iterable[tuple[str, str, bytes]]) -> str:
    """``sha256:`` and the hex digest over ``(kind, name, data)`` parts, each framed by its
    lengths so that no two different lists of parts hash alike."""
    digest = hashlib.sha256()
    for kind, name, data in parts:
        head = f"{kind}\0{name}\0{len(data)}\0".encode()
        digest.update(len(head).to_bytes(4, "big") + head + data)
    return PREFIX + digest.hexdigest()


def short(value: str) -> str:
    """A fingerprint as messages show it: its first twelve hex digits."""
    return value.removeprefix(PREFIX)[:12]
