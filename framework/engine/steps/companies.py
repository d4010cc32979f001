"""Operating steps for private companies: buying them, and assigning their markers to
hexes (bonus tokens and bonus markers).

Corporations buy companies from players when the phase allows, for a price from
the title's minimum to its maximum multiple of the face value (rulebook §6.1,
reference §4.11). Buying a company that controls a minor merges the minor in.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import (
    assignments,
    company_lays,
    company_reservations,
    finance,
    lay_lapses,
    operating,
    tokens,
    trains,
)
from framework.engine.company_closing import close_company
from framework.engine.entities import CLOSED
from framework.engine.operating import OTHERS_BONUS, owned_abilities
from framework.engine.steps import emergency_issue, loans, rights
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.title.companies import (
    AssignedBonus,
    BonusMarker,
    BonusTokens,
    ControlsMinor,
    FreeTrain,
    MoveToken,
    StationToken,
    TileLay,
)

if TYPE_CHECKING:
    from framework.engine.game import Game

SOLD_COMPANY = RoundState(
    "sold_company",
    None,
    "``[company, seller]``: a company just bought by a corporation whose lays are made when it "
    "is sold (``tile_lay`` with ``when: [sold]``), not made yet.",
)


def price_range(game: Game, sym: str, buyer: str | None = None) -> tuple[int, int]:
    """The prices a corporation (``buyer``, where known) may pay for ``sym``: its face
    value times the title's multiples (or from the title's least amount), never below 1
    (nobody spends nothing); bought early, at most ``early_max`` times; by a corporation
    the company lists in ``max_price_for``, at most that many times."""
    spec = game.title.companies[sym]
    value = spec.value
    sales = game.title.rules.company_sales
    lowest = sales.min_amount if sales.min_amount is not None else math.ceil(value * sales.min)
    most = sales.max
    if sales.early_max is not None and not game.phase_spec().buy_companies:
        most = sales.early_max  # (only the phase's early companies are for sale then)
    if buyer in spec.max_price_for:
        most = spec.max_price_for[buyer]
    return max(1, lowest), math.floor(value * most)


def for_sale(game: Game, buyer: str, early: bool = True) -> list[str]:
    """Companies ``buyer`` may buy now (ignoring its cash); ``early``: with those the
    phase lets it buy early (``early_company_buys``)."""
    if buyer not in game.corporations or game.corporations[buyer].bot:
        return []
    return [
        sym
        for sym, company in game.companies.items()
        if company.owner in game.players_by_id
        and phase_lets_buy(game, buyer, sym, early)
        and operating.corporations_may_buy(game, sym)
        and not _minor_forbids_sale(game, sym)
    ]


def phase_lets_buy(game: Game, buyer: str, sym: str, early: bool = True) -> bool:
    """Whether the phase lets the corporation ``buyer`` buy ``sym``: any company where
    corporations buy companies (``buy_companies``), else (with ``early``) one of the
    phase's ``early_company_buys`` open to it."""
    phase = game.phase_spec()
    if phase.buy_companies:
        return True
    if not early:
        return False
    buyers = phase.early_company_buys.get(sym)
    return buyers is not None and (not buyers or buyer in buyers)


def _minor_forbids_sale(game: Game, sym: str) -> bool:
    """Whether the company controls a minor that no corporation may take over
    (``controls_minor`` with ``corporation_purchase: forbidden``)."""
    ability = game.title.companies[sym].ability("controls_minor")
    return isinstance(ability, ControlsMinor) and ability.corporation_purchase == "forbidden"


@step("buy_company")
class BuyCompany(Step):
    """Buy a private company from its player owner. In its blocking form at the end of
    the turn it also waits for a pass while the corporation has a company ability usable
    at any point of its turn (a bonus marker, an assigned bonus that ``holds_turn``,
    lays ``when: [operating_turn]``, a ``move_token`` not yet used, a ``token`` ``when:
    [operating_turn]`` with a hex where the corporation has no station yet, room or not:
    :func:`~framework.engine.tokens.ability_open`), or while the phase keeps offering it
    a company (``early_company_buys_kept``)."""

    description = "The operating corporation buys a private company from a player."
    blocks = False
    ROUND_STATE = (SOLD_COMPANY,)

    def affordable(self, buyer: str) -> list[str]:
        """Companies ``buyer`` may buy now and can pay for (a minor's trains must fit)."""
        return [sym for sym in self.priced(buyer) if not self._over_train_limit(buyer, sym)]

    def priced(self, buyer: str) -> list[str]:
        """Companies for sale whose lowest price ``buyer`` can pay: these keep the step open,
        even one that merging would bring over the train limit — 18xx.games offers it and
        refuses the purchase."""
        if self.issued_without_train(buyer):
            return []
        cash = loans.spending_power(self.game, buyer, "buy_company")
        return [
            sym for sym in for_sale(self.game, buyer, self.early) if price_range(self.game, sym)[0] <= cash
        ]

    def issued_without_train(self, buyer: str) -> bool:
        """Whether ``buyer`` issued shares in an emergency this turn and has no train but
        obsolete ones, where that bars it from buying companies
        (``trains.emergency.issue.no_companies_without_train``)."""
        terms = emergency_issue.terms(self.game)
        return (
            terms is not None
            and terms.no_companies_without_train
            and emergency_issue.issued(self.game) > 0
            and trains.counted(self.game, buyer) == 0
        )

    @property
    def early(self) -> bool:
        """Whether this step offers the phase's ``early_company_buys`` (its
        ``early_company_buys`` parameter)."""
        return self.spec is None or self.spec.early_company_buys

    def _over_train_limit(self, buyer: str, sym: str) -> bool:
        """Whether the minor ``sym`` merges into ``buyer`` would bring too many trains."""
        minor = self._merging_minor(sym)
        if minor is None:
            return False
        game = self.game
        return trains.counted(game, buyer) + trains.counted(game, minor) > game.train_limit(buyer)

    def usable_ability(self, buyer: str) -> bool:
        game = self.game
        if owned_abilities(game, buyer, BonusMarker):
            return True
        if any(
            assignable(game, sym, ability) and ability.during == "turn" and ability.holds_turn
            for sym, ability in owned_abilities(game, buyer, AssignedBonus)
        ):
            return True
        if any(
            game.companies[sym].uses.get("move_token", 0) > 0
            for sym, _ in owned_abilities(game, buyer, MoveToken)
        ):
            return True
        if any(
            "operating_turn" in ability.when and tokens.ability_open(game, sym, ability)
            for sym, ability in owned_abilities(game, buyer, StationToken)
        ):
            return True
        return any(
            "operating_turn" in ability.when and company_lays.lays_left(game, sym, ability)
            for sym, ability in owned_abilities(game, buyer, TileLay)
        )

    def actions(self, entity: str) -> list[str]:
        if entity != self.round.entity() or entity not in self.game.corporations:
            return []
        if self.priced(entity):
            return ["buy_company", "pass"] if self.blocks else ["buy_company"]
        if self.blocks and (self.usable_ability(entity) or self.offer_kept(entity)):
            return ["pass"]
        return []

    def offer_kept(self, buyer: str) -> bool:
        """Whether the phase keeps offering ``buyer`` one of its early companies it can
        pay for though it is not for sale (``early_company_buys_kept``)."""
        phase = self.game.phase_spec()
        if not (phase.early_company_buys_kept and self.early):
            return False
        cash = self.game.corporations[buyer].cash
        return any(
            (not buyers or buyer in buyers) and price_range(self.game, sym)[0] <= cash
            for sym, buyers in phase.early_company_buys.items()
        )

    def explain(self, action: dict[str, Any]) -> GameError | None:
        game = self.game
        if action["type"] != "buy_company":
            return None
        buyer, sym = entity_of(action), str(action.get("company"))
        if self.issued_without_train(buyer):
            why = f"{buyer} issued shares in an emergency and has no train: it buys no company"
            return GameError("emergency issue", why)
        if phase_lets_buy(game, buyer, sym, self.early):
            return None
        phases = [name for name, phase in game.title.phases.items() if phase.buy_companies]
        return GameError(
            "buying companies",
            f"{buyer} may not buy {sym} in phase {game.phase_spec().name}: "
            f"corporations buy companies only in phase {' or '.join(phases)}",
        )

    def choices_buy_company(self, corp: str) -> list[Choice]:
        """Each company the corporation may buy, from its least price to the most it may
        pay (none it could pay for only after issuing shares: those keep the step open,
        :meth:`priced`, but are bought once the shares are issued)."""
        cash = self.game.corporations[corp].cash
        out = []
        for sym in self.affordable(corp):
            low, high = price_range(self.game, sym, corp)
            if low <= cash:
                out.append({"company": sym, "price": low, "max": min(high, cash)})
        return out

    def process_buy_company(self, action: dict[str, Any]) -> None:
        game = self.game
        buyer = entity_of(action)
        sym = str(action.get("company"))
        price = int(action.get("price", 0))
        if sym not in for_sale(game, buyer, self.early):
            raise GameError("buying companies", f"{buyer} cannot buy {sym} now")
        low, high = price_range(game, sym, buyer)
        if not low <= price <= high:
            raise GameError("company price", f"{sym} sells for {low} to {high}, not {price}")
        finance.check_spend(game, buyer, price)
        minor = self._merging_minor(sym)
        if self._over_train_limit(buyer, sym):
            raise GameError("train limit", f"{buyer} cannot take {minor}'s trains over its limit")
        seller = game.companies[sym].owner
        finance.pay(game, buyer, seller, price)
        game.companies[sym].owner = buyer
        company_reservations.owner_changed(game, sym)
        game.log(f"{buyer} buys {sym} from {game.name(seller)} for {price}")
        rights.grant_on_purchase(game, sym, buyer)
        assignments.bought(game, sym, buyer)
        free_train(game, sym, buyer)
        if minor is not None:
            merge_minor(game, minor, buyer, sym)
        lays = operating.ability(game, sym, "tile_lay")
        if isinstance(lays, TileLay) and "sold" in lays.when and game.companies[sym].uses.get("tile_lay", 0):
            self.round.sold_company = [sym, seller]

    def _merging_minor(self, sym: str) -> str | None:
        ability = self.game.title.companies[sym].ability("controls_minor")
        if isinstance(ability, ControlsMinor) and ability.corporation_purchase == "merge":
            minor = self.game.minors.get(ability.minor)
            if minor is not None and not minor.closed:
                return ability.minor
        return None


def merge_minor(game: Game, minor_sym: str, buyer: str, company: str) -> None:
    """A corporation absorbs a minor: its station, trains and cash (reference §4.11)."""
    board = game.track_board
    ability = game.title.companies[company].ability("controls_minor")
    buyer_stays = isinstance(ability, ControlsMinor) and ability.shared_city == "buyer_stays"
    for city in board.cities_of(minor_sym):
        if buyer in board.token_owners(city) and buyer_stays:
            board.remove_token(minor_sym, city)
        elif buyer in board.token_owners(city):
            board.remove_token(buyer, city)
            game.corporations[buyer].tokens_used -= 1
        else:
            board.remove_token(minor_sym, city)
            board.add_token(buyer, city)
            game.corporations[buyer].extra_tokens += 1
    for train in trains.owned(game, minor_sym):
        train.owner = buyer
        train.buyable = True
        train.ran = True
    finance.pay(game, minor_sym, buyer, game.minors[minor_sym].cash)
    game.minors[minor_sym].closed = True
    game.companies[company].owner = CLOSED
    game.log(f"{minor_sym} merges into {buyer}")


def free_train(game: Game, sym: str, buyer: str) -> None:
    """The train company ``sym`` brings to the corporation ``buyer`` that bought it (its
    ``free_train``), unless the corporation is at its train limit or the phase ``until``
    has started."""
    ability = operating.ability(game, sym, "free_train")
    if not isinstance(ability, FreeTrain):
        return
    if ability.until is not None and trains.phase_reached(game, ability.until):
        return
    if trains.counted(game, buyer) >= game.train_limit(buyer):
        return
    train = trains.give_reserved(game, ability.train, buyer, buyable=ability.sellable)
    if train is not None:
        game.log(f"{buyer} receives the {train.name} train {sym} brings")


def assignable(game: Game, sym: str, ability: AssignedBonus) -> bool:
    """Whether company ``sym`` may still assign its ``assigned_bonus`` (timing and
    target aside): it has assignments left and its owner has a train if it must."""
    owner = game.companies[sym].owner
    if not assignments.assignments_left(game, sym, ability):
        return False
    return not ability.needs_train or bool(trains.owned(game, owner))


@step("assign")
class Assign(Step):
    """Company markers go on hexes (18xx's *assign*), one per ``assign`` action.

    The operator places the tokens of its ``bonus_tokens`` abilities: those it must place
    (``placement: forced``) before anything else it does, the others when it likes in
    its turn; a company with a ``bonus_marker`` (the company is the acting entity) moves
    its marker to another of its hexes, any number of times during its owner's turn,
    once no token must be placed first; a company with an ``assigned_bonus`` assigns it
    to a hex (as many times as its ``count``, or once a round), at any point of its owner's
    turn. At the start of an operating round it first waits for each player-owned company
    whose owner assigns its bonus (``player_assigns``): to assign it, or pass.
    """

    description = (
        "The operator places its companies' bonus tokens (first those it must place), "
        "its companies move their bonus markers and assign their bonuses."
    )
    waits_again = True  # a company bought later in the turn makes it wait again
    ROUND_STATE = (assignments.ASSIGNED_THIS_ROUND,)

    def acting_entity(self) -> str | None:
        """A player-owned company assigning its bonus at the round's start."""
        return assignments.waiting_company(self.game)

    def process_pass(self, action: dict[str, Any]) -> None:
        sym = entity_of(action)
        if sym != assignments.waiting_company(self.game):
            raise GameError("assigned bonus", f"{sym} has no bonus to assign now")
        assignments.pass_assigning(self.game, sym)

    def tokens(self, entity: str) -> tuple[str, BonusTokens] | None:
        """The company whose next bonus token ``entity`` places now, with its ability: one
        whose placement is forced first."""
        if entity != self.round.entity():
            return None
        left = [
            (sym, ability)
            for sym, ability in owned_abilities(self.game, entity, BonusTokens)
            if self.game.companies[sym].placed < len(ability.amounts)
        ]
        left.sort(key=lambda found: found[1].placement != "forced")
        return left[0] if left else None

    def forced(self, entity: str) -> tuple[str, BonusTokens] | None:
        """The company whose bonus tokens ``entity`` must place now, with its ability."""
        found = self.tokens(entity)
        return found if found is not None and found[1].placement == "forced" else None

    def marker(self, entity: str) -> BonusMarker | None:
        """The bonus marker the company ``entity`` may move now."""
        company = self.game.companies.get(entity)
        if company is None or company.owner != self.round.entity() or self.forced(company.owner):
            return None
        ability = operating.ability(self.game, entity, "bonus_marker")
        return ability if isinstance(ability, BonusMarker) else None

    def bonus(self, entity: str) -> AssignedBonus | None:
        """The ``assigned_bonus`` the company ``entity`` may assign now (to some hex)."""
        ability = self._bonus(entity)
        return ability if ability is not None and self._bonus_hexes(entity, ability) else None

    def _bonus(self, entity: str) -> AssignedBonus | None:
        """The ``assigned_bonus`` the company ``entity`` may assign now, targets aside."""
        company = self.game.companies.get(entity)
        if company is None or company.owner != self.round.entity() or self.forced(company.owner):
            return None
        ability = operating.ability(self.game, entity, "assigned_bonus")
        if not isinstance(ability, AssignedBonus) or not assignable(self.game, entity, ability):
            return None
        if ability.during == "track" and (assignments.routes_run(self.round) or self._lays_begun()):
            return None
        return ability

    def _lays_begun(self) -> bool:
        """Whether a company's lays made together are begun and not done (or were, as the
        action now processed began: it ends them): the round is at its special lays then,
        not at the track (18xx.games' company-lay step blocks)."""
        lapsing = self.game.lapsing
        if lapsing is not None and lay_lapses.laid_together(self.game, lapsing):
            return True
        return lay_lapses.lays_begun(self.game, self.round.entity()) is not None

    def actions(self, entity: str) -> list[str]:
        waiting = assignments.waiting_company(self.game)
        if waiting is not None:
            return ["assign", "pass"] if entity == waiting else []
        return ["assign"] if self.tokens(entity) or self.marker(entity) or self.bonus(entity) else []

    def explain(self, action: dict[str, Any]) -> GameError | None:
        """Why a company's bonus may not be assigned now: its owner has no train, or no
        hex it may go to."""
        game, sym = self.game, entity_of(action)
        if action["type"] != "assign" or sym not in game.companies:
            return None
        spec = game.title.companies[sym].ability("assigned_bonus")
        owner = game.companies[sym].owner
        if not isinstance(spec, AssignedBonus) or owner != self.round.entity():
            return None
        if spec.needs_train and not trains.owned(game, owner):
            return GameError("assigned bonus", f"{owner} owns no train to assign {sym}'s bonus")
        ability = self._bonus(sym)
        if ability is not None and not self._bonus_hexes(sym, ability):
            return GameError("assigned bonus", f"{sym}'s bonus has no hex to go to that {owner} reaches")
        return None

    def blocking(self, current: str | None = None) -> bool:
        """It waits only for tokens that must be placed; markers move when the owner likes."""
        if assignments.waiting_company(self.game) is not None:
            return True
        entity = current if current is not None else self.round.current_entity()
        return entity is not None and self.forced(entity) is not None

    def choices_assign(self, entity: str) -> list[Choice]:
        """A pending bonus token's hex (one without a token), or a marker's new hex."""
        if entity == assignments.waiting_company(self.game):
            return assignments.choices(self.game, entity)
        tokens = self.tokens(entity)
        marker = self.marker(entity)
        bonus = self.bonus(entity)
        if bonus is not None:
            return [{"target": h, "target_type": "hex"} for h in self._bonus_hexes(entity, bonus)]
        if tokens is not None:
            sym, placing = tokens
            hexes, taken = placing.hexes, set(self.game.companies[sym].tokens)
        elif marker is not None:
            hexes, taken = marker.hexes, {self.game.companies[entity].marker or ""}
        else:
            return []
        return [{"target": h, "target_type": "hex"} for h in hexes if h not in taken]

    def process_assign(self, action: dict[str, Any]) -> None:
        entity = entity_of(action)
        target = str(action.get("target"))
        if entity == assignments.waiting_company(self.game):
            assignments.assign(self.game, entity, target)
        elif entity in self.game.companies and self.game.title.companies[entity].ability("assigned_bonus"):
            self._assign_bonus(entity, target)
        elif entity in self.game.companies:
            self._move_marker(entity, target)
        else:
            self._place_token(entity, target)

    def _place_token(self, entity: str, target: str) -> None:
        game = self.game
        found = self.tokens(entity)
        if found is None:
            raise GameError("bonus tokens", f"{entity} has no bonus token to place now")
        sym, ability = found
        company = game.companies[sym]
        if target not in ability.hexes:
            raise GameError("bonus tokens", f"{sym}'s tokens go on {', '.join(ability.hexes)}")
        if target in company.tokens:
            raise GameError("bonus tokens", f"{target} already has a {sym} token")
        amount = ability.amounts[company.placed]
        company.tokens[target] = amount
        company.placed += 1
        game.log(f"{entity} places {sym}'s {amount} token in {target}")

    def _move_marker(self, sym: str, target: str) -> None:
        game = self.game
        ability = self.marker(sym)
        if ability is None:
            raise GameError("bonus marker", f"{sym} may not move a bonus marker now")
        if target not in ability.hexes:
            raise GameError("bonus marker", f"{sym}'s marker goes on {', '.join(ability.hexes)}")
        if game.companies[sym].marker == target:
            raise GameError("bonus marker", f"{sym}'s marker is already in {target}")
        game.companies[sym].marker = target
        game.log(f"{sym}'s marker moves to {target}")

    def _bonus_hexes(self, sym: str, ability: AssignedBonus) -> list[str]:
        """The hexes company ``sym`` may assign its bonus to now: its hexes (those its
        owner reaches, if it must), but the one it is in."""
        game = self.game
        owner = game.companies[sym].owner
        now = game.companies[sym].assigned
        if ability.closes_in_place and now is not None and now[0] is not None:
            return [now[0]]  # assigned again, it closes there
        hexes = [h for h in ability.hexes if now is None or now != (h, owner)]
        if ability.reachable:
            reached = {node[1] for node in game.track_board.reach(owner).nodes}
            hexes = [h for h in hexes if h in reached]
        return hexes

    def _assign_bonus(self, sym: str, target: str) -> None:
        game = self.game
        company = game.companies[sym]
        spec = game.title.companies[sym].ability("assigned_bonus")
        if not isinstance(spec, AssignedBonus):  # pragma: no cover - the caller checked
            raise GameError("assigned bonus", f"{sym} has no bonus to assign")
        ability = self._bonus(sym)
        if ability is None:
            raise self.explain({"type": "assign", "entity": sym}) or GameError(
                "assigned bonus", f"{sym} may not assign its bonus now"
            )
        if target not in ability.hexes:
            raise GameError("assigned bonus", f"{sym}'s bonus goes in {', '.join(ability.hexes)}")
        if target not in self._bonus_hexes(sym, ability):
            why = "is already there" if company.assigned == (target, company.owner) else "is not reached"
            raise GameError("assigned bonus", f"{target} {why}: {sym}'s bonus cannot go there")
        again = spec.closes_in_place and company.assigned is not None
        company.assigned = (target, company.owner)
        assignments.used(game, sym, spec)
        game.log(f"{sym}'s bonus is assigned to {target} for {company.owner}")
        if spec.others_amount and not again:
            company.uses[OTHERS_BONUS] = 1
        if again:
            company.uses[OTHERS_BONUS] = 0
            game.log(f"{sym}'s bonus in {target} is its corporation's alone now")
        if spec.closes or again:
            close_company(game, sym)
