"""Buying, selling and starting corporations: the rules shared by stock rounds
and emergency sales.

Selling (rulebook §9.1, reference §4.3): to the bank pool, at the current price,
the price dropping as the title says; the pool may not pass its limit; the
president's certificate goes to the pool only when another player can take the
presidency, who then swaps it for ordinary shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, tokens
from framework.engine.entities import BANK, IPO, OUT_OF_GAME, POOL, Corporation, Share

if TYPE_CHECKING:
    from framework.engine.game import Game


def find_shares(game: Game, ids: list[str]) -> tuple[Corporation, list[Share]]:
    """The certificates named by ``ids`` (all of one corporation)."""
    if not ids:
        raise GameError("shares", "no shares named")
    sym = ids[0].rpartition("_")[0]
    corp = game.corporations.get(sym)
    if corp is None:
        raise GameError("shares", f"there is no corporation {sym}")
    by_id = {s.id: s for s in corp.shares}
    shares = []
    for share_id in ids:
        if share_id not in by_id:
            raise GameError("shares", f"there is no certificate {share_id}")
        if by_id[share_id] in shares:
            raise GameError("shares", f"the certificate {share_id} is named twice")
        shares.append(by_id[share_id])
    return corp, shares


def pool_room(game: Game, corp: Corporation) -> int:
    return game.title.rules.stock.pool_limit - corp.percent_of(POOL)


def check_sale(
    game: Game,
    seller: str,
    corp: Corporation,
    shares: list[Share],
    percent: int,
    *,
    unfloated: bool | None = None,
) -> None:
    """Raise unless ``seller`` may sell ``percent`` of ``corp`` with these certificates
    (``unfloated``: whether an unfloated corporation's shares sell, if not as the stock
    round's rule ``stock.sell_unfloated`` says)."""
    for share in shares:
        if share.owner != seller:
            raise GameError("shares", f"{game.name(seller)} does not hold {share.id}")
    total = sum(s.percent for s in shares)
    pres = next((s.percent for s in shares if s.president), 0)
    leftover = total - percent
    unit = min((s.percent for s in corp.shares if not s.president), default=10)
    if percent <= 0 or percent % min(unit, 10) or leftover < 0 or (leftover and leftover >= pres):
        raise GameError("shares", f"{percent}% cannot be sold with {', '.join(s.id for s in shares)}")
    if leftover and len(shares) < len(corp.certificates_of(seller)):
        raise GameError(
            "shares",
            f"part of the president's certificate of {corp.sym} is sold only with all the seller's "
            "other shares of it",
        )
    rules = game.title.rules.stock
    if corp.sym not in game.market.positions:
        raise GameError("selling", f"{corp.sym} has not been started")
    if not corp.floated and not (rules.sell_unfloated if unfloated is None else unfloated):
        raise GameError("selling", f"{corp.sym} has not floated")
    if rules.sell_before_operating == "nobody" and not corp.operated:
        raise GameError("selling", f"{corp.sym} has not operated: nobody may sell its shares yet")
    if rules.sell_before_operating == "president" and not corp.operated and corp.president() != seller:
        raise GameError("selling", f"{corp.sym} has not operated: only its president may sell its shares")
    if percent > pool_room(game, corp):
        raise GameError("pool limit", f"the bank pool may hold at most {rules.pool_limit}% of {corp.sym}")
    if any(s.president for s in shares):
        after = corp.percent_of(seller) - percent
        others = [corp.percent_of(p.id) for p in game.players if p.id != seller]
        most = max(others, default=0)
        pres = next(s.percent for s in corp.shares if s.president)
        if most < pres or most <= after:
            raise GameError("presidency", f"nobody else can take the presidency of {corp.sym}")


def sell(
    game: Game, seller: str, corp: Corporation, shares: list[Share], percent: int, *, move: bool = True
) -> None:
    """Carry out a checked sale: certificates to the pool, money to the seller, price down
    (unless not ``move``: a drop that waits for price protection, :func:`sale_move`)."""
    price = game.market.price(corp.sym)
    was_president = corp.president() == seller
    for share in shares:
        finance.move_share(game, share, POOL)
    if was_president:
        new = finance.new_president(game, corp, seller)
        if new is not None:
            finance.change_president(game, corp, new, corp.president() or seller)
    # a part of the president's certificate sold: the seller takes back as many
    # certificates as that many shares, the first to have come to the pool (a 5%
    # certificate among them counts as one, as on 18xx.games)
    back = (sum(s.percent for s in shares) - percent) // finance.share_unit(game, corp.sym)
    for share in corp.certificates_of(POOL)[: max(back, 0)]:
        finance.move_share(game, share, seller)
    proceeds = finance.worth(game, corp.sym, price, percent)
    finance.pay(game, BANK, seller, proceeds)
    game.log(f"{game.name(seller)} sells {percent}% of {corp.sym} for {proceeds}")
    if move:
        sale_move(game, corp, percent, was_president)


def sale_move(game: Game, corp: Corporation, percent: int, by_president: bool) -> None:
    """The share price's move for a sale of ``percent`` (``rules.stock.sell_move``)."""
    directions = sale_directions(game, corp, percent, by_president)
    if directions:
        game.market.move(corp.sym, directions)


def sale_directions(game: Game, corp: Corporation, percent: int, by_president: bool) -> list[str]:
    """The steps a sale of ``percent`` moves the share price (``rules.stock.sell_move``)."""
    move = game.title.rules.stock.sell_move
    if move == "none" or (move.endswith("_if_president") and not by_president):
        return []
    if move == "down_per_10_percent":
        return ["down"] * (percent // 10)
    direction = "left" if move.startswith("left") else "down"
    shares_sold = percent // finance.share_unit(game, corp.sym)
    return [direction] * (shares_sold if move.endswith("_per_share") else 1)


def sale_closes(game: Game, corp: Corporation, percent: int, by_president: bool) -> bool:
    """Whether a sale of ``percent`` would take the price into a closing cell."""
    marks = game.title.market.closing_marks()
    if not marks:
        return False
    market = game.market
    position = market.positions[corp.sym]
    for direction in sale_directions(game, corp, percent, by_president):
        position = market.step(position, direction)
    return bool(set(market.cell(position).marks) & set(marks))


def check_bundle_fields(game: Game, corp: Corporation, certs: list[Share], action: dict[str, Any]) -> None:
    """Raise unless a purchase's ``percent`` and ``share_price`` fields, when given, are
    those of the certificates named: their percent, and the price each costs."""
    percent = action.get("percent")
    if percent is not None and int(percent) != sum(s.percent for s in certs):
        raise GameError(
            "shares", f"{', '.join(s.id for s in certs)} are {sum(s.percent for s in certs)}%, not {percent}%"
        )
    price = action.get("share_price")
    if price is not None and not isinstance(price, bool) and str(price).lstrip("-").isdigit():
        costs = {share_price(game, corp, s) for s in certs}
        if costs != {int(price)}:
            raise GameError("share price", f"a share of {corp.sym} costs {min(costs)} now, not {price}")


def source_of(corp: Corporation, share: Share) -> str:
    """Where a share is bought from: the treasury, the initial offering or the pool."""
    if share.owner == corp.sym:
        return "treasury"
    if share.owner == IPO:
        return "ipo"
    if share.owner == POOL:
        return "pool"
    return "player"


def share_price(game: Game, corp: Corporation, share: Share) -> int:
    """What a share costs: the market price, or the par from the initial offering when the
    title says so (the Oscarian Era)."""
    if source_of(corp, share) in ("treasury", "ipo") and game.title.rules.stock.treasury_price == "par":
        return corp.par or game.market.price(corp.sym)
    return game.market.price(corp.sym)


def buy(game: Game, buyer: str, corp: Corporation, shares: list[Share]) -> None:
    """Carry out a checked purchase (what the title's ``buying_shares`` hook leaves of it)."""
    if game.title.rules.stock.purchase_removes_pool_share:
        shares = _remove_pool_share(game, buyer, corp, shares)
    if game.moments.buying_shares is not None:
        shares = game.moments.buying_shares(game, buyer, corp, shares)
    for share in shares:
        cost = finance.worth(game, corp.sym, share_price(game, corp, share), share.percent)
        payee = treasury_payee(game, corp, cost) if source_of(corp, share) == "treasury" else BANK
        finance.pay(game, buyer, payee, cost)
        finance.move_share(game, share, buyer)
        game.log(f"{game.name(buyer)} buys {share.percent}% of {corp.sym} for {cost}")
    settle(game, corp)


def _remove_pool_share(game: Game, buyer: str, corp: Corporation, shares: list[Share]) -> list[Share]:
    """``rules.stock.purchase_removes_pool_share``: what is left of the purchase once the
    pool's last certificate is out of the game."""
    pool = corp.certificates_of(POOL)
    if not pool or buyer == corp.president():
        return shares
    last = pool[-1]
    finance.move_share(game, last, OUT_OF_GAME)
    game.log(f"{game.name(buyer)} removes {last.id} from the game")
    return [] if shares and shares[0] is last else shares


def treasury_payee(game: Game, corp: Corporation, cost: int) -> str:
    """Who is paid ``cost`` for a share of ``corp`` sold from its treasury: the
    corporation, or the bank, keeping it in escrow once the treasury holds no more than
    ``rules.escrow.treasury_above`` percent (for a corporation started with escrow)."""
    escrow = game.title.rules.escrow
    if escrow is None or corp.escrow is None or corp.percent_of(corp.sym) > escrow.treasury_above:
        return corp.sym
    corp.escrow += cost
    game.log(f"{cost} is held in escrow for {corp.sym}")
    return BANK


def float_percent(game: Game, corp: Corporation) -> int:
    """The percent of ``corp`` that must have left its issuer for it to float."""
    own = game.title.corporations[corp.sym].float_percent
    return own or game.float_percent or game.title.rules.float_percent


def settle(game: Game, corp: Corporation) -> None:
    """After certificates of ``corp`` reached new holders: it floats if enough left its
    issuer, and the presidency passes if a player now holds more than the president — or,
    for a corporation in receivership (its president's certificate in the pool), to the
    first player holding as much as that certificate, who hands the pool shares for it."""
    check_float(game, corp)
    president = corp.president()
    if president in game.players_by_id or (president == POOL and corp.floated):
        new = finance.new_president(game, corp, president)
        if new is not None:
            finance.change_president(game, corp, new, president)
            if president == POOL:
                game.log(f"{corp.sym} leaves receivership")


def floatable(game: Game, corp: Corporation) -> bool:
    """Whether enough of ``corp`` (started, not floated) has left its issuer to float."""
    if corp.floated or corp.par is None or corp.closed:
        return False
    return 100 - corp.percent_of(corp.issuer) >= float_percent(game, corp)


def floats_at_first_operation(game: Game, corp: Corporation) -> bool:
    """Whether ``corp`` floats only when its first operating turn comes
    (``rules.float_at``; a fully capitalised corporation floats at the sale)."""
    return game.title.rules.float_at == "first_operation" and corp.capitalization == "incremental"


def check_float(game: Game, corp: Corporation, operating: bool = False) -> None:
    """A corporation floats when enough of it has left its issuer (or, with
    ``rules.float_at: first_operation``, when its first operating turn begins then)."""
    if not floatable(game, corp) or (floats_at_first_operation(game, corp) and not operating):
        return
    assert corp.par is not None, "floatable: started"
    corp.floated = True
    game.log(f"{corp.sym} floats")
    tokens.home_at(game, corp.sym, "float")
    if corp.capitalization == "full":
        rules = game.title.rules
        price = corp.par if rules.float_capital_price == "par" else game.market.price(corp.sym)
        finance.pay(game, BANK, corp.sym, 10 * price)
    if game.title.rules.stock.unsold_to_pool_on_float:
        for share in corp.certificates_of(corp.issuer):
            finance.move_share(game, share, POOL)
        game.log(f"{corp.sym}'s remaining shares go to the market")
