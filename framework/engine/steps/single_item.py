"""The single-item auction: the companies go up one at a time, cheapest first.

As 18xx.games' ``SingleItemAuction`` plays it (1867, 1861, 1812, 1807; 18 Royal Gorge's
removes what nobody buys). The cheapest unsold company is up (companies of one value in
the title's order), its least bid its value less any discount; the players who can pay
it, from the one whose turn it is, bid or pass in turn. Before anybody bids, a pass only
declines the company: the player stays in its auction and may bid once another has.
After a bid a pass leaves the auction, as does a player who cannot pay the least bid
then; the last bidder left buys the company at their bid, and the next company goes up
from the player after them. When every player has declined it (``rules.auction``'s
``unsold_cheapest``): ``discount``, it gets ``min_increment`` cheaper and the first bid
buys it at that price (all passing again makes it cheaper still, and at nothing the
first player takes it free); ``removed``, it leaves the game and the next company goes up.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["single_item_auction"].rounds
('auction',)
"""

from __future__ import annotations

from typing import Any

from framework.engine import finance
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK
from framework.engine.steps.auction import bid_range, check_bid, give_company, opening_price, unsold
from framework.engine.steps.base import Choice, Step, entity_of, step


@step("single_item_auction")
class SingleItemAuction(Step):
    """Each company in turn, cheapest first, auctioned among the players who can pay it."""

    description = (
        "The companies go up for auction one at a time, cheapest first: a pass before any bid "
        "declines; when everybody declines, the company gets cheaper and the first bid buys it "
        "(or it is removed: ``rules.auction.unsold_cheapest``)."
    )
    rounds = ("auction",)
    STATE = ("up", "bidders", "bids", "declined", "reduced")

    def setup(self) -> None:
        if hasattr(self, "bids"):
            return
        self.up: str | None = None
        """The company up for auction."""
        self.bidders: list[str] = []
        """The players still in its auction, in turn order."""
        self.bids: list[list[Any]] = []
        """Its bids: ``[player, price]``, at most one a player."""
        self.declined: list[str] = []
        """The players who passed on it before any bid (still in its auction)."""
        self.reduced = False
        """Everybody declined it: it is cheaper now, and the first bid buys it."""

    def begin(self) -> None:
        """The cheapest company goes up as the round starts."""
        if self.up is None and self.offered():
            self.open_auction(self.offered()[0])

    @property
    def open(self) -> bool:
        return bool(self.offered())

    def offered(self) -> list[str]:
        """The unsold companies of the auction, cheapest first (the title's order among
        companies of one value)."""
        companies = self.game.title.companies
        return sorted(unsold(self.game), key=lambda sym: companies[sym].value)

    # -- whose turn ---------------------------------------------------------

    def acting_entity(self) -> str | None:
        if self.up is None or not self.bidders:
            return None
        if self.bids:
            best = max(self.bids, key=lambda b: b[1])[0]
            return self.bidders[(self.bidders.index(best) + 1) % len(self.bidders)]
        return next((p for p in self.bidders if p not in self.declined), None)

    def actions(self, entity: str) -> list[str]:
        return ["bid", "pass"] if self.up is not None and entity == self.acting_entity() else []

    def skip(self) -> None:
        """The auction is never skipped while companies are unsold."""
        if not self.offered():
            self.passed = True

    # -- bids ---------------------------------------------------------------

    def min_bid(self) -> int:
        assert self.up is not None
        if self.reduced or not self.bids:
            return opening_price(self.game, self.up)
        return int(max(b[1] for b in self.bids)) + self.game.title.rules.auction.min_increment

    def cash(self, player: str) -> int:
        return self.game.players_by_id[player].cash

    def choices_bid(self, player: str) -> list[Choice]:
        """A bid on the company up, from the least to all the player's cash."""
        if self.up is None:
            return []
        auction = self.game.title.rules.auction
        by = auction.min_increment if auction.bids_in_multiples else None
        return bid_range(self.min_bid(), self.cash(player), by, self.up)

    def process_bid(self, action: dict[str, Any]) -> None:
        player, company, price = entity_of(action), str(action.get("company")), int(action.get("price", 0))
        check_bid(self.game, player, company, self.up, self.min_bid, price)
        self.declined = []
        if self.reduced:
            self.bidders = [player]  # the first bid at the reduced price buys it
        self.bids = [b for b in self.bids if b[0] != player] + [[player, price]]
        self.game.log(f"{self.game.name(player)} bids {price} for {company}")
        low = self.min_bid()
        for other in [p for p in self.bidders if p != player and self.cash(p) < low]:
            self.game.log(f"{self.game.name(other)} cannot bid {low} and is out of the auction for {company}")
            self.leave(other)
        self.resolve()

    def process_pass(self, action: dict[str, Any]) -> None:
        player = entity_of(action)
        if self.bids or self.reduced:
            self.game.log(f"{self.game.name(player)} passes on {self.up}")
            self.leave(player)
            self.resolve()
            return
        self.game.log(f"{self.game.name(player)} declines to bid on {self.up}")
        self.declined.append(player)
        if len(self.declined) == len(self.bidders):
            self.declined = []
            self.unsold()

    def leave(self, player: str) -> None:
        self.bidders = [p for p in self.bidders if p != player]
        self.bids = [b for b in self.bids if b[0] != player]

    # -- settling -------------------------------------------------------------

    def open_auction(self, company: str, reduced: bool = False) -> None:
        """Put ``company`` up among every player, from the one whose turn it is, who can
        pay its least bid; at nothing (reduced), the first of them takes it free."""
        self.up, self.bids, self.declined, self.reduced = company, [], [], reduced
        low = self.min_bid()
        rnd = self.round
        turn = rnd.entities[rnd.index :] + rnd.entities[: rnd.index]
        self.bidders = [p for p in dict.fromkeys(turn) if self.cash(p) >= low]
        for player in dict.fromkeys(turn):
            if player not in self.bidders:
                self.game.log(
                    f"{self.game.name(player)} cannot bid {low} and is out of the auction for {company}"
                )
        if reduced and low <= 0 and self.bidders:
            self.bidders, self.bids = self.bidders[:1], [[self.bidders[0], 0]]
        self.resolve()

    def unsold(self) -> None:
        """Everybody declined the company up: cheaper, or removed."""
        game, company = self.game, self.up
        assert company is not None
        if game.title.rules.auction.unsold_cheapest == "removed":
            game.log(f"{company} is removed")
            self.up = None
            close_company(game, company)
            self._next()
            return
        self._cheaper(company, "bid on")
        self.reduced = True

    def _cheaper(self, company: str, what: str) -> None:
        game = self.game
        game.companies[company].discount += game.title.rules.auction.min_increment
        game.log(f"Nobody {what} {company}: it now costs {max(opening_price(game, company), 0)}")

    def resolve(self) -> None:
        """Sell the company up when one bidder is left with a bid; when nobody is left,
        it is unsold again and goes up cheaper."""
        if self.up is None:
            return
        company = self.up
        if not self.bidders:
            if self.game.title.rules.auction.unsold_cheapest == "removed":
                self.unsold()
                return
            self._cheaper(company, "bought")
            self.open_auction(company, reduced=True)
            return
        if len(self.bidders) != 1 or not self.bids:
            return
        player, price = self.bids[0]
        self.up, self.bids, self.bidders = None, [], []
        finance.pay(self.game, player, BANK, price)
        give_company(self.game, company, player)
        self.game.log(f"{self.game.name(player)} wins the auction for {company} with a bid of {price}")
        rnd = self.round
        rnd.index = (rnd.entities.index(player) + 1) % len(rnd.entities)
        self._next()

    def _next(self) -> None:
        """The next company goes up (from the round's player in turn), if any is left."""
        for p in self.game.humans:
            p.passed = False
        left = self.offered()
        if left:
            self.open_auction(left[0])
