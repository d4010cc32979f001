"""A national railway formed by a train event (the ``national_formation`` event, see
:mod:`framework.title.national_formation`): the event repays what loans the treasuries
can and lists the candidates; the operating round's ``national_formation`` step asks
them in turn (:func:`merge` or :func:`pay_off`), and :func:`form` forms the national
once all have answered. The formation in progress is ``game.formation``: the national,
the train buyer's president (``trigger``), the candidates left, the corporations merged
with the cities of their tokens, the percent each player held of them, the pool's and
their prices; once formed, the hexes where the national must remove tokens
(``removals``) and whether it may still discard trains (``discard``).
``game.nationals_formed`` lists the nationals formed: loans have ended with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import bank_loans, finance
from framework.engine.closing import close_corporation
from framework.engine.discards import discard as discard_train
from framework.engine.entities import BANK, POOL, Share
from framework.engine.nationals import formation_of

if TYPE_CHECKING:
    from framework.board.board import City
    from framework.engine.entities import Train
    from framework.engine.game import Game
    from framework.title.national_formation import NationalFormation

RULE = "national formation"


def state(game: Game) -> dict[str, Any] | None:
    """The formation in progress, if any."""
    found: dict[str, Any] | None = getattr(game, "formation", None)
    return found


def owes_share(game: Game, player: str) -> str | None:
    """The national whose president's certificate ``player`` holds at half its percent,
    given a single share: they must buy a second share of it in their next stock turn,
    selling shares to raise the money, or go bankrupt."""
    if getattr(game, "single_share_president", None) != player:
        return None
    for sym in getattr(game, "nationals_formed", []):
        corp = game.corporations[sym]
        if corp.president() == player and corp.percent_of(player) < max(s.percent for s in corp.shares) * 2:
            return str(sym)
    return None


def fails_to_buy(game: Game, player: str) -> None:
    """``player``, owing a share of a national and with nothing left to sell, cannot pay
    for it: they are bankrupt."""
    national = owes_share(game, player)
    if national is None or game.players_by_id[player].cash >= game.market.price(national):
        return
    game.log(f"{game.name(player)} cannot raise the money for a share of {national} and is bankrupt")
    game.trigger_end("bankrupt")


def start(game: Game, formation: NationalFormation, train: Train) -> None:
    """The event: treasuries repay what whole loans they can; the corporations still
    owing loans are the candidates."""
    game.log(f"{formation.national} formation")
    amount = game.title.rules.loans.amount
    for sym, corp in game.corporations.items():
        if sym == formation.national or corp.closed or not corp.floated or not corp.loans:
            continue
        repaid = min(len(corp.loans), corp.cash // amount) if amount else len(corp.loans)
        if repaid:
            finance.pay(game, sym, BANK, repaid * amount)
            bank_loans.give_back(game, corp, repaid)
            game.log(f"{sym} repays {repaid * amount} to redeem {repaid} loans")
    buyer = game.corporations.get(train.owner)
    trigger = buyer.president() if buyer is not None else None
    game.formation = {
        "national": formation.national,
        "trigger": trigger,
        "candidates": candidates(game, formation, trigger),
        "merged": {},
        "held": {},
        "pool": 0,
        "prices": [],
        "removals": [],
        "discard": False,
    }
    if game.formation["candidates"]:
        game.log("Merge candidates: " + ", ".join(game.formation["candidates"]))
    else:
        finish(game)


def candidates(game: Game, formation: NationalFormation, trigger: str | None) -> list[str]:
    """The floated corporations owing loans, by their presidents in seat order from
    ``trigger``, each player's in operating order."""
    seats = [p.id for p in game.players]
    at = seats.index(trigger) if trigger in seats else 0
    order = {p: (i + len(seats) if i < at else i) for i, p in enumerate(seats)}
    entities = getattr(game.current_round, "entities", [])
    found = [
        sym
        for sym, corp in game.corporations.items()
        if sym != formation.national and not corp.closed and corp.floated and corp.loans
    ]

    def key(sym: str) -> tuple[int, int]:
        president = str(game.corporations[sym].president())
        return order.get(president, len(seats) * 2), entities.index(sym) if sym in entities else len(entities)

    return sorted(found, key=key)


def candidate(game: Game) -> str | None:
    """The candidate who answers now."""
    found = state(game)
    return str(found["candidates"][0]) if found and found["candidates"] else None


def _check(game: Game, sym: str) -> dict[str, Any]:
    found = state(game)
    if found is None or candidate(game) != sym:
        raise GameError(RULE, f"{sym} is not the corporation asked to merge into the national now")
    return found


def merge(game: Game, sym: str) -> None:
    """``sym`` merges into the national: its trains, treasury and route rights go there,
    its loans back to the bank; its tokens are exchanged once the national forms."""
    found = _check(game, sym)
    national = str(found["national"])
    corp = game.corporations[sym]
    game.log(f"{sym} merges into {national}")
    for train in game.trains.values():
        if train.owner == sym:
            train.owner = national
    if corp.cash:
        finance.pay(game, sym, national, corp.cash)
    bank_loans.give_back(game, corp, len(corp.loans))
    for company in game.companies.values():
        if sym not in company.right_holders:
            continue
        company.right_holders.remove(sym)
        if national in company.right_holders:
            company.rights_sold = max(company.rights_sold - 1, 0)
            game.log(f"{national} already holds {company.sym}'s right: {sym}'s goes back")
        else:
            company.right_holders.append(national)
            game.log(f"{national} gets {sym}'s right of {company.sym}")
    board = game.track_board
    cities = board.cities_of(sym)
    home = game.title.corporations[sym].home
    cities.sort(key=lambda c: 0 if home is not None and c[0] == home.hex else 1)
    found["merged"][sym] = [list(c) for c in cities]
    held: dict[str, int] = found["held"]
    for player in game.players:
        percent = corp.percent_of(player.id)
        if percent:
            held[player.id] = held.get(player.id, 0) + percent
    found["pool"] += corp.percent_of(POOL)
    found["prices"].append(game.market.price(sym))
    found["candidates"].remove(sym)
    if not found["candidates"]:
        finish(game)


def pay_off(game: Game, sym: str) -> None:
    """``sym`` declines: its treasury goes towards its loans, its president pays the rest."""
    found = _check(game, sym)
    corp = game.corporations[sym]
    owed = len(corp.loans) * game.title.rules.loans.amount - corp.cash
    president = corp.president()
    if president in game.players_by_id and owed > game.players_by_id[president].cash:
        raise GameError(RULE, f"{game.name(president)} cannot pay {owed} for {sym}'s loans")
    finance.pay(game, sym, BANK, corp.cash)
    if president is not None and owed > 0:
        finance.pay(game, president, BANK, owed)
        game.log(f"{game.name(president)} pays off the {owed} debt for {sym}")
    bank_loans.give_back(game, corp, len(corp.loans))
    found["candidates"].remove(sym)
    if not found["candidates"]:
        finish(game)


def finish(game: Game) -> None:
    """Every candidate has answered: the national forms if any merged, else it closes."""
    found = state(game)
    assert found is not None
    national = str(found["national"])
    if not found["merged"]:
        game.log(f"{national} does not form")
        game.formation = None
        close_corporation(game, national)
        return
    formation = formation_of(game, national)
    corp = game.corporations[national]
    position = starting_cell(game, formation, [int(p) for p in found["prices"]])
    game.market.place(national, position)
    corp.par = game.market.price(national)
    corp.floated = True
    corp.operated = True
    game.log(f"{national} forms at {corp.par}")
    exchange_shares(game, formation, found)
    exchange_tokens(game, formation, found)
    merged = list(found["merged"])
    rnd = game.current_round
    entities: list[str] = getattr(rnd, "entities", [])
    index = getattr(rnd, "index", None)
    if index is not None and entities and all(s in entities and entities.index(s) > index for s in merged):
        entities.insert(index + 1, national)
    operator = rnd.entity() if hasattr(rnd, "entity") else None
    for sym in merged:
        if sym != operator:
            close_corporation(game, sym)
    found["closing"] = operator if operator in merged else None
    game.nationals_formed = [*getattr(game, "nationals_formed", []), national]
    found["discard"] = bool(discardable(game))
    _done(game)


def starting_cell(game: Game, formation: NationalFormation, prices: list[int]) -> tuple[int, int]:
    """The top-row cell the national starts in (see the title's module docstring)."""
    if len(prices) > max(formation.drop_lowest_above, 1):
        prices.remove(min(prices))
    average = sum(prices) // len(prices) // 5 * 5
    row = game.title.market.grid[0]
    cells = [
        (col, c.price) for col, c in enumerate(row) if c is not None and c.price >= formation.lowest_price
    ]
    col, _ = min(cells, key=lambda c: (abs(c[1] - average), -c[1]))
    return (0, col)


def exchange_shares(game: Game, formation: NationalFormation, found: dict[str, Any]) -> None:
    national = game.corporations[str(found["national"])]
    seats = [p.id for p in game.players]
    trigger = found["trigger"]
    at = seats.index(trigger) if trigger in seats else 0
    ordered = seats[at:] + seats[:at]
    held: dict[str, int] = found["held"]
    unit = formation.exchange_percent
    left = formation.shares
    pool = int(found["pool"])
    awarded: dict[str, int] = {}
    president, most = None, 0
    for player in ordered:
        if player not in held:
            continue
        count = min(held[player] // unit, left)
        pool += held[player] % unit
        left -= count
        awarded[player] = count
        game.log(f"{game.name(player)} gets {count} shares of {national.sym}")
        if count > most:
            president, most = player, count
    to_pool = min(pool // unit, left)
    left -= to_pool
    units = 100 // min(s.percent for s in national.shares)
    if formation.shares - left > units:
        split(game, national, units)
    unissued = [s for s in national.shares if s.owner == national.issuer and not s.president]
    given = 0
    cap = formation.shares - 2
    for player in ordered:
        count = awarded.get(player, 0)
        if player == president:
            chief = next(s for s in national.shares if s.president)
            if most == 1:
                chief.percent //= 2
                count -= 1
                game.single_share_president = player
                game.log(f"{game.name(player)} is president of {national.sym} with a single share")
            else:
                count -= 2
            finance.move_share(game, chief, player)
        while count > 0 and given < cap and unissued:
            finance.move_share(game, unissued.pop(), player)
            count -= 1
            given += 1
    for share in unissued[len(unissued) - to_pool :] if to_pool else []:
        finance.move_share(game, share, POOL)


def split(game: Game, national: Any, units: int) -> None:
    """Every certificate of the national (of ``units`` shares) splits in two: ``units``
    new halves, numbered from the count of halves the whole makes (as 18xx.games numbers
    them: a 10-share national's new certificates are its 20th to 29th)."""
    game.log(f"{national.sym} issues {units} more shares: its shares are now halves")
    for share in national.shares:
        share.percent //= 2
    game.split_nationals = [*getattr(game, "split_nationals", []), national.sym]
    half = min(s.percent for s in national.shares)
    first = 100 // half
    for index in range(first, first + units):
        national.shares.append(Share(f"{national.sym}_{index}", half, False, national.issuer))


def exchange_tokens(game: Game, formation: NationalFormation, found: dict[str, Any]) -> None:
    """The national's tokens replace the merged ones: homes first, one to a city."""
    national = str(found["national"])
    corp = game.corporations[national]
    board = game.track_board
    merged: dict[str, list[list[Any]]] = found["merged"]
    homes: list[City] = []
    for sym, cities in merged.items():
        if cities:
            homes.append((str(cities[0][0]), int(cities[0][1])))
            _replace(game, sym, national, homes[-1])
    for sym, cities in merged.items():
        for raw in cities[1:]:
            city = (str(raw[0]), int(raw[1]))
            if any(h[0] == city[0] for h in homes):
                board.remove_token(sym, city)
                continue
            if city in board.cities_of(national):
                board.remove_token(national, city)
                corp.extra_tokens -= 1
            _replace(game, sym, national, city)
    placed = board.cities_of(national)
    by_hex: dict[str, list[City]] = {}
    for city in placed:
        by_hex.setdefault(city[0], []).append(city)
    removals: list[dict[str, Any]] = [
        {"hexes": [h], "count": len(c) - 1} for h, c in by_hex.items() if len(c) > 1
    ]
    keep = max(len(homes), formation.token_limit)
    over = len(placed) - sum(r["count"] for r in removals) - keep
    if over > 0:
        home_hexes = {h[0] for h in homes}
        removals.append({"hexes": sorted({c[0] for c in placed} - home_hexes), "count": over})
    found["removals"] = removals
    spare = max(keep - len(placed) + sum(r["count"] for r in removals), 0)
    corp.added_tokens.extend([formation.token_price] * spare)
    game.log(f"{national} has {spare} spare tokens at {formation.token_price}")


def _replace(game: Game, sym: str, national: str, city: City) -> None:
    game.track_board.replace_token(sym, national, city)
    game.corporations[national].extra_tokens += 1
    game.log(f"{sym}'s token in {city[0]} is replaced with a {national} token")


def remove_token(game: Game, city: City) -> None:
    """The national removes its token from ``city``, as its formation asks."""
    found = state(game)
    assert found is not None and found["removals"]
    national = str(found["national"])
    removal = found["removals"][0]
    if city[0] not in removal["hexes"] or city not in game.track_board.cities_of(national):
        raise GameError(RULE, f"{national} may not remove a token in {city[0]} now")
    game.track_board.remove_token(national, city)
    game.corporations[national].extra_tokens -= 1
    game.log(f"{national} removes its token in {city[0]}")
    removal["count"] -= 1
    if removal["count"] <= 0:
        found["removals"].pop(0)
    _done(game)


def discardable(game: Game) -> list[Train]:
    """The national's trains it may discard now: those that rust, and the others when it
    holds more than its train limit of them."""
    found = state(game)
    if found is None:
        return []
    national = str(found["national"])
    owned = [t for t in game.trains.values() if t.owner == national]
    rusting = [t for t in owned if game.title.trains[t.name].rusts_on is not None]
    lasting = [t for t in owned if t not in rusting]
    return rusting + (lasting if len(lasting) > game.train_limit(national) else [])


def must_discard(game: Game) -> bool:
    found = state(game)
    if found is None:
        return False
    national = str(found["national"])
    return sum(1 for t in game.trains.values() if t.owner == national) > game.train_limit(national)


def discard(game: Game, train: Train) -> None:
    found = state(game)
    assert found is not None
    if train not in discardable(game):
        raise GameError(RULE, f"{found['national']} may not discard {train.id} now")
    discard_train(game, train)
    game.log(f"{found['national']} discards a {train.name} train")
    found["discard"] = bool(discardable(game))
    _done(game)


def stop_discarding(game: Game) -> None:
    found = state(game)
    assert found is not None
    if must_discard(game):
        raise GameError(RULE, f"{found['national']} is over its train limit and must discard")
    found["discard"] = False
    _done(game)


def _done(game: Game) -> None:
    """Once the national has removed its tokens and discarded its trains, the formation
    is over; the merged corporation whose turn it was closes then (its turn ends)."""
    found = state(game)
    if found is not None and not found["removals"] and not found["discard"]:
        game.formation = None
        if found.get("closing"):
            close_corporation(game, str(found["closing"]))
