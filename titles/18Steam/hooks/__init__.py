"""18Steam's layer: Age of Steam's operating game under the framework's share phase.

The framework plays the share phase (``rules.share_phase``); this package plays the
rest of a game turn, as the rounds of ``rounds.yaml`` name it, and tells the
framework what only it knows through the layer's five parts, which ``rounds.yaml``
names under ``hooks.layer``:

* ``checks.py`` — :class:`GoodsData`, the data part: ``model.py``'s model of the
  ``layer`` section (goods, cities, build costs, income…) and how that section
  relates to the map and tiles;
* ``rules.py`` — :class:`GoodsRules`, the rules part: the goods state of a game
  (``state.py``: track, cubes, the display, turn order), the action types
  (``actions.py``), the operators, the invariant;
* ``bot.py`` — :class:`GoodsBot`, what the heuristic bot does;
* ``reports.py`` — :class:`GoodsReports`, what ``18xx setup``, ``18xx replay --at``
  (``position.py``) and ``18xx simulate`` (``figures.py``) report;
* ``drawing.py`` — :class:`GoodsDrawing`, the goods layer in ``18xx render`` and
  ``18xx view`` (the panels in ``panels.py``).

Underneath: ``track.py``, ``build.py``, ``moves.py`` — track and links, building,
moving goods; ``rounds.py`` — the rounds of the game turn (named by ``rounds.yaml``:
the engine starts each).
"""

from __future__ import annotations

from .bot import GoodsBot
from .checks import GoodsData
from .drawing import GoodsDrawing
from .reports import GoodsReports
from .rounds import BuildTrack, GoodsGrowth, Income, MoveGoods, SelectActions, TurnOrderAuction
from .rules import GoodsRules

ROUNDS = (TurnOrderAuction, SelectActions, BuildTrack, MoveGoods, Income, GoodsGrowth)
"""The rounds of the game turn after the share phase, in order (``rounds.yaml`` names them)."""

__all__ = [
    "ROUNDS",
    "BuildTrack",
    "GoodsBot",
    "GoodsData",
    "GoodsDrawing",
    "GoodsGrowth",
    "GoodsReports",
    "GoodsRules",
    "Income",
    "MoveGoods",
    "SelectActions",
    "TurnOrderAuction",
]
