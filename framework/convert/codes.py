"""18xx.games tile codes read leniently, for the converter.

:func:`framework.title.tilecode.parse` reads the parts of a tile code the title
format expresses and refuses the rest. A converted title must take every hex and
tile of an 18xx.games title, so :func:`read_code` first sets aside what only draws
(``frame``, ``stripes``, ``loc``, ``hide``, untyped borders) and what the format
cannot say (junctions, narrow track, reservations, a hex's ``blocks_lay``
icon…), naming each in ``gaps``, then parses the rest. It also applies the
conventions of 18xx.games data: ``diesel`` revenue is the ``D`` train's; a bare
``upgrade=cost:N`` is a cost of no terrain kind, ``{upgrade: N}``; a port icon
stays under tiles whatever its ``sticky`` says; an icon with ``blocks_lay`` makes a
tile ability-only.
"""

from __future__ import annotations

from typing import Any

from framework.title.tilecode import ICON_NAMES, NODE_PARTS, TileCodeError, number_parts, parse

COSMETIC_PARTS = {"frame", "stripes", "halt_symbol"}
NODE_KEEP = {"revenue", "slots", "groups", "visit_cost", "route"}
NODE_COSMETIC = {"loc", "hide", "style", "format", "visit_cost_display", "name"}
PATH_KEEP = {"a", "b", "terminal", "track", "a_lane", "b_lane", "lanes"}
PATH_COSMETIC = {"ignore_gauge_walk", "ignore_gauge_compare"}
STICKY_ICONS = {"port"}


class Read:
    """What :func:`read_code` made of a code: the content, and the notes of what it left."""

    def __init__(self) -> None:
        self.content: dict[str, Any] = {}
        self.gaps: list[str] = []
        self.icons: set[str] = set()
        self.future_label: dict[str, str] | None = None
        self.ability_only = False
        self.hex_blocks_lay = False
        self.stubs: list[int] = []
        """The edges of its ``stub`` parts (a hex's stubs: :attr:`framework.title.map.Hex.stubs`)."""


def _params(text: str) -> list[tuple[str, str]]:
    return [(k, v) for k, _, v in (item.partition(":") for item in text.split(",") if item)]


def _revenue(text: str, read: Read) -> str:
    items = []
    for item in text.split("|"):
        color, sep, amount = item.partition("_")
        if sep and color == "diesel":
            color = "D"
        items.append(f"{color}_{amount}" if sep else item)
    return "|".join(items)


def _node(kind: str, rest: str, read: Read) -> str:
    kept = []
    for key, value in _params(rest):
        if key == "revenue":
            kept.append(f"revenue:{_revenue(value, read)}")
        elif (
            (key == "slots" and not value.isdigit())
            or (key == "visit_cost" and value not in ("0", "1"))
            or (key == "route" and value not in ("mandatory", "optional", "never"))
        ):
            read.gaps.append(f"{kind} with {key} {value} (left out)")
        elif key in NODE_KEEP:
            kept.append(f"{key}:{value}")
        elif key not in NODE_COSMETIC:
            read.gaps.append(f"{kind} {key}:{value}")
    return f"{kind}={','.join(kept)}"


def _path(rest: str, read: Read) -> str | None:
    kept = []
    for key, value in _params(rest):
        if key in ("a", "b") and value.lstrip("-").isdigit() and not 0 <= int(value) <= 5:
            read.gaps.append(f"a path to edge {value}")
            return None
        if key == "track" and value not in ("broad", "future"):
            read.gaps.append(f"{value} track")
            return None
        if key in PATH_KEEP:
            kept.append(f"{key}:{value}")
        elif key not in PATH_COSMETIC:
            read.gaps.append(f"path {key}:{value}")
    return f"path={','.join(kept)}"


def _icon(rest: str, read: Read) -> str | None:
    params = dict(_params(rest))
    name = params.get("image", "").rsplit("/", 1)[-1]
    if not name:
        return None
    name = ICON_NAMES.get(name, name)
    read.icons.add(name)
    if params.get("blocks_lay") in ("1", "true"):
        read.ability_only = True
        read.hex_blocks_lay = True
    sticky = params.get("sticky") in ("1", "true") or name in STICKY_ICONS
    return f"icon=image:{name},sticky:{1 if sticky else 0}"


def _part(part: str, read: Read) -> str | None:
    kind, _, rest = part.partition("=")
    if kind in ("city", "town", "offboard"):
        return _node(kind, rest, read)
    if kind == "path":
        return _path(rest, read)
    if kind == "label":
        return part
    if kind == "upgrade":
        params = dict(_params(rest))
        cost = params.get("cost", "0")
        terrain = params.get("terrain", "upgrade").split("|")[0] or "upgrade"
        return f"upgrade=cost:{cost},terrain:{terrain}" if int(cost) > 0 else None
    if kind == "border":
        params = dict(_params(rest))
        if "type" not in params:
            return None  # an untyped border only draws a line
        if not params.get("edge", "").isdigit() or int(params["edge"]) > 5:
            read.gaps.append(f"a border on edge {params.get('edge')}")
            return None
        if params["type"] not in ("impassable", "water", "mountain"):
            read.gaps.append(f"border type {params['type']}")
            return None
        return part
    if kind == "icon":
        return _icon(rest, read)
    if kind == "future_label":
        params = dict(_params(rest))
        if params.get("color") in ("yellow", "green", "brown", "gray"):
            label = params.get("label")  # none: the tiles of that colour carry no label
            read.future_label = {**({"label": label} if label else {}), "color": params["color"]}
        else:
            read.gaps.append(f"future_label {rest}")
        return None
    if kind == "stub":
        edge = dict(_params(rest)).get("edge", "")
        if edge.isdigit() and int(edge) <= 5:
            read.stubs.append(int(edge))
        else:
            read.gaps.append(f"a stub on edge {edge}")
        return None
    if kind in COSMETIC_PARTS:
        return None
    read.gaps.append(f"{kind} part")
    return None


def read_code(code: str) -> Read:
    """The title format's form of an 18xx.games tile or hex code, with what it left."""
    read = Read()
    written = [part.strip() for part in code.split(";") if part.strip()]
    found = [(kind, n) for n, part in enumerate(written) if (kind := part.split("=")[0]) in NODE_PARTS]
    parts = [p for p in (_part(part, read) for part in written) if p]
    nodes = [p for p in parts if p.split("=")[0] in ("city", "town", "offboard")]
    others = [p for p in parts if p not in nodes]
    try:
        content = parse(";".join(nodes + others)) if parts else {}
    except (TileCodeError, ValueError, KeyError, IndexError) as exc:
        read.gaps.append(f"unreadable code ({exc})")
        return read
    content.pop("_ignored", None)
    number_parts(content, found)
    for node in content.get("offboards", []):
        node.setdefault("revenue", 0)
    if "icons" in content:
        seen: dict[str, Any] = {}
        for icon in content["icons"]:
            seen.setdefault(icon if isinstance(icon, str) else icon["name"], icon)
        content["icons"] = list(seen.values())
    if "terrain" in content:
        content["terrain"] = {k: v for k, v in content["terrain"].items() if v > 0}
    if read.future_label is not None:
        content["future_label"] = read.future_label
    read.content = content
    return read
