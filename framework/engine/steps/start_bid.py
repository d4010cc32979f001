"""Starting a corporation by a bid in a stock turn (``started_by: bid``,
``rules.stock.start_bid``), as 18xx.games' ``BuySellParSharesViaBid`` plays it.

Instead of the turn's purchase, the player whose turn it is bids at least
``min_bid`` on a corporation started by bid (1867's minors). Its home station goes
down at once where stations go down at par (``tokens.home: par``), chosen by it when
it has no fixed home. Every player who could pay more joins the auction (the opener
always); from the player after the highest bidder in seat order, each outbids by
``auction.min_increment`` at least or passes and leaves it, as does a player who
cannot pay the next least bid. The last bidder left wins: they get the president's
certificate, the corporation starts at the highest of its par prices (``par_zones``)
at most half the bid (and at most ``max_par``), and the whole bid goes to its
treasury. The turn then passes to the player after the winner (``turn_after:
winner``) or after the opener (``opener``), whose turn counts as a purchase.

>>> from framework.engine.steps.start_bid import par_for_bid
>>> par_for_bid([100, 90, 80, 70, 60, 50, 45, 40], 110, 135)
50
>>> par_for_bid([100, 90, 80, 70, 60, 50, 45, 40], 400, 80)
80
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from framework.base.errors import GameError
from framework.engine import finance, par_rules, shares, tokens
from framework.engine.steps.auction import bid_range, check_least
from framework.engine.steps.base import Choice, RoundState, Step, entity_of
from framework.engine.steps.stock_turn import ACTED, LAST_ACTOR, LAST_BUYER, PARRED

if TYPE_CHECKING:
    from framework.title.rules import StartBid

START_AUCTION = RoundState(
    "start_auction",
    None,
    "The auction of a corporation started by a bid (``rules.stock.start_bid``), while it "
    "lasts: ``corporation``, its ``opener``, the ``bidders`` still in it (seat order) and "
    "their ``bids`` (``[player, price]``).",
)


def par_for_bid(prices: list[int], bid: int, max_par: int | None) -> int | None:
    """The highest of ``prices`` at most half ``bid`` (and at most ``max_par``)."""
    limit = bid // 2 if max_par is None else min(bid // 2, max_par)
    fitting = [p for p in prices if p <= limit]
    return max(fitting) if fitting else None


class StartAuction(Step):
    """The stock step's auctions of corporations started by a bid (a base of
    ``buy_sell_par_shares``, not a step of the library itself)."""

    rounds = ("stock",)
    ROUND_STATE: ClassVar[tuple[RoundState, ...]] = (PARRED, ACTED, LAST_BUYER, LAST_ACTOR, START_AUCTION)

    # -- the rule -------------------------------------------------------------

    def start_bid_rule(self) -> StartBid | None:
        return self.game.title.rules.stock.start_bid

    def auction(self) -> dict[str, Any] | None:
        return getattr(self.round, "start_auction", None)

    def bidder_to_act(self) -> str | None:
        """The bidder after the highest in seat order, while an auction is on."""
        auction = self.auction()
        if auction is None or not auction["bidders"]:
            return None
        bidders = auction["bidders"]
        best = max(auction["bids"], key=lambda b: b[1])[0]
        return str(bidders[(bidders.index(best) + 1) % len(bidders)])

    def least_bid(self) -> int:
        """The least bid now: ``min_bid`` to open, the highest bid and an increment after."""
        auction, rule = self.auction(), self.start_bid_rule()
        assert rule is not None
        if auction is None:
            return rule.min_bid
        return int(max(b[1] for b in auction["bids"])) + self.game.title.rules.auction.min_increment

    def most_bid(self, player: str, sym: str) -> int:
        """All the player's cash, or nothing when they could not hold one more certificate
        of ``sym``."""
        game = self.game
        if finance.counts_for_limit(game, game.corporations[sym]) and (
            finance.certificate_count(game, player) >= finance.certificate_limit(game)
        ):
            return 0
        return game.players_by_id[player].cash

    def par_cell(self, sym: str, bid: int) -> tuple[int, int, int] | None:
        """``(row, column, price)`` of the par a winning ``bid`` on ``sym`` sets: the
        first cell of the highest of its par prices at most half the bid (and
        ``max_par``); ``None`` when the bid buys none."""
        rule = self.start_bid_rule()
        assert rule is not None
        cells = self.game.title.market.par_cells_in(self.game.title.corporations[sym].par_zones)
        price = par_for_bid([cell.price for _, _, cell in cells], bid, rule.max_par)
        return next(((r, c, cell.price) for r, c, cell in cells if cell.price == price), None)

    def biddable(self, player: str) -> list[str]:
        """The corporations ``player`` may open an auction for now."""
        game = self.game
        if self.start_bid_rule() is None:
            return []
        low = self.least_bid()
        return [
            sym
            for sym in game.corporations
            if game.title.corporations[sym].started_by == "bid"
            and par_rules.refusal(game, sym, by="bid") is None
            and self.most_bid(player, sym) >= low
        ]

    # -- what is offered --------------------------------------------------------

    def auction_actions(self, entity: str) -> list[str] | None:
        """``bid`` and ``pass`` for the bidder to act while an auction is on (nothing for
        anybody else); ``None`` when no auction is on."""
        if self.auction() is None:
            return None
        return ["bid", "pass"] if entity == self.bidder_to_act() else []

    def choices_bid(self, player: str) -> list[Choice]:
        """A bid on the corporation up, or an opening bid on each one that may be started
        by a bid, from the least to all the player's cash."""
        auction = self.auction()
        syms = [auction["corporation"]] if auction is not None else self.biddable(player)
        low = self.least_bid()
        rules = self.game.title.rules.auction
        by = rules.min_increment if rules.bids_in_multiples else None
        out = []
        for sym in syms:
            out += bid_range(low, self.most_bid(player, sym), by, sym, "corporation")
        return out

    # -- bids and passes ------------------------------------------------------------

    def check_start_bid(self, player: str, sym: str, price: int) -> None:
        game, auction = self.game, self.auction()
        if auction is None:
            refused = (
                par_rules.refusal(game, sym, by="bid") if sym in game.corporations else "no such corporation"
            )
            if refused is not None:
                raise GameError("start by bid", f"{game.name(player)} cannot bid on {sym}: {refused}")
        elif sym != auction["corporation"]:
            raise GameError("start by bid", f"{sym} is not up for auction; {auction['corporation']} is")
        check_least(game, "start by bid", sym, self.least_bid(), price)
        if self.par_cell(sym, price) is None:
            raise GameError("start by bid", f"a bid of {price} buys no par price of {sym}")
        high = self.most_bid(player, sym)
        if price > high:
            why = "is at the certificate limit" if high == 0 else f"has only {high}"
            raise GameError("money", f"{game.name(player)} {why} and cannot bid {price}")

    def process_start_bid(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player, sym = entity_of(action), str(action.get("corporation"))
        price = int(action.get("price", 0))
        self.check_start_bid(player, sym, price)
        auction = self.auction()
        if auction is None:
            game.log(f"{game.name(player)} opens an auction for {sym} with a bid of {price}")
            auction = {"corporation": sym, "opener": player, "bidders": [], "bids": []}
            rnd.start_auction = auction
            auction["bids"] = [[player, price]]
            self._place_home(sym)
            low = self.least_bid()
            bidders = []
            for other in rnd.entities:
                if other == player or self.most_bid(other, sym) >= low:
                    bidders.append(other)
                else:
                    game.log(f"{game.name(other)} cannot bid {low} and is out of the auction for {sym}")
            auction["bidders"] = bidders
        else:
            game.log(f"{game.name(player)} bids {price} for {sym}")
            auction["bids"] = [b for b in auction["bids"] if b[0] != player] + [[player, price]]
            low = self.least_bid()
            for other in [p for p in auction["bidders"] if p != player and self.most_bid(p, sym) < low]:
                game.log(f"{game.name(other)} cannot bid {low} and is out of the auction for {sym}")
                self._leave(other)
        self._resolve()

    def pass_start_bid(self, player: str) -> None:
        auction = self.auction()
        assert auction is not None
        self.game.log(f"{self.game.name(player)} passes on {auction['corporation']}")
        self._leave(player)
        self._resolve()

    def _leave(self, player: str) -> None:
        auction = self.auction()
        assert auction is not None
        auction["bidders"] = [p for p in auction["bidders"] if p != player]
        auction["bids"] = [b for b in auction["bids"] if b[0] != player]

    def _place_home(self, sym: str) -> None:
        """Its home station goes down as the auction opens, where homes go down at par."""
        game = self.game
        tokens.home_at(game, sym, "par")
        if self.round.step("home_token") is not None:
            tokens.choose_home_now(game, self.round, sym)

    def _resolve(self) -> None:
        """The last bidder left wins."""
        auction = self.auction()
        assert auction is not None
        if len(auction["bidders"]) != 1 or not auction["bids"]:
            return
        winner, price = auction["bids"][0]
        self.round.start_auction = None
        self._start(winner, auction["corporation"], int(price), auction["opener"])

    def _start(self, winner: str, sym: str, bid: int, opener: str) -> None:
        game, rnd = self.game, self.round
        rule = self.start_bid_rule()
        assert rule is not None
        corp = game.corporations[sym]
        found = self.par_cell(sym, bid)
        assert found is not None, "every bid taken buys a par price (check_start_bid)"
        r, c, price = found
        corp.par = price
        game.market.place(sym, (r, c))
        finance.pay(game, winner, sym, bid)
        finance.move_share(game, next(s for s in corp.shares if s.president), winner)
        game.log(f"{game.name(winner)} wins the auction for {sym} with {bid}: it starts at {price}")
        par_rules.started(game)
        shares.check_float(game, corp)
        actor = winner if rule.turn_after == "winner" else opener
        rnd.index = rnd.entities.index(actor)
        rnd.parred = True
        rnd.acted = True
        rnd.last_buyer = winner
        rnd.last_actor = winner
        self.end_turn_after_start()

    def end_turn_after_start(self) -> None:
        """The turn of the player the rule names ends, as after a purchase."""
        raise NotImplementedError
