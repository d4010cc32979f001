"""Loading a title folder: its YAML files, overlays, validation and checks.

A title is a folder whose ``title.yaml`` holds some sections and may list
other files of the folder under ``include``; together the files give every
section of :class:`~framework.title.model.Title`, each section in exactly one
file. Overlays (variants and house rules) are then applied in order, the
result is validated by the pydantic models, and the semantic checks of
:mod:`framework.title.checks` relate the sections to each other.

Every problem found on the way is reported with its ``file:line:col``; as many
as can be found are reported together in one :class:`ProblemsError`.

For example ``load_title("titles/18SJ").bank.cash`` is 10000, and
``load_title("titles/18SJ", variants=["oscarian_era"], rules=["house.yaml"])``
applies a variant and then a house-rule overlay.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from pydantic import ValidationError

from framework.base import yamlsource
from framework.base.problems import Mark, Problem, ProblemsError
from framework.base.yamlsource import DataPath, Located
from framework.title import cache as title_cache
from framework.title.checks import check_title
from framework.title.extension import LayerData, part_problem
from framework.title.files import display_path, file_in_folder
from framework.title.fingerprint import fingerprint
from framework.title.hooks import hook_files, hooks_module
from framework.title.library import LIBRARY_FILE, uses_library
from framework.title.messages import problems_from_validation
from framework.title.model import SECTIONS, Title
from framework.title.overlay import OverlayMeta, apply_overlay, blame

ENTRY_FILE = "title.yaml"


class RulesText(NamedTuple):
    """An overlay given as text rather than a file (house rules carried in a game file);
    ``name`` is the file name its problems are reported against."""

    name: str
    text: str


def title_folder(path: Path | str) -> Path:
    """The title folder for a folder path or the path of its ``title.yaml``."""
    path = Path(path)
    return path.parent if path.is_file() else path


def read_tree(path: Path | str, files: list[Path] | None = None) -> Located:
    """Read a title folder's files into one tree of sections with their marks; the files
    read are added to ``files`` when it is given."""
    folder = title_folder(path)
    entry = folder / ENTRY_FILE
    if not entry.is_file():
        where = display_path(folder)
        why = f"no {ENTRY_FILE} in this title folder"
        if folder.exists() and not folder.is_dir():  # a pipe, a device
            why = f"not a folder, so not a title (a title is a folder holding {ENTRY_FILE})"
        raise ProblemsError([Problem(why, Mark(where, 1, 1))], stage="syntax")
    root = _read_mapping(entry)
    if files is not None:
        files.append(entry)
    problems: list[Problem] = []
    includes = root.data.pop("include", [])
    include_mark = root.values.get(("include",))
    root.forget(("include",))
    tree = Located({}, {(): Mark(display_path(entry), 1, 1)})
    owner: dict[str, Mark | None] = {}
    _add_sections(tree, root, owner, problems)
    if not isinstance(includes, list):
        problems.append(Problem("'include' lists file names", include_mark))
        includes = []
    for index, name in enumerate(includes):
        mark = root.values.get(("include", index), include_mark)
        file = _inside(folder, name, mark, problems)
        if file is None:
            continue
        try:
            part = _read_mapping(file)
        except ProblemsError as exc:
            problems.extend(exc.problems)
            continue
        if files is not None:
            files.append(file)
        if "include" in part.data:
            problems.append(Problem(f"'include' belongs in {ENTRY_FILE} only", part.keys[("include",)]))
            part.data.pop("include")
        _add_sections(tree, part, owner, problems)
    if problems:
        raise ProblemsError(problems, stage="syntax")
    return tree


def _read_mapping(file: Path | RulesText) -> Located:
    if isinstance(file, RulesText):
        doc = yamlsource.loads(file.text, file.name)
    else:
        doc = yamlsource.load(file, display_path(file))
    if doc.data is None:
        doc.data = {}
    if not isinstance(doc.data, dict):
        raise ProblemsError(
            [Problem("expected a mapping of sections at the top of the file", doc.values.get(()))],
            stage="syntax",
        )
    return doc


def _inside(folder: Path, name: Any, mark: Mark | None, problems: list[Problem]) -> Path | None:
    """The file ``name`` names inside ``folder``, or ``None`` after recording why not."""
    try:
        return file_in_folder(folder, name)
    except ValueError as exc:
        problems.append(Problem(str(exc), mark))
        return None


def _add_sections(
    tree: Located, part: Located, owner: dict[str, Mark | None], problems: list[Problem]
) -> None:
    for section, value in part.data.items():
        mark = part.keys.get((section,))
        if section in owner:
            first = owner[section]
            problems.append(Problem(f"section {section!r} is already given in {first}", mark))
            continue
        owner[section] = mark
        tree.data[section] = value
        moved = Located(None)
        moved.values = {p: m for p, m in part.values.items() if p[:1] == (section,)}
        moved.keys = {p: m for p, m in part.keys.items() if p[:1] == (section,)}
        tree.graft((), moved)


def read_overlay(path: Path | str | RulesText) -> tuple[OverlayMeta | None, Located]:
    """Read an overlay file: an optional ``overlay`` header and sections to merge."""
    doc = _read_mapping(path if isinstance(path, RulesText) else Path(path))
    header = doc.data.pop("overlay", None)
    meta = None
    if header is not None:
        try:
            meta = OverlayMeta.model_validate(header)
        except ValidationError as exc:
            doc.data["overlay"] = header
            raise ProblemsError(
                problems_from_validation(exc, doc, OverlayMeta.model_json_schema(), prefix=("overlay",)),
                stage="schema",
            ) from None
    doc.forget(("overlay",))
    return meta, doc


def load_title(
    path: Path | str,
    rules: Sequence[Path | str | RulesText] = (),
    variants: Iterable[str] = (),
    *,
    check: bool = True,
) -> Title:
    """Load, validate and check a title, applying variant overlays by id and then
    the overlay files in ``rules``, in order. Raises :class:`ProblemsError`.

    A title loaded before, from files that have not changed, comes from the title cache
    (:mod:`framework.title.cache`) unless it is switched off."""
    folder = title_folder(path)
    variants = list(variants)
    house_rules = [r if isinstance(r, RulesText) else Path(r) for r in rules]
    if not title_cache.enabled():
        return _load(folder, house_rules, variants, check)[0]
    key = _request_key(folder, house_rules, variants, check)
    entry = title_cache.recall(key, folder)
    title = _from_entry(entry, folder) if entry is not None else None
    if entry is None or title is None:
        title, entry = _load(folder, house_rules, variants, check)
        if entry is None:
            return title
        title_cache.keep(key, entry)
    elif entry.title is None:
        entry.title = title
        title_cache.remember(key, entry)
    names = [r.name if isinstance(r, RulesText) else display_path(r) for r in house_rules]
    return title_cache.as_loaded(title, folder, entry, names)


def _load(
    folder: Path, house_rules: list[Path | RulesText], variants: list[str], check: bool
) -> tuple[Title, title_cache.Entry | None]:
    """Load a title from its files; returns it with what the cache keeps of it (``None``
    when a file it read can no longer be read)."""
    files: list[Path] = []
    tree = read_tree(folder, files)
    variant_files = _variant_overlays(tree, folder, variants)
    overlays = [*variant_files, *house_rules]
    problems: list[Problem] = []
    for overlay in overlays:
        try:
            _meta, patch = read_overlay(overlay)
        except ProblemsError as exc:
            problems.extend(exc.problems)
            continue
        problems.extend(apply_overlay(tree, patch))
    if problems:
        raise ProblemsError(problems, stage="syntax")
    data = title_cache.plain(tree.data)  # as the cache keeps it, before validation
    title = validate_tree(tree)
    validate_layer(title, tree, folder)
    names = [o.name if isinstance(o, RulesText) else display_path(o) for o in overlays]
    if check:
        found = check_title(title, folder)
        if found:
            before = _found_without_overlays(folder) if overlays else None
            raise ProblemsError(blame(found, tree, before, set(names)))
    title._folder = folder
    title._overlays = names
    library = uses_library(tree.data.get("tiles"))
    parts = _fingerprint_parts(folder, files, variant_files, variants, house_rules, library)
    title._fingerprint = fingerprint(parts)
    read = [*files, *variant_files, *_all_variant_files(title, folder)]
    read += [r for r in house_rules if isinstance(r, Path)] + ([LIBRARY_FILE] if library else [])
    return title, title_cache.entry_of(title, folder, read, variant_files, data)


def _request_key(folder: Path, house_rules: list[Path | RulesText], variants: list[str], check: bool) -> str:
    """The title cache's key of a request to load a title (its files are the entry's sources)."""
    parts = [str(folder.resolve()), str(LIBRARY_FILE), f"check={check}", str(len(variants)), *variants]
    for rule in house_rules:
        if isinstance(rule, RulesText):
            parts += ["text", rule.name, rule.text]
        else:
            parts += ["file", str(rule.resolve())]
    return title_cache.request_key(parts)


def _all_variant_files(title: Title, folder: Path) -> list[Path]:
    """The overlay files of all the title's variants there are (the checks look for them)."""
    found = []
    for variant in title.variants.values():
        try:
            found.append(file_in_folder(folder, variant.overlay))
        except ValueError:
            continue
    return found


def _from_entry(entry: title_cache.Entry, folder: Path) -> Title | None:
    """The title a cache entry holds (validated from its data when it comes from disk), or
    ``None`` when that fails: the title is then loaded from its files, for their marks."""
    if entry.title is not None:
        return entry.title
    tree = Located(entry.tree)
    try:
        title = validate_tree(tree)
        validate_layer(title, tree, folder)
    except ProblemsError:
        return None
    return title


def _fingerprint_parts(
    folder: Path,
    files: list[Path],
    variant_files: list[Path],
    variants: list[str],
    house_rules: list[Path | RulesText],
    library: bool = False,
) -> Iterator[tuple[str, str, bytes]]:
    """What a title's fingerprint covers, in a stable order: the title's files by their
    path in the folder (its hooks too, when it has them), the standard tile library
    when the title uses it (``library``), the variants' overlay files and ids in the
    order applied, then the house rules in order."""
    base = folder.resolve()
    own = {_relative(f, base): f for f in [*files, *hook_files(folder)]}
    for name in sorted(own):
        yield ("file", name, own[name].read_bytes())
    if library:
        yield ("library", "tiles.yaml", LIBRARY_FILE.read_bytes())
    for variant, file in zip(variants, variant_files, strict=True):
        yield ("variant", variant, file.read_bytes())
    for rule in house_rules:
        if isinstance(rule, RulesText):
            yield ("rules", rule.name, rule.text.encode("utf-8"))
        else:
            yield ("rules", rule.name, rule.read_bytes())


def _relative(file: Path, base: Path) -> str:
    """``file``'s path inside the title folder ``base``, in ``/`` form."""
    resolved = file.resolve()
    return resolved.relative_to(base).as_posix() if resolved.is_relative_to(base) else resolved.name


def _found_without_overlays(folder: Path) -> set[tuple[DataPath, str]]:
    """``(path, message)`` of the title's own problems, before any overlay: those an
    overlay did not cause (none when the title alone does not load)."""
    try:
        tree = read_tree(folder)
        title = validate_tree(tree)
        validate_layer(title, tree, folder)
        return {(where, message) for where, message, _ in check_title(title, folder)}
    except ProblemsError:
        return set()


def _variant_overlays(tree: Located, folder: Path, ids: Iterable[str]) -> list[Path]:
    chosen = list(ids)
    if not chosen:
        return []
    known = tree.data.get("variants") or {}
    problems, files = [], []
    for variant in chosen:
        entry = known.get(variant) if isinstance(known, dict) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("overlay"), str):
            names = ", ".join(known) if isinstance(known, dict) and known else "none"
            problems.append(Problem(f"unknown variant {variant!r}; this title has: {names}"))
            continue
        file = _inside(folder, entry["overlay"], tree.value_mark(("variants", variant, "overlay")), problems)
        if file:
            files.append(file)
    if problems:
        raise ProblemsError(problems, stage="syntax")
    return files


def validate_tree(tree: Located) -> Title:
    """Validate a merged tree with the pydantic models."""
    try:
        return Title.model_validate(tree.data)
    except ValidationError as exc:
        raise ProblemsError(problems_from_validation(exc, tree, title_schema()), stage="schema") from None


def validate_layer(title: Title, tree: Located, folder: Path) -> None:
    """Import the parts of the title's own layer (``hooks.layer``), check each against
    its base (by qualified name: the title layer imports none of the layers above it),
    and validate the ``layer`` section with the data part's model, in place: afterwards
    ``title.layer`` is that model's instance and ``title.layer_part(part)`` each part.
    A part the hooks lack, or of the wrong base, is reported at its entry."""
    parts = title.hooks.layer
    if parts is None:
        if title.layer is not None:
            problem = "a layer section needs the layer that reads it (hooks: {layer: {data: ...}})"
            raise ProblemsError([Problem(problem, tree.key_mark(("layer",)))], stage="schema")
        return
    title._folder = folder
    module = hooks_module(folder)
    found: dict[str, type] = {}
    problems = []
    for part, name in parts.named():
        at = tree.value_mark(("hooks", "layer", part))
        cls = getattr(module, name, None)
        wrong = "is not a class of the title's hooks" if cls is None else part_problem(part, cls)
        if wrong is not None:
            problems.append(Problem(f"hooks.layer.{part} {name!r} {wrong}", at))
        else:  # part_problem found it a class of the part's base
            found[part] = cast(type, cls)
    if problems:
        raise ProblemsError(problems, stage="schema")
    title._layer_parts = found
    data = cast("type[LayerData] | None", found.get("data"))  # a LayerData subclass, as checked
    model = data.model if data is not None else None
    if model is None:
        if title.layer is not None:
            problem = "a layer section needs a data part with a model to read it (hooks.layer.data)"
            raise ProblemsError([Problem(problem, tree.key_mark(("layer",)))], stage="schema")
        return
    try:
        validated = model.model_validate(title.layer or {})
    except ValidationError as exc:
        schema = model.model_json_schema()
        raise ProblemsError(
            problems_from_validation(exc, tree, schema, prefix=("layer",)), stage="schema"
        ) from None
    object.__setattr__(title, "layer", validated)  # the section, as its data part's model reads it


@cache
def title_schema() -> dict[str, Any]:
    """The JSON schema of a whole title (used to suggest key names)."""
    return Title.model_json_schema()


__all__ = ["ENTRY_FILE", "SECTIONS", "display_path", "load_title", "read_overlay", "read_tree"]
