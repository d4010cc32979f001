"""The kinds of round: the private auction, stock rounds and operating rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.engine import (
    bankruptcy,
    mail,
    national_operation,
    operating,
    purchases,
    seating,
    shares,
    tokens,
    trains,
    used_closing,
)
from framework.engine.entities import POOL, Corporation, Train
from framework.engine.rounds import Round
from framework.engine.steps.stock_turn import LAST_BUYER, PASS_ORDER
from framework.engine.steps.track import HOME_CHOOSER, OPERATOR_ACTED, PENDING_HEX, PENDING_HOME

if TYPE_CHECKING:
    from framework.engine.game import Game


class AuctionRound(Round):
    """Players in seat order (or the round's ``order``: a snake order is one turn of
    each there and back, the list of entities naming each player twice); the auction
    step moves the turn itself."""

    kind = "auction"

    def start(self) -> None:
        humans = [p.id for p in self.game.humans]
        self.entities = humans[self.game.priority :] + humans[: self.game.priority]
        order = self.game.title.rounds[self.name].order
        if order == "reverse":
            self.entities.reverse()
        elif order == "snake":  # there and back: the last and the first take two turns
            self.entities += self.entities[::-1]
        self.index = 0
        for step in self.steps:
            step.begin()
        self.skip_steps()

    def after_process(self, action: dict[str, Any]) -> None:
        """The auction step decides who acts next."""

    def next_entity(self) -> None:
        self.index = (self.index + 1) % len(self.entities)

    def finished(self) -> bool:
        return all(not s.blocking() and not getattr(s, "open", False) for s in self.steps)

    def finish(self) -> None:
        players = [p.id for p in self.game.humans]
        self.game.priority = priority_to_most_cash(self.game, players.index(self.entities[self.index]))
        seating.reseat(self.game, self.game.title.rounds[self.name].reseat, [])
        self.game.log_round_end(self.game.round_label())


def priority_to_most_cash(game: Game, otherwise: int) -> int:
    """The index of the player who gets priority: the one with the most cash where
    ``stock.priority`` is ``most_cash`` and one alone has the most; else ``otherwise``."""
    if game.title.rules.stock.priority != "most_cash":
        return otherwise
    humans = game.humans
    most = max(p.cash for p in humans)
    richest = [i for i, p in enumerate(humans) if p.cash == most]
    if len(richest) != 1:
        return otherwise
    game.log(f"{game.name(humans[richest[0]].id)} has priority as having the most cash")
    return richest[0]


class StockRound(Round):
    """Players in priority order, passing round the table until all have passed."""

    kind = "stock"
    ROUND_STATE = (LAST_BUYER, PASS_ORDER)
    """The last buyer may be the one the priority goes after (``stock.priority``); the
    order of passing may seat the players anew (``reseat: first_to_pass``)."""

    def start(self) -> None:
        game = self.game
        game.round_number += 1
        humans = [p.id for p in game.humans]
        in_turn = humans[game.priority :] + humans[: game.priority]
        self.entities = [pid for pid in in_turn if not game.players_by_id[pid].bankrupt]
        self.index = 0
        for player in game.humans:
            player.passed = player.bankrupt
        game.log(f"Stock round {game.turn}")
        self.begin_turn()

    _settling = False
    """A corporation's closing after the action is being settled (:meth:`settle`)."""
    _cut_short = False
    """The round ended as that closing was settled, at a later player with nothing to do:
    it ends without its price moves (see :meth:`settle`)."""

    def settle(self) -> None:
        """A corporation closed after the action left the player in turn nothing to do:
        the turn passes on, to the next player, and stops there as in 18xx.games (whose
        stock round, having found a step waiting before the closing, moves on no further).
        Where that player has nothing to do either, they pass; if all have passed, the
        round ends there and then: its end moves no prices, and the priority goes to that
        player. If not, the round is stuck (:meth:`stuck`), and only ending the game
        (``end_game``) is left, as in 18xx.games."""
        self._settling = True
        try:
            super().settle()
        finally:
            self._settling = False

    def begin_turn(self) -> None:
        self.reset_turn_state()
        self.reset_steps()
        if self.skip_steps() is None:
            self.game.players_by_id[self.turn_of()].passed = True
            if self._settling:
                self._cut_short = self.finished()
                return
            self.next_entity()

    def next_entity(self) -> None:
        if self.finished():
            return
        self.index = (self.index + 1) % len(self.entities)
        self.begin_turn()

    def stuck(self) -> bool:
        """The turn stopped at a player who has passed with nothing to do, while another
        has not passed (see :meth:`settle`): nobody can act."""
        current = self.game.players_by_id[self.turn_of()]
        return current.passed and not self.finished() and self.active_step() is None

    def finished(self) -> bool:
        return all(p.passed for p in self.game.humans) and self.active_step() is None

    def finish(self) -> None:
        game = self.game
        players = [p.id for p in game.humans]
        last = self.entities[self.index]
        stock_priority = game.title.rules.stock.priority
        if stock_priority == "after_last_to_buy" and self.last_buyer is not None:
            last = self.last_buyer
        after = 0 if self._cut_short and stock_priority == "after_last_to_act" else 1
        game.priority = priority_to_most_cash(game, (players.index(last) + after) % len(players))
        seating.reseat(game, game.title.rounds[self.name].reseat, getattr(self, "pass_order", []))
        stock = game.title.rules.stock
        floated = [
            c.sym
            for c in game.corporations.values()
            # one that floats at its first operation counts once started (18xx.games' 1856)
            if (c.floated or (shares.floats_at_first_operation(game, c) and c.par is not None))
            and not c.closed
            and not c.bot
        ]
        for sym in [] if self._cut_short else game.market.in_order(floated):
            corp = game.corporations[sym]
            if (
                stock.sold_out_move != "none"
                and game.title.corporations[sym].sold_out_rises
                and _sold_out(game, corp)
            ):
                start, end = game.market.move(sym, [stock.sold_out_move])
                if start != end:
                    game.log(f"{sym} is sold out and rises to {game.market.price(sym)}")
            pooled = corp.percent_of(POOL) // 10 if stock.pool_move_per == "share" else 1
            if stock.pool_move != "none" and corp.percent_of(POOL):
                start, end = game.market.move(sym, [stock.pool_move] * pooled)
                if start != end:
                    game.log(f"{sym} has shares in the pool and moves to {game.market.price(sym)}")
        game.log_round_end(game.round_label())


def _sold_out(game: Game, corp: Corporation) -> bool:
    """Whether a floated corporation is sold out (``rules.stock.sold_out``); a certificate
    it bought back (``buy_back_shares``), out of sale in its treasury, counts as sold."""
    if game.title.rules.stock.sold_out == "none_in_pool":
        return not any(s.owner == POOL for s in corp.shares)
    return all(
        s.owner in game.players_by_id or (s.owner == corp.sym and s.id in corp.withheld) for s in corp.shares
    )


class OperatingRound(Round):
    """Minors first, then corporations by descending share price at the start of the round
    (those yet to operate re-sorted after an emergency sale or a bankruptcy), then the
    virtual player's."""

    kind = "operating"
    ROUND_STATE = (PENDING_HOME, HOME_CHOOSER, PENDING_HEX, OPERATOR_ACTED)
    """The round puts home tokens down (a home city to choose waits in ``pending_home``)
    and notes whether the operator has acted."""

    def start(self) -> None:
        game = self.game
        self.entities = self.operating_order()
        self.index = 0
        game.log(f"Operating round {game.turn}.{game.or_number}")
        operating.pay_company_revenue(game)
        if game.title.rules.tokens.home == "operating_round":
            for entity in self.entities:
                tokens.place_home(game, entity, self)
        for train in game.trains.values():
            train.ran = False
        for step in self.steps:
            step.begin()
        self.begin_turn()

    def operating_order(self) -> list[str]:
        game = self.game
        minors = [
            s
            for s, m in game.minors.items()
            if m.floated and not m.closed and game.title.minors[s].operates_first
        ]
        corps = [
            c.sym
            for c in game.corporations.values()
            if (c.floated or (shares.floats_at_first_operation(game, c) and shares.floatable(game, c)))
            and not c.closed
            and not c.bot
        ]
        bots = sorted(c.sym for c in game.corporations.values() if c.floated and not c.closed and c.bot)
        charters = game.title.corporations
        first = [c for c in corps if charters[c].operates_first]
        ordered = game.market.in_order(first) + game.market.in_order([c for c in corps if c not in first])
        if (
            game.turn == 1
            and game.or_number == 1
            and game.title.rules.first_operating_order == "lowest_first"
        ):
            ordered = sorted(corps, key=game.market.arrival_key)
        national = national_operation.national(game)  # (skipped in its turn outside its phases)
        last = [national] if national in game.corporations and national not in ordered else []
        return minors + ordered + bots + last

    def reorder_remaining(self) -> None:
        """Sort again the entities yet to operate (after emergency sales), as the round's
        order would sort them now (:meth:`operating_order`: 1846's first round lowest
        price first); any it no longer lists keep their places after them."""
        done, rest = self.entities[: self.index + 1], self.entities[self.index + 1 :]
        ordered = [s for s in self.operating_order() if s in rest]
        self.entities = done + ordered + [s for s in rest if s not in ordered]

    def begin_turn(self) -> None:
        game = self.game
        while self.index < len(self.entities):
            entity = self.entities[self.index]
            closed = (
                (entity in game.corporations and game.corporations[entity].closed)
                or (entity in game.minors and game.minors[entity].closed)
                or national_operation.idle(game, entity)
            )
            corp = game.corporations.get(entity)
            if (
                not closed
                and corp is not None
                and not corp.floated
                and shares.floats_at_first_operation(game, corp)
            ):
                shares.check_float(game, corp, operating=True)
                if not corp.floated:
                    game.log(f"{entity} fails to float and is skipped")
                    closed = True
            if not closed:
                self.reset_turn_state()
                tokens.place_home(game, entity, self)
                mail.pay_mail(game, entity)
                purchases.note_route(game, entity)
                operator = game.corporations.get(entity) or game.minors[entity]
                operator.operated = True
                operator.operating_turns += 1
                self.reset_steps()
                if bankruptcy.in_receivership(game, entity):
                    self.pass_for_receivership()
                elif national_operation.operates(game, entity):
                    self.pass_steps(national_operation.STEPS)
                if self.skip_steps() is not None or game.finished:
                    return
            self.index += 1

    RECEIVERSHIP_STEPS = frozenset({"routes", "dividend", "discard_train", "buy_train"})
    """The steps a corporation in receivership goes through (:mod:`framework.engine.bankruptcy`)."""

    def pass_for_receivership(self) -> None:
        """A corporation in receivership lays no track, places no token, issues, redeems
        and buys nothing but trains: the other steps are passed for its turn (a step
        waiting for a player's company at the round's start still waits)."""
        self.pass_steps(self.RECEIVERSHIP_STEPS)

    def pass_steps(self, kept: frozenset[str]) -> None:
        """Pass every step but those named in ``kept`` for this turn (a step waiting for
        a player's company at the round's start still waits)."""
        for step in self.steps:
            if step.name not in kept and step.acting_entity() is None:
                step.passed = True

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
        used_closing.close_used(game)
        trains.export_next(game)
        game.end_of("end_of_operating_round")

    def corporation_closed(self, sym: str) -> None:
        """A corporation yet to operate is dropped; the operating one's turn ends."""
        if sym in self.entities[self.index + 1 :]:
            self.entities.remove(sym)
        elif self.index < len(self.entities) and self.entities[self.index] == sym:
            self.next_entity()

    def operator_trains(self) -> list[Train]:
        return trains.owned(self.game, self.entity())
