"""The random part of setting up a game, as the title's ``setup`` section says.

The draws come from a linear congruential generator seeded with the game's
seed, as on 18xx.games (reference §e): the same seed always removes the same
companies and corporations and draws the same corporation for a random
president's certificate.

>>> rng = Lcg(1103515245, 12345, 2**31, seed=5)
>>> rng.draw()
1222621274
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from framework.title.companies import Shares
from framework.title.model import Title
from framework.title.setup import SecondToken


class Lcg:
    """``state = (multiplier · state + increment) mod modulus``; a draw returns the new state."""

    def __init__(self, multiplier: int, increment: int, modulus: int, seed: int):
        self.multiplier, self.increment, self.modulus = multiplier, increment, modulus
        self.state = seed % modulus

    def draw(self) -> int:
        self.state = (self.multiplier * self.state + self.increment) % self.modulus
        return self.state


@dataclass
class Setup:
    """What the random setup decided."""

    removed_companies: list[str] = field(default_factory=list)
    removed_corporations: list[str] = field(default_factory=list)
    drawn: dict[str, str] = field(default_factory=dict)
    """For each company with a random president's certificate, its corporation."""
    dealt: list[str] = field(default_factory=list)
    """Companies dealt to the players, in seat order (a ``deal`` draw)."""
    home_tokens: list[str] = field(default_factory=list)
    """Removed corporations whose home stations stay on the map."""
    second_tokens: dict[str, SecondToken] = field(default_factory=dict)
    """Removed corporations that put a second station on the map (``second_tokens``)."""
    deck: list[str] = field(default_factory=list)
    """The draft deck, top card first (a ``shuffle: draft`` draw)."""
    state: int | None = None
    """The generator's state after the draws, where play's draws continue from."""
    event_trains: dict[str, int] = field(default_factory=dict)
    """For each train type an ``event_train`` draw picked, the place of that draw in
    ``setup.draws`` (its first train sets off the draw's event)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "removed_companies": self.removed_companies,
            "removed_corporations": self.removed_corporations,
            "drawn": self.drawn,
            "dealt": self.dealt,
            "home_tokens": self.home_tokens,
            "second_tokens": {sym: t.model_dump(exclude_none=True) for sym, t in self.second_tokens.items()},
            "deck": self.deck,
            "state": self.state,
            "event_trains": self.event_trains,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Setup:
        """The setup ``to_dict`` gave."""
        seconds = {sym: SecondToken.model_validate(t) for sym, t in data.get("second_tokens", {}).items()}
        return cls(**{**data, "second_tokens": seconds})

    def in_game(self, title: Title, sym: str) -> bool:
        """Whether ``sym``, a company or a corporation of the title, is still in the game."""
        if sym in title.companies:
            return sym not in self.removed_companies
        return sym in title.corporations and sym not in self.removed_corporations

    def remove(self, title: Title, sym: str) -> None:
        """``sym``, a company (with those that come with it) or a corporation, leaves the
        game (and the draft deck)."""
        if sym in title.companies:
            for gone in (sym, *title.companies[sym].comes_with):
                self.removed_companies.append(gone)
                if gone in self.deck:
                    self.deck.remove(gone)
        else:
            self.removed_corporations.append(sym)


def random_setup(title: Title, seed: int, players: int | None = None) -> Setup:
    """Carry out the title's setup for ``seed``: the companies that are not for this
    number of ``players`` leave the game (``companies.players``), and the corporations
    (``corporations.players``), then the draws."""
    result = Setup()
    if players is not None:
        for sym, company in title.companies.items():
            if company.players is not None and players not in company.players:
                result.removed_companies.append(sym)
        for sym, corporation in title.corporations.items():
            if corporation.players is not None and players not in corporation.players:
                result.removed_corporations.append(sym)
    spec = title.setup
    if spec is None:
        return result
    gen = spec.generator
    rng = Lcg(gen.multiplier, gen.increment, gen.modulus, seed)
    for index, draw in enumerate(spec.draws):
        if draw.players is not None and players not in draw.players:
            continue  # not made with this many players
        if draw.unused is not None:
            rng.draw()
        elif draw.deal:
            keys = [(rng.draw(), sym) for sym in draw.deal if sym not in result.removed_companies]
            result.dealt = [sym for _, sym in sorted(keys)]
        elif draw.shuffle == "draft":
            cards = [sym for sym in title.companies if sym not in result.removed_companies]
            cards += title.rules.draft.blank_cards.get(players or 0, [])
            result.deck = shuffled(rng, cards)
        elif draw.remove_one_of:
            result.remove(title, shuffled(rng, draw.remove_one_of)[0])
        elif draw.remove is not None:
            candidates = [sym for sym in draw.remove if result.in_game(title, sym)]
            removed = shuffled(rng, candidates)[: draw.removes(players or 0)]
            for sym in removed:
                result.remove(title, sym)
                if draw.home_token and sym in title.corporations:
                    result.home_tokens.append(sym)
                second = draw.second_tokens.get(sym)
                if second is not None and (second.players is None or players in second.players):
                    result.second_tokens[sym] = second
        elif draw.event_train:
            result.event_trains[draw.event_train[rng.draw() % len(draw.event_train)]] = index
        elif draw.corporation_for and draw.corporation_for not in result.removed_companies:
            ability = title.companies[draw.corporation_for].ability("shares")
            among = ability.among if isinstance(ability, Shares) and ability.among else title.corporations
            remaining = [c for c in among if c not in result.removed_corporations]
            result.drawn[draw.corporation_for] = remaining[rng.draw() % len(remaining)]
    result.state = rng.state
    return result


def shuffled(rng: Lcg, items: list[str]) -> list[str]:
    """``items`` in a random order: one draw each, in order, then sorted by the draws,
    smallest first (18xx.games' ``sort_by { rand }``).

    >>> shuffled(Lcg(1103515245, 12345, 2**31, seed=5), ["a", "b", "c"])
    ['b', 'c', 'a']
    """
    keys = [(rng.draw(), i) for i in range(len(items))]
    return [items[i] for _, i in sorted(keys)]


def president_corporation(title: Title, setup: Setup, company: str) -> str | None:
    """The corporation whose president's certificate ``company`` gives, if any."""
    ability = title.companies[company].ability("shares")
    if not isinstance(ability, Shares) or not ability.president:
        return None
    return shares_corporation(setup, company, ability)


def shares_corporation(setup: Setup, company: str, ability: Shares) -> str | None:
    """The corporation of a ``shares`` ability of ``company``: the one it names, or the
    one drawn at setup for a random corporation (``None`` if none was drawn)."""
    return setup.drawn.get(company) if ability.corporation == "random" else ability.corporation
