"""Ports (``port`` on an off-board, :mod:`framework.title.ports`): earned once for each of
the running company's stations on the route, by routes of enough stops; and how
``18xx import`` finds them in what a title's ``revenue_for`` answers.

The real games of 1836Jr30 show the rule in play (tests/test_1836jr30.py); the route
search values ports as the route rules do (tests/test_optimal.py, Stockholm's harbour
made a port).
"""

from __future__ import annotations

from framework.board.ports import beyond_once, fewest_stops
from framework.convert.ports import apply_ports, explains_revenue, port_rules
from framework.title.faces import make_face
from framework.title.tiles import Tile

PROBE = {"fewest": 3, "value": 30, "two_stations": 90, "one_station": 60}
"""What 1836Jr30's ``revenue_for`` answers for its ports (brown, 30)."""


def tile_with(port: dict | None) -> Tile:
    offboard: dict = {"revenue": {"green": 20, "brown": 30}}
    if port is not None:
        offboard["port"] = port
    return Tile.model_validate(
        {"color": "yellow", "count": 1, "offboards": [offboard], "paths": [[0, "offboard"]]}
    )


def test_a_tile_s_port_is_the_port_of_its_face():
    """A tile's port reaches its face, where routes read it: with two stations on a
    route it earns twice, once as any stop, and a route there needs its stops."""
    city = make_face(
        "C", Tile.model_validate({"color": "yellow", "count": 1, "cities": [{"revenue": 20}]}), "yellow", 0
    )
    for port, extra, fewest in (
        ({"pays": "per_station", "stops": 3}, 30, 3),
        ({"pays": "once", "stops": 4}, 0, 4),
        (None, 0, 0),
    ):
        (node,) = make_face("X", tile_with(port), "yellow", 0).nodes
        nodes = [node, city.nodes[0], city.nodes[0]]
        assert beyond_once(nodes, [30, 20, 20], stations=2) == extra
        assert fewest_stops(nodes) == fewest


def test_a_port_on_a_route_without_stations_earns_nothing():
    (node,) = make_face("X", tile_with({"pays": "per_station"}), "yellow", 0).nodes
    assert beyond_once([node], [30], stations=0) == -30
    assert beyond_once([node], [30], stations=1) == 0


def test_the_converter_finds_ports_in_what_revenue_for_answers():
    """Earned once per station (1836Jr30), or once but only on long routes: ports; a
    bonus of its own (1850Jr's half of the route's revenue, 40 for 30) is no port, and
    leaves ``revenue_for`` a gap; so do an override another override comes between, and
    one the probe sees doing nothing (1888's destination bonuses)."""
    probe = {"groups": {"port": PROBE}, "cities": 30, "overrides_base": True}
    assert port_rules(probe) == {"port": {"pays": "per_station", "stops": 3}}
    assert explains_revenue(probe)
    once = {"groups": {"port": {**PROBE, "two_stations": 60}}, "cities": 30, "overrides_base": True}
    assert port_rules(once) == {"port": {"pays": "once", "stops": 3}}
    half = {"fewest": 3, "value": 0, "two_stations": 40, "one_station": 40}
    assert port_rules({"groups": {"port": half}, "cities": 30, "overrides_base": True}) == {}
    assert not explains_revenue({"groups": {"port": half}, "cities": 30, "overrides_base": True})
    assert not explains_revenue({**probe, "overrides_base": False})
    plain = {"fewest": 2, "value": 40, "two_stations": 70, "one_station": 70}  # 1888: nothing seen
    assert port_rules({"groups": {"Baotou": plain}}) == {"Baotou": {}}
    assert not explains_revenue({"groups": {"Baotou": plain}, "cities": 30, "overrides_base": True})


def test_the_converter_writes_a_port_on_the_off_boards_of_its_group():
    board = {
        "hexes": {
            "E3": {"offboards": [{"revenue": {"green": 20}, "group": "port"}]},
            "A1": {"offboards": [{"revenue": 40}]},
        }
    }
    assert apply_ports(board, {"groups": {"port": PROBE}, "cities": 30})
    assert board["hexes"]["E3"]["offboards"][0]["port"] == {"pays": "per_station", "stops": 3}
    assert "port" not in board["hexes"]["A1"]["offboards"][0]
    cities = {"hexes": {"G10": {"cities": [{"revenue": 20, "group": "port"}]}}}
    assert not apply_ports(cities, {"groups": {"port": PROBE}})
