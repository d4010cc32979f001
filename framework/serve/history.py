"""What the play page shows of a live game's past: the log lines of each action, the
hexes each action touched, the plots of net worth and share prices, and the position
after any action (the page's "looking back").

A :class:`History` watches its game's :class:`~framework.record.session.Session`
(:attr:`~framework.record.session.Session.watch`): after each action it keeps one
:class:`Step` — the action's number and entity, how many log lines there are, each
player's net worth, each corporation's share price and the hexes the action was about.
A game resumed, or made again by an undo or a redo, is watched from its start as it is
rebuilt, so the history always matches the actions in effect, at a small cost per action
(a late 18SJ game keeps some 800 steps).

:func:`page_fields` is what :meth:`~framework.serve.games.LiveGame.state` adds from it;
:func:`position_at` is the position after an action (``GET /api/games/ID/at/N``).
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine.steps.track import parse_city
from framework.record.gamefile import effective_actions
from framework.render import panels
from framework.render.map import geometry_for
from framework.render.marks import Palette
from framework.render.plots import game_plots
from framework.render.position import certificates, render_position, round_label
from framework.render.svg import element, group, translate
from framework.render.viewer import describe_action
from framework.serve.page import panels_html, turn_routes

if TYPE_CHECKING:
    from framework.serve.games import LiveGame

LOOKS_KEPT = 12
"""Positions of the past kept drawn per game (a page looking back steps among a few)."""


@dataclass
class Step:
    """The game just after one action (or, numbered 0, at its start)."""

    action: int
    entity: str
    log_end: int
    """How many log lines the game has written so far."""
    worth: list[int]
    """Each player's net worth, in seat order."""
    prices: dict[str, int]
    """Each corporation's share price, if it has one."""
    hexes: list[str] = field(default_factory=list)
    """The hexes the action was about: a tile's, a token's, an assignment's, a route's."""


def action_hexes(game: Any, action: dict[str, Any]) -> list[str]:
    """The hexes ``action`` was about, just after it was taken in ``game``."""
    found: list[str] = []
    if isinstance(action.get("hex"), str):
        found.append(action["hex"])
    if action.get("target_type") == "hex" and isinstance(action.get("target"), str):
        found.append(action["target"])
    city = action.get("city")
    if isinstance(city, str) and game.board is not None:
        with suppress(GameError):  # a city id the board no longer knows
            found.append(parse_city(game, city)[0])
    for route in action.get("routes") or []:
        if isinstance(route, dict):
            found.extend(str(h) for h in route.get("hexes") or [])
    hexes = game.title.map.hexes
    return [h for h in dict.fromkeys(found) if h in hexes]


class History:
    """One :class:`Step` per action in effect (see the module's description)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.looks: OrderedDict[int, dict[str, Any]] = OrderedDict()
        """Positions after actions already drawn (:func:`position_at`), by action number."""
        self._plots: tuple[int, int, str] | None = None

    def watch(self, game: Any, action: dict[str, Any] | None) -> None:
        """Keep the step after ``action`` (``None``: the game starts again)."""
        if action is None:
            self.steps = [self._step(game, 0, "", [])]
            return
        number = int(action.get("id") or 0)
        hexes = action_hexes(game, action)
        last = self.steps[-1] if self.steps else None
        if last is not None and last.action == number:  # an action's auto actions: the same step
            self.steps[-1] = self._step(game, number, last.entity, [*last.hexes, *hexes])
        else:
            self.steps.append(self._step(game, number, str(action.get("entity") or ""), hexes))

    @staticmethod
    def _step(game: Any, number: int, entity: str, hexes: list[str]) -> Step:
        market = game.market
        prices = {
            sym: market.price(sym)
            for sym, corp in game.corporations.items()
            if not corp.closed and sym in market.positions
        }
        return Step(
            number, entity, len(game.messages), panels.net_worth(game), prices, list(dict.fromkeys(hexes))
        )

    def index(self, number: int) -> int | None:
        """The step of action ``number`` (``None`` when it is not in effect)."""
        for k in range(len(self.steps) - 1, -1, -1):
            if self.steps[k].action == number:
                return k
        return None

    def log_actions(self) -> list[list[int]]:
        """``[action, end]`` for each action that wrote log lines: lines up to ``end``
        (and from the previous pair's end) are that action's."""
        out: list[list[int]] = []
        end = 0
        for step in self.steps:
            if step.log_end > end:
                out.append([step.action, step.log_end])
                end = step.log_end
        return out

    def marked(self, k: int | None = None) -> list[str]:
        """The hexes to outline after step ``k`` (the last by default): those of the
        latest action of the same entity's turn that was about hexes."""
        if not self.steps:
            return []
        k = len(self.steps) - 1 if k is None else k
        entity = self.steps[k].entity
        while k > 0 and self.steps[k].entity == entity:
            if self.steps[k].hexes:
                return self.steps[k].hexes
            k -= 1
        return []

    def plots(self, game: Any) -> str:
        """The plots of net worth per player and share prices over the steps so far."""
        key = (len(self.steps), self.steps[-1].action if self.steps else -1)
        if self._plots is not None and self._plots[:2] == key:
            return self._plots[2]
        worth: list[list[tuple[int, float]]] = [[] for _ in game.players]
        prices: dict[str, list[tuple[int, float]]] = {}
        for k, step in enumerate(self.steps):
            for seat, value in enumerate(step.worth):
                if not worth[seat] or worth[seat][-1][1] != value:
                    worth[seat].append((k, value))
            for sym, price in step.prices.items():
                points = prices.setdefault(sym, [])
                if not points or points[-1][1] != price:
                    points.append((k, price))
        palette = Palette.for_title(game.title)
        svg = game_plots(
            [(p.name, pts) for p, pts in zip(game.players, worth, strict=True)],
            [(sym, palette.token(sym)[0], pts) for sym, pts in prices.items()],
            max(1, len(self.steps) - 1),
        )
        self._plots = (*key, svg)
        return svg


def outline(game: Any, hexes: list[str], size: float) -> str:
    """Outlines of ``hexes`` on the play page's map (hex size ``size``), to draw over it."""
    if not hexes:
        return ""
    geometry = geometry_for(game.title, size, header=size * 1.25)
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in geometry.shape.corners(0.94))
    shapes = [
        element(
            "polygon", points=corners, cls="last-hex", data_hex=h, transform=translate(*geometry.centre(h))
        )
        for h in hexes
    ]
    return group(shapes, cls="last-hexes")


def page_fields(history: History, game: Any, size: float) -> dict[str, Any]:
    """What the play page's state adds from the history: ``log_actions`` (which action
    wrote which log lines), ``steps``, ``last_hexes`` and their ``highlight`` (an SVG
    group over the map), ``plots`` (SVG)."""
    hexes = history.marked()
    return {
        "log_actions": history.log_actions(),
        "steps": len(history.steps),
        "last_hexes": hexes,
        "highlight": outline(game, hexes, size),
        "plots": history.plots(game),
    }


def _until(actions: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The actions in effect up to action ``number``."""
    return [a for a in effective_actions(actions) if not isinstance(a.get("id"), int) or a["id"] <= number]


def position_at(live: LiveGame, number: int, size: float) -> dict[str, Any]:
    """The position just after action ``number`` (0: the start), drawn as the play page
    draws the live one: ``svg``, ``highlight``, ``panels``, ``players``, the round and
    phase, the action in words, and ``log_end`` and ``step`` to place it in the log and
    on the plots. :class:`GameError` when the game has no such action in effect.

    The game is rebuilt up to the action without holding ``live.lock`` (it is taken only
    to read the actions), and the last few positions drawn are kept."""
    with live.lock:
        history = live.history
        k = history.index(number)
        if k is None:
            last = history.steps[-1].action if history.steps else 0
            raise GameError("action", f"game {live.id} has no action {number} in effect (the last is {last})")
        if number in history.looks:
            history.looks.move_to_end(number)
            return history.looks[number]
        actions = list(live.session.actions)
        step = history.steps[k]
        marked = history.marked(k)
    game = live.session.game_at(number, actions)
    taken = next((a for a in actions if a.get("id") == number), None)
    money = game.title.title.money
    worth = panels.net_worth(game)
    out = {
        "action": number,
        "step": k,
        "log_end": step.log_end,
        "described": describe_action(game, taken) if taken else "the game starts",
        "round": round_label(game),
        "phase": game.phase,
        "finished": game.finished,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "cash": money(p.cash),
                "worth": money(w),
                "shares": certificates(game, p.id),
            }
            for p, w in zip(game.players, worth, strict=True)
        ],
        "svg": render_position(game, size=size, routes=turn_routes(game, _until(actions, number))),
        "highlight": outline(game, marked, size),
        "last_hexes": marked,
        "panels": panels_html(game),
    }
    with live.lock:
        history.looks[number] = out
        while len(history.looks) > LOOKS_KEPT:
            history.looks.popitem(last=False)
    return out
