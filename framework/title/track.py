"""Track content: revenue centres (cities, towns, off-boards) and the paths
that join them to hex edges. A tile and the preprinted part of a hex are both
described this way.

Paths are written as two endpoints. An endpoint is a hex edge ``0``–``5``
(numbered as the map's layout says) or a revenue centre of the same tile:
``city`` (the first city), ``city1`` (the second), … and likewise ``town``,
``town1``, ``offboard``. For example tile 57 is one city with track to the
opposite edges 0 and 3::

    cities: [{revenue: 20}]
    paths: [[0, city], [city, 3]]

Revenue centres are numbered in the order cities, towns, off-boards; that
order gives the part indices used in 18xx.games ids (``57-0-0`` is the first
city of tile ``57-0``), unless a centre's ``part`` says otherwise.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field, GetJsonSchemaHandler, PlainValidator, WithJsonSchema, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

from framework.title.base import Model, Revenue
from framework.title.ports import Port

NODE_KINDS = ("city", "town", "offboard")
_ENDPOINT = re.compile(r"^(city|town|offboard)([0-9]*)$")


def _endpoint(value: Any) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= 5:
            return value
        raise ValueError(f"hex edge {value} does not exist: edges are numbered 0 to 5")
    if isinstance(value, str) and (found := _ENDPOINT.match(value)):
        kind, number = found.groups()
        return kind if number in ("", "0") else f"{kind}{int(number)}"
    raise ValueError(
        f"a path endpoint is an edge 0-5 or a revenue centre such as city, city1, town, "
        f"offboard; got {value!r}"
    )


Endpoint = Annotated[
    int | str,
    PlainValidator(_endpoint),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 5},
                {"type": "string", "pattern": _ENDPOINT.pattern},
            ]
        }
    ),
]
"""A hex edge (0–5) or a revenue centre of the same tile (``city``, ``city1``, ``town``, …)."""


def endpoint_node(endpoint: int | str) -> tuple[str, int] | None:
    """``("city", 1)`` for ``"city1"``; ``None`` for an edge.

    >>> endpoint_node("city"), endpoint_node("town2"), endpoint_node(3)
    (('city', 0), ('town', 2), None)
    """
    if isinstance(endpoint, int):
        return None
    found = _ENDPOINT.match(endpoint)
    assert found is not None, f"{endpoint!r} is not an endpoint"  # the model checked it
    kind, number = found.groups()
    return kind, int(number or 0)


def _lane(value: Any) -> tuple[int, int]:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and value[0] >= 1
        and 0 <= value[1] < value[0]
    ):
        return (value[0], value[1])
    raise ValueError(f"a lane is [lanes, index] with 0 <= index < lanes, got {value!r}")


Lane = Annotated[
    tuple[int, int],
    PlainValidator(_lane),
    WithJsonSchema(
        {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}
    ),
]
"""Which of the parallel tracks crossing a hex side a path's end is: ``[lanes, index]``."""

ONE_LANE = (1, 0)
"""The lane of a path end that says none: the only track across its side."""


def lanes_meet(near: tuple[int, int], far: tuple[int, int]) -> bool:
    """Whether track leaving a hex side in lane ``near`` goes on in lane ``far`` of the
    neighbour's facing side. Lanes are numbered from the same hand on both sides, so
    lane ``i`` of ``n`` meets lane ``n - 1 - i`` of ``n``; where the two sides have
    different numbers of lanes, the fewer lie in the middle of the more (one lane meets
    the middle one of three; of two, the one numbered 1).

    >>> lanes_meet((2, 0), (2, 1)), lanes_meet((2, 0), (2, 0)), lanes_meet((1, 0), (2, 1))
    (True, False, True)
    >>> lanes_meet((1, 0), (3, 1)), lanes_meet((3, 0), (1, 0))
    (True, False)
    """
    if near[0] == far[0]:
        return far[1] == near[0] - 1 - near[1]
    fewer, more = sorted((near, far))
    return fewer[1] + (more[0] - fewer[0]) // 2 == more[0] - 1 - more[1]


class Path(Model):
    """A track segment between two endpoints.

    Written ``[a, b]`` or, with more detail, ``{a: 4, b: city, terminal: true}``.
    """

    a: Endpoint
    """One end: an edge or a revenue centre."""
    b: Endpoint
    """The other end."""
    terminal: bool = False
    """A route may end at this path's revenue centre but never pass through it."""
    a_lane: Lane | None = None
    """Where several separate tracks cross one hex side (lanes), which of them this path's
    ``a`` end (an edge) is: ``[lanes, index]``. Each lane is track of its own: two routes
    may each use one, and a path continues across the side only into the neighbour's lane
    that faces it: lane ``i`` of ``n`` meets lane ``n - 1 - i`` of ``n`` (fewer lanes lie
    in the middle of more; 18xx.games' ``lanes`` and ``a_lane``). 18MEX's brown Mexico
    City tile has two tracks from its city to the side facing Puebla (``{a: 5, b: city,
    a_lane: [2, 0]}`` and ``[2, 1]``); Puebla's meet them, one into its town, one on
    through the hex. Without it the end is the only track across its side (``[1, 0]``)."""
    b_lane: Lane | None = None
    """The lane of the path's ``b`` end (an edge), as :attr:`a_lane`."""

    @model_validator(mode="after")
    def _lanes_at_edges(self) -> Path:
        for name, end, lane in (("a", self.a, self.a_lane), ("b", self.b, self.b_lane)):
            if lane is not None and not isinstance(end, int):
                raise ValueError(f"{name}_lane: only an end at a hex edge has a lane, {name} is {end!r}")
        return self

    @model_validator(mode="before")
    @classmethod
    def _from_pair(cls, value: Any) -> Any:
        if isinstance(value, list):
            if len(value) != 2:
                raise ValueError(f"a path joins exactly two endpoints, got {len(value)}")
            return {"a": value[0], "b": value[1]}
        return value

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        as_object = handler(schema)
        endpoint = {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 5},
                {"type": "string", "pattern": _ENDPOINT.pattern},
            ]
        }
        as_pair = {"type": "array", "items": endpoint, "minItems": 2, "maxItems": 2}
        return {"anyOf": [as_pair, as_object]}

    def endpoints(self) -> tuple[int | str, int | str]:
        return (self.a, self.b)


class Stop(Model):
    """What every revenue centre has besides its revenue."""

    group: str | None = None
    """Revenue centres sharing a group (Stockholm's four cities) count as one place: a
    route visits at most one."""
    visit_cost: int = Field(default=1, ge=0, le=1)
    """How much of a train's distance a stop here takes: 1, or 0 for a place trains
    visit free (1888's harbours, 18xx.games' ``visit_cost``)."""
    route: Literal["mandatory", "optional", "never"] = "mandatory"
    """How the stop counts when the game asks whether a company has a route (to run its
    trains, and to be made to buy one): a company has one where a station reaches two
    stops that count, one of them ``mandatory``; ``optional`` stops count only beside a
    mandatory one, and not towards having to buy a train; ``never`` stops never count
    (1836Jr's ports, 1882's optional off-boards: 18xx.games' ``route``). A train may still
    stop at any of them."""
    part: int | None = Field(default=None, ge=0)
    """The number game files give this revenue centre, where it is not its place in the
    order cities, towns, off-boards: 18xx.games numbers the parts of a tile's code in
    order, labels, paths and terrain included, so a city written after a label is part
    1 (``H3-0-2``, a route's stop ``H3-2``). ``18xx import`` writes it; a title written
    by hand needs it only to read or write game files of such a code."""


class City(Stop):
    """A city: a revenue centre with token slots."""

    revenue: Revenue = 0
    """Its revenue; 0 on an empty city site."""
    slots: int = Field(default=1, ge=0)
    """How many station tokens it holds; none on a city nobody may place a token in (an
    off-board city printed without a token circle), which never blocks a route."""
    neutral_tokens: int = Field(default=0, ge=0)
    """Slots of a city printed on the map that a neutral station fills from the start
    (18GA's and 18EU's off-board cities): nobody may place a token there, and the city
    never blocks a route while it holds one. On a map hex only."""

    @model_validator(mode="after")
    def _neutral_fit(self) -> City:
        if self.neutral_tokens > self.slots:
            raise ValueError(f"{self.neutral_tokens} neutral tokens do not fit in {self.slots} slots")
        return self


class Town(Stop):
    """A town: a revenue centre without token slots."""

    revenue: Revenue = 0
    """Its revenue."""


class Offboard(Stop):
    """An off-board area: routes may end there but never pass through."""

    revenue: Revenue
    """Its revenue, usually by phase colour."""
    port: Port | None = None
    """A port (:mod:`framework.title.ports`): what a route earns here by the company's
    stations it runs to, and how many stops a route stopping here needs."""


class TrackContent(Model):
    """Revenue centres and track, as on a tile or printed on a hex."""

    cities: list[City] = []
    """Cities, in order (``city``, ``city1``, …)."""
    towns: list[Town] = []
    """Towns, in order (``town``, ``town1``, …)."""
    offboards: list[Offboard] = []
    """Off-board areas, in order (``offboard``, ``offboard1``, …)."""
    paths: list[Path] = []
    """Track segments."""
    label: str | None = None
    """A label such as ``Y`` or ``A``: an upgrade must carry the same label."""

    def node_count(self, kind: str) -> int:
        """How many revenue centres of ``kind`` (city, town, offboard) there are."""
        nodes: dict[str, list[City] | list[Town] | list[Offboard]] = {
            "city": self.cities,
            "town": self.towns,
            "offboard": self.offboards,
        }
        return len(nodes[kind])

    def node_index(self, endpoint: int | str) -> int | None:
        """The part index of a node endpoint (cities, then towns, then off-boards)."""
        node = endpoint_node(endpoint)
        if node is None:
            return None
        kind, number = node
        offset = {
            "city": 0,
            "town": len(self.cities),
            "offboard": len(self.cities) + len(self.towns),
        }
        return offset[kind] + number

    def edges(self) -> set[int]:
        """The hex edges its track reaches."""
        return {e for p in self.paths for e in p.endpoints() if isinstance(e, int)}
