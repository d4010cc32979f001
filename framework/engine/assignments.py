"""Assigned bonuses a player chooses (``assigned_bonus`` with ``player_assigns``) and
those a corporation assigns once in each operating round (``per_round``).

While a player owns such a company, the operating round waits at its start for the
company: it assigns its bonus to one of its hexes and to a floated corporation or minor
(each once, in either order) or passes. The round keeps what each company has assigned
in it (:data:`ASSIGNED_THIS_ROUND`); the ``assign`` step asks here whom it waits for and
what may be chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from framework.base.errors import GameError
from framework.engine.steps.base import Choice, RoundState
from framework.title.companies import AssignedBonus

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.rounds import Round

ASSIGNED_THIS_ROUND = RoundState(
    "assigned_this_round",
    {},
    "What each company with an ``assigned_bonus`` has assigned in this operating round, by "
    "company: ``hex``, ``corporation`` and ``passed`` (its owner declined at the round's start).",
)

HEX, CORPORATION, PASSED = "hex", "corporation", "passed"


def _record(game: Game) -> dict[str, list[str]]:
    found = getattr(game.round, ASSIGNED_THIS_ROUND.name, None)
    return found if isinstance(found, dict) else {}


def note(game: Game, sym: str, part: str) -> None:
    """Record that company ``sym`` assigned ``part`` (or passed) in this round."""
    record = getattr(game.round, ASSIGNED_THIS_ROUND.name, None)
    if isinstance(record, dict):
        record.setdefault(sym, []).append(part)


def assignments_left(game: Game, sym: str, ability: AssignedBonus) -> bool:
    """Whether a corporation owning ``sym`` may still assign its bonus's hex: once per
    round (``per_round``), else while ``count`` lasts."""
    if ability.per_round is not None:
        removed = game.companies[sym].uses.get("assigned_bonus", 1) <= 0
        return not removed and _record(game).get(sym, []).count(HEX) < ability.per_round
    return game.companies[sym].uses.get("assigned_bonus", 0) > 0


def routes_run(round_: Round) -> bool:
    """Whether the operator has run its trains in this turn (its ``routes`` step done)."""
    routes = round_.step("routes")
    return routes is not None and routes.passed


def used(game: Game, sym: str, ability: AssignedBonus) -> None:
    """A corporation owning ``sym`` assigned its bonus to a hex."""
    if ability.per_round is not None:
        note(game, sym, HEX)
    else:
        game.companies[sym].uses["assigned_bonus"] -= 1


def _player_bonus(game: Game, sym: str) -> AssignedBonus | None:
    ability = game.title.companies[sym].ability("assigned_bonus")  # a player's, whatever its ``owner``
    if not isinstance(ability, AssignedBonus) or not ability.player_assigns:
        return None
    if game.companies[sym].owner not in game.players_by_id:
        return None
    if game.companies[sym].uses.get("assigned_bonus", 1) <= 0:  # removed from the game
        return None
    return ability


def corporations_for(game: Game, sym: str) -> list[str]:
    """The floated minors and corporations the player-owned ``sym`` may assign its bonus
    to now: all but the one it is assigned to."""
    now = game.companies[sym].assigned
    current = now[1] if now is not None else None
    minors = [m for m, minor in game.minors.items() if minor.floated and not minor.closed]
    corps = [c for c, corp in game.corporations.items() if corp.floated and not corp.closed]
    return [c for c in [*minors, *corps] if c != current]


def hexes_for(game: Game, sym: str, ability: AssignedBonus) -> list[str]:
    """The hexes the player-owned ``sym`` may assign its bonus to now: all but its own."""
    now = game.companies[sym].assigned
    return [h for h in ability.hexes if now is None or now[0] != h]


def _open_parts(game: Game, sym: str, ability: AssignedBonus) -> list[str]:
    done = _record(game).get(sym, [])
    if PASSED in done:
        return []
    parts = []
    corporation = CORPORATION not in done and bool(corporations_for(game, sym))
    if corporation:
        parts.append(CORPORATION)
    now = game.companies[sym].assigned
    if HEX not in done and (corporation or (now is not None and now[1] is not None)):
        parts.append(HEX)
    return parts


def waiting_company(game: Game) -> str | None:
    """The player-owned company the operating round waits for at its start, if any."""
    if game.round is None or game.round.kind != "operating":
        return None
    for sym in game.companies:
        ability = _player_bonus(game, sym)
        if ability is not None and _open_parts(game, sym, ability):
            return sym
    return None


def choices(game: Game, sym: str) -> list[Choice]:
    """The hexes and corporations the waiting company may assign its bonus to."""
    ability = _player_bonus(game, sym)
    if ability is None:
        return []
    parts = _open_parts(game, sym, ability)
    out: list[Choice] = []
    if HEX in parts:
        out += [{"target": h, "target_type": "hex"} for h in hexes_for(game, sym, ability)]
    if CORPORATION in parts:
        out += [
            {"target": c, "target_type": "minor" if c in game.minors else "corporation"}
            for c in corporations_for(game, sym)
        ]
    return out


def assign(game: Game, sym: str, target: str) -> None:
    """The waiting company assigns its bonus to a hex or to a corporation or minor."""
    ability = _player_bonus(game, sym)
    if ability is None:
        raise GameError("assigned bonus", f"{sym} may not assign its bonus now")
    parts = _open_parts(game, sym, ability)
    company = game.companies[sym]
    hex_now, corp_now = company.assigned or (None, None)
    if target in ability.hexes:
        if HEX not in parts or target not in hexes_for(game, sym, ability):
            raise GameError("assigned bonus", f"{sym}'s bonus cannot go to {target} now")
        company.assigned = (target, corp_now)
        note(game, sym, HEX)
    elif target in game.corporations or target in game.minors:
        if CORPORATION not in parts or target not in corporations_for(game, sym):
            raise GameError("assigned bonus", f"{sym}'s bonus cannot go to {target} now")
        company.assigned = (hex_now, target)
        note(game, sym, CORPORATION)
    else:
        raise GameError(
            "assigned bonus", f"{sym}'s bonus goes to one of {', '.join(ability.hexes)} or a corporation"
        )
    game.log(f"{sym} is assigned to {target}")


def pass_assigning(game: Game, sym: str) -> None:
    """The waiting company's owner keeps its bonus where it is for this round."""
    note(game, sym, PASSED)
    game.log(f"{sym}'s owner keeps its bonus where it is")


def bought(game: Game, sym: str, buyer: str) -> None:
    """A corporation bought ``sym``: a bonus its player owner assigned now earns the
    buyer's routes, in the hex it is in."""
    ability = game.title.companies[sym].ability("assigned_bonus")
    if isinstance(ability, AssignedBonus) and ability.player_assigns:
        company = game.companies[sym]
        company.assigned = ((company.assigned or (None, None))[0], buyer)
