"""Operating steps that earn money: running routes and paying dividends.

Unlike 18xx.games, which trusts the revenue stored in a recorded ``run_routes``,
every route is rebuilt, checked and valued here; a route worth another amount
than recorded is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.routes import IllegalRoute, PathRef, Route, Runner, check_route, run_revenues
from framework.board.runroutes import route_from_json
from framework.engine import bankruptcy, finance, national_operation, operating, trains
from framework.engine.entities import BANK, IPO, POOL
from framework.engine.events import LOSES_WEAKEST_RUN
from framework.engine.purchases import has_route
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.title.companies import BonusTokens, TileLay

if TYPE_CHECKING:
    from collections.abc import Sequence

    from framework.engine.game import Game
    from framework.title.market import Move

REVENUE = RoundState("revenue", 0, "What the operator's routes earned this turn.", per_turn=True)
SUBSIDY = RoundState(
    "subsidy", 0, "What the operator's routes earned for its treasury alone this turn.", per_turn=True
)


@step("routes")
class Routes(Step):
    """Run every train that can run, once per operating round."""

    description = "The operator runs its trains."
    ROUND_STATE = (REVENUE, SUBSIDY)

    def actions(self, entity: str) -> list[str]:
        game = self.game
        if entity != self.round.entity():
            return []
        unrun = [t for t in trains.owned(game, entity) if not t.ran]
        return ["run_routes"] if unrun and has_route(game, entity) else []

    def choices_run_routes(self, entity: str) -> list[Choice]:
        """The trains that have not run (the routes are the player's to find)."""
        return [{"trains": [t.id for t in trains.owned(self.game, entity) if not t.ran]}]

    def process_run_routes(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        entity = entity_of(action)
        used_by: dict[str, set[PathRef]] = {}  # the track of each track group's routes
        total = 0
        earnings: list[int] = []
        seen: set[str] = set()
        stops_with_tokens: list[str] = []
        lines: list[str] = []
        subsidy = 0
        for name in ("extra_revenue", "subsidy"):
            if action.get(name) not in (None, 0, "0"):
                raise GameError(
                    "revenue", f"{game.title.title.name} earns nothing beyond its routes ({name})"
                )
        runs: list[tuple[dict[str, Any], Runner, Route]] = []
        for data in action.get("routes") or []:
            train_id = str(data.get("train"))
            train = game.trains.get(train_id)
            if train is None or train.owner != entity or train.ran or train_id in seen:
                raise GameError("trains", f"{entity} cannot run train {train_id}")
            seen.add(train_id)
            runner = operating.runner(game, train)
            used = used_by.setdefault(runner.track_group, set())
            try:
                route = route_from_json(game.track_board, entity, data, used)
                check_route(game.track_board, runner, route, used, walked=True)
            except IllegalRoute as exc:
                raise GameError(exc.rule, f"train {train_id}: {str(exc).rsplit(' (', 1)[0]}") from None
            used |= route.paths()
            runs.append((data, runner, route))
        revenues = run_revenues(game.track_board, [(runner, route) for _, runner, route in runs])
        for (data, _, route), earned in zip(runs, revenues, strict=True):
            train_id = route.train
            if data.get("revenue") is not None and int(data["revenue"]) != earned.total:
                raise GameError(
                    "revenue",
                    f"train {train_id}'s route {earned.text(route)} earns "
                    f"{earned.total}, not {data['revenue']}",
                )
            if data.get("subsidy") is not None and int(data["subsidy"]) != earned.subsidy:
                raise GameError(
                    "subsidy",
                    f"train {train_id}'s route {earned.text(route)} earns a subsidy of "
                    f"{earned.subsidy}, not {data['subsidy']}",
                )
            total += earned.total
            subsidy += earned.subsidy
            earnings.append(earned.total)
            stops_with_tokens.extend(route.hexes())
            lines.append(f"{entity} runs {train_id}: {earned.text(route)} = {earned.total}")
        for line in lines:
            game.log(line)
        total -= weakest_run_lost(game, entity, earnings)
        for train_id in seen:
            game.trains[train_id].ran = True
        rnd.revenue = total
        rnd.subsidy = subsidy
        self.passed = True
        remove_used_bonus_token(game, entity, stops_with_tokens)


def weakest_run_lost(game: Game, entity: str, earnings: list[int]) -> int:
    """What a corporation marked by the ``lose_weakest_run`` event gives up of its run: its
    lowest-earning train's revenue, when every train it owns ran (a train left standing is
    the one given up)."""
    corp = game.corporations.get(entity)
    if corp is None or not corp.counters.get(LOSES_WEAKEST_RUN) or not earnings:
        return 0
    if len(earnings) < len(trains.owned(game, entity)):
        return 0
    lost = min(earnings)
    game.log(f"{entity} gives up the {lost} of its lowest-earning train")
    return lost


def single_train_run_lost(game: Game, entity: str) -> bool:
    """A corporation marked by ``lose_weakest_run`` that owns a single train earns nothing
    and its share price does not move."""
    corp = game.corporations.get(entity)
    return (
        corp is not None
        and bool(corp.counters.get(LOSES_WEAKEST_RUN))
        and len(trains.owned(game, entity)) == 1
    )


def remove_used_bonus_token(game: Game, entity: str, stop_hexes: list[str]) -> None:
    """``after_routes: remove_highest_used``: the best token on the routes goes."""
    for sym, ability in operating.owned_abilities(game, entity, BonusTokens):
        if ability.after_routes != "remove_highest_used":
            continue
        company = game.companies[sym]
        used = [h for h in stop_hexes if h in company.tokens]
        if used:
            best = max(used, key=lambda h: company.tokens[h])
            game.log(f"{sym}'s {company.tokens.pop(best)} token in {best} is used up")


@step("dividend")
class Dividend(Step):
    """Pay out, withhold or pay half (``dividends.kinds``); minors split their revenue with
    their owner."""

    description = "The operating corporation pays out or withholds its revenue."
    ROUND_STATE = (REVENUE, SUBSIDY)

    def actions(self, entity: str) -> list[str]:
        game = self.game
        if entity != self.round.entity() or entity not in game.corporations or self.withheld(entity):
            return []
        if game.title.corporations[entity].split_dividend is not None:
            return []
        if self.round.revenue > 0:
            return ["dividend"]
        asked = game.title.rules.dividends.asked_without_revenue
        return ["dividend"] if asked and any(t.ran for t in trains.owned(game, entity)) else []

    def skip(self) -> None:
        game, rnd = self.game, self.round
        entity = rnd.turn_of()
        if entity in game.minors:
            split_minor(game, entity, rnd.revenue)
        elif entity in game.corporations and game.title.corporations[entity].split_dividend is not None:
            split_corporation(game, entity, rnd.revenue)
        elif single_train_run_lost(game, entity):
            game.log(f"{entity}'s run is lost; its price stays at {game.market.price(entity)}")
        elif entity in game.corporations and (rnd.revenue == 0 or self.withheld(entity)):
            withhold(game, entity, rnd.revenue)
            receivership_move(game, entity)
        pay_subsidy(game, entity, rnd.subsidy)
        self.passed = True
        end_of_dividend(game, entity)

    def withheld(self, corp: str) -> bool:
        """Whether ``corp`` is in receivership, whose revenue is withheld without asking
        (``bankruptcy.receivership.withholds``), or the national operating on its own."""
        game = self.game
        if national_operation.operates(game, corp):
            return True
        return game.title.rules.bankruptcy.receivership.withholds and bankruptcy.in_receivership(game, corp)

    def choices_dividend(self, corp: str) -> list[Choice]:
        """The title's kinds of dividend (the virtual player's corporations only pay out)."""
        game = self.game
        kinds = ["payout"] if game.corporations[corp].bot else game.title.rules.dividends.kinds
        return [{"kind": k} for k in kinds]

    def process_dividend(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        entity = entity_of(action)
        kind = str(action.get("kind"))
        kinds = ["payout"] if game.corporations[entity].bot else game.title.rules.dividends.kinds
        if kind not in kinds:
            raise GameError("dividends", f"{entity} may {' or '.join(kinds)}, not {kind}")
        if rnd.revenue <= 0:  # asked without revenue (dividends.asked_without_revenue)
            withhold(game, entity, 0)
        elif kind == "payout":
            payout(game, entity, rnd.revenue)
        elif kind == "half":
            half(game, entity, rnd.revenue)
        else:
            withhold(game, entity, rnd.revenue)
        pay_subsidy(game, entity, rnd.subsidy)
        self.passed = True
        end_of_dividend(game, entity)


def receivership_move(game: Game, sym: str) -> None:
    """A corporation in receivership that owns no train moves left more
    (``bankruptcy.receivership.no_train_moves``)."""
    moves = game.title.rules.bankruptcy.receivership.no_train_moves
    if not moves or not bankruptcy.in_receivership(game, sym) or trains.owned(game, sym):
        return
    game.market.move(sym, ["left"] * moves)
    game.log(f"{sym} is in receivership without a train; its price is now {game.market.price(sym)}")


def pay_subsidy(game: Game, entity: str, amount: int) -> None:
    """The bank pays the routes' subsidies into the operator's treasury."""
    if amount > 0:
        finance.pay(game, BANK, entity, amount)
        game.log(f"{entity} earns a subsidy of {amount}")


def split_minor(game: Game, sym: str, amount: int) -> None:
    """A minor company keeps half its revenue, rounded down; its owner gets the rest."""
    owner = game.minors[sym].owner
    if owner is None:
        raise RuntimeError(f"the minor {sym} has no owner to pay")
    split(game, sym, owner, amount)


def split_corporation(game: Game, sym: str, amount: int) -> None:
    """A corporation with a ``split_dividend`` keeps half its revenue, rounded down; its
    president gets the rest; its price moves by ``paid`` or ``none``."""
    corp = game.corporations[sym]
    president = corp.president()
    if president is not None:
        split(game, sym, president, amount)
    terms = game.title.corporations[sym].split_dividend
    moves: list[str] = list(terms.paid if amount > 0 else terms.none) if terms is not None else []
    if moves and sym in game.market.positions:
        game.market.move(sym, moves)
        game.log(f"{sym}'s price is now {game.market.price(sym)}")


def split(game: Game, sym: str, owner: str, amount: int) -> None:
    """``sym`` keeps half of ``amount``, rounded down, and ``owner`` gets the rest."""
    if amount <= 0:
        return
    kept = amount // 2
    finance.pay(game, BANK, sym, kept)
    finance.pay(game, BANK, owner, amount - kept)
    game.log(f"{sym} keeps {kept} and pays {amount - kept} to {game.name(owner)}")


def withhold(game: Game, sym: str, amount: int) -> None:
    finance.pay(game, BANK, sym, amount)
    corp = game.corporations[sym]
    if sym not in game.market.positions:  # a national without a price
        game.log(f"{sym} withholds {amount}")
        return
    if not corp.bot:
        game.market.move(sym, list(game.title.rules.dividends.withhold))
    game.log(f"{sym} withholds {amount}; its price is now {game.market.price(sym)}")


def half(game: Game, sym: str, amount: int) -> None:
    """Keep half the revenue, rounded down to a multiple of the number of shares, and pay
    out the rest (the price moves by ``dividends.half_move`` when something is kept, else
    as for a payout of what is paid)."""
    shares = 100 // min(s.percent for s in game.corporations[sym].shares)
    kept = amount // 2 // shares * shares
    finance.pay(game, BANK, sym, kept)
    game.log(f"{sym} keeps {kept} of {amount}")
    half_move = game.title.rules.dividends.half_move if kept > 0 else None
    if amount - kept > 0:
        payout(game, sym, amount - kept, half_move)
    elif half_move is None:
        withhold(game, sym, 0)
    else:
        game.market.move(sym, list(half_move))


def payout(game: Game, sym: str, amount: int, moves: Sequence[Move] | None = None) -> None:
    """Pay ``amount`` to the holders; the price moves by ``moves`` when given, else by the
    first ``dividends.payout`` rule the amount reaches."""
    rules = game.title.rules.dividends
    corp = game.corporations[sym]
    for owner, percent in corp.holders().items():
        payee: str | None
        if owner in game.players_by_id:
            payee = owner
        elif owner == sym:
            payee = sym if rules.treasury_shares_pay == "corporation" else None
        elif owner == POOL:
            payee = sym if rules.pool_shares_pay == "corporation" else None
        elif owner == IPO:
            payee = sym if rules.ipo_shares_pay == "corporation" else None
        else:
            payee = None
        if payee is not None:
            finance.pay(game, BANK, payee, finance.dividend_per_holder(amount, percent, rules.rounding))
    price = game.market.price(sym)
    if moves is not None:
        if not corp.bot:
            game.market.move(sym, list(moves))
    elif not corp.bot:
        for rule in rules.payout:
            if amount < rule.at_least * price:
                continue
            if rule.beyond_dividend_line and price <= game.market.dividend_line():
                continue
            if rule.min_price is not None and price < rule.min_price:
                continue
            game.market.move(sym, list(rule.move))
            break
    game.log(f"{sym} pays out {amount}; its price is now {game.market.price(sym)}")
    check_market_end(game, sym)


def check_market_end(game: Game, sym: str) -> None:
    if any(z.ends_game for z in game.market.zones(sym)):
        game.trigger_end("stock_market")


def end_of_dividend(game: Game, entity: str) -> None:
    """After every dividend (paid, withheld or skipped): a company that made special lays
    since the last dividend of anyone loses the lays it has left if this dividend is its
    owner's (``lapses: end_of_turn`` — so a lay made after the owner's dividend survives
    the other companies' dividends, as in 18xx.games); the entity's obsolete trains rust;
    then title hooks run. A corporation's ``lose_weakest_run`` mark is spent."""
    corp = game.corporations.get(entity)
    if corp is not None and corp.counters.get(LOSES_WEAKEST_RUN):
        corp.counters[LOSES_WEAKEST_RUN] = 0
    for sym, company in game.companies.items():
        if not company.laid_since_dividend:
            continue
        ability = game.title.companies[sym].ability("tile_lay")
        if isinstance(ability, TileLay) and ability.lapses == "end_of_turn" and company.owner == entity:
            company.uses["tile_lay"] = 0
        company.laid_since_dividend = False
    trains.rust_obsolete(game, entity)
    if game.moments.after_dividend is not None:
        game.moments.after_dividend(game, entity)
