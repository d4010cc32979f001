"""Building blocks shared by the title models: the model base class, names,
colours and revenue values.

Every model forbids unknown keys and is immutable once loaded. Collections
whose entries have an identity (hexes, tiles, trains, companies, …) are YAML
mappings keyed by that identity; the key is available on the entry as
:attr:`Entry.key` after loading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    PlainValidator,
    PrivateAttr,
    WithJsonSchema,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema


class Model(BaseModel):
    """Base of every title model: unknown keys are errors, values are frozen."""

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        use_attribute_docstrings=True,
        validate_default=False,
    )


class Entry(Model):
    """A model stored in a mapping under its own identity (a hex id, a tile name, …)."""

    _key: str = PrivateAttr(default="")

    @property
    def key(self) -> str:
        """The mapping key this entry was given under."""
        return self._key


E = TypeVar("E", bound=Entry)


def keyed(entries: dict[str, E]) -> dict[str, E]:
    """Tell each entry of a keyed mapping its key; returns the mapping."""
    for key, entry in entries.items():
        entry._key = key
    return entries


def _number_to_str(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


Name = Annotated[
    str,
    BeforeValidator(_number_to_str),
    Field(min_length=1),
    WithJsonSchema({"type": ["string", "integer"]}),
]
"""A name or reference that YAML may write as a number: tile ``57``, train ``2``, phase ``3``."""

HEX_ID_PATTERN = r"^([A-Z]+|[a-z])-?[0-9]+$"
ZONE_MARK_PATTERN = r"^[a-z]$"
CURRENCY_PATTERN = r"\{\}"

PATTERNS: dict[str, str] = {
    HEX_ID_PATTERN: "a hex id: capital letters (or one lower-case letter) then a number, such as A2",
    ZONE_MARK_PATTERN: "a single lower-case letter",
    CURRENCY_PATTERN: "a money format: it needs {} where the amount goes",
}
"""What each pattern used by the models means, for error messages."""

HexId = Annotated[str, Field(pattern=HEX_ID_PATTERN)]
"""A hex id: letters then a number, as on the printed board or 18xx.games (``A2``, ``G10``;
``a9``: a lower-case letter names a row or column before ``A``)."""

TileColor = Literal["yellow", "green", "brown", "gray", "black"]
"""The colour of a track tile; phases make colours available in this order. Black comes
after gray: a phase listing it may have no black tiles at all, only revenues by phase
that name black (1856's off-boards pay their black value from its last phase)."""

ReplacementColor = Literal["red", "blue"]
"""The colour of a tile that replaces the printed tile of a hex of that colour (an
off-board, a sea hex), laid only by a company's special lay: it is never a phase's."""

HexColor = Literal["white", "yellow", "green", "brown", "gray", "red", "blue"]
"""The colour of a map hex: white is empty land, blue water, red off-board, gray fixed."""

TILE_COLORS: tuple[str, ...] = ("yellow", "green", "brown", "gray", "black")

Unlimited = Literal["unlimited"]


def _revenue(value: Any) -> int | dict[str, int]:
    if isinstance(value, bool):
        raise ValueError(
            "expected a revenue: a number, or a mapping of tile colour (or train type) to number"
        )
    if isinstance(value, int):
        if value < 0:
            raise ValueError("a revenue cannot be negative")
        return value
    if isinstance(value, dict) and value:
        for color, amount in value.items():
            if not isinstance(color, str | int) or isinstance(color, bool):
                raise ValueError(f"unknown phase colour {color!r} in revenue; use {', '.join(TILE_COLORS)}")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise ValueError(f"the {color} revenue must be a whole number of at least 0")
        if not any(str(color) in TILE_COLORS for color in value):
            raise ValueError(f"a revenue by phase needs at least one phase colour ({', '.join(TILE_COLORS)})")
        return {str(color): amount for color, amount in value.items()}
    raise ValueError("expected a revenue: a number, or a mapping of tile colour (or train type) to number")


Revenue = Annotated[
    int | dict[str, int],
    PlainValidator(_revenue),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                    "minProperties": 1,
                },
            ],
            "description": "A fixed revenue, or the revenue by phase colour "
            "(the most advanced colour of the current phase that is listed applies); "
            "a key that is a train type instead gives what that train earns there in "
            "any phase (1889's off-boards: ``{yellow: 30, brown: 60, D: 100}``).",
        }
    ),
]
"""A revenue: a number, or a mapping such as ``{yellow: 20, green: 40, brown: 50}``.

A key that is not a tile colour names a train type: that train earns that amount
there whatever the phase (18xx.games' ``diesel`` revenue, 1889's off-boards
``{yellow: 30, brown: 60, D: 100}``); every other train goes by the phase colours."""


def revenue_in_phase(
    revenue: int | dict[str, int], phase_colors: Sequence[str], train: str | None = None
) -> int:
    """The value of ``revenue`` when the current phase offers ``phase_colors``.

    Colours are scanned from the most advanced back to yellow; the first one
    listed applies, and a revenue with none of them is worth 0. For a ``train``
    type the revenue lists, that amount applies instead.

    >>> revenue_in_phase({"yellow": 20, "brown": 40, "D": 80}, ["yellow"], "D")
    80

    >>> revenue_in_phase({"green": 30, "brown": 40}, ["yellow"])
    0
    >>> revenue_in_phase({"yellow": 20, "green": 40, "brown": 50}, ["yellow", "green"])
    40
    >>> revenue_in_phase(20, ["yellow"])
    20
    >>> revenue_in_phase({"yellow": 30, "brown": 50, "black": 60}, ["brown", "gray", "black"])
    60
    """
    if isinstance(revenue, int):
        return revenue
    if train is not None and train in revenue:
        return revenue[train]
    for color in reversed(phase_colors):
        if color in revenue:
            return revenue[color]
    return 0


class Shorthand(Model):
    """A model that may also be written as one plain value.

    The value fills the field named by ``__shorthand__``; for example an icon
    ``V`` means ``{name: V}``.
    """

    __shorthand__: ClassVar[str] = ""

    @model_validator(mode="before")
    @classmethod
    def _from_scalar(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return {cls.__shorthand__: value}
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        as_object = handler(schema)
        resolved = handler.resolve_ref_schema(as_object)
        scalar = dict(resolved["properties"][cls.__shorthand__])
        scalar.pop("title", None)
        scalar.pop("default", None)
        if "anyOf" in scalar:
            branches = [b for b in scalar["anyOf"] if b != {"type": "null"}]
            scalar.pop("anyOf")
            scalar.update(branches[0] if len(branches) == 1 else {"anyOf": branches})
        return {"anyOf": [scalar, as_object]}
