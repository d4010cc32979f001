"""The random part of setting up a game: a generator and the draws made with it.

::

    setup:
      generator: {kind: lcg, multiplier: 1103515245, increment: 12345, modulus: 2147483648}
      draws:
      - {shuffle: draft}
      - {remove: [LSL, MC, O&I, LM], count: {3: 3, 4: 2, 5: 1}}
      - {remove: [C&O, ERIE, PRR], count: {3: 2, 4: 1, 5: 0}, home_token: true}

The draws are made in order from the game's seed; what play draws later (a draft's
cards going back under the deck) continues from the same generator.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from framework.title.base import HexId, Model, Name, TileColor


class Generator(Model):
    """A linear congruential generator: ``state = (multiplier·state + increment) mod modulus``.

    Its first state is the seed modulo ``modulus``; each draw returns the next state.
    """

    kind: Literal["lcg"] = "lcg"
    """The kind of generator (a linear congruential one)."""
    multiplier: int = Field(gt=0)
    """The multiplier."""
    increment: int = Field(ge=0)
    """The increment."""
    modulus: int = Field(gt=1)
    """The modulus."""


class TileRevert(Model):
    """Laid tiles taken back off the hexes showing an icon: each goes back to the supply
    and its hex shows its printed side again; the stations there stay, in the printed city
    of the same place (1882's North West Rebellion)."""

    icon: Name
    """The icon (of ``map.icons``) marking the hexes whose tiles go."""
    colors: list[TileColor] = Field(min_length=1)
    """The colours of the laid tiles that go (a tile of another colour stays)."""


class SecondToken(Model):
    """A second station that a corporation removed at setup puts on the map, besides its
    home station (``home_token``): in the first city of ``hex``, at once, or, with
    ``color``, when a tile of that colour is laid there (1846's two-player game: the Erie
    at once in Erie, the others as their city turns green). It goes in whether or not
    the corporations in the game could place a token there, where the city has room, and
    blocks as a foreign station does.

    ::

        second_tokens:
          ERIE: {hex: D20}
          GT: {hex: D14, color: green}
    """

    hex: HexId
    """The hex whose first city takes the station."""
    color: TileColor | None = None
    """None: placed at setup. A colour: placed when a tile of that colour is laid in the
    hex (the tile's first city)."""
    players: list[int] | None = Field(default=None, min_length=1)
    """The numbers of players for which it is placed (None: all)."""


class Draw(Model):
    """One random choice at setup.

    ``remove_one_of``: one draw per listed company or corporation, in order; the one
    with the smallest draw leaves the game. ``remove``: one draw per listed company or
    corporation still in the game, in order; the ``count`` with the smallest draws leave
    (a number, or one per number of players); a corporation
    removed with ``home_token`` leaves its home station on the map, where it blocks as a
    foreign station does (1846's removed corporations). ``corporation_for``: one draw ``d``
    gives that company's corporation ``remaining[d mod n]`` among the ``n`` corporations
    still in the game, in title order (or in the order of its ``shares`` ability's
    ``among``). ``deal``: one draw per listed company still in
    the game, in order; sorted by their draws, smallest first, they go to the players in
    seat order, one each, every player paying the bank the company's value (those left
    over stay unsold); 1889's beginner game deals its companies so, with no auction.
    ``shuffle: draft``: one draw per card of the draft deck (the companies in the game
    in title order, then the blank cards of ``rules.draft``), in that order; sorted by
    their draws, smallest first, they are the deck a ``blind_draft`` deals from (a
    company a later draw removes leaves the deck).
    ``event_train``: one draw ``d`` picks the train type ``event_train[d mod n]`` (of
    the ``n`` listed); the first train of that type in the depot at setup (before any
    ``reserved`` one comes in ahead of it) carries the draw's event, which its purchase
    from the depot sets off after its type's own events: ``revert_tiles`` (1882's North
    West Rebellion, on the first 3, 4, 5 or 6 train, takes the yellow tiles off the NWR
    hexes).
    ``unused``: one draw whose number nothing here uses, made where the title's own
    rules draw for something the format does not express (named by the text), so
    that the draws after it get the numbers they get on 18xx.games.
    """

    remove_one_of: list[Name] | None = None
    """Companies (or corporations) of which the draw removes all but one."""
    remove: list[Name] | None = None
    """Companies (or corporations) of which the draw removes ``count``."""
    count: int | dict[int, int] = Field(default=1)
    """For ``remove``: how many leave the game, or how many for each number of players."""
    home_token: bool = False
    """For ``remove``: a corporation removed leaves its home station on the map."""
    second_tokens: dict[Name, SecondToken] = {}
    """For ``remove``: the second station each corporation named here puts on the map
    if this draw removes it."""
    corporation_for: Name | None = None
    """A company whose ``shares`` ability names a random corporation, drawn here."""
    deal: list[Name] | None = None
    """Companies dealt to the players, one each, who buy them at their value."""
    shuffle: Literal["draft"] | None = None
    """``draft``: the draft deck is shuffled here."""
    event_train: list[Name] | None = Field(default=None, min_length=1)
    """Train types of which the draw picks the one whose first train carries ``event``."""
    revert_tiles: TileRevert | None = None
    """For ``event_train``: the event the picked train sets off when bought, tiles taken
    back off the hexes of an icon."""
    unused: str | None = None
    """What the title's own rules draw for here (a draw kept only for its place in
    the order)."""
    players: list[int] | None = None
    """The numbers of players with which the draw is made (every number when not given):
    1867 removes two of its five companies at random in a two-player game only,
    ``{remove: [C&SL, NFB, MB, QB, SCT], count: 2, players: [2]}``."""

    @model_validator(mode="after")
    def _one(self) -> Draw:
        kinds = (
            self.remove_one_of,
            self.remove,
            self.corporation_for,
            self.deal,
            self.shuffle,
            self.event_train,
            self.unused,
        )
        if sum(x is not None for x in kinds) != 1:
            raise ValueError(
                "a draw gives exactly one of 'remove_one_of', 'remove', 'corporation_for', 'deal', "
                "'shuffle', 'event_train' and 'unused'"
            )
        if (self.event_train is None) != (self.revert_tiles is None):
            raise ValueError("an 'event_train' draw, and only it, gives its event ('revert_tiles')")
        if self.remove_one_of is not None and len(self.remove_one_of) < 2:
            raise ValueError("'remove_one_of' needs at least two choices")
        given = "count" in self.model_fields_set or self.home_token or self.second_tokens
        if self.remove is None and given:
            raise ValueError("'count', 'home_token' and 'second_tokens' belong to a 'remove' draw")
        unknown = sorted(set(self.second_tokens) - set(self.remove or []))
        if self.remove is not None and unknown:
            raise ValueError(f"'second_tokens' names {', '.join(unknown)}, not in the draw's 'remove' list")
        counts = self.count.values() if isinstance(self.count, dict) else [self.count]
        if self.remove is not None and any(n < 0 or n > len(self.remove) for n in counts):
            raise ValueError(f"a 'remove' draw removes between 0 and {len(self.remove)} of its list")
        return self

    def removes(self, players: int) -> int:
        """How many a ``remove`` draw removes with ``players`` players (0 for a player
        count its table leaves out)."""
        return self.count.get(players, 0) if isinstance(self.count, dict) else self.count


class Setup(Model):
    """The random part of setting up a game."""

    generator: Generator
    """The random number generator the draws use."""
    draws: list[Draw] = []
    """The draws, in order."""
