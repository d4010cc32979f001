"""Certificates a corporation holds back for exchanges (``reserved_shares``), and the
exchange made as the purchase of a stock turn (an ``exchange`` ability ``when: purchase``).

A reserved certificate stays with its issuer, out of sale, while a company whose
exchange takes it ``from: reserved`` is open; the exchange hands over the first still
held. Once no such company is open (exchanged, closed or left out of the game) the
certificate is an ordinary one of the initial offering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine import finance, shares
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, CLOSED, OUT_OF_GAME, POOL
from framework.title.companies import Exchange

if TYPE_CHECKING:
    from framework.engine.entities import Corporation, Share
    from framework.engine.game import Game


def _place(share: Share) -> int:
    return int(share.id.rsplit("_", 1)[1])


def _exchanged_for(game: Game, corp: str) -> list[str]:
    """The open companies whose exchange takes ``corp``'s reserved certificates."""
    out = []
    for sym, spec in game.title.companies.items():
        company = game.companies.get(sym)
        if company is None or company.owner in (CLOSED, OUT_OF_GAME):
            continue
        for ability in spec.abilities:
            if isinstance(ability, Exchange) and "reserved" in ability.from_ and corp in ability.corporations:
                out.append(sym)
    return out


def reserved(game: Game, corp: Corporation) -> list[Share]:
    """``corp``'s reserved certificates its issuer still holds, in order."""
    places = game.title.corporations[corp.sym].reserved_shares
    if not places:
        return []
    return [s for s in corp.shares if s.owner == corp.issuer and _place(s) in places]


def held(game: Game, corp: Corporation, share: Share) -> bool:
    """Whether ``share`` is held back now: reserved, with its issuer, and some company
    may still be exchanged for it."""
    places = game.title.corporations[corp.sym].reserved_shares
    if not places or share.owner != corp.issuer or _place(share) not in places:
        return False
    return bool(_exchanged_for(game, corp.sym))


def purchase_exchanges(game: Game, player: str) -> list[tuple[str, Corporation, Share]]:
    """``(company, corporation, certificate)`` for each exchange ``when: purchase`` that
    ``player``'s companies offer now (the holding limit holds, the certificate limit not:
    the company goes as the share comes)."""
    from framework.engine import operating

    out = []
    for sym, company in game.companies.items():
        if company.owner != player:
            continue
        ability = operating.ability(game, sym, "exchange")
        if not isinstance(ability, Exchange) or ability.when != "purchase":
            continue
        for corp_sym in ability.corporations:
            corp = game.corporations.get(corp_sym)
            if corp is None or corp.closed or corp.par is None:
                continue
            share = source_share(game, corp, ability)
            if share is None:
                continue
            most = finance.holding_limit(game, corp.sym)
            if finance.holding_limited(game, corp) and corp.percent_of(player) + share.percent > most:
                continue
            out.append((sym, corp, share))
    return out


def source_share(game: Game, corp: Corporation, ability: Exchange) -> Share | None:
    """The certificate ``ability`` would hand over from ``corp`` now: the first of its
    sources that has one."""
    for source in ability.from_:
        if source == "reserved":
            found = reserved(game, corp)
            if found:
                return found[0]
        elif source in ("ipo", "pool"):
            owner = corp.issuer if source == "ipo" else POOL
            share = next(
                (s for s in corp.shares if s.owner == owner and not s.president and not held(game, corp, s)),
                None,
            )
            if share is not None:
                return share
    return None


def exchange(game: Game, company: str, share_ids: list[str]) -> Corporation:
    """Trade ``company`` for the certificate named, as its exchange allows now; the
    company closes (and the bank pays the corporation when the ability ``capitalises``)."""
    owner = game.companies[company].owner
    offered = {s.id: (corp, s) for sym, corp, s in purchase_exchanges(game, owner) if sym == company}
    if len(share_ids) != 1 or share_ids[0] not in offered:
        names = ", ".join(offered) or "none"
        raise GameError("exchange", f"{company} may be exchanged now for one of: {names}")
    corp, share = offered[share_ids[0]]
    ability = game.title.companies[company].ability("exchange")
    assert isinstance(ability, Exchange)
    finance.move_share(game, share, owner)
    game.log(f"{game.name(owner)} exchanges {company} for {share.percent}% of {corp.sym}")
    if ability.capitalises:
        worth = game.market.price(corp.sym) * share.percent // 10
        finance.pay(game, BANK, corp.sym, worth)
        game.log(f"{corp.sym} receives {worth} from the bank")
    close_company(game, company)
    shares.settle(game, corp)
    return corp
