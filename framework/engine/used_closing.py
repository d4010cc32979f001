"""Companies that close at the end of the operating round in which they were used
(``closes_at_round_end_when_used``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine.company_closing import close_company

if TYPE_CHECKING:
    from framework.engine.game import Game


def ability_used(game: Game, sym: str) -> None:
    """Mark a company that just used an ability to close when the round ends, if its
    title says so."""
    company = game.companies[sym]
    if not game.title.companies[sym].closes_at_round_end_when_used or company.closes_at_round_end:
        return
    company.closes_at_round_end = True
    game.log(f"{sym} is used and will close at the end of the operating round")


def close_used(game: Game) -> None:
    """At the end of an operating round: close the companies used in it."""
    for sym, company in game.companies.items():
        if company.closes_at_round_end:
            company.closes_at_round_end = False
            close_company(game, sym)
