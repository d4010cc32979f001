"""The heuristic bot: sensible play for any title, from the engine's choices and the
title's data.

* **Auction**: buys the company on offer at up to its value while keeping money
  to start a corporation; now and then bids on another company below its value. In a
  draft (every company at a fixed price, which passing does not lower) it takes the
  best bargain it can afford rather than pass for ever.
* **Stock round**: starts a corporation at the highest par it can support (at
  most two presidencies), buys its own corporations up to floating, then shares
  of the corporations worth most; sells shares of a corporation that has run
  out of trains; sells whatever the rules force it to.
* **Operating round**: lays the tile that adds most (:func:`~framework.bots.sense.lay_score`),
  places a token in the best city when it can spare the money, runs the best
  routes, withholds only to afford a train it needs, buys the best train it can
  pay for while it has room (always when it is about to be left without one),
  buys its president's companies when it is rich, raises emergency money and
  goes bankrupt only when the engine offers nothing else.

Ties and close calls are broken by the seeded random generator, so the same
seed gives the same game and different seeds different games.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from framework.bots.base import Choice, Options, to_action
from framework.bots.extension import bot_of
from framework.bots.sense import attraction, lay_score, needs_train, train_value
from framework.engine import tokens, trains
from framework.engine.entities import BANK, POOL
from framework.title.base import revenue_in_phase

if TYPE_CHECKING:
    from framework.engine.game import Game

MAX_PRESIDENCIES = 2
"""Corporations a bot starts before it only buys into others."""


class HeuristicBot:
    """Plays every seat sensibly (see the module)."""

    name = "heuristic"

    def act(self, game: Game, options: Options, rng: random.Random) -> dict[str, Any]:
        entity = game.current_entity()
        if entity not in options:
            entity = next(iter(options))
        kinds = options[entity]
        handled = (
            bot_of(game.title).act(game, entity, options, rng)
            if game.layer_state is not None
            else self._rules(game, entity, options, rng)
        )
        if handled is not None:
            return handled
        if "pass" in kinds:
            return to_action(game, entity, "pass", {})
        kind = next(iter(kinds))
        return to_action(game, entity, kind, rng.choice(kinds[kind]))

    def _rules(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        """The 18xx decisions, by action type in :data:`_HANDLERS` order."""
        for kind, handler in _HANDLERS:
            if kind in options[entity]:
                action = handler(self, game, entity, options, rng)
                if action is not None:
                    return action
        return None

    # -- auction ------------------------------------------------------------

    def bid(self, game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        cash = game.players_by_id[player].cash
        reserve = 2 * _lowest_par(game) + 40
        best = None
        listed = options[player]["bid"]
        if any("corporation" in c for c in listed):
            return self._start_bid(game, player, listed, rng)
        for choice in listed:
            spec = game.title.companies.get(choice["company"])
            if spec is None:
                continue  # a draft's blank card: taken only when nothing else is (below)
            value = spec.value
            if "max" not in choice:  # the company on offer, at its price
                if choice["price"] <= value and cash - choice["price"] >= reserve:
                    return to_action(game, player, "bid", choice)
                continue
            top = min(choice["max"], int(value * 1.2), cash - reserve // 2)
            if choice["price"] <= top and (best is None or value > best[1]):
                best = (choice, value, top)
        if best is not None and (rng.random() < 0.3 or self._resolving(options, player)):
            choice, _, top = best
            return to_action(game, player, "bid", choice, rng.randint(choice["price"], top))
        if len(listed) > 1 and all("max" not in c for c in listed):  # (a waterfall offers one)
            return self._draft(game, player, listed, cash - reserve // 2)
        if _last_bidder(game, player) and len(listed) == 1 and listed[0]["price"] <= cash:
            return to_action(game, player, "bid", listed[0])  # else nobody ever buys it
        return None

    @staticmethod
    def _start_bid(
        game: Game, player: str, listed: list[Choice], rng: random.Random
    ) -> dict[str, Any] | None:
        """A bid to start a corporation (``rules.stock.start_bid``): in its auction, up to
        what buys the highest par, keeping some cash; opening one now and then."""
        rule = game.title.rules.stock.start_bid
        cash = game.players_by_id[player].cash
        top = min(cash - 20, 2 * (rule.max_par if rule and rule.max_par else 100) + 20)
        stock = game.round.step("buy_sell_par_shares") if game.round is not None else None
        auction = getattr(stock, "auction", lambda: None)()
        if auction is not None:
            choice = listed[0]
            if choice["price"] <= top and rng.random() < 0.5:
                return to_action(
                    game,
                    player,
                    "bid",
                    choice,
                    rng.randint(choice["price"], max(choice["price"], min(top, choice["max"]))),
                )
            return None
        fitting = [c for c in listed if c["price"] <= top]
        if fitting and rng.random() < 0.5:
            return to_action(game, player, "bid", rng.choice(fitting))
        return None

    @staticmethod
    def _draft(game: Game, player: str, listed: list[Choice], spare: int) -> dict[str, Any] | None:
        """The company of a draft worth most over its price that leaves ``spare``."""
        offered = [
            (spec.value - c["price"], c)
            for c in listed
            if (spec := game.title.companies.get(c["company"])) is not None and c["price"] <= spare
        ]
        if not offered:
            return None
        return to_action(game, player, "bid", max(offered, key=lambda o: o[0])[1])

    @staticmethod
    def _resolving(options: Options, player: str) -> bool:
        bids = options[player]["bid"]
        return len(bids) == 1 and "max" in bids[0] and "pass" in options[player]

    # -- starting and buying corporations ----------------------------------------

    def par(self, game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        if "pass" in options[player]:  # a stock round: starting one is a purchase like others
            return self.shares(game, player, options, rng)
        return to_action(game, player, "par", _par_choice(game, player, options[player]["par"], rng))

    def shares(self, game: Game, player: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        listed = options[player]
        if player not in game.players_by_id:
            return None  # a corporation redeeming its shares: not worth it here
        sale = self._sale(game, player, listed.get("sell_shares", []), forced="pass" not in listed)
        if sale is not None:
            return to_action(game, player, "sell_shares", sale)
        best: tuple[float, str, Choice] | None = None
        for choice in listed.get("buy_shares", []):
            score = self._share_score(game, player, choice)
            if score > 0 and (best is None or score > best[0]):
                best = (score, "buy_shares", choice)
        presidencies = sum(1 for c in game.corporations.values() if c.president() == player)
        cash = game.players_by_id[player].cash
        if listed.get("par") and (presidencies < MAX_PRESIDENCIES or cash > 600):
            score = 60 - 20 * presidencies + rng.random()
            if best is None or score > best[0]:
                best = (score, "par", _par_choice(game, player, listed["par"], rng))
        if best is not None:
            return to_action(game, player, best[1], best[2])
        return None

    def _share_score(self, game: Game, player: str, choice: Choice) -> float:
        sym = choice["shares"][0].rpartition("_")[0]
        corp = game.corporations[sym]
        price = game.market.price(sym)
        if corp.president() == player:
            if not corp.floated:
                return 100.0
            return 30.0 + price / 10 if corp.percent_of(player) < 50 else 0.0
        if not corp.floated:
            return 5.0 if corp.percent_of(player) == 0 else 0.0
        if corp.operated and not trains.owned(game, sym):
            return 0.0
        return 10.0 + price / 10

    @staticmethod
    def _sale(game: Game, player: str, sales: list[Choice], forced: bool) -> Choice | None:
        """A forced sale (the smallest), or the shares of a corporation without trains."""
        if not sales:
            return None
        if forced:
            return min(sales, key=lambda c: c["percent"])
        for choice in sales:
            sym = choice["shares"][0].rpartition("_")[0]
            corp = game.corporations[sym]
            if corp.president() != player and corp.operated and not trains.owned(game, sym):
                return choice
        return None

    # -- operating -------------------------------------------------------------

    def lay(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        operator = _operator(game, entity)
        scored = [
            (
                lay_score(game, operator, c["hex"], _tile_name(game, c["tile"]), c["rotation"])
                + rng.random(),
                c,
            )
            for c in options[entity]["lay_tile"]
        ]
        score, choice = max(scored, key=lambda item: item[0])
        if score <= 1:
            return None
        return to_action(game, entity, "lay_tile", choice)

    def token(self, game: Game, corp: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        price = tokens.next_price(game, corp) or 0
        cash = _cash(game, corp)
        spare = cash - price - (0 if trains.owned(game, corp) else (trains.cheapest_offer(game) or 0))
        bot_corporation = corp in game.corporations and game.corporations[corp].bot
        if spare < 0 and not bot_corporation:
            return None
        colors = list(game.colors())
        near = attraction(game.track_board)

        def worth(choice: Choice) -> float:
            hex_id = _city_hex(game, choice["city"])
            face = game.track_board.face(hex_id)
            return sum(revenue_in_phase(n.revenue, colors) for n in face.nodes) + near[hex_id] + rng.random()

        return to_action(game, corp, "place_token", max(options[corp]["place_token"], key=worth))

    def routes(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any]:
        return to_action(game, entity, "run_routes", {})

    def dividend(self, game: Game, corp: str, options: Options, rng: random.Random) -> dict[str, Any]:
        kinds = [c["kind"] for c in options[corp]["dividend"]]
        cheapest = trains.cheapest_offer(game) or 0
        saving = needs_train(game, corp) and _cash(game, corp) + game.current_round.revenue < cheapest * 1.2
        kind = "withhold" if saving and "withhold" in kinds else "payout" if "payout" in kinds else kinds[0]
        return to_action(game, corp, "dividend", {"kind": kind})

    def buy_train(self, game: Game, corp: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        listed = options[corp]["buy_train"]
        depot = [c for c in listed if game.trains[c["train"]].owner in (BANK, POOL)]
        cash = _cash(game, corp)
        room = trains.counted(game, corp) < game.train_limit(corp)
        if depot:

            def value(c: Choice) -> tuple[int, int]:
                return (train_value(game, game.trains[c["train"]], c["variant"]), -c["price"])

            upgrades = [c for c in depot if "exchange" in c]
            plain = [c for c in depot if "exchange" not in c]
            affordable = [c for c in plain if c["price"] <= cash]
            if plain and (needs_train(game, corp) or (room and affordable)):
                return to_action(game, corp, "buy_train", max(affordable or plain, key=value))
            if not room and upgrades:
                return to_action(game, corp, "buy_train", max(upgrades, key=value))
        return self._emergency(game, corp, options)

    def _emergency(self, game: Game, corp: str, options: Options) -> dict[str, Any] | None:
        """Money for a train the corporation must buy: the president's sales, else
        bankruptcy."""
        president = game.corporations[corp].president() if corp in game.corporations else None
        sales = options.get(president or "", {}).get("sell_shares", [])
        if sales and president is not None:  # a president's sales, when there is one
            sale = min(sales, key=lambda c: (c["shares"][0].startswith(f"{corp}_"), c["percent"]))
            return to_action(game, president, "sell_shares", sale)
        if "bankrupt" in options[corp] and "pass" not in options[corp]:
            listed = options[corp].get("buy_train", [])
            if listed:  # another corporation's train at the least price
                return to_action(game, corp, "buy_train", min(listed, key=lambda c: c["price"]))
            return to_action(game, corp, "bankrupt", {})
        return None

    def bankrupt(self, game: Game, corp: str, options: Options, rng: random.Random) -> dict[str, Any] | None:
        return self._emergency(game, corp, options)

    def buy_company(
        self, game: Game, corp: str, options: Options, rng: random.Random
    ) -> dict[str, Any] | None:
        if corp not in game.corporations:
            return None  # a player never buys another player's company
        president = game.corporations[corp].president()
        reserve = (trains.cheapest_offer(game) or 0) * 2
        for choice in options[corp]["buy_company"]:
            company = game.companies[choice["company"]]
            if company.owner == president and _cash(game, corp) - choice["max"] >= reserve:
                return to_action(game, corp, "buy_company", choice, choice["max"])
        return None

    def discard(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any]:
        listed = options[entity]["discard_train"]
        worst = min(
            listed, key=lambda c: train_value(game, game.trains[c["train"]], game.trains[c["train"]].variant)
        )
        return to_action(game, entity, "discard_train", worst)

    def assign(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any]:
        near = attraction(game.track_board)
        listed = options[entity]["assign"]
        return to_action(
            game, entity, "assign", max(listed, key=lambda c: near.get(c["target"], 0) + rng.random())
        )

    def choose(self, game: Game, entity: str, options: Options, rng: random.Random) -> dict[str, Any]:
        listed = options[entity]["choose"]
        wait = [c for c in listed if c.get("choice") == "wait"]
        return to_action(game, entity, "choose", wait[0] if wait else rng.choice(listed))


_HANDLERS = [
    ("discard_train", HeuristicBot.discard),
    ("bid", HeuristicBot.bid),
    ("assign", HeuristicBot.assign),
    ("choose", HeuristicBot.choose),
    ("sell_shares", HeuristicBot.shares),
    ("buy_shares", HeuristicBot.shares),
    ("par", HeuristicBot.par),
    ("lay_tile", HeuristicBot.lay),
    ("place_token", HeuristicBot.token),
    ("run_routes", HeuristicBot.routes),
    ("dividend", HeuristicBot.dividend),
    ("buy_company", HeuristicBot.buy_company),
    ("buy_train", HeuristicBot.buy_train),
    ("bankrupt", HeuristicBot.bankrupt),
]
"""Action types in the order the bot considers them; a handler returning ``None``
leaves the decision to the next (and at the end, to passing)."""


def _last_bidder(game: Game, player: str) -> bool:
    """Whether ``player`` is the last one left in the auction of the company up, which
    nobody has bid on and which passing does not make cheaper (it is not the auction's
    first): passing too would only put it up again as it is (18PA's last company, worth
    more than the bots keep in reserve, passed on for ever)."""
    step = game.round.active_step() if game.round is not None else None
    return (
        getattr(step, "bidders", None) == [player]
        and not getattr(step, "bids", True)
        and getattr(step, "up", None) != getattr(step, "first", None)
    )


def _lowest_par(game: Game) -> int:
    return min(cell.price for _, _, cell in game.title.market.par_cells())


def _par_choice(game: Game, player: str, choices: list[Choice], rng: random.Random) -> Choice:
    """The highest par the player can carry to floating (about a quarter of its cash per
    president's share), for a corporation picked at random."""
    cash = game.players_by_id[player].cash
    corps = sorted({c["corporation"] for c in choices})
    corp = rng.choice(corps)
    mine = [c for c in choices if c["corporation"] == corp]

    def price(c: Choice) -> int:
        return int(c["share_price"].split(",")[0])

    fitting = [c for c in mine if price(c) * 4 <= cash] or [min(mine, key=price)]
    return max(fitting, key=price)


def _operator(game: Game, entity: str) -> str:
    """The company whose track a lay extends (a private company lays for its owner)."""
    if entity in game.companies:
        return game.companies[entity].owner
    return entity


def _cash(game: Game, entity: str) -> int:
    holder = game.corporations.get(entity) or game.minors.get(entity) or game.players_by_id[entity]
    return holder.cash


def _tile_name(game: Game, tile_id: str) -> str:
    """``57-2`` → ``57`` (tile ids are the name and a copy number)."""
    return tile_id.rpartition("-")[0] or tile_id


def _city_hex(game: Game, city_id: str) -> str:
    from framework.engine.steps.track import parse_city

    return parse_city(game, city_id)[0]
