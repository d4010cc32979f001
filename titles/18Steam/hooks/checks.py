"""18Steam's data part (``hooks.layer.data``, :class:`GoodsData`): the ``layer`` section's
model (``model.py``) and what the model cannot see alone: how the goods layer relates
to the map and the tiles. Each problem is ``(path, message, kind)`` as in
:mod:`framework.title.checks`; the loader turns paths into ``file:line:col``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from framework.api import Found, LayerData

from .model import GoodsLayer


def check(t: Any) -> Iterator[Found]:
    """Every problem relating ``t.layer`` (a :class:`GoodsLayer`) to the title."""
    g = t.layer
    groups = g.growth.groups
    places = [("cities", key, c) for key, c in g.cities.items()]
    places += [("new_cities", key, c) for key, c in g.new_cities.items()]
    for part, key, place in places:
        at = ("layer", part, key)
        if place.color not in g.colors:
            yield ((*at, "color"), f"goods colour {place.color!r} is not in layer.colors", "value")
        if place.group not in groups:
            yield ((*at, "group"), f"group {place.group!r} is not in layer.growth.groups", "value")
    for hex_id in g.cities:
        hx = t.map.hexes.get(hex_id)
        if hx is None or hx.color != "gray" or not hx.cities:
            yield (("layer", "cities", hex_id), f"{hex_id} is not a gray city hex of the map", "key")
    for hex_id, hx in t.map.hexes.items():
        if hx.color == "gray" and hx.cities and hex_id not in g.cities:
            yield (("map", "hexes", hex_id), f"city {hex_id} is missing from layer.cities", "key")
    for name, kind in g.tiles.items():
        tile = t.tiles.get(name)
        if tile is None:
            yield (("layer", "tiles", name), f"tile {name!r} is not in the manifest", "key")
        elif (kind == "town") != bool(tile.towns):
            has = "has a" if tile.towns else "has no"
            yield (("layer", "tiles", name), f"tile {name} is of kind {kind} but {has} town", "value")
    for name in t.tiles:
        if name not in g.tiles:
            yield (("tiles", name), f"tile {name} needs its kind in layer.tiles", "key")
    if not t.game_end.turns:
        yield (("game_end",), "the goods layer needs game_end.turns", "key")
    lows = [band.min for band in g.income_reduction]
    if lows != sorted(set(lows)):
        yield (("layer", "income_reduction"), "income bands must rise by their min", "value")
    if g.locomotive[0] > g.locomotive[1]:
        yield (("layer", "locomotive"), "the starting locomotive is above the highest", "value")
    if g.ranking is not None:
        yield from _ranking(g.ranking)


def _ranking(ranking: Any) -> Iterator[Found]:
    at = ("layer", "ranking")
    lows = [row[0] for row in ranking.table]
    if lows != sorted(set(lows)):
        yield ((*at, "table"), "the rows must rise by their lowest starting income", "value")
    for i, row in enumerate(ranking.table):
        if row[1:] != sorted(set(row[1:])):
            yield ((*at, "table", i), "the earnings thresholds of a row must rise", "value")
    for n, moves in ranking.few.items():
        if len(moves) != n:
            yield ((*at, "few", str(n)), f"{n} ranked need {n} moves, got {len(moves)}", "value")


class GoodsData(LayerData):
    """The goods layer: track, links and goods cubes instead of trains and routes."""

    model = GoodsLayer

    @staticmethod
    def check(title: Any) -> Iterator[Found]:
        return check(title)
