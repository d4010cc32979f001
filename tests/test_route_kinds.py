"""Stops that count differently towards having a route (``route``: 18xx.games' ``route``).

A company has a route — its trains run, and without a train it must buy one — where one
of its stations reaches two revenue centres, its own included. A stop marked
``optional`` counts only beside a ``mandatory`` one, and never towards having to buy a
train; a stop marked ``never`` does not count at all (1836Jr's ports). A train may still
stop at either.

Shown on 18SJ game 166116 before action 120: TGOJ runs its 2-train from its home,
Bergslagen (D19, tile 15), to Ånge (E20, tile 619), the only other stop it reaches. A
house rule marks tile 619's city. The memory of a route found earlier in its turns is
cleared, as for a company whose route comes only from this position.
"""

from __future__ import annotations

from sj_support import game_before, game_before_with

from framework.board.graph import Goal, route_stops
from framework.convert.codes import read_code
from framework.engine.game import Game
from framework.engine.purchases import has_route
from framework.title.tilecode import parse

GAME, ACTION = "166116.json", 120


def marked(kind: str) -> Game:
    rule = f"tiles:\n  619: {{cities: [{{revenue: 30, slots: 2, route: {kind}}}]}}\n"
    game = game_before_with(GAME, ACTION, rule)
    tgoj = game.corporations["TGOJ"]
    tgoj.had_route = tgoj.had_route_to_buy = False
    return game


def routes_step_offers(game: Game) -> list[str]:
    routes = next(s for s in game.round.steps if s.name == "routes")
    return routes.actions("TGOJ")


def test_the_position_as_played():
    game = game_before(GAME, ACTION)
    assert sorted(n[1] for n in game.track_board.reach("TGOJ").nodes) == ["D19", "E20"]
    assert has_route(game, "TGOJ") and has_route(game, "TGOJ", to_buy=True)
    assert routes_step_offers(game) == ["run_routes"]


def test_a_mandatory_stop_is_the_default():
    game = marked("mandatory")
    assert has_route(game, "TGOJ") and has_route(game, "TGOJ", to_buy=True)


def test_a_stop_that_never_counts_leaves_the_company_without_a_route():
    game = marked("never")
    assert not has_route(game, "TGOJ") and not has_route(game, "TGOJ", to_buy=True)
    assert routes_step_offers(game) == []


def test_an_optional_stop_makes_a_route_to_run_but_not_one_to_buy_a_train_for():
    game = marked("optional")
    assert has_route(game, "TGOJ")
    assert not has_route(game, "TGOJ", to_buy=True)
    assert routes_step_offers(game) == ["run_routes"]


def test_the_count_of_stops_by_kind():
    """Two mandatory stops make both routes; one mandatory and one optional only a route
    to run; never stops count for nothing."""
    from framework.board.graph import Centre, node_key

    def centre(n: int, route: str) -> Centre:
        return Centre("A1", n, "city", node_key("A1", n), ("A1", n), route)

    run, buy = Goal(stops=2, mandatory=1), Goal(stops=2, mandatory=2)
    cases = {
        ("mandatory", "mandatory"): (True, True),
        ("mandatory", "optional"): (True, False),
        ("optional", "optional"): (False, False),
        ("mandatory", "never"): (False, False),
    }
    for routes, (runs, buys) in cases.items():
        stops = {centre(i, r) for i, r in enumerate(routes)}
        mandatory, counted = route_stops(stops)
        assert (mandatory >= 1 and counted >= 2) == runs
        assert run.by_stop(next(iter(stops)), stops) == runs
        assert buy.by_stop(next(iter(stops)), stops) == buys


def test_tile_codes_keep_the_route_of_a_stop():
    code = "offboard=revenue:green_20|brown_30,groups:port,route:never;path=a:3,b:_0"
    assert read_code(code).content["offboards"][0]["route"] == "never"
    assert parse("offboard=revenue:20,route:optional;path=a:5,b:_0")["offboards"][0]["route"] == "optional"
    assert "route" not in parse("city=revenue:20,route:mandatory")["cities"][0]
