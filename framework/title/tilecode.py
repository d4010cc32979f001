"""Importing tiles and hexes from the 18xx.games tile code notation.

18xx.games describes a tile (or the preprinted content of a hex) as a code
string such as ``city=revenue:20;path=a:0,b:_0;path=a:_0,b:3``: parts
separated by ``;``, each ``type=key:value,key:value``. :func:`parse` turns such
a string into the project's own YAML form (a plain ``dict`` ready to be dumped
or validated as :class:`~framework.title.track.TrackContent`, a tile or a hex).
The YAML is the source of a title; this importer is a convenience for writing
it, and a way for tests to compare a title with published codes.

>>> parse("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
{'cities': [{'revenue': 20}], 'paths': [[0, 'city'], ['city', 3]]}
>>> parse("offboard=revenue:yellow_20|green_30;path=a:0,b:_0;icon=image:18_sj/N,sticky:1")
... # doctest: +NORMALIZE_WHITESPACE
{'offboards': [{'revenue': {'yellow': 20, 'green': 30}}],
 'paths': [[0, 'offboard']], 'icons': ['N']}

Parts the project keeps elsewhere are returned under ``"_ignored"``
(``track:future`` paths, which only draw a main line's alignment, and borders without
a ``type``, which only draw a line: track crosses them; only ``type:impassable``
blocks).
"""

from __future__ import annotations

from typing import Any

NODE_PARTS = {"city": "cities", "town": "towns", "offboard": "offboards"}
ICON_NAMES = {"b_lower_case": "b", "m_lower_case": "m"}
"""18xx.games image names that this project writes differently."""


class TileCodeError(ValueError):
    """The code string cannot be read."""


def _params(text: str) -> dict[str, str]:
    params = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition(":")
        if not sep:
            raise TileCodeError(f"expected key:value, got {item!r}")
        params[key] = value
    return params


def _revenue(text: str) -> int | dict[str, int]:
    if "|" not in text and "_" not in text:
        return int(text)
    by_color = {}
    for item in text.split("|"):
        color, _, amount = item.partition("_")
        by_color[color] = int(amount)
    return by_color


def parse(code: str) -> dict[str, Any]:
    """The YAML form of an 18xx.games tile code."""
    out: dict[str, Any] = {}
    nodes: list[tuple[str, int]] = []
    counts = dict.fromkeys(NODE_PARTS, 0)
    paths: list[dict[str, str]] = []
    found: list[tuple[str, int]] = []  # each revenue centre's kind and part number
    for number, part in enumerate(filter(None, code.split(";"))):
        kind, sep, rest = part.partition("=")
        if not sep:
            raise TileCodeError(f"expected type=params, got {part!r}")
        if kind == "label":
            out["label"] = rest
            continue
        params = _params(rest)
        if kind in NODE_PARTS:
            node: dict[str, Any] = {"revenue": _revenue(params.get("revenue", "0"))}
            if "slots" in params:
                node["slots"] = int(params["slots"])
            if "groups" in params:
                node["group"] = params["groups"]
            if params.get("visit_cost", "1") != "1":
                node["visit_cost"] = int(params["visit_cost"])
            if params.get("route", "mandatory") != "mandatory":
                node["route"] = params["route"]
            out.setdefault(NODE_PARTS[kind], []).append(node)
            nodes.append((kind, counts[kind]))
            found.append((kind, number))
            counts[kind] += 1
        elif kind == "path":
            paths.append(params)
        elif kind == "upgrade":
            out.setdefault("terrain", {})[params.get("terrain", "terrain")] = int(params["cost"])
        elif kind == "border":
            if "type" not in params:
                # An untyped border only draws a line (two hexes shown as one): track
                # crosses it freely. Only ``type:impassable`` blocks.
                out.setdefault("_ignored", []).append({"border": int(params["edge"])})
                continue
            border: dict[str, Any] = {
                "edge": int(params["edge"]),
                "type": params["type"],
            }
            if "cost" in params:
                border["cost"] = int(params["cost"])
            out.setdefault("borders", []).append(border)
        elif kind == "icon":
            name = params["image"].rsplit("/", 1)[-1]
            name = ICON_NAMES.get(name, name)
            out.setdefault("icons", []).append(
                name if params.get("sticky") == "1" else {"name": name, "sticky": False}
            )
        else:
            raise TileCodeError(f"unsupported part {kind!r}")
    for params in paths:
        if params.get("track") == "future":
            out.setdefault("_ignored", []).append({"future_path": [params["a"], params["b"]]})
            continue
        a, b = (_endpoint(params[k], nodes) for k in ("a", "b"))
        for a_lane, b_lane in _lanes(params, a, b):
            path: dict[str, Any] = {"a": a, "b": b}
            if params.get("terminal") == "1":
                path["terminal"] = True
            if a_lane is not None and isinstance(a, int):
                path["a_lane"] = list(a_lane)
            if b_lane is not None and isinstance(b, int):
                path["b_lane"] = list(b_lane)
            out.setdefault("paths", []).append(path if len(path) > 2 else [a, b])
    number_parts(out, found)
    order = [
        "cities",
        "towns",
        "offboards",
        "paths",
        "label",
        "terrain",
        "borders",
        "icons",
        "_ignored",
    ]
    return {key: out[key] for key in order if key in out}


def number_parts(content: dict[str, Any], found: list[tuple[str, int]]) -> None:
    """Give each revenue centre of ``content`` its ``part``, the number of its part in
    the code (``found``: each centre's kind and number, in the code's order), where it
    differs from its place in the order cities, towns, off-boards.

    >>> content = parse("label=OO;city=revenue:30;city=revenue:30")
    >>> [city.get("part") for city in content["cities"]]
    [1, 2]
    """
    place = 0
    for kind, key in NODE_PARTS.items():
        numbers = [number for k, number in found if k == kind]
        for node, number in zip(content.get(key, []), numbers, strict=True):
            if number != place:
                node["part"] = number
            else:
                node.pop("part", None)
            place += 1


Lane = tuple[int, int]


def _lanes(params: dict[str, str], a: int | str, b: int | str) -> list[tuple[Lane | None, Lane | None]]:
    """The lanes of the path or paths a ``path`` part makes: ``lanes:N`` makes N parallel
    paths (between two edges, lane ``i`` at ``a`` is lane ``N - 1 - i`` at ``b``), and
    ``a_lane:2.1`` puts one end in lane 1 of 2.

    >>> _lanes({"lanes": "2"}, 5, "city")
    [((2, 0), (2, 0)), ((2, 1), (2, 1))]
    >>> _lanes({"lanes": "2"}, 1, 4)
    [((2, 0), (2, 1)), ((2, 1), (2, 0))]
    >>> _lanes({"a_lane": "2.1"}, 2, "town")
    [((2, 1), None)]
    """
    if "lanes" in params:
        count = int(params["lanes"])
        both = isinstance(a, int) and isinstance(b, int)
        return [((count, i), (count, count - 1 - i) if both else (count, i)) for i in range(count)]
    return [(_lane(params.get("a_lane")), _lane(params.get("b_lane")))]


def _lane(text: str | None) -> Lane | None:
    """``2.1`` → lane 1 of 2 (18xx.games' ``a_lane`` notation)."""
    if text is None:
        return None
    whole, _, tenth = text.partition(".")
    return (int(whole), int(tenth or 0))


def _endpoint(text: str, nodes: list[tuple[str, int]]) -> int | str:
    if text.startswith("_"):
        index = int(text[1:])
        if index >= len(nodes):
            raise TileCodeError(f"path end {text} refers to a missing revenue centre")
        kind, number = nodes[index]
        return kind if number == 0 else f"{kind}{number}"
    return int(text)
