"""The public API: everything a title's hooks and a script may use, from one door.

A title's hooks (``titles/<title>/hooks.py`` or a ``hooks/`` package) import only
from this module; a test fails when one reaches into the layers behind it. What is
here is stable; what is not here may move.

>>> from framework.api import Game, load_title
>>> game = Game(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=7)
>>> game.current_entity()
'1'

The names, by layer (``docs/architecture.md`` draws the layers):

* **base** — :class:`GameError` (an illegal action, naming its rule), the hex grid
  (:class:`Grid`, :func:`opposite`, :func:`rotate`);
* **title** — :func:`load_title`, :class:`Title`, the building blocks of a title's own
  models (:class:`Model`, :class:`Entry`, ``HexId``, ``Name``), the data part of a
  title's own layer (:class:`LayerData`, ``hooks.layer.data``) with the problems it
  reports (``Found``), and how the hooks of the moments are called
  (:class:`AfterSetup`, :class:`BuyingShares`, :class:`AfterDividend`);
* **engine** — :class:`Game`, the base of custom rounds (:class:`Round`), action models
  (:class:`Move`, :class:`Pass`, ``Id``), the entities (:class:`Corporation`,
  :class:`Share`; :data:`BANK`, :data:`POOL`, :data:`OUT_OF_GAME` as owners), money
  (:func:`pay`, :func:`check_spend`, :func:`move_share`, :func:`player_value`), trains
  (:func:`trains_owned`, :func:`trains_offered`, :func:`train_price`,
  :func:`acquire_train`) and the share phase's gifts (:func:`gift_choices`), the entity an
  action names (:func:`entity_of`), and the rules part of a title's own layer
  (:class:`LayerRules`, ``hooks.layer.rules``);
* **board** — :func:`best_routes` (a corporation's proven-best routes);
* **record** — :class:`GameFile` (the 18xx.games JSON format), :func:`replay`, and the
  reports part of a title's own layer (:class:`LayerReports`, ``hooks.layer.reports``);
* **bots** — :class:`HeuristicBot`, :func:`play`, :func:`new_session`, and the bot part
  of a title's own layer (:class:`LayerBot`, ``hooks.layer.bot``) with what it works
  with (:class:`Choice`, :class:`Options`, :func:`to_action`);
* **render** — pictures (:func:`render_map`, :func:`render_position`,
  :func:`render_market`, :func:`render_tiles`, :func:`build_viewer`,
  :func:`write_picture`, :func:`best_routes_for`, ``geometry_for``,
  ``DEFAULT_SIZE``), the drawing part of a title's own layer (:class:`LayerDrawing`,
  ``hooks.layer.drawing``, with its ``PanelTable``) and the shapes it returns
  (``Shape``: :class:`Stroke`, :class:`Circle`, :class:`Rect`, :class:`Polygon`,
  :class:`Line`, :class:`Label`, :class:`Group`), and what it draws with
  (:class:`HexShape`, :class:`Palette`, :func:`text_width`, :class:`DrawnRoute`,
  :class:`PathShape`, :func:`edge_path`, :func:`line_path`, and the module
  :mod:`style <framework.render.style>`).
"""

from __future__ import annotations

from framework.base.errors import GameError
from framework.base.grid import Grid, opposite, rotate
from framework.board.optimal import best_routes
from framework.bots.base import Choice, Options, to_action
from framework.bots.extension import LayerBot
from framework.bots.heuristic import HeuristicBot
from framework.bots.play import new_session, play
from framework.engine.actions import Id, Move, Pass
from framework.engine.entities import BANK, OUT_OF_GAME, POOL, Corporation, Share
from framework.engine.extension import LayerRules
from framework.engine.finance import check_spend, move_share, pay, player_value
from framework.engine.game import Game
from framework.engine.rounds import Round
from framework.engine.share_phase import gift_choices
from framework.engine.steps.base import entity_of
from framework.engine.trains import acquire as acquire_train
from framework.engine.trains import offered as trains_offered
from framework.engine.trains import owned as trains_owned
from framework.engine.trains import price as train_price
from framework.record.extension import LayerReports
from framework.record.gamefile import GameFile
from framework.record.replay import replay
from framework.render import style
from framework.render.extension import LayerDrawing, PanelTable
from framework.render.geometry import HexShape
from framework.render.map import DEFAULT_SIZE, geometry_for, render_map
from framework.render.market import render_market
from framework.render.marks import Palette, text_width
from framework.render.output import write_picture
from framework.render.position import render_position
from framework.render.routes import DrawnRoute, best_routes_for
from framework.render.shapes import Circle, Group, Label, Line, Polygon, Rect, Shape, Stroke
from framework.render.tilesheet import render_tiles
from framework.render.track import PathShape, edge_path, line_path
from framework.render.viewer import build_viewer
from framework.title.base import Entry, HexId, Model, Name
from framework.title.extension import Found, LayerData
from framework.title.loader import load_title
from framework.title.model import Title
from framework.title.moments import AfterDividend, AfterSetup, BuyingShares

__all__ = [
    "BANK",
    "DEFAULT_SIZE",
    "OUT_OF_GAME",
    "POOL",
    "AfterDividend",
    "AfterSetup",
    "BuyingShares",
    "Choice",
    "Circle",
    "Corporation",
    "DrawnRoute",
    "Entry",
    "Found",
    "Game",
    "GameError",
    "GameFile",
    "Grid",
    "Group",
    "HeuristicBot",
    "HexId",
    "HexShape",
    "Id",
    "Label",
    "LayerBot",
    "LayerData",
    "LayerDrawing",
    "LayerReports",
    "LayerRules",
    "Line",
    "Model",
    "Move",
    "Name",
    "Options",
    "Palette",
    "PanelTable",
    "Pass",
    "PathShape",
    "Polygon",
    "Rect",
    "Round",
    "Shape",
    "Share",
    "Stroke",
    "Title",
    "acquire_train",
    "best_routes",
    "best_routes_for",
    "build_viewer",
    "check_spend",
    "edge_path",
    "entity_of",
    "geometry_for",
    "gift_choices",
    "line_path",
    "load_title",
    "move_share",
    "new_session",
    "opposite",
    "pay",
    "play",
    "player_value",
    "render_map",
    "render_market",
    "render_position",
    "render_tiles",
    "replay",
    "rotate",
    "style",
    "text_width",
    "to_action",
    "train_price",
    "trains_offered",
    "trains_owned",
    "write_picture",
]
