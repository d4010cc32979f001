"""The shape of 18xx.games actions: each type's fields and what they hold.

:func:`check_shape` refuses a malformed action (a missing field, text where a
number belongs) before the rules look at it, with a message naming the field.

>>> check_shape({"type": "bid", "entity": 1, "company": "NE", "price": 225})
>>> try:
...     check_shape({"type": "bid", "entity": 1, "company": "NE", "price": "lots"})
... except GameError as error:
...     print(error)
field 'price' of a bid must be a whole number, got 'lots' (action format)
"""

from __future__ import annotations

from typing import Any

from framework.engine.errors import GameError

TEXT, NUMBER, LIST, ANY = "text", "a whole number", "a list", "anything"

FIELDS: dict[str, dict[str, str]] = {
    "bid": {"price": NUMBER},
    "pass": {},
    "par": {"corporation": TEXT, "share_price": TEXT},
    "choose": {"choice": ANY},
    "buy_shares": {"shares": LIST},
    "sell_shares": {"shares": LIST},
    "lay_tile": {"hex": TEXT, "tile": TEXT, "rotation": NUMBER},
    "place_token": {"city": TEXT},
    "run_routes": {"routes": LIST},
    "dividend": {"kind": TEXT},
    "buy_train": {"train": TEXT, "price": NUMBER},
    "buy_company": {"company": TEXT, "price": NUMBER},
    "assign": {"target": TEXT},
    "discard_train": {"train": TEXT},
    "bankrupt": {},
    "end_game": {},
    "vote": {"corporation": TEXT, "count": NUMBER},
    "give_money": {"corporation": TEXT, "amount": NUMBER},
    "turn_order_pass": {},
    "select_action": {"action": TEXT},
    "place_city": {"hex": TEXT, "city": TEXT},
    "move_goods": {"city": TEXT, "color": TEXT, "stops": LIST, "links": LIST},
    "upgrade_locomotive": {},
    "place_cube": {"city": TEXT},
}
"""Required fields of every action type the engine plays."""

OPTIONAL: dict[str, str] = {"percent": NUMBER, "share_price": ANY, "exchange": ANY, "variant": ANY}

UNPLAYED: dict[str, tuple[str, ...]] = {
    "bid": ("corporation", "minor"),
    "par": ("purchase_for",),
    "buy_shares": ("swap", "purchase_for", "borrow_from", "total_price"),
    "sell_shares": ("swap",),
    "lay_tile": ("combo_entities",),
    "place_token": ("token_type",),
    "buy_train": ("shell", "slots", "extra_due", "warranties"),
    "dividend": ("amount",),
}
"""Fields 18xx.games defines for an action type that this engine does not play (bids on
corporations, swaps, combined companies, variable dividends…): an action that gives one a
value is refused rather than played as if it were absent."""


def _fits(value: Any, kind: str) -> bool:
    if kind == ANY:
        return True
    if kind == NUMBER:
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, str) and value.lstrip("-").isdigit()
        )
    if kind == LIST:
        return isinstance(value, list)
    return isinstance(value, str | int) and not isinstance(value, bool)


def check_shape(action: Any) -> None:
    """Raise :class:`GameError` unless ``action`` is a well-formed action object."""
    if not isinstance(action, dict):
        raise GameError("action format", "an action is a JSON object")
    kind = action.get("type")
    if kind not in FIELDS:
        raise GameError("action format", f"unknown action type {kind!r}")
    if "entity" not in action:
        raise GameError("action format", f"a {kind} needs an 'entity'")
    for name, expected in FIELDS[kind].items():
        if name not in action:
            raise GameError("action format", f"a {kind} needs the field {name!r}")
        if not _fits(action[name], expected):
            raise GameError(
                "action format",
                f"field {name!r} of a {kind} must be {expected}, got {action[name]!r}",
            )
    for name, expected in OPTIONAL.items():
        if name in action and action[name] is not None and not _fits(action[name], expected):
            raise GameError(
                "action format",
                f"field {name!r} of a {kind} must be {expected}, got {action[name]!r}",
            )
    for name in UNPLAYED.get(kind, ()):
        if action.get(name) not in (None, False, 0, "", [], {}):
            raise GameError("action format", f"a {kind} with {name!r} is not played by this engine")
