"""Money and shares: payments, certificate transfers, presidency, floating,
certificate counts and player value.

Money only moves between holders — the bank, players, corporations, minors —
so the total never changes. The bank may pay more than it has: it then goes
negative and is *broken* (reference §4.13).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine import nationals
from framework.engine.entities import Corporation, Share
from framework.title.corporations import uncounted_shares

if TYPE_CHECKING:
    from framework.engine.game import Game

BANK = "bank"


def cash_of(game: Game, holder: str) -> int:
    if holder == BANK:
        return game.bank
    if holder in game.players_by_id:
        return game.players_by_id[holder].cash
    if holder in game.corporations:
        return game.corporations[holder].cash
    return game.minors[holder].cash


def _add(game: Game, holder: str, amount: int) -> None:
    if holder == BANK:
        game.bank += amount
    elif holder in game.players_by_id:
        game.players_by_id[holder].cash += amount
    elif holder in game.corporations:
        game.corporations[holder].cash += amount
    else:
        game.minors[holder].cash += amount


def pay(game: Game, payer: str, payee: str, amount: int) -> None:
    """Move ``amount`` from ``payer`` to ``payee``. Only the bank may go below zero."""
    if amount == 0 or payer == payee:
        return
    if amount < 0:
        raise ValueError("a payment cannot be negative")
    if payer != BANK and cash_of(game, payer) < amount:
        raise GameError("money", f"{game.name(payer)} has {cash_of(game, payer)}, not {amount}")
    _add(game, payer, -amount)
    _add(game, payee, amount)
    if payer == BANK and game.bank < 0 and not game.bank_broken:
        game.bank_broken = True
        game.bank_broke_in = game.round_label()
        game.log("The bank has broken")


def check_spend(game: Game, payer: str, amount: int) -> None:
    """Refuse an amount a player or corporation chooses to pay (a price it names) unless
    it is at least 1 and at most what ``payer`` has: as on 18xx.games, nobody spends
    nothing or less, and a price left out is not a price of 0.

    >>> from types import SimpleNamespace
    >>> game = SimpleNamespace(players_by_id={"1": SimpleNamespace(cash=50)}, name=str)
    >>> check_spend(game, "1", 0)
    Traceback (most recent call last):
    ...
    framework.base.errors.GameError: 1 cannot pay 0: a price is at least 1 (money)
    """
    if amount < 1:
        raise GameError("money", f"{game.name(payer)} cannot pay {amount}: a price is at least 1")
    has = cash_of(game, payer)
    if amount > has:
        raise GameError("money", f"{game.name(payer)} has {has}, not {amount}")


def total_money(game: Game) -> int:
    """Bank + players + corporations + minors: constant throughout a game."""
    return (
        game.bank
        + sum(p.cash for p in game.players)
        + sum(c.cash for c in game.corporations.values())
        + sum(m.cash for m in game.minors.values())
    )


def move_share(game: Game, share: Share, owner: str) -> None:
    """Give a certificate to ``owner``, last in their list."""
    game.share_seq += 1
    share.owner = owner
    share.seq = game.share_seq


def counts_for_limit(game: Game, corporation: Corporation) -> bool:
    """Whether certificates of ``corporation`` count toward the certificate limit now."""
    if corporation.sym not in game.market.positions:
        return True
    return all(zone.counts_for_cert_limit for zone in game.market.zones(corporation.sym))


def holding_limit(game: Game, sym: str) -> int:
    """The most percent of ``sym`` a player may hold: its charter's ``holding_limit``,
    else ``rules.stock.holding_limit``."""
    charter = game.title.corporations.get(sym)
    own = charter.holding_limit if charter is not None else None
    return own if own is not None else game.title.rules.stock.holding_limit


def holding_limited(game: Game, corporation: Corporation) -> bool:
    if corporation.sym not in game.market.positions:
        return True
    return all(zone.holding_limit for zone in game.market.zones(corporation.sym))


def multiple_buy(game: Game, corporation: Corporation) -> bool:
    if corporation.sym not in game.market.positions:
        return False
    return any(zone.multiple_buy for zone in game.market.zones(corporation.sym))


def multiple_buy_from(game: Game, corporation: Corporation) -> set[str]:
    """Where the shares of a multiple-buy turn of ``corporation`` may come from
    (``ipo``, ``pool``): as its multiple-buy zones say (none outside them)."""
    if corporation.sym not in game.market.positions:
        return set()
    return {
        s for zone in game.market.zones(corporation.sym) if zone.multiple_buy for s in zone.multiple_buy_from
    }


def certificate_count(game: Game, player: str) -> float:
    """Certificates of ``player`` that count toward the limit (privates included); the
    halves of a split national's certificates count half."""
    count: float = 0
    halves = getattr(game, "split_nationals", [])
    uncounted = uncounted_shares(game.title.minors) if game.title.minors else set()
    for corp in game.corporations.values():
        if corp.closed:
            continue
        held: float = 0
        for share in corp.shares:
            if share.owner == player and share.id not in uncounted:
                held += 0.5 if corp.sym in halves and not share.president else 1
        if held and counts_for_limit(game, corp):
            count += held
    if game.title.certificate_limit.counts_companies:
        for company in game.companies.values():
            if company.owner == player and game.title.companies[company.sym].counts_for_cert_limit:
                count += 1
    return count


def certificate_limit(game: Game) -> int:
    formed = nationals.certificate_limit(game)
    base = formed if formed is not None else _certificate_limit(game)
    return base + getattr(game, "limit_rise", 0)


def _certificate_limit(game: Game) -> int:
    limits = game.title.certificate_limit
    players = game.counted_players
    if limits.players is not None:
        return limits.players[players]
    table = limits.by_corporations or {}
    in_play = 0
    for corp in game.corporations.values():
        if not corp.closed:
            in_play += 1
    key = min(in_play, max(table))
    key = max(key, min(table))
    return table[key][players]


def new_president(game: Game, corporation: Corporation, previous: str) -> str | None:
    """Who should be president after a transfer: ``previous`` if still among those holding
    the most; otherwise the first of them clockwise after ``previous`` holding at least the
    president's certificate's percent (rulebook §9.4, reference §4.3)."""
    holdings = {p.id: corporation.percent_of(p.id) for p in game.players}
    most = max(holdings.values())
    if holdings.get(previous, 0) >= most:
        return None
    needed = next(s.percent for s in corporation.shares if s.president)
    for pid in game.seat_order_after(previous):
        if holdings[pid] == most and most >= needed:
            return pid
    return None


def change_president(game: Game, corporation: Corporation, new: str, swap_with: str) -> None:
    """``new`` takes the president's certificate and hands ordinary shares of the same
    percent (in the order of ``rules.stock.presidency_swap``) to ``swap_with``, who held
    the certificate."""
    pres_share = next(s for s in corporation.shares if s.president)
    needed = pres_share.percent
    given = 0
    for share in swapped_certificates(game, corporation, new):
        if given >= needed:
            break
        move_share(game, share, swap_with)
        given += share.percent
    move_share(game, pres_share, new)
    game.log(f"{game.name(new)} becomes the president of {corporation.sym}")


def swapped_certificates(game: Game, corporation: Corporation, holder: str) -> list[Share]:
    """``holder``'s ordinary certificates of ``corporation`` in the order a presidency
    swap hands them over (``rules.stock.presidency_swap``)."""
    held = [s for s in corporation.certificates_of(holder) if not s.president]
    if game.title.rules.stock.presidency_swap == "largest_last_got":
        held.sort(key=lambda s: (-s.percent, -s.seq))
    return held


def share_unit(game: Game, sym: str) -> int:
    """The percent one share of ``sym`` is, the share its price is for: its first
    ordinary certificate's (10 for the usual ``[20, 10, …]``), or half the president's
    when that is its only one (1867's minors, ``[100]``: a price of 50 makes it worth
    100); 5 for a national whose certificates split (``national_formation``).

    >>> from framework.engine.finance import certificate_unit
    >>> certificate_unit([20, 10, 10]), certificate_unit([100]), certificate_unit([40, 20, 20, 20])
    (10, 50, 20)
    """
    if sym in getattr(game, "split_nationals", ()):
        return 5
    charter = game.title.corporations.get(sym)
    return certificate_unit((charter.shares if charter is not None else None) or game.title.rules.shares)


def certificate_unit(certificates: list[int]) -> int:
    """The percent one share is for certificates of these sizes (president's first)."""
    return certificates[1] if len(certificates) > 1 else max(certificates[0] // 2, 1)


def worth(game: Game, sym: str, price: int, percent: int) -> int:
    """What ``percent`` of corporation ``sym`` costs at ``price`` a share, rounded up to
    whole money (a 5% certificate at 285 is worth 143, as on 18xx.games).

    >>> -(-285 * 5 // 10)
    143
    """
    return -(-price * percent // share_unit(game, sym))


def player_value(game: Game, player: str) -> int:
    """Cash + shares at their current price (less their part of the corporation's loans,
    ``rules.loans``) + face value of private companies still owned."""
    value = game.players_by_id[player].cash
    for corp in game.corporations.values():
        if corp.closed or corp.sym not in game.market.positions:
            continue
        price = game.market.price(corp.sym)
        value += sum(worth(game, corp.sym, price, share.percent) for share in corp.certificates_of(player))
        value -= len(corp.loans) * game.title.rules.loans.amount * corp.percent_of(player) // 100
    for company in game.companies.values():
        if company.owner == player:
            value += game.title.companies[company.sym].value
    return value


def dividend_per_holder(total: int, percent: int, rounding: str = "up") -> int:
    """A holder's part of a payout, rounded ``up`` or ``down`` (``dividends.rounding``)."""
    if rounding == "down":
        return total * percent // 100
    return math.ceil(total * percent / 100)


def charge(game: Game, player: str, amount: int) -> None:
    """``player`` pays the bank ``amount`` even beyond what they have: the rest they owe,
    their cash below zero, until they raise it (the ``cash_crisis`` step)."""
    if amount < 0:
        raise ValueError("a charge cannot be negative")
    _add(game, player, -amount)
    _add(game, BANK, amount)


def forgive(game: Game, player: str) -> None:
    """The bank forgives ``player``'s debt (their cash below zero): they owe nothing."""
    owed = -game.players_by_id[player].cash
    if owed > 0:
        _add(game, player, owed)
        _add(game, BANK, -owed)
