"""18SJ hooks: the two-player A.W. Edelsvärd variant (rulebook §13.2, reference §4.14).

A.W. is a virtual third player. After every even-numbered stock round the human
player with the lowest value picks a corporation nobody has started; A.W.
takes all its shares for free and runs it without ever buying a train: after
each of its dividend steps it takes the next train from the depot for free
while it has none, or only one train of a type that will rust — a D as an E, still
worth a D's price to a corporation buying it later (as 18xx.games plays it).
"""

from __future__ import annotations

from typing import Any

from framework.api import (
    GameError,
    Round,
    acquire_train,
    move_share,
    player_value,
    train_price,
    trains_offered,
    trains_owned,
)

REQUISITION_PRICE = 67
"""A.W.'s corporations stand at 67 on the market (reference §4.14)."""


class RequisitionRound(Round):
    """One choice: which unstarted corporation A.W. requisitions."""

    kind = "custom"
    STATE = ("entities", "index", "options", "chosen")

    def start(self) -> None:
        game = self.game
        self.options = [c.sym for c in game.corporations.values() if c.par is None and not c.closed]
        self.chosen = None
        humans = [p.id for p in game.humans]
        priority = humans[game.priority :] + humans[: game.priority]
        self.entities = [min(priority, key=lambda pid: (player_value(game, pid), priority.index(pid)))]
        self.index = 0

    def current_entity(self) -> str | None:
        return None if self.finished() else self.entities[0]

    def process(self, action: dict[str, Any]) -> None:
        game = self.game
        chooser = self.entities[0]
        if action.get("type") != "choose" or str(action.get("entity")) != chooser:
            raise GameError("requisition", f"{game.name(chooser)} chooses A.W.'s corporation now")
        sym = str(action.get("choice"))
        if sym not in self.options:
            raise GameError("requisition", f"A.W. may take {', '.join(self.options)}, not {sym}")
        requisition(game, sym)
        self.chosen = sym

    def finished(self) -> bool:
        return self.chosen is not None or not self.options

    def choices(self) -> dict[str, dict[str, list[dict[str, Any]]]]:
        """The chooser picks one of the unstarted corporations."""
        if self.finished():
            return {}
        return {self.entities[0]: {"choose": [{"choice": sym} for sym in self.options]}}

    def finish(self) -> None:
        self.game.log_round_end(f"Choices{self.game.turn}")


def requisition_round(game, name: str) -> Round:
    round_ = RequisitionRound(game, name)
    round_.start()
    return round_


def requisition(game, sym: str) -> None:
    """A.W. takes every share of ``sym`` for nothing; it floats with no money."""
    bot = next(p.id for p in game.players if p.bot)
    corp = game.corporations[sym]
    for share in corp.shares:
        move_share(game, share, bot)
    cell = next((r, c) for r, c, cell in game.title.market.par_cells() if cell.price == REQUISITION_PRICE)
    game.market.place(sym, cell)
    corp.par = REQUISITION_PRICE
    corp.floated = True
    corp.bot = True
    game.log(f"A.W. Edelsvärd requisitions {sym}")


def virtual_player_trains(game, entity: str) -> None:
    """After its dividend step, an A.W. corporation takes depot trains for free while it has
    none, or just one train of a type that rusts."""
    corp = game.corporations.get(entity)
    if corp is None or not corp.bot:
        return
    while True:
        owned = trains_owned(game, entity)
        rusting = len(owned) == 1 and game.title.trains[owned[0].name].rusts_on is not None
        if owned and not rusting:
            return
        offered = [t for t in trains_offered(game) if t.owner == "bank"]
        if not offered:
            return
        train = offered[0]
        variant = "E" if "E" in game.title.trains[train.name].variants else None
        acquire_train(game, train, entity, variant)
        if variant:
            train.face_value = train_price(game, train)  # an E that keeps the D's price
        game.log(f"{entity} takes {train.id}{' as an E' if variant else ''} for free")
