"""What the acting entities may do now, as concrete 18xx.games actions.

:func:`legal_actions` follows the turn model: for each entity that may act
(the current one, the companies it owns, its president in an emergency) it
lists the action types the steps accept and, for each, the concrete choices —
which company and price, which shares, tiles and rotations, cities, trains.
Choices with a free amount (a bid, a price between two corporations) give the
lowest legal amount under ``price`` and the highest under ``max``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.lays import legal_lays
from framework.board.tokens import token_cities
from framework.engine import operating, purchases, shares, trains
from framework.engine.entities import POOL
from framework.engine.steps.base import Step
from framework.engine.steps.track import city_id

if TYPE_CHECKING:
    from framework.engine.game import Game

Choice = dict[str, Any]


def legal_actions(game: Game) -> dict[str, dict[str, list[Choice]]]:
    """Entity → action type → the concrete choices (without ``entity`` and ``id``)."""
    if game.finished or game.round is None:
        return {}
    rnd = game.round
    current = rnd.current_entity()
    custom = getattr(rnd, "choices", None)
    if custom is not None:
        return custom()
    candidates = [current] if current else []
    operator_ = rnd.entity()
    if operator_ is not None:
        candidates += [s for s, c in game.companies.items() if c.owner == operator_]
        if operator_ in game.corporations:
            president = game.corporations[operator_].president()
            if president and president not in candidates:
                candidates.append(president)
    for step in rnd.steps:
        if not step.passed:
            candidates += [e for e in step.other_entities() if e not in candidates]
    out: dict[str, dict[str, list[Choice]]] = {}
    for entity in candidates:
        offered = _types(rnd, entity)
        listed = {}
        for kind, step in offered.items():
            found = options(game, step, entity, kind)
            if found:
                listed[kind] = found
        if listed:
            out[entity] = listed
    return out


def _types(rnd, entity: str) -> dict[str, Step]:
    """Action type → the step that would take it from ``entity`` now."""
    found: dict[str, Step] = {}
    current = rnd.current_entity()
    for step in rnd.steps:
        if step.passed:
            continue
        kinds = step.actions(entity)
        if step.blocking(current):
            for kind in kinds:
                found.setdefault(kind, step)
            return found
        for kind in kinds:
            found.setdefault(kind, step)
    return found


def options(game: Game, step: Step, entity: str, kind: str) -> list[Choice]:
    handler = _HANDLERS.get((step.name, kind)) or _HANDLERS.get(("*", kind))
    return handler(game, step, entity) if handler else [{}]


# -- auction ---------------------------------------------------------------------


def _bids(game, step, player) -> list[Choice]:
    cash = game.players_by_id[player].cash
    offered = step.offered()
    companies = [step.resolving] if step.resolving else offered[1:]
    out = []
    first = step.price_of_first() if not step.resolving else None
    if (
        first is not None
        and first <= cash - step.committed(player)
        and step.settles(step.bids, offered[1:], (player, first))
    ):
        out.append({"company": offered[0], "price": first})
    for company in companies:
        out.extend(_bid_range(step.min_bid(company), step.max_bid(player, company), step.bid_step(), company))
    return out


def _bid_range(low: int, high: int, by: int | None, company: str) -> list[Choice]:
    """A bid from ``low`` to ``high`` (the last ``low`` plus a multiple of ``by``, with a
    ``step`` when bids go up in multiples); none when ``high`` is below ``low``."""
    if high < low:
        return []
    if by is None:
        return [{"company": company, "price": low, "max": high}]
    return [{"company": company, "price": low, "max": low + (high - low) // by * by, "step": by}]


def _pending_par(game, step, player) -> list[Choice]:
    corp = step.pending[0][1]
    return [
        {"corporation": corp, "share_price": _cell_id(cell, r, c)}
        for r, c, cell in game.title.market.par_cells()
    ]


def _cell_id(cell, r, c) -> str:
    return f"{cell.price},{r},{c}"


# -- stock round -------------------------------------------------------------------


def _par(game, step, player) -> list[Choice]:
    cash = game.players_by_id[player].cash
    out = []
    for sym, corp in game.corporations.items():
        if corp.par is not None or corp.closed:
            continue
        percent = next(s.percent for s in corp.shares if s.president)
        for r, c, cell in game.title.market.par_cells():
            if cell.price * percent // 10 <= cash:
                out.append({"corporation": sym, "share_price": _cell_id(cell, r, c)})
    return out


def _buy_shares(game, step, player) -> list[Choice]:
    out = []
    for corp in game.corporations.values():
        seen = set()
        for share in step.buyable(player, corp):
            source = shares.source_of(corp, share)
            if source in seen:
                continue
            seen.add(source)
            out.append({"shares": [share.id], "percent": share.percent})
    return out


def _exchange(game, step, company) -> list[Choice]:
    return [{"shares": [share.id], "percent": share.percent} for _, share in step.offered(company)]


def _sell_shares(game, step, player) -> list[Choice]:
    """Bundles of the first-held certificates, and with the president's certificate where
    another player can take the presidency; in the train-buying step, the emergency sales
    (see :mod:`framework.engine.purchases`)."""
    if step.name == "buy_train":
        found = purchases.emergency_bundles(game, player, game.round.entity())
    else:
        found = []
        for corp in game.corporations.values():
            blocked = getattr(step, "sold_in_block", None)
            if blocked is not None and blocked(player, corp):
                continue
            for bundle in purchases.bundles(game, player, corp):
                try:
                    shares.check_sale(game, player, corp, bundle.certificates, bundle.percent)
                except GameError:
                    continue
                found.append(bundle)
    return [{"shares": [s.id for s in b.certificates], "percent": b.percent} for b in found]


def _priority(game, step, player) -> list[Choice]:
    return [{"choice": "activate"}, {"choice": "wait"}]


# -- operating round -----------------------------------------------------------------


def _track(game, step, entity) -> list[Choice]:
    rnd = game.round
    if rnd.laid >= len(game.title.rules.track.lays):
        return []
    slot = game.title.rules.track.lays[rnd.laid]
    layer = operating.layer(game, entity)
    out = []
    board = game.board
    for hex_id in candidate_hexes(game, entity):
        upgrade = hex_id in board.placed or bool(board.face(hex_id).paths)
        if not (slot.upgrade if upgrade else slot.lay):
            continue
        for plan in legal_lays(board, layer, hex_id):
            if slot.requires == "mainline" and not (rnd.improved or plan.improves_mainline):
                continue
            out.append({"hex": plan.hex, "tile": plan.tile_id, "rotation": plan.rotation})
    return out


def candidate_hexes(game, entity: str) -> list[str]:
    """Hexes a connected lay could use: those the entity's track reaches or borders."""
    board = game.board
    reach = board.reach(entity)
    hexes = set(board.token_hexes(entity))
    for hex_id, edge in reach.ports:
        hexes.add(hex_id)
        there = board.hexmap.across(hex_id, edge)
        if there:
            hexes.add(there[0])
    return sorted(h for h in hexes if board.hexmap.takes_tiles(h))


def _step_lays(game, step, company) -> list[Choice]:
    """The lays a company's ability makes now (special track, teleport)."""
    return [{"hex": plan.hex, "tile": plan.tile_id, "rotation": plan.rotation} for plan in step.lays(company)]


def _step_cities(game, step, entity) -> list[Choice]:
    """A token in one of the cities the step names (a home token, a teleport token)."""
    return [{"city": city_id(game, city)} for city in step.cities(entity)]


def _tokens(game, step, entity) -> list[Choice]:
    board = game.board
    return [
        {"city": city_id(game, city), "slot": board.slots(city).index(None), "tokener": entity}
        for city in token_cities(board, entity)
    ]


def _assign(game, step, entity) -> list[Choice]:
    """A pending bonus token's hex (one without a token), or a marker's new hex."""
    tokens = step.tokens(entity)
    if tokens is not None:
        sym, ability = tokens
        taken = set(game.companies[sym].tokens)
    else:
        ability = step.marker(entity)
        taken = {game.companies[entity].marker}
    return [{"target": h, "target_type": "hex"} for h in ability.hexes if h not in taken]


def _player_buys_company(game, step, player) -> list[Choice]:
    """A company bought from another player: any price from 1 to the buyer's cash (the
    engine takes any the buyer can pay); offered, as on 18xx.games' page, when the buyer
    can pay the company's lowest sale price."""
    from framework.engine.steps.companies import price_range

    cash = game.players_by_id[player].cash
    return [
        {"company": sym, "price": 1, "max": cash}
        for sym in step.companies_to_buy(player)
        if price_range(game, sym)[0] <= cash
    ]


def _buy_company(game, step, corp) -> list[Choice]:
    from framework.engine.steps.companies import price_range

    cash = game.corporations[corp].cash
    out = []
    for sym in step.affordable(corp):
        low, high = price_range(game, sym)
        out.append({"company": sym, "price": low, "max": min(high, cash)})
    return out


def _redeem(game, step, corp) -> list[Choice]:
    from framework.engine.steps.redeem import terms, unit_price

    redemption = terms(game, corp)
    pool = game.corporations[corp].certificates_of(POOL)
    price = unit_price(game, corp, redemption)
    most = len(pool) if redemption.max_shares == "all" else redemption.max_shares
    out = []
    for count in range(1, most + 1):
        if price * count <= game.corporations[corp].cash:
            out.append(
                {
                    "shares": [s.id for s in pool[:count]],
                    "percent": 10 * count,
                    "share_price": price,
                }
            )
    return out


def _routes(game, step, entity) -> list[Choice]:
    return [{"trains": [t.id for t in trains.owned(game, entity) if not t.ran]}]


def _dividend(game, step, corp) -> list[Choice]:
    kinds = ["payout"] if game.corporations[corp].bot else game.title.rules.dividends.kinds
    return [{"kind": k} for k in kinds]


def _buy_train(game, step, corp) -> list[Choice]:
    """Depot purchases the corporation can pay for (with its president's money, only the
    cheapest depot train), and other corporations' trains from the least price up to the
    most it may pay."""
    cash = game.corporations[corp].cash
    helped = cash + purchases.president_cash(game, corp) if purchases.must_buy(game, corp) else cash
    cheapest = purchases.cheapest_depot_price(game)
    any_train = not game.title.rules.trains.emergency.cheapest_depot_train
    out = [
        _depot_choice(o)
        for o in step.offered_depot(corp)
        if o.price <= cash
        or (o.price <= helped and o.exchange is None and (any_train or o.price == cheapest))
    ]
    for train, span in step.offered_others(corp):
        out.append({"train": train.id, "price": span.low, "max": span.high, "variant": train.variant})
    return out


def _depot_choice(offer) -> Choice:
    choice = {"train": offer.train.id, "price": offer.price, "variant": offer.face}
    if offer.exchange is not None:
        choice["exchange"] = offer.exchange.id
    return choice


def _special_buy(game, step, company) -> list[Choice]:
    import math

    ability = step.ability(company)
    corp = game.companies[company].owner
    out = []
    for train in trains.offered(game):
        if train.name in ability.trains:
            base = game.title.trains[train.name].price
            price = base - math.floor(base * ability.fraction)
            if price <= game.corporations[corp].cash and len(trains.owned(game, corp)) < game.train_limit(
                corp
            ):
                out.append({"train": train.id, "price": price, "variant": train.name})
    return out


def _discard(game, step, entity) -> list[Choice]:
    return [{"train": t.id} for t in trains.owned(game, entity)]


def _pass(game, step, entity) -> list[Choice]:
    return [{}]


def _pass_buying(game, step, corp) -> list[Choice]:
    from framework.engine.purchases import must_buy

    return [] if corp in game.corporations and must_buy(game, corp) else [{}]


_HANDLERS = {
    ("waterfall_auction", "bid"): _bids,
    ("company_pending_par", "par"): _pending_par,
    ("buy_sell_par_shares", "par"): _par,
    ("buy_sell_par_shares", "buy_shares"): _buy_shares,
    ("exchange", "buy_shares"): _exchange,
    ("buy_sell_par_shares", "sell_shares"): _sell_shares,
    ("buy_sell_par_shares", "buy_company"): _player_buys_company,
    ("buy_train", "sell_shares"): _sell_shares,
    ("priority_card", "choose"): _priority,
    ("track", "lay_tile"): _track,
    ("special_track", "lay_tile"): _step_lays,
    ("token", "place_token"): _tokens,
    ("home_token", "place_token"): _step_cities,
    ("teleport", "lay_tile"): _step_lays,
    ("teleport", "place_token"): _step_cities,
    ("assign", "assign"): _assign,
    ("buy_company", "buy_company"): _buy_company,
    ("redeem_shares", "buy_shares"): _redeem,
    ("routes", "run_routes"): _routes,
    ("dividend", "dividend"): _dividend,
    ("buy_train", "buy_train"): _buy_train,
    ("early_train_purchase", "buy_train"): _buy_train,
    ("special_buy_train", "buy_train"): _special_buy,
    ("discard_train", "discard_train"): _discard,
    ("buy_train", "pass"): _pass_buying,
    ("*", "pass"): _pass,
    ("*", "bankrupt"): _pass,
}
