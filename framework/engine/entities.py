"""The things a game is made of, as plain mutable records: players, private
companies, corporations and minors with their certificates, and trains.

Every record converts to plain data (:meth:`to_dict`) and back, so the whole
game state is JSON.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

POOL = "pool"
"""Owner of shares in the bank pool."""
IPO = "ipo"
"""Owner of unsold shares of a fully capitalised corporation (the bank's initial offering)."""
BANK = "bank"
"""Owner of everything the bank holds (unsold companies, the train depot)."""
CLOSED = "closed"
OUT_OF_GAME = "removed"
"""Owner of certificates taken out of the game (a title's hook may remove some)."""
RESERVED = "reserved"
"""Owner of a train held out of the depot (a train type's ``reserved``)."""
UNLIMITED_USES = 1_000_000
"""The uses left of an ability with no limit over the game (a ``tile_lay`` without
``count``): more than any game makes."""
LAYS_LEFT, UPGRADES_LEFT = "tile_lay", "tile_upgrade"
"""The counters of a company's ``tile_lay`` lays left (``Company.uses``): every lay, and
with ``upgrade_count`` the upgrades (:mod:`framework.engine.company_lays`)."""


@dataclass
class Player:
    id: str
    """The player's id as text (18xx.games ids are numbers)."""
    name: str
    cash: int = 0
    passed: bool = False
    bot: bool = False
    """A virtual player (18SJ's A.W. Edelsvärd) who never acts in auctions or stock rounds."""
    bankrupt: bool = False
    """Out of a game that goes on (``bankruptcy.ends_game_after: all_but_one``)."""


@dataclass
class Company:
    """A private company."""

    sym: str
    owner: str = BANK
    """``bank``, a player id, a corporation sym, or ``closed``."""
    uses: dict[str, int] = field(default_factory=dict)
    """Uses left of counted abilities, by ability type."""
    discount: int = 0
    """Accumulated price reduction in the auction."""
    tokens: dict[str, int] = field(default_factory=dict)
    """Bonus tokens placed on hexes (``bonus_tokens`` ability), by hex."""
    placed: int = 0
    """How many bonus tokens have been placed."""
    marker: str | None = None
    """The hex holding the company's bonus marker (``bonus_marker`` ability)."""
    assigned: tuple[str | None, str | None] | None = None
    """Its ``assigned_bonus``: ``(hex, corporation)``, the hex it is assigned to and the
    corporation (or minor) whose routes earn it (none: not assigned, or removed; either
    part none while a player has assigned only the other, ``player_assigns``)."""
    lays: list[str] = field(default_factory=list)
    """Hexes where its ``tile_lay`` ability laid tiles."""
    added_exits: dict[str, list[int]] = field(default_factory=dict)
    """By hex, the exits its ``tile_lay`` lays added there (kept for ``joins``)."""
    right_holders: list[str] = field(default_factory=list)
    """The corporations holding its ``route_right``: its buyer, then those that bought one."""
    rights_sold: int = 0
    """How many of its ``route_right`` other corporations bought."""
    laid_since_dividend: bool = False
    """A special tile lay was made since the last dividend of any company (``tile_lay``
    ability that lapses)."""
    revenue: int | None = None
    """What it pays since a ``revenue_change`` ability changed it (``None``: its title's
    revenue)."""
    corporations_may_buy: bool = True
    """False once a ``revenue_change`` that ends sales to corporations has changed it."""
    closes_at_round_end: bool = False
    """It used an ability this operating round and closes when the round ends
    (``closes_at_round_end_when_used``)."""

    @property
    def closed(self) -> bool:
        return self.owner == CLOSED


@dataclass
class Share:
    """A certificate: ``SYM_0`` is the president's."""

    id: str
    percent: int
    president: bool
    owner: str
    """A player id, the corporation's own sym (treasury), ``ipo`` or ``pool``."""
    seq: int = 0
    """When its owner got it: holders list their certificates in the order they came."""


@dataclass
class Corporation:
    sym: str
    shares: list[Share]
    capitalization: str
    cash: int = 0
    par: int | None = None
    floated: bool = False
    operated: bool = False
    """Has operated at least once."""
    operating_turns: int = 0
    """Operating turns begun (the first has ``rules.track.first_turn_lays``)."""
    had_route: bool = False
    """Has had a route at some point of its operating turns (see
    :func:`~framework.engine.purchases.has_route`)."""
    had_route_to_buy: bool = False
    """Has had a route that makes it buy a train (see
    :func:`~framework.engine.purchases.has_route`)."""
    closed: bool = False
    tokens_used: int = 0
    """How many of its charter's tokens it has placed (home included)."""
    extra_tokens: int = 0
    """Tokens placed beyond the charter (a merged minor's)."""
    added_tokens: list[int] = field(default_factory=list)
    """The prices of tokens added after its charter's (a merger offer's exchange tokens
    left unplaced), to be placed after them."""
    bot: bool = False
    """Requisitioned by the virtual player."""
    loans: list[int] = field(default_factory=list)
    """The bank's loans it holds (``rules.loans``), by number as 18xx.games numbers them
    (from 0), in the order taken."""
    destination_reached: bool = False
    """Track has joined it to its destination (``destination``)."""
    escrow: int | None = None
    """Money the bank holds for it in escrow (``rules.escrow``); ``None``: none is held
    for it (started without escrow)."""
    counters: dict[str, int] = field(default_factory=dict)
    """Numbers a title's operating layer keeps on the charter (the goods layer: income
    track markers and locomotive level)."""
    withheld: list[str] = field(default_factory=list)
    """Its certificates it has bought back (``buy_back_shares``): in its treasury, for
    sale to nobody."""

    @property
    def issuer(self) -> str:
        """Who holds its unsold certificates: the corporation itself (incremental
        capitalisation) or the initial offering."""
        return self.sym if self.capitalization == "incremental" else IPO

    def holders(self) -> dict[str, int]:
        """Percent held by each owner."""
        out: dict[str, int] = {}
        for share in self.shares:
            out[share.owner] = out.get(share.owner, 0) + share.percent
        return out

    # The engine asks these questions all the time: plain loops answer them fastest.

    def percent_of(self, owner: str) -> int:
        total = 0
        for share in self.shares:
            if share.owner == owner:
                total += share.percent
        return total

    def president(self) -> str | None:
        for share in self.shares:
            if share.president:
                return share.owner
        return None

    def certificates_of(self, owner: str) -> list[Share]:
        """``owner``'s certificates, in the order they came to them."""
        held = [s for s in self.shares if s.owner == owner]
        if len(held) > 1:
            held.sort(key=_seq)
        return held


def _seq(share: Share) -> int:
    return share.seq


@dataclass
class Minor:
    sym: str
    owner: str | None = None
    cash: int = 0
    floated: bool = False
    closed: bool = False
    operated: bool = False
    operating_turns: int = 0
    """Operating turns begun."""
    had_route: bool = False
    """Has had a route at some point of its operating turns."""
    had_route_to_buy: bool = False
    """Has had a route that makes it buy a train."""


def forget_route(charter: Corporation | Minor) -> None:
    """``charter``'s route is looked for anew: it loses the route it had kept (see
    :func:`~framework.engine.purchases.has_route`)."""
    charter.had_route = charter.had_route_to_buy = False


@dataclass
class Train:
    id: str
    """``2-0``, ``D-3``."""
    name: str
    """The train type (``2``, ``D``)."""
    variant: str
    """The face in use (``D`` or ``E``)."""
    owner: str = BANK
    """``bank`` (depot), ``pool`` (discarded), a corporation or minor sym, or ``rusted``."""
    ran: bool = False
    """Has run in the current operating round."""
    buyable: bool = True
    obsolete: bool = False
    """Made obsolete by the first purchase of its ``obsolete_on`` type: it counts toward
    no train limit and rusts after its owner's next dividend."""
    discarded: int = 0
    """When it went to the pool (1, 2, …): the pool offers the first discarded of each type."""
    face_value: int | None = None
    """Its face value when it is not its face's price (a title hook may hand out a train on
    another face at the old price); buying it anew sets the price of the face bought."""

    moves: ClassVar[int] = 0
    """Counts every change of any train's owner, so that what depends on who holds which
    trains can be cached until the next change."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "owner":
            Train.moves += 1
        object.__setattr__(self, name, value)


def to_plain(record: Any) -> dict[str, Any]:
    return asdict(record)
