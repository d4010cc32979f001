"""A game position: the board with its tiles and tokens, and a summary of the game.

:func:`render_position` draws the map as it is in a game — tiles in their
rotation, station tokens in their companies' colours (the state railway's
too), reserved homes, bonus markers — optionally with routes over it, and
under the map the phase and round, the corporations (price, treasury, trains,
stations) and the players (cash, certificates, companies)::

    from framework.record.gamefile import GameFile
    from framework.record.replay import replay
    game = replay(GameFile.read("titles/18SJ/games/166116.json"), stop_after=600).game
    svg = render_position(game)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from framework.render.extension import hex_pictures_svg, panels_svg
from framework.render.geometry import MapGeometry
from framework.render.legend import map_legend
from framework.render.map import DEFAULT_SIZE, game_views, geometry_for, map_layers
from framework.render.marks import Palette, text_width
from framework.render.routes import DrawnRoute, colour_routes, route_layer, route_legend
from framework.render.svg import document, element, group, text, translate


def round_label(game: Any) -> str:
    """The round as the log names it: ``Stock round 3``, ``Operating round 3.2``; a
    round before the first turn by its name (``Auction round``), any other with its
    turn (``Turn 3 · build``)."""
    rnd = game.round
    if rnd is None:
        return ""
    if rnd.kind == "stock":
        return f"Stock round {game.turn}"
    if rnd.kind == "operating":
        return f"Operating round {game.turn}.{game.or_number}"
    name: str = rnd.name.replace("_", " ")
    if game.turn < 1:
        return name.capitalize() + " round"
    return f"Turn {game.turn} · {name}"


def certificates(game: Any, player: str) -> str:
    """A player's certificates: ``SNJ 60%P, TGOJ 20%`` (``P``: president)."""
    out = []
    for sym, corp in game.corporations.items():
        percent = corp.percent_of(player)
        if percent:
            out.append(f"{sym} {percent}%" + ("P" if corp.president() == player else ""))
    return ", ".join(out)


def summary_lines(game: Any) -> tuple[list[tuple[str, str, str]], list[str]]:
    """Corporation rows (sym, colour key, text) and player lines of the position."""
    from framework.engine import trains

    money = game.title.title.money
    corps = []
    for sym, corp in game.corporations.items():
        if corp.closed:
            continue
        price = game.market.price(sym) if sym in game.market.positions else None
        held = [t.id + ("(E)" if t.variant != t.name else "") for t in trains.owned(game, sym)]
        stations = len(game.board.cities_of(sym)) if game.board is not None else 0
        president = corp.president()
        who = game.name(president) if president in game.players_by_id else "—"
        line = (
            f"{'price ' + str(price) if price is not None else 'not started'} · treasury {money(corp.cash)}"
            f" · {', '.join(held) or 'no trains'} · {stations} station{'s' if stations != 1 else ''}"
            f" · {who}"
        )
        corps.append((sym, sym, line))
    for sym, minor in game.minors.items():
        if minor.closed:
            continue
        held = [t.id for t in trains.owned(game, sym)]
        owner = game.name(minor.owner) if minor.owner else "unowned"
        corps.append((sym, sym, f"minor · {money(minor.cash)} · {', '.join(held) or 'no trains'} · {owner}"))
    players = []
    for p in game.players:
        companies = [s for s, c in game.companies.items() if c.owner == p.id]
        extra = f" · {', '.join(companies)}" if companies else ""
        players.append(f"{p.name}: {money(p.cash)} · {certificates(game, p.id) or 'no shares'}{extra}")
    return corps, players


def layer_overlay(pictures: dict[str, str], geometry: MapGeometry) -> str:
    """The pictures a title's layer draws on hexes (as SVG, from
    :meth:`framework.render.extension.LayerDrawing.hex_pictures`, each around its hex's
    centre), in place over the map."""
    parts = []
    for hex_id, svg in pictures.items():
        x, y = geometry.centre(hex_id)
        parts.append(group([svg], cls="layer-hex", data_hex=hex_id, transform=translate(x, y)))
    return group(parts, cls="layer")


def render_position(
    game: Any,
    *,
    routes: Sequence[DrawnRoute] = (),
    routes_heading: str | None = None,
    caption: str | None = None,
    size: float = DEFAULT_SIZE,
) -> str:
    """The position of ``game`` as an SVG document."""
    from framework.engine import trains

    title_ = game.title
    header = size * 1.25
    geometry = geometry_for(title_, size, header=header)
    palette = Palette.for_title(title_)
    money = title_.title.money
    views = game_views(game)
    overlays = []
    if routes or routes_heading:
        views, recoloured = colour_routes(routes, views, geometry.shape)
        overlays.append(route_layer(routes, geometry, views, palette, recoloured))
    pictures = hex_pictures_svg(game, geometry.shape)
    if pictures:  # the title's own layer (18Steam: its track, cities and cubes)
        overlays.insert(0, layer_overlay(pictures, geometry))
    body = [
        text(
            size * 0.4,
            size * 0.5,
            f"{title_.title.name}" + (f" — {caption}" if caption else ""),
            size=size * 0.36,
            anchor="start",
            fill="#222",
            weight="bold",
            cls="heading",
        ),
        text(
            size * 0.4,
            size * 1.0,
            (f"phase {game.phase} · " if game.phase is not None else "")
            + f"{round_label(game)} · bank {money(game.bank)}"
            + (f" · game over ({game.end_reason})" if game.finished else ""),
            size=size * 0.3,
            anchor="start",
            fill="#333",
            cls="status",
        ),
        map_layers(title_, views, geometry, palette, game.hexmap, overlays),
    ]
    font = size * 0.28
    row = font * 1.6
    y = geometry.height + font
    x0 = size * 0.5
    corps, players = summary_lines(game)
    panel_svg, panels_height = panels_svg(game, x0, y, geometry.width - 2 * x0, font)
    if panel_svg:  # the title's own layer (18Steam: income, locomotive, expenses)
        body.append(panel_svg)
        corps = []
        y += panels_height + row * 0.4
    else:
        body.append(text(x0, y, "Corporations", size=font * 1.1, anchor="start", fill="#222", weight="bold"))
    for k, (sym, key, words) in enumerate(corps):
        ly = y + (k + 1) * row
        fill, ink = palette.token(key)
        body.append(
            group(
                [
                    element(
                        "circle",
                        cx=x0 + font * 1.2,
                        cy=ly,
                        r=font * 0.95,
                        fill=fill,
                        stroke="#000",
                        stroke_width=1,
                    ),
                    text(
                        x0 + font * 1.2,
                        ly,
                        sym,
                        size=font * (0.8 if len(sym) <= 2 else 0.62 if len(sym) == 3 else 0.5),
                        fill=ink,
                        weight="bold",
                    ),
                    text(x0 + font * 2.8, ly, sym, size=font, anchor="start", fill="#111", weight="bold"),
                    text(x0 + font * 6.2, ly, words, size=font, anchor="start", fill="#222"),
                ],
                cls="corporation",
                data_corp=sym,
            )
        )
    x1 = x0 if panel_svg else geometry.width * 0.55
    widest = max((font * 6.2 + text_width(words, font) for _, _, words in corps), default=0.0)
    stacked = not panel_svg and x0 + widest > x1 - font  # a narrow map: players below
    if stacked:
        x1, y = x0, y + (len(corps) + 1.5) * row
    body.append(text(x1, y, "Players", size=font * 1.1, anchor="start", fill="#222", weight="bold"))
    for k, words in enumerate(players):
        body.append(text(x1, y + (k + 1) * row, words, size=font, anchor="start", fill="#222", cls="player"))
    if title_.trains:
        depot = ", ".join(t.id for t in trains.offered(game)) or "nothing"
        ly = y + (len(players) + 1.6) * row
        body.append(text(x1, ly, f"Depot offers: {depot}", size=font, anchor="start", fill="#222"))
    used = (len(players) + 2 if stacked else max(len(corps), len(players) + 2)) + 1
    bottom = y + used * row
    key, key_height = map_legend(
        title_, views.values(), x0, bottom + row * 0.5, geometry.width - 2 * x0, font, palette
    )
    if key:
        body.append(key)
        bottom += key_height + row
    if routes or routes_heading:
        legend, height = route_legend(routes, x0, bottom + row * 0.5, font, routes_heading or "Routes")
        body.append(legend)
        bottom += height + row
    lines = [x0 + widest, *(x1 + text_width(words, font) for words in players)]
    return document(max(geometry.width, max(lines) + font), bottom + font, "".join(body))
