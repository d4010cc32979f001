"""What the play page shows of a position besides the map: every choice written out in
words, tile lays drawn in place on their hex, the city a token goes in, the routes a
train may run (for the page's route editor), and the viewer's panels.

These are plain functions of a game; :meth:`framework.serve.games.LiveGame.state` puts
them together.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from framework.bots.base import amount_field
from framework.engine import operating, trains
from framework.engine.steps.track import parse_city
from framework.render import panels
from framework.render.hexes import draw_hex
from framework.render.map import game_views, geometry_for
from framework.render.marks import Palette
from framework.render.routes import recorded_routes
from framework.render.svg import group, translate

MAP_SIZE = 36.0
"""Hex size of the map a page shows."""


class LayDrawing:
    """Previews of tile lays on the page's map: the map's geometry, the hexes as they are
    and the palette, worked out once for all the lays of a position."""

    def __init__(self, game: Any):
        self.game = game
        self.geometry = geometry_for(game.title, MAP_SIZE, header=MAP_SIZE * 1.25)
        self.views = game_views(game)
        self.palette = Palette.for_title(game.title)

    def preview(self, choice: dict[str, Any]) -> dict[str, Any]:
        """For a tile lay: its ``hex``, and ``preview``, the hex drawn with the tile laid
        as the choice lays it, placed where the hex is on the page's map (the page shows
        it there when the hex is clicked)."""
        hex_id, rotation = str(choice["hex"]), int(choice["rotation"])
        name = str(choice["tile"]).rsplit("-", 1)[0]
        face = self.game.board.faces.get(name, rotation)
        laid = replace(
            self.views[hex_id],
            face=face,
            color=face.color,
            tile=name,
            rotation=rotation,
            terrain={},
            mainline=None,
            river=None,
        )
        x, y = self.geometry.centre(hex_id)
        drawn = draw_hex(laid, self.geometry.shape, self.palette)
        return {"hex": hex_id, "preview": group([drawn], cls="preview", transform=translate(x, y))}


def panels_html(game: Any) -> str:
    """The viewer's panels for the live game: the share table, the trains with the depot
    and phase, and the private companies (each left out when the title has none)."""
    money = game.title.title.money
    parts = [
        ("Shares", panels.share_table_html(panels.share_columns(game), panels.share_table_data(game))),
        ("Trains", panels.trains_html(panels.trains_data(game), money)),
    ]
    companies = panels.companies_data(game)
    if companies:
        parts.append(("Companies", panels.companies_html(companies, money)))
    return "".join(f"<h3>{title}</h3>{html}" for title, html in parts if html)


def describe_choice(game: Any, entity: str, kind: str, choice: dict[str, Any]) -> dict[str, Any]:
    """A choice written out for a page: ``text``, and ``min``, ``max``, ``step`` for an amount."""
    money = game.title.title.money
    parts: list[str] = []
    for name, value in choice.items():
        if name in ("max", "step") or value is None:
            continue
        if name == "share_price":
            parts.append(f"par {money(int(str(value).split(',')[0]))}")
        elif name == "shares":
            percent = choice.get("percent")
            parts.append(", ".join(map(str, value)) + (f" ({percent}%)" if percent else ""))
        elif name == "percent":
            continue
        elif name in ("price", "amount") and isinstance(value, int):
            parts.append(f"{money(value)}" + (f" to {money(choice['max'])}" if "max" in choice else ""))
        elif name in ("company", "corporation", "target", "minor"):
            parts.append(f"{game.name(str(value))}")
        elif isinstance(value, list):
            parts.append(f"{name} {', '.join(map(str, value))}")
        else:
            parts.append(f"{name.replace('_', ' ')} {value}")
    out: dict[str, Any] = {"text": "; ".join(parts) or kind.replace("_", " ")}
    if "max" in choice:
        field = amount_field(choice)
        out.update({"min": choice[field], "max": choice["max"], "step": choice.get("step") or 1})
    return out


def token_spot(game: Any, choice: dict[str, Any]) -> dict[str, Any]:
    """For a token: the ``hex`` and ``node`` (the city's index on its tile) where it goes,
    which the map marks (``data-node`` of the city), and the place in words."""
    hex_id, node = parse_city(game, str(choice["city"]))
    name = game.hexmap.hexes[hex_id].name
    cities = [k for k, n in enumerate(game.board.face(hex_id).nodes) if n.kind == "city"]
    where = f"{name} ({hex_id})" if name else hex_id
    if len(cities) > 1:
        where += f", city {cities.index(node) + 1} of {len(cities)}" if node in cities else ""
    return {"hex": hex_id, "node": node, "text": f"a token in {where}"}


def route_editor(game: Any, entity: str, run: dict[str, Any], answer: Any) -> dict[str, Any]:
    """For running routes: the ``trains`` to run (id and name) and the best ``routes``
    the route search found (``proven`` when it proved them best), each as its train,
    stop hexes, revenue and text — the routes a person starts from and may redraw."""
    money = game.title.title.money
    best = {str(r["train"]): r for r in run.get("routes") or []}
    trains_ = [
        {"id": t.id, "name": t.name, "route": _route_summary(best.get(t.id), money)}
        for t in trains.owned(game, entity)
        if not t.ran
    ]
    return {
        "trains": trains_,
        "total": money(answer.total),
        "proven": bool(answer.proven),
        "text": ("proven best" if answer.proven else "best found") + f" routes, {money(answer.total)}",
    }


def _route_summary(route: dict[str, Any] | None, money: Any) -> dict[str, Any]:
    if route is None:
        return {"hexes": [], "revenue": money(0), "text": "", "error": None}
    return {
        "hexes": list(route.get("hexes") or []),
        "revenue": money(int(route.get("revenue") or 0)),
        "text": str(route.get("revenue_str") or ""),
        "error": None,
    }


def drawn_routes(game: Any, entity: str, run: dict[str, Any]) -> list[Any]:
    """The routes of a ``run_routes`` action, ready for the page's map."""
    shape = geometry_for(game.title, MAP_SIZE, header=MAP_SIZE * 1.25).shape
    return recorded_routes(game.board, shape, entity, run, operating.track_groups(game))


def turn_routes(game: Any, effective: list[dict[str, Any]]) -> list[Any]:
    """The routes the company operating in ``game`` ran this turn (a page draws them until
    its turn ends), from the actions in effect that made ``game``."""
    entity = game.current_entity()
    if game.finished or entity is None or not any(t.ran for t in trains.owned(game, str(entity))):
        return []  # trains run once an operating round: one that ran, ran this turn
    for action in reversed(effective):
        if action.get("type") == "run_routes" and str(action.get("entity")) == entity:
            return drawn_routes(game, entity, action)
    return []
