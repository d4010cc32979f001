"""Pictures: the 18SJ map, tile sheet and market, game positions, a flat layout, output
files and the ``render`` command. Every SVG must parse, and show what the data says."""

from __future__ import annotations

import importlib.abc
import math
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from cairo_support import need_cairo
from typer.testing import CliRunner

from framework.base.atomic import WriteError
from framework.base.grid import Grid
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for
from framework.render import output
from framework.render.geometry import HexShape, MapGeometry
from framework.render.map import DEFAULT_SIZE, render_map
from framework.render.market import render_market
from framework.render.output import PictureTooLarge, RenderError, to_png, write_picture
from framework.render.position import render_position
from framework.render.routes import best_routes_for
from framework.render.tilesheet import render_tiles, upgrade_targets
from framework.title.loader import load_title

ROOT = Path(__file__).resolve().parents[1]
SJ = ROOT / "titles" / "18SJ"
GAME = SJ / "games" / "166116.json"
TINY = ROOT / "tests" / "titles" / "tiny"
NS = {"s": "http://www.w3.org/2000/svg"}


@cache
def sj():
    return load_title(SJ)


@cache
def game_after(action_id: int | None):
    record = GameFile.read(GAME)
    return replay(record, game_title(), stop_after=action_id).game


@cache
def game_title():
    return title_for(GameFile.read(GAME))


@cache
def sj_map() -> ET.Element:
    return parse(render_map(sj()))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def hex_groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-hex"): g for g in by_class(root, "hex")}


def words(element: ET.Element) -> str:
    """The visible text under an element (tooltips left out)."""
    out = []
    for e in element.iter():
        if e.tag.endswith("text") and e.text and e.get("class") != "halo":
            out.append(e.text)
    return " ".join(out)


def translation(element: ET.Element) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


# -- the 18SJ map ----------------------------------------------------------


def test_map_has_every_hex_with_its_name():
    hexes = hex_groups(sj_map())
    assert len(hexes) == 83 == len(sj().map.hexes)
    assert set(hexes) == set(sj().map.hexes)
    named = {h: hx.name for h, hx in sj().map.hexes.items() if hx.name}
    assert len(named) == 27
    for hex_id, name in named.items():
        shown = words(by_class(hexes[hex_id], "name")[0])
        assert shown.replace(" ", "") == name.replace(" ", ""), hex_id


def test_hexes_lie_where_the_reference_puts_them():
    """Pointy hexes, px = x·(√3/2)·s and py = y·(3/2)·s plus one offset (reference §a.1)."""
    hexes = hex_groups(sj_map())
    s = DEFAULT_SIZE
    grid = Grid("pointy", "rows")
    ox, oy = translation(hexes["A2"])
    for hex_id, group_ in hexes.items():
        x, y = grid.xy(hex_id)
        px, py = translation(group_)
        ax, ay = grid.xy("A2")
        assert px - ox == pytest.approx((x - ax) * math.sqrt(3) / 2 * s, abs=0.02)
        assert py - oy == pytest.approx((y - ay) * 1.5 * s, abs=0.02)
    # north points right: Narvik (B31) far right, Malmö (A2) far left, Stockholm below Uppsala's row
    assert translation(hexes["B31"])[0] > translation(hexes["G26"])[0] > translation(hexes["A2"])[0]
    # a pointy hex has a corner straight up
    corners = by_class(hexes["A2"], "hex-fill")[0].get("points").split()
    points = [tuple(float(v) for v in p.split(",")) for p in corners]
    assert any(abs(px) < 0.01 and py == pytest.approx(-s, abs=0.01) for px, py in points)


def test_stockholms_hamn_pays_by_phase_and_nothing_in_yellow():
    hamn = hex_groups(sj_map())["H9"]
    boxes = [(b.get("data-phase"), int(b.get("data-value"))) for b in by_class(hamn, "phase-revenue")]
    assert boxes == [("green", 30), ("brown", 40)]
    malmo = hex_groups(sj_map())["A2"]
    boxes = [(b.get("data-phase"), int(b.get("data-value"))) for b in by_class(malmo, "phase-revenue")]
    assert boxes == [("yellow", 20), ("green", 40), ("brown", 50)]
    assert [i.get("data-icon") for i in by_class(hamn, "icon")] == ["O", "b", "S"]


def test_lake_vattern_is_impassable_and_crossings_cost():
    root = sj_map()
    impassable = by_class(root, "impassable")
    pairs = {frozenset(g.get("data-hexes").split("/")) for g in impassable}
    assert pairs == {frozenset({"C8", "D9"}), frozenset({"D9", "C10"}), frozenset({"C10", "D11"})}
    hexes = hex_groups(root)
    for g in impassable:
        a, b = g.get("data-hexes").split("/")
        (ax, ay), (bx, by) = translation(hexes[a]), translation(hexes[b])
        line = g.find("s:line", NS)
        mx = (float(line.get("x1")) + float(line.get("x2"))) / 2
        my = (float(line.get("y1")) + float(line.get("y2"))) / 2
        assert (mx, my) == (pytest.approx((ax + bx) / 2, abs=0.05), pytest.approx((ay + by) / 2, abs=0.05))
    mountain = by_class(root, "mountain")
    assert [(g.get("data-hexes"), g.get("data-cost")) for g in mountain] == [("B11/C12", "75")]


def test_terrain_icons_mainlines_and_homes():
    hexes = hex_groups(sj_map())
    terrain = {
        h: [(t.get("data-terrain"), t.get("data-cost")) for t in by_class(g, "terrain")]
        for h, g in hexes.items()
    }
    assert terrain["C30"] == [("mountain", "150")]
    assert terrain["F9"] == [("mountain", "150")]
    assert sum(1 for t in terrain.values() if t) == sum(1 for hx in sj().map.hexes.values() if hx.terrain)
    assert [i.get("data-icon") for i in by_class(hexes["A6"], "icon")] == ["port", "port"]
    assert [i.get("data-icon") for i in by_class(hexes["D19"], "icon")] == ["B"]
    mainline_hexes = {h for h, g in hexes.items() if by_class(g, "mainline")}
    assert mainline_hexes == {h for h, hx in sj().map.hexes.items() if hx.mainline}
    assert len(mainline_hexes) == 20
    assert [r.get("data-corp") for r in by_class(hexes["G10"], "reserved")] == ["SWB"]
    assert "A" in words(hexes["G10"]) and "Y" in words(hexes["C2"])  # labels


def test_coordinates_around_the_edge():
    labels = words(by_class(sj_map(), "coordinates")[0]).split()
    for letter in "ABCDEFGH":
        assert labels.count(letter) == 2
    for number in range(1, 32):
        assert labels.count(str(number)) == 2


# -- tile sheet and market ---------------------------------------------------


def test_tile_sheet_lists_every_tile_with_its_count_and_upgrades():
    root = parse(render_tiles(sj()))
    tiles = {t.get("data-tile"): t for t in by_class(root, "tile")}
    assert len(tiles) == 43 == len(sj().tiles)
    for name, spec in sj().tiles.items():
        assert tiles[name].get("data-count") == str(spec.count)
        caption = words(by_class(tiles[name], "tile-name")[0])
        assert caption.split()[0] == name
        assert caption.endswith("∞" if spec.count == "unlimited" else str(spec.count))
        assert tiles[name].get("data-color") == spec.color
    assert tiles["57"].get("data-upgrades") == "14 15 619"
    assert upgrade_targets(sj(), "X4") == ["X5"]
    assert "no upgrade" in words(tiles["39"])
    # brown 63 and 611 become the gray X6; revenue shows on the tile
    assert tiles["63"].get("data-upgrades") == "X6"
    assert [r.get("data-value") for r in by_class(tiles["X5"], "revenue")] == ["90"]


def test_tile_sheet_during_a_game_counts_what_is_left():
    game = game_after(None)
    root = parse(render_tiles(game.title, board=game.board))
    tiles = {t.get("data-tile"): words(by_class(t, "tile-name")[0]) for t in by_class(root, "tile")}
    assert tiles["X5"].split() == ["X5", "0/1"]
    assert tiles["7"].split() == ["7", "∞/∞"]


def test_market_shows_every_cell_the_par_cells_and_the_end():
    root = parse(render_market(sj()))
    cells = by_class(root, "cell")
    assert len(cells) == 84
    par = sorted((int(c.get("data-row")), int(c.get("data-price"))) for c in by_class(root, "par"))
    assert par == [(0, 100), (1, 90), (2, 82), (3, 76), (4, 71), (5, 67)]
    assert sorted(int(c.get("data-price")) for c in by_class(root, "end")) == [375, 400]
    assert len(by_class(root, "dividend-line")) == 5
    maroon = [c for c in cells if "maroon" in (c.get("data-zones") or "")]
    assert sorted(int(c.get("data-price")) for c in maroon) == [20, 30, 30, 40, 40, 40]
    assert not by_class(root, "market-token")


def test_market_of_a_game_shows_where_each_corporation_stands():
    game = game_after(600)
    root = parse(render_market(game.title, game.market))
    tokens = by_class(root, "market-token")
    assert {t.get("data-corp") for t in tokens} == set(game.market.positions)
    cells = {(int(c.get("data-row")), int(c.get("data-col"))): c for c in by_class(root, "cell")}
    for token in tokens:
        row, col = game.market.positions[token.get("data-corp")]
        x, y = float(cells[(row, col)][0].get("x")), float(cells[(row, col)][0].get("y"))
        cx, cy = float(token[0].get("cx")), float(token[0].get("cy"))
        assert x < cx < x + 56 and y < cy < y + 46


# -- game positions --------------------------------------------------------------


def token_colours(root: ET.Element, hex_id: str) -> dict[str, str]:
    group_ = hex_groups(root)[hex_id]
    return {t.get("data-corp"): t.find("s:circle", NS).get("fill") for t in by_class(group_, "token")}


def action_before(action_id: int) -> int:
    ids = [a.get("id") for a in GameFile.read(GAME).effective() if not a.get("auto")]
    return ids[ids.index(action_id) - 1]


def test_a_placed_token_appears_in_its_city_in_its_colour():
    before = parse(render_position(game_after(action_before(432))))
    after = parse(render_position(game_after(432)))  # UGJ places a token in Oslo (A16)
    assert "UGJ" not in token_colours(before, "A16")
    assert token_colours(after, "A16") == {"UGJ": "lime"}
    assert token_colours(after, "F13")["UGJ"] == "lime"  # its home


def test_late_position_has_state_railway_tokens_and_tiles_in_rotation():
    game = game_after(None)
    root = parse(render_position(game, caption="at the end"))
    sj_colour = game.title.rules.nationalization.national.color
    assert token_colours(root, "G10")["SJ"] == sj_colour
    hexes = hex_groups(root)
    shape = HexShape("pointy", DEFAULT_SIZE)
    straight = [(h, p) for h, p in game.board.placed.items() if p.name == "9"]
    assert straight
    for hex_id, placed in straight:  # tile 9 is track 0-3: after turning, edges r and r+3
        d = by_class(hexes[hex_id], "track")[0].get("d")
        ends = [tuple(map(float, xy)) for xy in re.findall(r"([-\d.]+),([-\d.]+)", d)]
        wanted = [shape.edge_mid(placed.rotation), shape.edge_mid((placed.rotation + 3) % 6)]
        for got, want in zip(sorted(ends), sorted(wanted), strict=True):
            assert got == (pytest.approx(want[0], abs=0.02), pytest.approx(want[1], abs=0.02))
    title_text = hexes["G10"].find("s:title", NS).text
    assert "X5" in title_text and "rotation 5" in title_text
    assert "Corporations" in words(root) and "Players" in words(root)


def test_reserved_homes_in_an_early_position():
    root = parse(render_position(game_after(1)))
    held = {r.get("data-corp") for r in by_class(root, "reserved")}
    assert {"SWB", "BJ", "KFJ", "UGJ"} <= held


def test_best_routes_drawn_over_the_map():
    game = game_after(None)
    best = best_routes_for(game, "ÖKJ", HexShape("pointy", DEFAULT_SIZE))
    assert best is not None and best.proven and best.total == 930
    root = parse(render_position(game, routes=best.routes, routes_heading=f"ÖKJ {best.total}"))
    routes = by_class(root, "route")
    assert [r.get("data-train") for r in routes] == ["D-0"]
    # every path the train uses is recoloured in its hex (none left to draw over the map),
    # and drawn again on top where it meets other track
    recoloured = by_class(root, "route-track")
    tops = by_class(root, "route-top")
    assert len(recoloured) - len(tops) == len(best.routes[0].segments)
    assert tops and set(map(id, tops)) <= set(map(id, recoloured))
    assert not routes[0].findall("s:path", NS)
    assert "930" in words(by_class(root, "route-legend")[0])


# -- flat layout --------------------------------------------------------------

FLAT_MAP = """\
map:
  layout: flat
  icons:
    W: {description: The west coast.}
    E: {description: The east coast.}
  mainlines:
    ML: {name: The main line}
  hexes:
    A2:
      color: red
      name: Westport
      offboards: [{revenue: {yellow: 20, green: 40}}]
      paths: [{a: 0, b: offboard, terminal: true}]
      icons: [W]
    A4:
      name: Middleton
      cities: [{revenue: 0}]
      borders: [{edge: 4, type: water, cost: 20}]
    A6:
      color: gray
      name: Eastport
      cities: [{revenue: 30}]
      paths: [[3, city], [4, city]]
      icons: [E]
    B1:
      terrain: {mountain: 40}
    B3:
      borders: [{edge: 1, type: water, cost: 20}]
      mainline: {line: ML, edges: [3, 0]}
    B5:
      name: Southby
      cities: [{revenue: 0}]

"""


@pytest.fixture
def flat_title(tmp_path):
    """The tiny test title with its map laid out flat (letters name columns)."""
    folder = tmp_path / "flat"
    shutil.copytree(TINY, folder)
    original = (TINY / "map.yaml").read_text(encoding="utf-8")
    tiles = original[original.index("\ntiles:") + 1 :]
    (folder / "map.yaml").write_text(FLAT_MAP + tiles, encoding="utf-8")
    return load_title(folder)


def test_flat_layout(flat_title):
    root = parse(render_map(flat_title))
    hexes = hex_groups(root)
    assert set(hexes) == {"A2", "A4", "A6", "B1", "B3", "B5"}
    s = DEFAULT_SIZE
    # a flat hex has corners left and right, and A4 lies straight below A2
    points = [
        tuple(map(float, p.split(","))) for p in by_class(hexes["A2"], "hex-fill")[0].get("points").split()
    ]
    assert any(px == pytest.approx(s, abs=0.01) and abs(py) < 0.01 for px, py in points)
    (ax, ay), (bx, by) = translation(hexes["A2"]), translation(hexes["A4"])
    assert bx == pytest.approx(ax) and by - ay == pytest.approx(math.sqrt(3) * s, abs=0.02)
    # B1 is up and to the right of A2: 1.5·s across, half a hex up
    cx, cy = translation(hexes["B1"])
    assert cx - ax == pytest.approx(1.5 * s) and cy - ay == pytest.approx(-math.sqrt(3) / 2 * s, abs=0.02)
    # the off-board track runs to the bottom edge (edge 0 of a flat hex)
    arrow = by_class(hexes["A2"], "offboard-track")[0].get("points").split()
    base = [tuple(map(float, p.split(","))) for p in arrow[:2]]
    assert all(py == pytest.approx(math.sqrt(3) / 2 * s, abs=0.05) for _, py in base)
    assert [(g.get("data-hexes"), g.get("data-cost")) for g in by_class(root, "water")] == [("A4/B3", "20")]
    assert by_class(hexes["B3"], "mainline") and words(hexes["A6"]).count("30") == 1
    assert "Middleton" in words(hexes["A4"])
    labels = words(by_class(root, "coordinates")[0]).split()
    assert sorted(set(labels)) == sorted({"A", "B", "1", "2", "3", "4", "5", "6"})


def test_geometry_of_both_layouts():
    for layout in ("pointy", "flat"):
        shape = HexShape(layout, 30)
        for edge in range(6):
            mid = shape.edge_mid(edge)
            a, b = shape.edge_ends(edge)
            assert ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) == (pytest.approx(mid[0]), pytest.approx(mid[1]))
        grid = Grid(layout, "rows" if layout == "pointy" else "columns")
        geo = MapGeometry.for_hexes(grid, ["B3"], 30, margin=0)
        for edge in range(6):  # the neighbour across an edge lies in that edge's direction
            other = grid.neighbour("B3", edge)
            x, y = geo.centre(other)
            cx, cy = geo.centre("B3")
            mid = shape.edge_mid(edge)
            assert (x - cx, y - cy) == (pytest.approx(2 * mid[0]), pytest.approx(2 * mid[1]))


# -- output ----------------------------------------------------------------------


def test_pictures_are_written_atomically(tmp_path):
    target = tmp_path / "map.svg"
    target.write_text("old", encoding="utf-8")
    write_picture(target, render_map(load_title(TINY)))
    assert target.read_text(encoding="utf-8").startswith("<?xml")
    assert [p.name for p in tmp_path.iterdir()] == ["map.svg"]
    with pytest.raises(WriteError, match="does not exist"):
        write_picture(tmp_path / "no" / "map.svg", "<svg/>")


def test_a_png_is_written(tmp_path):
    need_cairo()
    write_picture(tmp_path / "map.png", render_map(load_title(TINY)))
    assert (tmp_path / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_needs_cairosvg(monkeypatch):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(RenderError, match=r"pip install 'rails18xx\[png\]'"):
        to_png(render_map(load_title(TINY)))


class _NoCairoLibrary(importlib.abc.MetaPathFinder):
    """cairosvg installed without the Cairo library: cairocffi's import fails as it does
    then, with an OSError."""

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("cairosvg", "cairocffi"):
            raise OSError("no library called \"cairo-2\" was found\ncannot load library 'libcairo.so.2'")
        return None


def test_png_without_the_cairo_library_names_the_system_package(monkeypatch, tmp_path):
    for name in [m for m in sys.modules if m.split(".")[0] in ("cairosvg", "cairocffi")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoCairoLibrary(), *sys.meta_path])
    with pytest.raises(RenderError) as caught:
        to_png(render_map(load_title(TINY)))
    assert "pip install" not in str(caught.value)  # cairosvg is there: pip cannot help
    assert "apt-get install libcairo2" in str(caught.value)
    from framework.cli.main import app

    result = run(app, "render", TINY, "-o", tmp_path / "map.png")
    assert result.exit_code == 1 and "the Cairo library" in result.output
    assert not (tmp_path / "map.png").exists()


def test_a_png_too_large_for_cairo_is_refused_before_it_is_drawn(monkeypatch, tmp_path):
    need_cairo()
    with pytest.raises(PictureTooLarge) as caught:
        to_png('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="10"/>', scale=10)
    assert str(caught.value) == (
        "the PNG would be 40,000 × 100 pixels at scale 10, more than Cairo draws "
        "(32,767 on a side); at most --scale 8.1 for this picture"
    )
    from framework.cli.main import app

    monkeypatch.setattr(output, "CAIRO_MOST", 1000)
    result = run(app, "render", TINY, "-o", tmp_path / "map.png", "--scale", "10")
    assert result.exit_code == 2 and "Invalid value for '--scale': the PNG would be" in result.output
    assert not (tmp_path / "map.png").exists()


def test_cairo_running_out_of_memory_is_a_message(monkeypatch):
    need_cairo()
    import cairosvg  # type: ignore[import-not-found]

    def out_of_memory(**_):
        raise MemoryError

    monkeypatch.setattr(cairosvg, "svg2png", out_of_memory)
    with pytest.raises(PictureTooLarge, match=r"Cairo cannot draw the PNG, .* pixels at scale 9: a smaller"):
        to_png(render_map(load_title(TINY)), scale=9)


# -- the command -----------------------------------------------------------------


@pytest.fixture
def cli():
    from framework.cli.main import app

    return app


def run(app, *args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_render_command(cli, tmp_path):
    out = tmp_path / "map.svg"
    result = run(cli, "render", SJ, "--out", out)
    assert result.exit_code == 0, result.output
    assert len(hex_groups(parse(out.read_text(encoding="utf-8")))) == 83
    result = run(cli, "render", SJ, "--tiles", "--out", tmp_path / "tiles.svg")
    assert result.exit_code == 0 and len(by_class(parse((tmp_path / "tiles.svg").read_text()), "tile")) == 43
    result = run(cli, "render", GAME, "--market", "--at", 600, "--out", tmp_path / "market.svg")
    assert result.exit_code == 0 and by_class(parse((tmp_path / "market.svg").read_text()), "market-token")
    result = run(cli, "render", GAME, "--at", 432, "--out", tmp_path / "pos.svg")
    assert result.exit_code == 0
    assert token_colours(parse((tmp_path / "pos.svg").read_text()), "A16") == {"UGJ": "lime"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["render", "nowhere"], "no such file or folder"),
        (["render", SJ, "--at", 5], "need a game file"),
        (["render", SJ, "--tiles", "--market"], "choose one"),
        (["render", GAME, "--routes", "XYZ"], "no corporation 'XYZ'"),
        (["render", SJ, "--out", "map.pdf"], "must end in .svg or .png"),
        (["view", "nowhere.json"], "no such file"),
    ],
)
def test_render_errors(cli, args, message):
    result = run(cli, *args)
    assert result.exit_code == 1
    assert message in result.output


def test_render_at_an_action_the_game_lacks_is_a_usage_error(cli):
    result = run(cli, "render", GAME, "--at", 99999)
    assert result.exit_code == 2
    assert "the game has no action 99999" in result.output


# -- 18Steam: the goods layer ---------------------------------------------------------


@cache
def steam_position():
    """A mid-game 18Steam position the bots played (see steam_bot_game), and its SVG."""
    from steam_bot_game import steam_bot_game

    record = steam_bot_game()
    game = replay(record, title_for(record)).game
    return game, parse(render_position(game))


def test_steam_track_is_drawn_in_its_owners_colours_and_incomplete_track_is_marked():
    game, root = steam_position()
    colours = {sym: spec.color for sym, spec in game.title.corporations.items()}
    track = game.layer_state.track(game)
    drawn = by_class(root, "goods-track")
    assert len(drawn) == sum(len(p.segments) for p in game.layer_state.placed.values())
    owned = [g for g in drawn if g.get("data-owner")]
    assert owned and all(g.get("data-color") == colours[g.get("data-owner")] for g in owned)
    for g in owned:
        strokes = {e.get("stroke") for e in g.iter() if e.tag.endswith("path")}
        assert colours[g.get("data-owner")] in strokes
    incomplete = [r for r in track.routes() if not r.is_link]
    assert len(by_class(root, "incomplete")) == sum(len(r.segments) for r in incomplete) > 0
    for g in by_class(root, "incomplete"):
        assert any(e.get("stroke-dasharray") for e in g.iter() if e.tag.endswith("path"))
    loose = [s for r in incomplete for s in (r.start, r.end) if s.kind == "loose"]
    ends = by_class(root, "track-end")
    assert len(ends) == len(loose) > 0
    assert {(e.get("data-hex"), int(e.get("data-edge"))) for e in ends} == {(s.hex, s.edge) for s in loose}
    links = [r for r in track.links() if r.owner]
    assert links and all(
        any(g.get("data-owner") == r.owner and "incomplete" not in g.get("class") for g in owned)
        for r in links
    )


def test_steam_cities_show_their_colour_and_their_cubes():
    game, root = steam_position()
    cities = {g.get("data-hex"): g for g in by_class(root, "goods-city-group")}
    assert set(cities) == set(game.title.layer.cities) | set(game.layer_state.new_cities)
    for hex_id, g in cities.items():
        cubes = game.layer_state.cubes.get(hex_id, [])
        assert g.get("data-cubes") == ",".join(cubes)
        squares = [e.get("data-color") for e in by_class(g, "cube")]
        assert squares == (cubes if len(cubes) <= 8 else cubes[:7])
        letter = game.layer_state.new_cities.get(hex_id)
        spec = game.title.layer.new_cities[letter] if letter else game.title.layer.cities[hex_id]
        assert g.get("data-color") == spec.color
        if letter:
            assert "new-city" in g.get("class") and words(g) == letter
    assert game.layer_state.new_cities and any(game.layer_state.cubes.values())


def test_steam_panels_show_income_locomotive_and_expenses():
    game, root = steam_position()
    panels = {g.get("data-corp"): g for g in by_class(root, "goods-panel")}
    assert set(panels) == {s for s, c in game.corporations.items() if not c.closed}
    money = game.title.title.money
    for sym, g in panels.items():
        corp = game.corporations[sym]
        income = corp.counters.get("income", 0)
        loco = corp.counters.get("locomotive", 0)
        expenses = loco * game.title.layer.expenses_per_locomotive
        assert (g.get("data-income"), g.get("data-locomotive"), g.get("data-expenses")) == (
            str(income),
            str(loco),
            str(expenses),
        )
        shown = words(g)
        assert f"income {income}" in shown and f"locomotive {loco}" in shown
        if sym in game.layer_state.order:
            assert f"expenses {money(expenses)}" in shown and f"treasury {money(corp.cash)}" in shown
    assert any(c.counters.get("income", 0) for c in game.corporations.values())
    chart = by_class(root, "goods-display")[0]
    waiting = [c for slots in game.layer_state.display.values() for c in slots if c]
    assert sorted(e.get("data-color") for e in by_class(chart, "display-cube")) == sorted(waiting)
    assert len(by_class(chart, "column")) == len(game.layer_state.display)
    assert f"bag: {sum(game.layer_state.bag.values())} cubes" in words(chart)


def test_steam_rivers_are_drawn_as_rivers_and_the_turn_is_numbered():
    game, root = steam_position()
    rivers = {g.get("data-hex") for g in by_class(root, "hex") if by_class(g, "river")}
    assert rivers == {h for h, hx in game.title.map.hexes.items() if "river" in hx.terrain}
    for g in by_class(root, "river"):
        assert g.find("s:path", NS) is not None
    assert "river" not in words(root)
    mountains = [g for g in by_class(root, "terrain") if g.get("data-terrain") == "mountain"]
    assert len(mountains) == sum(1 for hx in game.title.map.hexes.values() if "mountain" in hx.terrain)
    status = words(by_class(root, "status")[0])
    assert f"Turn {game.turn} · build" in status
    assert "Depot" not in words(root)


def test_render_command_draws_an_18steam_game(cli, tmp_path):
    import json

    from steam_bot_game import steam_bot_game

    path = tmp_path / "steam.json"
    path.write_text(json.dumps(steam_bot_game().raw), encoding="utf-8")
    result = run(cli, "render", path, "--out", tmp_path / "steam.svg")
    assert result.exit_code == 0, result.output
    root = parse((tmp_path / "steam.svg").read_text(encoding="utf-8"))
    assert by_class(root, "layer") and by_class(root, "goods-panel")
    result = run(cli, "render", path, "--routes", "RED", "--out", tmp_path / "routes.svg")
    assert result.exit_code == 1 and "has no trains, so no routes to draw" in result.output
