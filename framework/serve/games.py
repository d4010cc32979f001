"""A game in play on the server: its session, its seats, the bots, and what a page shows.

:class:`LiveGame` holds a :class:`~framework.session.Session` and the stored game it
came from. :meth:`LiveGame.choose` takes one of the choices
:func:`~framework.engine.choices.legal_actions` lists (by its position, with an amount
in its range), :meth:`LiveGame.act` an 18xx.games action as given; either is refused
with the engine's message (:class:`~framework.engine.errors.GameError`) and changes
nothing, or is stored before the call returns. After a person's action the bots of the
bot seats play, server-side, until a person is to act. :meth:`LiveGame.state` is what
a page draws: the map of the position, whose turn it is, the players' cash, the log and
every choice written out in words.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

from framework.bots import make_bot
from framework.bots.base import amount_field, prudent, to_action
from framework.engine.autoroute import best_run
from framework.engine.choices import legal_actions
from framework.engine.errors import GameError
from framework.gamefile import effective_actions
from framework.render import panels
from framework.render.hexes import draw_hex
from framework.render.map import game_views, geometry_for
from framework.render.marks import Palette
from framework.render.position import certificates, render_position, round_label
from framework.render.svg import group, translate
from framework.serve.store import Store, StoredGame
from framework.session import Session
from framework.title.model import Title

HUMAN = "human"
"""The seat kind of a person (the others are bot names)."""

MAP_SIZE = 36.0
"""Hex size of the map a page shows."""

BOT_LIMIT = 5000
"""Most bot actions after one person's action (a safeguard against a stuck game)."""


class LiveGame:
    """A stored game being played (use it under :attr:`lock`)."""

    def __init__(self, stored: StoredGame, session: Session, store: Store, by_bot: list[bool]):
        self.stored = stored
        self.session = session
        self.store = store
        self.by_bot = by_bot
        """Per action of the session: whether a bot took it."""
        self.lock = threading.Lock()
        self.bot_error: str | None = None
        self._cache: tuple[int, dict[str, Any]] | None = None

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def version(self) -> int:
        """The number of actions given so far (undo and redo included)."""
        return len(self.session.actions)

    @property
    def game(self):
        return self.session.game

    # -- who acts ----------------------------------------------------------------------

    def controller(self, entity: str | None) -> str | None:
        """The player (engine id) who acts for ``entity``: itself, its owner or its president."""
        game = self.game
        for _ in range(4):
            if entity is None or entity in game.players_by_id:
                return entity
            entity = game.owner_of(entity)
        return None

    def seat_of(self, player: str | None) -> str:
        ids = [str(pid) for pid, _ in self.session.players]
        return self.stored.seats[ids.index(player)] if player in ids else HUMAN

    def acting(self, options: dict[str, Any] | None = None) -> str | None:
        """The player to act now (engine id), or ``None`` when the game is over."""
        game = self.game
        if game.finished:
            return None
        who = self.controller(game.current_entity())
        if who is None:
            options = legal_actions(game) if options is None else options
            for entity in options:
                who = self.controller(entity)
                if who is not None:
                    break
        return who

    # -- acting ------------------------------------------------------------------------

    def choose(self, entity: str, kind: str, index: int, amount: int | None = None) -> None:
        """Take the ``index``-th choice of ``kind`` for ``entity`` (with ``amount`` for a
        range); :class:`GameError` when there is no such choice or the engine refuses."""
        options = legal_actions(self.game)
        choices = options.get(entity, {}).get(kind)
        if not choices or not 0 <= index < len(choices):
            raise GameError("choice", f"{self.game.name(entity)} has no such {kind.replace('_', ' ')} now")
        choice = choices[index]
        action = to_action(self.game, entity, kind, choice)
        if "max" in choice and amount is not None:
            action[amount_field(choice)] = amount  # the engine judges the amount
        self.act(action)

    def act(self, action: dict[str, Any], *, bot: bool = False) -> None:
        """Apply and store one action; then let the bots play unless a bot took it."""
        before = self.version
        self.session.act(action)
        self.by_bot.append(bot)
        self._save(before)
        if not bot:
            self.play_bots()

    def _save(self, before: int) -> None:
        new = [(a, b) for a, b in zip(self.session.actions[before:], self.by_bot[before:], strict=True)]
        status = "finished" if self.game.finished else "active"
        self.store.add_actions(self.id, before, new, status)

    def play_bots(self) -> None:
        """Bot seats act until a person is to act or the game ends (stored as they go)."""
        self.bot_error = None
        for _ in range(BOT_LIMIT):
            game = self.game
            if game.finished:
                return
            options = legal_actions(game)
            who = self.acting(options)
            seat = self.seat_of(who)
            if who is None or seat == HUMAN or not options:
                return
            rng = random.Random(f"{self.stored.seed}-{self.version}")
            action = make_bot(seat).act(game, prudent(game, options), rng)
            before = self.version
            try:
                self.session.act(action)
            except GameError as exc:
                self.bot_error = f"the {seat} bot of {game.name(who)} proposed a refused action: {exc}"
                return
            self.by_bot.append(True)
            self._save(before)

    def undo(self) -> None:
        """Take back the last action a person took and everything the bots did after it."""
        effective = effective_actions(self.session.actions)
        human = {id(a) for a, bot in zip(self.session.actions, self.by_bot, strict=True) if not bot}
        people = [k for k, a in enumerate(effective) if id(a) in human and a.get("type") != "message"]
        if not people:
            raise GameError("undo", "there is no action of a person to take back")
        k = people[-1]
        target = effective[k - 1]["id"] if k > 0 else 0
        self.act(
            {"type": "undo", "entity": self._someone(), "entity_type": "player", "action_id": target},
            bot=True,
        )

    def redo(self) -> None:
        """Restore what the last undo took back; then the bots play on."""
        self.act({"type": "redo", "entity": self._someone(), "entity_type": "player"}, bot=True)
        self.play_bots()

    def can_redo(self) -> bool:
        try:
            effective_actions([*self.session.actions, {"type": "redo"}])
        except GameError:
            return False
        return True

    def _someone(self) -> Any:
        """The player an undo or redo is recorded for: the one acting, else the first."""
        who = self.acting()
        ids = {str(pid): pid for pid, _ in self.session.players}
        return ids.get(str(who), self.session.players[0][0])

    # -- what a page shows ---------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """Everything a page draws, for the current version (cached)."""
        if self._cache is not None and self._cache[0] == self.version:
            return self._cache[1]
        game = self.game
        money = game.title.title.money
        options = legal_actions(game)
        who = self.acting(options)
        players = [
            {
                "id": p.id,
                "name": p.name,
                "cash": money(p.cash),
                "worth": money(worth),
                "seat": self.seat_of(p.id),
                "shares": certificates(game, p.id),
                "acting": p.id == who,
            }
            for p, worth in zip(game.players, panels.net_worth(game), strict=True)
        ]
        choices = []
        drawing: LayDrawing | None = None
        for entity, kinds in options.items():
            controller = self.controller(entity)
            if self.seat_of(controller) != HUMAN:
                continue
            for kind, found in kinds.items():
                described = [describe_choice(game, entity, kind, c) for c in found]
                if kind == "lay_tile":
                    drawing = drawing or LayDrawing(game)
                    for option, choice in zip(described, found, strict=True):
                        option.update(drawing.preview(choice))
                choices.append(
                    {
                        "entity": entity,
                        "entity_name": game.name(entity),
                        "player": controller,
                        "kind": kind,
                        "label": kind.replace("_", " "),
                        "options": described,
                    }
                )
        state = {
            "id": self.id,
            "version": self.version,
            "title": game.title.title.name,
            "round": round_label(game),
            "phase": game.phase,
            "finished": game.finished,
            "end_reason": game.end_reason,
            "result": {game.name(k): money(v) for k, v in game.result().items()} if game.finished else {},
            "acting": game.name(who) if who is not None else None,
            "acting_seat": self.seat_of(who) if who is not None else None,
            "players": players,
            "choices": choices,
            "log": game.messages[-300:],
            "can_undo": any(not b for b in self.by_bot) and self._undoable(),
            "can_redo": self.can_redo(),
            "bot_error": self.bot_error,
            "svg": render_position(game, size=MAP_SIZE),
            "panels": _panels(game),
        }
        self._cache = (self.version, state)
        return state

    def _undoable(self) -> bool:
        effective = {id(a) for a in effective_actions(self.session.actions)}
        return any(
            id(a) in effective and not b and a.get("type") not in ("undo", "redo", "message")
            for a, b in zip(self.session.actions, self.by_bot, strict=True)
        )


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


def _panels(game: Any) -> str:
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
    if kind == "run_routes":
        run, answer = best_run(game, entity)
        stops = [" ".join(map(str, r.get("hexes") or [])) for r in run.get("routes") or []]
        proven = "proven best" if answer.proven else "best found"
        parts.append(f"{proven} routes, {money(answer.total)}" + (f": {' | '.join(stops)}" if stops else ""))
    out: dict[str, Any] = {"text": "; ".join(parts) or kind.replace("_", " ")}
    if "max" in choice:
        field = amount_field(choice)
        out.update({"min": choice[field], "max": choice["max"], "step": choice.get("step") or 1})
    return out


def new_live(
    store: Store, stored: StoredGame, title: Title, actions: list[tuple[dict[str, Any], bool]]
) -> LiveGame:
    """A stored game rebuilt from its actions (:class:`GameError` if they no longer play)."""
    session = Session(
        title,
        stored.players,
        stored.seed,
        optional_rules=stored.optional_rules,
        house_rules=stored.house_rules,
        game_id=stored.id,
    )
    session.restore([a for a, _ in actions])
    return LiveGame(stored, session, store, [b for _, b in actions])
