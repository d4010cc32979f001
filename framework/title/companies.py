"""Private companies and the vocabulary of their abilities.

A company has a face value, a revenue paid at the start of every operating
round, and abilities chosen from a fixed vocabulary of reusable kinds, each
with its own parameters::

    companies:
      FRY:
        name: Frykstadsbanan
        number: P1
        value: 20
        revenue: 5
        abilities:
          - {type: blocks_hexes, hexes: [B17]}

The ability kinds are the classes below; ``type`` selects one.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from framework.title.base import Entry, HexId, Model, Name
from framework.title.lay_subsidy import LaySubsidyTerms

Owner = Literal["bank", "player", "corporation"]
"""Who holds a company: the bank (before it is sold), a player, or a corporation (or
minor)."""


class AbilityBase(Model):
    """What every ability has: the owners under which it works."""

    owner: list[Owner] = ["corporation"]
    """The ability works only while one of these holds the company (each kind has its
    default). 1830's privates block their hex only while a player owns them, and lay
    their tile only for a corporation that owns them."""


class BlocksHexes(AbilityBase):
    """No tile may be laid in the hexes while the company is owned as listed."""

    type: Literal["blocks_hexes"]
    owner: list[Owner] = ["bank", "player"]
    hexes: list[HexId] = Field(min_length=1)
    """The blocked hexes."""
    until: Name | None = None
    """The phase from which the hexes are open, the company aside (1861's and 1867's
    hidden company, whose hexes open when the green minors come with phase 3)::

        - {type: blocks_hexes, hexes: [M13], owner: [bank], until: '3'}
    """


class TileLay(AbilityBase):
    """The owning corporation may lay extra tiles in the listed hexes. 18SJ's Gellivare
    Company, and 18Chesapeake's Columbia - Philadelphia Railroad (two connected tiles,
    laid together in the track step)::

        - type: tile_lay
          hexes: [E28, F27]
          tiles: [7, 8, 9]
          count: 2
          connect_each_other: true
          lapses: end_of_turn
          when: [track, operating_turn]
        - {type: tile_lay, hexes: [H2, I3], tiles: [8, 9], count: 2,
           connect_each_other: true, must_lay_all: true}

    1850's Galveston, Brazos & Colorado: a tile in any hex its corporation reaches, once
    in each operating round, for $30 besides terrain::

        - {type: tile_lay, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 55, 56, 57, 58, 69, 128],
           connected: true, per_round: 1, cost: 30}
    """

    type: Literal["tile_lay"]
    hexes: list[HexId] | None = Field(default=None, min_length=1)
    """Where the tiles may go; absent: any hex that takes tiles (one the owning
    corporation reaches, with :attr:`connected`)."""
    tiles: list[Name] | None = None
    """Which tiles may be used; absent: any tile the hex may take by the usual rules
    (colour, phase, upgrade chart; :attr:`special` relaxes them)."""
    count: int | None = Field(default=None, ge=1)
    """How many lays in all (the yellow lays, with :attr:`upgrade_count`); absent: no
    limit over the game (:attr:`per_round` limits them)."""
    upgrade_count: int | None = Field(default=None, ge=1)
    """With it the ability either lays up to :attr:`count` yellow tiles or upgrades up to
    this many tiles, the first lay deciding which (the 1822 family's "two yellow tiles or
    one upgrade": ``{count: 2, upgrade_count: 1}``)."""
    per_round: int | None = Field(default=None, ge=1)
    """At most this many lays in each round (each operating round, for a corporation's
    company); absent: no such limit."""
    cost: int = Field(default=0, ge=0)
    """Money the payer gives the bank for each lay, besides terrain and borders (paid even
    for a :attr:`free` lay; it must have it to lay). 1850's Galveston, Brazos & Colorado,
    $30 a tile."""
    connected: bool = False
    """The lays must connect to the corporation's network."""
    connect_each_other: bool = False
    """Each lay after the first must connect to a tile an earlier lay of this ability placed
    (the first may go anywhere it is allowed)."""
    joins: list[HexId] | None = Field(default=None, min_length=2, max_length=2)
    """Two hexes the lays are to join by track (1846's Little Miami, ``[H12, G13]``: "if
    no track connects Cincinnati to Dayton, the owning corporation may lay … an extra free
    tile in each hex to connect them"): the ability may not be used once track joins a
    city of the one to a city of the other (tokens never block), it lays at most one tile
    in each hex, and its last lay must leave them joined by new track of every tile it
    laid — a walk leaving each one's city by a path to an exit the hex did not have before
    ends in the other's city (:mod:`framework.engine.lay_joins`)."""
    lapses: Literal["end_of_turn", "other_action", "never"] = "never"
    """``end_of_turn``: once a lay is made, the lays left are lost at the owner's next dividend
    (unless another company's dividend comes first). ``other_action``: once a lay is made,
    the lays left are lost as soon as anyone but the company acts (a message aside): 1846's
    Michigan Central, Ohio & Indiana and Little Miami ("forfeits second tile lay")."""
    must_lay_together: bool = False
    """Once the first lay is made, the others follow at once, before the owning corporation
    does anything else: the ``special_track`` step waits for them, whatever ``when`` says;
    the company may pass instead, losing them. 1846's Michigan Central."""
    must_lay_all: bool = False
    """As :attr:`must_lay_together`, with no pass (any lays that cannot be made are lost).
    18Chesapeake's C-P and B&S."""

    @property
    def laid_together(self) -> bool:
        """Whether the step waits for the rest of the lays once the first is made
        (:attr:`must_lay_together` or :attr:`must_lay_all`)."""
        return self.must_lay_together or self.must_lay_all

    forfeit_when_others_lay: bool = False
    """A tile laid in one of ``hexes`` other than by this ability ends the ability's lays
    (18Chesapeake's C-P and B&S: "if any tiles are played in these hexes other than by
    using this ability, the ability is forfeit")."""
    counts_as_track_lay: bool = False
    """Each lay uses one of the corporation's tile actions of the turn (``rules.track.lays``),
    and none is possible once they are used up; by default the lays are extra."""
    free: bool = False
    """The lays pay no terrain or border costs (1836Jr30's Enkhuizen-Stavoren Ferry)."""
    discount: int = Field(default=0, ge=0)
    """Money off each lay's terrain and border costs together (18MEX's KCMO: $60 off the
    $120 mountain of F5)."""
    special: bool = False
    """The tiles need not match the hex's label or its cities and towns, only follow its
    colour, the upgrade chart and keep its track (18xx.games' default for a company's
    lays: 18MEX's Copper Canyon tile, labelled CC and with a town, in the empty F5; 1888's
    Heng Shan mine, a tile with a town, in a mountain hex without one)."""
    closes_when_used_up: bool = False
    """The company closes when its last lay is made."""
    when: list[
        Literal["track", "operating_turn", "sold", "stock_round", "president_track", "between_turns"]
    ] = Field(default=["track"], min_length=1)
    """When the lays may be made. For a company a corporation owns — ``track``: in the
    owning corporation's track step, which waits for them (or a pass) while they can be
    made (18Chesapeake's C-P); ``operating_turn``: at any point of the owning
    corporation's operating turn, the track step not waiting for them (1830's CS); 18SJ's
    GC has both; ``sold``: at once when a corporation buys the company from a player,
    before anything else — the company lays or passes, and the seller pays the terrain
    (1889's Ehime Railway, a green tile in C4: ``{type: tile_lay, hexes: [C4], tiles:
    [12, 13, 14, 15, 205, 206], count: 1, when: [sold]}``). For a company a player owns
    (``owner: [player]``) — ``stock_round``: at any time of a stock round, in the owner's
    turn or another player's (the round lists ``special_track``; 18xx.games'
    ``stock_round``); ``president_track``: in the track step of a corporation the
    owner is president of; ``between_turns``: in an operating round, before the operating
    corporation has acted in its turn. Lays of a player's company pay their terrain from
    whoever is acting (the player in a stock round, the operating corporation in an
    operating round, as 18xx.games has it) and need no connection: 1889's Mitsubishi
    Ferry, ``when: [stock_round, president_track, between_turns]``."""

    @model_validator(mode="after")
    def _joins_its_own_hexes(self) -> TileLay:
        if self.joins is not None and not set(self.joins) <= set(self.hexes or ()):
            raise ValueError(f"the hexes it joins ({', '.join(self.joins)}) must be among its hexes")
        if self.forfeit_when_others_lay and self.hexes is None:
            raise ValueError("forfeit_when_others_lay needs the hexes listed")
        if self.upgrade_count is not None and self.count is None:
            raise ValueError("upgrade_count needs count (the yellow lays)")
        return self


class TerrainDiscount(AbilityBase):
    """The owning corporation pays less for one kind of terrain, in the listed hexes or in
    every hex. 18SJ's Gellivare Company in two hexes, 1889's Sumitomo Mines Railway
    everywhere::

        - {type: terrain_discount, hexes: [C30, D29], terrain: mountain, amount: 75}
        - {type: terrain_discount, terrain: mountain, amount: 80}

    Several discounts in one hex add up. A border of the same kind (``type: mountain``)
    costs less by the same amount where the tile laid is in one of the hexes: 1846's
    Tunnel Blasting Company takes $20 off mountains and off Wheeling's mountain edge.
    """

    type: Literal["terrain_discount"]
    hexes: list[HexId] | None = Field(default=None, min_length=1)
    """The hexes where the discount applies; absent (the default): every hex."""
    terrain: str | None = None
    """The terrain the discount applies to: its cost in a hex's ``terrain``, and the cost
    of crossing a border of that ``type``; absent: any, off the whole terrain cost of a
    tile action, its borders' included (18 Los Angeles' Chino Hills Excavation, $20)."""
    amount: int = Field(gt=0)
    """Money off the terrain cost, and off each such border's (never below zero)."""


class StopBonus(AbilityBase):
    """The owning corporation's runs earn ``amount`` for every stop a route visits,
    paying or not. 1846's Mail Contract, $10 a stop on the route of its train that
    visits the most stops (on a tie, the train whose id sorts last, as 18xx.games
    picks)::

        - {type: stop_bonus, amount: 10}

    A house rule paying every route for its stops: ``{type: stop_bonus, amount: 5,
    routes: each}``. 18Tokaido's Sleeper Train, ¥10 a city (not a town or off-board) on
    the route visiting the most cities: ``{type: stop_bonus, amount: 10, stops: [city]}``.
    It shows in the route's revenue text as the company's name.
    """

    type: Literal["stop_bonus"]
    amount: int = Field(gt=0)
    """What each stop visited earns."""
    routes: Literal["longest", "each"] = "longest"
    """``longest``: only the route visiting the most stops that count earns it; ``each``:
    every route earns it for its own stops."""
    stops: list[Literal["city", "town", "offboard"]] | None = Field(default=None, min_length=1)
    """The kinds of stop that count; absent (the default): every stop."""


class HexBonus(AbilityBase):
    """The owning corporation's routes earn ``amount`` more for each of ``hexes`` among
    their paying stops (1861's Moscow companies: 10 for a route stopping in Moscow;
    18xx.games' ``hex_bonus`` as the 1867 family pays it)::

        - {type: hex_bonus, hexes: [H8], amount: 10}
    """

    type: Literal["hex_bonus"]
    hexes: list[HexId] = Field(min_length=1)
    """The hexes whose stops earn the bonus."""
    amount: int = Field(gt=0)
    """What each such stop earns more."""


class BonusTokens(AbilityBase):
    """Tokens worth a bonus, placed by the owning corporation on listed hexes.

    Routes of the owner's trains earn the amounts of the tokens on their stops.
    """

    type: Literal["bonus_tokens"]
    hexes: list[HexId] = Field(min_length=1)
    """Hexes that may receive a token, one token each."""
    amounts: list[int] = Field(min_length=1)
    """The tokens, in the order they are placed."""
    placement: Literal["forced", "optional"] = "forced"
    """``forced``: the owner must place all of them, one by one, before anything else at
    its next operating turn; ``optional``: it places them when it likes during its turns."""
    after_routes: Literal["keep", "remove_highest_used"] = "keep"
    """``remove_highest_used``: after the owner runs, its most valuable token used is removed."""
    label: str = "{amount}"
    """How the bonus shows in a route's revenue text; ``{amount}`` and ``{hex}`` are filled in."""
    icon: str | None = None
    """The icon marking the hexes that may receive a token."""
    removed_with_company: bool = True
    """The hexes' icons go when the company closes or is removed from the game."""


class BonusMarker(AbilityBase):
    """One marker the owning corporation may move to any listed hex during its turn.

    Routes of the owner that stop at the marked hex earn ``amount_per_icon``
    for each ``icon`` printed there.
    """

    type: Literal["bonus_marker"]
    hexes: list[HexId] = Field(min_length=1)
    """The hexes the marker may be put on."""
    icon: str
    """The icon counted on the marked hex."""
    amount_per_icon: int = Field(gt=0)
    """What each such icon there adds to the route."""
    label: str = "{icon}"
    """How the bonus shows in a route's revenue text."""
    removed_with_company: bool = True
    """The icons go when the company closes or is removed from the game."""


class AssignedBonus(AbilityBase):
    """A revenue bonus the company assigns to one of ``hexes`` (18xx.games' *assign_hexes*),
    for the corporation owning it when it is assigned: from then on every route of that
    corporation's trains that stops in the hex earns ``amount`` more. The company is the
    acting entity of the ``assign`` action, at any point of its owner's operating turn.
    The bonus belongs to the corporation: it stays when the company closes or changes
    hands, until the phase ``until``. 18AL's Warrior Coal Field token (1856's Great Lakes
    port: ``amount: 20, until: "6", closes: true``)::

        - {type: assigned_bonus, hexes: [H3, G4, H5, G6, E6], amount: 10, until: "6",
           needs_train: true, reachable: true}
    """

    type: Literal["assigned_bonus"]
    hexes: list[HexId] = Field(min_length=1)
    """The hexes it may be assigned to."""
    amount: int = Field(gt=0)
    """What each route stopping in the assigned hex earns."""
    count: int = Field(default=1, ge=1)
    """How many times it may be assigned: an assignment after the first moves the bonus
    (to the hex and to the corporation owning the company then)."""
    needs_train: bool = False
    """The owning corporation may assign it only while it owns a train."""
    reachable: bool = False
    """Only to a hex the owning corporation's network reaches (a revenue centre of it
    reached along track from its stations)."""
    until: Name | None = None
    """The phase at whose start the bonus is removed from the game (none: it stays)."""
    closes: bool = False
    """The company closes when it is assigned (1856's Great Lakes Shipping Company, whose
    port marker stays for its corporation)."""

    amounts: dict[HexId, int] = Field(default_factory=dict)
    """What routes stopping in some of its hexes earn instead of ``amount``, by hex
    (1846's Steamboat: $40 in Wheeling and Holland, two ports each)."""
    per_round: int | None = Field(default=None, ge=1)
    """How many times a corporation owning it may assign it in each operating round, with
    no limit over the game (``count`` is not counted); none: ``count`` times in all."""
    during: Literal["turn", "track"] = "turn"
    """When in its owner's turn a corporation assigns it: ``turn``, at any point (the turn's
    end waits for it while it may); ``track``, only until its trains have run, and not
    while a company's lays made together are begun and not done (18xx.games'
    ``when: [track_and_token, route]``)."""
    holds_turn: bool = True
    """While the owning corporation may assign it (``during: turn``), its turn does not end
    without a pass: the company step at the end of the turn waits. False: the turn ends
    when nothing else is left to do, the assignment unmade (18xx.games' abilities without
    a ``when``, which it calls passive: 18AL's Warrior Coal Field token)."""
    player_assigns: bool = False
    """While a player owns it, the bonus goes to the hex and to the corporation or minor
    its owner chooses: at the start of each operating round, before anyone operates, the
    round waits for the company to assign it to one of ``hexes`` and to a floated
    corporation or minor (each once; as many ``assign`` actions) or pass. A corporation
    buying the company becomes the one whose routes earn it (in the hex it is in), and
    assigns the hex itself from then on. A company closing while a player owns it takes
    its bonus out of the game."""

    others_amount: int = Field(default=0, ge=0)
    """What the routes of every other corporation stopping in the assigned hex earn (1870's
    Gulf Shipping Company's open port: $10, its owner's $20), until the company is
    assigned again in place (``closes_in_place``)."""
    closes_in_place: bool = False
    """An assignment after the first goes to the hex it is in, and no other: the bonus
    stays its corporation's there, the others' ``others_amount`` ends and the company
    closes (1870's open port closed)::

        - {type: assigned_bonus, hexes: [H17, M14, M20, N7, N17], amount: 20, count: 2,
           others_amount: 10, closes_in_place: true, until: '5'}
    """

    def amount_in(self, hex_id: str) -> int:
        """What a route stopping in ``hex_id`` earns when the bonus is assigned there."""
        return self.amounts.get(hex_id, self.amount)


class RouteRight(AbilityBase):
    """A right to a revenue bonus in some hexes (1856's tunnel and bridge companies): the
    corporation that buys the company holds it from then on, and every route of its
    trains earns ``amount`` more for each of ``hexes`` it stops in. While a corporation
    owns the company, or once it has closed, any other corporation may buy the right in
    its operating turn (the ``special_buy`` step) for ``price``, paid to the company's
    owner (the bank once it has closed), as long as the bank has copies left. The right
    stays with its holders whatever becomes of the company. 1856's St. Clair Frontier
    Tunnel::

        - {type: route_right, hexes: [B13], amount: 10, price: 50, copies: 2,
           item: Tunnel Token}
    """

    type: Literal["route_right"]
    hexes: list[HexId] = Field(min_length=1)
    """The hexes whose stops earn the bonus (each once a route)."""
    amount: int = Field(gt=0)
    """What a route earns more for each of the hexes it stops in."""
    price: int = Field(gt=0)
    """What another corporation pays for the right."""
    copies: int | None = Field(default=None, ge=0)
    """How many rights other corporations may buy (none: as many as like)."""
    item: str
    """The name of the right on sale (18xx.games' ``special_buy`` item)."""


class EarlyTrainPurchase(AbilityBase):
    """Once, before running routes, the owner may buy trains owned by the depot."""

    type: Literal["early_train_purchase"]
    uses: int = Field(default=1, ge=1)
    """How many turns it may be used in."""
    skips_buy_trains: bool = True
    """A turn with such a purchase skips the normal train buying (the ``buy_train`` and
    ``special_buy_train`` steps); ``false``: the corporation may buy more there."""


class TrainDiscount(AbilityBase):
    """The owner may buy one of the listed trains at a discount."""

    type: Literal["train_discount"]
    trains: list[Name] = Field(min_length=1)
    """The train types it applies to (bought from the depot)."""
    fraction: float = Field(gt=0, le=1)
    """The discount as a share of the price, rounded down (0.5: half price, rounded up)."""
    uses: int = Field(default=1, ge=1)
    """How many trains it may be used for."""
    closes_when_used_up: bool = False
    """The company closes when its last discounted train is bought (18AL's New Decatur
    Yards)."""


class FreeTrain(AbilityBase):
    """A train the company brings to the corporation that buys it: one of the ``train``
    type's ``reserved`` trains, held out of the depot from the start. It is no train
    purchase (no phase or event follows, and the corporation may still buy one that
    turn). None comes to a corporation at its train limit, nor once the phase ``until``
    has started: the train then stays out of play. 18GA's Ocilla Southern and its
    2-train marked Free::

        - {type: free_train, train: "2", until: "4"}
    """

    type: Literal["free_train"]
    train: Name
    """The train type (one of its ``reserved`` trains comes)."""
    until: Name | None = None
    """The phase from whose start no train comes (none: any time)."""
    sellable: bool = False
    """Whether the corporation may sell the train to another (18GA's may not)."""


class Shares(AbilityBase):
    """The buyer of the company receives a certificate of a corporation with it.

    ``president: true`` gives the president's certificate: the buyer then sets the
    corporation's par price before anything else happens (the ``company_pending_par``
    step), and the company closes when that corporation buys its first train if
    ``closes_when_corporation_buys_train`` says so. Otherwise the buyer receives the
    first ordinary share of the corporation's initial offering, at once.

    The first on 18SJ's Nils Ericson, the second on 1830's Camden & Amboy, the third
    on 1882's Trestle Bridge (a share of one of five corporations, drawn at setup)::

        - {type: shares, corporation: random, president: true, treasury_payment: 2}
        - {type: shares, corporation: PRR}
        - {type: shares, corporation: random, among: [CNR, CPR, GT, HBR, QLL]}
    """

    type: Literal["shares"]
    owner: list[Owner] = ["player"]
    corporation: Name
    """The corporation, or ``random`` for one drawn at setup (``setup.draws``)."""
    among: list[Name] | None = None
    """With ``corporation: random``: the corporations the draw picks from (all the
    title's corporations still in the game when not given)."""
    president: bool = False
    """The president's certificate (the buyer sets the par), rather than one share."""
    treasury_payment: int = Field(default=0, ge=0)
    """With the president's certificate: the bank pays this many times the par price
    into an incrementally capitalised corporation's treasury."""
    certificates: list[int] | None = None
    """The certificate sizes (president's first) of the corporation this company comes
    with, whichever is drawn, replacing its ``shares`` and ``rules.shares``: 18Chesapeake's
    two-player game gives every corporation a 30% president's certificate and one share
    fewer, but Cornelius Vanderbilt's, ``certificates: [20, 10, 10, 10, 10, 10, 10, 10,
    10]``."""

    @model_validator(mode="after")
    def _payment_needs_president(self) -> Shares:
        if self.treasury_payment and not self.president:
            raise ValueError("treasury_payment goes with the president's certificate (president: true)")
        if self.among is not None and self.corporation != "random":
            raise ValueError("'among' goes with a random corporation (corporation: random)")
        if self.certificates is not None and (
            sum(self.certificates) != 100 or min(self.certificates, default=0) <= 0
        ):
            raise ValueError("certificates are sizes in percent that make 100")
        return self


class Exchange(AbilityBase):
    """The owner may trade the company for a share of one of the listed corporations,
    from the initial offering or the bank pool: no money changes hands, and the company
    closes. The holding limit holds; the certificate limit does not (the company goes as
    the share comes). Exchanges are made where the title's rounds list the ``exchange``
    step — 1830's stock and operating rounds, so at any time for Mohawk & Hudson::

        - {type: exchange, corporations: [NYC], from: [ipo, pool]}
    """

    type: Literal["exchange"]
    owner: list[Owner] = ["player"]
    corporations: list[Name] = Field(min_length=1)
    """The corporations whose shares the company may become."""
    from_: list[Literal["ipo", "pool", "par", "reserved"]] = Field(
        default=["ipo"], alias="from", min_length=1
    )
    """Where the share may come from: ``ipo``, the initial offering (its first
    ordinary share), and ``pool``, the bank pool; ``reserved``, the first of the
    corporation's ``reserved_shares`` it still holds; or ``par``: the corporation is started
    only so, by the company's owner, whose president's certificate the company pays one
    share of at the par price (the owner pays the rest; 1882's Saskatchewan Central)."""
    when: Literal["any", "purchase"] = "any"
    """``any``: at any time, where the title's rounds list the ``exchange`` step;
    ``purchase``: only as the purchase of its owner's stock turn (the ``buy_sell_par_shares``
    step's), before any sale or purchase of the turn, and nothing is bought after it; a
    player who could make it is not passed over (1868 Wyoming's Ames Brothers)."""
    capitalises: bool = False
    """The bank pays the corporation the share's worth at its share price when it is
    exchanged (1868 Wyoming: the Union Pacific gets twice its price for the 20%)."""


class Teleport(AbilityBase):
    """In its track step, the owning corporation lays one of ``tiles`` in one of
    ``hexes``, reached or not, as its tile action of the turn (paying the terrain), and
    then may place one of its station tokens there, free and unconnected, as its token
    of the turn; once. Played by the ``teleport`` step (1830's Delaware & Hudson)::

        - {type: teleport, hexes: [F16], tiles: [57]}
    """

    type: Literal["teleport"]
    hexes: list[HexId] = Field(min_length=1)
    """Where the tile and the token go."""
    tiles: list[Name] = Field(min_length=1)
    """Which tiles may be laid."""


class PriorityCard(AbilityBase):
    """Once, at the start of a stock round, the owner may take the first turn."""

    type: Literal["priority_card"]
    owner: list[Owner] = ["player"]
    uses: int = Field(default=1, ge=1)
    """How many stock rounds it may be used in."""
    closes_when_used: bool = True
    """The company closes once its uses are spent."""


class ControlsMinor(AbilityBase):
    """Buying the company makes the buyer the owner of a minor company."""

    type: Literal["controls_minor"]
    owner: list[Owner] = ["player"]
    minor: Name
    """The minor."""
    cash: int = Field(default=0, ge=0)
    """What the bank gives the minor when it starts (1846's Michigan Southern: $60)."""
    corporation_purchase: Literal["merge", "forbidden"] = "merge"
    """``merge``: a corporation buying the company absorbs the minor (its station, trains
    and treasury); ``forbidden``: corporations may not buy the company."""
    shared_city: Literal["minor_stays", "buyer_stays"] = "minor_stays"
    """In a merge, where the buyer already has a station in a city of the minor's:
    ``minor_stays``, the buyer's station goes back to its charter and the minor's stays
    where it is (18SJ's KHJ); ``buyer_stays``, the minor's station is removed (1846)."""


class StaysOpen(AbilityBase):
    """The ``close_companies`` phase event does not close the company while one of
    ``owner`` holds it; held otherwise, it closes as the others do. 1889's Uno-Takamatsu
    Ferry, which does not close while a player owns it::

        - {type: stays_open, owner: [player]}

    (A company that no ``close_companies`` event closes, whoever holds it, is written with
    ``closes_on_event: false``.)
    """

    type: Literal["stays_open"]
    owner: list[Owner] = ["player"]


class RevenueChange(AbilityBase):
    """When ``phase`` begins, the company, if one of ``owner`` holds it then, pays
    ``revenue`` from then on — whoever holds it later — and corporations may no longer buy
    it (unless ``corporations_may_buy``). Held otherwise at that moment, it keeps its
    revenue. 1889's Uno-Takamatsu Ferry, owned by a player when the first 5-train is bought::

        - {type: revenue_change, phase: 5, revenue: 50, owner: [player]}
    """

    type: Literal["revenue_change"]
    owner: list[Owner] = ["player"]
    phase: Name
    """The phase whose start changes the revenue."""
    revenue: int = Field(ge=0)
    """The new revenue, paid at the start of every operating round from then on."""
    corporations_may_buy: bool = False
    """Corporations may still buy the company after the change (when the phase allows);
    by default they may not."""


class TileIncome(AbilityBase):
    """The company's holder earns ``income`` from the bank for every tile laid by anyone
    (without ``terrain``), or for every tile laid on ``terrain`` — the hex's terrain, or
    a border of that kind whose cost the lay pays — once per such terrain (even when the
    lay was free of it). 1882's Trestle Bridge, on rivers::

        - {type: tile_income, income: 10, terrain: water, owner: [player, corporation]}
    """

    type: Literal["tile_income"]
    owner: list[Owner] = ["player", "corporation"]
    income: int = Field(gt=0)
    """What each such lay earns."""
    terrain: str | None = None
    """The kind of terrain that earns it (any tile when not given)."""
    owner_only: bool = False
    """Only lays the holder makes or pays for earn it."""


class LaySubsidy(AbilityBase, LaySubsidyTerms):
    """The bank pays the corporation owning the company for some of its tile actions
    (18JP-T's TMGBT, ¥50 for each green "T" tile)::

        - {type: lay_subsidy, amount: 50, colors: [green], labels: [T]}
    """


class StationToken(AbilityBase):
    """The owning corporation places a station token with the company (a ``place_token``
    whose entity is the company) in a city of one of ``hexes``: at ``price`` in a city it
    reaches, at ``teleport_price`` in one it does not (unset: only cities it reaches).
    Played by the ``special_token`` step; 18NL's P2, a free token from the charter in one of
    nine hexes, reached or not, in the corporation's token step::

        - {type: token, hexes: [E4, F9, F15, F19], price: 0, teleport_price: 0}
    """

    type: Literal["token"]
    hexes: list[HexId] = Field(min_length=1)
    """Where the token may go."""
    price: int | None = Field(default=None, ge=0)
    """What the token costs in a city the corporation reaches (unset: the price of its
    next token)."""
    teleport_price: int | None = Field(default=None, ge=0)
    """What it costs in a city the corporation does not reach; unset: the city must be
    reached."""
    from_owner: bool = True
    """The token is the corporation's next one from its charter; ``false``: one more,
    beyond its charter."""
    extra: bool = False
    """Placed besides the turn's station tokens (``rules.tokens.per_turn``); by default it
    is one of them (18xx.games' ``extra_action``)."""
    count: int = Field(default=1, ge=1)
    """How many tokens in all."""
    closes_when_used_up: bool = False
    """The company closes when its last token is placed."""
    when: list[Literal["token", "operating_turn"]] = Field(default=["token"], min_length=1)
    """When: ``token``, at the owning corporation's token step; ``operating_turn``, at any
    point of its operating turn."""
    holds_step: bool = True
    """With ``when: [token]``: the token step waits, offering a pass, while only this
    company could place a station for its owner (18NL's P2, 18GA's Waterloo & Southern);
    ``false``: the step ends as usual when the corporation itself can place none, and the
    company's station is placed while the step is current (1856's Waterloo & Saugeen)."""
    city: int | None = Field(default=None, ge=0)
    """Only that city of the hexes (its index on the hex's tile, as a ``reservation``'s);
    unset: any of their cities. 1846's Chicago and Western Indiana, Chicago's fourth city
    (18xx.games' ``city: 3``)."""
    neutral: bool = False
    """The station placed is a neutral one, nobody's: it takes a slot (not one held for
    another) but blocks no route, and it is neither the owning corporation's nor from its
    charter (18xx.games' ``neutral``: 18 Los Angeles' Los Angeles Title, an "Open City"
    token)."""
    blocks: bool = False
    """With ``neutral``: the station blocks routes as another corporation's does, though
    nobody runs from it, and it may go beside the owner's own station (18 Los Angeles'
    Angeles Public Dump, "cannot be used by any corporation")."""
    stop_revenue: int = 0
    """With ``blocks``: every route stopping in the station's city earns this much more
    there (negative: less, never taking the city with the route's bonuses there below
    nothing; the Angeles Public Dump's −20, only −10 in Westminster, worth 10)."""
    beyond_slots: bool = False
    """The station may go in a city with no free slot (all taken, or the last held for
    another's home) as one more station there: it takes no slot until a tile with more
    slots gives it one, and blocks as the others do (18xx.games' ``cheater``: 18 Los
    Angeles' Dewey, Cheatham, and Howe)."""
    own_stations: bool = False
    """A station the owning corporation places as its own, in its token step, in a city it
    reaches where the ability could go is placed with the ability: at its price, a use
    spent (18xx.games applies a company's token ability so unless it is ``special_only``;
    1846's New York Central, owning the Chicago and Western Indiana, pays nothing for
    Chicago's fourth city). False: only a station the company places uses it."""

    @model_validator(mode="after")
    def _nobodys(self) -> StationToken:
        if self.blocks and not self.neutral:
            raise ValueError("only a neutral station is said to block (blocks needs neutral)")
        if self.stop_revenue and not self.blocks:
            raise ValueError(
                "stop_revenue is the revenue of a blocking neutral station's city (it needs blocks)"
            )
        return self


class CompanyReservation(AbilityBase):
    """A slot of a city held for the company: no corporation's station may take it while
    one of ``owner`` holds the company; it is free for good once another kind of owner
    takes it (by default, once a corporation buys it: 18xx.games' ``remove: sold``) or
    the company closes. A ``token`` ability of the company for the same city is how its
    buying corporation uses the slot. 1846's Chicago and Western Indiana, in Chicago's
    fourth city::

        - {type: reservation, hex: D6, city: 3}
    """

    type: Literal["reservation"]
    owner: list[Owner] = ["bank", "player"]
    hex: HexId
    """The hex of the city."""
    city: int = Field(default=0, ge=0)
    """Which city of the hex (its index on the map's tile)."""


class MoveToken(AbilityBase):
    """Once, at any point of its operating turn before its trains run, the owning
    corporation moves one of its stations into one of ``hexes`` (1882's North West
    Rebellion): it lifts a station from a city outside them (a ``remove_token`` by the
    company), puts it, free and reached or not, in a city of ``hexes`` with room for it
    (a ``place_token``), then may lay or upgrade a tile in that hex, paying as usual, or
    pass (a ``lay_tile`` or ``pass`` by the company)::

        - {type: move_token, hexes: [C3, D4, D6, E5], home_neutral: CN}

    Where the company has a ``tile_lay`` ability too, that lay is one of its lays and
    uses it up as any would (18xx.games gives the North West Rebellion's lay as such an
    ability, which keeps its owner's turn open while unused).
    """

    type: Literal["move_token"]
    hexes: list[HexId] = Field(min_length=1)
    """Where the station goes; it comes from a city of another hex."""
    home_neutral: Name | None = None
    """A corporation whose neutral station (see a corporation's ``neutral_token``) takes
    the place of a home station moved away; the home station stays where its hex holds
    one of that corporation's stations already. None: the home station moves like any."""
    count: int = Field(default=1, ge=1)
    """How many moves the company makes."""


Ability = Annotated[
    MoveToken
    | BlocksHexes
    | TileLay
    | TerrainDiscount
    | StopBonus
    | HexBonus
    | BonusTokens
    | BonusMarker
    | AssignedBonus
    | RouteRight
    | EarlyTrainPurchase
    | TrainDiscount
    | FreeTrain
    | Shares
    | Exchange
    | Teleport
    | PriorityCard
    | ControlsMinor
    | StaysOpen
    | RevenueChange
    | TileIncome
    | LaySubsidy
    | StationToken
    | CompanyReservation,
    Field(discriminator="type"),
]
"""One ability of a private company, chosen by ``type``."""


class Company(Entry):
    """A private company."""

    name: str
    """Its full name."""
    number: str | None = None
    """Its number in the rulebook (``P1``)."""
    value: int = Field(ge=0)
    """Face value: the auction starts here, and it counts at game end."""
    price: int | None = Field(default=None, ge=0)
    """What it costs in the initial round, when that is not its value: a draft's price,
    an auction's least first bid (as its value is otherwise). 1846's Michigan Southern,
    worth $60 (the minor's treasury), costs $140 in the draft (18xx.games' negative
    ``discount``)."""
    revenue: int = Field(ge=0)
    """Paid to the owner at the start of every operating round (a ``revenue_change``
    ability may change it)."""
    description: str | None = None
    """The card text."""
    auction: bool = True
    """Offered in the initial auction (false for a card handed out with another company)."""
    players: list[int] | None = None
    """The player counts the company is in the game for (absent: every count); with
    another it leaves the game before the auction. 1889's Uno-Takamatsu Ferry, for four or
    more players, ``players: [4, 5, 6]`` (18xx.games' ``min_players``). Empty: in the game
    for no count, unless a variant brings it in (18Norway's B companies, ``players: []``,
    and its variant "Use private B companies" giving them ``players: null``)."""
    comes_with: list[Name] = []
    """Companies the buyer receives too (and that leave the game with this one)."""
    max_price_for: dict[Name, float] = {}
    """The most a listed corporation may pay for it, as a multiple of its value, instead of
    ``rules.company_sales.max`` (1850's Crédit Mobilier: three times to the Union Pacific)."""
    choose_one_of: list[Name] = []
    """Buying it in the initial auction, the buyer takes one of these companies instead
    (choosing it by a bid of 0 on it, before anything else happens); this one and the
    others leave the game. 1868 Wyoming's P2 to P6 with its "P2-P6 choice" rule: the
    winner of P2 takes one of P2a, P2b and P2c. The companies listed are not offered in
    the auction themselves."""
    unsold_only_if_all_pass: bool = False
    """With ``rules.auction.bid_elsewhere_passes``, not for this company: as the cheapest
    it is unsold (``rules.auction.unsold_cheapest``) only when every player's last action
    since it became the cheapest was a pass, a bid on another company not counting as
    one (1868 Wyoming's Hell on Wheels)."""
    corporations_may_buy: bool = True
    """Corporations may buy it from players (when the phase allows; a ``revenue_change``
    ability may end it)."""
    pays_corporations: bool = True
    """Whether a corporation owning it earns its revenue; ``false``: its revenue ends
    when a corporation buys it (18Tokaido's Fish Market and Sleeper Train, which pay only
    through their bonuses then)."""
    counts_for_cert_limit: bool = True
    """Whether it counts toward its owner's certificate limit."""
    closes_on_event: bool = True
    """Closed by the ``close_companies`` phase event (unless a ``stays_open`` ability
    keeps it open)."""
    closes_in_phase: Name | None = None
    """The phase whose start closes it, if it is owned then; until that phase the
    ``close_companies`` event leaves it open. 1882's Saskatchewan Central, open after the
    5-train closes the others, closes when phase 6 begins (18xx.games' ``close`` ability
    ``on_phase``)."""
    closes_when_corporation_buys_train: bool = False
    """Closes when the corporation of its ``shares`` ability acquires a train."""
    closes_when_par_set: bool = False
    """Closes as soon as its owner has set the par price of the corporation whose
    president's certificate it carries (a ``shares`` ability with ``president: true``).
    18TN's Louisville and Nashville Railroad."""
    closes_at_round_end_when_used: bool = False
    """Using one of its abilities (a tile lay, a token) closes it at the end of that
    operating round, not at once: it may still use its other abilities until then, and
    it pays its owner no more revenue. 1856's Waterloo & Saugeen, which lays a tile and
    places a station in Kitchener (18xx.games' operating round closing it, probed)."""
    abilities: list[Ability] = []
    """What it lets its owner do."""

    @model_validator(mode="after")
    def _par_needs_president(self) -> Company:
        if self.closes_when_par_set and not any(
            isinstance(a, Shares) and a.president for a in self.abilities
        ):
            raise ValueError(
                "closes_when_par_set goes with a president's certificate (shares, president: true)"
            )
        return self

    @property
    def sym(self) -> str:
        """Its short id, e.g. ``FRY``."""
        return self.key

    def ability(self, kind: str) -> AbilityBase | None:
        """Its first ability of type ``kind``, if any."""
        return next((a for a in self.abilities if a.type == kind), None)
