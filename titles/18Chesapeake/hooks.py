"""18Chesapeake hooks: the two-player game (variants/two-players.yaml).

With two players (18xx.games' ``two_player?``):

* every corporation but the Cornelius Vanderbilt's has a 30% president's
  certificate and one share fewer (``after_setup``);
* when a corporation floats, its unsold certificates go to the market (data:
  ``rules.stock.unsold_to_pool_on_float``), and it is sold out when the market
  holds none of it (data: ``rules.stock.sold_out: none_in_pool``);
* whenever a player other than the president buys a certificate while the
  market holds some of the corporation, the market's last one (the one that came
  to it last) leaves the game; if that was the very certificate bought, the
  purchase ends there, nobody paying anything (``buying_shares``), exactly as
  18xx.games plays it.
"""

from __future__ import annotations

from framework.api import OUT_OF_GAME, POOL, Corporation, Game, Share

VANDERBILT = "CV"
"""The company whose corporation keeps its usual certificates."""


def two_player_setup(game: Game) -> None:
    """30% president's certificates and one share fewer, but for the CV's corporation:
    the president's certificate takes the last share's 10% (which 18xx.games gives to
    the bank, out of play), so the certificates still make 100%."""
    kept = game.president_corporation(VANDERBILT)
    for sym, corp in game.corporations.items():
        if sym == kept:
            continue
        last = corp.shares.pop()
        corp.shares[0].percent += last.percent
        game.log(f"{sym}: a {corp.shares[0].percent}% president's certificate; {last.id} is not in the game")


def buying_from_market(game: Game, buyer: str, corp: Corporation, shares: list[Share]) -> list[Share]:
    """A purchase by another than the president takes the market's last certificate
    out of the game; the purchase stops if that was the one bought."""
    pool = corp.certificates_of(POOL)
    if not pool or buyer == corp.president():
        return shares
    last = pool[-1]
    last.owner = OUT_OF_GAME
    game.log(f"{game.name(buyer)} removes {last.id} from the game")
    return [] if shares and shares[0] is last else shares
