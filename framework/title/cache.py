"""The title cache: a loaded title kept, in memory and on disk, under what it was read from.

Loading a title parses its YAML (most of the time a load takes), validates it and checks
its sections against each other. :func:`framework.title.loader.load_title` keeps what it
loaded here, so that loading the same title again — in the same process or in the next
command — costs a check that nothing changed and a validation:

* **in memory**, the validated :class:`~framework.title.model.Title` itself (the loader
  hands out a shallow copy of it, with the folder and overlay names of each call);
* **on disk**, in the user's cache folder (:func:`cache_folder`), the merged title data
  as plain JSON, which the loader validates with the same models as the YAML.

An entry is found by a **request key** (:func:`request_key`): the framework's own source
(:func:`framework_digest`), the title's folder, the variants, the house rules and whether
it is checked. It holds the **sources** the load read — every file, as its content hash:
the title's YAML files, the overlay files of its variants, the house-rule files, the
standard tile library when the title uses it and its hooks' Python files — and an entry
is used only while every source is still the same file with the same bytes
(:func:`unchanged`): a changed, added or removed file is a miss, and the title is loaded
afresh and kept again. A title with problems is never kept, so its problems are reported
exactly as without the cache.

Nothing in an entry can choose which code runs: it is JSON, read with :func:`json.loads`,
and it holds data that the title's models validate like its YAML; a title's hooks are
still imported from its own folder only. An entry says which of the title's own hooks
the title names, though, so the cache folder must be the user's own — created ``0700``,
owned by the user and writable by nobody else — and so must every entry, or the cache
is not used. A corrupt, stale or foreign entry is ignored (and rewritten), never an error.

``RAILS18XX_NO_CACHE=1`` (or ``18xx --no-cache``, :func:`switch_off`) turns the cache
off; ``RAILS18XX_CACHE_DIR`` chooses its folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pydantic
import ruamel.yaml

from framework.base.atomic import WriteError, write_atomic
from framework.title.files import display_path
from framework.title.hooks import hook_files, hooks_file_problem

if TYPE_CHECKING:
    from framework.title.model import Title

NO_CACHE_VAR = "RAILS18XX_NO_CACHE"
"""The environment variable that turns the cache off (``1``; empty or ``0`` leaves it on)."""
CACHE_DIR_VAR = "RAILS18XX_CACHE_DIR"
"""The environment variable naming the cache folder."""
FORMAT = 1
"""The version of the entries' format: an entry of another is a miss."""
IN_MEMORY = 32
"""How many titles a process keeps in memory (the least recently used goes first)."""
ON_DISK = 256
"""How many entries the cache folder keeps (the least recently used go first)."""
MOST_BYTES = 16 * 1024 * 1024
"""An entry file larger than this is not read."""

FRAMEWORK = Path(__file__).resolve().parents[1]

_switched_off = False
_memory: OrderedDict[str, Entry] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Source:
    """A file a loaded title was read from: its resolved path and its content's hash."""

    path: str
    digest: str


@dataclass
class Entry:
    """What the cache keeps of one loaded title."""

    sources: tuple[Source, ...]
    """Every file the load read."""
    hooks: tuple[str, ...]
    """The title's hooks files, by path inside its folder (added or removed ones are a change)."""
    hooks_refused: bool
    """Whether the folder's hooks were refused (a symlink, a fifo, both kinds of hooks)."""
    fingerprint: str
    """The title's fingerprint (:mod:`framework.title.fingerprint`)."""
    variant_files: tuple[str, ...]
    """The overlay files of the variants applied, in order."""
    tree: Any
    """The title's data, merged with its overlays, before validation (plain JSON data)."""
    title: Title | None = field(default=None, compare=False)
    """The validated title (kept in memory only)."""


# -- on or off, and where --------------------------------------------------------------


def switch_off(off: bool = True) -> None:
    """Turn the cache off (or on again) for this process, whatever the environment says."""
    global _switched_off
    _switched_off = off


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether titles are cached: not switched off, and ``RAILS18XX_NO_CACHE`` unset (or ``0``)."""
    environ = os.environ if environ is None else environ
    return not _switched_off and environ.get(NO_CACHE_VAR, "").strip() in ("", "0")


def cache_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The cache folder: ``RAILS18XX_CACHE_DIR``, else ``rails18xx`` in ``XDG_CACHE_HOME``,
    else ``~/.cache/rails18xx``. Never inside a title's folder."""
    environ = os.environ if environ is None else environ
    if environ.get(CACHE_DIR_VAR):
        return Path(environ[CACHE_DIR_VAR]).expanduser()
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "rails18xx"


def own(info: os.stat_result) -> bool:
    """Whether a cache folder or entry with this status is the user's alone: owned by
    the user (where the system has owners) and writable by neither group nor others."""
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def usable_folder(create: bool = False) -> Path | None:
    """The cache folder when it may be used (a folder of the user's own, see :func:`own`),
    created ``0700`` when ``create``; ``None`` when it may not (or cannot) be."""
    folder = cache_folder()
    try:
        if create:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return None
    return folder if stat.S_ISDIR(info.st_mode) and own(info) else None


# -- keys and sources --------------------------------------------------------------------


@cache
def framework_digest() -> str:
    """A hash of the framework's own source (its Python and YAML files) and of the Python,
    pydantic and ruamel.yaml it runs on: a new framework never reads an old entry."""
    digest = hashlib.sha256(f"{sys.version}|{pydantic.VERSION}|{ruamel.yaml.__version__}".encode())
    files = sorted(p for p in FRAMEWORK.rglob("*") if p.suffix in (".py", ".yaml") and p.is_file())
    for file in files:
        name = file.relative_to(FRAMEWORK).as_posix().encode()
        data = file.read_bytes()
        digest.update(len(name).to_bytes(4, "big") + name + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def request_key(parts: Iterable[str]) -> str:
    """The key of a request to load a title: a hash of the framework's digest and the
    request's ``parts`` (its folder, variants, house rules, …), each framed by its length."""
    digest = hashlib.sha256(framework_digest().encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def source(path: Path) -> Source:
    """The file at ``path`` as a source: resolved, with its content's hash."""
    resolved = path.resolve()
    return Source(str(resolved), _digest(resolved.read_bytes()))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def plain(data: Any) -> Any:
    """A copy of a title's merged data as the disk cache keeps it (JSON), or ``None`` when
    it cannot be kept so (the title is then kept in memory only)."""
    try:
        return json.loads(json.dumps(data, ensure_ascii=True))
    except (ValueError, TypeError, RecursionError):
        return None


def entry_of(
    title: Title, folder: Path, read: Iterable[Path], variant_files: Iterable[Path], tree: Any
) -> Entry | None:
    """What the cache keeps of a title just loaded from ``folder``: the files it ``read``
    (its hooks are added), the overlay files of its variants and its merged data; ``None``
    when one of the files can no longer be read."""
    try:
        sources = tuple(dict.fromkeys(source(f) for f in [*read, *hook_files(folder)]))
    except OSError:
        return None
    return Entry(
        sources=sources,
        hooks=hooks_listing(folder),
        hooks_refused=hooks_file_problem(folder) is not None,
        fingerprint=title.fingerprint or "",
        variant_files=tuple(str(f) for f in variant_files),
        tree=tree,
        title=title,
    )


def as_loaded(title: Title, folder: Path, entry: Entry, rule_names: Iterable[str]) -> Title:
    """A shallow copy of a cached title as one request loads it: the folder as it was given,
    the overlays' names as seen from here (``rule_names``: the house rules')."""
    copy = title.model_copy()
    copy._folder = folder
    copy._overlays = [*(display_path(Path(f)) for f in entry.variant_files), *rule_names]
    copy._fingerprint = entry.fingerprint
    return copy


def hooks_listing(folder: Path) -> tuple[str, ...]:
    """The title's hooks files, by path inside its folder."""
    return tuple(p.relative_to(folder).as_posix() for p in hook_files(folder))


def unchanged(entry: Entry, folder: Path) -> bool:
    """Whether every source of ``entry`` is still the same file with the same bytes (at
    the same place: no symlink moved it), and the title's hooks the same files."""
    if hooks_listing(folder) != entry.hooks:
        return False
    if (hooks_file_problem(folder) is not None) != entry.hooks_refused:
        return False
    for kept in entry.sources:
        path = Path(kept.path)
        try:
            if path.resolve() != path or not path.is_file() or _digest(path.read_bytes()) != kept.digest:
                return False
        except OSError:
            return False
    return True


# -- in memory -----------------------------------------------------------------------------


def recall(key: str, folder: Path) -> Entry | None:
    """The entry kept for ``key``, in memory or else on disk, when its sources are unchanged."""
    with _lock:
        entry = _memory.get(key)
        if entry is not None:
            _memory.move_to_end(key)
    if entry is not None and unchanged(entry, folder):
        return entry
    entry = read_entry(key)
    if entry is not None and unchanged(entry, folder):
        return entry
    return None


def remember(key: str, entry: Entry) -> None:
    """Keep ``entry`` (with its validated title) in memory."""
    with _lock:
        _memory[key] = entry
        _memory.move_to_end(key)
        while len(_memory) > IN_MEMORY:
            _memory.popitem(last=False)


def forget() -> None:
    """Drop every title kept in memory (the disk cache stays)."""
    with _lock:
        _memory.clear()


# -- on disk ---------------------------------------------------------------------------------


def entry_file(folder: Path, key: str) -> Path:
    """The file of the entry for ``key`` in the cache folder."""
    return folder / f"{key}.json"


def read_json(key: str) -> Any:
    """The decoded entry file for ``key``, or ``None`` when there is none, or it is corrupt,
    too large or not the user's own (none of these is an error)."""
    folder = usable_folder()
    if folder is None:
        return None
    file = entry_file(folder, key)
    try:
        with open(file, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode) or not own(info) or info.st_size > MOST_BYTES:
                return None
            data = json.loads(stream.read(MOST_BYTES + 1))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None
    with contextlib.suppress(OSError):
        os.utime(file)  # recently used: pruned last
    return data


def write_json(key: str, data: dict[str, Any]) -> None:
    """Write an entry for ``key`` (atomically), then prune the folder; a folder that may
    not be used or cannot be written is left alone, silently."""
    folder = usable_folder(create=True)
    if folder is None:
        return
    try:
        text = json.dumps({"format": FORMAT, "key": key, **data}, ensure_ascii=True, separators=(",", ":"))
        write_atomic(entry_file(folder, key), text.encode("ascii"))
    except (WriteError, ValueError, TypeError, RecursionError):
        return
    prune(folder)


def read_entry(key: str) -> Entry | None:
    """The title entry on disk for ``key``, or ``None`` (see :func:`read_json`)."""
    data = read_json(key)
    try:
        return _entry_from(data) if data is not None else None
    except (KeyError, TypeError, ValueError):
        return None


def _entry_from(data: dict[str, Any]) -> Entry | None:
    """The title entry a decoded entry file holds, or ``None`` when it is not one."""
    sources = data["sources"]
    texts = [data["hooks"], data["variant_files"]]
    if not isinstance(sources, list) or not all(_strings(s, 2) for s in sources):
        return None
    if not all(_strings(t, len(t) if isinstance(t, list) else -1) for t in texts):
        return None
    if not isinstance(data["fingerprint"], str) or not isinstance(data["hooks_refused"], bool):
        return None
    if not isinstance(data["tree"], dict):
        return None
    return Entry(
        sources=tuple(Source(path, digest) for path, digest in sources),
        hooks=tuple(data["hooks"]),
        hooks_refused=data["hooks_refused"],
        fingerprint=data["fingerprint"],
        variant_files=tuple(data["variant_files"]),
        tree=data["tree"],
    )


def _strings(value: Any, length: int) -> bool:
    return isinstance(value, list) and len(value) == length and all(isinstance(v, str) for v in value)


def write_entry(key: str, entry: Entry) -> None:
    """Write a title entry to the cache folder (see :func:`write_json`)."""
    if entry.tree is None:
        return
    data = {
        "fingerprint": entry.fingerprint,
        "sources": [[s.path, s.digest] for s in entry.sources],
        "hooks": list(entry.hooks),
        "hooks_refused": entry.hooks_refused,
        "variant_files": list(entry.variant_files),
        "tree": entry.tree,
    }
    write_json(key, data)


def file_data(path: Path, read: Callable[[Path], Any]) -> Any:
    """``read(path)``, the plain data of one of the framework's own files (the standard tile
    library), kept on disk under the file's content hash: the next process decodes JSON
    instead of parsing YAML."""
    if not enabled():
        return read(path)
    raw = path.read_bytes()
    key = request_key(["file", str(path.resolve()), _digest(raw)])
    kept = read_json(key)
    if kept is not None and "data" in kept:
        return kept["data"]
    data = read(path)
    if plain(data) == data:
        write_json(key, {"data": data})
    return data


def prune(folder: Path, keep: int | None = None) -> None:
    """Remove the least recently used entries beyond ``keep`` (:data:`ON_DISK`)."""
    keep = ON_DISK if keep is None else keep
    try:
        entries = [(p.stat().st_mtime, p) for p in folder.glob("*.json")]
    except OSError:
        return
    if len(entries) <= keep:
        return
    entries.sort()
    for _, path in entries[: len(entries) - keep]:
        with contextlib.suppress(OSError):
            path.unlink()


def keep(key: str, entry: Entry) -> None:
    """Keep a freshly loaded title: in memory and on disk."""
    remember(key, entry)
    write_entry(key, entry)
