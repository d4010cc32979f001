"""The share phase (``kind: share_phase``, ``rules.share_phase``): the stock layer of
18xx hybrids on other games, where investors trade and corporations operate.

1. **Vote.** For each corporation with a president and certificates in its
   treasury, the players holding it vote, in turn order, how many treasury
   certificates are for sale; the offer is the largest number that holders of
   more than half of the player-held percent voted for (or all, by the rules).
2. **Trade.** From the starting player round the table, a player buys one
   certificate (from the treasury, money to the corporation, or from the bank),
   sells one or more certificates (of one or more corporations) to the bank, or passes; the phase ends
   when every player has passed in a row. The first certificate bought of a
   corporation is its president's (twice the price) and activates it.
3. **Buy-back.** Each active corporation may buy its own certificates from the
   bank at the current price.
4. **Prices** move by what was bought and sold (``end_moves``); the last player to
   buy or sell starts the next phase.

Corporations start on the market where a die roll puts them
(:func:`place_start_prices`). Players may give money to a corporation at any
time (``give_money``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from framework.base.errors import GameError
from framework.engine import finance, shares
from framework.engine.entities import BANK, POOL
from framework.engine.rounds import Round
from framework.engine.steps.base import entity_of

if TYPE_CHECKING:
    from framework.engine.entities import Share
    from framework.engine.game import Game

Choices = dict[str, dict[str, list[dict[str, Any]]]]


def place_start_prices(game: Game) -> None:
    """Roll a die for every corporation and put it on the cell the rules give that face."""
    cells = game.title.rules.share_phase_rules.start_cells
    for sym in game.corporations:
        face = game.random().randint(1, 6)
        game.market.place(sym, cells[face])  # a (row, column) pair, as the title validated it
        game.corporations[sym].par = game.market.price(sym)
        game.log(f"{sym} starts at {game.market.price(sym)} (a {face} was rolled)")


def has_president(game: Game, sym: str) -> bool:
    return game.corporations[sym].president() in game.players_by_id


def give_money(game: Game, action: dict[str, Any]) -> None:
    """A player gives money to a corporation (allowed at any time)."""
    player = entity_of(action)
    sym = str(action.get("corporation"))
    amount = int(action.get("amount", 0))
    if player not in game.players_by_id:
        raise GameError("gifts", "only players give money to corporations")
    if sym not in game.corporations or game.corporations[sym].closed:
        raise GameError("gifts", f"there is no corporation {sym}")
    if amount <= 0 or amount > game.players_by_id[player].cash:
        raise GameError("gifts", f"{game.name(player)} cannot give {amount}")
    finance.pay(game, player, sym, amount)
    game.log(f"{game.name(player)} gives {amount} to {sym}")


def gift_choices(game: Game, player: str) -> list[dict[str, Any]]:
    cash = game.players_by_id[player].cash
    if cash <= 0:
        return []
    return [
        {"corporation": sym, "amount": 1, "max": cash}
        for sym, corp in game.corporations.items()
        if not corp.closed and has_president(game, sym)
    ]


class SharePhase(Round):
    kind = "share_phase"
    STATE = (
        "entities",
        "index",
        "stage",
        "ballots",
        "votes",
        "offered",
        "passes",
        "traded",
        "counts",
        "last_trader",
        "queue",
    )

    def start(self) -> None:
        game = self.game
        rules = game.title.rules.share_phase_rules
        game.round_number += 1
        players = [p.id for p in game.humans]
        if game.round_number == 1 and rules.first_player == "die":
            game.priority = game.random().randrange(len(players))
        self.entities = players[game.priority :] + players[: game.priority]
        self.index = 0
        self.passes = 0
        self.traded: dict[str, dict[str, str]] = {}
        self.counts: dict[str, list[int]] = {}
        self.last_trader: str | None = None
        self.queue: list[str] = []
        self.offered: dict[str, int] = {}  # type: ignore[assignment]  # treasury offers by corporation: the share phase lists and takes its actions itself, never through Round.offered
        self.votes: dict[str, dict[str, int]] = {}
        self.ballots: list[list[str]] = []
        """``[corporation, voter]`` still to vote, in order."""
        for sym, corp in game.corporations.items():
            treasury = len([s for s in corp.shares if s.owner == sym and not s.president])
            if corp.closed or not has_president(game, sym) or not treasury:
                continue
            if rules.treasury_offer == "all":
                self.offered[sym] = treasury
                continue
            self.votes[sym] = {}
            self.ballots += [[sym, p] for p in self.entities if corp.percent_of(p)]
        self.stage = "vote" if self.ballots else "trade"
        game.log(f"Share phase {game.turn}")

    # -- who acts ---------------------------------------------------------------

    def current_entity(self) -> str | None:
        if self.stage == "vote":
            return self.ballots[0][1]
        if self.stage == "trade":
            return self.entities[self.index]
        if self.stage == "buy_back" and self.queue:
            return self.queue[0]
        return None

    def entity(self) -> str | None:
        return self.current_entity()

    def finished(self) -> bool:
        return self.stage == "done"

    # -- what may be done -------------------------------------------------------

    def choices(self) -> Choices:
        game = self.game
        entity = self.current_entity()
        if entity is None:
            return {}
        if self.stage == "vote":
            sym = self.ballots[0][0]
            most = len([s for s in game.corporations[sym].shares if s.owner == sym and not s.president])
            return {entity: {"vote": [{"corporation": sym, "count": n} for n in range(most + 1)]}}
        if self.stage == "buy_back":
            return {entity: {"buy_shares": self._buy_backs(entity), "pass": [{}]}}
        listed: dict[str, list[dict[str, Any]]] = {}
        buys = [{"shares": [s.id], "percent": s.percent} for s in self._buyable(entity)]
        if buys:
            listed["buy_shares"] = buys
        sales = self._sales(entity)
        if sales:
            listed["sell_shares"] = sales
        listed["pass"] = [{}]
        gifts = gift_choices(game, entity)
        if gifts:
            listed["give_money"] = gifts
        return {entity: listed}

    def _buyable(self, player: str) -> list[Share]:
        """One certificate per corporation and source the player may buy now."""
        game = self.game
        rules = game.title.rules.share_phase_rules
        cash = game.players_by_id[player].cash
        at_limit = finance.certificate_count(game, player) >= finance.certificate_limit(game)
        out = []
        for sym, corp in game.corporations.items():
            if corp.closed or at_limit or self._traded_this_turn(player, sym, "sell"):
                continue
            price = game.market.price(sym)
            if not has_president(game, sym):
                pres = next(s for s in corp.shares if s.president)
                if pres.percent * price // 10 <= cash:
                    out.append(pres)
                continue
            if len(corp.certificates_of(player)) >= rules.max_per_corporation or price > cash:
                continue
            treasury = [s for s in corp.certificates_of(sym) if not s.president]
            if treasury and self.offered.get(sym, 0) > 0:
                out.append(treasury[0])
            bank = corp.certificates_of(POOL)
            if bank:
                out.append(bank[0])
        return out

    def _sales(self, player: str) -> list[dict[str, Any]]:
        game = self.game
        out = []
        for sym, corp in game.corporations.items():
            if corp.closed or self._traded_this_turn(player, sym, "buy"):
                continue
            sellable = game.title.rules.share_phase_rules.president_sellable
            mine = sorted(
                (s for s in corp.certificates_of(player) if sellable or not s.president),
                key=lambda s: s.president,
            )
            for n in range(1, len(mine) + 1):
                out.append({"shares": [s.id for s in mine[:n]], "percent": sum(s.percent for s in mine[:n])})
        return out

    def _buy_backs(self, sym: str) -> list[dict[str, Any]]:
        game = self.game
        corp = game.corporations[sym]
        bank = corp.certificates_of(POOL)
        price = game.market.price(sym)
        return [
            {"shares": [s.id for s in bank[:n]], "percent": sum(s.percent for s in bank[:n])}
            for n in range(1, len(bank) + 1)
            if price * sum(s.percent for s in bank[:n]) // 10 <= corp.cash
        ]

    # -- actions ----------------------------------------------------------------

    def process(self, action: dict[str, Any]) -> None:
        game = self.game
        kind = action["type"]
        entity = entity_of(action)
        if entity != self.current_entity():
            raise GameError(
                "turn order",
                f"it is {game.name(self.current_entity() or '')}'s turn, not {game.name(entity)}'s",
            )
        handler = {
            ("vote", "vote"): self._vote,
            ("trade", "buy_shares"): self._buy,
            ("trade", "sell_shares"): self._sell,
            ("trade", "pass"): self._pass,
            ("buy_back", "buy_shares"): self._buy_back,
            ("buy_back", "pass"): self._skip_buy_back,
        }.get((self.stage, kind))
        if handler is None:
            raise GameError(
                "share phase", f"{kind.replace('_', ' ')} is not possible in this part of the share phase"
            )
        handler(entity, action)

    def _vote(self, player: str, action: dict[str, Any]) -> None:
        game = self.game
        sym, _ = self.ballots[0]
        listed = self.choices()[player]["vote"]
        count = int(action.get("count", -1))
        if str(action.get("corporation")) != sym or {"corporation": sym, "count": count} not in listed:
            raise GameError("vote", f"vote 0 to {len(listed) - 1} of {sym}'s treasury certificates for sale")
        self.votes[sym][player] = count
        self.ballots.pop(0)
        if not self.ballots or self.ballots[0][0] != sym:
            self.offered[sym] = self._outcome(sym)
            game.log(f"{sym} offers {self.offered[sym]} treasury certificate(s)")
        if not self.ballots:
            self.stage = "trade"

    def _outcome(self, sym: str) -> int:
        """The largest offer that holders of more than half the player-held percent back."""
        corp = self.game.corporations[sym]
        weight = {p: corp.percent_of(p) for p in self.votes[sym]}
        total = sum(weight.values())
        for count in sorted(set(self.votes[sym].values()), reverse=True):
            backing = sum(weight[p] for p, c in self.votes[sym].items() if c >= count)
            if 2 * backing > total:
                return count
        return 0

    def _buy(self, player: str, action: dict[str, Any]) -> None:
        game = self.game
        ids = [str(s) for s in action.get("shares") or []]
        allowed = {s.id: s for s in self._buyable(player)}
        if len(ids) != 1 or ids[0] not in allowed:
            raise self._why_not(player, ids)
        share = allowed[ids[0]]
        sym = share.id.rpartition("_")[0]
        corp = game.corporations[sym]
        from_treasury = share.owner == sym
        presidented = has_president(game, sym)
        shares.buy(game, player, corp, [share])
        if from_treasury and presidented:
            self.offered[sym] -= 1
        if not presidented:
            game.layer_rules.floated(game, sym)
            # it had no president when the phase began, so all its certificates are for sale
            self.offered[sym] = len([s for s in corp.shares if s.owner == sym and not s.president])
        self._traded(player, sym, "buy", 1)

    def _why_not(self, player: str, ids: list[str]) -> GameError:
        """Why ``player`` may not buy the certificate ``ids`` names now, by the rule it breaks."""
        game = self.game
        if len(ids) != 1:
            return GameError("buying", "buy exactly one certificate")
        corp, (share,) = shares.find_shares(game, ids)  # raises for a certificate that does not exist
        sym, who = corp.sym, game.name(player)
        rules = game.title.rules.share_phase_rules
        if corp.closed:
            return GameError("buying", f"{sym} is closed: its certificates are worthless and not for sale")
        if share.owner not in (sym, POOL):
            return GameError("buying", f"{share.id} is held by {game.name(share.owner)}: it is not for sale")
        if self._traded_this_turn(player, sym, "sell"):
            return GameError("buying", f"{who} sold {sym} this turn and may not buy it")
        if finance.certificate_count(game, player) >= finance.certificate_limit(game):
            limit = finance.certificate_limit(game)
            return GameError("certificate limit", f"{who} already holds the limit of {limit} certificates")
        price = game.market.price(sym)
        if not has_president(game, sym):
            if not share.president:
                return GameError(
                    "president's certificate", f"the first certificate of {sym} bought is its president's"
                )
            cost = share.percent * price // 10
            return GameError(
                "money",
                f"{who} has {game.players_by_id[player].cash} and cannot pay {cost} for {share.id}, "
                f"{sym}'s president's certificate ({share.percent // 10} × {price})",
            )
        if len(corp.certificates_of(player)) >= rules.max_per_corporation:
            return GameError(
                "buying", f"nobody holds more than {rules.max_per_corporation} certificates of {sym}"
            )
        if price > game.players_by_id[player].cash:
            return GameError(
                "money", f"{who} has {game.players_by_id[player].cash} and cannot pay {price} for {share.id}"
            )
        if share.owner == sym and self.offered.get(sym, 0) <= 0:
            return GameError(
                "treasury offer", f"{sym}'s treasury offers no more certificates in this share phase"
            )
        source = "treasury" if share.owner == sym else "bank"
        first = next(s for s in corp.certificates_of(share.owner) if not s.president)
        return GameError(
            "buying", f"{share.id} is not for sale now: the {source}'s next certificate is {first.id}"
        )

    def _sell(self, player: str, action: dict[str, Any]) -> None:
        """One or more certificates, of one or more corporations, to the bank: every one
        is checked before any is sold."""
        game = self.game
        groups: dict[str, list[str]] = {}
        for share_id in (str(s) for s in action.get("shares") or []):
            groups.setdefault(share_id.rpartition("_")[0], []).append(share_id)
        if not groups:
            raise GameError("selling", "name the certificates to sell")
        sales = [shares.find_shares(game, ids) for ids in groups.values()]
        for corp, certs in sales:
            for share in certs:
                if share.owner != player:
                    raise GameError("selling", f"{game.name(player)} does not hold {share.id}")
                if share.president and not game.title.rules.share_phase_rules.president_sellable:
                    raise GameError("president's certificate", "the president's certificate cannot be sold")
            if self._traded_this_turn(player, corp.sym, "buy"):
                raise GameError(
                    "selling", f"{game.name(player)} bought {corp.sym} this turn and may not sell it"
                )
        for corp, certs in sales:
            shares.sell(game, player, corp, certs, sum(s.percent for s in certs))
            self._record(player, corp.sym, "sell", len(certs))
        self._advance(player)

    def _traded_this_turn(self, player: str, sym: str, what: str) -> bool:
        """Whether ``player`` did ``what`` (buy, sell) with ``sym`` this game turn and so may
        not do the other (``share_phase.buy_and_sell: not_same_corporation``)."""
        if self.game.title.rules.share_phase_rules.buy_and_sell == "any":
            return False
        return self.traded.get(player, {}).get(sym) == what

    def _traded(self, player: str, sym: str, what: str, count: int) -> None:
        self._record(player, sym, what, count)
        self._advance(player)

    def _record(self, player: str, sym: str, what: str, count: int) -> None:
        """``player`` bought or sold ``count`` certificates of ``sym`` this turn."""
        self.traded.setdefault(player, {})[sym] = what
        counts = self.counts.setdefault(sym, [0, 0])
        counts[0 if what == "buy" else 1] += count

    def _advance(self, player: str) -> None:
        """After a trade: the trader is the last, nobody has passed, the next player acts."""
        self.last_trader = player
        self.passes = 0
        self._next()

    def _pass(self, player: str, action: dict[str, Any]) -> None:
        self.passes += 1
        if self.passes >= len(self.entities):
            self._start_buy_back()
        else:
            self._next()

    def _next(self) -> None:
        self.index = (self.index + 1) % len(self.entities)

    def _start_buy_back(self) -> None:
        game = self.game
        order = game.layer_rules.operating_order(game) or list(game.corporations)
        if game.title.rules.share_phase_rules.buy_back:
            self.queue = [s for s in order if has_president(game, s) and self._buy_backs(s)]
        self.stage = "buy_back"
        self._close_if_done()

    def _buy_back(self, sym: str, action: dict[str, Any]) -> None:
        game = self.game
        listed = self._buy_backs(sym)
        ids = [str(s) for s in action.get("shares") or []]
        if not any(c["shares"] == ids for c in listed):
            raise GameError(
                "buy-back",
                f"{sym} may buy back {', '.join(str(len(c['shares'])) for c in listed)} certificate(s)",
            )
        corp = game.corporations[sym]
        price = game.market.price(sym)
        for share in [s for s in corp.shares if s.id in ids]:
            finance.pay(game, sym, BANK, price * share.percent // 10)
            finance.move_share(game, share, sym)
        game.log(f"{sym} buys back {len(ids)} certificate(s)")
        self.counts.setdefault(sym, [0, 0])[0] += len(ids)
        self._skip_buy_back(sym, action)

    def _skip_buy_back(self, sym: str, action: dict[str, Any]) -> None:
        self.queue.pop(0)
        self._close_if_done()

    def _close_if_done(self) -> None:
        if self.stage == "buy_back" and not self.queue:
            self.stage = "done"

    def finish(self) -> None:
        game = self.game
        moves = game.title.rules.share_phase_rules.end_moves
        for sym, (bought, sold) in sorted(self.counts.items()):
            steps: list[str] = []
            if bought:
                steps += moves.bought_one if bought == 1 else moves.bought_more
            if sold:
                steps += moves.sold_one if sold == 1 else moves.sold_more
            start, end = game.market.move(sym, steps)
            if start != end:
                game.log(f"{sym} moves to {game.market.price(sym)}")
        if self.last_trader is not None:
            players = [p.id for p in game.humans]
            game.priority = players.index(self.last_trader)
        game.log_round_end(game.round_label())
