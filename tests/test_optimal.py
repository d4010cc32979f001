"""The exact route search (framework.board.optimal).

* Property tests: random positions on the 18SJ map (random tiles around
  Stockholm, or a real game's board; random stations, trains, phases and
  bonuses) are solved by :func:`best_routes` and by a brute force written here
  — every walk along the networkx track graph, kept when :func:`check_route`
  accepts it, valued with :func:`revenue`, then every combination of them
  sharing no track — and the two must agree.
* Real positions: every ``run_routes`` position of the three shipped 18SJ games
  (:mod:`framework.record.positions`) is solved, checked route by route, proven, and
  never worse than what the players ran there.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from framework.board.board import Board
from framework.board.bonuses import BonusRules, HexBonus, Marker
from framework.board.distance import Allowance, Distance
from framework.board.graph import Centre
from framework.board.optimal import Optimum, best_routes
from framework.board.routes import IllegalRoute, Route, Runner, check_route, revenue, track_of
from framework.board.runroutes import _join, chains_along, route_from_json
from framework.record.gamefile import GameFile
from framework.record.positions import Position, run_positions
from framework.title.bonuses import AllHexesBonus, AllIconsBonus, DestinationsBonus
from framework.title.loader import RulesText, load_title

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted((ROOT / "titles" / "18SJ" / "games").glob("*.json"))


HARBOURS = {
    "free": "visit_cost: 0",
    "port": "port: {pays: per_station, stops: 3}",
}
"""What Stockholm's harbour may be besides itself: visited free, or a port."""


@cache
def sj_title(harbour: str = ""):
    """18SJ; with ``harbour`` ``free``, trains visit Stockholm's harbour (H9) free, taking
    none of their distance (``visit_cost: 0``); with ``port``, it is a port earned once
    for each station on the route, by routes of three stops or more."""
    if not harbour:
        return load_title(ROOT / "titles" / "18SJ")
    overlay = RulesText(
        f"{harbour}-harbour.yaml",
        "map:\n  hexes:\n    H9:\n      offboards: "
        f"[{{revenue: {{green: 30, brown: 40}}, {HARBOURS[harbour]}}}]\n",
    )
    return load_title(ROOT / "titles" / "18SJ", [overlay])


def all_positions(*, snapshot: bool = True):
    for path in GAMES:
        yield from run_positions(GameFile.read(path), name=path.stem, snapshot=snapshot)


# -- checking an answer --------------------------------------------------------


def check_answer(board: Board, trains: list[tuple[str, Runner]], answer: Optimum) -> None:
    """Every route legal next to the others, worth what the answer says; the totals add up."""
    runners = dict(trains)
    assert len({r.train for r in answer.routes}) == len(answer.routes)
    used: set = set()
    for route, earned in zip(answer.routes, answer.revenues, strict=True):
        check_route(board, runners[route.train], route, used)
        assert revenue(board, runners[route.train], route) == earned
        used |= route.paths()
    assert answer.total == sum(e.total for e in answer.revenues)
    assert answer.total <= answer.bound
    if answer.proven:
        assert answer.bound == answer.total


# -- the brute force -----------------------------------------------------------


class TooMany(Exception):
    pass


def all_walks(board: Board, train: str, max_stops: int, limit: int | None = None) -> list[Route]:
    """Every walk along the track graph from a revenue centre through at least one more,
    using no path twice (its moves never turn back in a hex), as a route (not yet checked).
    Raises :class:`TooMany` past ``limit`` walks."""
    g = board.graph.g
    found: list[Route] = []

    def at_stop(node, stops, chains, used) -> None:
        if len(stops) >= 2:
            found.append(Route(train, tuple(stops), tuple(chains)))
            if limit is not None and len(found) > limit:
                raise TooMany
        if len(stops) < max_stops:
            for state in g.succ[node]:
                leave(state, stops, chains, used, [])

    def leave(state, stops, chains, used, chain) -> None:
        path = state.track.ref
        if path in used:
            return
        walked = [*chain, path]
        for there in g.succ[state]:
            if isinstance(there, Centre):
                stop = (there.hex, there.index)
                if stop not in stops:
                    at_stop(there, [*stops, stop], [*chains, tuple(walked)], used | {path})
            else:
                leave(there, stops, chains, used | {path}, walked)

    for node in g:
        if isinstance(node, Centre):
            at_stop(node, [(node.hex, node.index)], [], frozenset())
    return found


def brute_force(board: Board, trains: list[tuple[str, Runner]]) -> int:
    """The best total over every combination of legal routes, one per train at most,
    sharing no track (no path and no hex side)."""
    free = sum(1 for face in board.graph.faces.values() for node in face.nodes if not node.visit_cost)
    longest = max(runner.distance or 99 for _, runner in trains) + free  # free stops take no distance
    walks = all_walks(board, "walk", longest)
    options = []
    for _, runner in trains:
        legal = []
        for route in walks:
            try:
                check_route(board, runner, route)
            except IllegalRoute:
                continue
            legal.append((revenue(board, runner, route).total, frozenset(track_of(board, route.paths()))))
        legal.sort(key=lambda item: -item[0])
        options.append(legal)
    tops = [opts[0][0] if opts else 0 for opts in options]
    best = 0

    def choose(k: int, used: frozenset, total: int) -> None:
        nonlocal best
        best = max(best, total)
        if k == len(options) or total + sum(tops[k:]) <= best:
            return
        for value, paths in options[k]:
            if total + value + sum(tops[k + 1 :]) <= best:
                break
            if not used & paths:
                choose(k + 1, used | paths, total + value)
        choose(k + 1, used, total)

    choose(0, frozenset(), 0)
    return best


# -- random positions ----------------------------------------------------------

PLAIN = ["D13", "E10", "E14", "F9", "F11", "G12", "F15", "E16"]
"""Hexes around Stockholm without a city."""
CITY = ["D11", "E8", "E12", "F13", "D15"]
"""… with one city."""
TRACK_TILES = ["7", "8", "9", "16", "18", "19", "20", "23", "24", "25", "39", "43", "44", "47"]
CITY_TILES = ["5", "6", "57", "14", "15", "619", "63", "611", "X6"]
STOCKHOLM_TILES = ["X2", "X4", "X5"]
PHASES = [
    ("yellow",),
    ("yellow", "green"),
    ("yellow", "green", "brown"),
    ("yellow", "green", "brown", "gray"),
]
ICONS = ["GKB", "O", "b", "S", "port", "V"]
BONUS_HEXES = [*CITY, "G10", "H9", "A10", "B31"]


@cache
def shared_map(harbour: str = ""):
    board = Board(sj_title(harbour))
    return board.hexmap, board.faces


def fits(board: Board, hex_id: str, name: str, rotation: int) -> bool:
    """Whether every exit of the tile turned so leads to a hex track may enter."""
    return board.faces.get(name, rotation).exits <= board.hexmap.usable[hex_id]


@st.composite
def small_boards(draw, harbour: str = "") -> Board:
    """Random tiles around Stockholm, turned to fit the map where they can."""
    hexmap, faces = shared_map(harbour)
    board = Board(sj_title(harbour), hexmap, faces)
    lays = draw(
        st.lists(
            st.one_of(
                st.tuples(st.sampled_from(PLAIN), st.sampled_from(TRACK_TILES)),
                st.tuples(st.sampled_from(CITY), st.sampled_from(CITY_TILES)),
                st.tuples(st.just("G10"), st.sampled_from(STOCKHOLM_TILES)),
            ),
            min_size=3,
            max_size=9,
            unique_by=lambda lay: lay[0],
        )
    )
    for hex_id, name in lays:
        tile_id = board.supply.next_id(name)
        if tile_id is None:  # some tiles have a single copy
            continue
        turns = [r for r in range(6) if fits(board, hex_id, name, r)] or list(range(6))
        board.put_tile(hex_id, tile_id, name, draw(st.sampled_from(turns)), {})
    return board


@cache
def real_boards() -> tuple[tuple[dict, bool], ...]:
    """Distinct boards of the shipped games whose routes a brute force can list:
    ``(board data, whether unlimited trains are small enough too)``."""

    def few_walks(board: Board, max_stops: int) -> bool:
        try:
            all_walks(board, "walk", max_stops, 1500)
        except TooMany:
            return False
        return True

    boards, seen = [], set()
    for position in all_positions(snapshot=False):
        data = position.board.to_dict()
        key = repr(data["placed"])
        if key in seen or not few_walks(position.board, 4):
            continue
        seen.add(key)
        boards.append((data, few_walks(position.board, 99)))
    return tuple(boards)


@st.composite
def real_board(draw, harbour: str = "") -> tuple[Board, bool]:
    data, unlimited = draw(st.sampled_from(real_boards()))
    hexmap, faces = shared_map(harbour)
    return Board.from_dict(sj_title(harbour), data, hexmap, faces), unlimited


BY_KIND = [
    None,
    # two cities, off-boards free
    Distance((Allowance(frozenset({"city"}), 2), Allowance(frozenset({"offboard"}), None))),
    # three cities; off-boards passed, paying nothing
    Distance((Allowance(frozenset({"city"}), 3), Allowance(frozenset({"offboard"}), None, 0))),
    # a 2+1: two stops of any kind and one more off-board
    Distance((Allowance(frozenset({"city", "offboard"}), 2), Allowance(frozenset({"offboard"}), 1))),
    # three stops, only the best two paying, cities double
    Distance((Allowance(frozenset({"city", "offboard"}), 3, 2, 2),)),
    # cities only
    Distance((Allowance(frozenset({"city"}), 3),)),
    # two cities; off-boards visited free, paying in the room the cities leave (1867's towns)
    Distance((Allowance(frozenset({"city"}), 2), Allowance(frozenset({"offboard"}), None, 0, 1, True))),
]
"""Distances by kind of stop (18SJ has cities and off-boards)."""


@st.composite
def positions(draw):
    """A board — a few random tiles, or a real game's, maybe with a harbour visited free
    or a port — with stations of a company T (and of O, maybe filling cities), and T's
    trains: phase, distances (some by kind of stop), multipliers, passing O's tokens or not,
    bonuses of the title's kinds, tokens and a marker."""
    harbour = draw(st.sampled_from(["", "free", "port"]))
    if draw(st.booleans()):
        board, unlimited = draw(small_boards(harbour)), True
    else:
        board, unlimited = draw(real_board(harbour))
    cities = sorted(
        (h, i)
        for h, face in board.graph.faces.items()
        for i, node in enumerate(face.nodes)
        if node.kind == "city" and board.free_slots((h, i), "T") and face.paths
    )
    for city in draw(st.lists(st.sampled_from(cities), min_size=1, max_size=2, unique=True)):
        board.add_token("T", city)
    for city in draw(st.lists(st.sampled_from(cities), max_size=4, unique=True)):
        while board.slots(city).count(None) and draw(st.booleans()):
            board.add_token("O", city)
    colors = draw(st.sampled_from(PHASES))
    bonuses = BonusRules(
        title=tuple(draw(st.lists(title_bonuses(), max_size=2))),
        tokens=draw(st.dictionaries(st.sampled_from(BONUS_HEXES), st.sampled_from([20, 50]), max_size=2)),
        # assigned to hexes, and a dump's cost (a negative one, which a route may avoid)
        assigned=tuple(
            draw(
                st.lists(
                    st.builds(
                        HexBonus, st.sampled_from(BONUS_HEXES), st.sampled_from([-20, 30]), st.just("A")
                    ),
                    max_size=2,
                )
            )
        ),
        marker=draw(
            st.none()
            | st.builds(
                Marker,
                st.sampled_from(["E8", "H9", "F19", "A6"]),
                st.sampled_from(ICONS),
                st.just(30),
                st.just("M"),
            )
        ),
    )
    distances = [2, 3, 4, None] if unlimited else [2, 3, 4]
    by_kinds = BY_KIND if unlimited else [d for d in BY_KIND if d is None or d.limit is not None]
    kinds = draw(
        st.lists(
            st.tuples(
                st.sampled_from(distances), st.sampled_from([1, 2]), st.booleans(), st.sampled_from(by_kinds)
            ),
            min_size=1,
            max_size=3,
        )
    )
    trains = [
        (
            f"t{k}",
            Runner(
                "T",
                colors,
                distance if by_kind is None else by_kind.limit,
                mult,
                frozenset({"O"}) if passes else frozenset(),
                bonuses,
                by_kind=by_kind,
            ),
        )
        for k, (distance, mult, passes, by_kind) in enumerate(kinds)
    ]
    return board, trains


@st.composite
def title_bonuses(draw):
    kind = draw(st.sampled_from(["icons", "hexes", "destinations"]))
    if kind == "icons":
        icons = draw(st.lists(st.sampled_from(ICONS), min_size=1, max_size=2, unique=True))
        return AllIconsBonus(kind="all_icons", name="i", label="I", icons=icons, amount=40)
    if kind == "hexes":
        hexes = draw(st.lists(st.sampled_from(BONUS_HEXES), min_size=1, max_size=2, unique=True))
        return AllHexesBonus(kind="all_hexes", name="h", label="H", hexes=hexes, amount=70)
    amounts = draw(st.sampled_from([[50, 100], [60, 30], [10, 20, 40]]))
    return DestinationsBonus(
        kind="destinations",
        name="d",
        anchor=draw(st.sampled_from(ICONS)),
        destination=draw(st.sampled_from(ICONS)),
        amounts=amounts,
        labels=[str(a) for a in amounts],
    )


# -- the tests -----------------------------------------------------------------


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(positions())
def test_agrees_with_brute_force(position):
    board, trains = position
    answer = best_routes(board, trains)
    check_answer(board, trains, answer)
    assert answer.proven
    assert answer.total == brute_force(board, trains)


@cache
def recorded_positions() -> tuple[Position, ...]:
    return tuple(all_positions())


def final_position(game: str) -> Position:
    *_, last = (p for p in recorded_positions() if p.game == game)
    return last


def test_anytime_answer_is_legal_and_bounded():
    position = final_position("166116")
    base = position.trains[0][1]
    e = Runner("SWB", base.colors, None, 2, frozenset({"SJ"}), BonusRules(base.bonuses.title))
    six = Runner("SWB", base.colors, 6, 1, frozenset(), BonusRules(base.bonuses.title))
    trains = [("D-8", e), ("6-8", six)]
    exact = best_routes(position.board, trains)
    assert exact.proven
    for limit in (0.0, 0.001, 0.01):
        answer = best_routes(position.board, trains, time_limit=limit)
        check_answer(position.board, trains, answer)
        assert answer.total <= exact.total <= answer.bound
        if not answer.proven:
            assert answer.seconds < limit + 0.5


def test_identical_trains_share_no_track():
    position = final_position("166116")
    base = position.trains[0][1]
    d = Runner("ÖSJ", base.colors, None, 1, frozenset(), BonusRules(base.bonuses.title))
    trains = [("D-8", d), ("D-9", d)]
    answer = best_routes(position.board, trains)
    check_answer(position.board, trains, answer)
    assert answer.proven and len(answer.routes) == 2
    alone = best_routes(position.board, trains[:1])
    assert alone.total < answer.total <= 2 * alone.total


def test_no_trains_and_no_station():
    position = final_position("bot_chooses_fullcap")
    assert best_routes(position.board, []).total == 0
    nobody = Runner("NOBODY", ("yellow",), 2)
    answer = best_routes(position.board, [("2-0", nobody)])
    assert (answer.routes, answer.total, answer.proven) == ((), 0, True)


def test_one_company_only():
    position = final_position("bot_chooses_fullcap")
    with pytest.raises(ValueError, match="several companies"):
        best_routes(
            position.board, [("2-0", Runner("A", ("yellow",), 2)), ("2-1", Runner("B", ("yellow",), 2))]
        )


@pytest.mark.parametrize("game", [path.stem for path in GAMES])
def test_real_positions(game):
    """Every recorded position: the recorded routes are legal and worth what was
    recorded; the best routes are legal, proven, and worth at least as much."""
    positions = [p for p in recorded_positions() if p.game == game]
    assert positions
    for position in positions:
        assert position.recorded_value() == position.recorded_total
        answer = best_routes(position.board, position.trains)
        check_answer(position.board, position.trains, answer)
        assert answer.proven, (position.game, position.action)
        assert answer.total >= position.recorded_total, (position.game, position.action)


CROSSES_E14_E16_TWICE = {
    "train": "D-0",
    "connections": [
        ["H9", "G10"],
        ["G10", "F9", "E8"],
        ["E8", "D7", "C6", "B5"],
        ["B5", "B7", "B9", "C10", "C12"],
        ["C12", "D13", "D15"],
        ["D15", "E16", "E14", "E12"],
        ["E12", "F13"],
        ["F13", "E14", "E16", "E18", "E20"],
        ["E20", "E22", "F23"],
        ["F23", "E24", "F25", "G26"],
        ["G26", "F27", "E28", "D29"],
        ["D29", "C30", "B31"],
    ],
}
"""The best route of ÖKJ's E-train before 166116's action 786 if only track paths
counted: it crosses the side between E14 and E16 twice, by two different paths."""


def test_one_hex_side_is_not_crossed_twice():
    """18xx.games identifies track per hex and edge (reference §4.8): the route that
    crosses E14/E16 twice is refused, and the best legal route earns 810, as recorded."""
    position = next(p for p in recorded_positions() if p.game == "166116" and p.action == 786)
    board = position.board
    chains = [chains_along(board, hexes) for hexes in CROSSES_E14_E16_TWICE["connections"]]
    joined = [combo for combo in product(*chains) if _is_walk(combo)]
    assert joined  # the track is there, one path at a time
    for combo in joined:
        route = _join("D-0", list(combo))
        with pytest.raises(IllegalRoute, match="used twice"):
            check_route(board, dict(position.trains)["D-0"], route)
    with pytest.raises(IllegalRoute):
        route_from_json(board, "ÖKJ", CROSSES_E14_E16_TWICE)
    answer = best_routes(position.board, position.trains)
    assert (answer.total, answer.proven) == (810, True)
    assert answer.total == position.recorded_total


def _is_walk(chains) -> bool:
    """Consecutive chains share one stop and no track path."""
    paths = [p for chain in chains for p in chain[2]]
    return len(set(paths)) == len(paths) and all(
        len({a[0], a[1]} & {b[0], b[1]}) == 1 for a, b in pairwise(chains)
    )
