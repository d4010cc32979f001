"""Write the standard tile library (``framework/data/tiles.yaml``) from 18xx.games'
tile catalogue.

18xx.games lists the standard numbered tiles in ``lib/engine/config/tile.rb``: one
Ruby hash per colour (``YELLOW = { '57' => 'city=revenue:20;path=...', ... }``), each
tile as a code string. This script reads that file as text, turns every tile this
project's tile format can express into its YAML form (with
:func:`framework.title.tilecode.parse`, dropping ``loc``, a drawing hint), checks it
against the :class:`Tile` model and writes the library, one tile a line, in the
catalogue's order. Tiles the format cannot express (narrow or dual-gauge track, Lawson
junctions, lanes, frames, icons, terrain costs, the two-colour tiles) are left out and
listed in the file's header with the reason.

    python tools/make_tile_library.py            # rewrite framework/data/tiles.yaml
    python tools/make_tile_library.py --check    # exit 1 if the file is not up to date

The catalogue is found under ``$RAILS18XX_ORACLE`` (default ``../shared/oracle``, as
for ``tools/conform.py``), in ``reference/lib/engine/config/tile.rb``; ``--source``
names another file.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pydantic import ValidationError  # noqa: E402

from framework.title.tilecode import TileCodeError, parse  # noqa: E402
from framework.title.tiles import Tile  # noqa: E402

ORACLE = Path(os.environ.get("RAILS18XX_ORACLE", ROOT.parent / "shared" / "oracle"))
SOURCE = ORACLE / "reference" / "lib" / "engine" / "config" / "tile.rb"
OUT = ROOT / "framework" / "data" / "tiles.yaml"

COLORS = {"YELLOW": "yellow", "GREEN": "green", "BROWN": "brown", "GRAY": "gray"}
"""The catalogue's hashes that hold tiles of a colour this project has."""

ALLOWED = {
    "city": {"revenue", "slots", "groups", "loc"},
    "town": {"revenue", "groups", "loc"},
    "offboard": {"revenue", "groups", "loc"},
    "path": {"a", "b", "terminal", "track"},
    "label": set(),
}
"""The parts of a tile code, and their parameters, that the tile format expresses
(``loc``, where on the tile to draw a revenue centre, is dropped: the renderer places
revenue centres itself, and routes do not depend on it)."""

_HASH = re.compile(r"^\s*([A-Z]+) = \{(.*?)\}\.freeze", re.M | re.S)
_ENTRY = re.compile(r"^\s*'([^']+)' => '([^']*)',?\s*$", re.M)


def catalogue(text: str) -> list[tuple[str, str, str]]:
    """``(hash name, tile name, code)`` of every tile in tile.rb's text, in order
    (commented-out lines are not tiles)."""
    out = []
    for match in _HASH.finditer(text):
        for entry in _ENTRY.finditer(match.group(2)):
            out.append((match.group(1), entry.group(1), entry.group(2)))
    return out


def unsupported(code: str) -> str | None:
    """Why the tile format cannot express ``code``, or ``None`` when it can."""
    for part in filter(None, code.split(";")):
        kind, _, rest = part.partition("=")
        if kind not in ALLOWED:
            return f"{kind} part"
        if kind == "label":
            continue
        for item in filter(None, rest.split(",")):
            key, _, value = item.partition(":")
            if key not in ALLOWED[kind]:
                return f"{kind} {key}"
            if key == "track" and value != "broad":
                return f"{value} track"
            if key == "terminal" and value != "1":
                return f"terminal:{value}"
            if key == "groups" and "|" in value:
                return "several groups"
            if key == "revenue" and "#" in value:
                return "revenue by a printed colour code"
    return None


def convert(color: str, code: str) -> dict[str, Any]:
    """The library entry of a tile: its colour and track (no count)."""
    entry = {"color": color, **parse(code)}
    Tile.model_validate({**entry, "count": 1})
    return entry


def _flow(value: Any) -> str:
    """``value`` in YAML flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", text) and text.lower() not in (
        "y",
        "n",
        "yes",
        "no",
        "on",
        "off",
        "true",
        "false",
        "null",
    ):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


HEADER = """\
# The standard tile library: the numbered tiles most titles share, each with its
# colour and track (no count: a title gives that). A title lists these by name in
# its tile manifest (`57: 4`, or `57: {{count: 4, upgrades: [14, 15]}}`) and defines
# only its own tiles in full (see docs/title-format.md, "The standard tiles").
#
# GENERATED by tools/make_tile_library.py from 18xx.games' tile catalogue
# (lib/engine/config/tile.rb): do not edit by hand, run the script again.
# {count} tiles; {skipped} of the catalogue are left out because the tile format cannot
# express them (the reason after each name):
"""


def library_text(text: str) -> str:
    """The library file for the text of tile.rb."""
    tiles: list[tuple[str, dict[str, Any]]] = []
    skipped: list[tuple[str, str]] = []
    seen: set[str] = set()
    for group, name, code in catalogue(text):
        if name in seen:
            raise SystemExit(f"tile {name!r} appears twice in the catalogue")
        seen.add(name)
        color = COLORS.get(group)
        why = unsupported(code) if color else f"{group.lower()} tile"
        if why is None:
            try:
                tiles.append((name, convert(color, code)))
                continue
            except (TileCodeError, ValidationError) as exc:
                why = f"unreadable ({str(exc).splitlines()[0]})"
        skipped.append((name, why))
    lines = HEADER.format(count=len(tiles), skipped=len(skipped)).splitlines()
    row = "#  "
    for name, why in skipped:
        item = f" {name} ({why}),"
        if len(row) + len(item) > 88:
            lines.append(row.rstrip())
            row = "#  "
        row += item
    lines.append(row.rstrip().rstrip(","))
    lines += ["", "tiles:"]
    color = None
    for name, entry in tiles:
        if entry["color"] != color:
            color = entry["color"]
            lines.append(f"  # {color}")
        lines.append(f'  "{name}": {_flow(entry)}')
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE, help="tile.rb to read")
    parser.add_argument("--out", type=Path, default=OUT, help="the library file to write")
    parser.add_argument("--check", action="store_true", help="only check that --out is up to date")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        sys.exit(f"make_tile_library: no tile catalogue at {args.source} (set RAILS18XX_ORACLE)")
    text = library_text(args.source.read_text(encoding="utf-8"))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if current != text:
            print(f"{args.out} is not what the generator writes: run {Path(__file__).name}")
            return 1
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
