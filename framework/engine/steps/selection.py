"""The selection auction: the companies go up for auction one at a time, in order.

As 18xx.games' ``SelectionAuction`` plays it (1844, 18PA; 1837's and 1880's start
packets are variations of it). The first unsold company is up. The players still in the
auction, from the one whose turn it is, bid or pass in turn; a bid is at least the
company's value (less any discount) or the best bid plus ``rules.auction.min_increment``,
and at most the bidder's cash. A player who passes, or who cannot pay the least bid, is
out of this company's auction. When one bidder is left it buys the company at its bid,
and the turn goes to the player after the one who opened that auction; a player who can
pay for none of the companies left passes at once. When everybody passes on a company
nobody bid for, the first company of the auction gets ``min_increment`` cheaper and goes
up again (at nothing it goes to the next player free) — or, once it is sold, the
companies pay their revenue (a set of operating rounds in miniature) and the next
company goes up.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["selection_auction"].rounds
('auction',)
"""

from __future__ import annotations

from typing import Any

from framework.engine import finance, operating, trains
from framework.engine.entities import BANK
from framework.engine.steps.auction import bid_range, check_bid, give_company, opening_price, unsold
from framework.engine.steps.base import Choice, Step, entity_of, step


@step("selection_auction")
class SelectionAuction(Step):
    """Each company in turn goes up for auction among the players."""

    description = (
        "The companies go up for auction one at a time, in the title's order: the players "
        "bid in turn or pass out; the last bidder buys it."
    )
    rounds = ("auction",)
    STATE = ("up", "bidders", "bids", "opener", "first")

    def setup(self) -> None:
        if hasattr(self, "bids"):
            return
        self.up: str | None = None
        """The company up for auction."""
        self.bidders: list[str] = []
        """The players still in its auction, in turn order."""
        self.bids: list[list[Any]] = []
        """Its bids: ``[player, price]``, at most one a player."""
        self.opener: str | None = None
        """The player whose turn opened the auction: the turn goes on after them."""
        offered = self.offered()
        self.first: str | None = offered[0] if offered else None
        """The first company of the auction, which gets cheaper while nobody buys it."""

    def begin(self) -> None:
        """The first company goes up as the round starts."""
        if self.up is None and self.offered():
            self.open_auction(self.offered()[0])
            self.opener = self.acting_entity()

    @property
    def open(self) -> bool:
        return bool(self.offered())

    def offered(self) -> list[str]:
        """Unsold companies in the auction, in the title's order."""
        return unsold(self.game)

    # -- whose turn ---------------------------------------------------------

    def acting_entity(self) -> str | None:
        if self.up is None or not self.bidders:
            return None
        if self.bids:
            best = max(self.bids, key=lambda b: b[1])[0]
            if best in self.bidders:
                return self.bidders[(self.bidders.index(best) + 1) % len(self.bidders)]
        return self.bidders[0]

    def actions(self, entity: str) -> list[str]:
        return ["bid", "pass"] if self.up is not None and entity == self.acting_entity() else []

    def skip(self) -> None:
        """The auction is never skipped while companies are unsold."""
        if not self.offered():
            self.passed = True

    # -- bids ---------------------------------------------------------------

    def price(self, company: str) -> int:
        """A company's least first bid: its value less its discount."""
        return opening_price(self.game, company)

    def min_bid(self) -> int:
        assert self.up is not None
        if not self.bids:
            return self.price(self.up)
        return int(max(b[1] for b in self.bids)) + self.game.title.rules.auction.min_increment

    def cash(self, player: str) -> int:
        return self.game.players_by_id[player].cash

    def choices_bid(self, player: str) -> list[Choice]:
        """A bid on the company up, from the least to all the player's cash."""
        if self.up is None:
            return []
        auction = self.game.title.rules.auction
        return bid_range(
            self.min_bid(),
            self.cash(player),
            auction.min_increment if auction.bids_in_multiples else None,
            self.up,
        )

    def process_bid(self, action: dict[str, Any]) -> None:
        player, company, price = entity_of(action), str(action.get("company")), int(action.get("price", 0))
        check_bid(self.game, player, company, self.up, self.min_bid, price)
        self.game.players_by_id[player].passed = False
        self.bids = [b for b in self.bids if b[0] != player] + [[player, price]]
        self.game.log(f"{self.game.name(player)} bids {price} for {company}")
        if len(self.bidders) > 1:
            low = self.min_bid()
            for other in [p for p in self.bidders if p != player and self.cash(p) < low]:
                self.game.log(
                    f"{self.game.name(other)} cannot bid {low} and is out of the auction for {company}"
                )
                self.leave(other)
        self.resolve()

    def process_pass(self, action: dict[str, Any]) -> None:
        player = entity_of(action)
        self.game.log(f"{self.game.name(player)} passes on {self.up}")
        self.leave(player)
        self.resolve()

    def leave(self, player: str) -> None:
        self.bidders = [p for p in self.bidders if p != player]
        self.bids = [b for b in self.bids if b[0] != player]

    # -- settling -------------------------------------------------------------

    def open_auction(self, company: str) -> None:
        """Put ``company`` up: every player from the one whose turn it is, but those who
        cannot pay its least bid (the opener is always in)."""
        self.up, self.bids = company, []
        low = self.min_bid()
        rnd = self.round
        turn = rnd.entities[rnd.index :] + rnd.entities[: rnd.index]
        self.bidders = [p for p in turn if p == self.opener or self.cash(p) >= low]
        for player in turn:
            if player not in self.bidders:
                self.game.log(
                    f"{self.game.name(player)} cannot bid {low} and is out of the auction for {company}"
                )
        self.resolve()

    def resolve(self) -> None:
        """Sell the company up when one bidder is left with a bid; when nobody is left and
        nobody bid, everybody has passed."""
        if self.up is None:
            return
        if not self.bidders and not self.bids:
            self.all_passed()
            return
        if len(self.bidders) != 1 or not self.bids:
            return
        player, price = self.bids[0]
        company = self.up
        self.up, self.bids, self.bidders = None, [], []
        finance.pay(self.game, player, BANK, price)
        give_company(self.game, company, player)
        self.game.log(f"{self.game.name(player)} wins the auction for {company} with a bid of {price}")
        self.after_sale()

    def after_sale(self) -> None:
        """The turn goes on after the opener: players who can pay for no company left pass."""
        game, rnd = self.game, self.round
        for p in game.humans:
            p.passed = False
        if self.opener in rnd.entities:
            rnd.index = rnd.entities.index(self.opener)
        left = self.offered()
        for _ in rnd.entities:
            rnd.next_entity()
            player = game.players_by_id[rnd.turn_of()]
            if any(self.cash(player.id) >= self.price(c) for c in left):
                break
            game.log(f"{game.name(player.id)} has no valid actions and passes")
            player.passed = True
            if all(p.passed for p in game.humans):
                break
        self.opener = rnd.entity()
        if left:
            self.open_auction(left[0])

    def all_passed(self) -> None:
        """Nobody bid: the first company of the auction gets cheaper and goes up again (at
        nothing, to the next player), or, once it is sold, the companies pay and the next
        one goes up."""
        game, rnd = self.game, self.round
        first = self.first
        if first is not None and game.companies[first].owner == BANK:
            game.companies[first].discount += game.title.rules.auction.min_increment
            price = self.price(first)
            game.log(f"{first} now costs {max(price, 0)}")
            self.open_auction(first)
            if price <= 0 and self.up == first:
                rnd.next_entity()
                self.bidders, self.bids = [rnd.turn_of()], [[rnd.turn_of(), 0]]
                self.resolve()
        else:
            operating.pay_company_revenue(game)
            trains.export(game)
            left = self.offered()
            if left:
                self.open_auction(left[0])
        for p in game.humans:
            p.passed = False
