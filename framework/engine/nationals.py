"""What the nationals formed so far change (read by the rest of the engine; their
formation itself is :mod:`framework.engine.national_formation`): the formations the
title's trains make, the end of loans once one has formed, and its certificate limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.national_formation import NationalFormation


def formations(game: Game) -> list[NationalFormation]:
    """Every national formation the title's trains make."""
    return [e.formation for t in game.title.trains.values() for e in t.events if e.formation is not None]


def formed_by_event(game: Game, sym: str) -> bool:
    """Whether ``sym`` is the national a train event forms: no player starts it."""
    return any(f.national == sym for f in formations(game))


def formation_of(game: Game, national: str) -> NationalFormation:
    return next(f for f in formations(game) if f.national == national)


def loans_ended(game: Game) -> bool:
    """Whether a national has formed: no loans are taken nor interest paid any more."""
    return bool(getattr(game, "nationals_formed", []))


def certificate_limit(game: Game) -> int | None:
    """The certificate limit a formed national set (its ``cert_limits``), if any."""
    formed = getattr(game, "nationals_formed", [])
    if not formed:
        return None
    table = formation_of(game, formed[-1]).cert_limits
    if not table:
        return None
    in_play = sum(1 for c in game.corporations.values() if not c.closed)
    key = max(min(in_play, max(table)), min(table))
    return table[key].get(game.counted_players)
