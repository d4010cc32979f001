"""Phases, trains and the events trains trigger.

Phases are listed in order; each after the first starts when the first train
of its ``on`` type is bought. Trains are listed in the order the depot sells
them::

    phases:
      2: {tiles: [yellow], train_limit: 4, operating_rounds: 1}
      3: {on: 3, tiles: [yellow, green], train_limit: 4, operating_rounds: 2}
    trains:
      2: {distance: 2, price: 80, count: 7, rusts_on: 4}
      D:
        distance: unlimited
        price: 1100
        count: unlimited
        available_from: 6
        trade_in: {trains: [4, 5, 6], discount: 300}
        variants:
          E: {price: 1300, own_token_stop_multiplier: 2}
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, PositiveInt, field_validator, model_validator

from framework.title.base import Entry, HexId, Model, Name, Shorthand, TileColor, Unlimited, keyed
from framework.title.merger_offer import MergerOffer
from framework.title.national_formation import NationalFormation

EVENTS: dict[str, str] = {
    "close_companies": "Every private company closes, except those that never close.",
    "full_capitalization": "Corporations not yet started become fully capitalised: "
    "their shares move to the bank's initial offering.",
    "nationalization": "The trainless corporation that has operated and stands highest on "
    "the market is taken over by the state (rules.nationalization).",
    "lose_weakest_run": "Every floated corporation that owns a train, and the buyer, must give "
    "up one train's earnings in its next operating turn: when all its trains run, the "
    "lowest-earning one earns nothing; a corporation that owns a single train earns nothing "
    "and its share price does not move (18xx.games' civil_war).",
    "float_percent": "The percent of a corporation that must be sold before it floats "
    "becomes the event's ``percent`` (rules.float_percent until then).",
    "end_escrow": "Corporations started from now on hold no money in escrow "
    "(rules.escrow): they are paid for every share sold from their treasury.",
    "remove_unstarted_minors": "Every minor (a corporation of kind ``minor``) that no "
    "player has started leaves the game, with the reservation of its home city (1867's and "
    "1861's 5 train: 18xx.games' minors_cannot_start).",
    "minors_merge": "Every open minor with ``merges_into`` merges into its corporation: "
    "its treasury goes there, its owner gets the certificate held back for them, its "
    "tokens and trains leave the game, and the company controlling it closes.",
}
"""The framework's phase events, by name."""


EventType = Literal[
    "close_companies",
    "full_capitalization",
    "nationalization",
    "lose_weakest_run",
    "float_percent",
    "end_escrow",
    "minors_merge",
    "merger_offer",
    "national_formation",
    "remove_neutral_tokens",
    "trainless_nationalization",
    "minors_nationalization",
    "nationalize_companies",
    "remove_unstarted_minors",
]
"""A framework event's name."""


class Event(Shorthand):
    """Something that happens when the first train of a type is bought (or, with
    ``when``, a later one).

    Write a framework event by name (``close_companies``) or name a title hook
    (``{hook: my_event}``); 1856's float percent rising once the last 2-train is sold,
    ``{type: float_percent, percent: 30, when: 6}``.
    """

    __shorthand__: ClassVar[str] = "type"

    type: EventType | None = None
    """A framework event."""
    hook: str | None = None
    """A function in the title's ``hooks.py`` that carries out the event."""
    when: int = Field(default=1, ge=1)
    """Which purchase of the type from the depot triggers it: 1, the first (with the
    phase change and rusting); 6, the sixth (18xx.games' ``when``)."""
    percent: int | None = Field(default=None, ge=10, le=100)
    """For ``float_percent``: the new percent a corporation must sell to float."""
    offer: MergerOffer | None = None
    """For ``merger_offer``: what is offered (see :mod:`framework.title.merger_offer`)."""
    formation: NationalFormation | None = None
    """For ``national_formation``: the national formed and how (see
    :mod:`framework.title.national_formation`)."""
    hexes: list[HexId] = []
    """For ``remove_neutral_tokens``: the hexes whose neutral stations (a city's
    ``neutral_tokens``) leave the map; none listed, every hex's. 1867's green minors
    event lifts those of Timmins and Toronto: ``{type: remove_neutral_tokens, hexes:
    [D2, L12]}``."""

    @model_validator(mode="after")
    def _one(self) -> Event:
        if (self.type is None) == (self.hook is None):
            raise ValueError("an event names either a framework event (type) or a hook")
        if (self.type == "float_percent") != (self.percent is not None):
            raise ValueError("a float_percent event, and only it, gives the new percent")
        if (self.type == "merger_offer") != (self.offer is not None):
            raise ValueError("a merger_offer event, and only it, gives its offer")
        if (self.type == "national_formation") != (self.formation is not None):
            raise ValueError("a national_formation event, and only it, gives its formation")
        return self


class Phase(Entry):
    """A phase of the game."""

    on: Name | None = None
    """The train type whose first purchase starts this phase (none for the first phase)."""
    tiles: list[TileColor] = Field(min_length=1)
    """Tile colours that may be laid."""
    train_limit: int | dict[Literal["corporation", "minor"], int] = Field(union_mode="left_to_right")
    """How many trains a corporation may own, or per kind of company (``minor``: the minor
    companies and the corporations of ``kind: minor``)."""
    operating_rounds: int = Field(ge=1)
    """Operating rounds in each set started in this phase."""
    buy_companies: bool = False
    """Corporations may buy private companies from players."""
    early_company_buys: dict[Name, list[Name]] = {}
    """Companies corporations may buy from players in this phase though ``buy_companies``
    is off, each with the corporations that may buy it (an empty list: any corporation):
    1870's river bridge company, bought in phase 1 by the two corporations on the river;
    1850's two phase-2 companies, bought by any."""
    early_company_buys_kept: bool = False
    """The corporations of ``early_company_buys`` are offered their companies all the
    phase long, even once one of them owns it: a blocking ``buy_company`` step waits for
    their pass while they can pay the company's least price (18xx.games keeps offering
    1870's river company to the two river corporations throughout phase 1)."""
    players_buy_companies: bool = False
    """Players may buy private companies from one another in their stock-round turns, at
    any price the buyer can pay (1830's phases 2–4; from the game turn
    ``rules.company_sales.players_from_turn``)."""
    closed_shares: list[Name] = []
    """Corporations whose shares the stock round neither buys nor sells in this phase
    (starting one is still allowed): 18MEX's National Railways of Mexico until phase 3½
    (18xx.games' ``ndm_unavailable``)::

        - {name: '2', on: null, tiles: [yellow], train_limit: 4, operating_rounds: 1,
           closed_shares: [NdM]}
    """
    loans: bool = True
    """Corporations may take loans from the bank (``rules.loans``) in this phase; ``false``
    from 1856's phase 6 on (18xx.games' ``no_loans``)."""
    national_operates: bool = False
    """The national of ``rules.settled_nationalization`` operates in this phase, last in
    every operating round, on its own: its home station goes down the first time; it lays
    no track and buys no company; the holder of the priority runs its trains; its revenue
    is withheld; then it buys the cheapest depot train if it has none (with loans where
    the title takes them for trains) and the depot's next train for as long as it can pay.
    It has no train limit (1861's Russian State Railway in phases 4 to 7)."""
    exports_train: bool = False
    """At the end of every operating round in this phase the depot's next train is
    exported: it leaves the game as if bought, so a phase may begin, older trains rust and
    its type's events run (1867's phases 4 to 7, 18xx.games' ``export_train``)."""
    depot_purchases: Literal["any", "one", "one_of_each_type"] = "any"
    """How many trains a corporation may buy from the depot (the bank pool included) in
    one operating turn: ``any`` number; ``one`` (18AL's and 18GA's early phases, 18xx.games'
    ``limited_train_buy``); ``one_of_each_type`` (1836Jr30's). Trains from other
    corporations are not limited."""

    @property
    def name(self) -> str:
        return self.key


class TradeIn(Model):
    """Trading in an old train as part payment for this one: 1830's D, ``{trains: [4, 5,
    6], discount: 300}``; 18SJ's, whose trade-ins leave the game, adds ``traded: removed``."""

    trains: list[Name] = Field(min_length=1)
    """The train types that may be traded in."""
    discount: PositiveInt | dict[Name, PositiveInt] = Field(union_mode="left_to_right")
    """Money off the price: one amount, or one for each type of ``trains`` (1867's 8
    train: ``{'5': 275, '6': 325, '7': 400, …}``)."""
    from_phase: Name | None = None
    """The phase from which a train may be traded in; none: whenever this one may be
    bought. 1867's 8, 2+2 and 5+5E trains take trade-ins once phase 8 has begun, so not
    the first 8 train, which begins it."""

    @model_validator(mode="after")
    def _discount_for_each(self) -> TradeIn:
        if isinstance(self.discount, dict) and set(self.discount) != set(self.trains):
            raise ValueError("a discount for each train type traded in: discount names exactly the trains")
        return self

    def discount_for(self, name: str) -> int:
        """The money off for trading in a ``name`` train.

        >>> TradeIn(trains=["5", "6"], discount={"5": 275, "6": 325}).discount_for("6")
        325
        """
        return self.discount if isinstance(self.discount, int) else self.discount[name]

    traded: Literal["discarded", "removed"] = "discarded"
    """Where the train traded in goes: ``discarded``, as a discarded train
    (``rules.trains.discards_to``: to the bank pool, for sale again, unless the title
    removes discards); ``removed``, out of the game."""


StopKind = Literal["city", "town", "offboard"]
"""A kind of revenue centre a route stops at."""


class StopCount(Model):
    """Part of a distance counted by kind of stop: how many stops of ``stops`` kinds a
    route may visit, and how many of those pay. A 2+2 train,
    ``[{stops: [city, town, offboard], visit: 2}, {stops: [town], visit: 2}]``; a train
    that visits towns free, ``[{stops: [city, offboard], visit: 3}, {stops: [town],
    visit: unlimited}]``; an express that passes towns, ``… {stops: [town], visit:
    unlimited, pay: 0}``. A route is legal when its stops can be shared out so that no
    part visits more than its ``visit``, and earns the best such sharing (18xx.games'
    ``distance`` list of ``nodes``, ``visit``, ``pay`` and ``multiplier``)."""

    stops: list[StopKind] = Field(min_length=1)
    """The kinds of stop this part counts."""
    visit: int | Unlimited = Field(union_mode="left_to_right")
    """How many such stops a route may visit."""
    pay: int | Unlimited | None = Field(default=None, union_mode="left_to_right")
    """How many of the stops visited pay (the best ones); unset: all of them."""
    multiplier: int = Field(default=1, ge=0)
    """What each paying stop's value is multiplied by (18AL's 4D doubles cities)."""
    fills: bool = False
    """With ``pay: 0``: its stops pay in the room the other parts' stops leave, best
    first (1867's towns: a 2 train whose route has one city also earns its best town;
    with two cities, no town pays)::

        - {stops: [town], visit: unlimited, pay: 0, fills: true}
    """


Distance = int | Unlimited | list[StopCount]
"""A train's distance: how many stops its route may have (all alike), ``unlimited``,
or a list of :class:`StopCount` counting cities, towns and off-boards apart."""


class TrainVariant(Entry):
    """Another face of a train: same card and supply, different price and powers."""

    price: int = Field(gt=0)
    """Its price from the depot."""
    distance: Distance | None = Field(default=None, union_mode="left_to_right")
    """Its distance, when it differs from the train's."""
    trade_in: TradeIn | None = None
    """Its trade-in terms."""
    own_token_stop_multiplier: int = Field(default=1, ge=1)
    """Stops in hexes holding the running corporation's token count this many times."""
    passes_national_tokens: bool = False
    """Its routes may pass through cities filled by the state railway's tokens."""
    track_group: Name | None = None
    """Routes of a corporation's trains may not share track, except routes of trains of
    different track groups (18 Los Angeles' freight trains, ``3/5``, ``4/6`` and ``7/8``,
    beside its passenger trains: a group of their own on those faces, ``3/5`` as the
    converter names it). None: the group of every train that names none."""


class Train(Entry):
    """A train type."""

    distance: Distance = Field(union_mode="left_to_right")
    """How many stops its route may have, ``unlimited``, or a list of
    :class:`StopCount` counting cities, towns and off-boards apart."""
    price: int = Field(gt=0)
    """Its price from the depot."""
    count: int | Unlimited = Field(union_mode="left_to_right")
    """How many are in the game, or ``unlimited``."""
    rusts_on: Name | None = None
    """The train type whose first purchase removes every train of this type."""
    obsolete_on: Name | None = None
    """The train type whose first purchase makes every train of this type obsolete: it no
    longer counts toward its owner's train limit, no corporation may buy it from another,
    and it rusts at the end of its owner's next dividend (18AL's 4 trains on the first 7)."""
    reserved: int = Field(default=0, ge=0)
    """How many of its trains, the last ones, are held out of the depot from the start
    (of the ``count``). When a company's exchange ``from: par`` starts a corporation, one
    held out of the depot's next type comes in, first in line (1882: one each of the 3,
    4, 5 and 6 trains, for the SC); a company's ``free_train`` hands one to the
    corporation buying it (18GA's 2-train marked Free)."""
    available_from: Name | None = None
    """The phase from which the depot offers it beside the next train in line."""
    events: list[Event] = []
    """Events triggered by the first purchase of this type."""
    trade_in: TradeIn | None = None
    """Trade-in terms when buying this train."""
    own_token_stop_multiplier: int = Field(default=1, ge=1)
    """Stops in hexes holding the running corporation's token count this many times."""
    passes_national_tokens: bool = False
    """Its routes may pass through cities filled by the state railway's tokens."""
    track_group: Name | None = None
    """Routes of a corporation's trains may not share track, except routes of trains of
    different track groups (18 Los Angeles' freight trains, ``3/5``, ``4/6`` and ``7/8``,
    beside its passenger trains: a group of their own on those faces, ``3/5`` as the
    converter names it). None: the group of every train that names none."""
    variants: dict[Name, TrainVariant] = {}
    """Other faces of this train, by name (18SJ's E is a variant of D)."""

    @field_validator("variants")
    @classmethod
    def _keys(cls, variants: dict[str, TrainVariant]) -> dict[str, TrainVariant]:
        return keyed(variants)

    @model_validator(mode="after")
    def _reserved_fit(self) -> Train:
        if self.reserved and (self.count == "unlimited" or self.reserved >= self.count):
            raise ValueError(f"{self.reserved} reserved trains leave none of {self.count} in the depot")
        return self

    @property
    def name(self) -> str:
        return self.key
