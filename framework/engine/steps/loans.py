"""Loans from the bank to the operating corporation (``rules.loans``; 18xx.games'
``take_loan`` and ``payoff_loan``, 1856's).

A corporation may take a loan at any moment of its operating turn until it has bought its
trains; then the step waits for it, offering a loan, paying one back, or passing. It takes
at most one loan a turn, none after paying one back, and holds at most one loan for each
of its shares the players hold: once it has bought its trains, it repays at once the loans
it holds beyond that (:func:`repay_excess`; shares sold to the pool lower the limit). Once
its routes step is over, after the next action of its turn, it pays the interest on its
loans (:func:`pay_interest`); a loan taken after that brings the amount less the interest.
Each action names its loan, as 18xx.games numbers them (:mod:`~framework.engine.bank_loans`):
a ``take_loan`` the bank's first, a ``payoff_loan`` one the corporation holds.

>>> from framework.engine.steps.base import STEP_TYPES
>>> STEP_TYPES["loans"].rounds
('operating',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import automatic_loans, bank_loans, finance, nationals
from framework.engine.bank_loans import loans_left
from framework.engine.entities import BANK, Corporation

if TYPE_CHECKING:
    from framework.engine.game import Game
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.engine.steps.cash_crisis import president_covers
from framework.engine.steps.issue import issue_power
from framework.engine.steps.running import REVENUE


@step("loans")
class Loans(Step):
    """Take a loan during the turn; after buying trains, take one, pay one back or pass."""

    description = (
        "The operating corporation may take a loan from the bank at any moment of its turn "
        "until it has bought trains, then take one, pay one back or pass; it pays interest "
        "on its loans after its run (rules.loans)."
    )
    rounds = ("operating",)
    blocks = False  # never skipped: it waits of itself once the trains are bought (blocking)
    ROUND_STATE = (REVENUE,)  # the interest not paid from the treasury comes off it
    STATE = ("took", "repaid", "interest_paid")

    def setup(self) -> None:
        self.took = False
        self.repaid = False
        self.interest_paid = False

    def _passed(self, name: str) -> bool:
        found = self.round.step(name)
        return found is None or found.passed

    def _bought(self, action: dict[str, Any], corp: str) -> bool:
        """Whether the corporation's train buying is over: its step passed, or a purchase
        just made left it nothing more to buy (the step ends with it, as 18xx.games'
        ``BuyTrain`` passes itself)."""
        if self._passed("buy_train"):
            return True
        found = self.round.step("buy_train")
        if action.get("type") != "buy_train" or found is None:
            return False
        return "buy_train" not in found.actions(corp)

    def _operating(self, entity: str) -> Corporation | None:
        if entity != self.round.entity() or entity not in self.game.corporations:
            return None
        return self.game.corporations[entity]

    def most_loans(self, corp: Corporation) -> int:
        """Its ``max_loans``, else one loan for each of its shares the players hold."""
        return automatic_loans.most_loans(self.game, corp.sym)

    def may_take(self, corp: Corporation) -> bool:
        return (
            not self.took
            and not self.repaid
            and len(corp.loans) < self.most_loans(corp)
            and loans_left(self.game) > 0
            and self.game.phase_spec().loans
            and not nationals.loans_ended(self.game)
        )

    def may_repay(self, corp: Corporation) -> bool:
        return (
            self._passed("buy_train") and bool(corp.loans) and corp.cash >= self.game.title.rules.loans.amount
        )

    def actions(self, entity: str) -> list[str]:
        corp = self._operating(entity)
        if corp is None:
            return []
        kinds = []
        if self.may_repay(corp):
            kinds.append("payoff_loan")
        if self.may_take(corp):
            kinds.append("take_loan")
        if (kinds or len(corp.loans) > self.most_loans(corp)) and self._passed("buy_train"):
            kinds.append("pass")  # it waits too for the loans over its limit to be repaid
        return kinds

    def choices_take_loan(self, entity: str) -> list[Choice]:
        """The bank's first loan."""
        return [{"loan": self.game.loan_pool[0]}]

    def choices_payoff_loan(self, entity: str) -> list[Choice]:
        """The corporation's first loan."""
        return [{"loan": self.game.corporations[entity].loans[0]}]

    def blocking(self, current: str | None = None) -> bool:
        """It waits only once the trains are bought."""
        entity = current if current is not None else self.round.current_entity()
        return entity is not None and self._passed("buy_train") and bool(self.actions(entity))

    def explain(self, action: dict[str, Any]) -> GameError | None:
        corp = self._operating(entity_of(action))
        if corp is None or action["type"] not in ("take_loan", "payoff_loan"):
            return None
        if action["type"] == "take_loan":
            if self.took or self.repaid:
                return GameError("loans", f"{corp.sym} has taken or paid back a loan this turn")
            return GameError("loans", f"{corp.sym} may have at most {self.most_loans(corp)} loans")
        return GameError("loans", f"{corp.sym} cannot pay back a loan now")

    def process_take_loan(self, action: dict[str, Any]) -> None:
        game = self.game
        corp = self._operating(entity_of(action))
        if corp is None or not self.may_take(corp):
            raise self.explain(action) or GameError("loans", "no loan now")
        rules = game.title.rules.loans
        amount = rules.amount - (rules.interest if self.interest_paid else 0)
        bank_loans.take(game, corp, _loan_of(action))
        finance.pay(game, BANK, corp.sym, amount)
        self.took = True
        game.log(f"{corp.sym} takes a loan and receives {amount}")

    def process_payoff_loan(self, action: dict[str, Any]) -> None:
        game = self.game
        corp = self._operating(entity_of(action))
        if corp is None or not self.may_repay(corp):
            raise GameError("loans", f"{entity_of(action)} cannot pay back a loan now")
        amount = game.title.rules.loans.amount
        bank_loans.pay_back(game, corp, _loan_of(action))
        finance.pay(game, corp.sym, BANK, amount)
        self.repaid = True
        game.log(f"{corp.sym} pays back a loan for {amount}")

    def after_action(self, action: dict[str, Any]) -> None:
        """The first action of the turn after its routes step: the interest is due; after
        its train buying, the loans over its limit are repaid."""
        corp = self.game.corporations.get(str(self.round.entity()))
        if corp is None:
            return
        if not self.interest_paid and self._passed("routes"):
            self.interest_paid = True
            pay_interest(self.game, corp)
        if self._bought(action, corp.sym) and len(corp.loans) > self.most_loans(corp):
            self.repaid = True
            repay_excess(self.game, corp, len(corp.loans) - self.most_loans(corp))


def _loan_of(action: dict[str, Any]) -> int | None:
    """The loan an action names (18xx.games' ``loan``), if it names one."""
    loan = action.get("loan")
    if loan is None:
        return None
    if isinstance(loan, bool) or not isinstance(loan, int):
        raise GameError("loans", f"a loan is named by its number, not {loan!r}")
    return loan


def pay_interest(game: Game, corp: Corporation) -> None:
    """``corp`` pays the interest on its loans: from its treasury in multiples of ten, the
    rest out of this turn's revenue, the rest by its president (:func:`president_covers`)."""
    owed = len(corp.loans) * game.title.rules.loans.interest
    if owed == 0:
        return
    paid = min(owed, corp.cash - corp.cash % 10)
    finance.pay(game, corp.sym, BANK, paid)
    owed -= paid
    rnd = game.current_round
    deducted = min(owed, rnd.revenue)
    if deducted:
        rnd.revenue -= deducted
        owed -= deducted
    game.log(f"{corp.sym} pays {paid + deducted} interest on {len(corp.loans)} loans")
    if owed:
        game.log(f"{corp.sym} cannot pay the remaining {owed}: its president covers it")
        president_covers(game, corp.sym, owed)


def spending_power(game: Game, sym: str, kind: str) -> int:
    """What corporation ``sym`` can spend in a step of ``kind``: its cash, and the loan it
    may still take this turn where the title counts it in that step (``rules.loans.counted_in``),
    and the shares it may still issue where the title counts them (``rules.issue.counted_in``)."""
    corp = game.corporations[sym]
    rules = game.title.rules.loans
    issued = issue_power(game, sym, kind)
    step = game.current_round.step("loans") if kind in rules.counted_in else None
    if not isinstance(step, Loans) or sym != step.round.entity() or not step.may_take(corp):
        return corp.cash + issued
    return corp.cash + issued + rules.amount - (rules.interest if step.interest_paid else 0)


def repay_excess(game: Game, corp: Corporation, count: int) -> None:
    """``corp`` holds ``count`` loans more than its shares the players hold: it repays them,
    from its treasury as far as it goes, its president the rest (:func:`president_covers`)."""
    owed = count * game.title.rules.loans.amount
    bank_loans.give_back(game, corp, count)
    paid = min(owed, corp.cash)
    finance.pay(game, corp.sym, BANK, paid)
    game.log(f"{corp.sym} must repay {count} loans and pays {paid}")
    if owed > paid:
        covered = president_covers(game, corp.sym, owed - paid)
        game.log(f"{game.name(corp.president() or corp.sym)} pays the remaining {covered}")


@step("loan_interest")
class LoanInterest(Step):
    """After its dividend, interest on the loans held when the round began, and every
    loan the treasury can pay back, paid back."""

    description = (
        "After its dividend the operating corporation pays rules.loans.interest on each loan "
        "it held when the operating round began, taking loans for it when short "
        "(rules.loans.automatic), then pays back every loan its treasury covers; nobody is asked."
    )
    rounds = ("operating",)
    STATE = ("due",)
    due: dict[str, int] = {}
    """The loans each corporation held when the round began (replaced, never changed)."""

    def begin(self) -> None:
        self.due = {sym: len(corp.loans) for sym, corp in self.game.corporations.items() if corp.loans}

    def skip(self) -> None:
        sym = self.round.turn_of()
        if sym in self.game.corporations:
            automatic_loans.pay_interest(self.game, sym, self.due.get(sym, 0))
        self.passed = True
