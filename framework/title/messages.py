"""Turning pydantic's validation errors into ``file:line:col`` problems with
plain-English messages.

Pydantic reports an error at a *location*: the keys and indices leading to the
value, interleaved with union branch names. :func:`problems_from_validation`
follows the location through the loaded data to find the value (or, for a
missing key, the mapping that lacks it), looks up its source mark, and
rewrites the message in the vocabulary of the title format.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from framework.base.problems import Mark, Problem
from framework.base.yamlsource import DataPath, Located, has_child
from framework.title.base import PATTERNS

_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "nothing (null)",
}

_TAGS = {"int", "float", "str", "bool", "list", "dict", "none"}
"""Union branch tags pydantic puts in error locations that look like field names."""


def data_path(loc: tuple[str | int, ...], data: Any, key_error: bool = False) -> DataPath:
    """The part of a pydantic error location that exists in ``data``. Union
    branch names and other tags are dropped; for a ``key_error`` (a missing or
    unknown key) the key itself ends the path."""
    path: list[str | int] = []
    node = data
    for i, part in enumerate(loc):
        if has_child(node, part):
            node = node[part]
            path.append(part)
        elif key_error and isinstance(node, dict) and i == len(loc) - 1:
            path.append(part)
            break
    return tuple(path)


def describe(value: Any, mapping: str = "a mapping") -> str:
    """A short description of an input value for messages (a dict is ``mapping``: a
    JSON body says "a JSON object").

    >>> describe([1]), describe({}, "a JSON object"), describe("x" * 50)
    ('a list', 'a JSON object', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    """
    if isinstance(value, dict):
        return mapping
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def problems_from_validation(
    error: ValidationError,
    source: Located,
    schema: dict[str, Any] | None = None,
    prefix: DataPath = (),
) -> list[Problem]:
    """Problems for every error in ``error``, which validated ``source.get(prefix)``."""
    data = source.get(prefix)
    grouped: dict[DataPath, list[ErrorDetails]] = defaultdict(list)
    for item in error.errors(include_url=False):
        key_error = item["type"] in ("missing", "extra_forbidden")
        grouped[prefix + data_path(item["loc"], data, key_error)].append(item)
    new = _new_entries(grouped, source)
    problems = []
    for path, items in grouped.items():
        if path[:-1] in new and all(item["type"] == "missing" for item in items):
            entry = path[:-1]
            if new[entry]:  # the first of the entry's missing keys: one problem for them all
                problems.append(Problem(_new_entry(entry, new[entry], source), source.key_mark(entry)))
                new[entry] = []
            continue
        for message, kind in _messages(path, items, source, schema, len(prefix)):
            problems.append(_blamed(message, _mark_for(source, path, kind), path, kind, source))
    return problems


def _new_entries(grouped: dict[DataPath, list[ErrorDetails]], source: Located) -> dict[DataPath, list[str]]:
    """Entries an overlay adds beside the title's own (a corporation, a train, a phase…)
    that lack required keys, with the keys they lack: most likely a mistyped name of one
    of the title's entries."""
    out: dict[DataPath, list[str]] = {}
    for path, items in grouped.items():
        entry = path[:-1]
        if len(entry) < 2 or entry not in source.changed or not isinstance(source.get(entry), dict):
            continue
        if not _own_keys(entry, source):
            continue
        for item in items:
            if item["type"] == "missing":
                out.setdefault(entry, []).append(str(path[-1]))
    return out


def _own_keys(entry: DataPath, source: Located) -> list[str]:
    """The keys beside ``entry`` that the title itself gives (not an overlay)."""
    siblings = source.get(entry[:-1])
    if not isinstance(siblings, dict):
        return []
    return [str(k) for k in siblings if (*entry[:-1], k) not in source.changed]


def _new_entry(entry: DataPath, missing: list[str], source: Located) -> str:
    """``corporation 'SVV' is not one of the title's (did you mean 'SWB'?); a new
    corporation needs 'color' and 'name'``."""
    noun, key = _singular(str(entry[-2])), str(entry[-1])
    known = _own_keys(entry, source)
    close = _closest(key, known)
    if close:
        hint = f"did you mean {_either(close)}?"
    elif len(known) <= 12:
        hint = f"the title has {', '.join(known)}"
    else:
        hint = f"the title has {len(known)}"
    needs = sorted(missing)
    fields = ", ".join(map(repr, needs[:-1])) + f" and {needs[-1]!r}" if len(needs) > 1 else repr(needs[0])
    return f"{noun} {key!r} is not one of the title's ({hint}); a new {noun} needs {fields}"


def _closest(key: str, known: list[str]) -> list[str]:
    """The names in ``known`` most like ``key`` (ties in the title's order, at most four):
    the most letters in common (difflib's ratio), then the most in the same places; none
    when too little is in common."""

    def score(name: str) -> tuple[float, int]:
        ratio = difflib.SequenceMatcher(None, key, name).ratio()
        return (round(ratio, 6), sum(a == b for a, b in zip(key, name, strict=False)))

    scored = [(score(name), name) for name in known]
    best = max((s for s, _ in scored), default=(0.0, 0))
    if best[0] < 0.3:
        return []
    return [name for s, name in scored if s == best][:4]


def _either(names: list[str]) -> str:
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


def _singular(section: str) -> str:
    """``corporations`` -> ``corporation``, ``companies`` -> ``company``, ``hexes`` -> ``hex``."""
    for plural, one in (("ies", "y"), ("xes", "x"), ("s", "")):
        if section.endswith(plural):
            return section[: -len(plural)] + one
    return section


def _blamed(message: str, mark: Mark | None, path: DataPath, kind: str, source: Located) -> Problem:
    """A problem of a whole mapping the title writes (``give exactly one of …``) that an
    overlay's change inside it caused is reported at that change, the title's place in
    the message (as :func:`framework.title.overlay.blame` does for the checks)."""
    if kind != "value" or not isinstance(source.get(path), dict):
        return Problem(message, mark)
    if any(path[:n] in source.changed for n in range(len(path) + 1)):
        return Problem(message, mark)  # the overlay wrote the mapping: the mark is already its own
    n = len(path)
    changes = [*source.changed.items(), *source.removed.items()]
    inside = [m for p, m in changes if len(p) > n and p[:n] == path]
    if not inside:
        return Problem(message, mark)
    return Problem(f"{message} (at {mark}, after this overlay's change)", inside[0])


def _mark_for(source: Located, path: DataPath, kind: str) -> Mark | None:
    """Where to point: at the value, at its key, or (``parent``) at the key of the
    mapping a missing key belongs in."""
    if kind == "removed":
        return source.removed[path]
    if kind == "parent":
        parent = path[:-1]
        return source.key_mark(parent) if parent in source.keys else source.value_mark(path)
    if kind == "key":
        return source.key_mark(path)
    return source.value_mark(path)


def _messages(
    path: DataPath,
    items: list[ErrorDetails],
    source: Located,
    schema: dict[str, Any] | None,
    depth: int = 0,
) -> list[tuple[str, str]]:
    expected = [_EXPECTED[i["type"]] for i in items if i["type"] in _EXPECTED]
    literals = [i for i in items if i["type"] in ("literal_error", "enum")]
    if len(items) > 1 and len(expected) + len(literals) == len(items):
        choices = " or ".join(dict.fromkeys(expected + [i["ctx"]["expected"] for i in literals]))
        return [(f"expected {choices}, got {describe(items[0]['input'])}", "value")]
    out = []
    for item in items:
        message, kind = _message(path, item, source, schema, depth)
        if "[key]" in item["loc"] and kind == "value":
            kind = "key"  # the mapping key itself is wrong, not its value
        out.append((message, kind))
    return out


def _field_name(loc: tuple[str | int, ...]) -> str:
    """The name of the field an error is about, skipping pydantic's branch tags."""
    for part in reversed(loc):
        if isinstance(part, str) and part.isidentifier() and part not in _TAGS:
            return part
    return "value"


def _choices(value: Any, options: list[str]) -> str:
    """A suggestion for a misspelt choice, or the list of choices."""
    close = difflib.get_close_matches(str(value), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    return f"expected one of: {', '.join(options)}"


def _message(
    path: DataPath,
    item: ErrorDetails,
    source: Located,
    schema: dict[str, Any] | None,
    depth: int = 0,
) -> tuple[str, str]:
    kind, ctx, value = item["type"], item.get("ctx", {}), item.get("input")
    field = path[-1] if path else ""
    if kind == "missing":
        if path in source.removed:
            what = "every title needs this section" if len(path) == 1 else "it is required"
            return (f"cannot remove {'.'.join(map(str, path))!r}: {what}", "removed")
        noun = "section" if len(path) == 1 else "key"
        return (f"missing required {noun} {field!r}", "parent")
    if kind == "extra_forbidden":
        return (_unknown_key(path, schema, depth), "key")
    if kind in _EXPECTED:
        return (f"expected {_EXPECTED[kind]}, got {describe(value)}", "value")
    if kind in ("literal_error", "enum"):
        options = re.findall(r"'([^']*)'", ctx["expected"])
        name = _field_name(item["loc"])
        return (f"unknown {name} {describe(value)}; {_choices(value, options)}", "value")
    if kind == "union_tag_invalid":
        tags = re.findall(r"'([^']*)'", ctx["expected_tags"])
        name = ctx["discriminator"].strip("'")
        return (f"unknown {name} {ctx['tag']!r}; {_choices(ctx['tag'], tags)}", "value")
    if kind == "union_tag_not_found":
        return (f"missing required key {ctx['discriminator'].strip(chr(39))!r}", "value")
    bounds = {
        "greater_than": "more than {gt}",
        "greater_than_equal": "at least {ge}",
        "less_than": "less than {lt}",
        "less_than_equal": "at most {le}",
    }
    if kind in bounds:
        return (f"must be {bounds[kind].format(**ctx)}, got {describe(value)}", "value")
    if kind == "too_short":
        entries = "entry" if ctx["min_length"] == 1 else "entries"
        return (f"needs at least {ctx['min_length']} {entries}", "value")
    if kind == "too_long":
        return (f"allows at most {ctx['max_length']} entries, got {ctx['actual_length']}", "value")
    if kind == "string_too_short":
        return ("must not be empty", "value")
    if kind == "string_pattern_mismatch":
        meaning = PATTERNS.get(ctx["pattern"])
        if meaning:
            return (f"{describe(value)} is not {meaning}", "value")
        return (f"{describe(value)} does not have the expected form ({ctx['pattern']})", "value")
    message = item["msg"]
    for lead in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(lead)
    return (message, "value")


def _unknown_key(path: DataPath, schema: dict[str, Any] | None, depth: int = 0) -> str:
    """``depth``: how many leading parts of ``path`` lie above the schema's root."""
    key = str(path[-1]) if path else ""
    where = "section" if len(path) == 1 else "key"
    known = sorted(_properties_at(schema, path[depth:-1])) if schema else []
    text = f"unknown {where} {key!r}"
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        return f"{text}; did you mean {close[0]!r}?"
    if known and len(known) <= 12:
        return f"{text}; expected one of: {', '.join(known)}"
    return text


def _properties_at(schema: dict[str, Any], path: DataPath) -> set[str]:
    """The property names the JSON schema allows for the mapping at ``path``."""
    defs = schema.get("$defs", schema.get("definitions", {}))

    def resolve(node: dict[str, Any]) -> list[dict[str, Any]]:
        if "$ref" in node:
            return resolve(defs[node["$ref"].rsplit("/", 1)[-1]])
        out = [node]
        for key in ("anyOf", "oneOf", "allOf"):
            for sub in node.get(key, []):
                out.extend(resolve(sub))
        return out

    nodes = resolve(schema)
    for part in path:
        following: list[dict[str, Any]] = []
        for node in nodes:
            if isinstance(part, int) and isinstance(node.get("items"), dict):
                following.extend(resolve(node["items"]))
            elif isinstance(part, str):
                if part in node.get("properties", {}):
                    following.extend(resolve(node["properties"][part]))
                for sub in node.get("patternProperties", {}).values():
                    following.extend(resolve(sub))
                if isinstance(node.get("additionalProperties"), dict):
                    following.extend(resolve(node["additionalProperties"]))
        nodes = following
    names: set[str] = set()
    for node in nodes:
        names.update(node.get("properties", {}))
    return names
