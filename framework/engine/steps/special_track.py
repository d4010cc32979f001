"""The ``special_track`` step: companies' tile lays (``tile_lay``).

A company lays for the corporation owning it, on being sold, or for its player owner at
the times its ability says. An ability lists its hexes and tiles or leaves either open
(any hex that takes tiles, any tile the hex may take); what it has left is counted in
:mod:`framework.engine.company_lays`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.board.lays import LayPlan, LayTerms, is_upgrade, legal_lays
from framework.engine import finance, lay_joins, lay_lapses, operating, used_closing
from framework.engine.company_closing import close_company
from framework.engine.company_lays import LAID_THIS_ROUND, count_lay, kinds_left, lays_left
from framework.engine.entities import BANK
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.companies import SOLD_COMPANY
from framework.engine.steps.track import (
    HOME_CHOOSER,
    LAID,
    OPERATOR_ACTED,
    PENDING_HEX,
    PENDING_HOME,
    _build,
    _lay,
    candidate_hexes,
    lay_choices,
)
from framework.title.companies import TileLay

if TYPE_CHECKING:
    pass

LAYS_HELD = RoundState(
    "lays_held",
    None,
    "A company whose lays made together lapsed when another acted: it holds the company lays "
    "closed until the round ends (:func:`framework.engine.lay_lapses.hold`).",
)


@step("special_track")
class SpecialTrack(Step):
    """A company's extra lays (``tile_lay``) for the corporation owning it. The step waits
    only for the rest of the lays of an ability whose lays are made together
    (``must_lay_together``, ``must_lay_all``) once the first is made; they may be made
    whatever the timing, or passed where they need not all be made."""

    description = (
        "Companies lay tiles with their tile-lay abilities: for the corporation owning them, "
        "on being sold, or for their player owner at the times the ability says."
    )
    rounds = ("operating", "stock")
    ROUND_STATE = (
        LAID,
        PENDING_HOME,
        HOME_CHOOSER,
        PENDING_HEX,
        SOLD_COMPANY,
        OPERATOR_ACTED,
        LAYS_HELD,
        LAID_THIS_ROUND,
    )
    waits_again = True  # a first lay later in the turn makes it wait
    _any_together: bool | None = None

    def unfinished(self) -> str | None:
        """The operator's company whose lays are made together, begun and not done."""
        if not self._together():
            return None
        return lay_lapses.lays_begun(self.game, self.round.entity())

    def _together(self) -> bool:
        """Whether any company of the title has lays made together (looked up once: the
        step asks on every question of whose turn it is)."""
        found = self._any_together
        if found is None:
            found = self._any_together = any(
                isinstance(lay := company.ability("tile_lay"), TileLay) and lay.laid_together
                for company in self.game.title.companies.values()
            )
        return found

    def just_sold(self) -> str | None:
        """The company just sold to the operator whose lays on being sold are to be made
        (``when: [sold]``): the step waits for it to lay or pass."""
        sold = self.round.sold_company
        return sold[0] if sold else None

    def acting_entity(self) -> str | None:
        if self.round.lays_held is not None:
            return None
        sold = self.round.sold_company  # just_sold, asked on every question of whose turn it is
        if sold:
            return sold[0]
        together = self._any_together
        if together is None:
            together = self._together()
        return self.unfinished() if together else None

    def blocking(self, current: str | None = None) -> bool:
        return self.acting_entity() is not None

    def explain(self, action: dict[str, Any]) -> GameError | None:
        sym = self.just_sold() or self.unfinished()
        entity = entity_of(action)
        if sym is None or entity != sym:
            why = self.held_back(entity)
            return None if why is None else GameError("special lay", why)
        return GameError("special lay", f"{sym} must make its other lays first")

    def abilities(self, entity: str) -> TileLay | None:
        game = self.game
        company = game.companies.get(entity)
        if company is None:
            return None
        ability = operating.ability(game, entity, "tile_lay")
        if not isinstance(ability, TileLay) or not lays_left(game, entity, ability):
            return None
        if self.round.lays_held is not None:
            return None
        sold = self.just_sold()
        if sold is not None:
            return ability if sold == entity else None
        unfinished = self.unfinished()
        if unfinished is not None and unfinished != entity:
            return None
        if unfinished is None and not self._timely(company.owner, ability):
            return None
        slots = operating.lay_slots(game, company.owner or "")
        if ability.counts_as_track_lay and self.round.laid >= len(slots):
            return None
        if self.joined_already(entity, ability) is not None:
            return None
        return ability

    def joined_already(self, sym: str, ability: TileLay) -> str | None:
        """Why an ability that is to join two hexes may not be used: they are joined
        already, before its first lay (``joins``)."""
        if ability.joins is None or self.game.companies[sym].lays:
            return None
        if not lay_joins.joined(self.game.track_board, ability.joins):
            return None
        return f"{' and '.join(ability.joins)} are joined by track already: {sym}'s lays are to join them"

    def held_back(self, sym: str) -> str | None:
        """Why the company's ``tile_lay`` ability is held back, when :meth:`joined_already`
        says so, or its lays left lapsed (``lapses: other_action``): the step offers it
        nothing then."""
        held = operating.ability(self.game, sym, "tile_lay") if sym in self.game.companies else None
        if not isinstance(held, TileLay):
            return None
        company = self.game.companies[sym]
        holder = self.round.lays_held
        if holder is not None and company.uses.get("tile_lay", 0) > 0:
            return (
                f"no company lays until this round ends: {holder}'s lays lapsed when another acted "
                "(as on 18xx.games, whose company-lay step stays held by it)"
            )
        if (
            held.lapses == "other_action"
            and company.uses.get("tile_lay", 0) == 0
            and 0 < len(company.lays) < (held.count or 0)
        ):
            return f"{sym}'s lays left were forfeited when another acted after its lay"
        return self.joined_already(sym, held)

    @staticmethod
    def one_in_each(sym: str, ability: TileLay) -> str:
        return f"{sym} lays one tile in each of {' and '.join(ability.joins or [])}"

    def unjoined(self, sym: str, ability: TileLay, plan: LayPlan) -> str | None:
        """Why ``plan`` does not do what an ability joining two hexes asks (``joins``): a
        second tile in a hex, or a last lay leaving them unjoined by new track of each tile."""
        if ability.joins is None:
            return None
        company = self.game.companies[sym]
        if plan.hex in company.lays:
            return self.one_in_each(sym, ability)
        if company.uses.get("tile_lay", 0) > 1:
            return None
        if lay_joins.joins_after(self.game.track_board, ability.joins, company.added_exits, plan):
            return None
        return f"{sym}'s lays must join {' and '.join(ability.joins)} by new track of each tile it laid"

    def other_entities(self) -> list[str]:
        """Players' companies that may lay now (``president_track``, ``between_turns``)."""
        game = self.game
        return [
            sym
            for sym, company in game.companies.items()
            if company.owner in game.players_by_id and self.abilities(sym) is not None
        ]

    def _timely(self, owner: str, ability: TileLay) -> bool:
        """Whether the ability's timing (``when``) allows a lay now, for its owner."""
        rnd, when = self.round, ability.when
        operator = rnd.entity()
        if owner == operator and rnd.kind == "operating":
            return "operating_turn" in when or ("track" in when and self._in_track_step())
        if owner not in self.game.players_by_id:
            return False
        if rnd.kind == "stock":
            return "stock_round" in when
        if rnd.kind != "operating" or operator not in self.game.corporations:
            return False
        president = self.game.corporations[operator].president()
        return ("president_track" in when and president == owner and self._in_track_step()) or (
            "between_turns" in when and not rnd.operator_acted
        )

    def _in_track_step(self) -> bool:
        """Whether the owning corporation is at its track step (it may still lay there)."""
        active = self.round.active_step()
        return active is not None and active.name == "track"

    def actions(self, entity: str) -> list[str]:
        """Only lays: there is nothing to pass (18xx.games refuses a company's pass here,
        and once lays that must all be made are begun, they must be) — but a company
        just sold may pass its lays on being sold, and one whose lays made together
        (``must_lay_together``) are begun may pass the rest."""
        if not self.abilities(entity):
            return []
        return ["lay_tile", "pass"] if self.may_pass(entity) else ["lay_tile"]

    def may_pass(self, sym: str) -> bool:
        """Whether the company may pass its lays left (see :meth:`actions`): not those
        that must all be made, nor those that are to join two hexes (``joins``: a pass
        would leave them unjoined)."""
        if sym == self.just_sold():
            return True
        ability = operating.ability(self.game, sym, "tile_lay")
        return (
            isinstance(ability, TileLay)
            and not ability.must_lay_all
            and ability.joins is None
            and sym == self.unfinished()
        )

    def payer(self, sym: str) -> str:
        """Who pays for the company's lay: the seller for lays on being sold, the
        corporation owning the company, or for a player's company whoever acts now (the
        player in a stock round, the operating corporation in an operating round)."""
        sold = self.round.sold_company
        if sold and sym == sold[0]:
            return sold[1]
        owner = self.game.companies[sym].owner
        if owner in self.game.players_by_id:
            return self.round.turn_of()
        if owner is None:
            raise GameError("special lay", f"{sym} has no owner to pay for its lay")
        return owner

    def layer(self, sym: str) -> LayTerms:
        """The board layer of the company's lays: its hexes and tiles, connected or not,
        within the means of whoever pays."""
        ability = self._ability(sym)
        game, payer = self.game, self.payer(sym)
        owner = game.companies[sym].owner
        entity = payer if owner in game.players_by_id else owner
        cash = operating.cash(game, payer) - ability.cost
        return operating.layer(
            game,
            entity,
            connect=ability.connected and entity not in game.players_by_id,
            hexes=None if ability.hexes is None else frozenset(ability.hexes),
            tiles=None if ability.tiles is None else frozenset(ability.tiles),
            cash=cash,
            lay_discount=ability.discount,
            special=ability.special,
            **({"free": True} if ability.free else {}),
        )

    def _ability(self, sym: str) -> TileLay:
        """The company's tile-lay ability it lays with now (:meth:`abilities`)."""
        ability = self.abilities(sym)
        if ability is None:
            raise GameError("special lay", self.held_back(sym) or f"{sym} may not lay a tile now")
        return ability

    def lays(self, sym: str) -> list[LayPlan]:
        """Every lay the company may make now."""
        ability = self.abilities(sym)
        if ability is None:
            return []
        layer = self.layer(sym)
        if ability.cost and layer.cash is not None and layer.cash < 0:
            return []  # the ability's own cost is more than the payer has
        board = self.game.track_board
        yellow, upgrade = kinds_left(self.game, sym, ability)
        return [
            plan
            for hex_id in self.hexes(ability, layer.entity)
            if (upgrade if is_upgrade(board, hex_id) else yellow)
            for plan in legal_lays(board, layer, hex_id)
            if self.unconnected_first(sym, ability, plan) is None
            and self.unjoined(sym, ability, plan) is None
        ]

    def hexes(self, ability: TileLay, entity: str) -> list[str]:
        """The hexes an ability may lay in: its own, else any the laying entity reaches
        or borders (``connected``), else any that takes tiles."""
        if ability.hexes is not None:
            return ability.hexes
        if ability.connected and entity not in self.game.players_by_id:
            return candidate_hexes(self.game, entity)
        hexmap = self.game.hexmap
        return [h for h in hexmap.hexes if hexmap.takes_tiles(h)]

    def choices_lay_tile(self, company: str) -> list[Choice]:
        return lay_choices(self.lays(company))

    def process_lay_tile(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = self._ability(sym)
        if ability.joins is not None and action.get("hex") in game.companies[sym].lays:
            raise GameError("special lay", self.one_in_each(sym, ability))
        layer = self.layer(sym)
        if ability.cost and layer.cash is not None and layer.cash < 0:
            raise GameError("special lay", f"{sym}'s lay costs {ability.cost} besides terrain")
        hex_id = str(action.get("hex"))
        if ability.hexes is not None and hex_id not in ability.hexes:
            raise GameError("special lay", f"{sym} lays only in {', '.join(ability.hexes)}")
        upgrade = is_upgrade(game.track_board, hex_id)
        yellow, upgrades = kinds_left(game, sym, ability)
        if not (upgrades if upgrade else yellow):
            kind = "upgrades" if yellow else "yellow lays"
            raise GameError("special lay", f"{sym}'s lays left are {kind} (upgrade_count)")
        plan = _lay(game, layer.entity, action, layer)
        first = self.unconnected_first(sym, ability, plan)
        if first is not None:
            raise GameError("special lay", f"the tile in {plan.hex} must connect to the one in {first}")
        unjoined = self.unjoined(sym, ability, plan)
        if unjoined is not None:
            raise GameError("special lay", unjoined)
        board = game.track_board
        added = (
            board.faces.get(plan.name, plan.rotation).exits - board.face(plan.hex).exits
            if ability.joins
            else None
        )
        payer = self.payer(sym)
        _build(game, payer, plan, sym)
        if ability.cost:
            finance.pay(game, payer, BANK, ability.cost)
            game.log(f"{payer} pays {ability.cost} for {sym}'s lay")
        if sym == self.just_sold():
            self.round.sold_company = None
        if ability.counts_as_track_lay and self.round.kind == "operating":
            self.round.laid += 1
        company = game.companies[sym]
        count_lay(game, sym, ability, upgrade)
        company.lays.append(plan.hex)
        if added is not None:
            company.added_exits[plan.hex] = sorted(added)
        used_closing.ability_used(game, sym)
        company.laid_since_dividend = True
        if ability.must_lay_all and company.uses["tile_lay"] > 0 and not self.lays(sym):
            company.uses["tile_lay"] = 0
            game.log(f"{sym}'s other lays cannot be made: they are lost")
        if ability.closes_when_used_up and company.uses["tile_lay"] <= 0:
            close_company(game, sym)

    def process_pass(self, action: dict[str, Any]) -> None:
        """A company just sold gives up its lays on being sold; one whose lays made
        together are begun gives up the rest."""
        sym = entity_of(action)
        if not self.may_pass(sym):
            raise GameError("special lay", f"{sym} has nothing to pass here")
        if sym == self.just_sold():
            self.round.sold_company = None
        self.game.companies[sym].uses["tile_lay"] = 0
        self.game.log(f"{sym} passes its lays")

    def unconnected_first(self, sym: str, ability: TileLay, plan: LayPlan) -> str | None:
        """The hex of an earlier lay of this ability that ``plan`` must connect to and does
        not (abilities whose tiles must connect to each other), else ``None``. The first
        lay may go anywhere: only the company's own lays count."""
        if not ability.connect_each_other:
            return None
        game = self.game
        laid = [h for h in game.companies[sym].lays if h != plan.hex]
        if not laid:
            return None
        face = game.track_board.faces.get(plan.name, plan.rotation)
        for edge in face.exits:
            there = game.hexmap.across(plan.hex, edge)
            if there and there[0] in laid and there[1] in game.track_board.face(there[0]).exits:
                return None
        return laid[0]
