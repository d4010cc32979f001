"""What a player sees on the map pictures: routes recolour the track they use and leave
the tokens on top, towns on track are bars, crossing track has a white casing, revenue
circles never cover a city's slots or the track (every tile and printed hex of every
bundled title, at every rotation), names stay readable, main lines and badges have a
legend, and ``--scale`` sizes PNG output."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from framework.board.hexmap import HexMap
from framework.render import style
from framework.render.geometry import HexShape
from framework.render.hexes import HexView, draw_hex
from framework.render.marks import Palette
from framework.render.track import FaceLayout
from framework.title.faces import make_face
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


# -- routes, towns, crossings ------------------------------------------------------

SJ_GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"


@cache
def late_position() -> ET.Element:
    from framework.record.gamefile import GameFile
    from framework.record.replay import replay
    from framework.render.map import DEFAULT_SIZE
    from framework.render.position import render_position
    from framework.render.routes import best_routes_for

    game = replay(GameFile.read(SJ_GAME), stop_after=868).game
    best = best_routes_for(game, "ÖKJ", HexShape("pointy", DEFAULT_SIZE))
    return ET.fromstring(render_position(game, routes=best.routes, routes_heading="ÖKJ").encode())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in classes(e)]


def test_routes_recolour_their_track_and_tokens_stay_on_top() -> None:
    root = late_position()
    recoloured = by_class(root, "route-track")
    assert len(recoloured) > 20
    assert {e.get("stroke") or e.get("fill") for e in recoloured} == {style.ROUTE_COLORS[0]}
    assert all("track" in classes(e) for e in recoloured)
    for g in by_class(root, "hex"):
        order = [e for e in g.iter() if classes(e) & {"route-track", "token", "route-stop"}]
        kinds = ["token" if "token" in classes(e) else "route" for e in order]
        if "route" in kinds and "token" in kinds:
            # every token comes after every recoloured path and stop ring of its hex
            assert kinds.index("token") > max(i for i, k in enumerate(kinds) if k == "route"), g.get(
                "data-hex"
            )
    # no route line drawn over the map on top of the tokens
    assert not [e for g in by_class(root, "route") for e in g.iter(f"{NS}path")]
    # a route's track that meets other track at an edge is drawn again over it
    tops = 0
    for paths in by_class(root, "paths"):
        order = [e for e in paths if "track" in classes(e) or "casing" in classes(e)]
        top = [k for k, e in enumerate(order) if "route-top" in classes(e)]
        plain = [k for k, e in enumerate(order) if "route-track" not in classes(e)]
        tops += len(top)
        if top and plain:
            assert min(top) > max(plain)
    assert tops > 5


def test_viewer_pictures_colour_their_track_by_variables() -> None:
    # tile 20 (two straights crossing), 8 (a curve) and 57 (a city): each path is
    # coloured with --rK (black while unset); a path that crosses or meets another has a
    # copy on top coloured --rK (unset: none) with its casing --cK; every revenue centre
    # has a ring --sK (unset: none)
    for tile_name in ("20", "8", "57"):
        t = title("1830")
        tile = t.tiles[tile_name]
        view = HexView(hex_id="X", color=tile.color, face=make_face(tile_name, tile, tile.color, 0))
        root = parse(draw_hex(view, HexShape("pointy", 40), Palette(), variables=True))
        (paths,) = by_class(root, "paths")
        base = [e for e in paths if classes(e) == {"track"}]
        assert [e.get("style") for e in base] == [
            f"stroke:var(--r{e.get('data-path')},{style.TRACK})" for e in base
        ]
        assert not any(e.get("stroke") for e in base)
        assert sorted(int(e.get("data-path")) for e in base) == list(range(len(view.face.paths)))
        groups = by_class(paths, "route-tops")
        tops = [e for g in groups for e in g.iter(f"{NS}path")]
        assert [e.get("style") for e in tops] == [f"stroke:var(--r{e.get('data-path')},none)" for e in tops]
        if tile_name == "20":
            assert len(tops) == 2
            order = list(paths)
            assert order.index(groups[0]) > max(order.index(e) for e in base)
            casings = {e.get("style") for e in groups[0].iter(f"{NS}line")}
            assert casings == {"stroke:var(--c0,none)", "stroke:var(--c1,none)"}
        else:
            assert not tops
        rings = [e for g in by_class(root, "route-stops") for e in g.iter(f"{NS}circle")]
        assert [e.get("style") for e in rings] == [
            f"stroke:var(--s{k},none)" for k in range(len(view.face.nodes))
        ]
        # drawn before the city, whose slots stay on top
        nodes = by_class(root, "nodes")[0]
        if rings:
            assert list(nodes).index(by_class(root, "route-stops")[0]) < list(nodes).index(
                by_class(root, "city")[0]
            )


def _tile_root(name: str, tile_name: str, rotation: int = 0) -> ET.Element:
    t = title(name)
    tile = t.tiles[tile_name]
    view = HexView(hex_id="X", color=tile.color, face=make_face(tile_name, tile, tile.color, rotation))
    return parse(draw_hex(view, HexShape(t.map.layout, 40), Palette()))


def test_towns_on_track_are_bars_and_dead_ends_dots() -> None:
    through = _tile_root("1830", "4")  # a straight through a town
    assert by_class(through, "town-bar") and not by_class(through, "town-dot")
    two = _tile_root("1830", "1")  # two towns, each on a curve
    assert len(by_class(two, "town-bar")) == 2
    # a bar lies across the track: perpendicular to the straight path
    bar = by_class(through, "town-bar")[0]
    track = next(e for e in by_class(through, "track") if e.tag == f"{NS}path")
    x1, y1, x2, y2 = (float(bar.get(k)) for k in ("x1", "y1", "x2", "y2"))
    nums = [float(v) for v in re.findall(r"-?[\d.]+", track.get("d"))]
    tx, ty = nums[2] - nums[0], nums[3] - nums[1]
    assert abs((x2 - x1) * tx + (y2 - y1) * ty) < 1e-3 * math.hypot(tx, ty) * math.hypot(x2 - x1, y2 - y1) + 1


def _edge_line(shape: HexShape, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners that bound ``edge``."""
    mid = shape.edge_mid(edge)
    a, b = sorted(shape.corners(), key=lambda c: math.dist(c, mid))[:2]
    return a, b


def _meet(p: tuple, q: tuple) -> tuple[float, float]:
    """Where the lines through segments ``p`` and ``q`` meet."""
    (x1, y1), (x2, y2) = p
    (x3, y3), (x4, y4) = q
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))


@pytest.mark.parametrize(
    ("name", "tile_name"), [("1830", "3"), ("1830", "58"), ("1889", "3"), ("1889", "58")]
)
def test_a_town_on_a_curve_sits_on_the_middle_of_the_arc_across_the_track(name: str, tile_name: str) -> None:
    t = title(name)
    shape = HexShape(t.map.layout, 40)
    tile = t.tiles[tile_name]
    for rotation in range(6):
        face = make_face(tile_name, tile, tile.color, rotation)
        e1, e2 = sorted(e[1] for p in face.paths for e in (p.a, p.b) if e[0] == "edge")
        root = _tile_root(name, tile_name, rotation)
        (bar,) = by_class(root, "town-bar")
        x1, y1, x2, y2 = (float(bar.get(k)) for k in ("x1", "y1", "x2", "y2"))
        town = ((x1 + x2) / 2, (y1 + y2) / 2)
        # the track's arc meets both edges at right angles: its centre is where the two
        # edges' lines meet (a corner for a sharp curve), its radius the way to an edge
        centre = _meet(_edge_line(shape, e1), _edge_line(shape, e2))
        radius = math.dist(centre, shape.edge_mid(e1))
        assert math.dist(town, centre) == pytest.approx(radius, abs=0.3), (tile_name, rotation)
        # in the arc's middle, as far from either edge, and neither in a corner nor in the middle
        assert math.dist(town, shape.edge_mid(e1)) == pytest.approx(
            math.dist(town, shape.edge_mid(e2)), abs=0.3
        )
        assert min(math.dist(town, c) for c in shape.corners()) > 0.4 * shape.size
        assert math.hypot(*town) > 0.2 * shape.size
        # the bar lies across the track: along the radius through it
        rx, ry = town[0] - centre[0], town[1] - centre[1]
        cross = (x2 - x1) * ry - (y2 - y1) * rx
        assert abs(cross) < 1e-3 * math.hypot(rx, ry) * math.hypot(x2 - x1, y2 - y1) + 0.5
        # and the track drawn is that arc: every point of the town's two paths is on it
        layout = FaceLayout(shape, face)
        for drawn in layout.paths:
            for point in drawn.samples:
                assert math.dist(point, centre) == pytest.approx(radius, abs=0.3)


def test_towns_on_crossing_curves_keep_apart() -> None:
    # tile 56: two gentle curves with a town each, crossing; the towns slide along
    # their arcs away from the crossing, each still on its own track
    shape = HexShape("pointy", 40)
    for rotation in range(6):
        root = _tile_root("1830", "56", rotation)
        bars = by_class(root, "town-bar")
        assert len(bars) == 2
        mids = [
            ((float(b.get("x1")) + float(b.get("x2"))) / 2, (float(b.get("y1")) + float(b.get("y2"))) / 2)
            for b in bars
        ]
        assert math.dist(*mids) > 0.6 * shape.size, rotation
        layout = FaceLayout(shape, make_face("56", title("1830").tiles["56"], "yellow", rotation))
        for mid in mids:
            assert min(math.dist(mid, p) for d in layout.paths for p in d.samples) < 0.5


def test_crossing_track_has_a_casing_and_joining_track_none() -> None:
    crossing = _tile_root("1830", "20")  # two straights crossing in the middle
    casings = by_class(crossing, "casing")
    assert len(casings) == 1
    assert casings[0].get("stroke") == style.CASING
    # the track over the casing comes after it
    order = [e for e in crossing.iter() if classes(e) & {"casing", "track"}]
    assert "track" in classes(order[-1]) and order.index(casings[0]) < len(order) - 1
    for joined in ("14", "57", "7", "8", "9"):
        assert not by_class(_tile_root("1830", joined), "casing"), joined


def test_stockholm_cities_join_their_shared_edge_with_curves() -> None:
    for tile_name in ("X2", "X4"):
        root = _tile_root("18SJ", tile_name)
        d = [e.get("d") for e in by_class(root, "track") if e.tag == f"{NS}path"]
        curves = [x for x in d if "C" in x]
        assert len(curves) >= 3, (tile_name, d)


# -- names, key, scale ---------------------------------------------------------------


@pytest.mark.parametrize("name", TITLES)
def test_map_names_never_shrink_below_the_minimum_and_badges_have_a_key(name: str) -> None:
    from framework.render.hexes import NAME_SCALES
    from framework.render.map import DEFAULT_SIZE, render_map

    t = title(name)
    root = ET.fromstring(render_map(t).encode())
    smallest = style.Sizes(DEFAULT_SIZE).font * NAME_SCALES[-1]
    sizes = [float(e.get("font-size")) for g in by_class(root, "name") for e in g.iter(f"{NS}text")]
    assert sizes and min(sizes) >= smallest - 0.01
    shown = {g.get("data-icon") for hexes in by_class(root, "hexes") for g in by_class(hexes, "icon")}
    keyed = {e.get("data-key") for e in by_class(root, "legend-entry") if e.get("data-kind") == "icon"}
    assert shown <= keyed
    lines = {e.get("data-line") for e in by_class(root, "mainline")}
    legend = " ".join("".join(e.itertext()) for e in by_class(root, "legend-entry"))
    for line_ in lines:
        assert line_ and line_ in legend


def test_sj_main_lines_are_named_on_the_map() -> None:
    from framework.render.map import render_map

    root = ET.fromstring(render_map(title("18SJ")).encode())
    labels = {"".join(t.itertext()) for g in by_class(root, "mainline") for t in g.iter(f"{NS}text")}
    assert labels == set(title("18SJ").map.mainlines)


def test_scale_doubles_the_png(tmp_path: Path) -> None:
    from cairo_support import need_cairo
    from typer.testing import CliRunner

    from framework.cli.main import app

    need_cairo()
    sizes = []
    for scale in ("1", "2"):
        target = tmp_path / f"map-{scale}.png"
        result = CliRunner().invoke(
            app, ["render", str(ROOT / "titles" / "1889"), "-o", str(target), "--scale", scale]
        )
        assert result.exit_code == 0, result.output
        head = target.read_bytes()[16:24]
        sizes.append((int.from_bytes(head[:4], "big"), int.from_bytes(head[4:], "big")))
    (w1, h1), (w2, h2) = sizes
    assert abs(w2 - 2 * w1) <= 1 and abs(h2 - 2 * h1) <= 1
    bad = CliRunner().invoke(
        app, ["render", str(ROOT / "titles" / "1889"), "-o", str(tmp_path / "m.svg"), "--scale", "2"]
    )
    assert bad.exit_code == 1
