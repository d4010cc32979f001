"""Bots that play whole games from the engine's legal actions.

``make_bot("random")`` fuzzes the engine; ``make_bot("heuristic")`` plays
sensibly for any title from its data (see :mod:`framework.bots.heuristic`), asking the
bot part of a title's own layer first (:mod:`framework.bots.extension`).

The bots choose among the engine's legal choices and never reach past them: the layer
may import ``base``, ``title``, ``board``, ``engine`` and ``record``.
"""

from __future__ import annotations

from framework.bots.base import Bot


def make_bot(name: str) -> Bot:
    """The bot called ``name``: ``random`` or ``heuristic``."""
    if name == "random":
        from framework.bots.random_bot import RandomBot

        return RandomBot()
    if name == "heuristic":
        from framework.bots.heuristic import HeuristicBot

        return HeuristicBot()
    raise ValueError(f"no bot named {name!r}; choose heuristic or random")


BOT_NAMES = ("heuristic", "random")

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
