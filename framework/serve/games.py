"""A game in play on the server: its session, its seats, the bots, and what a page shows.

:class:`LiveGame` holds a :class:`~framework.record.session.Session` and the stored game it
came from. :meth:`LiveGame.choose` takes one of the choices
:func:`~framework.engine.choices.legal_actions` lists (by its position, with an amount
in its range), :meth:`LiveGame.act` an 18xx.games action as given; either is refused
with the engine's message (:class:`~framework.base.errors.GameError`) and changes
nothing, or is stored before the call returns. After a person's action the bots of the
bot seats play, server-side, until a person is to act. :meth:`LiveGame.state` is what
a page draws: the map of the position, whose turn it is, the players' cash, the log and
every choice written out in words; with what :class:`~framework.serve.history.History`
keeps of each action (which log lines it wrote, the hexes it touched, the plots).
"""

from __future__ import annotations

import random
import secrets
import threading
from typing import Any

from framework.base.errors import GameError
from framework.bots import make_bot
from framework.bots.base import amount_field, prudent, to_action
from framework.engine.autoroute import best_run
from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.route_plan import plan_routes
from framework.record.gamefile import effective_actions
from framework.record.session import Session
from framework.render import panels
from framework.render.position import certificates, render_position, round_label
from framework.serve.history import History, page_fields
from framework.serve.page import (
    MAP_SIZE,
    LayDrawing,
    describe_choice,
    drawn_routes,
    panels_html,
    route_editor,
    token_spot,
    turn_routes,
)
from framework.serve.store import Store, StoredGame
from framework.title.model import Title

HUMAN = "human"
"""The seat kind of a person (the others are bot names)."""

BOT_LIMIT = 5000
"""Most bot actions after one person's action (a safeguard against a stuck game)."""


class SeatTaken(GameError):
    """An action for a seat that another browser has claimed."""


class LiveGame:
    """A stored game being played (use it under :attr:`lock`)."""

    def __init__(
        self,
        stored: StoredGame,
        session: Session,
        store: Store,
        by_bot: list[bool],
        history: History | None = None,
    ):
        self.stored = stored
        self.session = session
        self.history = history or History()
        """Per action in effect: its log lines, net worth, prices, hexes (kept as it goes)."""
        if history is None:
            session.watch = self.history.watch
            session.restore(session.actions)
        self.store = store
        self.by_bot = by_bot
        """Per action of the session: whether a bot took it."""
        self.lock = threading.Lock()
        self.claims: dict[str, str] = store.claims(stored.id)
        """The seats browsers have claimed: player id → the claim's secret."""
        self.seat_changes = 0
        self.bot_error: str | None = None
        self._cache: tuple[str, dict[str, Any]] | None = None

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def version(self) -> int:
        """The number of actions given so far (undo and redo included)."""
        return len(self.session.actions)

    @property
    def stamp(self) -> str:
        """What a page has seen: the version and how often seats changed hands."""
        return f"{self.version}.{self.seat_changes}"

    @property
    def game(self) -> Game:
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

    # -- seats -------------------------------------------------------------------------

    def claim(self, player: str, held: set[str]) -> str:
        """Claim a person's seat for a browser (which then holds the secret returned);
        the seat's choices are then that browser's alone. A browser that holds the
        seat's claim gets the same secret again."""
        ids = [str(pid) for pid, _ in self.session.players]
        if player not in ids or self.seat_of(player) != HUMAN:
            raise GameError("seats", f"there is no person's seat {player!r} to claim")
        secret = self.claims.get(player)
        if secret is not None and secret not in held:
            raise SeatTaken("seats", f"{self.game.name(player)}'s seat is taken by another browser")
        if secret is None:
            secret = secrets.token_urlsafe(16)
            self.store.set_claim(self.id, player, secret)
            self.claims[player] = secret
            self.seat_changes += 1
        return secret

    def release(self, player: str, held: set[str]) -> None:
        """Give up a claimed seat (its choices are then anyone's again)."""
        if self.claims.get(player) in held:
            self.store.set_claim(self.id, player, None)
            del self.claims[player]
            self.seat_changes += 1

    def check_seat(self, entity: Any, held: set[str]) -> None:
        """Refuse (:class:`SeatTaken`) an action for ``entity`` when its player's seat is
        claimed by a browser other than the one asking (holding the secrets ``held``)."""
        player = self.controller(str(entity)) if entity is not None else None
        secret = self.claims.get(str(player))
        if secret is not None and secret not in held:
            raise SeatTaken("seats", f"{self.game.name(str(player))}'s seat is claimed by another browser")

    def check_any_seat(self, held: set[str]) -> None:
        """Refuse an undo or redo from a browser without a seat once seats are claimed."""
        if self.claims and not held & set(self.claims.values()):
            raise SeatTaken("seats", "only a browser with a seat in this game may undo or redo")

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

    def plan(self, entity: str, wanted: list[tuple[str, list[str]]]) -> dict[str, Any]:
        """Routes drawn by a person (each train's stop hexes in order) made into the best
        legal routes through them: per train its revenue or why it cannot run, the total,
        whether all can run, and the map with the routes drawn. Changes nothing."""
        game = self.game
        money = game.title.title.money
        self._may_run(entity)
        planned = plan_routes(game, entity, wanted)
        run = {"routes": [r.route for r in planned.routes if r.route is not None]}
        return {
            "routes": [
                {
                    "train": r.train,
                    "hexes": r.hexes,
                    "revenue": money(r.revenue),
                    "text": r.text,
                    "error": r.error,
                }
                for r in planned.routes
            ],
            "total": money(planned.total),
            "legal": planned.legal,
            "svg": render_position(game, size=MAP_SIZE, routes=drawn_routes(game, entity, run)),
        }

    def run_routes(self, entity: str, wanted: list[tuple[str, list[str]]]) -> None:
        """Run the routes a person drew (as :meth:`plan` makes them)."""
        self._may_run(entity)
        self.act(plan_routes(self.game, entity, wanted).action(self.game, entity))

    def _may_run(self, entity: str) -> None:
        if "run_routes" not in legal_actions(self.game).get(entity, {}):
            raise GameError("routes", f"{self.game.name(entity)} has no trains to run now")

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
            before = self.version
            refused = self._bot_acts(seat, options)
            if refused is not None:
                self.bot_error = f"the {seat} bot of {game.name(who)} {refused}"
                if self.version == before:
                    return
            self.by_bot.append(True)
            self._save(before)

    def _bot_acts(self, seat: str, options: dict[str, Any]) -> str | None:
        """One bot action: the bot's own, or, when the engine refuses it, the first listed
        choice it takes (so that a bot's mistake never stops the game). ``None`` when the
        bot's action was taken, else what happened, for the page to show."""
        game = self.game
        rng = random.Random(f"{self.stored.seed}-{self.version}")
        try:
            self.session.act(make_bot(seat).act(game, prudent(game, options), rng))
            return None
        except GameError as exc:
            refused = f"proposed a refused action ({exc})"
        for entity, kinds in options.items():
            for kind, found in kinds.items():
                for choice in found:
                    try:
                        self.session.act(to_action(game, entity, kind, choice))
                    except GameError:
                        continue
                    return f"{refused}; it took the first listed {kind.replace('_', ' ')} instead"
        return f"{refused}, and the engine refuses every listed choice: a person must act (undo)"

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
        if self._cache is not None and self._cache[0] == self.stamp:
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
        routes: list[Any] = []
        for entity, kinds in options.items():
            controller = self.controller(entity)
            if self.seat_of(controller) != HUMAN:
                continue
            for kind, found in kinds.items():
                described = [describe_choice(game, entity, kind, c) for c in found]
                if kind == "lay_tile" and game.board is None:  # a title's own track (18Steam)
                    for option, choice in zip(described, found, strict=True):
                        option["hex"] = str(choice.get("hex"))
                elif kind == "lay_tile":
                    drawing = drawing or LayDrawing(game)
                    for option, choice in zip(described, found, strict=True):
                        option.update(drawing.preview(choice))
                elif kind == "place_token" and game.board is not None:
                    for option, choice in zip(described, found, strict=True):
                        option.update(token_spot(game, choice))
                elif kind == "run_routes":
                    run, answer = best_run(game, entity)
                    described[0].update(route_editor(game, entity, run, answer))
                    routes = routes or drawn_routes(game, entity, run)
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
        if not routes:
            routes = turn_routes(game, effective_actions(self.session.actions))
        state = {
            "id": self.id,
            "version": self.version,
            "stamp": self.stamp,
            "title": game.title.title.name,
            "round": round_label(game),
            "phase": game.phase,
            "finished": game.finished,
            "end_reason": game.end_reason,
            "result": {game.name(k): money(v) for k, v in game.result().items()} if game.finished else {},
            "acting": game.name(who) if who is not None else None,
            "acting_seat": self.seat_of(who) if who is not None else None,
            "players": players,
            "claimed": sorted(self.claims),
            "choices": choices,
            "log": list(game.messages),
            "can_undo": any(not b for b in self.by_bot) and self._undoable(),
            "can_redo": self.can_redo(),
            "bot_error": self.bot_error,
            "svg": render_position(game, size=MAP_SIZE, routes=routes),
            "panels": panels_html(game),
            **page_fields(self.history, game, MAP_SIZE),
        }
        self._cache = (self.stamp, state)
        return state

    def _undoable(self) -> bool:
        effective = {id(a) for a in effective_actions(self.session.actions)}
        return any(
            id(a) in effective and not b and a.get("type") not in ("undo", "redo", "message")
            for a, b in zip(self.session.actions, self.by_bot, strict=True)
        )


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
    history = History()
    session.watch = history.watch
    session.restore([a for a, _ in actions])
    return LiveGame(stored, session, store, [b for _, b in actions], history)
