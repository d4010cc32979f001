"""A game in play: a title, its players and a seed, and the actions taken.

>>> from framework.title.loader import load_title
>>> game = Game(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=5)
>>> game.round.kind, game.current_entity(), game.bank
('auction', '1', 7600)

Actions are 18xx.games action objects (``{"type": "bid", "entity": 1, ...}``);
:meth:`Game.process` applies one, or refuses it with a :class:`GameError`
naming the rule it breaks, leaving the game exactly as it was.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

from framework.base.errors import GameError
from framework.board.board import Board, FaceCache
from framework.board.hexmap import HexMap
from framework.engine import (
    bank_loans,
    closing,
    company_reservations,
    destinations,
    finance,
    lay_lapses,
    national_operation,
    second_tokens,
    settled_nationalization,
    tokens,
    trains,
)
from framework.engine.actions import NO_EFFECT, check_shape
from framework.engine.entities import (
    BANK,
    CLOSED,
    IPO,
    POOL,
    UNLIMITED_USES,
    UPGRADES_LEFT,
    Company,
    Corporation,
    Minor,
    Player,
    Share,
    Train,
)
from framework.engine.extension import rules_of
from framework.engine.market import StockMarket
from framework.engine.round_library import make_round
from framework.engine.rounds import Round
from framework.engine.setup import (
    Lcg,
    Setup,
    president_corporation,
    random_setup,
    shares_corporation,
    shuffled,
)
from framework.title.companies import Shares, TileLay
from framework.title.corporations import CharterToken, Reservation, StationBonus, TrainLimit
from framework.title.hooks import load_hooks
from framework.title.model import Title
from framework.title.moments import moments_of
from framework.title.trains import Phase

if TYPE_CHECKING:
    from framework.engine.operating import AbilityIndex


STALLED_TURNS = 20
NO_TRAIN_LIMIT = 99
"""The train limit of a national that operates on its own (18xx.games' 99)."""
RECORDS_OF_CHECKS = frozenset({"destination_connection"})
"""Actions recording a check 18xx.games' engine made by itself, in the name of an entity
that need not be acting (a destination check names the corporation that just operated)."""

"""Game turns in which no round had anything to do, their companies paying all the while,
after which a game is refused as stalled."""


class Game:
    """The state of a game and the rules that change it."""

    trains_held: tuple[tuple[int, int], dict[str, list[Train]]] | None = None
    """Each holder's trains, kept by :func:`~framework.engine.trains.owned` until a train
    changes hands (``Train.moves``)."""
    ability_index: AbilityIndex | None = None
    """The title's company abilities by kind (:class:`~framework.engine.operating.AbilityIndex`)."""
    trains_offered: tuple[tuple[int, int, str | None], list[Train]] | None = None
    """The depot's offer, kept by :func:`~framework.engine.trains.offered` until a train
    changes hands or the phase changes."""

    def __init__(
        self,
        title: Title,
        players: list[tuple[Any, str]],
        seed: int = 0,
        *,
        optional_rules: list[str] | None = None,
    ):
        self.title = title
        self.seed = seed
        self.optional_rules = list(optional_rules or [])
        self.players = [Player(str(pid), name) for pid, name in players]
        virtual = title.rules.virtual_player
        if virtual is not None:
            self.players.append(Player(str(virtual.id), virtual.name, bot=True))
        self.players_by_id = {p.id: p for p in self.players}
        self.humans = [p for p in self.players if not p.bot]
        self.counted_players = len(self.players)
        self.bank = title.bank.cash
        self.bank_broken = False
        self.float_percent: int | None = None
        """The percent a corporation must sell to float, once a ``float_percent`` event
        set it (``rules.float_percent`` until then)."""
        self.escrow_ended = False
        """An ``end_escrow`` event came: corporations started now hold no escrow."""
        """Corporations started now hold money in escrow (until ``end_escrow``)."""
        self.exports_ended = False
        """A train of ``rules.trains.exports_end_with`` was exported: no set's end exports
        again."""
        self.bank_broke_in: str | None = None
        """The round in which the bank broke (see :meth:`round_label`)."""
        self.nationalised: list[str] = []
        self.nationalizations_due: list[str] = []
        """Corporations to nationalise once the action is over
        (:mod:`~framework.engine.settled_nationalization`)."""
        self.trainless_majors: list[str] = []
        """Trainless majors whose presidents choose whether they are nationalised
        (the ``trainless_majors`` step)."""
        self.loan_pool: list[int] = list(range(title.rules.loans.count)) if title.rules.loans else []
        """The bank's loans not taken, in the order it offers them (:mod:`~framework.engine.bank_loans`)."""
        self.merger: dict[str, Any] | None = None
        """A ``merger_offer`` in progress (see :mod:`framework.engine.merger_offer`)."""
        self.merger_offers_made: list[str] = []
        """The targets of the ``merger_offer`` events that have come."""
        self.limit_rise = 0
        """What declined merger offers added to the certificate limit."""
        self.formation: dict[str, Any] | None = None
        """A ``national_formation`` in progress (see :mod:`framework.engine.national_formation`)."""
        self.nationals_formed: list[str] = []
        self.split_nationals: list[str] = []
        self.single_share_president: str | None = None
        """A player given a single share of a national as its president (see
        :func:`framework.engine.national_formation.owes_share`)."""
        """The nationals whose certificates split: each half counts half a certificate."""
        """The nationals ``national_formation`` events formed: loans have ended."""
        """Corporations nationalised, in order."""
        self.share_seq = 0
        self.messages: list[str] = []
        self.finished = False
        self.end_reason: str | None = None
        self.turn = 0
        self.round_number = 0
        self.or_number = 0
        self.or_count = 0
        self.priority = 0
        self.actions_processed = 0
        self.lapsing: str | None = None
        """While an action is processed: the company whose lays left it ended (they were
        still to be made as it began, as 18xx.games sees them then)."""
        self.ending: str | None = None
        """During an action, the end condition with ``immediately`` that it met: the game
        ends once the action is done and the round has moved on to the next decision
        (18xx.games checks the end after the round's own moves: a corporation in
        receivership still operates after a bankruptcy that ends the game)."""
        self.processing = False
        self.records: list[dict[str, Any]] = []
        """The automatic actions 18xx.games would record after the action last processed
        (a step's check, such as ``destination_connection``): :meth:`take_records`."""
        self.last_lay: str | None = None
        """The company whose special lay was the last action, where its lays left lapse
        when anyone else acts (:mod:`framework.engine.lay_lapses`)."""
        self.setup: Setup = random_setup(title, seed, len(self.humans))
        self.hexmap = HexMap.for_title(title)
        self.board: Board | None = (
            Board(title, self.hexmap, FaceCache.for_title(title)) if title.rules.track else None
        )
        """The 18xx board: tiles laid, tokens, reservations (``None`` for a title without
        ``rules.track``, whose layer keeps its own track)."""
        self.market = StockMarket.for_title(title)
        self.phase: str | None = next(iter(title.phases), None)
        self._create_companies()
        self._create_corporations()
        company_reservations.hold_all(self)
        if self.board is not None:
            second_tokens.place_at_setup(self)
            if title.rules.tokens.home == "setup":
                for sym in self.corporations:
                    tokens.place_home(self, sym)
        self.trains: dict[str, Train] = {}
        self.depot: list[str] = []
        trains.create_depot(self)
        self._create_minors()
        self._pay_starting_cash()
        self.start_rounds = [e.round for e in title.sequence.start]
        self.turn_position = len(title.sequence.turn) - 1
        self.checkpoints: list[dict[str, Any]] = []
        self.pending_end: dict[str, str] = {}
        self.hooks = load_hooks(title)
        self.moments = moments_of(title.hooks, self.hooks)
        """The hooks of the title's moments, typed (:mod:`framework.title.moments`)."""
        self.draws = 0
        """Random draws made during play (each from the seed and this count)."""
        if title.rules.share_phase is not None:
            from framework.engine.share_phase import place_start_prices

            place_start_prices(self)
        self.layer_rules = rules_of(title)
        """The rules part of the title's layer (:mod:`framework.engine.extension`; the
        base, adding nothing, for most)."""
        self.layer_state = self.layer_rules.new_state(self)
        """The layer's part of the game (``None`` for a title without one)."""
        if self.moments.after_setup is not None:
            self.moments.after_setup(self)
        self.round: Round | None = None
        """The round in play (``None`` only while the game is set up)."""
        self.next_round()

    # -- setup ----------------------------------------------------------

    def _create_companies(self) -> None:
        self.companies: dict[str, Company] = {}
        for sym, spec in self.title.companies.items():
            company = Company(sym)
            if sym in self.setup.removed_companies:
                company.owner = CLOSED
            for ability in spec.abilities:
                uses = getattr(ability, "uses", None) or getattr(ability, "count", None)
                if isinstance(ability, TileLay):
                    uses = uses or UNLIMITED_USES
                    if ability.upgrade_count is not None:
                        company.uses[UPGRADES_LEFT] = ability.upgrade_count
                if uses is not None:
                    company.uses[ability.type] = uses
            self.companies[sym] = company

    def _create_corporations(self) -> None:
        self.corporations: dict[str, Corporation] = {}
        rules = self.title.rules
        brought = self._certificates_brought()
        for sym, spec in self.title.corporations.items():
            if sym in self.setup.removed_corporations:
                if sym in self.setup.home_tokens and spec.home is not None:
                    # its station stays, blocking as a foreign one does
                    self.track_board.add_token(sym, (spec.home.hex, spec.home.first_city))
                continue
            capitalization = spec.capitalization or rules.capitalization
            holder = sym if capitalization == "incremental" else IPO
            sizes = brought.get(sym) or spec.shares or rules.shares
            pooled = spec.pool_shares
            shares = [  # those in the pool came first, in the order listed
                Share(
                    f"{sym}_{i}",
                    pct,
                    i == 0,
                    POOL if i in pooled else holder,
                    pooled.index(i) - len(pooled) if i in pooled else i,
                )
                for i, pct in enumerate(sizes)
            ]
            self.corporations[sym] = Corporation(sym, shares, capitalization)
            for ability in spec.abilities:
                if isinstance(ability, CharterToken):
                    self.corporations[sym].counters["token"] = ability.count
                elif isinstance(ability, StationBonus):
                    self.corporations[sym].counters["station_bonus"] = 1
                elif isinstance(ability, Reservation):  # a neutral station is counted as placed
                    self.track_board.reserve(sym, (ability.hex, ability.city))
            for station in spec.setup_stations:  # on the map from the start
                self.track_board.add_token(sym, (station.hex, station.first_city))
                self.corporations[sym].tokens_used += 1
            if spec.home is not None and spec.home.city == "choose":
                # a slot of any city of the hex is held until the company chooses
                self.track_board.reserve_hex(sym, spec.home.hex)
            elif spec.home is not None:
                self.track_board.reserve(sym, (spec.home.hex, spec.home.first_city))

    def _certificates_brought(self) -> dict[str, list[int]]:
        """The certificates of the corporations companies come with (``shares`` abilities'
        ``certificates``), by corporation, once the setup has drawn them."""
        out = {}
        for sym, spec in self.title.companies.items():
            for ability in spec.abilities:
                if isinstance(ability, Shares) and ability.certificates is not None:
                    corp = shares_corporation(self.setup, sym, ability)
                    if corp is not None:
                        out[corp] = ability.certificates
        return out

    def _create_minors(self) -> None:
        self.minors: dict[str, Minor] = {}
        for sym, spec in self.title.minors.items():
            minor = Minor(sym)
            self.minors[sym] = minor
            for name in spec.trains:
                trains.give_from_depot(self, name, sym, buyable=False)
            home = spec.home
            assert home is not None, "a minor's home is checked with the title"
            self.track_board.add_token(sym, (home.hex, home.first_city))

    def _pay_starting_cash(self) -> None:
        amount = self.title.bank.starting_cash[len(self.humans)]
        for player in self.humans:
            finance.pay(self, BANK, player.id, amount)
        for player, sym in zip(self.humans, self.setup.dealt, strict=False):
            self.companies[sym].owner = player.id
            finance.pay(self, player.id, BANK, self.title.companies[sym].value)
            self.log(f"{player.name} buys {sym} for {self.title.companies[sym].value}")

    # -- lookups --------------------------------------------------------

    @overload
    def name(self, holder: str) -> str: ...
    @overload
    def name(self, holder: str | None) -> str | None: ...
    def name(self, holder: str | None) -> str | None:
        """A player's name, or the holder as it is (a corporation, the bank; ``None`` when
        no one is named)."""
        player = self.players_by_id.get(holder) if holder is not None else None
        return player.name if player else holder

    @property
    def track_board(self) -> Board:
        """:attr:`board`, for the rules that only a title with ``rules.track`` reaches."""
        if self.board is None:
            raise RuntimeError(f"{self.title.title.name} has no 18xx board (rules.track is off)")
        return self.board

    @property
    def current_round(self) -> Round:
        """:attr:`round`, for the rules that run only once the game is set up."""
        if self.round is None:
            raise RuntimeError("the game is being set up: no round is in play")
        return self.round

    def colors(self) -> tuple[str, ...]:
        return tuple(self.phase_spec().tiles)

    def phase_spec(self) -> Phase:
        if self.phase is None:
            raise RuntimeError(f"{self.title.title.name} has no phases")
        return self.title.phases[self.phase]

    def train_limit(self, entity: str) -> int:
        """The phase's train limit for ``entity``'s kind, changed by its charter's
        ``train_limit`` ability."""
        if entity == national_operation.national(self):
            return NO_TRAIN_LIMIT
        limit = self.phase_spec().train_limit
        charter = self.title.corporations.get(entity)
        if isinstance(limit, dict):
            minor = entity in self.minors or (charter is not None and charter.kind == "minor")
            limit = limit["minor" if minor else "corporation"]
        own = charter.ability("train_limit") if charter is not None else None
        return limit + own.increase if isinstance(own, TrainLimit) else limit

    def seat_order_after(self, pid: str) -> list[str]:
        """Human players after ``pid`` clockwise, ending with ``pid``."""
        ids = [p.id for p in self.humans]
        if pid not in ids:
            return ids
        i = ids.index(pid)
        return ids[i + 1 :] + ids[: i + 1]

    def entity_type(self, entity: str) -> str:
        """What 18xx.games calls ``entity`` in an action's ``entity_type`` now. An id that
        names both a company and a corporation or minor (18SJ's KHJ, 1889's TR) names the
        corporation or minor while it is the one acting, the company otherwise; one that
        names a player and a corporation or minor names the operator while it operates,
        the player otherwise."""
        kinds = self.kinds_of(entity)
        if "company" in kinds and len(kinds) > 1 and not self._acting_now(entity):
            return "company"
        if "player" in kinds and kinds[0] != "player" and not self._operating_now(entity):
            # an id that names a player and a corporation or minor (18Scan's minors 1, 2,
            # 3 beside players 1, 2, 3) names the player but while that operator operates
            return "player"
        return kinds[0] if kinds else "player"

    def _operating_now(self, entity: str) -> bool:
        rnd = self.round
        return rnd is not None and rnd.kind == "operating" and rnd.entity() == entity

    def kinds_of(self, entity: str) -> list[str]:
        """Every kind of entity the id names: ``corporation``, ``minor``, ``player``,
        ``company``, in that order."""
        tables = (
            ("corporation", self.corporations),
            ("minor", self.minors),
            ("player", self.players_by_id),
            ("company", self.companies),
        )
        return [kind for kind, table in tables if entity in table]

    def _acting_now(self, entity: str) -> bool:
        rnd = self.round
        return rnd is not None and entity in (rnd.current_entity(), rnd.entity())

    def check_entity_type(self, action: dict[str, Any]) -> None:
        """Refuse an action whose ``entity_type`` does not name what its ``entity`` is now:
        an action is taken as the entity both name together, never as another entity of
        the same id (a company's action is not its same-named minor's)."""
        etype = action.get("entity_type")
        if etype is None or "entity" not in action:
            return
        entity = str(action["entity"])
        kinds = self.kinds_of(entity)
        if etype not in kinds:
            raise GameError("entity", f"the game has no {etype} {entity}")
        if action.get("type") in RECORDS_OF_CHECKS:
            return  # a record of the engine's check names any entity, acting or not
        acting = self.entity_type(entity)
        if (
            etype != acting
            and etype == "corporation"
            and self.round is not None
            and action.get("type") in self.round.offered(entity)
        ):
            return  # a corporation acting in its president's turn (a buy-back)
        if etype != acting:
            raise GameError(
                "entity", f"{entity} acts now as the {acting} {entity}; the {etype} {entity} cannot act now"
            )

    def players_from_priority(self) -> list[Player]:
        """Every player (a virtual one included, in its seat) in seat order starting with the
        holder of priority: the order in which the bank deals with players."""
        if not self.humans:
            return list(self.players)
        first = self.players.index(self.humans[self.priority % len(self.humans)])
        return self.players[first:] + self.players[:first]

    def owner_of(self, entity: str) -> str | None:
        """The player controlling a corporation, minor or company (for the national
        operating on its own, the holder of the priority)."""
        if entity in self.corporations and national_operation.operates(self, entity):
            return self.players_from_priority()[0].id
        if entity in self.corporations:
            return self.corporations[entity].president()
        if entity in self.minors:
            return self.minors[entity].owner
        if entity in self.companies:
            return self.companies[entity].owner
        return entity if entity in self.players_by_id else None

    def president_corporation(self, company: str) -> str | None:
        return president_corporation(self.title, self.setup, company)

    def shares_corporation(self, company: str, ability: Shares) -> str | None:
        """The corporation a ``shares`` ability of ``company`` gives a certificate of."""
        return shares_corporation(self.setup, company, ability)

    def current_entity(self) -> str | None:
        return None if self.finished or self.round is None else self.round.current_entity()

    def log(self, line: str) -> None:
        self.messages.append(line)

    # -- rounds ---------------------------------------------------------

    def next_round(self) -> None:
        """Start the next round of the sequence, skipping rounds with nothing to do.

        From ``game_end.turn_limit`` on, a round's end ends the game (``dnf``); when two
        whole game turns pass in which no round had anything to do and no player's cash
        changed (companies paying their revenue may yet let someone act), nothing ever
        will: the game ends at once as it would stand at the limit. Without a limit it
        raises :class:`GameError` (``stalled``) then, or after twenty such turns whatever
        the cash did: nobody could ever act again, and no end of the game applies."""
        first = started = self.turn
        cash = self._players_cash()
        while not self.finished:
            name = self._next_round_name()
            if name is None:
                return
            self.round = rnd = make_round(self, name)
            if not rnd.finished():
                return
            rnd.finish()
            if self.past_turn_limit():
                return
            if self.turn > started + 2:
                if self._players_cash() != cash and self.turn <= first + STALLED_TURNS:
                    started, cash = self.turn, self._players_cash()
                    continue
                limit = self.title.game_end.turn_limit
                if limit and self._players_cash() == cash:
                    # nothing changes any more: the game would stand so at its limit
                    self.turn = max(self.turn, limit)
                    self.past_turn_limit()
                    return
                if limit:
                    continue
                raise GameError(
                    "stalled",
                    f"no round of game turns {first} to {self.turn} had anything to do: "
                    "nobody can act, and no end of the game applies",
                )

    def past_turn_limit(self) -> bool:
        """At the end of a round: end the game unfinished (``dnf``) from the title's
        ``game_end.turn_limit`` on; whether it has ended."""
        limit = self.title.game_end.turn_limit
        if limit and self.turn >= limit and not self.finished:
            self.end("dnf")
        return self.finished

    def _players_cash(self) -> list[int]:
        return [p.cash for p in self.players]

    def _next_round_name(self) -> str | None:
        previous = self.round
        if previous is not None and previous.kind == "operating":
            last = self.or_number >= self.or_count
            if last:
                self.end_of("end_of_set")
                if self.finished:
                    return None
                trains.export(self)
            after = self._after_each(previous.name)
            if after is not None:
                return after
            if not last:
                self.or_number += 1
                return previous.name
        elif (
            previous is not None
            and self.between_operating_rounds(previous.name)
            and self.or_number < self.or_count
        ):
            self.or_number += 1
            return self.title.sequence.turn[self.turn_position].round
        again = self._until_sold(previous)
        if again is not None and previous is not None:
            self.start_rounds.insert(0, previous.name)
            self.or_count = self.set_length()
            self.or_number = 1
            return again
        if self.start_rounds:
            return self.start_rounds.pop(0)
        entries = self.title.sequence.turn
        while True:
            self.turn_position += 1
            if self.turn_position >= len(entries):
                self.turn_position = 0
                self.turn += 1
                if self.turn > self.last_turn():
                    self.trigger_end("final_turn")
                    if self.finished:
                        return None
            entry = entries[self.turn_position]
            if self.turn % entry.every == 0 and self.in_phase(entry.round):
                break
        if self.title.rounds[entry.round].kind == "operating":
            self.or_count = self.set_length()
            self.or_number = 1
        return entry.round

    def set_length(self) -> int:
        """How many operating rounds a set begun now has: the phase's, or
        ``game_end.final_operating_rounds`` once the end is pending."""
        final = self.title.game_end.final_operating_rounds
        return final if final is not None and self.pending_end else self.phase_spec().operating_rounds

    def in_phase(self, round_name: str) -> bool:
        """Whether the round ``round_name`` is played in the current phase (its ``phases``)."""
        phases = self.title.rounds[round_name].phases
        return not phases or self.phase in phases

    def _after_each(self, operating: str) -> str | None:
        """The round played after the operating round ``operating`` (its turn entry's
        ``after_each``), when it is played in this phase."""
        entry = self.title.sequence.turn[self.turn_position]
        after = entry.after_each if entry.round == operating else None
        return after if after is not None and self.in_phase(after) else None

    def between_operating_rounds(self, round_name: str) -> bool:
        """Whether ``round_name`` is played after each operating round of the current
        game turn's set (``after_each``), so that the next of the set follows it."""
        entries = self.title.sequence.turn
        entry = entries[self.turn_position] if 0 <= self.turn_position < len(entries) else None
        return entry is not None and entry.after_each == round_name

    def _until_sold(self, previous: Round | None) -> str | None:
        """The operating round to play before the initial round ``previous`` comes again,
        while companies it offers are left unsold (``sequence.start``' ``until_sold``)."""
        if previous is None or previous.kind == "operating":
            return None
        again = self.until_sold(previous.name)
        if again is None:
            return None
        companies = self.title.companies.items()
        left = any(spec.auction and self.companies[s].owner == BANK for s, spec in companies)
        return again if left else None

    def until_sold(self, round_name: str) -> str | None:
        """The operating round played before the initial round ``round_name`` comes
        again while companies are left unsold (its ``sequence.start`` entry's
        ``until_sold``), or None where it does not come again."""
        entry = next((e for e in self.title.sequence.start if e.round == round_name), None)
        return entry.until_sold if entry is not None else None

    def last_turn(self) -> float:
        """The number of game turns for this many players (``game_end.turns``;
        unlimited when the title has none)."""
        return self.title.game_end.turns.get(len(self.humans), math.inf)

    def round_label(self) -> str:
        """The round now, as the checkpoints name it: ``Auction``, ``SR3``, ``OR3.2``
        (other kinds by their name)."""
        rnd = self.round
        if rnd is None:
            return "setup"
        kind = rnd.kind
        if kind == "auction":
            return "Auction"
        if kind == "stock":
            return f"SR{self.turn}"
        if kind == "operating":
            return f"OR{self.turn}.{self.or_number}"
        if kind == "share_phase":
            return f"SR{self.turn}"
        return f"{rnd.name} {self.turn}"

    def log_round_end(self, label: str) -> None:
        """Record the state at the end of a round (bank, cash, prices and treasuries)."""
        self.checkpoints.append(
            {
                "round": label,
                "bank": self.bank,
                "players": {p.id: p.cash for p in self.players},
                "corporations": {
                    c.sym: [self.market.price(c.sym), c.cash]
                    for c in self.corporations.values()
                    if not c.closed and c.sym in self.market.positions
                },
            }
        )

    # -- processing -----------------------------------------------------

    def process(self, action: dict[str, Any], *, fields_checked: bool = False) -> None:
        """Apply one action, or raise :class:`GameError` leaving the game unchanged.
        ``fields_checked``: its fields were checked against its type's model already (a
        game file's actions are, when it is read: see :func:`check_shape`)."""
        self.records = []
        try:
            self._process(action, fields_checked)
        except GameError as error:
            raise error.at(action.get("id")) from None
        self.actions_processed += 1

    def record(self, auto: dict[str, Any]) -> None:
        """Note an automatic action the engine took of itself, as 18xx.games records it
        in the ``auto_actions`` of the action that led to it."""
        self.records.append(auto)

    def take_records(self) -> list[dict[str, Any]]:
        """The automatic actions noted while the last action was processed, forgotten here."""
        found, self.records = self.records, []
        return found

    def check_autos(self, action: dict[str, Any]) -> None:
        """Refuse ``action`` if one of its ``auto_actions`` is not a well-formed action
        of a type the engine plays (checked before anything is applied)."""
        for number, auto in enumerate(action.get("auto_actions") or [], 1):
            try:
                check_shape(auto, self.layer_rules.actions)
            except GameError as error:
                raise _auto_refused(action, number, auto, error) from None

    def process_autos(self, action: dict[str, Any]) -> None:
        """Apply ``action``'s ``auto_actions``, after it, naming the one refused. An
        action and its auto actions are one: a refusal here leaves the action (and the
        auto actions before) taken, so the caller makes the game again
        (:class:`~framework.record.session.Session` and :func:`~framework.record.replay.replay` do)."""
        for number, auto in enumerate(action.get("auto_actions") or [], 1):
            try:
                self.process({**auto, "id": action.get("id")})
            except GameError as error:
                raise _auto_refused(action, number, auto, error) from None

    def _process(self, action: dict[str, Any], fields_checked: bool) -> None:
        kind = action.get("type") if isinstance(action, dict) else None
        if isinstance(kind, str) and kind in NO_EFFECT:
            return
        check_shape(action, self.layer_rules.actions, fields_checked=fields_checked)
        self.check_entity_type(action)
        if self.finished:
            raise GameError("game over", "the game has ended")
        if kind == "end_game":
            self.end("manually_ended")
            return
        lapsing = lay_lapses.lapsing(self, action)
        before = self.round
        if lapsing is not None:  # before the action: the company's step no longer waits for it
            left = self.companies[lapsing].uses["tile_lay"]
            self.companies[lapsing].uses["tile_lay"] = 0
        self.lapsing = lapsing
        self.processing = True
        try:
            moved_on = self._apply(action, kind)
        except GameError:
            if lapsing is not None:
                self.companies[lapsing].uses["tile_lay"] = left
            self.ending = None
            raise
        finally:
            self.lapsing = None
            self.processing = False
        if lapsing is not None:
            self.log(f"{lapsing} forfeits its lays left")
            if self.round is before:  # (a new round holds nothing)
                lay_lapses.hold(self, lapsing, action)
        self.last_lay = lay_lapses.last_lay(self, action)
        if self.bank_broken:  # (seen once per action, as 18xx.games checks the end)
            self.trigger_end("bank")
        if moved_on:
            self.after_action()
        self._end_if_met()

    def _apply(self, action: dict[str, Any], kind: Any) -> bool:
        """Process a checked action; whether the game is then to move on (:meth:`after_action`)."""
        if kind == "destination_connection":
            destinations.process_destination_connection(self, action)
            return False
        if kind == "give_money" and self.title.rules.share_phase is not None:
            from framework.engine.share_phase import give_money

            give_money(self, action)
            return False
        self.current_round.process(action)
        return True

    def after_action(self) -> None:
        """Close the corporations a closing market cell holds; end the game when a
        condition says so now; move on while rounds are over. A price moved into a closing
        cell as the round ends closes the corporation now where the action itself ended
        the round; where only the closing did (it left nobody anything to do), the round's
        moves come after the closing, as in 18xx.games, and close at the next action."""
        if self.finished:
            return
        ended = self.round is not None and self.round.finished()
        settled_nationalization.carry_out_due(self)
        closing.close_in_closing_cells(self)
        self._end_if_met()  # (the corporations its moves closed close first)
        if self.finished:
            return
        if (
            self.title.game_end.final_train
            and "final_train" not in self.pending_end
            and not trains.offered(self)
        ):
            self.trigger_end("final_train")
            if self.finished:
                return
        while self.round is not None and self.round.finished():
            self.round.finish()
            if ended:
                closing.close_in_closing_cells(self)  # (a move at the round's end)
                ended = False
            if self.finished:
                return
            self.end_of("end_of_round")
            if self.finished or self.past_turn_limit():
                return
            self.next_round()
            if self.finished:
                return

    # -- the end --------------------------------------------------------

    def _end_if_met(self) -> None:
        """End the game for the condition the action met with ``immediately`` (``ending``)."""
        if self.ending is not None:
            self.end(self.ending)
            self.ending = None

    def trigger_end(self, reason: str) -> None:
        """A game-end condition happened: end now, or remember when to end."""
        timing = getattr(self.title.game_end, reason, None)
        if timing is None or not self._outranks(timing):
            return
        if timing == "immediately" and self.processing:
            self.ending = self.ending or reason
        elif timing == "immediately":
            self.end(reason)
        elif timing == "end_of_next_set" and self._first_round_ends_set():
            self.pending_end.setdefault(reason, f"end_of_set@{self.turn}")
            self.or_count = self.title.game_end.final_operating_rounds or self.or_count
        elif timing == "end_of_next_set":
            self.pending_end.setdefault(reason, f"end_of_set@{self.turn + 1}")
        else:
            self.pending_end.setdefault(reason, timing)

    def _outranks(self, timing: str) -> bool:
        """Whether a condition of ``timing`` counts beside those pending, by
        ``game_end.timing_priority`` (those it outranks are forgotten); without one, every
        condition counts."""
        order = self.title.game_end.timing_priority
        if not order or not self.pending_end:
            return True

        def rank(timing: str) -> int:
            return order.index(timing) if timing in order else len(order)

        held = min(rank(getattr(self.title.game_end, r)) for r in self.pending_end)
        if rank(timing) >= held:
            return False
        self.pending_end.clear()
        return True

    def _first_round_ends_set(self) -> bool:
        """Whether a condition met now ends the game with this set of operating rounds
        (``game_end.first_round_ends_set``: in its first round)."""
        return (
            self.title.game_end.first_round_ends_set
            and self.round is not None
            and self.title.rounds[self.round.name].kind == "operating"
            and self.or_number == 1
        )

    def end_of(self, moment: str) -> None:
        """End the game if a condition waits for this moment (or an earlier one). A bank
        broken in rounds played without an action counts from the next action."""
        order = ["end_of_operating_round", "end_of_round", "end_of_set"]

        def rank(timing: str) -> int:
            """The moment's place in ``order``; a set of a later turn (``end_of_set@T``,
            for ``end_of_next_set``) is due only in turn T."""
            name, _, turn = timing.partition("@")
            return order.index(name) if not turn or self.turn >= int(turn) else len(order)

        due = [r for r, t in self.pending_end.items() if rank(t) <= order.index(moment)]
        if due:  # (at one moment, a set's own end names the reason before the next set's)
            self.end(min(due, key=lambda r: (rank(self.pending_end[r]), "@" in self.pending_end[r])))

    def end(self, reason: str) -> None:
        self.finished = True
        self.end_reason = reason
        self.log(f"The game ends ({reason})")
        if self.title.rules.loans.at_end == "price_left":
            bank_loans.pay_off_by_price(self)

    def random(self) -> random.Random:
        """A generator for the next random draw of play (dice, cubes): each draw comes
        from the seed and the number of draws before it, so replays draw the same."""
        self.draws += 1
        return random.Random(self.seed * 1_000_003 + self.draws)

    def shuffled(self, items: list[str]) -> list[str]:
        """``items`` in a random order drawn from the title's setup generator, continuing
        its draws (a blind draft's cards going back under the deck)."""
        spec = self.title.setup
        if spec is None or self.setup.state is None:
            raise RuntimeError(f"{self.title.title.name} has no setup generator to draw from")
        gen = spec.generator
        rng = Lcg(gen.multiplier, gen.increment, gen.modulus, self.setup.state)
        out = shuffled(rng, items)
        self.setup.state = rng.state
        return out

    def result(self) -> dict[str, int]:
        """Each human player's value, highest first (18xx.games ``result``); equal values
        are ranked by ``game_end.tie_break``, then by seat."""
        values = {p.id: finance.player_value(self, p.id) for p in self.humans}
        breakers: dict[str, Callable[[str], int]] = {"cash": lambda pid: self.players_by_id[pid].cash}
        keys = [breakers[name] for name in self.title.game_end.tie_break]
        ranked = sorted(values, key=lambda pid: (-values[pid], *(-key(pid) for key in keys)))
        return {pid: values[pid] for pid in ranked}


def _auto_refused(action: dict[str, Any], number: int, auto: Any, error: GameError) -> GameError:
    kind = auto.get("type") if isinstance(auto, dict) else None
    return GameError(error.rule, f"its auto action {number} ({kind}): {error.detail}").at(action.get("id"))
