"""Corporations and minor companies.

::

    corporations:
      SWB:
        name: Stockholm-Västerås-Bergslagens Järnvägar
        home: {hex: G10, city: 2}
        tokens: [0, 40]
        color: "#237333"
    minors:
      KHJ:
        name: Köping-Hults järnväg
        home: D15
        tokens: [0]
        trains: [2]

A home is a hex id, or ``{hex, city}`` where the hex has several cities
(``city`` counts from 0 in the order the hex lists them).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from framework.title.base import Entry, HexId, Model, Name, Shorthand
from framework.title.lay_subsidy import LaySubsidyTerms
from framework.title.market import Move
from framework.title.rules import TileLaySlot


class Home(Shorthand):
    """Where a company's first token goes: ``G26`` or ``{hex: G10, city: 2}``."""

    __shorthand__: ClassVar[str] = "hex"

    hex: HexId
    """The home hex."""
    city: int | Literal["choose"] = Field(default=0)
    """Which city of the hex, counting from 0; or ``choose`` (1830's ERIE in its OO hex):
    while the hex has no track the home token goes in its first city, and if the hex
    already has track when the token goes down, the company chooses the city. Either way,
    a tile with track and more than one city laid in the hex while it has no track lifts
    the token, which is put back in the city of the chooser's choice
    (``rules.tokens.home_choice``) before anything else."""

    @property
    def first_city(self) -> int:
        """The city whose slot is held from the start (the first, for ``choose``)."""
        return 0 if self.city == "choose" else self.city


class Charter(Entry):
    """What corporations and minors share: a name, a home and colours."""

    name: str
    """The full name."""
    home: Home | None = None
    """The home city; its slot is reserved from the start of the game (none for a
    company of a title with its own layer and no 18xx board, such as 18Steam's)."""
    color: str
    """Charter and token colour (a CSS colour)."""
    text_color: str = "white"
    """Colour of text on the charter and tokens."""

    @property
    def sym(self) -> str:
        """The short id, e.g. ``SWB``."""
        return self.key


class Reservation(Model):
    """A slot of a city held for the corporation: no other corporation's station may take
    it until ``until`` begins (1846's B&O in Cincinnati until phase IV)::

        - {type: reservation, hex: H12, until: IV}
    """

    type: Literal["reservation"]
    """A slot held for the corporation."""
    hex: HexId
    """The hex of the city."""
    city: int = Field(default=0, ge=0)
    """Which city of the hex (its index on the map's tile)."""
    until: Name | None = None
    """The phase at whose start the slot is free again (none: for the whole game)."""


class CharterToken(Model):
    """The corporation's own prices for stations in some hexes, from its charter (1846's
    B&O: $40 in Cincinnati where it reaches it, $100 where it does not)::

        - {type: token, hexes: [H12], price: 40, teleport_price: 100}
    """

    type: Literal["token"]
    """Its own station prices."""
    hexes: list[HexId] = Field(min_length=1)
    """Where the prices apply."""
    price: int | None = Field(default=None, ge=0)
    """The price of a station in a city it reaches (none: its charter's next price)."""
    teleport_price: int | None = Field(default=None, ge=0)
    """The price of a station in a city it does not reach (none: only reached cities)."""
    count: int = Field(default=1, ge=1)
    """How many stations it places so."""

    from_owner: ClassVar[bool] = True
    """The station comes from its charter."""


class StationBonus(Model):
    """Money from the bank for the corporation's first station in one of some hexes: a
    historical objective (18AL's L&N, $100 for a station in Birmingham)::

        - {type: station_bonus, hexes: [G4], amount: 100}

    Any station the corporation places in its operating turn counts (its token step's,
    or one a company's ability places for it); the home station does not.
    """

    type: Literal["station_bonus"]
    """Money for a station in one of the hexes."""
    hexes: list[HexId] = Field(min_length=1)
    """Where a station earns it."""
    amount: int = Field(gt=0)
    """What the bank pays the corporation for the first such station (once: later ones
    earn nothing)."""


class NeutralToken(Model):
    """A neutral station marker the corporation carries beside its charter's (1882: every
    corporation but the CPR and the CN carries one of the CN's). As its station of a turn it
    may place it instead of its own (18xx.games' ``place_token`` with ``token_type:
    neutral``), in a city it reaches where ``owner`` may have a station. Placed, the
    station is ``owner``'s: ``owner``'s routes start from it, and, as all of ``owner``'s
    stations, it never blocks anybody's route::

        - {type: neutral_token, owner: CN}
    """

    type: Literal["neutral_token"]
    """A neutral station marker."""
    owner: Name
    """The corporation whose station it becomes once placed (its stations never block)."""
    price: int = Field(default=0, ge=0)
    """What the corporation pays to place it."""
    count: int = Field(default=1, ge=1)
    """How many it carries."""


class TrainLimit(Model):
    """A corporation's own train limit, that many trains above (or below) the phase's
    (18MEX's NdM and 1856's CGR, one more)::

        - {type: train_limit, increase: 1}
    """

    type: Literal["train_limit"]
    """A train limit of its own."""
    increase: int
    """Trains added to the phase's train limit (negative: taken off)."""

    @model_validator(mode="after")
    def _changes(self) -> TrainLimit:
        if self.increase == 0:
            raise ValueError("a train_limit ability changes the limit")
        return self


class FaceValueTrains(Model):
    """Trains the corporation buys from, or sells to, another corporation change hands at
    their face value only; it is offered none it cannot pay so (18MEX's NdM, 1856's CGR;
    18xx.games' ``train_buy`` with ``face_value``)::

        - {type: face_value_trains}
    """

    type: Literal["face_value_trains"]
    """Trains between it and other corporations at face value only."""


class LayDiscount(Model):
    """Cheaper tile actions in some hexes (1846's Illinois Central, free yellow tiles on
    its icon hexes)::

        - {type: lay_discount, hexes: [E5, F6, G5, H6, J4], tiles: ['7', '8', '9'], amount: 20}

    A tile action laying one of ``tiles`` in one of ``hexes`` costs ``amount`` less: the
    action's own cost and its ``min_cost`` top-up (never below nothing; terrain and
    borders are paid as usual)."""

    type: Literal["lay_discount"]
    """Cheaper tile actions in some hexes."""
    hexes: list[HexId] = Field(min_length=1)
    """Where the discount applies."""
    tiles: list[Name] | None = None
    """The tiles it applies to (none: any tile)."""
    amount: int = Field(gt=0)
    """What the tile action costs less."""


class StopMultiplier(Model):
    """Stops of the corporation's routes in some hexes count several times their value
    (18JP-T's Keio, double income from Hachioji)::

        - {type: stop_multiplier, hexes: [A87], times: 2}
    """

    type: Literal["stop_multiplier"]
    """Stops counted several times."""
    hexes: list[HexId] = Field(min_length=1)
    """Where its routes' stops count so."""
    times: int = Field(default=2, ge=2)
    """How many times such a stop's value counts (with any other multiplier of the
    train's on top)."""


class StopMarker(Model):
    """A marker the corporation may buy, once, for a hex its network reaches (1850's edge
    tokens, $50 for the KATY's on its map edge): in its token step, instead of a station,
    it pays ``price`` to the bank (a ``choose`` of ``name``), which ends the step; from
    then on each of its routes stopping in the hex earns that stop's value a second time::

        - {type: stop_marker, hexes: [M2], price: 50, name: Edge Token}
    """

    type: Literal["stop_marker"]
    """A bought marker doubling a stop."""
    hexes: list[HexId] = Field(min_length=1, max_length=1)
    """The hex the marker goes on."""
    price: int = Field(default=0, ge=0)
    """What the corporation pays the bank for it (it needs that much cash)."""
    name: str = "Stop Marker"
    """The marker's name; the ``choose`` that buys it is ``Place`` and the name."""


class CharterTerrainDiscount(Model):
    """The corporation pays less terrain in some hexes, as a company's
    ``terrain_discount`` gives its owner (18JP-T's Tokyo Metro, ¥80 off in its "T"
    hexes)::

        - {type: terrain_discount, hexes: [F84, G85], amount: 80}
    """

    type: Literal["terrain_discount"]
    """Cheaper terrain."""
    hexes: list[HexId] | None = Field(default=None, min_length=1)
    """Where the discount applies; absent: every hex."""
    terrain: str | None = None
    """The terrain it applies to; absent: any, off the tile action's whole terrain cost."""
    amount: int = Field(gt=0)
    """Money off (never below zero)."""


class CharterLaySubsidy(LaySubsidyTerms):
    """The bank pays the corporation for some of its tile actions (18JP-T's Seibu, ¥100
    for each tile laid in a hex with a town)::

        - {type: lay_subsidy, amount: 100, towns: true}
    """


class StationLays(Model):
    """Once the corporation has placed a station in one of some hexes (in its operating
    turn: its home station does not count), its operating turns have tile actions of
    their own instead of ``rules.track.lays``, for the rest of the game (18JP-T's Tobu
    Railway, two lays or upgrades once it has a station in Asakusa)::

        - type: station_lays
          hexes: [H84]
          lays: [{lay: true, upgrade: true}, {lay: true, upgrade: true}]
    """

    type: Literal["station_lays"]
    """Tile actions of its own, earned by a station."""
    hexes: list[HexId] = Field(min_length=1)
    """A station in any of these hexes earns them."""
    lays: list[TileLaySlot] = Field(min_length=1)
    """Its tile actions from then on."""


class TownLays(Model):
    """Each tile it lays in its operating turn in a hex that had a town gives it another
    tile action that turn, a lay or an upgrade (18JP-T's Tokyu Corporation)::

        - type: town_lays
    """

    type: Literal["town_lays"]
    """Another tile action for each lay in a town's hex."""


CorporationAbility = Annotated[
    CharterToken
    | Reservation
    | StationBonus
    | NeutralToken
    | TrainLimit
    | FaceValueTrains
    | LayDiscount
    | StopMultiplier
    | StopMarker
    | CharterTerrainDiscount
    | CharterLaySubsidy
    | StationLays
    | TownLays,
    Field(discriminator="type"),
]
"""What a corporation's charter lets it do: a ``token``, a ``reservation``, a
``station_bonus``, a ``neutral_token``, a ``train_limit``, a ``face_value_trains``, a ``lay_discount``, a
``stop_multiplier``, a ``stop_marker``, a ``terrain_discount``, a ``lay_subsidy`` or ``station_lays``."""


class Destination(Model):
    """Where a corporation's destination is (1856's): reached once track, whoever laid
    it and through any station, joins a city of ``start`` (its home hex unless given) to
    one of ``hexes``. Reaching it releases the money the bank holds for the corporation
    in escrow (``rules.escrow``); a corporation that reaches it before it starts holds
    none::

        destination: {hexes: [F17]}
    """

    hexes: list[HexId] = Field(min_length=1)
    """Track into any of these hexes reaches the destination."""
    start: HexId | None = None
    """The hex whose cities the track must leave from (none: the home hex)."""


class SplitDividend(Model):
    """A corporation whose revenue is split without asking, as a minor company's is: it
    keeps half, rounded down, and its president receives the rest; no dividend is
    chosen (18xx.games' minors that are corporations: 1867's, 18NY's). Its price moves
    by ``paid`` when it earned something, by ``none`` when not (1867's minors: right and
    left; 18NY's stay put)::

        split_dividend: {paid: [right], none: [left]}
    """

    paid: list[Move] = []
    """The price moves when its trains earned something."""
    none: list[Move] = []
    """The price moves when they earned nothing (or it has no train)."""


class Corporation(Charter):
    """A public corporation with shares."""

    tokens: list[int] = [0]
    """Station token prices in the order they are placed; the first is the home token.
    Empty for a corporation without a home that has no stations of its own (1882's CN,
    whose stations are the neutral ones other corporations place for it)."""
    capitalization: Literal["incremental", "full"] | None = None
    """Overrides ``rules.capitalization`` for this corporation."""
    float_percent: int | None = Field(default=None, ge=10, le=100)
    """Overrides ``rules.float_percent``."""
    shares: list[int] | None = None
    """Certificate sizes in percent, president's first; overrides ``rules.shares``."""
    abilities: list[CorporationAbility] = []
    """What its charter lets it do (1846's reserved stations)."""
    par_subsidy: float | None = Field(default=None, gt=0)
    """When its par price is set, the bank pays its treasury this many times the par
    price (1846's Illinois Central: once)."""
    destination: Destination | None = None
    """Its destination, reached by track (releasing its escrow)."""
    par_needs_station: bool = False
    """Players may start it only once a station of its is on the map (1882's CN, whose
    stations are the neutral ones the others place: 18xx.games' ``needs_token_to_par``)."""
    from_stock_round: int = Field(default=1, ge=1)
    """The first stock round in which a player may start it (18NY's majors but the D&H
    wait for the second)::

        from_stock_round: 2
    """
    players: list[int] | None = None
    """The player counts it is in the game for (absent: every count); with another it
    leaves the game at setup. 1812's Great Central Railway, for four or more players::

        players: [4, 5, 6]
    """
    sold_out_rises: bool = True
    """Whether the end of a stock round moves its price as ``rules.stock.sold_out_move``
    says when it is sold out; false for 1867's minors, whose one certificate a player
    always holds::

        sold_out_rises: false
    """
    kind: Literal["corporation", "minor"] = "corporation"
    """What it counts as where a rule differs by kind of company (a phase's
    ``train_limit`` by kind): 1867's minors, corporations of one certificate, have the
    minors' train limit::

        kind: minor
    """
    setup_stations: list[Home] = []
    """Stations of its on the map from the start, taking its charter's first tokens
    (1867's Canadian National, which no player starts, in Toronto)::

        setup_stations: [{hex: F16, city: 0}]
    """
    holding_limit: int | None = Field(default=None, ge=10, le=100)
    """The most percent of it a player may hold, instead of ``rules.stock.holding_limit``
    (1867's majors: 60, its minors, of one certificate, 100)."""
    operates_first: bool = False
    """It operates before the corporations that do not, whatever the prices (1867's
    minors operate before its majors, each group in price order)."""
    max_loans: int | None = Field(default=None, ge=0)
    """The most loans it may hold (``rules.loans``); unset: one for each of its shares
    the players hold (1856's). 1867's minors hold two, its majors five::

        max_loans: 2
    """
    split_dividend: SplitDividend | None = None
    """Its revenue split between its treasury and its president without a dividend
    chosen (see ``SplitDividend``); unset: it chooses among ``rules.dividends.kinds``."""
    started_by: Literal["par", "bid", "none"] = "par"
    """How a player starts it in a stock turn: ``par``, choosing its par price; ``bid``,
    by an auction among the players (``rules.stock.start_bid``: 1867's minors, whose
    winner's bid goes to its treasury and sets its par price); ``none``: no player ever
    starts it (1867's national, which only holds stations)::

        started_by: bid
    """
    par_zones: list[Name] = []
    """The zones of the market (``market.zones``, ``par: true``) at whose prices it may
    start; none listed: any par price. 1867's minors start at the prices of two zones,
    its majors at ``[par, par_2]``::

        par_zones: [par, par_1]
    """
    available_from: Name | None = None
    """The phase from which players may start it (none: from the first). 1867's majors
    wait for phase 4::

        available_from: '4'
    """
    reserved_shares: list[int] = []
    """Certificates held back, by their place in ``shares`` (0 is the president's): they
    are for the companies whose ``exchange`` takes them ``from: reserved``, and while such a
    company is open nobody buys them and the corporation does not issue them (1868 Wyoming's
    Ames Brothers 20% certificate of the Union Pacific, its last)::

        reserved_shares: [7]
    """

    home_hexes: list[HexId] = []
    """Without a ``home``, with ``rules.tokens.home_anywhere``: the hexes among whose
    cities it chooses its home (none listed: any). 18 Los Angeles 2's Pacific Electric
    Railway::

        home_hexes: [A4, A6, B5, B13, C8, D7, D9, D11, D13, E4, E6, F9, F11, F13]
    """
    home_alone: Literal["city", "hex"] | None = None
    """Without a ``home``: where its chosen home may not go for the stations there.
    ``city``: only a city holding no station, neutral ones included (1867's minors);
    ``hex``: only a hex none of whose cities holds another corporation's station (1867's
    majors). None: any city with room."""
    home_unconnected: Literal["only", "first"] | None = None
    """Without a ``home``: whether its chosen home must be in a hex none of whose cities
    has track leading to another stop. ``only``: such hexes alone (1861's corporations;
    with none, nowhere); ``first``: such hexes while there are any, else any (1867's
    majors). None: connected or not."""
    more_homes: list[Home] = []
    """Further cities where a station of its goes down, free, with its home station
    (each taking its charter's next token, if the city has a free slot then); unlike the
    home, no slot is held for it before (18JP-T's Tobu Railway, a second station in
    H76)::

        more_homes: [H76]
    """
    pool_shares: list[int] = []
    """Certificates that start the game in the bank pool rather than the initial
    offering, by their place in ``shares`` (0 is the president's): they are sold at the
    market price from the start, and, having left the corporation, count toward its
    floating; listed in the order they came to the pool, which is the order a partial
    sale of a president's certificate takes them back in (18JP-T's Tobu Railway, its last
    three 10% certificates, the last first)::

        pool_shares: [8, 7, 6]
    """

    @model_validator(mode="after")
    def _reserved_are_shares(self) -> Corporation:
        if any(i < 1 or (self.shares is not None and i >= len(self.shares)) for i in self.reserved_shares):
            raise ValueError("reserved_shares are places of ordinary certificates in shares (1 on)")
        if any(i < 1 or (self.shares is not None and i >= len(self.shares)) for i in self.pool_shares):
            raise ValueError("pool_shares are places of ordinary certificates in shares (1 on)")
        if set(self.pool_shares) & set(self.reserved_shares):
            raise ValueError("a certificate is not both reserved and in the pool")
        return self

    def ability(self, kind: str) -> CorporationAbility | None:
        """Its first ability of type ``kind``, if any."""
        return next((a for a in self.abilities if a.type == kind), None)


class MinorMerger(Model):
    """Where a ``minors_merge`` event takes a minor (18MEX's minor A into NdM, its owner
    getting NdM's 5% trade-in certificate): its treasury goes to the corporation, its
    owner gets the certificate held back for them, free, its tokens leave the map, its
    trains leave the game and the private company controlling it closes::

        merges_into: {corporation: NdM, share: 7, counts_for_limit: false}
    """

    corporation: Name
    """The corporation it merges into."""
    share: int = Field(ge=1)
    """The certificate its owner gets, by its place among the corporation's certificates
    (0 is the president's): held back from sale until the minor merges."""
    counts_for_limit: bool = True
    """Whether that certificate counts toward its holder's certificate limit."""

    @property
    def share_id(self) -> str:
        """The certificate's id in game files (``NdM_7``)."""
        return f"{self.corporation}_{self.share}"


def uncounted_shares(minors: dict[str, Minor]) -> set[str]:
    """The minors' trade-in certificates that count toward no certificate limit."""
    return {
        m.merges_into.share_id
        for m in minors.values()
        if m.merges_into is not None and not m.merges_into.counts_for_limit
    }


class Minor(Charter):
    """A minor company: one owner, no shares. It has its home token only, runs the trains
    it is given and never buys any; it keeps half its revenue, rounded down, and its
    owner gets the rest."""

    trains: list[Name] = []
    """Train types it receives from the depot, free, at setup."""
    operates_first: bool = True
    """It operates before the corporations."""
    closes_on_event: bool = True
    """Closed, with its cash going to the bank and its token removed, by ``close_companies``."""
    merges_into: MinorMerger | None = None
    """The corporation a ``minors_merge`` event merges it into, and the certificate its
    owner gets for it (none: no event merges it)."""
