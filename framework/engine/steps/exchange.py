"""The ``exchange`` step: a company traded for a share (an ``exchange`` ability).

The step never waits: where a title's rounds list it, the player owning a company with
an exchange ability may use it at any time, in their turn or between the turns of
others (18xx.games' ``when: any``; 1830's Mohawk & Hudson, 1889's Dougo Railway); a
company a corporation owns, during that corporation's turn or its president's. The
action is a ``buy_shares`` whose entity is the company, as 18xx.games records it::

    {"type": "buy_shares", "entity": "MH", "entity_type": "company", "shares": ["NYC_1"]}
"""

from __future__ import annotations

from typing import Any

from framework.base.errors import GameError
from framework.engine import finance, operating, reserved_shares, shares
from framework.engine.company_closing import close_company
from framework.engine.entities import POOL, Corporation, Share
from framework.engine.steps.base import Choice, Step, entity_of, step
from framework.title.companies import Exchange


@step("exchange")
class ExchangeStep(Step):
    """Trade a company for a share of a corporation its exchange ability lists."""

    description = "The owner of a company with an exchange ability may trade it for a share."
    rounds = ("operating", "stock")
    blocks = False

    def ability(self, sym: str) -> Exchange | None:
        """The company's exchange ability, when its owner may use it now."""
        game = self.game
        if sym not in game.companies:
            return None
        found = operating.ability(game, sym, "exchange")
        if not isinstance(found, Exchange) or found.when != "any":
            return None  # ``when: purchase``: the stock turn's step makes it
        owner = game.companies[sym].owner
        acting = self.round.current_entity()
        if owner in game.players_by_id:
            return found  # a player's company is exchanged at any time, in turn or not
        if owner != acting and not (acting in game.corporations and game.owner_of(acting) == owner):
            return None
        return found

    def offered(self, sym: str) -> list[tuple[Corporation, Share]]:
        """The shares the company may become now: per listed corporation, the first
        ordinary share of its initial offering and the first of the pool, as the ability
        allows, that its owner may hold."""
        game, ability = self.game, self.ability(sym)
        if ability is None:
            return []
        owner = game.companies[sym].owner
        found = []
        for corp_sym in ability.corporations:
            corp = game.corporations.get(corp_sym)
            if corp is None or corp.closed:
                continue
            sources = {"ipo": corp.issuer, "pool": POOL}
            for source in ability.from_:
                if source == "par":
                    continue  # the company starts the corporation (the stock round's par)
                if source == "reserved":
                    share = next(iter(reserved_shares.reserved(game, corp)), None)
                else:
                    share = next(
                        (
                            s
                            for s in corp.shares
                            if s.owner == sources[source]
                            and not s.president
                            and not reserved_shares.held(game, corp, s)
                        ),
                        None,
                    )
                if share is not None and self._may_hold(owner, corp, share):
                    found.append((corp, share))
        return found

    def _may_hold(self, owner: str, corp: Corporation, share: Share) -> bool:
        game = self.game
        if not finance.holding_limited(game, corp):
            return True
        return corp.percent_of(owner) + share.percent <= finance.holding_limit(game, corp.sym)

    def actions(self, entity: str) -> list[str]:
        return ["buy_shares"] if self.offered(entity) else []

    def other_entities(self) -> list[str]:
        """Players' companies that may be exchanged now, whoever's turn it is (18xx.games'
        ``when: any``: 1830's Mohawk & Hudson "between the turns of other players or
        corporations")."""
        game = self.game
        return [s for s, c in game.companies.items() if c.owner in game.players_by_id and self.offered(s)]

    def choices_buy_shares(self, company: str) -> list[Choice]:
        return [{"shares": [share.id], "percent": share.percent} for _, share in self.offered(company)]

    def process_buy_shares(self, action: dict[str, Any]) -> None:
        game = self.game
        sym = entity_of(action)
        ids = action.get("shares") or []
        offered = {share.id: (corp, share) for corp, share in self.offered(sym)}
        if len(ids) != 1 or str(ids[0]) not in offered:
            names = ", ".join(offered) or "none"
            raise GameError("exchange", f"{sym} may be exchanged for one of: {names}")
        corp, share = offered[str(ids[0])]
        shares.check_bundle_fields(game, corp, [share], {"percent": action.get("percent")})
        owner = game.companies[sym].owner
        finance.move_share(game, share, owner)
        game.log(f"{game.name(owner)} exchanges {sym} for {share.percent}% of {corp.sym}")
        close_company(game, sym)
        shares.settle(game, corp)
