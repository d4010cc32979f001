"""Tile lays, upgrades, main lines, costs and station tokens on the board
(rulebook §10.3–10.4, reference §3.5, §4.6–4.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from framework.board.board import Board
from framework.board.graph import node_key
from framework.board.lays import Discount, IllegalLay, LayTerms, check_lay, improves_mainline, lay, legal_lays
from framework.board.tokens import IllegalToken, check_token, token_cities
from framework.title.loader import RulesText, load_title

SJ = load_title(Path(__file__).resolve().parents[1] / "titles" / "18SJ")
ALL = ("yellow", "green", "brown", "gray")
ANYWHERE = LayTerms("X", ALL, connect=False)


def rotations(board: Board, hex_id: str, name: str, layer: LayTerms = ANYWHERE) -> list[int]:
    """The rotations in which tile ``name`` may be laid in ``hex_id``."""
    tile_id = board.supply.next_id(name)
    out = []
    for rotation in range(6):
        try:
            check_lay(board, layer, hex_id, tile_id, rotation)
        except IllegalLay:
            continue
        out.append(rotation)
    return out


def upgrade(board: Board, hex_id: str, name: str, rotation: int) -> None:
    lay(board, check_lay(board, ANYWHERE, hex_id, board.supply.next_id(name), rotation))


# -- §3.5: the geometrically legal placements -----------------------------------------


def test_ystad_takes_x1_in_one_rotation_only():
    assert rotations(Board(SJ), "C2", "X1") == [5]


def test_stockholm_takes_x2_then_x4_then_x5_in_one_rotation_each():
    board = Board(SJ)
    assert rotations(board, "G10", "X2") == [4]
    upgrade(board, "G10", "X2", 4)
    assert rotations(board, "G10", "X4") == [4]
    upgrade(board, "G10", "X4", 4)
    assert rotations(board, "G10", "X5") == [5]


def test_stockholm_tokens_follow_their_cities_on_upgrade():
    """§3.5: on X2 (rotation 4) old city k becomes new city k+1 (old 3 becomes new 0)."""
    board = Board(SJ)
    board.reserve("SWB", ("G10", 2))
    board.add_token("MÖJ", ("G10", 3))
    upgrade(board, "G10", "X2", 4)
    assert board.reservation("SWB") == ("G10", 3)
    assert board.token_owners(("G10", 0)) == ["MÖJ"]


@pytest.mark.parametrize(
    ("hex_id", "expected"),
    [
        ("C8", {"15": [0, 1], "619": [4]}),
        ("D15", {"619": [1, 3]}),
        ("D19", {"14": [2, 5], "15": [3, 4, 5], "619": [2, 3]}),
    ],
)
def test_the_preprinted_yellow_cities_upgrade_as_the_reference_lists(hex_id, expected):
    """§3.5: Jönköping cannot take #14 (Lake Vättern); Köping only #619."""
    board = Board(SJ)
    found = {name: rotations(board, hex_id, name) for name in ("14", "15", "619")}
    assert {name: rots for name, rots in found.items() if rots} == expected


@pytest.mark.parametrize(
    ("hex_id", "expected"),
    [
        ("E8", {"5": [2, 3, 4], "6": [2, 3], "57": [2, 5]}),
        ("C12", {"5": [0, 1, 5], "6": [0, 5], "57": [2, 5]}),
    ],
)
def test_yellow_cities_on_white_city_sites(hex_id, expected):
    """§3.5: rotations whose exits all have usable neighbours."""
    board = Board(SJ)
    assert {name: rotations(board, hex_id, name) for name in ("5", "6", "57")} == expected


# -- refusals ---------------------------------------------------------------------------


def refusal(board: Board, layer: LayTerms, hex_id: str, tile: str, rotation: int) -> str:
    with pytest.raises(IllegalLay) as caught:
        check_lay(board, layer, hex_id, tile, rotation)
    return caught.value.rule


def test_no_tile_on_gray_red_or_blue_hexes():
    board = Board(SJ)
    assert refusal(board, ANYWHERE, "A6", "8-0", 0) == "fixed hex"
    assert refusal(board, ANYWHERE, "B31", "8-0", 0) == "fixed hex"
    assert refusal(board, ANYWHERE, "B13", "8-0", 0) == "fixed hex"


def test_no_track_off_the_map_or_into_a_lake():
    """§10.3: A8 has neighbours only across edges 0 and 5; C10 borders Lake Vättern on 0 and 5."""
    board = Board(SJ)
    assert refusal(board, ANYWHERE, "A8", "9-0", 1) == "track off the map"
    assert rotations(board, "A8", "7") == [5]
    assert refusal(board, ANYWHERE, "C10", "9-0", 0) == "track off the map"


def test_colours_follow_the_phase_and_go_one_step_up():
    board = Board(SJ)
    assert refusal(board, LayTerms("X", ("yellow",), connect=False), "C8", "15-0", 0) == "phase colours"
    assert refusal(board, ANYWHERE, "D13", "16-0", 0) == "upgrade colour"
    assert refusal(board, ANYWHERE, "C2", "63-0", 0) == "upgrade colour"


def test_labels_must_match():
    board = Board(SJ)
    assert refusal(board, ANYWHERE, "C2", "15-0", 0) == "label"
    assert refusal(board, ANYWHERE, "C8", "X1-0", 5) == "label"


def test_city_tiles_go_on_city_sites_only():
    board = Board(SJ)
    assert refusal(board, ANYWHERE, "D13", "57-0", 0) == "revenue centres"
    assert refusal(board, ANYWHERE, "E8", "9-0", 2) == "revenue centres"


def test_an_upgrade_keeps_the_old_track():
    board = Board(SJ)
    upgrade(board, "D13", "7", 0)
    assert refusal(board, ANYWHERE, "D13", "18-0", 0) == "keep track"


def test_the_upgrade_chart_is_respected():
    board = Board(SJ)
    upgrade(board, "D13", "9", 1)
    assert refusal(board, ANYWHERE, "D13", "16-0", 0) in ("upgrade chart", "keep track")
    assert "20" in {p.name for p in legal_lays(board, ANYWHERE, "D13")}


def test_blocked_hexes_take_no_tile():
    """§6.1.1: B17 while Frykstadsbanan is owned by a player."""
    layer = LayTerms("X", ALL, connect=False, blocked=frozenset({"B17"}))
    assert refusal(Board(SJ), layer, "B17", "8-0", 0) == "blocked hex"


def test_tile_supply_runs_out():
    board = Board(SJ)
    for hex_id in ("E8", "C12", "B11", "B5"):
        upgrade(board, hex_id, "5", rotations(board, hex_id, "5")[0])
    assert board.supply.next_id("5") is None
    assert refusal(board, ANYWHERE, "E12", "5-0", 0) == "tile supply"


def test_unlimited_tiles_never_run_out():
    board = Board(SJ)
    for hex_id in ("D13", "D17", "E10", "E16"):
        upgrade(board, hex_id, "8", rotations(board, hex_id, "8")[0])
    assert board.supply.next_id("8") == "8-4"


# -- costs ------------------------------------------------------------------------------


def test_mountains_cost_on_the_first_tile_only():
    """§10.3.4: 75 in B27; the upgrade is free."""
    board = Board(SJ)
    plan = check_lay(board, ANYWHERE, "B27", "8-0", rotations(board, "B27", "8")[0])
    assert plan.terrain_cost == 75
    lay(board, plan)
    green = legal_lays(board, ANYWHERE, "B27")[0]
    assert green.terrain_cost == 0


def test_a_lay_that_cannot_be_paid_is_refused():
    board = Board(SJ)
    poor = LayTerms("X", ALL, cash=100, connect=False)
    assert refusal(board, poor, "F9", "9-0", rotations(board, "F9", "9")[0]) == "costs"


def test_gellivare_discounts():
    """§6.1.5: D29 costs 0 and C30 75 for the owner of the Gellivare Company."""
    board = Board(SJ)
    gc = LayTerms("X", ALL, connect=False, discounts=(Discount("mountain", 75, frozenset({"D29", "C30"})),))
    assert check_lay(board, gc, "D29", "57-0", rotations(board, "D29", "57")[0]).terrain_cost == 0
    assert check_lay(board, gc, "C30", "9-0", rotations(board, "C30", "9")[0]).terrain_cost == 75


def test_the_mountain_border_is_paid_once_when_track_meets_across_it():
    """§10.3.4: 75 between B11 and C12, paid by the lay that completes the connection."""
    board = Board(SJ)
    first = check_lay(board, ANYWHERE, "B11", "57-0", 2)
    assert first.border_cost == 0
    lay(board, first)
    second = check_lay(board, ANYWHERE, "C12", "57-1", 2)
    assert second.border_cost == 75
    lay(board, second)
    upgrade_plan = legal_lays(board, ANYWHERE, "C12")[0]
    assert upgrade_plan.border_cost == 0


# -- main lines (§10.3.3) ---------------------------------------------------------------


def test_mainline_example_1_both_lays_build_the_main_line():
    """#8 in D13 (the hex between Katrineholm and Köping) and #57 in Västerås both follow
    the orange line for the first time."""
    board = Board(SJ)
    d13 = board.faces.get("8", 0)
    e12 = board.faces.get("57", 0)
    assert improves_mainline(board, "D13", d13)
    assert improves_mainline(board, "E12", e12)


def test_mainline_example_2_an_upgrade_can_build_it_later():
    """An #8 off the orange line leaves the cube; a #25 whose track follows it builds it."""
    board = Board(SJ)
    plan = check_lay(board, ANYWHERE, "D13", "8-0", 2)
    assert not plan.improves_mainline
    lay(board, plan)
    upgrades = {(p.name, p.rotation): p.improves_mainline for p in legal_lays(board, ANYWHERE, "D13")}
    assert upgrades[("25", 2)] is True
    assert upgrades[("25", 4)] is False


def test_a_main_line_is_built_only_once():
    board = Board(SJ)
    lay(board, check_lay(board, ANYWHERE, "D13", "8-0", 0))
    assert "D13" in board.improved
    assert not any(p.improves_mainline for p in legal_lays(board, ANYWHERE, "D13"))


def test_mainline_example_3_karlstad_has_no_main_line():
    """KFJ's home Karlstad (C16) is no main-line hex: no tile there builds one."""
    board = Board(SJ)
    assert not any(p.improves_mainline for p in legal_lays(board, ANYWHERE, "C16"))


# -- reaching tiles: the semi-restrictive rule (§4.6) ------------------------------------


def test_a_corporation_must_reach_the_new_tile():
    board = Board(SJ)
    board.add_token("ÖKJ", ("C12", 0))
    layer = LayTerms("ÖKJ", ALL)
    assert refusal(board, layer, "E16", "8-0", 0) == "track restriction"
    assert rotations(board, "C12", "57", layer) == [2, 5]
    lay(board, check_lay(board, layer, "C12", "57-0", 2))
    assert 0 in rotations(board, "D13", "8", layer)


def test_a_city_upgrade_is_legal_when_the_city_gains_revenue():
    """§10.3.2: a reached city may be upgraded even without reaching new track."""
    board = Board(SJ)
    board.add_token("ÖKJ", ("C12", 0))
    layer = LayTerms("ÖKJ", ALL)
    lay(board, check_lay(board, layer, "C12", "57-0", 2))
    assert any(p.name == "15" for p in legal_lays(board, layer, "C12"))


# -- station tokens (§10.4, §4.7) --------------------------------------------------------


@pytest.fixture
def network() -> Board:
    board = Board(SJ)
    board.add_token("ÖKJ", ("C12", 0))
    lay(board, check_lay(board, ANYWHERE, "C12", "57-0", 2))
    lay(board, check_lay(board, ANYWHERE, "B11", "57-1", 2))
    lay(board, check_lay(board, ANYWHERE, "D13", "8-0", 0))
    lay(board, check_lay(board, ANYWHERE, "E12", "57-2", 0))
    return board


def token_refusal(board, owner, city) -> str:
    with pytest.raises(IllegalToken) as caught:
        check_token(board, owner, city)
    return caught.value.rule


def test_tokens_go_where_track_reaches(network):
    assert token_cities(network, "ÖKJ") == [("A10", 0), ("B11", 0), ("E12", 0)]


def test_one_token_per_hex(network):
    assert token_refusal(network, "ÖKJ", ("C12", 0)) == "one token per hex"


def test_a_reserved_home_is_not_free(network):
    network.reserve("UGJ", ("E12", 0))
    assert token_refusal(network, "ÖKJ", ("E12", 0)) == "free slot"
    assert token_cities(network, "ÖKJ") == [("A10", 0), ("B11", 0)]


def test_a_full_city_blocks_the_way_beyond(network):
    """§10.2: B11 reached only through a city full of another company's tokens."""
    network.add_token("BJ", ("B11", 0))
    network.remove_token("ÖKJ", ("C12", 0))
    network.add_token("MÖJ", ("C12", 0))
    network.add_token("UGJ", ("E12", 0))
    reach = network.reach("UGJ")
    assert node_key("C12", 0) in reach.nodes
    assert node_key("B11", 0) not in reach.nodes


def test_unreachable_cities_take_no_token(network):
    assert token_refusal(network, "ÖKJ", ("F13", 0)) == "route to the city"


# -- a label the hex takes with a later colour (18TN's Nashville) ----------------------


@pytest.mark.parametrize("future", [False, True])
def test_a_future_label_asks_the_tile_of_its_colour_for_the_label(future):
    """1830's Barrie (B10), given ``future_label: {label: Z, color: green}``: its yellow
    tile carries no label as before, and then no green tile without a ``Z`` may follow."""
    from framework.title.loader import RulesText

    text = "map: {hexes: {B10: {future_label: {label: Z, color: green}}}}\n" if future else "{}\n"
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    title = load_title(folder, rules=[RulesText("z.yaml", text)])
    board = Board(title)
    yellow = next(r for r in range(6) if _legal(board, "B10", "57", r))
    upgrade(board, "B10", "57", yellow)
    greens = [name for name in ("14", "15") if any(_legal(board, "B10", name, r) for r in range(6))]
    assert greens == ([] if future else ["14", "15"])
    if future:
        with pytest.raises(IllegalLay, match="label 'Z'") as refused:
            check_lay(board, ANYWHERE, "B10", board.supply.next_id("14"), yellow)
        assert refused.value.rule == "label"


@pytest.mark.parametrize("future", [False, True])
def test_a_tile_s_future_label_is_the_label_its_upgrade_must_carry(future):
    """1830's H10, its green tile 14 given ``future_label: {label: Z, color:
    brown}`` (as 18TN's green Nashville tile takes the brown ``P`` tile): the brown 63 that
    may follow 14 without it is refused with it, for it carries no ``Z``."""
    from framework.title.loader import RulesText

    text = "tiles: {14: {count: 3, future_label: {label: Z, color: brown}}}\n" if future else "{}\n"
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    board = Board(load_title(folder, rules=[RulesText("z.yaml", text)]))
    yellow = next(r for r in range(6) if _legal(board, "H10", "57", r))
    upgrade(board, "H10", "57", yellow)
    green = next(r for r in range(6) if _legal(board, "H10", "14", r))
    upgrade(board, "H10", "14", green)
    browns = any(_legal(board, "H10", "63", r) for r in range(6))
    assert browns is not future
    if future:
        with pytest.raises(IllegalLay, match="label 'Z'") as refused:
            check_lay(board, ANYWHERE, "H10", board.supply.next_id("63"), green)
        assert refused.value.rule == "label"


# -- a hex's own tiles (18GA's Augusta takes only tile 453a as its green) ---------------

OWN_GREEN = (
    "tiles:\n"
    "  Z1: {color: green, count: 1, label: Z, cities: [{revenue: 40, slots: 2}],"
    " paths: [[0, city], [1, city], [3, city], [4, city]]}\n"
)


@pytest.mark.parametrize("own", [False, True])
def test_a_hex_s_own_tiles_are_the_only_tiles_of_their_colour_it_takes(own):
    """1830's Barrie (B10), given ``own_tiles: {green: [Z1]}`` (Z1 a green city labelled
    ``Z``): its yellow tile is any yellow city as before; its green only Z1, which needs
    no label to match, and 14 and 15 are refused. Without it, Z1's label keeps it out.
    Another city (F4) takes 14 and 15 and never Z1."""
    text = OWN_GREEN + ("map: {hexes: {B10: {own_tiles: {green: [Z1]}}}}\n" if own else "")
    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    board = Board(load_title(folder, rules=[RulesText("own.yaml", text)]))
    for hex_id in ("B10", "F4"):
        yellow = next(r for r in range(6) if _legal(board, hex_id, "57", r))
        upgrade(board, hex_id, "57", yellow)

    def greens(hex_id: str) -> list[str]:
        return [name for name in ("14", "15", "Z1") if any(_legal(board, hex_id, name, r) for r in range(6))]

    assert greens("B10") == (["Z1"] if own else ["14", "15"])
    assert greens("F4") == ["14", "15"]
    assert {plan.name for plan in legal_lays(board, ANYWHERE, "B10")} == ({"Z1"} if own else {"14", "15"})
    if own:
        with pytest.raises(IllegalLay, match="only its own green tile") as refused:
            check_lay(board, ANYWHERE, "B10", board.supply.next_id("14"), 0)
        assert refused.value.rule == "own tiles"


def test_a_hex_s_own_tiles_are_tiles_of_the_manifest_in_their_colour():
    from framework.base.problems import ProblemsError

    folder = Path(__file__).resolve().parents[1] / "titles" / "1830"
    for own, problem in (("[Z9]", "'Z9' is not in the manifest"), ("[57]", "57 is yellow, not green")):
        text = f"map: {{hexes: {{B10: {{own_tiles: {{green: {own}}}}}}}}}\n"
        with pytest.raises(ProblemsError, match=problem):
            load_title(folder, rules=[RulesText("own.yaml", text)])


def _legal(board: Board, hex_id: str, name: str, rotation: int) -> bool:
    try:
        check_lay(board, ANYWHERE, hex_id, board.supply.next_id(name), rotation)
    except IllegalLay:
        return False
    return True


def test_an_upgrade_must_leave_room_for_the_tokens_and_reserved_slots_already_there():
    """A city holding a token and a reserved slot cannot become a city of one slot
    (18xx.games refuses such a tile in every rotation); with one of them it can."""
    tiles = (
        "tiles:\n"
        "  Y2: {color: yellow, count: 1, cities: [{revenue: 20, slots: 2}],"
        " paths: [[0, city], [3, city]], upgrades: [G1]}\n"
        "  G1: {color: green, count: 2, cities: [{revenue: 30}], paths: [[0, city], [3, city], [1, city]]}\n"
    )
    title = load_title(Path(__file__).resolve().parents[1] / "titles" / "18SJ", [RulesText("t.yaml", tiles)])
    for crowded in (True, False):
        board = Board(title)
        upgrade(board, "E12", "Y2", rotations(board, "E12", "Y2")[0])
        board.add_token("A", ("E12", 0))
        if crowded:
            board.reserve("B", ("E12", 0))
        tile_id = board.supply.next_id("G1")
        outcomes = set()
        for rotation in range(6):
            try:
                check_lay(board, ANYWHERE, "E12", tile_id, rotation)
                outcomes.add("legal")
            except IllegalLay as error:
                outcomes.add(error.rule)
        assert ("room for tokens" in outcomes) == crowded
        assert ("legal" in outcomes) != crowded


TOWNS = """tiles:
  T1: {color: yellow, count: 1, towns: [{revenue: 10}], paths: [[3, town], [town, 1]]}
  T2: {color: green, count: 1, towns: [{revenue: 20}], paths: [[3, town], [town, 1]]}
"""


@pytest.mark.parametrize(
    ("restriction", "legal"),
    [
        ("permissive", True),
        ("semi_restrictive", True),
        ("restrictive", False),
        ("city_permissive", False),
        ("station_restrictive", True),
    ],
)
def test_a_town_upgraded_without_new_track_under_each_track_restriction(restriction, legal):
    """On Tiny, CO's station in Middleton (A4) reaches B3's yellow town tile; its green
    upgrade keeps the track and raises the town from 10 to 20. No new track: the revenue
    change suffices under ``semi_restrictive``; ``city_permissive`` holds a tile without a
    city to ``restrictive``, ``station_restrictive`` lets any tile with a revenue centre
    be laid."""
    rules = RulesText("towns", TOWNS + f"rules: {{track: {{restriction: {restriction}}}}}")
    board = Board(load_title(Path(__file__).resolve().parent / "titles" / "tiny", [rules]))
    board.put_tile("A4", "57-0", "57", 0, {0: 0})
    board.put_tile("B3", "T1-0", "T1", 0, {0: 0})
    board.add_token("CO", ("A4", 0))
    layer = LayTerms("CO", ALL)
    if legal:
        assert check_lay(board, layer, "B3", "T2-0", 0).name == "T2"
    else:
        with pytest.raises(IllegalLay) as refused:
            check_lay(board, layer, "B3", "T2-0", 0)
        assert refused.value.rule == "track restriction"


# -- §4.6: the track restriction answered without walking ------------------------------


@pytest.mark.parametrize(
    ("title", "players", "bot"), [("18SJ", 4, "random"), ("18SJ", 3, "heuristic"), ("1889", 4, "random")]
)
def test_the_restriction_answered_before_walking_is_what_the_walk_finds(title, players, bot, monkeypatch):
    """A listing tries every tile and rotation on a hex; whether the network would walk a
    tile's new track is mostly answered from where the walk first comes to the hex and
    which sides any walk could come to (``Board._paths_found``). In bot games every such
    answer is the one the whole walk gives (and both kinds of answer are met)."""
    from framework.board.graph import Goal
    from framework.bots.heuristic import HeuristicBot
    from framework.bots.play import new_session, play
    from framework.bots.random_bot import RandomBot

    answered = {True: 0, False: 0}
    quick = Board._paths_found

    def compared(board, owner, hex_id, face, paths, starts, inside, through):
        known = quick(board, owner, hex_id, face, paths, starts, inside, through)
        if known is not None:
            answered[known] += 1
            # a True is the walks from outside the hex finding it (they come first); a
            # False is given only where the owner has no station on the hex
            goal = Goal(paths=frozenset((hex_id, i) for i in paths))
            assert board.graph.finds(starts, through, goal, laid=(hex_id, face)) == known
        return known

    monkeypatch.setattr(Board, "_paths_found", compared)
    session = new_session(Path(__file__).resolve().parents[1] / "titles" / title, players, 5)
    play(session, HeuristicBot() if bot == "heuristic" else RandomBot(), seed=5, max_actions=1500)
    assert answered[True] > 100 and answered[False] > 100
