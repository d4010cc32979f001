"""Train purchases: what a corporation must buy, may buy and may pay, and the money its
president raises when it must buy and cannot pay (rulebook §10.7–§10.8, reference §4.9–§4.10).

* A corporation without a train must buy one when the title says so (``trains.must_buy``:
  always, or when it has a route).
* It may buy from the depot at the train's price, or from another corporation for any
  price from the title's least up to its cash.
* When it must buy, its president pays what the corporation lacks: for the cheapest depot
  train only (``emergency.cheapest_depot_train``), or for another corporation's train up to
  its face value (``emergency.from_others_up_to``; ``never``: not at all).
* To find that money the president may sell shares — only while the two of them together
  have less than the cheapest depot train, and no more than needed
  (``emergency.sell_more_than_needed``), never giving away the presidency of the
  operating corporation (nor of any, without ``emergency.president_swap``), each
  corporation's shares in one sale with ``stock.sell_in_blocks``; nor, without
  ``emergency.sell_closing_buyer``, shares of the operating corporation whose sale would
  close it. Once the president has sold, a train of another corporation must cost more
  than what the last share sold would have left over.
* A president who cannot raise the cheapest depot train even so may declare bankruptcy, in
  the train-buying step, keeping whatever cannot be sold.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, NamedTuple

from framework.base.errors import GameError
from framework.board.graph import Goal
from framework.engine import automatic_loans, finance, shares, trains
from framework.engine.entities import BANK, Corporation, Minor, Share, Train
from framework.engine.entities import forget_route as forget

if TYPE_CHECKING:
    from framework.engine.game import Game


def has_route(game: Game, entity: str, *, to_buy: bool = False) -> bool:
    """Whether the entity has a route: one of its stations reaches two revenue centres, its
    own city included (reference §4.8), one of them a ``mandatory`` stop and the other
    not a ``never`` one (``to_buy``: a route that makes it buy a train, two mandatory
    stops) — or it has had one in an earlier moment of its operating turns
    (:func:`note_route`). 18xx.games' engine keeps a route once found: an entity that
    loses its only route (its token remapped onto an OO city no track leaves, a city on
    the way filled with others' tokens) still has its route step, where it may run
    nothing, and must still buy a train when it has none."""
    charter = _charter(game, entity)
    assert charter is not None, f"{entity} is no corporation or minor"
    if to_buy:
        return charter.had_route_to_buy or _route_now(game, entity, _A_ROUTE_TO_BUY, "route to buy")
    return charter.had_route or _route_now(game, entity, _A_ROUTE, "route")


def note_route(game: Game, entity: str) -> None:
    """Remember that the operating ``entity`` has a route now, if it has; the operating
    round calls it when a turn begins and after every action of the turn."""
    charter = _charter(game, entity)
    if charter is None:
        return
    if not charter.had_route and _route_now(game, entity, _A_ROUTE, "route"):
        charter.had_route = True
    if (
        not charter.had_route_to_buy
        and charter.had_route
        and _route_now(game, entity, _A_ROUTE_TO_BUY, "route to buy")
    ):
        charter.had_route_to_buy = True


_A_ROUTE = Goal(stops=2, mandatory=1)
"""A station's walk reaching two revenue centres that count, its own included, one of
them mandatory."""
_A_ROUTE_TO_BUY = Goal(stops=2, mandatory=2)
"""A station's walk reaching two mandatory revenue centres, its own included."""


def _route_now(game: Game, entity: str, goal: Goal, question: str) -> bool:
    return game.track_board.finds(entity, goal, question)


def forget_route(game: Game, entity: str) -> None:
    """``entity``'s route is looked for anew: it loses the route it had kept (:func:`has_route`)
    when the map changes under it as 18xx.games' engine recomputes it (a station of its
    taken off the map, tiles lifted by ``revert_tiles``)."""
    charter = _charter(game, entity)
    if charter is not None:
        forget(charter)


def _charter(game: Game, entity: str) -> Corporation | Minor | None:
    return game.corporations.get(entity) or game.minors.get(entity)


def must_buy(game: Game, corp: str) -> bool:
    """Whether ``corp`` has no train and must buy one now."""
    rule = game.title.rules.trains.must_buy
    if rule == "never" or trains.owned(game, corp) or not trains.offered(game):
        return False
    if not (rule == "always" or has_route(game, corp, to_buy=True)):
        return False
    if automatic_loans.automatic(game, "buy_train") and corp in game.corporations:
        # only when the loans it may take would pay for the cheapest depot train
        cheapest = cheapest_depot_price(game)
        power = automatic_loans.power(game, corp, "buy_train")
        return cheapest is not None and game.corporations[corp].cash + power >= cheapest
    return True


def others_trains(game: Game, buyer: str) -> list[Train]:
    """Trains of other corporations that ``buyer`` may buy (``trains.buy_from_others``)."""
    if not game.title.rules.trains.buy_from_others:
        return []
    sellers = {sym for sym, corp in game.corporations.items() if sym != buyer and not corp.closed}
    return [t for t in game.trains.values() if t.owner in sellers and t.buyable]


def cheapest_depot_price(game: Game) -> int | None:
    """The price of the cheapest train the depot offers, in its cheapest face."""
    found = cheapest_depot_face(game)
    return found[0] if found else None


def dearest_depot_price(game: Game) -> int | None:
    """The price of the dearest train the depot offers, in its dearest face."""
    return max((price for price, _, _ in _depot_faces(game)), default=None)


def cheapest_depot_face(game: Game) -> tuple[int, Train, str] | None:
    """``(price, train, face)`` of the cheapest face of the cheapest train the depot offers."""
    return min(_depot_faces(game), key=lambda found: found[0], default=None)


def _depot_faces(game: Game) -> list[tuple[int, Train, str]]:
    """``(price, train, face)`` for every face of every train the depot offers."""
    return [
        (trains.price(game, t, face), t, face)
        for t in trains.offered(game)
        for face in (t.name, *game.title.trains[t.name].variants)
    ]


def can_buy_train(
    game: Game,
    corp: str,
    discounts: dict[str, float] | None = None,
    bought: Collection[str] = (),
    extra: int = 0,
) -> bool:
    """Whether ``corp`` could pay for some train it has room for now: a depot train at its
    price (less ``discounts``, train name → fraction off) or another corporation's at the
    least it may sell for — or, at the train limit, a trade-in (which leaves the count as it
    was). ``bought``: the depot trains it bought this turn (the phase may limit them).
    This is what keeps a train-buying step open. ``extra``: buying power besides its cash
    (:mod:`framework.engine.steps.buying_power`)."""
    cash = game.corporations[corp].cash + extra
    for offer in trains.each_depot_offer(game, corp, bought=bought):
        off = (discounts or {}).get(offer.train.name, 0) if offer.exchange is None else 0
        if offer.price - int(offer.price * off) <= cash:
            return True
    room = trains.counted(game, corp) < game.train_limit(corp)
    low = game.title.rules.trains.min_price_from_others
    return room and cash >= low and bool(others_trains(game, corp))


def may_exceed_limit(game: Game, corp: str, bought: Collection[str] = ()) -> bool:
    """Whether ``corp``, at its train limit, may still buy any train (and then discard down
    to the limit): it may while a trade-in is within its means, as 18xx.games plays it."""
    cash = game.corporations[corp].cash
    return trains.counted(game, corp) >= game.train_limit(corp) and any(
        offer.exchange is not None and offer.price <= cash
        for offer in trains.each_depot_offer(game, corp, bought=bought)
    )


def president_cash(game: Game, corp: str) -> int:
    president = game.corporations[corp].president()
    return game.players_by_id[president].cash if president in game.players_by_id else 0


def shortfall(game: Game, corp: str) -> int:
    """What ``corp`` and its president together lack for the train the president may raise
    money for: the cheapest depot train (``emergency.cheapest_depot_train``), else the
    dearest face of any train the depot offers (18xx.games' ``needed_cash``: 1846's
    president may sell for the full 4-train though the corporation could pay for a 3/5)."""
    if game.title.rules.trains.emergency.cheapest_depot_train:
        target = cheapest_depot_price(game) or 0
    else:
        target = dearest_depot_price(game) or 0
    return target - game.corporations[corp].cash - president_cash(game, corp)


class PriceRange(NamedTuple):
    low: int
    high: int


def others_price_range(game: Game, corp: str, train: Train, last_sold: int = 0) -> PriceRange:
    """What ``corp`` may pay for another corporation's ``train`` (empty when ``low > high``).

    With the train's face value in its treasury it pays anything up to its cash. Short of
    it, at most the face value (``emergency.from_others_up_to``) and no more than it and its
    president have — the president's part only when it must buy — and, once the president
    has sold shares this turn (the last at ``last_sold`` a share), more than that sale would
    have left over."""
    rules = game.title.rules.trains
    cash = game.corporations[corp].cash
    face = trains.face_value(game, train)
    if at_face_value(game, corp, str(train.owner)):
        return PriceRange(face, face if cash >= face else face - 1)
    low = rules.min_price_from_others
    if automatic_loans.automatic(game, "buy_train"):
        return PriceRange(low, cash)  # loans and the president pay only for depot trains
    if rules.emergency.from_others_up_to == "never":
        # only the corporation's own cash, and nothing once its president has sold
        # shares for a depot train it cannot pay
        cheapest = cheapest_depot_price(game)
        if last_sold and cheapest is not None and cash < cheapest:
            return PriceRange(low, low - 1)
        return PriceRange(low, cash)
    if cash >= face:
        return PriceRange(low, cash)
    most = cash + president_cash(game, corp)
    if last_sold:
        low = max(low, most - last_sold + 1)
    high = min(face, most) if rules.emergency.from_others_up_to == "face_value" else most
    if not president_may_help(game, corp):
        high = min(high, cash)
    return PriceRange(low, high)


def at_face_value(game: Game, buyer: str, seller: str) -> bool:
    """Whether a train passing between corporations ``buyer`` and ``seller`` goes at its
    face value only (either has ``face_value_trains``)."""
    return any(
        sym in game.title.corporations
        and game.title.corporations[sym].ability("face_value_trains") is not None
        for sym in (buyer, seller)
    )


def president_may_help(game: Game, corp: str) -> bool:
    """Whether ``corp``'s president may pay towards a train now: it must buy one and, with
    ``emergency.help_only_below_cheapest``, cannot pay for the cheapest depot train itself.
    Never where the corporation takes loans for its trains (``rules.loans.automatic``)."""
    if automatic_loans.automatic(game, "buy_train"):
        return False
    return must_buy(game, corp) and _short_of_cheapest(game, corp)


def _short_of_cheapest(game: Game, corp: str) -> bool:
    """Whether ``corp`` is short of the cheapest depot train, where the title asks that
    before the president helps (``emergency.help_only_below_cheapest``; else true)."""
    if not game.title.rules.trains.emergency.help_only_below_cheapest:
        return True
    cheapest = cheapest_depot_price(game)
    return cheapest is not None and game.corporations[corp].cash < cheapest


def why_no_help(game: Game, corp: str, price: int) -> str | None:
    """Why ``corp``'s president may not pay towards a depot train of ``price`` (``None``:
    they may)."""
    cheapest = cheapest_depot_price(game)
    if not must_buy(game, corp):
        return f"{corp} has {game.corporations[corp].cash}, not {price}"
    if not _short_of_cheapest(game, corp):
        return f"{corp} can pay for the cheapest train ({cheapest}) itself: its president pays nothing"
    if game.title.rules.trains.emergency.cheapest_depot_train and price != cheapest:
        return f"with the president's money only the cheapest train ({cheapest}) may be bought"
    return None


# -- emergency sales --------------------------------------------------------------------------


class Bundle(NamedTuple):
    """Certificates sold together and the percent they sell (a president's certificate may
    sell in part)."""

    corporation: Corporation
    certificates: list[Share]
    percent: int


def bundles(game: Game, player: str, corp: Corporation) -> list[Bundle]:
    """Every bundle of ``player``'s certificates of ``corp`` that could be put together: the
    first-held ordinary shares, then with the president's certificate in whole or in part."""
    held = corp.certificates_of(player)
    mine = [s for s in held if not s.president]
    out = [Bundle(corp, mine[:n], sum(s.percent for s in mine[:n])) for n in range(1, len(mine) + 1)]
    pres = [s for s in held if s.president]
    if pres:
        total = sum(s.percent for s in held)
        out += [Bundle(corp, mine + pres, p) for p in range(total - pres[0].percent + 10, total + 1, 10)]
    return out


def check_emergency_sale(
    game: Game, player: str, operating: str, bundle: Bundle, need: int | None = None
) -> None:
    """Raise unless the president of ``operating`` may sell ``bundle`` to raise the money
    they ``need`` now: by default what they and the corporation lack for the cheapest
    depot train."""
    corp, certs, percent = bundle
    emergency = game.title.rules.trains.emergency
    if game.title.rules.stock.sell_in_blocks and corp.sym in emergency_sold(game):
        raise GameError("sell in blocks", f"{corp.sym} was sold already: its shares are sold in one block")
    shares.check_sale(game, player, corp, certs, percent, unfloated=emergency.sell_unfloated)
    if need is None:
        need = shortfall(game, operating)
    if emergency.help_only_below_cheapest and not president_may_help(game, operating):
        raise GameError(
            "emergency", f"{operating} can pay for the cheapest train itself: no shares may be sold"
        )
    if need <= 0:
        raise GameError("emergency", f"{game.name(player)} has the money needed: no shares may be sold")
    price = game.market.price(corp.sym)
    smaller = (percent - min(s.percent for s in certs)) * price // finance.share_unit(game, corp.sym)
    if not emergency.sell_more_than_needed and smaller >= need:
        raise GameError(
            "emergency",
            f"selling less of {corp.sym} would already raise the {need} needed; sell only what is needed",
        )
    if (
        corp.sym == operating
        and not emergency.sell_closing_buyer
        and shares.sale_closes(game, corp, percent, corp.president() == player)
    ):
        raise GameError("emergency", f"selling {corp.sym} would close it, and it is buying the train")
    if corp.sym == operating or (not emergency.president_swap and corp.president() == player):
        others = max((corp.percent_of(p.id) for p in game.players if p.id != player), default=0)
        if corp.percent_of(player) - percent < others:
            raise GameError(
                "emergency", f"selling would cost {game.name(player)} the presidency of {corp.sym}"
            )


def emergency_sold(game: Game) -> list[str]:
    """The corporations whose shares the operating corporation's president has sold this
    turn to raise money (``stock.sell_in_blocks``: each is sold in one block)."""
    return getattr(game.round, "emergency_sold", None) or []


def emergency_bundles(game: Game, player: str, operating: str, need: int | None = None) -> list[Bundle]:
    """The bundles ``player`` may sell now to raise money for ``operating`` (``need``: see
    :func:`check_emergency_sale`)."""
    out = []
    for corp in game.corporations.values():
        if corp.closed or corp.sym not in game.market.positions:
            continue
        for bundle in bundles(game, player, corp):
            try:
                check_emergency_sale(game, player, operating, bundle, need)
            except GameError:
                continue
            out.append(bundle)
    return out


def liquidity(game: Game, player: str, operating: str, need: int | None = None) -> int:
    """The player's cash and, for each corporation, the most one sale of its shares could
    raise now (``need``: see :func:`check_emergency_sale`)."""
    best: dict[str, int] = {}
    for bundle in emergency_bundles(game, player, operating, need):
        sym = bundle.corporation.sym
        value = finance.worth(game, sym, game.market.price(sym), bundle.percent)
        best[bundle.corporation.sym] = max(best.get(bundle.corporation.sym, 0), value)
    return game.players_by_id[player].cash + sum(best.values())


def can_go_bankrupt(game: Game, corp: str) -> bool:
    """Whether ``corp``'s president may declare bankruptcy: with the corporation's cash and
    all the president could raise they still cannot pay for the cheapest depot train (with,
    where the corporation issues first, ``bankruptcy.issue_first``, the most it may issue)."""
    cheapest = cheapest_depot_price(game)
    president = game.corporations[corp].president()
    if cheapest is None or president not in game.players_by_id:
        return False
    cash = game.corporations[corp].cash + game.players_by_id[president].cash + _issue_first(game, corp)
    if cash >= cheapest:
        return False
    if cash + _holdings_value(game, president) < cheapest:
        return True  # even selling everything would not be enough
    return (
        game.corporations[corp].cash + _issue_first(game, corp) + liquidity(game, president, corp) < cheapest
    )


def _issue_first(game: Game, corp: str) -> int:
    """What ``corp`` raises by its largest emergency issue before its president may go
    bankrupt (``bankruptcy.issue_first``; 0 where it does not)."""
    if not game.title.rules.bankruptcy.issue_first:
        return 0
    from framework.engine.steps import emergency_issue

    largest = emergency_issue.largest(game, corp)
    return largest.total if largest else 0


def _holdings_value(game: Game, player: str) -> int:
    """The market value of all of ``player``'s shares: more than any sales could raise."""
    return sum(
        game.market.price(c.sym) * c.percent_of(player) // finance.share_unit(game, c.sym)
        for c in game.corporations.values()
        if not c.closed and c.sym in game.market.positions
    )


def go_bankrupt(game: Game, corp: str) -> None:
    """The president of ``corp`` goes bankrupt: the corporation first makes its largest
    emergency issue (``bankruptcy.issue_first``); the president sells what may be sold —
    the largest sale each corporation allows, in operating order, again while one is
    allowed. Where the game ends with it, their cash goes to the bank and what is not sold
    stays theirs and counts in their score; where it goes on, they leave it
    (:func:`framework.engine.bankruptcy.leave`)."""
    from framework.engine import bankruptcy
    from framework.engine.steps import emergency_issue

    president = game.corporations[corp].president()
    assert president is not None, "a corporation going bankrupt has a president"
    largest = emergency_issue.largest(game, corp) if game.title.rules.bankruptcy.issue_first else None
    if largest is not None:
        emergency_issue.issue(game, corp, [s.id for s in largest.shares])
    started = [c.sym for c in game.corporations.values() if c.sym in game.market.positions]
    for sym in game.market.in_order(started):
        while True:
            found_sales = [b for b in emergency_bundles(game, president, corp) if b.corporation.sym == sym]
            if not found_sales:
                break
            bundle = max(found_sales, key=lambda b: b.percent)
            shares.sell(game, president, bundle.corporation, bundle.certificates, bundle.percent)
    if bankruptcy.goes_on(game):
        bankruptcy.leave(game, president, corp)
    else:
        finance.pay(game, president, BANK, game.players_by_id[president].cash)
