"""The whole state of a game as plain JSON data, and back.

``game_from_dict(title, game_to_dict(game))`` is a game that continues exactly
as the original would: same round, same step, same everything. Whatever has an order
(players, companies, corporations, minors, trains, tokens) is saved as a list, so a copy
whose object keys were reordered — sorted, say — restores the same game.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from framework.board.board import Board, FaceCache
from framework.board.hexmap import HexMap
from framework.engine.entities import Company, Corporation, Minor, Player, Share, Train
from framework.engine.extension import rules_of
from framework.engine.market import StockMarket
from framework.engine.round_library import ROUND_TYPES, make_round
from framework.engine.setup import Setup
from framework.title.hooks import load_hooks
from framework.title.model import Title
from framework.title.moments import moments_of

if TYPE_CHECKING:
    from framework.engine.game import Game

FORMAT = 3
"""The version of this state format."""

SCALARS = (
    "seed",
    "bank",
    "bank_broken",
    "bank_broke_in",
    "share_seq",
    "finished",
    "end_reason",
    "turn",
    "round_number",
    "or_number",
    "or_count",
    "priority",
    "turn_position",
    "phase",
    "actions_processed",
    "counted_players",
    "draws",
    "float_percent",
    "escrow_ended",
    "exports_ended",
    "merger",
    "merger_offers_made",
    "limit_rise",
    "formation",
    "nationals_formed",
    "split_nationals",
    "single_share_president",
    "last_lay",
    "nationalizations_due",
    "trainless_majors",
)


def game_to_dict(game: Game) -> dict[str, Any]:
    """Everything about ``game`` that can change, as JSON-ready data."""
    data: dict[str, Any] = {"format": FORMAT, "title": game.title.title.name}
    for name in SCALARS:
        data[name] = getattr(game, name)
    data["optional_rules"] = list(game.optional_rules)
    data["players"] = [asdict(p) for p in game.players]
    data["companies"] = [asdict(c) for c in game.companies.values()]
    data["corporations"] = [asdict(c) for c in game.corporations.values()]
    data["minors"] = [asdict(m) for m in game.minors.values()]
    data["trains"] = [asdict(t) for t in game.trains.values()]
    data["depot"] = list(game.depot)
    data["start_rounds"] = list(game.start_rounds)
    data["pending_end"] = dict(game.pending_end)
    data["setup"] = game.setup.to_dict()
    data["board"] = game.board.to_dict() if game.board is not None else None
    data["market"] = game.market.to_dict()
    data["round"] = game.round.to_dict() if game.round is not None else None
    data["checkpoints"] = game.checkpoints
    data["messages"] = list(game.messages)
    data["nationalised"] = list(game.nationalised)
    data["loan_pool"] = list(game.loan_pool)
    data["layer"] = game.layer_state.to_dict() if game.layer_state is not None else None
    return data


def game_from_dict(title: Title, data: dict[str, Any]) -> Game:
    """The game ``data`` describes (made by :func:`game_to_dict`), playing ``title``."""
    from framework.engine.game import Game

    game = Game.__new__(Game)
    game.title = title
    since: dict[str, Any] = {
        "float_percent": None,
        "escrow_ended": False,
        "exports_ended": False,
        "merger": None,
        "merger_offers_made": [],
        "limit_rise": 0,
        "last_lay": None,
        "nationalizations_due": [],
        "trainless_majors": [],
    }  # (states saved before these were kept)
    for name in SCALARS:
        setattr(game, name, data[name] if name in data or name not in since else since[name])
    game.optional_rules = list(data["optional_rules"])
    game.players = [Player(**p) for p in data["players"]]
    game.players_by_id = {p.id: p for p in game.players}
    game.humans = [p for p in game.players if not p.bot]
    game.companies = {c["sym"]: Company(**c) for c in data["companies"]}
    game.corporations = {}
    for corp in data["corporations"]:
        fields = dict(corp)
        fields["shares"] = [Share(**s) for s in fields["shares"]]
        game.corporations[fields["sym"]] = Corporation(**fields)
    game.minors = {m["sym"]: Minor(**m) for m in data["minors"]}
    game.trains = {t["id"]: Train(**t) for t in data["trains"]}
    game.depot = list(data["depot"])
    game.start_rounds = list(data["start_rounds"])
    game.pending_end = dict(data["pending_end"])
    game.setup = Setup.from_dict(data["setup"])
    game.hexmap = HexMap.for_title(title)
    saved = data["board"]
    game.board = (
        Board.from_dict(title, saved, game.hexmap, FaceCache.for_title(title)) if saved is not None else None
    )
    game.market = StockMarket.for_title(title)
    game.market.load(data["market"])
    game.checkpoints = list(data["checkpoints"])
    game.messages = list(data["messages"])
    game.nationalised = list(data["nationalised"])
    game.loan_pool = list(data["loan_pool"])
    game.lapsing, game.ending, game.processing = None, None, False  # (only during an action)
    game.records = []
    game.layer_rules = rules_of(title)
    game.layer_state = game.layer_rules.load_state(game, data["layer"]) if data["layer"] is not None else None
    game.hooks = load_hooks(title)
    game.moments = moments_of(title.hooks, game.hooks)
    game.round = None
    saved = data["round"]
    if saved is not None:
        kind = saved["kind"]
        if kind in ROUND_TYPES:
            rnd = ROUND_TYPES[kind](game, saved["name"])
        else:
            rnd = make_round(game, saved["name"])
        rnd.load(saved)
        game.round = rnd
    return game


def fork(game: Game) -> Game:
    """An independent copy of ``game`` that continues exactly as it would: trying an
    action on it leaves ``game`` untouched."""
    return game_from_dict(game.title, json.loads(json.dumps(game_to_dict(game))))
