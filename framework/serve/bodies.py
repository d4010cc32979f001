"""The bodies of the web app's requests, as pydantic models.

Every ``POST`` of the JSON API but the upload (a game file, read by
:mod:`framework.record.gamefile`) carries one JSON object; :func:`read_body` parses and
checks it in one step against the endpoint's model, and a body that is not what the
model says is refused with a message naming the field (``players.1.seat: expected
text, got a list``) — never a server error, whatever the JSON holds: a number too
large, a list where a text belongs, an object nested too deeply.

Fields the page does not send are optional, as they were when bodies were read by hand;
unknown fields are ignored.

>>> read_body(Seat, b'{"player": "1", "secrets": ["s"]}')
Seat(secrets=['s'], player='1')
>>> read_body(Choose, b'{"index": "x"}')
Traceback (most recent call last):
...
framework.serve.bodies.BadBody: index: expected a whole number, got 'x'
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator

from framework.title.messages import describe

LARGEST = 2**63 - 1
"""The largest whole number a request may give (SQLite's, where games are kept)."""

Whole = Annotated[int, Field(ge=-LARGEST - 1, le=LARGEST)]
"""A whole number that fits in the game store."""


def _blank_is_none(value: Any) -> Any:
    return None if value == "" else value


class Body(BaseModel):
    """Base of the request bodies: numbers may stand for texts (``"name": 7``), unknown
    fields are ignored."""

    model_config = ConfigDict(extra="ignore", coerce_numbers_to_str=True, frozen=True)


class SeatChoice(Body):
    """One seat of a new game: who sits there and who plays it."""

    name: str | None = Field(default=None, max_length=10_000)
    """The player's name (``Player N`` when none; cut to 40 characters)."""
    seat: str | None = None
    """``human`` (the default) or a bot's name."""


class NewGame(Body):
    """``POST /api/games``: a new game."""

    title: str | None = None
    """The title's name, one the server offers."""
    players: list[SeatChoice | None] = []
    """The seats, in order."""
    seed: Whole | None = None
    """The random seed (1 when none, or 0)."""
    variants: list[str] = []
    """The variants chosen, by id."""
    rules: list[str] = []
    """The house rules chosen, by name (those the server was started with)."""


class Held(Body):
    """A request from a browser that may hold seats: the secrets of its claims."""

    secrets: list[str] = []
    """The secrets of the seats the browser claimed."""


class Seat(Held):
    """``POST /api/games/ID/claim`` and ``/release``: a person's seat."""

    player: str | None = None
    """The player's id."""


class Move(Held):
    """A request that changes the game (undo and redo are only this): with the version the
    page saw, refused (409) when the game has moved on."""

    version: Whole | None = None
    """The game's version the page drew."""


class Choose(Move):
    """``POST /api/games/ID/choose``: one of the listed choices."""

    entity: str | None = None
    """Who acts."""
    kind: str | None = None
    """The kind of choice (``bid``, ``par``, ``pass``, …)."""
    index: Whole = -1
    """The choice's place in its kind's list."""
    amount: Annotated[Whole | None, BeforeValidator(_blank_is_none)] = None
    """The amount, for a choice with a range."""


class Act(Move):
    """``POST /api/games/ID/act``: an action in 18xx.games' form."""

    action: dict[str, Any]
    """The action: a JSON object with a ``type``."""

    @field_validator("action")
    @classmethod
    def _typed(cls, action: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(action.get("type"), str):
            raise ValueError("an action is a JSON object with a type")
        return action


class WantedRoute(Body):
    """A route drawn on the page: the train and the hexes it stops at, in order."""

    train: str | None = None
    """The train's id."""
    hexes: list[str] | None = None
    """The hex ids the route stops at."""


class Routes(Move):
    """``POST /api/games/ID/routes`` (runs them) and ``/plan`` (only plans them)."""

    entity: str | None = None
    """The corporation running."""
    routes: list[WantedRoute]
    """The routes drawn."""

    def wanted(self) -> list[tuple[str, list[str]]]:
        """The routes as the game takes them: ``(train, hexes)``."""
        return [(str(r.train), list(r.hexes or [])) for r in self.routes]


HINTS: dict[str, str] = {
    "players": "a game needs its players: a list of {name, seat}",
    "action": "an action is a JSON object with a type",
    "routes": "routes are a list of {train, hexes}",
}
"""What a field holds, said when its value is not that (by the field's name)."""

_EXPECTED: dict[str, str] = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "finite_number": "a whole number",
    "string_type": "text",
    "list_type": "a list",
    "dict_type": "a JSON object",
    "model_type": "a JSON object",
    "model_attributes_type": "a JSON object",
}


class BadBody(ValueError):
    """A request body that is not what its endpoint takes; the message says why."""


B = TypeVar("B", bound=Body)


def read_body(model: type[B], raw: bytes) -> B:
    """The body ``raw`` as ``model``; :class:`BadBody` when it is not JSON, not an object,
    or not what the model says."""
    try:
        return model.model_validate_json(raw)
    except ValidationError as exc:
        raise BadBody(_message(exc.errors()[0])) from None


def _message(error: Any) -> str:
    """One validation error in the app's words, naming the field."""
    kind, loc = error["type"], tuple(error["loc"])
    if kind == "json_invalid":
        if "recursion" in str(error.get("ctx", {}).get("error", "")):
            return "the request is nested too deeply"
        return "the request is not JSON"
    if not loc:
        return "the request is a JSON object"
    field = ".".join(str(part) for part in loc)
    hint = HINTS.get(str(loc[0])) if len(loc) == 1 else None
    if hint is not None and kind != "value_error":
        return f"{field}: {hint}"
    if kind in ("greater_than_equal", "less_than_equal"):
        return f"{field}: a whole number from {-LARGEST - 1} to {LARGEST}"
    if kind == "value_error":
        return f"{field}: {error['msg'].removeprefix('Value error, ')}"
    if kind == "missing":
        return f"{field}: missing"
    expected = _EXPECTED.get(kind)
    if expected is None:
        return f"{field}: {error['msg']}"
    return f"{field}: expected {expected}, got {describe(error.get('input'), 'a JSON object')}"
