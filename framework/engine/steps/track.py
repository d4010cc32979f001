"""Operating steps on the map: track and special track, and the cities' ids."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from framework.base.errors import GameError
from framework.board.lays import (
    IllegalLay,
    LayPlan,
    LayTerms,
    check_lay,
    first_tile_cost,
    is_upgrade,
    lay,
    legal_lays,
)
from framework.engine import (
    destinations,
    finance,
    lay_joins,
    lay_lapses,
    operating,
    purchases,
    second_tokens,
    tokens,
    used_closing,
)
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK
from framework.engine.lay_discount import covers_least_cost, lay_discount
from framework.engine.lay_subsidy import pay_lay_subsidies
from framework.engine.steps import buying_power
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.companies import SOLD_COMPANY, phase_lets_buy, price_range
from framework.engine.steps.issue import issue_power
from framework.engine.twin_hexes import twin_plan
from framework.title.companies import TileIncome, TileLay
from framework.title.rules import TileLaySlot

if TYPE_CHECKING:
    from framework.engine.game import Game

LAID = RoundState("laid", 0, "The tile actions the operator has made this turn.", per_turn=True)
UPGRADED = RoundState(
    "upgraded",
    False,
    "One of the operator's tile actions this turn upgraded a tile (``lays``: ``not_if_upgraded``).",
    per_turn=True,
)
LAID_HEXES = RoundState(
    "laid_hexes",
    [],
    "The hexes of the operator's tile actions this turn (``lays``: ``same_hex``).",
    per_turn=True,
)
IMPROVED = RoundState(
    "improved", False, "One of the operator's lays this turn improved a main line.", per_turn=True
)
PENDING_HOME = RoundState(
    "pending_home",
    None,
    "A company whose home token was lifted by a tile laid in its home hex, to be put back in "
    "the city of its choice (``home.city: choose``).",
)
HOME_CHOOSER = RoundState("home_chooser", None, "Who puts that token back (``rules.tokens.home_choice``).")
PENDING_HEX = RoundState(
    "pending_hex",
    None,
    "The hex of a station lifted so that is not a home station: it goes back in a city of that hex.",
)
LAYS_HELD = RoundState(
    "lays_held",
    None,
    "A company whose lays made together lapsed when another acted: it holds the company lays "
    "closed until the round ends (:func:`framework.engine.lay_lapses.hold`).",
)
OPERATOR_ACTED = RoundState(
    "operator_acted",
    False,
    "The operating entity (or a company it owns) has acted in its turn.",
    per_turn=True,
)


def _lay(game: Game, entity: str, action: dict[str, Any], layer: LayTerms) -> LayPlan:
    try:
        rotation = int(action.get("rotation", 0))
        plan = check_lay(game.track_board, layer, str(action.get("hex")), str(action.get("tile")), rotation)
    except IllegalLay as exc:
        raise GameError(exc.rule, str(exc).rsplit(" (", 1)[0]) from None
    except ValueError as exc:  # a tile id that is not one (split_tile_id)
        raise GameError("tiles", str(exc)) from None
    return plan


def _build(game: Game, payer: str, plan: LayPlan, company: str | None = None) -> None:
    """Lay ``plan``, ``payer`` paying (``company``: the company whose ability lays it)."""
    finance.pay(game, payer, BANK, plan.cost)
    _forfeit_lays(game, plan.hex, company)
    sym = tokens.undecided_home(game, plan.hex)
    lone = tokens.undecided_station(game, plan.hex) if sym is None else None
    sym = sym or lone
    had_town = any(n.kind == "town" for n in game.track_board.face(plan.hex).nodes)
    lay(game.track_board, plan)
    cost = f" for {plan.cost}" if plan.cost else ""
    game.log(f"{payer} lays tile {plan.name} in {plan.hex} (rotation {plan.rotation}){cost}")
    second_tokens.place_on_lay(game, plan.hex, game.title.tiles[plan.name].color)
    pay_lay_subsidies(game, payer, plan.hex, had_town)
    _tile_income(game, payer, plan)
    _icon_income(game, payer, plan)
    if not destinations.checked_by_step(game):
        destinations.check(game)
    face = game.track_board.face(plan.hex)
    if sym is not None and face.paths and sum(1 for n in face.nodes if n.kind == "city") > 1:
        if sym == payer:  # 18xx.games finds a route from the token before lifting it
            purchases.note_route(game, sym)
        city = next(c for c in game.track_board.cities_of(sym) if c[0] == plan.hex)
        game.track_board.remove_token(sym, city)
        game.current_round.pending_home = sym
        game.current_round.home_chooser = payer if game.title.rules.tokens.home_choice == "laying" else sym
        if lone is not None:
            game.current_round.pending_hex = plan.hex
        what = "token" if lone is not None else "home token"
        game.log(f"{sym} must choose the city of its {what} in {plan.hex}")


def _tile_income(game: Game, payer: str, plan: LayPlan) -> None:
    """Companies earning from tiles laid (``tile_income``) pay their holders."""
    for sym in game.companies:
        ability = operating.ability(game, sym, "tile_income")
        if not isinstance(ability, TileIncome):
            continue
        holder = game.companies[sym].owner
        if ability.owner_only and holder != payer:
            continue
        times = 1 if ability.terrain is None else plan.terrain.count(ability.terrain)
        if times and holder is not None:
            finance.pay(game, BANK, holder, ability.income * times)
            game.log(
                f"{game.name(holder)} earns {ability.income * times} from {sym} for the tile in {plan.hex}"
            )


def _icon_income(game: Game, payer: str, plan: LayPlan) -> None:
    """The bank pays ``payer`` what the icons of the hex pay for a tile of the laid
    tile's colour (an icon's ``lay_income``)."""
    color = game.title.tiles[plan.name].color
    icons = game.title.map.icons
    for name in game.track_board.icons(plan.hex):
        paid = icons[name].lay_income.items() if name in icons else ()
        income = next((amount for c, amount in paid if c == color), 0)
        if income:
            finance.pay(game, BANK, payer, income)
            game.log(f"{payer} receives {income} for the {color} tile in {plan.hex} ({name})")


def _forfeit_lays(game: Game, hex_id: str, company: str | None) -> None:
    """Companies whose lays end when another lays in their hexes lose them."""
    for sym, state in game.companies.items():
        if sym == company or state.closed or not state.uses.get("tile_lay"):
            continue
        ability = game.title.companies[sym].ability("tile_lay")
        if isinstance(ability, TileLay) and ability.forfeit_when_others_lay and hex_id in ability.hexes:
            state.uses["tile_lay"] = 0
            game.log(f"{sym} loses its lays in {', '.join(ability.hexes)}")


@step("track")
class Track(Step):
    """Up to the title's number of tile actions; some may need a main-line improvement."""

    description = "The operator lays or upgrades tiles."
    ROUND_STATE: ClassVar[tuple[RoundState, ...]] = (
        LAID,
        UPGRADED,
        LAID_HEXES,
        IMPROVED,
        PENDING_HOME,
        HOME_CHOOSER,
    )

    def actions(self, entity: str) -> list[str]:
        rnd = self.round
        if entity != rnd.entity() or self.home_closed(entity):
            return []
        if self.slot_open(entity) or self.special_lays(entity):
            return ["lay_tile", "pass"]
        return []

    def slot(self) -> TileLaySlot | None:
        """The turn's next tile action (``rules.track.lays``), if one is left."""
        lays = operating.lay_slots(self.game, self.round.entity() or "")
        return lays[self.round.laid] if self.round.laid < len(lays) else None

    def slot_open(self, entity: str) -> bool:
        """Whether the next tile action allows a lay or an upgrade after this turn's earlier
        ones, and the operator may spend the action's own cost and least tile cost (none
        where its charter's ``lay_discount`` covers that in a hex still printed)."""
        slot = self.slot()
        if slot is None:
            return False
        lay_ok, upgrade_ok = slot.opens(self.round.upgraded)
        least = slot.min_cost
        if least and covers_least_cost(self.game, entity, least):
            least = 0
        return (
            (lay_ok or upgrade_ok)
            and self.spending_power(entity) >= slot.cost + least
            and self.has_stations(entity)
        )

    def spending_power(self, entity: str) -> int:
        """What the operator may spend on a tile: its cash, and for a corporation what it
        could still raise by issuing shares where the title counts it (``rules.issue.counted_in``)
        and the minors' treasuries ``rules.track.buying_power`` counts."""
        track = self.game.title.rules.track
        power = buying_power.extra(self.game, entity, track.buying_power) if track else 0
        return operating.cash(self.game, entity) + issue_power(self.game, entity, "track") + power

    def has_stations(self, entity: str) -> bool:
        """Whether ``entity`` has a station, on the map or on its charter: one with none
        (one whose only neutral station is gone) skips its tile actions, as on
        18xx.games."""
        game = self.game
        corporation = game.title.corporations.get(entity)
        if corporation is None or entity not in game.corporations:
            return True
        return bool(corporation.tokens) or bool(game.track_board.cities_of(entity))

    def home_closed(self, entity: str) -> bool:
        """Whether the turn's next tile action is ``home_cost_first`` and ``entity`` cannot
        pay for a tile in its home hex, which has none yet: the step is closed to it, its
        companies' lays too."""
        slot = self.slot()
        if slot is None or not slot.home_cost_first:
            return False
        home = tokens.charter(self.game, entity).home
        if home is None:
            return False
        cost = first_tile_cost(self.game.track_board, operating.layer(self.game, entity), home.hex)
        return cost is not None and cost > operating.cash(self.game, entity) - slot.cost

    def special_lays(self, entity: str) -> bool:
        """Whether a tile-lay ability keeps the step waiting: the operator owns a company with
        lays left or could buy one now (a minor, where ``company_sales.minors_offered``),
        or it is the virtual player's (whose free lays 18xx.games gives as such an
        ability)."""
        game = self.game
        if operating.is_bot(game, entity):
            return True
        for sym, ability in operating.owned_abilities(game, entity, TileLay):
            if "track" in ability.when and game.companies[sym].uses.get("tile_lay", 0) > 0:
                if ability.counts_as_track_lay and self.slot() is None:
                    continue  # the turn's tile actions are used up, this lay's with them
                return True
        if self.president_lays(entity):
            return True
        if entity in game.minors and not game.title.rules.company_sales.minors_offered:
            return False
        cash = operating.cash(game, entity)
        for sym, company in game.companies.items():
            spec = game.title.companies[sym]
            if company.owner not in game.players_by_id or not operating.corporations_may_buy(game, sym):
                continue
            if not phase_lets_buy(game, entity, sym, early=False):
                continue
            lays = spec.ability("tile_lay")
            if isinstance(lays, TileLay) and "track" in lays.when and price_range(game, sym)[0] <= cash:
                return True
        return False

    def president_lays(self, entity: str) -> bool:
        """Whether the president of the operating corporation owns a company with lays left
        in its corporations' track steps (``when: [president_track]``): the step waits for
        them, or a pass, as 18xx.games does."""
        game = self.game
        corp = game.corporations.get(entity)
        president = corp.president() if corp is not None else None
        if president is None:
            return False
        for sym, company in game.companies.items():
            if company.owner != president or company.uses.get("tile_lay", 0) <= 0:
                continue
            ability = operating.ability(game, sym, "tile_lay")
            if isinstance(ability, TileLay) and "president_track" in ability.when:
                return True
        return False

    def choices_lay_tile(self, entity: str) -> list[Choice]:
        """Every lay of the turn's next tile action, in the hexes the operator reaches or
        borders."""
        game, rnd = self.game, self.round
        slot = self.slot()
        if slot is None:
            return []
        lay_ok, upgrade_ok = slot.opens(rnd.upgraded)
        layer = operating.layer(game, entity)
        out = []
        board = game.track_board
        for hex_id in candidate_hexes(game, entity):
            upgrade = is_upgrade(board, hex_id)
            if not (upgrade_ok if upgrade else lay_ok):
                continue
            if upgrade and not slot.same_hex and hex_id in rnd.laid_hexes:
                continue
            terms = _less(layer, slot.cost_of(upgrade))
            if terms is None:
                continue
            for plan in legal_lays(board, terms, hex_id):
                if slot.requires == "mainline" and not (rnd.improved or plan.improves_mainline):
                    continue
                top_up = slot.topped_up(plan.terrain_cost) - lay_discount(game, entity, plan.hex, plan.name)
                if (
                    top_up > 0
                    and not terms.free
                    and terms.cash is not None
                    and plan.cost + top_up > terms.cash
                ):
                    continue
                out.append({"hex": plan.hex, "tile": plan.tile_id, "rotation": plan.rotation})
        return out

    def process_lay_tile(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        entity = entity_of(action)
        slot = self.slot()
        if slot is None:
            raise GameError("tile actions", f"{entity} has no tile action left this turn")
        layer = operating.layer(game, entity)
        plan = _lay(game, entity, action, layer)
        upgrade = is_upgrade(game.track_board, plan.hex)
        lay_ok, upgrade_ok = slot.opens(rnd.upgraded)
        after = " after an upgrade this turn" if rnd.upgraded else ""
        if upgrade and not upgrade_ok:
            raise GameError("tile actions", f"this tile action may not be an upgrade{after}")
        if not upgrade and not lay_ok:
            raise GameError("tile actions", f"this tile action may not lay a yellow tile{after}")
        if upgrade and not slot.same_hex and plan.hex in rnd.laid_hexes:
            raise GameError("tile actions", f"this tile action may not upgrade {plan.hex}, laid this turn")
        extra = slot.cost_of(upgrade) + slot.topped_up(plan.terrain_cost) if not layer.free else 0
        extra = max(0, extra - lay_discount(game, entity, plan.hex, plan.name))
        if extra and layer.cash is not None and plan.cost + extra > layer.cash:
            raise GameError(
                "costs",
                f"the lay costs {plan.cost} and the tile action {extra}, but only {layer.cash} is available",
            )
        if slot.requires == "mainline" and not (rnd.improved or plan.improves_mainline):
            raise GameError(
                "main line",
                "another tile action is allowed only when one of them improves a main line",
            )
        twin = twin_plan(game, layer, plan, plan.cost + extra)
        _build(game, entity, plan)
        if twin is not None:
            _build(game, entity, twin)
        if extra:
            finance.pay(game, entity, BANK, extra)
            game.log(f"{entity} pays {extra} for the tile action")
        rnd.laid += 1
        rnd.upgraded = rnd.upgraded or upgrade
        rnd.laid_hexes.append(plan.hex)
        rnd.improved = rnd.improved or plan.improves_mainline
        if plan.improves_mainline:
            game.log(f"{entity} builds the main line in {plan.hex}")


def _less(layer: LayTerms, extra: int) -> LayTerms | None:
    """``layer`` with ``extra`` set aside from its cash for a tile action's own cost (``None``
    if the cash does not cover it)."""
    if not extra or layer.free or layer.cash is None:
        return layer
    if layer.cash < extra:
        return None
    return replace(layer, cash=layer.cash - extra)


def candidate_hexes(game: Game, entity: str) -> list[str]:
    """Hexes a connected lay could use: those the entity's track reaches or borders."""
    board = game.track_board
    reach = board.reach(entity)
    hexes = set(board.token_hexes(entity))
    for hex_id, edge in reach.ports:
        hexes.add(hex_id)
        there = board.hexmap.across(hex_id, edge)
        if there:
            hexes.add(there[0])
    return sorted(h for h in hexes if board.hexmap.takes_tiles(h))


def lay_choices(plans: list[LayPlan]) -> list[Choice]:
    """The lays a company's ability makes now (special track, teleport), as choices."""
    return [{"hex": plan.hex, "tile": plan.tile_id, "rotation": plan.rotation} for plan in plans]


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
    ROUND_STATE = (LAID, PENDING_HOME, HOME_CHOOSER, PENDING_HEX, SOLD_COMPANY, OPERATOR_ACTED, LAYS_HELD)
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
        if not isinstance(ability, TileLay) or company.uses.get("tile_lay", 0) <= 0:
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
            and 0 < len(company.lays) < held.count
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
        cash = operating.cash(game, payer)
        return operating.layer(
            game,
            entity,
            connect=ability.connected and entity not in game.players_by_id,
            hexes=frozenset(ability.hexes),
            tiles=frozenset(ability.tiles),
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
        return [
            plan
            for hex_id in ability.hexes
            for plan in legal_lays(self.game.track_board, layer, hex_id)
            if self.unconnected_first(sym, ability, plan) is None
            and self.unjoined(sym, ability, plan) is None
        ]

    def choices_lay_tile(self, company: str) -> list[Choice]:
        return lay_choices(self.lays(company))

    def process_lay_tile(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ability = self._ability(sym)
        if ability.joins is not None and action.get("hex") in game.companies[sym].lays:
            raise GameError("special lay", self.one_in_each(sym, ability))
        layer = self.layer(sym)
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
        _build(game, self.payer(sym), plan, sym)
        if sym == self.just_sold():
            self.round.sold_company = None
        if ability.counts_as_track_lay and self.round.kind == "operating":
            self.round.laid += 1
        company = game.companies[sym]
        company.uses["tile_lay"] -= 1
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


def parse_city(game: Game, city_id: str) -> tuple[str, int]:
    """An 18xx.games city id (``57-2-0``, ``G10-0-2``) as ``(hex, part)``."""
    tile_id, _, part = city_id.rpartition("-")
    if not part.isdigit() or not tile_id:
        raise GameError("cities", f"{city_id!r} is not a city id")
    board = game.track_board
    for hex_id, placed in board.placed.items():
        if placed.tile_id == tile_id:
            return (hex_id, board.face(hex_id).node_of(int(part)))
    hex_id = tile_id.rpartition("-")[0]
    if hex_id in game.hexmap.hexes and hex_id not in board.placed:
        return (hex_id, board.face(hex_id).node_of(int(part)))
    raise GameError("cities", f"tile {tile_id} is not on the map")


def city_id(game: Game, city: tuple[str, int]) -> str:
    """The 18xx.games id of a city."""
    hex_id, node = city
    board = game.track_board
    placed = board.placed.get(hex_id)
    tile = placed.tile_id if placed else f"{hex_id}-{game.hexmap.hexes[hex_id].printed_index}"
    return f"{tile}-{board.face(hex_id).part_of(node)}"
