"""Safe YAML loading that remembers where every value came from.

Title files are read with ruamel.yaml's *composer* only: the YAML text becomes
a node graph, and this module turns the nodes into plain JSON-like data
(``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``) itself.
No YAML tag can construct a Python object; a non-standard tag is an error.

Alongside the data, a :class:`Located` keeps a :class:`~framework.base.problems.Mark`
for every value and every mapping key, addressed by its *path*: the tuple of
keys and list indices that leads to it from the document root.

>>> doc = loads("hexes:\\n  A2: {color: red}\\n", "map.yaml")
>>> doc.data
{'hexes': {'A2': {'color': 'red'}}}
>>> str(doc.value_mark(("hexes", "A2", "color")))
'map.yaml:2:15'
>>> str(doc.key_mark(("hexes", "A2")))
'map.yaml:2:3'

Mapping keys are always strings (as in JSON); ``2: 800`` gives the key ``"2"``.
Duplicate keys, aliases to undefined anchors, several documents in one file and
syntax errors are reported as :class:`~framework.base.problems.ProblemsError`, and so is
a document over the size, value or nesting limits of :mod:`framework.base.yamllimits`
(pointing at where the limit was reached).
"""

from __future__ import annotations

import datetime
import warnings
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError, YAMLWarning
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from framework.base.problems import Mark, Problem, ProblemsError
from framework.base.regularfile import NotARegularFile, read_regular
from framework.base.yamllimits import LIMITS, LimitExceeded, Limits, composer_for, size_problem

DataPath = tuple[str | int, ...]
"""The keys and indices leading from a document root to a value."""

_STD = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null", "timestamp"}


@dataclass
class Located:
    """Plain data plus the source position of each value and key."""

    data: Any
    values: dict[DataPath, Mark] = field(default_factory=dict)
    keys: dict[DataPath, Mark] = field(default_factory=dict)
    removed: dict[DataPath, Mark | None] = field(default_factory=dict)
    """Paths an overlay removed, with the mark of the removing ``null``."""
    changed: dict[DataPath, Mark | None] = field(default_factory=dict)
    """Paths an overlay set (added or replaced), with the mark of the overlay's key."""

    def value_mark(self, path: DataPath) -> Mark | None:
        """Where the value at ``path`` is written, or where its nearest
        existing ancestor is (for a missing key, that is the enclosing mapping)."""
        for n in range(len(path), -1, -1):
            mark = self.values.get(path[:n])
            if mark is not None:
                return mark
        return None

    def key_mark(self, path: DataPath) -> Mark | None:
        """Where the key of the mapping entry at ``path`` is written."""
        return self.keys.get(path) or self.value_mark(path)

    def get(self, path: DataPath, default: Any = None) -> Any:
        """The value at ``path``, or ``default`` when the path does not exist."""
        node = self.data
        for part in path:
            if not has_child(node, part):
                return default
            node = node[part]
        return node

    def graft(self, prefix: DataPath, other: Located) -> None:
        """Copy the marks of ``other`` under ``prefix`` (its data is placed there by the caller)."""
        for path, mark in other.values.items():
            self.values[prefix + path] = mark
        for path, mark in other.keys.items():
            self.keys[prefix + path] = mark

    def forget(self, prefix: DataPath) -> None:
        """Drop the marks of the value at ``prefix`` and everything below it."""
        n = len(prefix)
        for table in (self.values, self.keys):
            for path in [p for p in table if p[:n] == prefix]:
                del table[path]


def has_child(node: Any, part: str | int) -> bool:
    """Whether ``node[part]`` exists in plain data (a mapping key or a list index)."""
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def load(path: Path | str, display: str | None = None, limits: Limits = LIMITS) -> Located:
    """Read a YAML file. ``display`` is the file name used in messages."""
    name = display if display is not None else str(path)
    return loads(read_text(path, name, limits), name, limits)


def read_text(path: Path | str, name: str, limits: Limits = LIMITS) -> str:
    """The UTF-8 text of a YAML file, ``name`` being its name in messages. No more than
    the size limit (and a byte) is read, however large the file; a pipe or a device is
    refused before anything is read."""
    try:
        raw = read_regular(path, limits.bytes + 1)
        too_big = size_problem(raw, limits)
        if too_big is not None:
            raise _limit_error(too_big, name)
        return raw.decode("utf-8")
    except FileNotFoundError:
        raise ProblemsError([Problem("file not found", Mark(name, 1, 1))], stage="syntax") from None
    except UnicodeDecodeError as exc:
        raise ProblemsError(
            [Problem(f"not UTF-8 text ({exc.reason})", Mark(name, 1, 1))], stage="syntax"
        ) from None
    except IsADirectoryError:
        raise ProblemsError([Problem("a folder, not a file", Mark(name, 1, 1))], stage="syntax") from None
    except NotARegularFile as exc:
        raise ProblemsError(
            [Problem(f"{exc.strerror}; a title or overlay is a YAML file", Mark(name, 1, 1))], stage="syntax"
        ) from None
    except OSError as exc:
        raise ProblemsError(
            [Problem(f"cannot read file: {exc.strerror}", Mark(name, 1, 1))], stage="syntax"
        ) from None


_PARSED: OrderedDict[tuple[str, str, Limits], Located] = OrderedDict()
"""The documents parsed lately, by text, name and limits (:func:`loads`)."""
_PARSED_TEXT = 8_000_000
"""How much text (in characters) the documents kept were parsed from, at most."""


def loads(text: str, name: str, limits: Limits = LIMITS) -> Located:
    """Parse YAML text; ``name`` is the file name used in marks.

    A text parsed lately (a title loaded again with an overlay, or for another game) is
    not parsed again: the caller gets its own copy of the data and marks.

    >>> first, again = loads("a: [1, 2]", "x.yaml"), loads("a: [1, 2]", "x.yaml")
    >>> again.data == first.data and again.data is not first.data
    True
    """
    key = (text, name, limits)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = _parse(text, name, limits)
        _PARSED[key] = parsed
        while sum(len(k[0]) for k in _PARSED) > _PARSED_TEXT:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return Located(_copy(parsed.data), dict(parsed.values), dict(parsed.keys))


def _copy(data: Any) -> Any:
    """A copy of plain data (mappings and lists copied; scalars are immutable)."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data


def _parse(text: str, name: str, limits: Limits) -> Located:
    too_big = size_problem(text, limits)
    if too_big is not None:
        raise _limit_error(too_big, name)
    yaml = YAML(typ="safe", pure=True)
    yaml.Composer = composer_for(limits)
    try:
        with warnings.catch_warnings():
            # ruamel's notes on valid YAML (a reused anchor name, YAML 1.1 number forms)
            # are not problems of the title; nothing is printed for them
            warnings.simplefilter("ignore", YAMLWarning)
            root = yaml.compose(text)
    except LimitExceeded as exc:
        raise _limit_error(exc, name) from None
    except MarkedYAMLError as exc:
        raise ProblemsError([_syntax_problem(exc, name)], stage="syntax") from None
    except ReaderError as exc:
        raise ProblemsError([_character_problem(exc, text, name)], stage="syntax") from None
    except YAMLError as exc:  # pragma: no cover - every ruamel parse error is marked
        raise ProblemsError([Problem(f"YAML error: {exc}", Mark(name, 1, 1))], stage="syntax") from None
    builder = _Builder(name, yaml)
    located = Located(None)
    if root is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", YAMLWarning)
            located.data = builder.build(root, (), located)
    if builder.problems:
        raise ProblemsError(builder.problems, stage="syntax")
    return located


def _character_problem(exc: ReaderError, text: str, name: str) -> Problem:
    """A character YAML does not allow (a control character, a lone surrogate), where it is."""
    head = text[: exc.position]
    where = Mark(name, head.count("\n") + 1, exc.position - head.rfind("\n"))
    code = exc.character if isinstance(exc.character, int) else ord(exc.character)
    return Problem(f"the character U+{code:04X} is not allowed in YAML text", where)


def _limit_error(exc: LimitExceeded, name: str) -> ProblemsError:
    return ProblemsError([Problem(exc.message, Mark(name, exc.line + 1, exc.column + 1))], stage="syntax")


def _mark(node: Node, name: str) -> Mark:
    return Mark(name, node.start_mark.line + 1, node.start_mark.column + 1)


_OPENED = {
    "while parsing a flow sequence": "the list that starts here",
    "while parsing a flow mapping": "the mapping that starts here",
    "while scanning a quoted scalar": "the quoted text that starts here",
}
"""Errors found inside a bracket or quote are reported where it opens: an unclosed
``[`` is noticed only lines later."""


def _syntax_problem(exc: MarkedYAMLError, name: str) -> Problem:
    problem, context = exc.problem_mark, exc.context_mark
    opened = _OPENED.get(exc.context or "")
    if opened and context is not None and problem is not None:
        where = Mark(name, context.line + 1, context.column + 1)
        found = f"line {problem.line + 1}, column {problem.column + 1}"
        return Problem(f"YAML syntax error in {opened}: {exc.problem} at {found}", where)
    mark = problem or context
    where = Mark(name, mark.line + 1, mark.column + 1) if mark else Mark(name, 1, 1)
    parts = [p for p in (exc.context, exc.problem) if p]
    message = "YAML syntax error: " + ", ".join(parts) if parts else "YAML syntax error"
    return Problem(message, where)


def _written(tag: str | None) -> str:
    """A tag as it is written in YAML: ``!!python/object`` rather than its long form."""
    tag = tag or ""  # a composed node always has one
    return "!!" + tag[len(_STD) :] if tag.startswith(_STD) else tag


class _Builder:
    """Turns composed YAML nodes into plain data, recording marks and problems."""

    def __init__(self, name: str, yaml: YAML):
        self.name = name
        self.constructor = yaml.constructor
        self.problems: list[Problem] = []
        self.active: set[int] = set()

    def problem(self, message: str, node: Node) -> None:
        self.problems.append(Problem(message, _mark(node, self.name)))

    def build(self, node: Node, path: DataPath, out: Located) -> Any:
        out.values[path] = _mark(node, self.name)
        if id(node) in self.active:
            self.problem("this list or mapping contains an alias to itself", node)
            return None
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                if node.tag != _STD + "seq":
                    self.problem(f"unsupported YAML tag {_written(node.tag)!r}", node)
                return [self.build(item, (*path, i), out) for i, item in enumerate(node.value)]
            if isinstance(node, MappingNode):
                if node.tag != _STD + "map":
                    self.problem(f"unsupported YAML tag {_written(node.tag)!r}", node)
                return self.mapping(node, path, out)
        finally:
            self.active.discard(id(node))
        raise AssertionError(f"unknown YAML node {node!r}")  # pragma: no cover

    def scalar(self, node: ScalarNode) -> Any:
        tag = node.tag or ""  # a composed node always has one
        if not tag.startswith(_STD) or tag[len(_STD) :] not in _SCALAR_TAGS:
            self.problem(f"unsupported YAML tag {_written(tag)!r}", node)
            return node.value
        kind = tag[len(_STD) :]
        if kind == "str":
            return node.value
        value = getattr(self.constructor, f"construct_yaml_{kind}")(node)
        if isinstance(value, datetime.date | datetime.datetime):
            return node.value
        return value

    def key(self, node: Node) -> str | None:
        if not isinstance(node, ScalarNode):
            self.problem("a mapping key must be a plain value, not a list or mapping", node)
            return None
        value = self.scalar(node)
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return "null"
        return str(value)

    def mapping(self, node: MappingNode, path: DataPath, out: Located) -> dict[str, Any]:
        result: dict[str, Any] = {}
        seen: dict[str, Node] = {}
        merged: list[tuple[str, Any, Located]] = []
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.tag == _STD + "merge":
                merged.extend(self.merge_sources(value_node, path))
                continue
            key = self.key(key_node)
            if key is None:
                continue
            if key in seen:
                first = _mark(seen[key], self.name)
                self.problem(f"duplicate key {key!r} (first given at line {first.line})", key_node)
                continue
            seen[key] = key_node
            out.keys[(*path, key)] = _mark(key_node, self.name)
            result[key] = self.build(value_node, (*path, key), out)
            empty = isinstance(value_node, ScalarNode) and value_node.value == ""
            if empty and result[key] is None:  # `key:` with nothing after it
                out.values[(*path, key)] = out.keys[(*path, key)]
        for key, value, marks in merged:  # explicit keys win over merged ones
            if key not in result:
                result[key] = value
                out.graft(path, marks)
        return result

    def merge_sources(self, node: Node, path: DataPath) -> Iterator[tuple[str, Any, Located]]:
        sources = node.value if isinstance(node, SequenceNode) else [node]
        for source in sources:
            if not isinstance(source, MappingNode):
                self.problem("'<<' merges only mappings", source)
                continue
            marks = Located(None)
            data = self.build(source, (), marks)
            by_key = _by_key(marks)
            for key, value in data.items():
                yield key, value, by_key.get(key, Located(None))


def _by_key(marks: Located) -> dict[str, Located]:
    """The marks of each top-level key of ``marks``, sorted out in one pass."""
    out: dict[str, Located] = {}
    for table, attr in ((marks.values, "values"), (marks.keys, "keys")):
        for path, mark in table.items():
            if path:
                getattr(out.setdefault(str(path[0]), Located(None)), attr)[path] = mark
    return out
