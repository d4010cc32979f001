"""What a player sees on the map pictures: routes recolour the track they use and leave
the tokens on top, towns on track are bars, crossing track has a white casing, revenue
circles never cover a city's slots or the track (every tile and printed hex of every
bundled title, at every rotation), names stay readable, main lines and badges have a
legend, and ``--scale`` sizes PNG output."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from framework.board.faces import make_face
from framework.board.hexmap import HexMap
from framework.render import style
from framework.render.geometry import HexShape
from framework.render.hexes import HexView, Palette, draw_hex
from framework.render.track import FaceLayout
from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
TITLES = sorted(p.name for p in (ROOT / "titles").iterdir() if (p / "title.yaml").is_file())
NS = "{http://www.w3.org/2000/svg}"


@cache
def title(name: str):
    return load_title(ROOT / "titles" / name)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>'.encode())


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def circles_in(root: ET.Element, cls: str) -> list[tuple[float, float, float]]:
    out = []
    for g in root.iter(f"{NS}g"):
        if cls in classes(g):
            for c in g.iter(f"{NS}circle"):
                out.append((float(c.get("cx")), float(c.get("cy")), float(c.get("r"))))
    return out


def faces(name: str):
    """Every tile and every printed hex with track of a title, at every rotation:
    (what, colour, face)."""
    t = title(name)
    for tile_name, tile in t.tiles.items():
        for rotation in range(6):
            yield (
                f"tile {tile_name} r{rotation}",
                tile.color,
                make_face(tile_name, tile, tile.color, rotation),
            )
    hexmap = HexMap(t)
    for hex_id, hx in hexmap.hexes.items():
        yield f"hex {hex_id}", hx.color, hexmap.printed[hex_id]


def overlaps(view: HexView, shape: HexShape) -> list[str]:
    """What each revenue circle of a drawn hex covers: a slot, or the track."""
    root = parse(draw_hex(view, shape, Palette()))
    slots = circles_in(root, "city")
    layout = FaceLayout(shape, view.face)
    track = [p for path in layout.paths for p in path.samples]
    half_track = style.Sizes(shape.size).track / 2
    found = []
    for x, y, r in circles_in(root, "revenue"):
        for sx, sy, sr in slots:
            if math.hypot(x - sx, y - sy) < r + sr - 0.5:
                found.append(f"revenue at ({x:.0f},{y:.0f}) covers a slot at ({sx:.0f},{sy:.0f})")
        for px, py in track:
            if math.hypot(x - px, y - py) < r + half_track - 0.5:
                found.append(f"revenue at ({x:.0f},{y:.0f}) covers track at ({px:.0f},{py:.0f})")
                break
    return found


@pytest.mark.parametrize("name", TITLES)
def test_revenue_circles_never_cover_slots_or_track(name: str) -> None:
    shape = HexShape(title(name).map.layout, 40)
    bad = []
    for what, color, face in faces(name):
        view = HexView(hex_id="X", color=color, face=face)
        bad += [f"{what}: {o}" for o in overlaps(view, shape)]
    assert not bad, "\n".join(bad[:20]) + f"\n({len(bad)} in all)"
