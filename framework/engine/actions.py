"""The shape of 18xx.games actions, as pydantic models: each type's fields and what they hold.

The models are the one description of an action's fields: the game-file model
(:mod:`framework.record.gamefile_model`) checks every action of a file with them before
a replay, and :func:`check_shape` refuses a malformed action (a missing field,
text where a number belongs) before the rules look at it, with a message naming
the field. The models only check; the engine keeps reading the action's JSON.

>>> check_shape({"type": "bid", "entity": 1, "company": "NE", "price": 225})
>>> try:
...     check_shape({"type": "bid", "entity": 1, "company": "NE", "price": "lots"})
... except GameError as error:
...     print(error)
field 'price' of a bid must be an integer, got "lots" (action format)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainValidator, ValidationError

from framework.base.errors import GameError


def _whole(value: Any) -> Any:
    """A whole number, or its digits as text (18xx.games reads some numbers from text)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return value
    raise ValueError("must be an integer")


def _ident(value: Any) -> Any:
    """An id of something in the game: text, or a number (player ids)."""
    if isinstance(value, str | int) and not isinstance(value, bool):
        return value
    raise ValueError("must be an id (text or a number)")


def _text(value: Any) -> Any:
    if isinstance(value, str):
        return value
    raise ValueError("must be text")


def _flag(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    raise ValueError("must be true or false")


def _stamp(value: Any) -> Any:
    """A time: seconds since 1970 (a number) or, in old exports, text."""
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return value
    raise ValueError("must be a time (a number of seconds)")


Whole = Annotated[Any, PlainValidator(_whole)]
Id = Annotated[Any, PlainValidator(_ident)]
Text = Annotated[Any, PlainValidator(_text)]
Flag = Annotated[Any, PlainValidator(_flag)]
Stamp = Annotated[Any, PlainValidator(_stamp)]


class _Unplayed:
    """Marks a field 18xx.games defines for an action type that this engine does not
    play (bids on minors, swaps, combined companies, variable dividends…): an
    action that gives it a value is refused rather than played as if it were absent."""


UNPLAYED = _Unplayed()
Unplayed = Annotated[Any, UNPLAYED]


class Action(BaseModel):
    """The fields every action has (18xx.games ``Action::Base#to_h``); fields not named
    by a model are kept and ignored, as 18xx.games ignores them."""

    model_config = ConfigDict(extra="allow")

    type: Text
    entity: Id | None = None
    entity_type: Text | None = None
    id: Whole | None = None
    user: Id | None = None
    created_at: Stamp | None = None
    auto_actions: list[dict[str, Any]] | None = None
    """Each auto action is itself an action (checked as one)."""


class Move(Action):
    """An action of a type the engine plays: it needs an entity."""

    entity: Id


class Bid(Move):
    price: Whole
    company: Id | None = None
    corporation: Id | None = None
    """A bid to start a corporation (``rules.stock.start_bid``)."""
    minor: Unplayed = None


class Pass(Move):
    pass


class Par(Move):
    corporation: Id
    share_price: Id
    slot: Whole | None = None
    purchase_for: Unplayed = None
    borrow_from: Unplayed = None


class BuyShares(Move):
    shares: list[Id]
    share_price: Any = None
    percent: Whole | None = None
    swap: Unplayed = None
    purchase_for: Unplayed = None
    borrow_from: Unplayed = None
    total_price: Unplayed = None


class SellShares(Move):
    shares: list[Id]
    share_price: Any = None
    percent: Whole | None = None
    swap: Unplayed = None


class LayTile(Move):
    hex: Id
    tile: Id
    rotation: Whole
    combo_entities: Unplayed = None


class PlaceToken(Move):
    city: Id
    slot: Whole | None = None
    cost: Whole | None = None
    tokener: Id | None = None
    token_type: Text | None = None
    """Which of the entity's tokens: none (or ``normal``) for its own, ``neutral`` for a
    neutral station it carries (a corporation's ``neutral_token``)."""


class Route(BaseModel):
    """One train's run in a ``run_routes``."""

    model_config = ConfigDict(extra="allow")

    train: Id
    connections: list[list[Text]] | None = None
    hexes: list[Text] | None = None
    revenue: Whole | None = None
    revenue_str: Text | None = None
    nodes: list[Text] | None = None
    subsidy: Whole | None = None


class RunRoutes(Move):
    routes: list[Route]
    extra_revenue: Whole | None = None
    subsidy: Whole | None = None


class Dividend(Move):
    kind: Id
    amount: Unplayed = None


class BuyTrain(Move):
    train: Id
    price: Whole
    variant: Any = None
    exchange: Any = None
    shell: Unplayed = None
    slots: Unplayed = None
    extra_due: Unplayed = None
    warranties: Unplayed = None


class BuyCompany(Move):
    company: Id
    price: Whole


class Assign(Move):
    target: Id
    target_type: Text | None = None
    city: Id | None = None


class DiscardTrain(Move):
    train: Id


class Merge(Move):
    corporation: Id


class Convert(Move):
    """A minor turning into a major (18xx.games' ``convert``: 1867's merger round); the
    ``merge`` that follows names the major."""


class Choose(Move):
    choice: Any


class Bankrupt(Move):
    option: Any = None


class EndGame(Move):
    pass


class Vote(Move):
    corporation: Id
    count: Whole


class GiveMoney(Move):
    corporation: Id
    amount: Whole


class RemoveToken(Move):
    """A station token lifted from a city (18xx.games' ``remove_token``: 1882's North West
    Rebellion moving a station, the ``move_token`` step)."""

    city: Id
    slot: Whole


class DestinationConnection(Move):
    """18xx.games' record of the corporations that reached their destinations after a
    tile lay (an auto action): checked, the engine having found them itself."""

    corporations: list[Id] = []


class TakeLoan(Move):
    loan: Any = None


class PayoffLoan(Move):
    loan: Any = None


class SpecialBuy(Move):
    """An item bought in the operating turn (18xx.games' ``special_buy``): a company's
    right to a route bonus, by its name and price (the ``special_buy`` step)."""

    description: Text
    cost: Whole | None = None


class Undo(Action):
    action_id: Any = None
    """Checked when undo is applied (:func:`framework.record.gamefile.effective_actions`)."""


class Message(Action):
    message: Any = None


PLAYED: dict[str, type[Move]] = {
    "bid": Bid,
    "pass": Pass,
    "par": Par,
    "choose": Choose,
    "buy_shares": BuyShares,
    "sell_shares": SellShares,
    "lay_tile": LayTile,
    "place_token": PlaceToken,
    "run_routes": RunRoutes,
    "dividend": Dividend,
    "buy_train": BuyTrain,
    "buy_company": BuyCompany,
    "assign": Assign,
    "discard_train": DiscardTrain,
    "merge": Merge,
    "convert": Convert,
    "bankrupt": Bankrupt,
    "end_game": EndGame,
    "vote": Vote,
    "give_money": GiveMoney,
    "remove_token": RemoveToken,
    "destination_connection": DestinationConnection,
    "take_loan": TakeLoan,
    "payoff_loan": PayoffLoan,
    "special_buy": SpecialBuy,
}
"""The model of every action type the engine plays."""

# fmt: off
CATALOGUE = frozenset({
    "acquire_company", "assign", "bankrupt", "bid", "blind_bid", "borrow_train", "buy_company",
    "buy_corporation", "buy_power", "buy_shares", "buy_token", "buy_train", "choose", "choose_ability",
    "claim_hex_token", "combined_trains", "convert", "corporate_buy_company", "corporate_buy_shares",
    "corporate_sell_company", "corporate_sell_shares", "credit_mobilier", "destination_connection",
    "discard_train", "dividend", "double_head_trains", "end_game", "failed_merge", "hex_token", "lay_tile",
    "log", "manual_close_company", "merge", "message", "move_bid", "offer", "par", "pass", "payoff_debt",
    "payoff_loan", "payoff_player_debt", "payoff_player_debt_partial", "place_token",
    "program_auction_bid", "program_buy_shares", "program_close_pass", "program_disable", "program_enable",
    "program_harzbahn_draft_pass", "program_independent_mines", "program_merger_pass",
    "program_share_pass", "purchase_train", "reassign_trains", "redo", "remove_border", "remove_hex_token",
    "remove_token", "respond", "run_routes", "scrap_train", "select_multiple_companies", "sell_company",
    "sell_shares", "sell_train", "short", "special_buy", "split", "swap_train", "switch_trains",
    "take_loan", "undo", "use_graph", "view_merge_options",
})
# fmt: on
"""Every action type 18xx.games defines (``lib/engine/action``)."""

MODELS: dict[str, type[Action]] = {
    **PLAYED,
    "undo": Undo,
    "redo": Action,
    "message": Message,
    "log": Message,
}
"""The model of each action type; any other type has only the common fields."""

EMPTY: Mapping[str, type[BaseModel]] = MappingProxyType({})
"""No extra action types (a title without a layer)."""

KNOWN = CATALOGUE | set(PLAYED)
"""The action types any game file may hold: 18xx.games' own and the engine's (a title's
layer adds its own, :attr:`framework.engine.extension.LayerRules.actions`)."""


@dataclass(frozen=True)
class FieldProblem:
    """A field of an action that does not have the shape its model gives."""

    path: str
    """The field, as ``rotation`` or ``routes[0].revenue``."""
    reason: str
    """What it must be, as ``must be an integer``; empty for a missing field."""
    value: Any = None

    def text(self) -> str:
        if not self.reason:
            return f"needs the field {self.path!r}"
        return f"field {self.path!r} {self.reason}, got {show(self.value)}"


def show(value: Any, width: int = 60) -> str:
    """A value as JSON, shortened to about ``width`` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


REASONS = {
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "string_type": "must be text",
    "int_type": "must be an integer",
    "bool_type": "must be true or false",
    "too_short": "must not be empty",
}


def _path(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def problems_of(error: ValidationError) -> list[FieldProblem]:
    """The field problems of a pydantic error, in order."""
    found = []
    for item in error.errors():
        path = _path(item["loc"])
        if item["type"] == "missing":
            found.append(FieldProblem(path, ""))
            continue
        if item["type"] == "value_error":
            reason = str(item["ctx"]["error"])
        else:
            reason = REASONS.get(item["type"], item["msg"][:1].lower() + item["msg"][1:])
        found.append(FieldProblem(path, reason, item["input"]))
    return found


def shape_problems(
    action: dict[str, Any], extra: Mapping[str, type[BaseModel]] = EMPTY
) -> list[FieldProblem]:
    """What in ``action`` (a JSON object) does not have the shape of its type's model
    (one of the engine's, or of ``extra``: a title layer's action types)."""
    kind = action.get("type")
    model = (MODELS.get(kind) or extra.get(kind) or Action) if isinstance(kind, str) else Action
    try:
        model.model_validate(action)
    except ValidationError as error:
        return problems_of(error)
    return []


def unplayed_fields(action: dict[str, Any]) -> list[str]:
    """The fields of ``action`` given a value that this engine does not play."""
    return [
        name
        for name in _UNPLAYED_NAMES.get(action.get("type"), ())
        if action.get(name) not in (None, False, 0, "", [], {})
    ]


_UNPLAYED_NAMES: dict[Any, tuple[str, ...]] = {
    kind: tuple(name for name, info in model.model_fields.items() if UNPLAYED in info.metadata)
    for kind, model in PLAYED.items()
}
"""Per action type, the fields marked :data:`UNPLAYED` (looked up once)."""


def check_shape(
    action: Any, extra: Mapping[str, type[BaseModel]] = EMPTY, *, fields_checked: bool = False
) -> None:
    """Raise :class:`GameError` unless ``action`` is a well-formed action object of a
    type the engine plays (or ``extra``, the title layer's, has), giving no value to a
    field it does not play. With ``fields_checked``, the fields of an engine type were
    already checked against its model (a game file's are, when it is read) and are not
    again."""
    if not isinstance(action, dict):
        raise GameError("action format", "an action is a JSON object")
    kind = action.get("type")
    if isinstance(kind, str) and kind in CATALOGUE and kind not in PLAYED and kind not in extra:
        raise GameError("action format", f"18xx.games' action type {kind!r} is not played by this engine")
    if not isinstance(kind, str) or (kind not in PLAYED and kind not in extra):
        raise GameError("action format", f"unknown action type {kind!r}")
    problems = [] if fields_checked and kind in MODELS else shape_problems(action, extra)
    for problem in problems:
        if not problem.reason:
            raise GameError("action format", f"a {kind} {problem.text()}")
        raise GameError(
            "action format",
            f"field {problem.path!r} of a {kind} {problem.reason}, got {show(problem.value)}",
        )
    for name in unplayed_fields(action):
        raise GameError("action format", f"a {kind} with {name!r} is not played by this engine")


PROGRAMS = frozenset(
    {
        "program_auction_bid",
        "program_buy_shares",
        "program_close_pass",
        "program_disable",
        "program_harzbahn_draft_pass",
        "program_independent_mines",
        "program_merger_pass",
        "program_share_pass",
    }
)
"""A player's programmed (automatic) actions: 18xx.games records what they do as the
``auto_actions`` of later actions, so replaying them changes nothing."""

NO_EFFECT = frozenset({"message", "log"}) | PROGRAMS
"""Action types that never change the game (their effects, if any, arrive as ``auto_actions``).
A ``log`` is a line a player adds to the game's log (18xx.games' hotseat games record a
consent so): a message that, unlike a chat message, undo takes back."""
