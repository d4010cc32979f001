"""Corporations started only with a company: an ``exchange`` ability ``from: [par]``
(1882's Saskatchewan Central). Its owner alone may start the corporation; the company
pays one share of the president's certificate at the par price, and closes. Once the
company has closed otherwise (1882's SC, at phase 6), nobody may start the corporation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import finance
from framework.title.companies import Exchange

if TYPE_CHECKING:
    from framework.engine.entities import Corporation
    from framework.engine.game import Game


def par_company(game: Game, corp: str) -> str | None:
    """The company whose exchange ability starts ``corp`` (``from: par``), if any, open
    or closed."""
    for sym in game.companies:
        ability = game.title.companies[sym].ability("exchange")
        if not isinstance(ability, Exchange):
            continue
        if "par" in ability.from_ and corp in ability.corporations:
            return sym
    return None


def par_cost(game: Game, player: str, corp: Corporation, price: int) -> int | None:
    """What ``player`` pays to start ``corp`` at ``price``: its president's certificate,
    less one share when a company of ``player`` starts it; ``None`` when a company of
    someone else's alone may start it, or one that has closed."""
    unit = finance.share_unit(game, corp.sym)
    cost = price * next(s.percent for s in corp.shares if s.president) // unit
    company = par_company(game, corp.sym)
    if company is None:
        return cost
    if game.companies[company].closed or game.companies[company].owner != player:
        return None
    return cost - price * min(s.percent for s in corp.shares) // unit
