"""Limits on what one YAML document may cost to load.

Titles, overlays and the house rules inside game files may come from anyone, so
:mod:`framework.base.yamlsource` refuses a document before it can take unbounded
time or memory. Three things are limited (:class:`Limits`, :data:`LIMITS`):

* **size**: the document's text, in bytes of UTF-8 (checked before parsing);
* **values**: how many values the document holds once every alias is expanded —
  each scalar, list and mapping (and each mapping key) counts once for every
  place it ends up, so an alias counts as a full copy of what it names. This is
  what loading builds, so it bounds memory and time whatever the aliases do; a
  "billion laughs" file of 1 KB is refused after composing a few hundred nodes;
* **depth**: how many lists and mappings lie inside one another, counting what
  an alias brings along (deep nesting would otherwise exhaust Python's stack).

Values and depth are counted while ruamel.yaml *composes* the node graph, where
an alias is still one shared node: the count for an alias is the size of what
it names, known from when that was composed, so nothing is expanded to count it.

>>> from framework.base.problems import ProblemsError
>>> from framework.base.yamlsource import loads
>>> laughs = "a: &a [x, x]\\nb: &b [*a, *a]\\nc: [*b, *b]\\n"
>>> try:
...     loads(laughs, "f.yaml", Limits(values=20))
... except ProblemsError as error:
...     print(error.problems[0].mark, error.problems[0].message[:49])
f.yaml:3:5 this alias makes the document more than 20 values
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.composer import Composer
from ruamel.yaml.events import AliasEvent, ScalarEvent


@dataclass(frozen=True)
class Limits:
    """The most one YAML document may hold."""

    bytes: int = 1_048_576
    """1 MiB: over a hundred times the largest bundled title file (18SJ's map, 8 KB);
    ruamel.yaml reads about 300 KB a second, so a document at the limit loads in a few seconds."""
    values: int = 100_000
    """About what a 1 MiB file holds written out (the bundled files have 7 to 10 bytes a
    value), and 85 times the largest bundled file (1,177 values): aliases cannot make a
    document much bigger than the size limit lets one write."""
    depth: int = 32
    """Four times the deepest bundled file (8); far inside Python's recursion limit for the
    loader, the overlay merge and the models, which all walk the data recursively."""


LIMITS = Limits()
"""The limits every title, overlay and house-rules document is loaded with."""


class LimitExceeded(Exception):
    """A document over one of its :class:`Limits`; ``mark`` is ruamel's (0-based) mark
    of where the limit was reached."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def size_problem(text: str | bytes, limits: Limits) -> LimitExceeded | None:
    """The size limit's error for ``text`` (pointing at where the limit falls), or ``None``.

    >>> size_problem("a: 1\\nb: 2\\n", Limits(bytes=7)).line
    1
    """
    if isinstance(text, str):
        if len(text) * 4 <= limits.bytes:  # UTF-8 takes at most 4 bytes a character
            return None
        text = text.encode("utf-8", errors="surrogatepass")
    if len(text) <= limits.bytes:
        return None
    head = text[: limits.bytes]
    line = head.count(b"\n")
    column = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", errors="ignore"))
    return LimitExceeded(
        f"the document is more than {limits.bytes:,} bytes, the most a YAML file may hold", line, column
    )


class LimitedComposer(Composer):
    """ruamel.yaml's composer, counting values and depth as it goes (see the module)."""

    limits: Limits = LIMITS

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.values = 0
        self.level = 0
        self.tallest: list[int] = []
        """For each open list or mapping, the height of its tallest child so far."""
        self.anchored: dict[int, tuple[int, int]] = {}
        """``id`` of each anchored node → (its expanded values, its height)."""

    @property
    def parser(self) -> Any:
        """The loader's parser, looked up once: ruamel.yaml's composer finds it through two
        properties for every event, which costs more than all the counting here."""
        parser = self.__dict__.get("_cached_parser")
        if parser is None:
            parser = self.__dict__["_cached_parser"] = super().parser
        return parser

    @property
    def resolver(self) -> Any:
        """The loader's resolver, looked up once (as :attr:`parser`)."""
        resolver = self.__dict__.get("_cached_resolver")
        if resolver is None:
            resolver = self.__dict__["_cached_resolver"] = super().resolver
        return resolver

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.parser.peek_event()
        kind = type(event)
        if kind is ScalarEvent:  # most nodes: kept quick
            self.values += 1
            if self.values > self.limits.values:
                raise self._too_many(event, "this value makes")
            node = super().compose_node(parent, index)
            if event.anchor is not None:
                self.anchored[id(node)] = (1, 0)
            return node
        if kind is AliasEvent:
            node = super().compose_node(parent, index)
            values, height = self.anchored.get(id(node), (1, 0))  # (1, 0): an alias to itself
            if self.level + height > self.limits.depth:
                raise self._too_deep(event, "this alias nests lists and mappings")
            self.values += values
            if self.values > self.limits.values:
                raise self._too_many(event, "this alias makes")
            self._grew(height)
            return node
        self.level += 1
        if self.level > self.limits.depth:
            raise self._too_deep(event, "lists and mappings nest")
        self.tallest.append(0)
        before = self.values
        self.values += 1
        if self.values > self.limits.values:
            raise self._too_many(event, "this list or mapping makes")
        node = super().compose_node(parent, index)
        height = 1 + self.tallest.pop()
        self.level -= 1
        self._grew(height)
        if event.anchor is not None:
            self.anchored[id(node)] = (self.values - before, height)
        return node

    def _too_many(self, event: Any, what: str) -> LimitExceeded:
        return LimitExceeded(
            f"{what} the document more than {self.limits.values:,} values with its aliases "
            "expanded, the most a YAML document may hold (an alias counts as a copy of what it names)",
            event.start_mark.line,
            event.start_mark.column,
        )

    def _grew(self, height: int) -> None:
        if self.tallest and height > self.tallest[-1]:
            self.tallest[-1] = height

    def _too_deep(self, event: Any, what: str) -> LimitExceeded:
        return LimitExceeded(
            f"{what} more than {self.limits.depth} deep, the most a YAML document may nest",
            event.start_mark.line,
            event.start_mark.column,
        )


def composer_for(limits: Limits) -> type[LimitedComposer]:
    """A composer class enforcing ``limits``."""
    if limits == LIMITS:
        return LimitedComposer
    return type("LimitedComposer", (LimitedComposer,), {"limits": limits})
