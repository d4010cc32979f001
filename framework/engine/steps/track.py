"""The operator's track step, what a lay does, and the cities' ids."""

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
    automatic_loans,
    company_lays,
    destinations,
    finance,
    operating,
    purchases,
    second_tokens,
    tokens,
)
from framework.engine.entities import BANK
from framework.engine.lay_discount import covers_least_cost, lay_discount
from framework.engine.lay_subsidy import pay_lay_subsidies
from framework.engine.steps import buying_power
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.companies import phase_lets_buy, price_range
from framework.engine.steps.issue import issue_power
from framework.engine.twin_hexes import twin_plan
from framework.title.companies import TileIncome, TileLay
from framework.title.rules import TileLaySlot

if TYPE_CHECKING:
    from framework.engine.game import Game

EARNED_LAY = TileLaySlot(lay=True, upgrade=True)
"""A tile action earned in the turn (``town_lays``): a lay or an upgrade."""
LAID = RoundState("laid", 0, "The tile actions the operator has made this turn.", per_turn=True)
TOWN_LAYS = RoundState(
    "town_lays",
    0,
    "The tile actions the operator earned this turn by lays in towns' hexes (``town_lays``).",
    per_turn=True,
)
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
        hexes = ability.hexes if isinstance(ability, TileLay) and ability.forfeit_when_others_lay else None
        if hexes is not None and hex_id in hexes:
            state.uses["tile_lay"] = 0
            game.log(f"{sym} loses its lays in {', '.join(hexes)}")


@step("track")
class Track(Step):
    """Up to the title's number of tile actions; some may need a main-line improvement."""

    description = "The operator lays or upgrades tiles."
    ROUND_STATE: ClassVar[tuple[RoundState, ...]] = (
        LAID,
        UPGRADED,
        LAID_HEXES,
        TOWN_LAYS,
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
        lays = [*lays, *[EARNED_LAY] * self.round.town_lays]
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
        loans = automatic_loans.power(self.game, entity, "track")
        return operating.cash(self.game, entity) + issue_power(self.game, entity, "track") + power + loans

    def layer(self, entity: str) -> LayTerms:
        """The terms of ``entity``'s lays: its cash counts the loans it would take for a
        tile's cost (``rules.loans.automatic``)."""
        layer = operating.layer(self.game, entity)
        loans = automatic_loans.power(self.game, entity, "track")
        return replace(layer, cash=layer.cash + loans) if loans and layer.cash is not None else layer

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
            if "track" in ability.when and company_lays.lays_left(game, sym, ability):
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
        layer = self.layer(entity)
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
        layer = self.layer(entity)
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
        had_town = any(n.kind == "town" for n in game.track_board.face(plan.hex).nodes)
        automatic_loans.cover(
            game, entity, "track", plan.cost + extra + (twin.cost if twin is not None else 0)
        )
        _build(game, entity, plan)
        if twin is not None:
            _build(game, entity, twin)
        if extra:
            finance.pay(game, entity, BANK, extra)
            game.log(f"{entity} pays {extra} for the tile action")
        rnd.laid += 1
        rnd.upgraded = rnd.upgraded or upgrade
        rnd.laid_hexes.append(plan.hex)
        charter = game.title.corporations.get(entity)
        if had_town and charter is not None and charter.ability("town_lays") is not None:
            rnd.town_lays += 1
            game.log(f"{entity} earns another tile action by its lay in {plan.hex}")
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
