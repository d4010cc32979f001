"""Helpers for the 18SJ rule tests: new games, quick auctions and rounds, real positions.

Positions come two ways: a fresh :class:`Game` played forward with the helpers here
(``finish_auction``, ``turn``, ``pass_stock_round``, ``pass_operating_round``), or a
prefix of one of the real games in ``titles/18SJ/games`` (``game_before``), which is
replayed once and then copied through the JSON state for every test.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from game_support import act, cash, frozen, refused, snapshot  # noqa: F401 - shared with the rules tests

from framework.engine.choices import legal_actions
from framework.engine.game import Game
from framework.engine.state import game_from_dict, game_to_dict
from framework.record.gamefile import GameFile
from framework.record.replay import game_title, title_for
from framework.record.replay import new_game as replay_game
from framework.title.loader import RulesText, load_title

TITLE_DIR = Path(__file__).resolve().parents[1] / "titles" / "18SJ"
GAMES = TITLE_DIR / "games"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fia"]

REAL = "166116.json"
"""4 players, bank broken; GKB, GC, MV, KHJ merger, nationalisations, redemptions."""
BANKRUPT = "18SJ_game_end_bankrupt.json"
"""4 players; SB, emergency money, nationalisations, bankruptcy."""
BOT = "bot_chooses_fullcap.json"
"""2 players and A.W. Edelsvärd; requisitions, bot trains, NEFT used."""


@cache
def title(*variants: str):
    """The 18SJ title with these variants (loaded once)."""
    return load_title(TITLE_DIR, variants=list(variants)) if variants else load_title(TITLE_DIR)


def new_game(players: int = 4, seed: int = 5, *variants: str) -> Game:
    """A fresh game; two players bring the A.W. Edelsvärd variant."""
    names = list(variants)
    if players == 2 and "edelsvard" not in names:
        names.append("edelsvard")
    optional = [v for v in names if v != "edelsvard"]
    seats = [(i + 1, NAMES[i]) for i in range(players)]
    return Game(title(*names), seats, seed=seed, optional_rules=optional)


def price(game: Game, sym: str) -> int:
    """A corporation's share price."""
    return game.market.price(sym)


def place(game: Game, sym: str, cell: tuple[int, int]) -> None:
    """Put a corporation's marker on a market cell ``(row, column)`` (to script a position)."""
    game.market.place(sym, cell)


# -- the auction ---------------------------------------------------------------------


def finish_auction(game: Game, par: str = "67,5,2") -> list[tuple[str, str]]:
    """Whoever's turn it is buys the cheapest company at its price; the buyer of a
    company with a president's certificate pars at ``par``. Returns (company, buyer)."""
    bought = []
    while game.round.kind == "auction":
        entity = game.current_entity()
        pending = game.round.step("company_pending_par").pending
        if pending:
            act(game, "par", entity, corporation=pending[0][1], share_price=par)
            continue
        step = game.round.step("waterfall_auction")
        company = step.offered()[0]
        act(game, "bid", entity, company=company, price=step.price_of_first())
        bought.append((company, entity))
    return bought


# -- stock rounds --------------------------------------------------------------------


def turn(game: Game, player: str, *actions: dict[str, Any]) -> None:
    """``player``'s stock-round turn: the actions, then "done" if the turn goes on."""
    assert game.current_entity() == player, f"{game.current_entity()} acts, not {player}"
    for action in actions:
        game.process({"entity": player, **action})
    if game.round.kind == "stock" and game.current_entity() == player:
        act(game, "pass", player)


def par(corporation: str, price_id: str) -> dict[str, Any]:
    return {"type": "par", "corporation": corporation, "share_price": price_id}


def buy(*shares: str) -> dict[str, Any]:
    return {"type": "buy_shares", "shares": list(shares), "percent": 10 * len(shares)}


def sell(*shares: str, percent: int | None = None) -> dict[str, Any]:
    total = percent if percent is not None else 10 * len(shares)
    return {"type": "sell_shares", "shares": list(shares), "percent": total}


def next_share(game: Game, sym: str, owner: str | None = None) -> str:
    """The first ordinary certificate of ``sym`` held by ``owner`` (default: the issuer)."""
    corp = game.corporations[sym]
    holders = (owner,) if owner else (sym, "ipo")
    return next(s.id for s in corp.shares if s.owner in holders and not s.president)


def pass_stock_round(game: Game) -> None:
    """Everybody passes (and keeps the priority card when asked) until the round ends."""
    while game.round.kind == "stock" and not game.finished:
        entity = game.current_entity()
        if "choose" in legal_actions(game).get(entity, {}):
            act(game, "choose", entity, choice="wait")
        else:
            act(game, "pass", entity)


def float_corporations(game: Game, plan: dict[str, tuple[str, str]]) -> None:
    """Stock round 1: each player in ``plan`` starts a corporation and buys it to 60%,
    then everybody passes. ``plan``: player id → (corporation, par id)."""
    assert game.round.kind == "stock"
    while game.round.kind == "stock":
        player = game.current_entity()
        if player in plan:
            sym, price_id = plan[player]
            corp = game.corporations[sym]
            if corp.par is None:
                turn(game, player, par(sym, price_id))
                continue
            if corp.percent_of(player) < 60:
                turn(game, player, buy(next_share(game, sym)))
                continue
        act(game, "pass", player)


@frozen
def stock_round_1() -> Game:
    """Seed 0, four players, after the auction: Ann (1) owns FRY and KHJ, Bo (2) SB and
    AEvR (ÖKJ started at 67), Cy (3) GC, Di (4) MV. Cy has priority."""
    game = new_game(4, 0)
    finish_auction(game)
    return game


@frozen
def stock_round_2() -> Game:
    """Stock round 2 after :func:`stock_round_1`: Cy floated SNJ (40%, Ann 20%), Di KFJ
    (50%, Ann 20%), Bo ÖKJ (60%), all at 67; an empty OR 1 left them at 65. Cash: Ann
    177, Bo 112, Cy 277, Di 195. Cy has priority."""
    return to_stock_round_2(stock_round_1())


def to_stock_round_2(game: Game) -> Game:
    """Play :func:`stock_round_2`'s stock round 1 and operating round 1 on ``game``, a
    game at :func:`stock_round_1` (of any title patched by an overlay)."""
    script = [
        ("3", par("SNJ", "67,5,2")),
        ("4", par("KFJ", "67,5,2")),
        ("1", buy("SNJ_1")),
        ("2", buy("ÖKJ_1")),
        ("3", buy("SNJ_2")),
        ("4", buy("KFJ_1")),
        ("1", buy("SNJ_3")),
        ("2", buy("ÖKJ_2")),
        ("3", buy("SNJ_4")),
        ("4", buy("KFJ_2")),
        ("1", buy("KFJ_3")),
        ("2", buy("ÖKJ_3")),
        ("3", None),
        ("4", buy("KFJ_4")),
        ("1", buy("KFJ_5")),
        ("2", buy("ÖKJ_4")),
    ]
    for player, action in script:
        if action is None:
            act(game, "pass", player)
        else:
            turn(game, player, action)
    pass_stock_round(game)
    pass_operating_round(game)
    return game


# -- operating rounds ----------------------------------------------------------------


def pass_operating_round(game: Game) -> None:
    """Everybody passes whatever waits (no track, no tokens, no trains) until the OR ends."""
    number = (game.turn, game.or_number)
    while game.round.kind == "operating" and (game.turn, game.or_number) == number:
        if game.finished:
            return
        act(game, "pass", game.current_entity())


# -- real games ----------------------------------------------------------------------


@cache
def _file(name: str) -> GameFile:
    return GameFile.read(GAMES / name)


@cache
def effective_actions(name: str) -> tuple[dict[str, Any], ...]:
    """The effective actions of a real game, auto actions included, in processing order."""
    return tuple(_file(name).effective())


@cache
def _title_of(name: str):
    return title_for(_file(name))


_cursors: dict[str, tuple[Game, int]] = {}
"""A replay in progress per game file: the game and how many actions it has processed."""


def _position(name: str, action_id: int, nth: int) -> int:
    """The index in the effective actions of the ``nth`` action carrying ``action_id``
    (the first non-auto one when ``nth`` is 0)."""
    seen = 0
    for index, action in enumerate(effective_actions(name)):
        if action.get("id") == action_id and (nth or not action.get("auto")):
            if seen == nth:
                return index
            seen += 1
    raise ValueError(f"{name} has no action {action_id}")


@cache
def _state_before(name: str, action_id: int, nth: int) -> str:
    target = _position(name, action_id, nth)
    game, done = _cursors.get(name, (None, 0))
    if game is None or done > target:
        game, done = replay_game(_file(name), _title_of(name)), 0
    actions = effective_actions(name)
    while done < target:
        game.process(actions[done])
        done += 1
    _cursors[name] = (game, done)
    return json.dumps(game_to_dict(game))


def game_before(name: str, action_id: int, nth: int = 0) -> Game:
    """A real game just before its action ``action_id`` (or before the ``nth`` action
    carrying that id, auto actions included); a fresh copy every call."""
    return game_from_dict(_title_of(name), json.loads(_state_before(name, action_id, nth)))


def recorded(name: str, action_id: int) -> dict[str, Any]:
    """The recorded action ``action_id`` (without its auto actions)."""
    for action in effective_actions(name):
        if action.get("id") == action_id and not action.get("auto"):
            out = copy.deepcopy(action)
            out.pop("auto_actions", None)
            return out
    raise ValueError(action_id)


@cache
def _title_with(name: str, rules: str):
    record = _file(name)
    return game_title(TITLE_DIR, len(record.players), record.optional_rules, [RulesText("house.yaml", rules)])


def game_before_with(name: str, action_id: int, rules: str, nth: int = 0) -> Game:
    """:func:`game_before`, with the title patched by an overlay (``rules``: its YAML text,
    header included) — to show what changing a rule changes."""
    return game_from_dict(_title_with(name, rules), json.loads(_state_before(name, action_id, nth)))


# -- positions for the 18xx.games engine ---------------------------------------------------


@cache
def _raw(name: str) -> str:
    return (GAMES / name).read_text(encoding="utf-8")


def oracle_game(name: str, before: int, *actions: dict[str, Any]) -> dict[str, Any]:
    """A real game's file cut just before its action ``before``, followed by ``actions``
    numbered on from ``before``, each with its ``entity_type`` and players named by their
    ids as the file writes them: a position and what to try there, for the 18xx.games
    engine (``oracle_support``) to judge."""
    data = json.loads(_raw(name))
    ids = {str(p["id"]): p["id"] for p in data["players"]}
    known = _title_of(name)
    kept = [a for a in data["actions"] if a["id"] < before]
    for number, action in enumerate(actions, start=before):
        action = {k: v for k, v in action.items() if k not in ("id", "auto", "entity_type")}
        entity = str(action["entity"])
        if entity in ids:
            action["entity"], kind = ids[entity], "player"
        elif entity in known.corporations:
            kind = "corporation"
        elif entity in known.companies:
            kind = "company"
        else:
            kind = "minor"
        kept.append({**action, "entity_type": kind, "id": number, "created_at": 1700000000})
    data["actions"] = kept
    return data
