"""The title's metadata, its bank, and the rules that are numbers or choices
rather than components: capitalisation, stock round rules, track and token
rules, train rules, dividends, nationalisation, game end and the variants (the
random setup is :mod:`framework.title.setup`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from framework.title.bankruptcy import Bankruptcy
from framework.title.base import CURRENCY_PATTERN, Entry, Model, Name
from framework.title.market import Move
from framework.title.minor_mergers import MinorMergers
from framework.title.national import National
from framework.title.settled_nationalization import SettledNationalization
from framework.title.tiles import UpgradeRule


class Players(Model):
    """How many people can play."""

    min: int = Field(ge=1)
    """The fewest players."""
    max: int = Field(ge=1)
    """The most players."""

    @model_validator(mode="after")
    def _order(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self

    def counts(self) -> range:
        return range(self.min, self.max + 1)


class Meta(Model):
    """What the title is."""

    name: str
    """Its name, as 18xx.games game files give it in ``title`` (``18SJ``). A game file's
    ``title`` is looked up as a title folder of this name on the title search path, so name
    the folder as the title."""
    version: Name | None = None
    """The version of these files, if the title gives one (text, such as ``"1"`` or
    ``"2024-03"``). A saved game records it beside the title's fingerprint; raise it when
    a change to the title changes how its games play."""
    subtitle: str | None = None
    """Its subtitle, shown after the name."""
    designer: str | None = None
    """Who designed the game (shown by ``18xx validate``)."""
    publisher: str | None = None
    """Who published it (shown by ``18xx validate``)."""
    currency: str = Field(default="${}", pattern=CURRENCY_PATTERN)
    """How money is written; ``{}`` stands for the amount (``{} kr``)."""
    players: Players
    """The player counts the title supports."""
    sources: list[str] = []
    """Where the facts in these files come from."""

    def money(self, amount: int) -> str:
        """``amount`` in the title's currency format."""
        return self.currency.replace("{}", str(amount))


class Bank(Model):
    """The bank and the players' starting money."""

    cash: int = Field(gt=0)
    """All the money in the game, before starting cash is paid out."""
    starting_cash: dict[int, int]
    """Starting cash per player, by player count."""


class CertificateLimit(Model):
    """How many certificates a player may hold.

    Give either ``players`` (limit by player count) or ``by_corporations``
    (limit by the number of corporations still in play, then by player count).
    """

    players: dict[int, int] | None = None
    """The limit by player count."""
    by_corporations: dict[int, dict[int, int]] | None = None
    """The limit by corporations in play, then by player count."""
    counts_companies: bool = True
    """Private companies count (unless a company says otherwise)."""

    @model_validator(mode="after")
    def _one_table(self) -> CertificateLimit:
        if (self.players is None) == (self.by_corporations is None):
            raise ValueError("give exactly one of 'players' and 'by_corporations'")
        return self


class AuctionRules(Model):
    """The private company auction."""

    min_increment: int = Field(default=5, ge=1)
    """A bid must beat the best bid (or the face value) by at least this much; the unsold
    cheapest company also gets this much cheaper each time everybody passes."""
    bids_in_multiples: bool = False
    """A bid must exceed the lowest allowed bid by a multiple of ``min_increment``
    (18xx.games' ``MUST_BID_INCREMENT_MULTIPLE``; 18Chesapeake): with the lowest at 45
    and an increment of 5, 50 may be bid but not 52."""
    only_highest_bid_committed: bool = False
    """A player's money is tied up only by the bids on which they are the highest bidder
    (18xx.games' ``ONLY_HIGHEST_BID_COMMITTED``; 18Chesapeake); otherwise by all of their
    bids. Either way, the most a player may bid on a company is their cash less the money
    tied up elsewhere, plus their own bid on that company."""
    unsold_cheapest: Literal["discount", "removed"] = "discount"
    """What becomes of the cheapest company when every player has passed on it:
    ``discount``, it gets ``min_increment`` cheaper (and at nothing goes to the next
    player; in a ``single_item_auction`` the first bid then buys it); ``removed``, it
    leaves the game, and with it the companies of its ``choose_one_of`` (1868 Wyoming;
    18 Royal Gorge's single-item auction)."""
    cheapest: Literal["at_start", "left"] = "at_start"
    """Which company every player passing makes cheaper (``unsold_cheapest``):
    ``at_start``, the cheapest when the auction began (once it is sold, passing pays the
    companies' revenue instead: 1830); ``left``, the cheapest still unsold (1882)."""
    cheapest_of: int = Field(default=1, ge=1)
    """With ``cheapest: at_start``: passing makes cheaper the cheapest still unsold of
    this many companies, the cheapest at the start (18NL, ``cheapest_of: 2``: once the
    first is sold, the second; once both are, the companies pay)."""
    bid_elsewhere_passes: bool = False
    """A bid on a later company counts as passing on the cheapest: once every player has
    passed or bid on another company since it became the cheapest, nobody buying it, it
    is unsold (``unsold_cheapest``). Otherwise only every player passing in a row
    counts."""


class DraftRules(Model):
    """Drafts: the blind draft (the ``blind_draft`` step), in which each player in turn
    secretly takes one of the first cards of a shuffled deck (``setup.draws``' ``shuffle:
    draft``), the others going back under the deck in a new random order; and the open
    draft (``open_draft``), in which every company left is shown."""

    extra_cards_shown: int = Field(default=2, ge=0)
    """A player chooses among the first (number of players + this) cards of the deck."""
    blank_cards: dict[int, list[Name]] = {}
    """For each number of players, the blank cards shuffled into the deck with the
    companies: taking one buys nothing. The draft ends when only blank cards are shown
    and fewer cards are left than are shown. As in 18xx.games, the blank cards stay in
    the game as companies nobody owns until a ``close_companies`` event closes them: the
    ``all_closed`` end needs them closed too."""
    last_company_step: int | None = Field(default=10, ge=1)
    """When a single company is left, a player may pass on it, making it this much
    cheaper; when it has come down by what it costs beyond its value (its ``price`` less
    its ``value``; all of it for a company priced at its value), the next player must
    take it. ``null`` (an open draft): a pass on the last company is a pass like any
    other."""
    pass_first: bool = False
    """In an open draft, a player may pass before anybody owns a company (18 Los
    Angeles); false: the first must take one (1846's two-player game)."""
    limit: dict[int, int] = {}
    """For each number of players, how many companies the players take in an open draft
    at most: the draft is over once they have (18 Los Angeles: 8 for two players to 11
    for five). A number of players not listed has no limit."""


class IssueRules(Model):
    """Issuing and redeeming shares in an operating turn (the ``issue_shares`` step): a
    corporation issues at most as many shares as keep the bank pool's at most the
    players' (and within the pool limit), redeems as many of the pool's as it can pay
    for, and neither moves its price. The step never waits unless the round lists it with
    ``blocking: true``; then it offers a pass too, and ends with the turn's one issue or
    redemption (1867's redemption before track)::

        issue: {offers: [redeem], redeem_price: market}
    """

    offers: list[Literal["issue", "redeem"]] = Field(default=["issue", "redeem"], min_length=1)
    """What the step offers: issuing shares, redeeming them, or both (1846). 1867's majors
    only redeem (18xx.games' ``RedeemShares``); 1868 Wyoming's corporations only issue."""
    price: Literal["market", "left"] = "left"
    """What each issued share fetches: the corporation's price, or the price a step left
    of it (1846)."""
    redeem_price: Literal["market", "right"] = "right"
    """What each redeemed share costs: the corporation's price, or the price a step right
    of it (1846)."""
    counted_in: list[Literal["track", "token", "buy_company"]] = []
    """The steps in which what the corporation may spend counts what it could still raise
    by issuing shares this turn (the most it may issue, at the issue price) besides its
    cash: they wait for it (or offer it a company) though its cash alone would not pay,
    and it issues before it pays (18xx.games' 1846 buying power: track and token, company
    purchases)."""


class StartBid(Model):
    """Corporations started by a bid (``started_by: bid``) in a stock turn, as 18xx.games'
    ``BuySellParSharesViaBid`` plays them (1867, 1861, 1812, 18Ireland, 18NY). Instead of
    a purchase, a player bids at least ``min_bid`` on one; the others who can pay more,
    from the next in seat order, outbid them by ``auction.min_increment`` at least (in
    its multiples with ``auction.bids_in_multiples``) or pass and leave the auction. The
    last bidder left wins: they get its president's certificate, it is started at the
    highest of its par prices (``par_kinds``) at most half the bid (and at most
    ``max_par``), and the whole bid goes to its treasury::

        start_bid: {min_bid: 100, max_par: 135, turn_after: winner}
    """

    min_bid: int = Field(ge=0)
    """The least opening bid."""
    max_par: int | None = Field(default=None, ge=1)
    """The highest par price a bid sets (none: no cap but half the bid)."""
    turn_after: Literal["winner", "opener"] = "winner"
    """Whose turn follows the auction: the player after its ``winner`` (1867), or after
    the player who opened it (18Ireland, 18NY); either way that player's turn counts as a
    purchase."""
    in_order: bool = False
    """Only the first, in the title's order, of the corporations started by a bid and not
    yet started may be bid on (18Ireland's minors)."""
    first: Name | None = None
    """A corporation that must be started before any other (1861's Nikolaev)."""


class StockRules(Model):
    """Stock round rules."""

    order: Literal["sell_buy_sell", "sell_buy", "sell_buy_or_buy_sell"] = "sell_buy_sell"
    """The order of selling and buying within a turn (18xx.games' ``SELL_BUY_ORDER``):
    ``sell_buy_sell``: sales before and after the purchase; ``sell_buy``: no sale after a
    purchase; ``sell_buy_or_buy_sell``: sales before or after the purchase, not both."""
    first_sales: int = Field(default=1, ge=1)
    """The first stock round in which shares may be sold (2: none in the first)."""
    sell_unfloated: bool = False
    """Shares of corporations that have not floated may be sold."""
    sell_before_operating: Literal["anyone", "president", "nobody"] = "anyone"
    """Who may sell shares of a corporation that has not yet operated: ``anyone`` (as
    ``sell_unfloated`` allows), only its ``president`` (1846; 18xx.games'
    ``SELL_AFTER = :p_any_operate``), or ``nobody`` (18Rhl; 18xx.games' ``SELL_AFTER =
    :operate``)."""
    sell_in_blocks: bool = False
    """Shares of a corporation are sold in one block per turn (18xx.games'
    ``MUST_SELL_IN_BLOCKS``; 1889): once a player has sold some in a stock-round turn,
    they sell no more of it in that turn; a president raising money for a train sells
    each corporation's shares in one sale."""
    sell_move: Literal[
        "down_per_share",
        "down_per_sale",
        "left_per_share",
        "left_per_sale",
        "down_per_sale_if_president",
        "left_per_sale_if_president",
        "down_per_10_percent",
        "none",
    ] = "down_per_share"
    """How selling moves the price: a step down (or left) for each share sold or once a
    sale; ``…_if_president``: once a sale, only when the seller was the president (1846's
    left one column a block sold by its president); ``down_per_10_percent``: a step down
    for each whole 10% sold, whatever the certificates' size, so a lone 5% share leaves the
    price where it is (1856's CGR once its shares are 5% each; 18xx.games' ``down_per_10``)."""
    pool_limit: int = Field(default=50, ge=0, le=100)
    """The most percent of a corporation the bank pool may hold."""
    holding_limit: int = Field(default=60, ge=10, le=100)
    """The most percent of a corporation a player may hold (zones may lift it)."""
    above_holding_limit_kept: bool = False
    """A player who holds more than ``holding_limit`` of a corporation (by a price
    protection, or a share a corporation bought back) keeps it and goes on buying other
    corporations' shares; without it they must sell down before buying anything
    (18xx.games' ``can_hold_above_corp_limit?``, 1850's and 1870's)."""
    sold_out_move: Move | Literal["none"] = "up"
    """At the end of a stock round, corporations fully held by players move this way."""
    pool_move: Move | Literal["none"] = "none"
    """At the end of a stock round, after the sold-out moves, each floated corporation
    with shares in the bank pool moves this way (18xx.games' ``POOL_SHARE_DROP``: 1846's
    ``down``, which its one-row market turns left)."""
    pool_move_per: Literal["corporation", "share"] = "corporation"
    """``corporation``: ``pool_move`` is one step whatever the pool holds; ``share``: one
    step per share of it in the pool."""
    gifts: bool = False
    """A player may give certificates away in their stock turns once sales are allowed
    (``first_sales``), of a corporation they preside, to a player holding none of it: one
    of their ordinary certificates (unless the president's is all they hold), or the
    president's certificate, and with it the presidency, when they hold at most twice its
    percent and no other player more than its percent, once per corporation a round.
    While a gift is possible, a turn ends only when the player says they are done
    (18xx.games: the ``choose`` action ``cert_<i>_<corporation>`` or
    ``prez_<i>_<corporation>``, ``i`` the receiver's place in the round's order)."""
    buy_after_selling: bool = False
    """A player may buy shares of a corporation they sold earlier in the same round
    (false: nobody buys back in a round what they sold in it)."""
    treasury_price: Literal["market", "par"] = "market"
    """The price of shares bought from a treasury or the initial offering."""
    keep_bought: bool = False
    """A player who bought shares of a corporation in their turn may sell shares of it
    later in that turn only while keeping at least one (1856's unvested share)."""
    sold_out: Literal["players_hold_all", "none_in_pool"] = "players_hold_all"
    """When a floated corporation counts as sold out for ``sold_out_move``: when players
    hold every certificate of it but those it bought back (``buy_back_shares``: out of
    sale in its treasury, they count as sold, as on 18xx.games' 1870 and 1850); or
    (``none_in_pool``) when the bank pool holds none of it, whoever holds the rest
    (18Chesapeake's two-player game, where a share is out of the game)."""
    purchase_removes_pool_share: bool = False
    """A purchase by a player who is not the corporation's president, while the bank pool
    holds some of it, takes the pool's last certificate of it (the last to get there) out
    of the game; if that is the very certificate bought, the purchase ends there, nobody
    paying (18Chesapeake's two-player game, as 18xx.games plays it)."""
    start_limit: dict[int, int] = {}
    """For each number of players, how many corporations may be started in a game: once
    that many have been, every corporation not yet started leaves the game, any station
    of its on the map (``tokens.home: setup``) staying there and blocking as a foreign one
    does (18 Los Angeles: ``{3: 5, 4: 6}``). A number of players not listed has no limit."""
    unsold_to_pool_on_float: bool = False
    """When a corporation floats, the certificates still in its initial offering go to
    the bank pool (18Chesapeake's two-player game)."""
    priority: Literal["after_last_to_act", "after_last_to_buy", "most_cash"] = "after_last_to_act"
    """Who gets priority for the next stock round: the player after the last to buy, sell
    or start a corporation, or after the last to buy or start one (after the last to act
    when nobody bought); or (``most_cash``) the player with the most cash, after the
    initial round as after each stock round, the seats keeping their order (when several
    have the most, the player after the last to act: 18Rhl)."""
    start_bid: StartBid | None = None
    """How corporations ``started_by: bid`` are auctioned (none: no corporation is)."""
    presidency_swap: Literal["first_got", "largest_last_got"] = "first_got"
    """The ordinary certificates a new president hands the old one for the president's
    certificate: those they got first (``first_got``); or the largest first and, of one
    size, those they got last (``largest_last_got``: 18MEX, whose 5% certificates go only
    when needed to make up the president's percent)."""


class TileLaySlot(Model):
    """One tile action of an operating turn. 1882's second action, a yellow lay for $20
    when the first was not an upgrade::

        - {lay: true, upgrade: true}
        - {lay: not_if_upgraded, upgrade: false, cost: 20}
    """

    lay: bool | Literal["not_if_upgraded"] = Field(default=True, union_mode="left_to_right")
    """A yellow tile may be laid (``not_if_upgraded``: unless an earlier action of the
    turn upgraded a tile)."""
    upgrade: bool | Literal["not_if_upgraded"] = Field(default=True, union_mode="left_to_right")
    """A tile may be upgraded (``not_if_upgraded``: unless an earlier action of the turn
    upgraded one)."""
    cost: int = Field(default=0, ge=0)
    """Money the operator pays the bank for a yellow lay with this action, besides terrain;
    it must have it to take the action at all."""
    upgrade_cost: int | None = Field(default=None, ge=0)
    """Money paid for an upgrade with this action (``cost`` when not given)."""
    min_cost: int = Field(default=0, ge=0)
    """The least the tile itself costs: a lay whose terrain costs less pays this instead
    (1846's $20 a tile; 18xx.games' ``TILE_COST``); a border it crosses is paid besides.
    The operator needs it to take the action."""
    same_hex: bool = True
    """It may upgrade a tile laid earlier in the same turn."""
    requires: Literal["mainline"] | None = None
    """``mainline``: allowed only if this or an earlier action of the turn improves a main line."""
    home_cost_first: bool = False
    """While the operator's home hex has no tile yet, the action is open only when the
    operator has the money for a tile there (the hex's terrain, less its discounts): an
    operator without it skips the action, and its track step with it (18MEX's minors,
    which start without money)."""

    def opens(self, upgraded: bool) -> tuple[bool, bool]:
        """``(lay, upgrade)``: what this action allows after a turn whose earlier actions
        did (``upgraded``) or did not upgrade a tile."""
        return (
            (not upgraded) if self.lay == "not_if_upgraded" else self.lay,
            (not upgraded) if self.upgrade == "not_if_upgraded" else self.upgrade,
        )

    def topped_up(self, terrain: int) -> int:
        """What a lay whose terrain costs ``terrain`` pays beyond it to reach ``min_cost``."""
        return max(self.min_cost - terrain, 0)

    def cost_of(self, upgrade: bool) -> int:
        """The action's own cost for a lay (``upgrade``: an upgrade)."""
        if upgrade and self.upgrade_cost is not None:
            return self.upgrade_cost
        return self.cost


class BuyingPower(Model):
    """What counts, besides a corporation's cash, in what keeps its train-buying step
    waiting for it (its "buying power": what it could spend there)."""

    minor_cash: list[int] = []
    """With these numbers of trains, the treasury of each minor a player owns whose
    company the corporation may buy, less the least it would pay for that company (buying
    it merges the minor in, treasury and all). Empty: no minor's."""


class TrackRules(Model):
    """Track rules."""

    restriction: Literal[
        "permissive", "semi_restrictive", "restrictive", "city_permissive", "station_restrictive"
    ]
    """What a corporation must reach to lay or upgrade a tile: always an exit of it; for an
    upgrade, beyond that, nothing (``permissive``), that its network run on new track of
    the tile once laid (``restrictive``), or on new track or through a revenue centre whose
    revenue changes (``semi_restrictive``); ``city_permissive`` holds a tile with a city to
    nothing more and any other tile to ``restrictive`` (18MEX: Guadalajara's brown tile
    upgrades to its gray one, the same track and revenue with a slot more);
    ``station_restrictive`` likewise a tile with any revenue centre."""
    lays: list[TileLaySlot] = Field(default=[TileLaySlot()], min_length=1)
    """The tile actions of an operating turn, in order."""
    first_turn_lays: list[TileLaySlot] | None = Field(default=None, min_length=1)
    """The tile actions of a corporation's (or minor's) first operating turn, instead of
    ``lays`` (1850's second yellow tile for a corporation just floated: ``[{lay: true,
    upgrade: true}, {lay: not_if_upgraded, upgrade: false}]``)."""
    minor_lays: list[TileLaySlot] | None = Field(default=None, min_length=1)
    """The tile actions of a minor's operating turn, instead of ``lays`` and
    ``first_turn_lays`` (18MEX's minors: one yellow tile, no upgrade, ``[{lay: true,
    upgrade: false}]``)."""
    upgrades: UpgradeRule = UpgradeRule()
    """The general upgrade rule."""
    buying_power: BuyingPower = BuyingPower()
    """What counts besides its cash in what keeps a corporation's tile action open (its
    own cost and ``min_cost``), and, in ``track_and_token``, the step waiting for a pass
    while its next station is within reach: 18xx.games' 1846 counts, with 0 to 3 trains,
    the minors it could buy (its ``track_buying_power``; the shares it could issue count
    there by ``rules.issue.counted_in``)."""


def _old_home_choice(value: object) -> object:
    """``tokens.home_choice: layer``, the old name of ``laying``, read as ``laying``."""
    return "laying" if value == "layer" else value


class TokenRules(Model):
    """Station token rules."""

    per_turn: int = Field(default=1, ge=1)
    """Station tokens (besides the home token) a corporation may place in one operating turn."""
    home: Literal["first_operation", "operating_round", "float", "par", "setup"] = "first_operation"
    """When the home token is placed (18xx.games' ``HOME_TOKEN_TIMING``): at the start of
    the corporation's first operating turn; at the start of the first operating round in
    which it operates, before anybody operates (``operating_round``: 1889); when it
    floats; when it is started; or (``setup``) on the map from the start, every
    corporation's that has a home, started or not (18 Los Angeles)."""
    one_per_hex: bool = True
    """A corporation may not have two tokens in one hex."""
    home_choice: Annotated[Literal["laying", "owner"], BeforeValidator(_old_home_choice)] = "laying"
    """Who chooses the city of a home token that a tile laid in its hex lifts (a home city
    ``choose``, such as 1830's ERIE in its OO hex): ``laying``, the corporation laying
    the tile, as 18xx.games has it (``TOKEN_PLACEMENT_ON_TILE_LAY_ENTITY``); ``owner``,
    the corporation whose token it is. (``layer``, the old name of ``laying``, is read
    as ``laying``.)"""
    home_anywhere: bool = False
    """Corporations without a ``home`` choose one in play (18xx.games' corporations
    without coordinates: 1817, 18USA): at the start of its first operating turn such a
    corporation puts its home token, free, in a city of its choice where it may put a
    token (a free slot, and none of its own in the hex), whatever ``home`` says; with
    no such city it goes without. Without this, every corporation needs a ``home``."""
    home_replaces_neutral: bool = False
    """A home token chosen anywhere (``home_anywhere``) may also go in a city without a
    free slot that holds a neutral station placed for another corporation (a
    ``neutral_token``'s, 1882's CN stations): that station is removed (1882's SC)."""
    chosen_home_blocks: Literal["never", "always", "single_slot_cities"] = "never"
    """Whether a hex held for a home city yet to be chosen (``home.city: choose``) keeps
    other companies' tokens out: ``always`` (1830's E11, 18NL's Arnhem); with ``never``
    another may take a slot while enough room stays for the holders;
    ``single_slot_cities``: ``always`` while the hex has a city of one slot, else
    ``never`` (18xx.games' ``TILE_RESERVATION_BLOCKS_OTHERS``)."""
    price_by_distance: bool = False
    """A station placed in the operating round costs its charter price (``tokens`` of the
    corporation) times its distance in hexes from the corporation's nearest station
    already on the map: 1867's ``tokens: [0, 20, 40]`` makes a second station three hexes
    from the home cost 60. A corporation offered no city it can pay for is not asked to
    place one."""


class EmergencyIssue(Model):
    """A corporation that must buy a train and cannot pay for the dearest face of the
    cheapest depot train issues shares from its treasury to the bank pool, once in its
    turn, before its president may pay or sell anything (18xx.games'
    ``MUST_EMERGENCY_ISSUE_BEFORE_EBUY`` with 1846's ``emergency_issuable_bundles``). It
    issues at most as many shares as keep the pool's at most the players'; a sale that
    raises nothing is not offered. Once it has issued, it buys only from the depot, and
    not a face it could have paid without its last share."""

    price_steps: int = Field(default=1, ge=0)
    """Each share of an issue of ``n`` fetches the price this many steps plus ``n`` left
    of the corporation's (1846: 1, an issue of two shares at $90 fetches $60 each)."""
    moves_left: bool = True
    """The issue moves the price a step left for each share issued."""
    only_needed: bool = True
    """No more shares than it needs for the dearest face of the cheapest depot train
    (the issues that reach its cheapest face, up to the first that reaches its dearest);
    when none reaches its cheapest face, only the largest issue."""
    no_companies_without_train: bool = False
    """Once it has issued, it buys no company in that turn while it has no train but
    obsolete ones (1846; 18xx.games' 1846 company step after ``emergency_issued``)."""


class EmergencyRules(Model):
    """Raising money for a train a corporation must buy."""

    cheapest_depot_train: bool = True
    """From the depot only the cheapest train may be bought with the president's money,
    and the president sells shares only for what it costs; false: any depot train, and
    the president may sell for the dearest face of any train the depot offers (1846: for
    the $180 4-train though a $160 3/5 is within reach; 18xx.games' ``needed_cash``)."""
    from_others_up_to: Literal["face_value", "any", "never"] = "face_value"
    """The most paid to another corporation with the president's help; ``never``: a
    corporation that must buy a train and cannot pay the cheapest one in the depot buys
    only from the depot (18xx.games' ``EBUY_FROM_OTHERS``; 1889), and one with no cash at
    all cannot buy from another corporation."""
    president_swap: bool = True
    """The president may sell shares of other corporations that hand their presidency
    to another player (18xx.games' ``EBUY_PRES_SWAP``); false (1889): no sale may change
    any corporation's president. The operating corporation's presidency is never given
    away."""
    sell_more_than_needed: bool = False
    """The president may sell more shares than needed."""
    sell_unfloated: bool = True
    """The president may sell shares of started corporations that have not floated (the
    stock round's ``stock.sell_unfloated`` does not apply here)."""
    help_only_below_cheapest: bool = False
    """The president pays towards a train (and sells shares for it) only while the
    corporation cannot pay for the cheapest face of the cheapest depot train itself (1846:
    a corporation with $176 buys the $160 3/5, not the $180 4 with its president's $4;
    18xx.games' ``ebuy_president_can_contribute?``)."""
    sell_closing_buyer: bool = True
    """The president may sell shares of the corporation buying the train where the sale's
    price move would close it (take it into a closing cell); false (1846): no such sale,
    nor does such a share count in what the president could raise."""
    issue: EmergencyIssue | None = None
    """The corporation issues shares first (see :class:`EmergencyIssue`); absent: it
    issues none."""


class TrainRules(Model):
    """Train rules."""

    must_buy: Literal["never", "always", "when_route"] = "when_route"
    """When a corporation without a train must buy one."""
    buy_from_others: bool = True
    """Corporations may buy trains from each other."""
    min_price_from_others: int = Field(default=1, ge=1)
    """The lowest price between corporations (at least 1: nobody spends nothing)."""
    discards_to: Literal["pool", "removed"] = "pool"
    """Where discarded and traded-in trains go: ``pool``, the bank pool, which offers
    the first discarded train of each type for its price; or ``removed``, out of play."""
    export_after_set: list[Name] = []
    """At the end of each set of operating rounds, the depot's next train is exported
    when it is of one of these types: it leaves the game as if bought, so a phase may
    begin, older trains rust and the type's events run (18Chesapeake: ``[2, 3, 4]``).
    A round of the private company auction in which everybody passes once the cheapest
    company is sold counts as such a set: the companies pay their revenue, then the
    export (as 18xx.games plays it)."""
    exports_end_with: Name | None = None
    """The type whose export ends these exports for good: once a train of it has been
    exported at the end of a set, no set's end exports again (18Tokaido exports the
    depot's next train after every set until its first D: ``export_after_set: ['2', '3',
    '4', '5', '6', D]``, ``exports_end_with: D``). None: they go on while the types last."""
    emergency: EmergencyRules = EmergencyRules()
    """Raising money for a train a corporation must buy."""
    buying_power: BuyingPower = BuyingPower()
    """What counts besides its cash in what keeps a corporation's train-buying step
    waiting for it: while that covers a train, the step waits for it to buy or pass
    (18xx.games' 1846: ``minor_cash: [1, 2]``, its ``train_buying_power``; the minor's
    train then leaves it room for one more)."""


class PayoutMove(Model):
    """A price move for a dividend of at least ``at_least`` times the share price."""

    at_least: float = Field(ge=0)
    """The revenue needed, as a multiple of the share price."""
    beyond_dividend_line: bool = False
    """Only for prices above the market's dividend line (``dividend_line`` zone)."""
    min_price: int | None = Field(default=None, ge=0)
    """Only for share prices of at least this (1846: a dividend of three times the price
    moves it three steps right from $165 up)."""
    move: list[Move]
    """The steps, applied one at a time."""


class DividendRules(Model):
    """What corporations may do with revenue, and how it moves the price."""

    kinds: list[Literal["payout", "withhold", "half"]] = ["payout", "withhold"]
    """The choices. ``half``: the corporation keeps half the revenue, rounded down to a
    multiple of its number of shares, and pays out the rest; the price moves as for a
    payout of the part paid (as a withhold when nothing is paid)."""
    withhold: list[Move] = ["left"]
    """The move when withholding (also when there is no revenue)."""
    payout: list[PayoutMove] = []
    """Moves when paying out; the first that applies is used, none means no move."""
    half_move: list[Move] | None = None
    """The move when paying half (``kinds``' ``half``) and the corporation keeps something,
    whatever is paid: 1870's price stays put (``[]``), moving left only when withheld and
    right only when all is paid out. Unset, or nothing kept: as for a payout of the part
    paid."""
    treasury_shares_pay: Literal["corporation", "nobody"] = "corporation"
    """Who receives the dividend on shares in the corporation's own treasury."""
    pool_shares_pay: Literal["corporation", "nobody"] = "nobody"
    """Who receives the dividend on shares in the bank pool."""
    ipo_shares_pay: Literal["corporation", "nobody"] = "nobody"
    """Who receives the dividend on a fully capitalised corporation's unsold shares (its
    initial offering): nobody, or the corporation (1870's and 1850's "treasury", whose
    shares pay the corporation while those in the pool pay nobody)."""
    rounding: Literal["up", "down"] = "up"
    """How a holder's dividend is rounded to whole money (up: as 18xx.games)."""
    asked_without_revenue: bool = False
    """A corporation whose trains ran is asked for its dividend even when its run earns
    nothing (its revenue gone to the interest on its loans: 18xx.games' 1856 family);
    whatever it chooses, a dividend of nothing moves the price as a withheld one. False:
    a run that earns nothing is withheld without asking."""


class Nationalization(Model):
    """The ``nationalization`` event: a trainless corporation taken over by the state."""

    national: National
    """The state railway whose tokens replace the corporation's stations."""
    price_moves: list[Move] = ["left", "left"]
    """The corporation's price moves before shareholders are paid."""
    one_token_per: Literal["hex", "city"] = "hex"
    """The state railway keeps at most one token per hex (or per city)."""
    turns_as_unstarted: bool = False
    """Whether a nationalised corporation still counts as one a player could start when
    the stock round decides who has a turn: a player who could pay for the first
    certificate its treasury got back, at the lowest par price, then gets a turn, though
    passing is all they can do (as 18xx.games plays 18SJ)."""


class CompanySales(Model):
    """Private companies sold by players: to corporations, and to other players."""

    min: float = Field(default=0.5, gt=0)
    """The lowest price, as a multiple of face value (rounded up)."""
    min_amount: int | None = Field(default=None, ge=1)
    """The lowest price as an amount, the same for every company, instead of ``min``
    (1846: $1, any company being sold for $1 up to its face value)."""
    max: float = Field(default=2.0, gt=0)
    """The highest price, as a multiple of face value."""
    early_max: float | None = Field(default=None, gt=0)
    """The highest price of a company bought early (a phase's ``early_company_buys``,
    while the phase does not let corporations buy companies), as a multiple of face value
    (1850's Mississippi River companies: their value in phase 2; none: ``max``)."""
    minors_offered: bool = True
    """Whether the companies for sale to corporations count as for sale to a minor too
    (18xx.games' ``purchasable_companies``): minors never buy companies, but a minor's
    track step waits (for a pass) while it could pay for one with a tile-lay ability, as
    18xx.games has it. ``false``: minors are offered none (18MEX, 1846)."""
    players_from_turn: int = Field(default=1, ge=1)
    """The first game turn whose stock round lets players buy companies from one another,
    where the phase allows it (``phases.players_buy_companies``; 1830: 2, not in the
    first stock round)."""


class VirtualPlayer(Model):
    """A player the game adds who never takes turns in auctions or stock rounds (18SJ's
    A.W. Edelsvärd); title hooks decide what it does."""

    id: int | str
    """Its id in game files."""
    name: str
    """Its name in logs and scores."""


class EndMoves(Model):
    """Price moves at the end of a share phase, by what happened to a corporation's
    shares in it (buys and sells are counted apart; each applies)."""

    bought_one: list[Move] = ["right"]
    """Moves when one share of the corporation was bought."""
    bought_more: list[Move] = ["up"]
    """Moves when more than one was bought."""
    sold_one: list[Move] = ["left"]
    """Moves when one share was sold."""
    sold_more: list[Move] = ["down"]
    """Moves when more than one was sold."""


class SharePhase(Model):
    """A share phase in place of the 18xx stock round: a player's turn is buying one
    certificate or selling one or more, and prices move only at its end.

    Corporations have no par: they start where a die roll puts them
    (``start_cells``). The first certificate bought from a corporation is its
    president's and makes it active. The phase ends when every player has passed
    in a row; then corporations may buy their own certificates back from the bank,
    and prices move by ``end_moves``.
    """

    start_cells: dict[int, tuple[int, int]]
    """Die face (1–6) → the market cell ``[row, column]`` a corporation starts in."""
    max_per_corporation: int = Field(default=5, ge=1)
    """Certificates of one corporation a player may hold (the president's counts as one)."""
    buy_and_sell: Literal["not_same_corporation", "any"] = "not_same_corporation"
    """``not_same_corporation``: nobody buys and sells the same corporation in one game turn."""
    president_sellable: bool = False
    """Whether the president's certificate may be sold."""
    treasury_offer: Literal["vote", "all"] = "vote"
    """How many treasury certificates are for sale: decided by the holders' vote at the
    start of the phase (more than half of the player-held percent), or always all. A
    corporation without a president offers all."""
    buy_back: bool = True
    """After the last pass, corporations (their presidents deciding) may buy their own
    certificates from the bank at the current price."""
    end_moves: EndMoves = EndMoves()
    """The price moves at the end of the phase, by what was traded."""
    first_player: Literal["die", "seat"] = "die"
    """Who starts the first phase: a die roll among the seats, or the first seat; later
    phases start with the last player to buy or sell."""


class Escrow(Model):
    """Escrow capitalisation (1856's first corporations): an incrementally capitalised
    corporation started while escrow lasts (until an ``end_escrow`` train event) is paid
    for the shares sold from its treasury only while the treasury holds more than
    ``treasury_above`` percent of it; the bank keeps the money for the rest, recorded as
    the corporation's escrow."""

    treasury_above: int = Field(default=50, ge=0, le=100)
    """A sale from the treasury pays the corporation while the treasury holds more than
    this percent (before the sale); otherwise its money goes into escrow."""


class Loans(Model):
    """Loans from the bank to corporations (1856's; the ``loans`` step): in its operating
    turn a corporation may take one loan, receiving ``amount`` (less ``interest`` once it
    has paid this turn's interest), up to one loan for each of its shares the players
    hold; after buying trains it may instead pay one back, and repays at once those it
    holds beyond that limit (its president paying what its treasury lacks). After its run it pays
    ``interest`` for each loan: from its treasury in multiples of ten, the rest out of its
    revenue, the rest by its president. At the end of the game each loan still out takes
    its amount off the value of the corporation's shares, in proportion (unless
    ``at_end`` settles it otherwise)."""

    amount: int = Field(default=100, gt=0)
    """What a loan is worth."""
    interest: int = Field(default=10, ge=0)
    """The interest on each loan, every operating turn."""
    count: int = Field(default=110, ge=0)
    """How many loans the bank has."""
    counted_in: list[Literal["token", "buy_company"]] = []
    """The steps that count, in what the corporation can spend, the loan it may still take
    this turn (its amount, less the interest once paid): they offer a station or a company
    it could pay for with that loan, and wait for it (1856's), though it takes the loan
    before paying."""
    automatic: list[Literal["track", "buy_train"]] = []
    """The steps in which a corporation short of a payment takes loans without asking,
    one at a time, until it can pay, up to its ``max_loans`` (1867's: a tile's terrain,
    and a train from the depot it must buy; then the president pays nothing towards a
    train). Such a corporation pays interest in the ``loan_interest`` step rather than
    the ``loans`` step::

        automatic: [track, buy_train]
    """
    fee: int = Field(default=0, ge=0)
    """Taken off what a loan brings when it is taken (1867's: a $50 loan brings $45)."""
    at_end: Literal["value", "price_left"] = "value"
    """What loans still out do when the game ends: ``value``, each takes its amount off
    the value of the corporation's shares, in proportion (1856's); ``price_left``, each
    moves the corporation's price one step left, and goes back to the bank, before the
    players' values are counted (1867's "paid off" loans)."""


class Rules(Model):
    """Rules that are numbers and choices."""

    capitalization: Literal["incremental", "full"]
    """How corporations receive money for their shares, unless a corporation says otherwise."""
    float_percent: int = Field(default=60, ge=10, le=100)
    """Percent of a corporation that must be sold before it operates (until a
    ``float_percent`` train event changes it)."""
    float_at: Literal["sale", "first_operation"] = "sale"
    """When an incrementally capitalised corporation floats: at the sale that brings
    ``float_percent`` sold (``sale``); or when its first operating turn comes, if enough
    is sold then (``first_operation``, 1856's: the float percent may have risen since its
    shares were sold; an operating round lists it when enough is sold as it starts, and
    skips it when no longer). A fully capitalised corporation floats at the sale."""
    escrow: Escrow | None = None
    """Escrow capitalisation of the corporations started before the ``end_escrow`` event."""
    loans: Loans = Loans()
    """Loans to corporations (played by the ``loans`` step)."""
    float_capital_price: Literal["market", "par"] = "par"
    """When a fully capitalised corporation floats, the bank pays it ten shares at this price."""
    shares: list[int] = [20, 10, 10, 10, 10, 10, 10, 10, 10]
    """Certificate sizes in percent, president's first."""
    first_operating_order: Literal["highest_first", "lowest_first"] = "highest_first"
    """The order corporations operate in in the game's first operating round: by price,
    highest first (as in every later one), or lowest first (1846; those at one price in
    the order they got there)."""
    mail: Literal["home_stop"] | None = None
    """Mail (18MEX): ``home_stop``, when its operating turn starts, a corporation that has
    a train receives from the bank the value of the first stop on its home hex's tile (its
    first city, else its first town) in the current phase, as its first train counts it;
    minors and trainless corporations receive none. ``None``: no mail."""
    auction: AuctionRules = AuctionRules()
    """The initial auction's rules."""
    draft: DraftRules = DraftRules()
    """The blind draft's rules."""
    issue: IssueRules = IssueRules()
    """Issuing and redeeming shares (the ``issue_shares`` step)."""
    stock: StockRules = StockRules()
    """Stock-round rules."""
    track: TrackRules | None = None
    """Track rules: what a corporation must reach, its tile actions, upgrades (needed by
    operating rounds; a title whose layer builds its own track has none)."""
    tokens: TokenRules = TokenRules()
    """Station token rules."""
    trains: TrainRules = TrainRules()
    """Train-buying rules."""
    dividends: DividendRules = DividendRules()
    """Dividend rules: the choices and the price moves."""
    company_sales: CompanySales = CompanySales()
    """Private companies sold by players: to corporations and to other players."""
    nationalization: Nationalization | None = None
    """Needed when a train has the ``nationalization`` event."""
    virtual_player: VirtualPlayer | None = None
    """A virtual player added to every game."""
    share_phase: SharePhase | None = None
    """Needed by rounds of kind ``share_phase``."""
    bankruptcy: Bankruptcy = Bankruptcy()
    """What a player's bankruptcy does (:mod:`framework.title.bankruptcy`)."""
    settled_nationalization: SettledNationalization = SettledNationalization()
    """How a corporation is nationalised and settled with its shareholders (1867's;
    :mod:`framework.title.settled_nationalization`)."""
    minor_mergers: MinorMergers = MinorMergers()
    """How minors convert and merge into majors in ``merger`` rounds
    (:mod:`framework.title.minor_mergers`)."""

    @property
    def track_rules(self) -> TrackRules:
        """:attr:`track`, for the rules that only a title with an 18xx board reaches."""
        if self.track is None:
            raise RuntimeError("the title has no track rules (rules.track)")
        return self.track

    @property
    def share_phase_rules(self) -> SharePhase:
        """:attr:`share_phase`, for the rules of a ``share_phase`` round."""
        if self.share_phase is None:
            raise RuntimeError("the title has no share phase rules (rules.share_phase)")
        return self.share_phase


Timing = Literal["immediately", "end_of_operating_round", "end_of_set", "end_of_round", "end_of_next_set"]
"""When the game ends once a condition is met: at once, at the end of the operating
round, of the set of operating rounds, of the round; or at the end of the set of
operating rounds of the game turn after the one in which it was met (18xx.games'
``one_more_full_or_set``)."""


NOT_CONDITIONS = (
    "tie_break",
    "turns",
    "turn_limit",
    "final_operating_rounds",
    "first_round_ends_set",
    "timing_priority",
)
"""The fields of :class:`GameEnd` that are no end condition."""


class GameEnd(Model):
    """Conditions that end the game, each with its timing. A missing one never ends it.

    The names are those of 18xx.games' ``game_end_reason``.
    """

    bankrupt: Timing | None = None
    """A player goes bankrupt."""
    bank: Timing | None = None
    """The bank runs out of money."""
    stock_market: Timing | None = None
    """A corporation enters a cell of a zone with ``ends_game``."""
    all_closed: Timing | None = None
    """Every corporation and every private company has closed (corporations close in a
    market zone with ``closes``)."""
    manually_ended: Timing | None = None
    """The players agree to end the game."""
    final_train: Timing | None = None
    """The depot has no train left to sell (1846's two-player game: ``end_of_next_set``)."""
    final_phase: Timing | None = None
    """The last phase has begun (1867: ``end_of_next_set``)."""
    final_turn: Timing | None = None
    """The last game turn of ``turns`` has been played (or a round of the title's
    layer says the last turn is over, as 18Steam's income phase does)."""
    turns: dict[int, int] = {}
    """The number of game turns, by player count, for ``final_turn``."""
    final_operating_rounds: int | None = Field(default=None, ge=1)
    """Once a condition is met that lets the game go on, every set of operating rounds
    begun after it has this many rounds, whatever the phase says (1867: 3, 18xx.games'
    ``final_operating_rounds``). None: the phase's."""
    timing_priority: list[Timing] = []
    """When conditions with different timings are met, the timing listed first decides
    when the game ends and the others are forgotten; empty: the earliest moment ends it.
    1867 lists ``[end_of_next_set, end_of_operating_round]``: once the final phase has
    begun, a broken bank no longer ends the game with the operating round (18xx.games'
    ``GAME_END_TIMING_PRIORITY``). A timing not listed comes after those listed."""
    first_round_ends_set: bool = False
    """A condition timed ``end_of_next_set`` met in the first operating round of a set
    ends the game with that set, lengthened to ``final_operating_rounds``, rather than with
    the next (1861: the first 8 train bought in a set's first round)."""
    turn_limit: int = Field(default=100, ge=0)
    """From this game turn on, the end of any round ends the game unfinished (reason
    ``dnf``), as 18xx.games ends every game at its turn 100: a game where nobody can act
    any more ends there (0: no limit; such a game is refused as stalled)."""
    tie_break: list[Literal["cash"]] = []
    """How players of equal value are ranked in the result, first tie-breaker first:
    ``cash``, more cash ranks higher. Players still tied keep their seat order (the
    default, with no tie-breaker, for every tie)."""

    def conditions(self) -> dict[str, Timing]:
        """The end conditions the title sets, by name, with their timing."""
        return {
            name: value
            for name in type(self).model_fields
            if name not in NOT_CONDITIONS and (value := getattr(self, name)) is not None
        }


class Variant(Entry):
    """A variant or optional rule, given as an overlay file."""

    name: str
    """Its name."""
    description: str | None = None
    """What it changes, in words."""
    overlay: str
    """The overlay file, relative to the title's folder."""
    players: list[int] | None = None
    """The player counts it is for."""
    automatic: bool = False
    """Applied whenever the player count is in ``players``."""
