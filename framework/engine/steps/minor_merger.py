"""The steps of a ``merger`` round (:mod:`framework.title.minor_mergers`): a minor
converts or merges into a major (``minor_merger``), the major lifts the stations it may
not keep (``reduce_tokens``), then the players buy its shares (``post_merger_shares``).

The minor whose turn it is converts with ``convert`` then ``merge`` naming the major;
or names the minors to merge with one ``merge`` each, ``pass`` when it has named
them all, and a last ``merge`` names the major::

    {"type": "convert", "entity": "BBG"}
    {"type": "merge", "entity": "BBG", "corporation": "NYC"}

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["minor_merger"].rounds
('merger',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, minor_mergers, shares
from framework.engine.entities import Corporation, Share
from framework.engine.steps.base import Choice, RoundState, Step, entity_of, step
from framework.engine.steps.track import city_id, parse_city

if TYPE_CHECKING:
    from framework.engine.rounds import Round

MERGING = RoundState(
    "merging",
    [],
    "The minors of the merger being put together, the first the minor whose turn it is.",
    per_turn=True,
)
STAGE = RoundState(
    "merger_stage",
    None,
    "Where the turn's conversion or merger stands: converting or forming (the major to name), or None.",
    per_turn=True,
)
FORMED = RoundState(
    "formed", None, "The major formed this turn, whose shares the players may buy.", per_turn=True
)
DEALERS = RoundState(
    "dealers", [], "The players who may buy the new major's shares, in order.", per_turn=True
)
SEVERAL = RoundState("several", [], "Those of the dealers who may buy several shares.", per_turn=True)
DEALT = RoundState("dealt", [], "The dealers who are done.", per_turn=True)
DEAL = RoundState("deal", None, "How the major was formed: convert or merge.", per_turn=True)
REDUCING = RoundState("reducing", None, "The new major lifting the stations it may not keep.", per_turn=True)


@step("minor_merger")
class MinorMerger(Step):
    """The minor whose turn it is converts into a major, merges with minors it reaches
    into one, or passes."""

    description = (
        "The minor whose turn it is converts into a major not yet started (its price in a zone "
        "that converts), or merges with minors its track reaches into one (rules.minor_mergers), or passes."
    )
    rounds = ("merger",)
    ROUND_STATE = (MERGING, STAGE, FORMED, DEALERS, SEVERAL, DEALT, DEAL, REDUCING)

    def actions(self, entity: str) -> list[str]:
        rnd = self.round
        if entity != rnd.entity() or rnd.formed is not None or not minor_mergers.is_minor(self.game, entity):
            return []
        if rnd.merger_stage is not None:
            return ["merge"]
        found = ["pass"]
        if self.candidates(entity):
            found.insert(0, "merge")
        if not rnd.merging and minor_mergers.may_convert(self.game, entity):
            found.insert(0, "convert")
        return found

    def candidates(self, entity: str) -> list[str]:
        return minor_mergers.candidates(self.game, self.round.merging or [entity])

    def choices_merge(self, entity: str) -> list[Choice]:
        if self.round.merger_stage is not None:
            return [{"corporation": sym} for sym in minor_mergers.majors_to_form(self.game)]
        return [{"corporation": sym} for sym in self.candidates(entity)]

    def process_convert(self, action: dict[str, Any]) -> None:
        entity = entity_of(action)
        if self.round.merging or not minor_mergers.may_convert(self.game, entity):
            raise GameError("merger", f"{entity} may convert only with its price in the conversion zone")
        self.round.merger_stage = "converting"
        self.game.log(f"{entity} converts")

    def process_merge(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        entity, target = entity_of(action), str(action.get("corporation"))
        if rnd.merger_stage is None:
            if target not in self.candidates(entity):
                raise GameError("merger", f"{entity} cannot merge with {target}")
            rnd.merging = [*(rnd.merging or [entity]), target]
            game.log(f"{target} joins the merger of {', '.join(rnd.merging[:-1])}")
            if not self.candidates(entity):
                rnd.merger_stage = "forming"
            return
        if target not in minor_mergers.majors_to_form(game):
            raise GameError("merger", f"{target} is not a major that may be formed")
        owner = str(game.corporations[entity].president())
        if rnd.merger_stage == "converting":
            minor_mergers.convert(game, entity, target)
            players = [p.id for p in game.players]
            seat = players.index(owner)
            rnd.dealers, rnd.several, rnd.deal = players[seat:] + players[:seat], [owner], "convert"
            rnd.entities[rnd.index] = target
        else:
            merged = list(rnd.merging)
            rnd.dealers = minor_mergers.merge(game, merged, target)
            rnd.several, rnd.deal = list(rnd.dealers), "merge"
            rnd.entities[rnd.index] = target
            rnd.entities = [e for e in rnd.entities if e not in merged]
            rnd.index = rnd.entities.index(target)
            if minor_mergers.tokens_over(game, target):
                rnd.reducing = target
        rnd.formed, rnd.merger_stage, rnd.merging, rnd.dealt = target, None, [], []
        deal_on(self.round)

    def process_pass(self, action: dict[str, Any]) -> None:
        if self.round.merging:
            self.round.merger_stage = "forming"
            self.game.log(f"The merger of {', '.join(self.round.merging)} is complete")
            return
        self.passed = True


@step("reduce_tokens")
class ReduceTokens(Step):
    """A major formed by a merger lifts stations until it has no more than ``tokens_kept``
    on the map, one per hex."""

    description = (
        "A major formed by a merger lifts stations until it keeps no more than rules.minor_mergers' "
        "tokens_kept, one per hex (first from a hex where it has two)."
    )
    rounds = ("merger",)
    ROUND_STATE = (REDUCING,)
    waits_again = True

    def acting_entity(self) -> str | None:
        return self.round.reducing

    def blocking(self, current: str | None = None) -> bool:
        return self.round.reducing is not None

    def actions(self, entity: str) -> list[str]:
        return ["remove_token"] if entity == self.round.reducing else []

    def choices_remove_token(self, entity: str) -> list[Choice]:
        board = self.game.track_board
        return [
            {"city": city_id(self.game, city), "slot": board.slots(city).index(entity)}
            for city in minor_mergers.removable(self.game, entity)
        ]

    def process_remove_token(self, action: dict[str, Any]) -> None:
        game, entity = self.game, entity_of(action)
        if entity != self.round.reducing:
            raise GameError("merger", f"{entity} has no stations to lift")
        city = parse_city(game, str(action.get("city")))
        if city not in minor_mergers.removable(game, entity):
            raise GameError("merger", f"{entity} may not lift its station in {city[0]} now")
        game.track_board.remove_token(entity, city)
        game.log(f"{entity} lifts its station in {city[0]}")
        corp = game.corporations[entity]
        corp.tokens_used = len(game.track_board.cities_of(entity))
        if not minor_mergers.tokens_over(game, entity):
            self.round.reducing = None
            deal_on(self.round)


@step("post_merger_shares")
class PostMergerShares(Step):
    """After a conversion every player in turn from the owner may buy one share of the new
    major from its treasury, the owner several; after a merger the merged minors' owners
    buy several, then every player one."""

    description = (
        "The players buy 10% shares of the major just formed from its treasury: after a conversion "
        "each in turn from the owner, who may buy several, others one; after a merger first the "
        "merged minors' owners (several each), then every player one. A player with 10% who buys "
        "another while the president's certificate is unsold takes it instead."
    )
    rounds = ("merger",)
    ROUND_STATE = (FORMED, DEALERS, SEVERAL, DEALT, DEAL)
    waits_again = True

    def acting_entity(self) -> str | None:
        return dealer(self.round)

    def blocking(self, current: str | None = None) -> bool:
        return dealer(self.round) is not None

    def actions(self, entity: str) -> list[str]:
        return ["buy_shares", "pass"] if entity == dealer(self.round) else []

    def choices_buy_shares(self, entity: str) -> list[Choice]:
        share = next_share(self.round, entity)
        return [] if share is None else [{"shares": [share.id], "percent": share.percent}]

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game, rnd = self.game, self.round
        player = entity_of(action)
        if player != dealer(rnd):
            raise GameError("merger", f"{game.name(player)} may not buy shares of {rnd.formed} now")
        corp = game.corporations[str(rnd.formed)]
        ids = [str(s) for s in action.get("shares") or []]
        wanted = [s for s in corp.shares if s.id in ids]
        if len(wanted) != 1 or wanted[0] not in buyable(rnd, player):
            raise GameError(
                "merger", f"{game.name(player)} may buy one 10% share of {corp.sym} from its treasury"
            )
        share = wanted[0]
        president = next(s for s in corp.shares if s.president)
        held = corp.certificates_of(player)
        shares.buy(game, player, corp, [share])
        if (
            president.owner == corp.issuer
            and len(held) == 1
            and held[0].percent + share.percent == president.percent
        ):
            for cert in (held[0], share):
                finance.move_share(game, cert, corp.issuer)
            finance.move_share(game, president, player)
            game.log(f"{game.name(player)} takes the president's certificate of {corp.sym}")
        if player not in rnd.several or next_share(rnd, player) is None:
            rnd.dealt.append(player)
        deal_on(rnd)

    def process_pass(self, action: dict[str, Any]) -> None:
        rnd, player = self.round, entity_of(action)
        if leaves_no_president(rnd, player):
            raise GameError(
                "merger", f"{rnd.formed} would have no president: someone must buy a second share of it"
            )
        rnd.dealt.append(player)
        deal_on(rnd, passed=player)


def leaves_no_president(rnd: Round, player: str) -> bool:
    """Whether ``player``'s pass would leave the major just formed by a merger without a
    president: its president's certificate unsold and nobody after them able to buy."""
    if rnd.formed is None or rnd.deal != "merge" or not rnd.several:
        return False
    corp = rnd.game.corporations[str(rnd.formed)]
    if next(s for s in corp.shares if s.president).owner != corp.issuer:
        return False
    return not [p for p in rnd.dealers if p != player and p not in rnd.dealt and next_share(rnd, p)]


def buyable(rnd: Round, player: str) -> list[Share]:
    """The shares of the new major ``player`` may buy now: a 10% from its treasury, within
    the certificate and holding limits, and affordable."""
    game = rnd.game
    corp: Corporation = game.corporations[str(rnd.formed)]
    cash = game.players_by_id[player].cash
    if finance.counts_for_limit(game, corp) and finance.certificate_count(
        game, player
    ) >= finance.certificate_limit(game):
        return []
    limit = finance.holding_limit(game, corp.sym)
    if finance.holding_limited(game, corp) and corp.percent_of(player) + 10 > limit:
        return []
    price = game.market.price(corp.sym)
    return [
        s
        for s in corp.shares
        if s.owner == corp.issuer and not s.president and s.percent == 10 and price <= cash
    ]


def next_share(rnd: Round, player: str) -> Share | None:
    found = buyable(rnd, player)
    return found[0] if found else None


def dealer(rnd: Round) -> str | None:
    """The player who may buy the new major's shares now."""
    if rnd.formed is None or rnd.reducing is not None:
        return None
    for player in rnd.dealers:
        if player not in rnd.dealt and next_share(rnd, player) is not None:
            return player
    return None


def deal_on(rnd: Round, passed: str | None = None) -> None:
    """When nobody is left to buy: after a merger's owners, every player in turn from the
    president may buy one share (but the one who just ``passed``, were it their turn
    first); then the dealing is over."""
    if rnd.formed is None or rnd.reducing is not None or dealer(rnd) is not None:
        return
    game = rnd.game
    corp = game.corporations[str(rnd.formed)]
    if rnd.deal == "merge" and rnd.several:
        players = [p.id for p in game.players]
        seat = players.index(str(corp.president())) if corp.president() in players else 0
        rnd.dealers, rnd.several, rnd.dealt = players[seat:] + players[:seat], [], []
        if passed is not None and dealer(rnd) == passed:
            rnd.dealt.append(passed)
        if dealer(rnd) is not None:
            return
    if rnd.reducing is None:
        rnd.formed = None
