"""What the bank pays a corporation for its tile actions: its charter's and its
companies' ``lay_subsidy``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.engine import finance
from framework.engine.entities import BANK
from framework.engine.operating import owned_abilities
from framework.title.companies import LaySubsidy
from framework.title.corporations import CharterLaySubsidy

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.lay_subsidy import LaySubsidyTerms


def pay_lay_subsidies(game: Game, payer: str, hex_id: str, had_town: bool) -> None:
    """Pay ``payer`` (the corporation that just laid the tile in ``hex_id``; ``had_town``:
    the hex had a town before) each subsidy its charter and its companies give for it."""
    charter = game.title.corporations.get(payer)
    if charter is None:
        return
    found: list[tuple[str, LaySubsidyTerms]] = [
        (payer, a) for a in charter.abilities if isinstance(a, CharterLaySubsidy)
    ]
    found += owned_abilities(game, payer, LaySubsidy)
    face = game.track_board.face(hex_id)
    for source, subsidy in found:
        if subsidy.earned(face.color, face.label, had_town):
            finance.pay(game, BANK, payer, subsidy.amount)
            game.log(f"{payer} receives a {subsidy.amount} subsidy from {source} for the tile in {hex_id}")
