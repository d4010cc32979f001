"""The tile sheet: every tile of the manifest with its name, count and upgrades.

Tiles are grouped by colour (yellow, green, brown, gray) in manifest order and
drawn unturned (rotation 0), so the sheet shows the track as the manifest
writes it. Under each tile: its name, how many there are (``∞`` for unlimited;
during a game, how many are left) and the tiles it may be upgraded to — the
listed ``upgrades``, or those the general upgrade rule allows.

:func:`library_title` puts the whole standard tile library in a title's place, so
the same sheet draws the library (``18xx render TITLE --tiles --library``).
"""

from __future__ import annotations

from framework.board.board import Board
from framework.render.geometry import HexShape
from framework.render.hexes import HexView, draw_hex
from framework.render.marks import Palette
from framework.render.svg import document, group, text, title, translate
from framework.title.base import TILE_COLORS, keyed
from framework.title.faces import make_face
from framework.title.library import standard_tiles
from framework.title.model import Title
from framework.title.tiles import Tile, UpgradeRule
from framework.title.upgrades import keeping_rotations

TILE_SIZE = 40.0


def upgrade_targets(title_: Title, name: str) -> list[str]:
    """The tiles ``name`` may become: its ``upgrades``, or by the general rule."""
    tile = title_.tiles[name]
    if tile.upgrades is not None:
        return list(tile.upgrades)
    rule = title_.rules.track.upgrades if title_.rules.track is not None else UpgradeRule()
    colors = list(rule.colors)
    if tile.color not in colors or colors.index(tile.color) + 1 >= len(colors):
        return []
    wanted = colors[colors.index(tile.color) + 1]
    out = []
    for other_name, other in title_.tiles.items():
        if other.color != wanted:
            continue
        if rule.keep_label and other.label != tile.label:
            continue
        centres = ("city", "town")
        if (
            rule.keep_revenue_centres
            and not tile.label
            and any(tile.node_count(k) != other.node_count(k) for k in centres)
        ):
            continue
        if rule.keep_track and not keeping_rotations(tile, other):
            continue
        out.append(other_name)
    return out


def library_title(title_: Title) -> Title:
    """``title_`` with the whole standard tile library as its manifest (each tile
    unlimited), to draw the library in that title's layout and colours."""
    tiles = {
        name: Tile.model_validate({**entry, "count": "unlimited"}) for name, entry in standard_tiles().items()
    }
    return title_.model_copy(update={"tiles": keyed(tiles)})


def wrap(words: list[str], width: int) -> list[str]:
    """Comma-separated ``words`` in lines of about ``width`` characters."""
    lines: list[str] = []
    current = ""
    for word in words:
        piece = word if not current else f"{current}, {word}"
        if current and len(piece) > width:
            lines.append(current + ",")
            current = word
        else:
            current = piece
    if current:
        lines.append(current)
    return lines


def _longest_caption(title_: Title, board: Board | None) -> int:
    """The characters of the longest caption under a tile (``name  ×count``, in a game
    ``name  left/count``), so that long tile names get wider cells."""
    longest = 0
    for name, tile in title_.tiles.items():
        count = 1 if tile.count == "unlimited" else len(str(tile.count))
        longest = max(longest, len(name) + 3 + (2 * count + 1 if board else count))
    return longest


def render_tiles(
    title_: Title,
    *,
    board: Board | None = None,
    size: float = TILE_SIZE,
    columns: int = 9,
    heading: str | None = None,
    library: bool = False,
) -> str:
    """The tile sheet as an SVG document; with a ``board``, counts are what is left.
    ``heading`` replaces the title's name over the sheet. For the standard tile
    ``library`` (see :func:`library_title`) the captions give the tiles' names only:
    counts and upgrades are a title's."""
    shape = HexShape(title_.map.layout, size)
    palette = Palette.for_title(title_)
    cell_w = max(size * 2.75, size * (0.19 * _longest_caption(title_, board) + 0.3))
    cell_h = size * 3.55
    margin = size * 0.5
    heading_h = size * 1.1
    y = margin + heading_h
    body = [
        text(
            margin,
            margin + size * 0.35,
            heading or f"{title_.title.name} — tiles" + (" left in the supply" if board else ""),
            size=size * 0.42,
            anchor="start",
            fill="#222",
            weight="bold",
            cls="heading",
        )
    ]
    total_w = margin * 2 + cell_w * columns
    colors = list(TILE_COLORS) + [t.color for t in title_.tiles.values() if t.color not in TILE_COLORS]
    by_color = {c: [n for n, t in title_.tiles.items() if t.color == c] for c in dict.fromkeys(colors)}
    for color, names in by_color.items():
        if not names:
            continue
        body.append(
            text(
                margin,
                y + size * 0.3,
                color.capitalize(),
                size=size * 0.34,
                anchor="start",
                fill="#333",
                weight="bold",
            )
        )
        y += size * 0.7
        for k, name in enumerate(names):
            col, row = k % columns, k // columns
            x0 = margin + col * cell_w
            y0 = y + row * cell_h
            body.append(_tile_cell(title_, name, shape, palette, x0 + cell_w / 2, y0, board, library))
        y += cell_h * ((len(names) + columns - 1) // columns) + size * 0.2
    return document(total_w, y + margin, "".join(body))


def _tile_cell(
    title_: Title,
    name: str,
    shape: HexShape,
    palette: Palette,
    cx: float,
    top: float,
    board: Board | None,
    library: bool = False,
) -> str:
    tile = title_.tiles[name]
    size = shape.size
    face = make_face(name, tile, tile.color, 0)
    view = HexView(hex_id=name, color=tile.color, face=face)
    hex_cy = top + size * 1.05
    drawn = group([draw_hex(view, shape, palette)], transform=translate(cx, hex_cy))
    count = "∞" if tile.count == "unlimited" else str(tile.count)
    caption = name if library else f"{name}  ×{count}"
    if board is not None:
        left = board.supply.count(name)
        caption = f"{name}  {'∞' if left == 'unlimited' else left}/{count}"
    targets = [] if library else upgrade_targets(title_, name)
    lines = [
        text(cx, top + size * 2.3, caption, size=size * 0.3, fill="#111", weight="bold", cls="tile-name")
    ]
    for k, words in enumerate(wrap(targets, 17) if targets else [] if library else ["no upgrade"]):
        lead = "→ " if k == 0 and targets else ""
        lines.append(
            text(
                cx,
                top + size * (2.72 + 0.34 * k),
                lead + words,
                size=size * 0.26,
                fill="#333",
                cls="upgrades",
            )
        )
    tip = (
        f"tile {name}: {tile.color}"
        + ("" if library else f", {count} in the game")
        + (f"; upgrades to {', '.join(targets)}" if targets else "")
    )
    return group(
        [drawn, *lines, title(tip)],
        cls="tile",
        data_tile=name,
        data_count=tile.count,
        data_color=tile.color,
        data_upgrades=" ".join(targets),
    )
