"""What every bot shares: the engine's legal choices turned into actions.

A bot sees a game and answers with its next action. It never guesses what is
legal: it picks among :func:`~framework.engine.choices.legal_actions`, and
turns a choice into an 18xx.games action with :func:`to_action` — an amount
chosen inside the listed range, and for ``run_routes`` the best routes of the
route search (:func:`~framework.engine.autoroute.best_run`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from framework.engine import tokens
from framework.engine.autoroute import best_run

if TYPE_CHECKING:
    from framework.engine.game import Game

Choice = dict[str, Any]
Options = dict[str, dict[str, list[Choice]]]
"""Entity → action type → choices, as :func:`~framework.engine.choices.legal_actions` lists them."""


class Bot(Protocol):
    """A player that chooses every action of a game."""

    name: str

    def act(self, game: Game, options: Options, rng: random.Random) -> dict[str, Any]:
        """The next action, among ``options`` (the game's legal actions now)."""
        ...


def amount_field(choice: Choice) -> str:
    """The field a choice with a range (``max``) leaves open: ``price`` or ``amount``."""
    return "amount" if "amount" in choice else "price"


def amount_range(choice: Choice) -> tuple[int, int]:
    return choice[amount_field(choice)], choice["max"]


def to_action(game: Game, entity: str, kind: str, choice: Choice, price: int | None = None) -> dict[str, Any]:
    """The action of ``entity`` taking ``choice`` of ``kind``; ``price`` picks an amount
    in a listed range (the least by default)."""
    action: dict[str, Any] = {"type": kind, "entity": entity, "entity_type": game.entity_type(entity)}
    if kind == "run_routes":
        run, _ = best_run(game, entity)
        return {**run, "entity": entity}
    fields = {k: v for k, v in choice.items() if k not in ("max", "step")}
    if "max" in choice:
        low, high = amount_range(choice)
        amount = low if price is None else max(low, min(price, high))
        by = choice.get("step")
        fields[amount_field(choice)] = low + (amount - low) // by * by if by else amount
    action.update(fields)
    return action


def prudent(game: Game, options: Options) -> Options:
    """``options`` without the choices a careful player avoids though the rules allow
    them, because they lead nowhere:

    * the first lay of a company's lays that must all be made (``must_lay_all``) after
      which the others could not be made (18xx.games then waits for lays that cannot be
      made, and the game is stuck; this engine would lose them), or of lays that are to
      join two hexes (``joins``) after which no lay could join them (both engines then
      wait for a lay that cannot be made: the game is stuck);
    * the start of a corporation that chooses its home anywhere (``tokens.home_anywhere``)
      when no city is left for it (both engines then wait for a home token that cannot be
      placed);
    * in a merger round, a merger or a pass that is refused once taken (a merged major
      nobody can be president of; both engines list it, then refuse it);
    * a bid above what the bidder can surely pay, their cash less all their other bids
      (18xx.games' reckoning of money tied up in bids, counting only the highest, lets
      some players bid more than they have, and then refuses the settlement that would
      sell them the company): a bid's range stops there.

    An entity left with nothing to do is left out, unless every entity is: then all keep
    all their choices.
    """
    out: Options = {}
    homeless: dict[str, bool] = {}  # (asked once a corporation)
    for entity, kinds in options.items():
        kept = {}
        for kind, choices in kinds.items():
            found = [c for c in (_prudent(game, entity, kind, c, homeless) for c in choices) if c is not None]
            if found:
                kept[kind] = found
        if kept:
            out[entity] = kept
    return out or options


def _prudent(game: Game, entity: str, kind: str, choice: Choice, homeless: dict[str, bool]) -> Choice | None:
    """The choice, narrowed to what a careful player would pick, or ``None``
    (``homeless``: whether each corporation asked about has no city left for its home)."""
    started = choice.get("corporation") if kind in ("par", "bid") else None
    if started is not None:
        sym = str(started)
        if sym not in homeless:
            homeless[sym] = tokens.homeless(game, sym)
        if homeless[sym]:
            return None
    if kind == "bid" and entity in game.players_by_id:
        cash = game.players_by_id[entity].cash
        for step in game.current_round.steps:
            if hasattr(step, "free_cash") and not step.passed:
                cash = step.free_cash(entity, choice.get("company"))
        low = choice[amount_field(choice)]
        if low > cash:
            return None
        if "max" in choice and choice["max"] > cash:
            by = choice.get("step") or 1
            return {**choice, "max": low + (cash - low) // by * by}
        return choice
    if _broken_merger(game, entity, kind, choice):
        return None
    return None if _dead_end(game, entity, kind, choice) else choice


def _broken_merger(game: Game, entity: str, kind: str, choice: Choice) -> bool:
    """Whether, in a merger round, a merger or a pass is one both engines refuse once it is
    taken, or leads to one: a merged major nobody can be president of, a pass leaving one
    without a president (18xx.games lists them, then refuses them: "Merge impossible")."""
    rnd = game.round
    if rnd is None or rnd.kind != "merger" or kind not in ("merge", "pass"):
        return False
    from framework.engine import minor_mergers
    from framework.engine.steps.minor_merger import leaves_no_president

    state: Any = rnd  # (the merger round's state, declared by its steps)
    if kind == "pass" and entity in game.players_by_id:
        return leaves_no_president(rnd, entity)
    if kind == "pass":
        merging = list(state.merging or [])
    elif state.merger_stage == "forming":
        major = str(choice.get("corporation"))
        return not minor_mergers.presidency_possible(game, list(state.merging), major)
    elif state.merger_stage is None:
        merging = [*(state.merging or [entity]), str(choice.get("corporation"))]
    else:
        return False
    if len(merging) < 2:
        return False
    majors = minor_mergers.majors_to_form(game)
    return not any(minor_mergers.presidency_possible(game, merging, m) for m in majors)


def _dead_end(game: Game, entity: str, kind: str, choice: Choice) -> bool:
    if kind != "lay_tile" or entity not in game.companies:
        return False
    from framework.base.errors import GameError
    from framework.engine.state import fork
    from framework.title.companies import TileLay

    ability = game.title.companies[entity].ability("tile_lay")
    uses = game.companies[entity].uses.get("tile_lay", 0)
    if not isinstance(ability, TileLay) or uses != ability.count or uses < 2:
        return False
    if not ability.must_lay_all and ability.joins is None:
        return False
    trial = fork(game)
    try:
        trial.process(to_action(game, entity, kind, choice))
    except GameError:
        return True
    if ability.joins is not None:
        from framework.engine.choices import legal_actions

        return not legal_actions(trial).get(entity, {}).get("lay_tile")
    return trial.companies[entity].uses.get("tile_lay", 0) == 0
