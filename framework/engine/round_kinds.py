"""The kinds of round: the private auction, stock rounds and operating rounds."""

from __future__ import annotations

from typing import Any

from framework.engine import operating, purchases, tokens, trains
from framework.engine.entities import POOL
from framework.engine.rounds import Round


class AuctionRound(Round):
    """Players in seat order; the auction step moves the turn itself."""

    kind = "auction"

    def start(self) -> None:
        humans = [p.id for p in self.game.humans]
        self.entities = humans[self.game.priority :] + humans[: self.game.priority]
        self.index = 0
        self.skip_steps()

    def after_process(self, action: dict[str, Any]) -> None:
        """The auction step decides who acts next."""

    def next_entity(self) -> None:
        self.index = (self.index + 1) % len(self.entities)

    def finished(self) -> bool:
        return all(not s.blocking() and not getattr(s, "open", False) for s in self.steps)

    def finish(self) -> None:
        players = [p.id for p in self.game.humans]
        self.game.priority = players.index(self.entities[self.index])
        self.game.log_round_end(self.game.round_label())


class StockRound(Round):
    """Players in priority order, passing round the table until all have passed."""

    kind = "stock"

    STATE = (
        "entities",
        "index",
        "sold",
        "bought",
        "bought_from",
        "parred",
        "last_actor",
        "acted",
        "sold_first",
        "last_buyer",
        "sold_turn",
    )

    def start(self) -> None:
        game = self.game
        game.round_number += 1
        humans = [p.id for p in game.humans]
        self.entities = humans[game.priority :] + humans[: game.priority]
        self.index = 0
        self.sold: dict[str, list[str]] = {}
        """Corporations each player sold this round (they may not buy them back)."""
        self.bought: list[str] = []
        """What was bought this turn: corporations, for their shares (several only in a
        multiple-buy zone), and ``company <sym>`` for a company bought from a player."""
        self.bought_from: list[str] = []
        """Where each of them came from: ``ipo`` (the initial offering or the treasury)
        or ``pool``."""
        self.parred = False
        """The current player started a corporation this turn."""
        self.last_actor: str | None = None
        self.last_buyer: str | None = None
        """The last player to buy a share or start a corporation this round."""
        self.sold_first = False
        """The current player sold this turn before buying or starting a corporation."""
        self.sold_turn: list[str] = []
        """The corporations the current player sold this turn (``stock.sell_in_blocks``)."""
        self.acted = False
        """The current player has bought, sold or started a corporation this turn."""
        for player in game.humans:
            player.passed = False
        game.log(f"Stock round {game.turn}")
        self.begin_turn()

    def begin_turn(self) -> None:
        self.bought = []
        self.bought_from = []
        self.sold_turn = []
        self.parred = False
        self.acted = False
        self.sold_first = False
        self.reset_steps()
        self.skip_steps()
        if self.active_step() is None and not self.finished():
            self.game.players_by_id[self.entity()].passed = True
            self.next_entity()

    def next_entity(self) -> None:
        if self.finished():
            return
        self.index = (self.index + 1) % len(self.entities)
        self.begin_turn()

    def finished(self) -> bool:
        return all(p.passed for p in self.game.humans) and self.active_step() is None

    def finish(self) -> None:
        game = self.game
        players = [p.id for p in game.humans]
        last = self.entities[self.index]
        if game.title.rules.stock.priority == "after_last_to_buy" and self.last_buyer is not None:
            last = self.last_buyer
        game.priority = (players.index(last) + 1) % len(players)
        move = game.title.rules.stock.sold_out_move
        if move != "none":
            floated = [c.sym for c in game.corporations.values() if c.floated and not c.closed and not c.bot]
            for sym in game.market.in_order(floated):
                corp = game.corporations[sym]
                if _sold_out(game, corp):
                    start, end = game.market.move(sym, [move])
                    if start != end:
                        game.log(f"{sym} is sold out and rises to {game.market.price(sym)}")
        game.log_round_end(game.round_label())


def _sold_out(game, corp) -> bool:
    """Whether a floated corporation is sold out (``rules.stock.sold_out``)."""
    if game.title.rules.stock.sold_out == "none_in_pool":
        return not any(s.owner == POOL for s in corp.shares)
    return all(s.owner in game.players_by_id for s in corp.shares)


class OperatingRound(Round):
    """Minors first, then corporations by descending share price at the start of the round
    (those yet to operate re-sorted after an emergency sale or a bankruptcy), then the
    virtual player's."""

    kind = "operating"

    STATE = (
        "entities",
        "index",
        "revenue",
        "laid",
        "improved",
        "token_placed",
        "bought_early",
        "emergency_sold",
        "pending_home",
        "home_chooser",
        "sold_company",
        "operator_acted",
        "teleported",
    )

    def start(self) -> None:
        game = self.game
        self.revenue = 0
        self.teleported: str | None = None
        """A company whose teleport tile was just laid, to place its token (or pass)."""
        self.pending_home: str | None = None
        """A company whose home token was lifted by a tile laid in its home hex, to be put
        back in the city of its choice (``home.city: choose``)."""
        self.home_chooser: str | None = None
        """Who puts that token back (``rules.tokens.home_choice``)."""
        self.operator_acted = False
        """The operating entity (or a company it owns) has acted in its turn."""
        self.emergency_sold: list[str] = []
        """Corporations whose shares the operator's president sold this turn to raise money
        (``stock.sell_in_blocks``)."""
        self.sold_company: list[str] | None = None
        """``[company, seller]``: a company just bought by a corporation whose lays are
        made when it is sold (``tile_lay`` with ``when: [sold]``), not made yet."""
        self.entities = self.operating_order()
        self.index = 0
        game.log(f"Operating round {game.turn}.{game.or_number}")
        operating.pay_company_revenue(game)
        if game.title.rules.tokens.home == "operating_round":
            for entity in self.entities:
                tokens.place_home(game, entity, self)
        for train in game.trains.values():
            train.ran = False
        self.begin_turn()

    def operating_order(self) -> list[str]:
        game = self.game
        minors = [
            s
            for s, m in game.minors.items()
            if m.floated and not m.closed and game.title.minors[s].operates_first
        ]
        corps = [c.sym for c in game.corporations.values() if c.floated and not c.closed and not c.bot]
        bots = sorted(c.sym for c in game.corporations.values() if c.floated and not c.closed and c.bot)
        return minors + game.market.in_order(corps) + bots

    def reorder_remaining(self) -> None:
        """Re-sort the corporations yet to operate (after emergency sales)."""
        game = self.game
        done, rest = self.entities[: self.index + 1], self.entities[self.index + 1 :]
        corps = [s for s in rest if s in game.corporations and not game.corporations[s].bot]
        others = [s for s in rest if s not in corps]
        self.entities = done + game.market.in_order(corps) + others

    def begin_turn(self) -> None:
        game = self.game
        while self.index < len(self.entities):
            entity = self.entities[self.index]
            closed = (entity in game.corporations and game.corporations[entity].closed) or (
                entity in game.minors and game.minors[entity].closed
            )
            if not closed:
                self.revenue = 0
                self.laid = 0
                self.improved = False
                self.token_placed = 0
                self.bought_early = False
                self.operator_acted = False
                self.emergency_sold = []
                tokens.place_home(game, entity, self)
                purchases.note_route(game, entity)
                if entity in game.corporations:
                    game.corporations[entity].operated = True
                else:
                    game.minors[entity].operated = True
                self.reset_steps()
                self.skip_steps()
                if self.active_step() is not None or game.finished:
                    return
            self.index += 1

    def after_step(self, action: dict[str, Any]) -> None:
        entity = self.entity()
        if entity is not None:
            purchases.note_route(self.game, entity)
            actor = str(action.get("entity"))
            company = self.game.companies.get(actor)
            if actor == entity or (company is not None and company.owner == entity):
                self.operator_acted = True

    def next_entity(self) -> None:
        self.index += 1
        self.begin_turn()

    def finished(self) -> bool:
        return self.index >= len(self.entities) or self.game.finished

    def finish(self) -> None:
        game = self.game
        game.log_round_end(game.round_label())
        game.end_of("end_of_operating_round")

    def corporation_closed(self, sym: str) -> None:
        if sym in self.entities[self.index + 1 :]:
            self.entities.remove(sym)

    def operator_trains(self) -> list:
        return trains.owned(self.game, self.entity())
