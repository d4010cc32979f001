"""The players sitting in a new order after a round (a round's ``reseat``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.title.model import Title


def reseat(game: Game, how: str | None, pass_order: list[str]) -> None:
    """Seat the human players anew, ``how`` says (``most_cash``, ``least_cash``,
    ``reverse`` or ``first_to_pass``; ``None``: no change); the first of them then holds
    the priority."""
    if how is None:
        return
    seats = [p.id for p in game.humans]
    if how in ("most_cash", "least_cash"):
        sign = -1 if how == "most_cash" else 1
        order = sorted(seats, key=lambda pid: (sign * game.players_by_id[pid].cash, seats.index(pid)))
    elif how == "reverse":
        order = seats[::-1]
    else:
        order = [pid for pid in pass_order if pid in seats]
        order += [pid for pid in seats if pid not in order]
    humans = [game.players_by_id[pid] for pid in order]
    game.players = humans + [p for p in game.players if p.bot]
    game.humans = humans
    game.priority = 0
    game.log(f"Priority order: {', '.join(game.name(pid) for pid in order)}")


def player_ids(title: Title, count: int) -> list[int]:
    """Ids for ``count`` new players: 1, 2, … skipping any a corporation, minor or
    company of ``title`` is named (1812's minors are ``1`` to ``10``: its players are
    11 on), so that no payment to one goes to the other.

    >>> from framework.title.loader import load_title
    >>> player_ids(load_title("titles/1889"), 3)
    [1, 2, 3]
    """
    names = {*title.corporations, *title.minors, *title.companies}
    out: list[int] = []
    number = 0
    while len(out) < count:
        number += 1
        if str(number) not in names:
            out.append(number)
    return out
