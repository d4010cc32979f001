"""Drafts: players take companies in turn instead of bidding for them.

The simple draft, as 18xx.games' ``SimpleDraft`` plays it (18MS, 18Mag, 1835's start):
on their turn a player takes any company still in the draft and pays its price (its
value, unless the company says otherwise) to the bank; once every player owns a company
the draft is over and the companies nobody took leave the game.

The blind draft, as 1846 plays it (18xx.games' ``DraftDistribution``): the companies and
some blank cards are shuffled into a deck at setup (``setup.draws``: ``shuffle:
draft``). On their turn a player takes one of the first cards of the deck, unseen by the
others; the cards shown and not taken go back under the deck in a new order, drawn from
the setup's generator. When a single company is left, a player may pass instead, making
it cheaper (``rules.draft``). Once only blank cards are shown and fewer are left than are
shown, each player pays for the companies taken, and a company controlling a minor starts
it.

The open draft, as 1846's two-player game plays it (18xx.games' ``Draft2pDistribution``):
every company left is shown; on their turn a player takes any of them and pays its
price at once (a company controlling a minor starts it), or passes, once some player
owns a company (from the start, in 18 Los Angeles: ``rules.draft.pass_first``). With a
single company left, a pass makes it cheaper instead (``rules.draft``). The draft is over
when no company is left, every player has passed since a company was last taken, or the
players have taken ``rules.draft.limit`` companies; the companies left stay in the bank,
for the next draft round (``sequence.start``' ``until_sold``), or leave the game.

The players take their turns in the round's order (``rounds.*.order``: 18MS and 1846
draft in reverse seat order, 18 Los Angeles in a snake order, where a player who passes
passes the second turn in a row too); the priority afterwards goes to the first player
in seat order.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["simple_draft"].rounds, STEP_TYPES["blind_draft"].rounds, STEP_TYPES["open_draft"].rounds
(('auction',), ('auction',), ('auction',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance
from framework.engine.company_closing import close_company
from framework.engine.entities import BANK, CLOSED
from framework.engine.events import close_minor
from framework.engine.steps.auction import give_company, opening_price, unsold
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.title.companies import ControlsMinor

if TYPE_CHECKING:
    from framework.engine.game import Game
    from framework.engine.rounds import Round


@step("simple_draft")
class SimpleDraft(Step):
    """Each player in turn buys one company at its value."""

    description = (
        "Each player in turn takes one company still in the draft at its value; when every "
        "player owns one, the companies left leave the game."
    )
    rounds = ("auction",)
    round_name = "Draft Round"

    @property
    def open(self) -> bool:
        return not self.over()

    def offered(self) -> list[str]:
        """Companies still in the draft, in the title's order."""
        return unsold(self.game)

    def over(self) -> bool:
        game = self.game
        owners = {c.owner for c in game.companies.values()}
        return not self.offered() or all(p.id in owners for p in game.humans)

    def actions(self, entity: str) -> list[str]:
        return ["bid"] if not self.over() and entity == self.round.entity() else []

    def skip(self) -> None:
        if self.over():
            self.passed = True

    def choices_bid(self, player: str) -> list[Choice]:
        """Each company still in the draft at its value, that the player can pay."""
        cash = self.game.players_by_id[player].cash
        prices = {sym: opening_price(self.game, sym) for sym in self.offered()}
        return [{"company": sym, "price": price} for sym, price in prices.items() if price <= cash]

    def take(self, player: str, company: str) -> None:
        """``player`` takes ``company``, paying its price to the bank at once."""
        game = self.game
        price = opening_price(game, company)
        if price > game.players_by_id[player].cash:
            raise GameError("money", f"{game.name(player)} cannot pay {price} for {company}")
        finance.pay(game, player, BANK, price)
        give_company(game, company, player)
        game.log(f"{game.name(player)} buys {company} for {price}")

    def process_bid(self, action: dict[str, Any]) -> None:
        game = self.game
        player, company = entity_of(action), str(action.get("company"))
        if company not in self.offered():
            raise GameError("draft", f"{company} is not in the draft")
        price = opening_price(game, company)
        if int(action.get("price", price)) != price:
            raise GameError("draft", f"{company} costs its value, {price}")
        self.take(player, company)
        rnd = self.round
        rnd.next_entity()
        if self.over():
            for left in self.offered():
                game.companies[left].owner = CLOSED
                game.log(f"{left} is removed from the game")
            first = game.humans[game.priority].id
            rnd.index = rnd.entities.index(first)


@step("blind_draft")
class BlindDraft(Step):
    """Each player in turn secretly takes one of the first cards of a shuffled deck."""

    description = (
        "Each player in turn takes one of the first cards of the shuffled deck (the number "
        "of players plus rules.draft.extra_cards_shown), unseen by the others; the cards "
        "not taken go back under the deck in a new random order. When one company is left, "
        "a player may pass, making it cheaper. At the end each player pays for the "
        "companies taken."
    )
    rounds = ("auction",)
    round_name = "Draft Round"
    STATE = ("deck", "taken")

    def setup(self) -> None:
        if hasattr(self, "deck"):
            return
        self.deck: list[str] = list(self.game.setup.deck)
        """The cards left, top first (``setup.draws``' ``shuffle: draft``)."""
        self.taken: list[list[str]] = []
        """The cards taken: ``[player, card]``, in order."""

    # -- the deck -------------------------------------------------------------

    def blank(self, card: str) -> bool:
        return card not in self.game.title.companies

    def shown_count(self) -> int:
        """How many cards a player chooses among: the players plus the extra shown."""
        return len(self.game.humans) + self.game.title.rules.draft.extra_cards_shown

    def shown(self) -> list[str]:
        """The cards the player whose turn it is chooses among."""
        return self.deck[: self.shown_count()]

    def last_company(self) -> bool:
        """Whether a single company is left (which a player may pass on, making it
        cheaper, unless ``rules.draft.last_company_step`` is null: :meth:`may_pass`)."""
        return len(self.deck) == 1 and not self.blank(self.deck[0])

    def may_pass(self) -> bool:
        return self.last_company() and last_company_step(self.game) is not None

    def over(self) -> bool:
        short = len(self.deck) < self.shown_count()
        return not self.deck or (short and all(self.blank(c) for c in self.deck))

    @property
    def open(self) -> bool:
        return not self.over()

    def price(self, company: str) -> int:
        """What the company costs now: its price (or value) less what passes took off."""
        return opening_price(self.game, company)

    def floor(self, company: str) -> int:
        return floor(self.game, company)

    # -- the turn ---------------------------------------------------------------

    def actions(self, entity: str) -> list[str]:
        if self.over() or entity != self.round.entity():
            return []
        return ["bid", "pass"] if self.may_pass() else ["bid"]

    def skip(self) -> None:
        if self.over():
            self.passed = True

    def choices_bid(self, player: str) -> list[Choice]:
        """Each card shown (a company at what it costs now; a blank card at nothing)."""
        return [
            {"company": card, "price": 0 if self.blank(card) else self.price(card)} for card in self.shown()
        ]

    def process_bid(self, action: dict[str, Any]) -> None:
        card = str(action.get("company"))
        if card not in self.shown():
            raise GameError("draft", f"{card} is not among the cards shown")
        self.take(entity_of(action), card)
        self.round.next_entity()
        self.settle()

    def process_pass(self, action: dict[str, Any]) -> None:
        step = last_company_step(self.game)
        if step is None or not self.last_company():
            raise GameError("draft", "a player may pass only on the last company")
        nxt = pass_on_last(self.game, self.round, entity_of(action), self.deck[0], step)
        if nxt is not None:
            self.take(nxt, self.deck[0])
            self.settle()

    def take(self, player: str, card: str) -> None:
        game = self.game
        self.taken.append([player, card])
        if self.last_company():
            self.deck.clear()
            game.log(f"{game.name(player)} takes {card}")
            return
        shown = self.shown()
        del self.deck[: len(shown)]
        self.deck.extend(c for c in game.shuffled(shown) if c != card)
        game.log(f"{game.name(player)} takes a card")

    def settle(self) -> None:
        """Once the draft is over, each player pays for the companies taken."""
        if not self.over():
            return
        game = self.game
        for player, card in self.taken:
            if self.blank(card):
                game.log(f"{game.name(player)} took {card}")
                continue
            price = self.price(card)
            finance.pay(game, player, BANK, price)
            give_company(game, card, player)
            game.log(f"{game.name(player)} buys {card} for {price}")
        for sym in unsold(game):
            game.companies[sym].owner = CLOSED
        rnd = self.round
        rnd.index = rnd.entities.index(game.humans[game.priority].id)


def floor(game: Game, company: str) -> int:
    """The least a draft's last company comes down to: what it costs beyond its value."""
    spec = game.title.companies[company]
    return spec.price - spec.value if spec.price is not None else 0


def last_company_step(game: Game) -> int | None:
    """How much a pass on a draft's last company takes off its price
    (``rules.draft.last_company_step``; None: a pass there is a plain pass)."""
    return game.title.rules.draft.last_company_step


def pass_on_last(game: Game, rnd: Round, player: str, company: str, step: int) -> str | None:
    """``player`` passes on the draft's last company, which comes down by ``step``
    (:func:`last_company_step`); the turn moves on. Returns the player who must now take
    it, once it is down to its floor (:func:`floor`)."""
    before = opening_price(game, company)
    game.companies[company].discount += step
    after = opening_price(game, company)
    game.log(f"{game.name(player)} passes; {company} comes down from {before} to {after}")
    rnd.next_entity()
    return rnd.entity() if after <= floor(game, company) else None


@step("open_draft")
class OpenDraft(SimpleDraft):
    """Each player in turn takes any company left, paying for it at once, or passes: a
    simple draft with passes, whose companies left stay for the next draft round or,
    where none comes, leave the game."""

    description = (
        "Each player in turn takes any company left and pays its price at once, or passes "
        "(from the start with rules.draft.pass_first, else once some player owns a "
        "company); with one company left a pass makes it cheaper (rules.draft."
        "last_company_step). The draft is over when no company is left, when every player "
        "has passed since a company was last taken, or when the players have taken "
        "rules.draft.limit companies; the companies left stay for the next draft round "
        "(sequence.start's until_sold) or leave the game."
    )
    STATE = ("passers", "taken")

    def setup(self) -> None:
        if not hasattr(self, "passers"):
            self.passers: list[str] = []
            """The players who passed since a company was last taken."""
        if not hasattr(self, "taken"):
            self.taken = 0
            """The companies taken in this draft round."""

    def last_company(self) -> bool:
        """Whether a single company is left (a pass on it makes it cheaper, unless
        ``rules.draft.last_company_step`` is null)."""
        return len(self.offered()) == 1

    def over(self) -> bool:
        game = self.game
        limit = game.title.rules.draft.limit.get(len(game.humans))
        return (
            not self.offered()
            or all(p.id in self.passers for p in game.humans)
            or (limit is not None and self.taken >= limit)
        )

    def actions(self, entity: str) -> list[str]:
        if self.over() or entity != self.round.entity():
            return []
        return ["bid", "pass"] if self._may_pass() else ["bid"]

    def _may_pass(self) -> bool:
        """Whether a player may pass: from the start (``rules.draft.pass_first``), else
        once some player owns a company."""
        game = self.game
        return game.title.rules.draft.pass_first or any(
            c.owner in game.players_by_id for c in game.companies.values()
        )

    def process_bid(self, action: dict[str, Any]) -> None:
        player, company = entity_of(action), str(action.get("company"))
        if company not in self.offered():
            raise GameError("draft", f"{company} is not left in the draft")
        self.take(player, company)
        self.round.next_entity()
        self.settle()

    def take(self, player: str, company: str) -> None:
        super().take(player, company)
        self.passers.clear()
        self.taken += 1

    def process_pass(self, action: dict[str, Any]) -> None:
        game, player = self.game, entity_of(action)
        if not self._may_pass():
            raise GameError("draft", "nobody may pass before a player owns a company")
        step = last_company_step(game)
        if step is not None and self.last_company():
            company = self.offered()[0]
            nxt = pass_on_last(game, self.round, player, company, step)
            if nxt is not None:
                self.take(nxt, company)
                self.settle()
            return
        if player not in self.passers:  # (a player passing again is still one passer)
            self.passers.append(player)
        game.log(f"{game.name(player)} passes")
        rnd = self.round
        rnd.next_entity()
        if rnd.entity() == player:  # (a snake's second turn in a row is passed too)
            rnd.next_entity()
        self.settle()

    def settle(self) -> None:
        """Once the draft is over, the priority holder's turn comes first again; where no
        draft round comes again for them, the companies left leave the game, and the
        minors they would have started close."""
        if not self.over():
            return
        game, rnd = self.game, self.round
        rnd.index = rnd.entities.index(game.humans[game.priority].id)
        if game.until_sold(rnd.name) is not None:
            return
        for left in self.offered():
            close_company(game, left)
            for ability in game.title.companies[left].abilities:
                if isinstance(ability, ControlsMinor) and not game.minors[ability.minor].closed:
                    close_minor(game, ability.minor)
