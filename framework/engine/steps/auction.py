"""The private company auction: the waterfall auction and the par a company may demand.

Waterfall (rulebook §8, reference §4.2): companies are sold cheapest first. On
a turn a player buys the cheapest company, bids on a later one (at least 5
above the best bid, or above face value) or passes. When a company is sold the
next is settled: no bid leaves it for normal turns, one bid buys it, several
start a resolution auction in which the lowest bidder raises or drops out.
When everybody passes, the cheapest company at the start gets 5 cheaper (at 0
it goes free to the player after the last to pass, and the turn goes on from them) —
or, once it is sold, the owned companies pay their revenue.

A title may rather remove the cheapest company everybody passed on
(``rules.auction.unsold_cheapest: removed``), count a bid on a later company as a pass on
the cheapest (``bid_elsewhere_passes``; but for a company ``unsold_only_if_all_pass``), and
sell companies whose buyer then takes one of others instead (``choose_one_of``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, operating, par_rules, shares, tokens, trains
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK
from framework.engine.market import parse_price_id
from framework.engine.par_subsidy import pay_par_subsidy
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.title.companies import ControlsMinor, Shares

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.market import Cell

Bids = dict[str, list[list[Any]]]
"""The bids of an auction: company → ``[player, price]`` pairs."""


@step("company_pending_par")
class CompanyPendingPar(Step):
    """The buyer of a company carrying a president's certificate sets the par."""

    description = (
        "The buyer of a company that carries a president's certificate "
        "sets that corporation's par price before anything else happens."
    )
    rounds = ("auction", "stock")
    STATE = ("pending",)
    waits_again = True  # whenever a par is pending

    def setup(self) -> None:
        self.pending: list[list[str]] = getattr(self, "pending", [])

    def actions(self, entity: str) -> list[str]:
        return ["par"] if self.pending and entity == self.pending[0][0] else []

    def acting_entity(self) -> str | None:
        return self.pending[0][0] if self.pending else None

    def blocking(self, current: str | None = None) -> bool:
        return bool(self.pending)

    def choices_par(self, player: str) -> list[Choice]:
        """Every par price, for the corporation whose par is pending."""
        corp = self.pending[0][1]
        return [
            {"corporation": corp, "share_price": cell_id(cell, r, c)}
            for r, c, cell in self.game.title.market.par_cells_in(
                self.game.title.corporations[corp].par_zones
            )
        ]

    def process_par(self, action: dict[str, Any]) -> None:
        game = self.game
        player, sym = self.pending[0]
        if str(action.get("corporation")) != sym:
            raise GameError("par", f"{game.name(player)} must set the par of {sym}")
        price, position = _par_cell(game, action)
        corp = game.corporations[sym]
        pres = next(s for s in corp.shares if s.president)
        self.pending.pop(0)
        corp.par = price
        game.market.place(sym, position)
        finance.move_share(game, pres, player)
        company = self._company_for(sym)
        ability = game.title.companies[company].ability("shares") if company else None
        payment = getattr(ability, "treasury_payment", 0)
        if corp.capitalization == "incremental" and payment:
            finance.pay(game, BANK, sym, payment * price)
        game.log(f"{game.name(player)} pars {sym} at {price}")
        pay_par_subsidy(game, sym, price)
        par_rules.started(game)
        tokens.home_at(game, sym, "par")
        shares.check_float(game, corp)
        if company is not None and game.title.companies[company].closes_when_par_set:
            close_company(game, company)

    def _company_for(self, sym: str) -> str | None:
        for company in self.game.companies:
            if self.game.president_corporation(company) == sym:
                return company
        return None


def cell_id(cell: Cell, row: int, column: int) -> str:
    """The 18xx.games id of a market cell (``67,2,3``)."""
    return f"{cell.price},{row},{column}"


def _par_cell(game: Game, action: dict[str, Any]) -> tuple[int, tuple[int, int]]:
    try:
        price, position = parse_price_id(str(action.get("share_price")))
    except ValueError:
        raise GameError("par", f"{action.get('share_price')!r} is not a share price") from None
    if not game.market.exists(*position) or game.market.cell(position).price != price:
        raise GameError("par", f"there is no market cell {price} at {position}")
    cell = game.market.cell(position)
    if not any(z.par and z.mark in cell.marks for z in game.title.market.zones.values()):
        raise GameError("par", f"{price} is not a par price")
    charter = game.title.corporations.get(str(action.get("corporation")))
    if charter is not None and charter.par_zones:
        own = {(r, c) for r, c, _ in game.title.market.par_cells_in(charter.par_zones)}
        if position not in own:
            zones = ", ".join(charter.par_zones)
            raise GameError("par", f"{action.get('corporation')} starts only at the par prices of {zones}")
    return price, position


@step("waterfall_auction")
class WaterfallAuction(Step):
    """Cheapest first; bids on later companies are settled when they come up."""

    description = (
        "Private companies are sold in order of value: buy the cheapest, "
        "bid on a later one, or pass; bids are resolved when a company becomes the cheapest."
    )
    rounds = ("auction",)
    STATE = ("bids", "resolving", "cheapest", "choosing", "passed_on_cheapest")

    def setup(self) -> None:
        if hasattr(self, "bids"):
            return
        self.bids: dict[str, list[list[Any]]] = {}
        self.resolving: str | None = None
        self.choosing: list[str] | None = None
        """``[player, company]``: the buyer of a company with ``choose_one_of`` choosing."""
        self.passed_on_cheapest: dict[str, str] = {}
        """``rules.auction.bid_elsewhere_passes``: the players who passed (``pass``) or bid
        on another company (``bid``) since the cheapest became the cheapest."""
        offered = self.offered()
        self.cheapest = offered[0] if offered else None

    @property
    def open(self) -> bool:
        return bool(self.offered()) or bool(getattr(self, "choosing", None))

    def offered(self) -> list[str]:
        """Unsold companies in the auction, cheapest first."""
        return _in_auction_order(self.game, unsold(self.game))

    def first_at_start(self, count: int) -> list[str]:
        """The ``count`` cheapest companies the auction offered at its start (those sold
        since included)."""
        game = self.game
        title = game.title
        at_start = [s for s, spec in title.companies.items() if spec.auction and game.setup.in_game(title, s)]
        return _in_auction_order(game, at_start)[:count]

    def price_of_first(self) -> int:
        first = self.offered()[0]
        return opening_price(self.game, first)

    def lowest_bidder(self) -> str | None:
        bids = self.bids.get(self.resolving or "", [])
        return min(bids, key=lambda b: b[1])[0] if bids else None

    def acting_entity(self) -> str | None:
        if self.choosing:
            return self.choosing[0]
        return self.lowest_bidder() if self.resolving else None

    def actions(self, entity: str) -> list[str]:
        if self.choosing:
            return ["bid"] if entity == self.choosing[0] else []
        if not self.offered():
            return []
        if self.resolving:
            if entity != self.lowest_bidder():
                return []
            return ["bid", "pass"] if self.settles(self._bids_without(entity), self.offered()) else ["bid"]
        return ["bid", "pass"] if entity == self.round.entity() else []

    def explain(self, action: dict[str, Any]) -> GameError | None:
        """Why the lowest bidder may not leave the auction being resolved: the company
        would go to a bidder who cannot pay for it."""
        player = entity_of(action)
        if action.get("type") != "pass" or not self.resolving or player != self.lowest_bidder():
            return None
        try:
            self.check_settlement(self._bids_without(player), self.offered())
        except GameError as error:
            return error
        return None

    def skip(self) -> None:
        """The auction is never skipped while companies are unsold."""
        if not self.offered() and not self.choosing:
            self.passed = True

    # -- bids ---------------------------------------------------------------

    def min_bid(self, company: str) -> int:
        increment = self.game.title.rules.auction.min_increment
        bids = self.bids.get(company, [])
        if bids:
            return int(max(b[1] for b in bids)) + increment
        return opening_price(self.game, company) + increment

    def committed(self, player: str, besides: str | None = None, bids: Bids | None = None) -> int:
        """The money ``player``'s bids tie up, but for any on ``besides``: every bid of
        theirs, or only those on which they are the highest bidder
        (``rules.auction.only_highest_bid_committed``). ``bids``: other bids than the
        step's own (a settlement being tried)."""
        only_highest = self.game.title.rules.auction.only_highest_bid_committed
        total = 0
        for company, these in (self.bids if bids is None else bids).items():
            if company == besides or not these:
                continue
            if only_highest:
                top = max(these, key=lambda b: b[1])
                total += top[1] if top[0] == player else 0
            else:
                total += sum(b[1] for b in these if b[0] == player)
        return total

    def max_bid(self, player: str, company: str, bids: Bids | None = None, cash: int | None = None) -> int:
        """The most ``player`` may bid on (or pay for) ``company``: their cash less the
        money their other bids tie up, plus their own bid on it when it is not already
        counted (as 18xx.games reckons it: with only the highest bids committed, a player
        outbid on a company may bid there their own earlier bid beyond their free cash —
        and is refused the company if it comes to them at a price they cannot pay)."""
        bids = self.bids if bids is None else bids
        cash = self.game.players_by_id[player].cash if cash is None else cash
        if not self.game.title.rules.auction.only_highest_bid_committed:
            return cash - self.committed(player, besides=company, bids=bids)
        own: int = next((b[1] for b in bids.get(company, []) if b[0] == player), 0)
        return cash - self.committed(player, bids=bids) + own

    def free_cash(self, player: str, company: str) -> int:
        """``player``'s cash less every bid of theirs on other companies than ``company``,
        highest or not: what they can surely pay, whatever happens to those bids."""
        others: int = sum(
            b[1] for c, bids in self.bids.items() if c != company for b in bids if b[0] == player
        )
        return self.game.players_by_id[player].cash - others

    def _bids_without(self, player: str) -> Bids:
        """The bids if ``player`` left the auction being resolved."""
        resolving = self.resolving or ""
        left = [b for b in self.bids.get(resolving, []) if b[0] != player]
        return {**self.bids, resolving: left}

    def settles(self, bids: Bids, companies: list[str], paid: tuple[str, int] | None = None) -> bool:
        """Whether :meth:`check_settlement` passes."""
        try:
            self.check_settlement(bids, companies, paid)
        except GameError:
            return False
        return True

    def check_settlement(self, bids: Bids, companies: list[str], paid: tuple[str, int] | None = None) -> None:
        """Raise unless every company of ``companies`` (in order) that ``bids`` would sell
        to a single bidder could be paid for, ``paid`` (a player and a sum) already paid:
        the settlement an action sets off must not fail half-way, or the action is
        refused, changing nothing (18xx.games refuses it so)."""
        bids = {c: [list(b) for b in these] for c, these in bids.items()}
        cash = {p.id: p.cash for p in self.game.humans}
        if paid is not None:
            cash[paid[0]] -= paid[1]
        for company in companies:
            these = bids.get(company, [])
            if len(these) != 1:
                return
            player, price = these[0]
            most = self.max_bid(player, company, bids, cash[player])
            if price > most:
                raise GameError(
                    "money",
                    f"{self.game.name(player)} has {most} to spend and cannot pay {price} for {company}",
                )
            cash[player] -= price
            bids.pop(company)

    def bid_step(self) -> int | None:
        """The step bids go up in above the lowest (``rules.auction.bids_in_multiples``)."""
        auction = self.game.title.rules.auction
        return auction.min_increment if auction.bids_in_multiples else None

    def choices_bid(self, player: str) -> list[Choice]:
        """Buying the cheapest company at its price, and bids on the later ones (or on the
        one being resolved) from the least to the most ``player`` may bid."""
        if self.choosing:
            spec = self.game.title.companies[self.choosing[1]]
            return [{"company": c, "price": 0} for c in spec.choose_one_of if self._choosable(c)]
        cash = self.game.players_by_id[player].cash
        offered = self.offered()
        companies = [self.resolving] if self.resolving else offered[1:]
        out = []
        first = self.price_of_first() if not self.resolving else None
        if (
            first is not None
            and first <= cash - self.committed(player)
            and self.settles(self.bids, offered[1:], (player, first))
        ):
            out.append({"company": offered[0], "price": first})
        for company in companies:
            out.extend(
                bid_range(self.min_bid(company), self.max_bid(player, company), self.bid_step(), company)
            )
        return out

    def process_bid(self, action: dict[str, Any]) -> None:
        game = self.game
        player = entity_of(action)
        company = str(action.get("company"))
        price = int(action.get("price", 0))
        if self.choosing:
            self._choose(player, company)
            return
        offered = self.offered()
        if company not in offered:
            raise GameError("auction", f"{company} is not for sale")
        cash = game.players_by_id[player].cash
        if self.resolving:
            if company != self.resolving:
                raise GameError("auction", f"the auction for {self.resolving} must be settled first")
            self._place_bid(player, company, price, cash)
            self._resolve()
            return
        if company == offered[0]:
            if price < self.price_of_first():
                raise GameError("auction", f"{company} costs {self.price_of_first()}")
            if price > cash - self.committed(player):
                raise GameError("money", f"{game.name(player)} cannot pay {price}")
            self.check_settlement(self.bids, offered[1:], (player, price))
            self.buy(player, company, price)
            self._settle_next()
        else:
            self._place_bid(player, company, price, cash)
            self.passed_on_cheapest[player] = "bid"
        game.players_by_id[player].passed = False
        self.round.next_entity()
        self._maybe_all_passed()

    def _choosable(self, company: str) -> bool:
        return self.game.companies[company].owner == BANK

    def _choose(self, player: str, company: str) -> None:
        """The buyer of a company with ``choose_one_of`` takes one of its choices; the
        company and the other choices leave the game, and the settling goes on."""
        game = self.game
        bought = self.choosing[1] if self.choosing else ""
        spec = game.title.companies[bought]
        if company not in spec.choose_one_of or not self._choosable(company):
            raise GameError("choose_one_of", f"{company} is not one of the companies {bought} offers")
        self.choosing = None
        give_company(game, company, player)
        game.log(f"{game.name(player)} chooses {company}")
        for other in (bought, *spec.choose_one_of):
            if other != company:
                close_company(game, other)
        self._settle_next()

    def _place_bid(self, player: str, company: str, price: int, cash: int) -> None:
        low = self.min_bid(company)
        if price < low:
            raise GameError("auction", f"a bid on {company} must be at least {low}")
        step = self.bid_step()
        if step and (price - low) % step:
            raise GameError("auction", f"a bid on {company} must be {low} plus a multiple of {step}")
        if price > self.max_bid(player, company):
            raise GameError(
                "money",
                f"{self.game.name(player)} has only {self.max_bid(player, company)} to bid with",
            )
        bids = [b for b in self.bids.get(company, []) if b[0] != player]
        bids.append([player, price])
        self.bids[company] = bids
        self.game.log(f"{self.game.name(player)} bids {price} for {company}")

    def process_pass(self, action: dict[str, Any]) -> None:
        game = self.game
        player = entity_of(action)
        if self.resolving:
            bids = self._bids_without(player)
            self.check_settlement(bids, self.offered())
            self.bids = bids
            game.log(f"{game.name(player)} leaves the auction for {self.resolving}")
            self._resolve()
            return
        game.players_by_id[player].passed = True
        game.log(f"{game.name(player)} passes")
        self.passed_on_cheapest[player] = "pass"
        if all(p.passed for p in game.humans):
            self._all_passed()
        self.round.next_entity()
        self._maybe_all_passed()

    def _maybe_all_passed(self) -> None:
        """``rules.auction.bid_elsewhere_passes``: every player has passed on the cheapest
        or bid on another company since it became the cheapest."""
        game = self.game
        if not game.title.rules.auction.bid_elsewhere_passes or self.resolving or self.choosing:
            return
        if not self.offered() or any(p.id not in self.passed_on_cheapest for p in game.humans):
            return
        self._all_passed()

    def _all_passed(self) -> None:
        game = self.game
        cheapest = self.cheapest
        auction = game.title.rules.auction
        if auction.cheapest == "left" and self.offered():
            cheapest = self.offered()[0]
        elif auction.cheapest_of > 1:
            first = self.first_at_start(auction.cheapest_of)
            cheapest = next((sym for sym in first if game.companies[sym].owner == BANK), None)
        if auction.unsold_cheapest == "removed" and self.offered():
            cheapest = self.offered()[0]
            for p in game.humans:
                p.passed = False
            if game.title.companies[cheapest].unsold_only_if_all_pass and any(
                self.passed_on_cheapest.get(p.id) != "pass" for p in game.humans
            ):
                return
            self.passed_on_cheapest = {}
            game.log(f"{cheapest} is removed (every player passed on it)")
            for gone in (cheapest, *game.title.companies[cheapest].choose_one_of):
                close_company(game, gone)
            self._settle_next()
            return
        if cheapest is not None and game.companies[cheapest].owner == BANK:
            company = game.companies[cheapest]
            company.discount += game.title.rules.auction.min_increment
            price = opening_price(game, cheapest)
            game.log(f"{cheapest} now costs {max(price, 0)}")
            if price <= 0:
                # The player after the last to pass takes it for nothing; the turn then
                # goes on from them (reference §4.2).
                self.round.next_entity()
                self.buy(self.round.turn_of(), cheapest, 0)
                self._settle_next()
        else:
            # a set of operating rounds in miniature, as 18xx.games plays it: the
            # companies pay, and the set's end exports a train if the title says so
            operating.pay_company_revenue(game)
            trains.export(game)
        for p in game.humans:
            p.passed = False

    # -- selling ------------------------------------------------------------

    def buy(self, player: str, company: str, price: int) -> None:
        game = self.game
        finance.pay(game, player, BANK, price)
        self.bids.pop(company, None)
        self.passed_on_cheapest = {}
        if game.title.companies[company].choose_one_of:
            # the company is paid for; its buyer takes one of its choices instead
            game.companies[company].owner = player
            self.choosing = [player, company]
            game.log(f"{game.name(player)} buys {company} for {price}")
            return
        give_company(game, company, player)
        game.log(f"{game.name(player)} buys {company} for {price}")

    def _settle_next(self) -> None:
        """Sell the next companies that have bids, until one has none or needs an auction
        (or its buyer is to choose among its ``choose_one_of``)."""
        while self.offered() and not self.choosing:
            company = self.offered()[0]
            bids = self.bids.get(company, [])
            if not bids:
                return
            if len(bids) == 1:
                player, price = bids[0]
                self.buy(player, company, price)
                continue
            self.resolving = company
            return

    def _resolve(self) -> None:
        company = self.resolving
        bids = self.bids.get(company, []) if company is not None else []
        if len(bids) > 1:
            return
        self.resolving = None
        if bids and company is not None:
            self.buy(bids[0][0], company, bids[0][1])
        self._settle_next()


def opening_price(game: Game, company: str) -> int:
    """What a company costs in the initial round before any bid: its ``price`` (or its
    value) less the discount it has gathered while nobody bought it."""
    spec = game.title.companies[company]
    return (spec.price if spec.price is not None else spec.value) - game.companies[company].discount


def _in_auction_order(game: Game, syms: list[str]) -> list[str]:
    """``syms`` as the auction offers them: cheapest first, without the companies a
    buyer chooses among (``choose_one_of``)."""
    choices = {c for spec in game.title.companies.values() for c in spec.choose_one_of}
    return sorted((s for s in syms if s not in choices), key=lambda sym: game.title.companies[sym].value)


def unsold(game: Game) -> list[str]:
    """The companies of the initial auction (``auction``) the bank still holds, in the
    title's order."""
    return [
        sym
        for sym, spec in game.title.companies.items()
        if spec.auction and game.companies[sym].owner == BANK
    ]


def bid_range(low: int, high: int, by: int | None, company: str, field: str = "company") -> list[Choice]:
    """A bid on ``company`` (named in ``field``: a corporation's in ``corporation``) from
    ``low`` to ``high`` (the last ``low`` plus a multiple of ``by``, with a ``step`` when
    bids go up in multiples); none when ``high`` is below ``low``."""
    if high < low:
        return []
    if by is None:
        return [{field: company, "price": low, "max": high}]
    return [{field: company, "price": low, "max": low + (high - low) // by * by, "step": by}]


def check_bid(
    game: Game, player: str, company: str, up: str | None, least: Callable[[], int], price: int
) -> None:
    """Refuse a bid of ``price`` by ``player`` on ``company`` unless it is the company
    ``up``, at least its ``least`` bid (plus a multiple of the increment, where bids go up
    so) and within the player's cash: a bid in an auction of one company at a time."""
    if company != up:
        raise GameError("auction", f"{company} is not up for auction; {up} is")
    check_least(game, "auction", company, least(), price)
    cash = game.players_by_id[player].cash
    if price > cash:
        raise GameError("money", f"{game.name(player)} has only {cash} to bid with")


def check_least(game: Game, rule: str, target: str, low: int, price: int) -> None:
    """Refuse (naming ``rule``) a bid of ``price`` on ``target`` below its least bid
    ``low``, or off the increments where bids go up in multiples of it
    (``rules.auction.bids_in_multiples``)."""
    if price < low:
        raise GameError(rule, f"a bid on {target} must be at least {low}")
    auction = game.title.rules.auction
    if auction.bids_in_multiples and (price - low) % auction.min_increment:
        raise GameError(rule, f"a bid on {target} must be {low} plus a multiple of {auction.min_increment}")


def give_company(game: Game, company: str, player: str) -> None:
    """A player gets a company from the bank, with what comes with it."""
    game.companies[company].owner = player
    spec = game.title.companies[company]
    for extra in spec.comes_with:
        if game.companies[extra].owner == BANK:
            game.companies[extra].owner = player
    for ability in spec.abilities:
        if not operating.works(game, company, ability):
            continue
        if isinstance(ability, Shares) and ability.president:
            pending = game.president_corporation(company)
            if pending is not None:
                par = game.current_round.step("company_pending_par")
                if not isinstance(par, CompanyPendingPar):
                    raise RuntimeError(f"{company} makes a president, but no company_pending_par step")
                par.pending.append([player, pending])
        elif isinstance(ability, Shares):
            drawn = game.shares_corporation(company, ability)
            if drawn is None:
                continue
            corp = game.corporations[drawn]
            share = next((s for s in corp.shares if not s.president and s.owner == corp.issuer), None)
            if share is not None:
                finance.move_share(game, share, player)
                game.log(
                    f"{game.name(player)} receives a {share.percent}% share of {corp.sym} with {company}"
                )
                shares.check_float(game, corp)
        elif isinstance(ability, ControlsMinor):
            minor = game.minors[ability.minor]
            minor.owner = player
            minor.floated = True
            if ability.cash:
                finance.pay(game, BANK, minor.sym, ability.cash)
