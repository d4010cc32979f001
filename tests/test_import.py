"""Importing 18xx.games game files in every shape they have had (issue 11 §4.1).

Each case derives a file from a real game (the builders are below, not fixture
files) in a shape some 18xx.games export may have: routes without their track
or nodes, ids as text, players as a mapping, the seed only in the game id,
undo without a target, chat messages, programmed actions, unknown optional
rules. Our replay must reach the same end as the 18xx.games engine does on the
same file; and what that engine refuses (no ``entity_type``, ``share`` for
``shares``, ids of the wrong kind, a redo with nothing undone, …) we refuse
too, naming the action. A route recorded with only its stop hexes is rebuilt
from the board and checked, never trusted.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from oracle_support import oracle_verdicts, write_games

from framework.base.problems import ProblemsError
from framework.board.routes import check_route, revenue
from framework.board.runroutes import collapsed, route_from_json, routes_through
from framework.engine import operating
from framework.record.gamefile import GameFile, effective_actions
from framework.record.replay import Replay, new_game, recorded, replay, title_for

GAMES = Path(__file__).resolve().parents[1] / "titles" / "18SJ" / "games"
FILES = sorted(p.stem for p in GAMES.glob("*.json"))
MAIN = "166116"

Data = dict[str, Any]
Builder = Callable[[Data], Data]


@cache
def _real(name: str) -> str:
    """A real game's file: ``166116`` (18SJ) or ``1889/962`` (another bundled title's)."""
    path = GAMES.parents[1] / name.replace("/", "/games/") if "/" in name else GAMES / name
    return path.with_suffix(".json").read_text(encoding="utf-8")


def real(name: str) -> Data:
    """A fresh copy of a real game's JSON."""
    return json.loads(_real(name))


def each_action(data: Data) -> Iterator[Data]:
    """Every action of the file, and every auto action inside one."""
    for action in data["actions"]:
        yield action
        yield from action.get("auto_actions") or []


def each_route(data: Data) -> Iterator[Data]:
    for action in data["actions"]:
        if action["type"] == "run_routes":
            yield from action["routes"]


def insert_after(data: Data, after: int, action: Data) -> Data:
    """``action`` inserted after the action with id ``after``, taking the next id;
    later ids (and undo targets) move up by one, as if it had been recorded there."""
    for a in data["actions"]:
        if a["id"] > after:
            a["id"] += 1
        if a["type"] == "undo" and (a.get("action_id") or 0) > after:
            a["action_id"] += 1
    position = next(i for i, a in enumerate(data["actions"]) if a["id"] == after) + 1
    data["actions"].insert(position, {**action, "id": after + 1, "created_at": 1700000000})
    return data


# -- the shapes 18xx.games loads -------------------------------------------------------------


def hexes_only(data: Data) -> Data:
    """Every route recorded with only its stop hexes and revenue."""
    for route in each_route(data):
        del route["connections"], route["nodes"]
    return data


def walked_order(connections: list[list[str]]) -> list[str]:
    """Every hex a route walks, in order, from its chains of track (each chain's hexes
    run from one stop to the next; 18xx.games may write a chain either way round)."""
    chains = [list(c) for c in connections]
    for k in range(1, len(chains)):
        if k == 1 and chains[0][0] in (chains[1][0], chains[1][-1]):
            chains[0].reverse()
        if chains[k][-1] == chains[k - 1][-1]:
            chains[k].reverse()
    return collapsed(h for chain in chains for h in chain)


def every_hex_walked(data: Data) -> Data:
    """Routes as the oldest files record them: every hex the route walks, plain track
    included, with its revenue, and neither connections nor nodes."""
    for route in each_route(data):
        route["hexes"] = walked_order(route.pop("connections"))
        route.pop("nodes", None)
    return data


def no_nodes(data: Data) -> Data:
    """Routes with their connections but without nodes."""
    for route in each_route(data):
        del route["nodes"]
    return data


def text_ids(data: Data) -> Data:
    """Player ids written as text, in the players list and in every action."""
    for player in data["players"]:
        player["id"] = str(player["id"])
    for action in each_action(data):
        if action.get("entity_type") == "player":
            action["entity"] = str(action["entity"])
        if "user" in action:
            action["user"] = str(action["user"])
    return data


def players_as_mapping(data: Data) -> Data:
    """``players`` as a mapping of ids (text, as JSON keys are) to names."""
    data = text_ids(data)
    data["players"] = {p["id"]: p["name"] for p in data["players"]}
    return data


def players_by_name(data: Data) -> Data:
    """Players without ids, known by their names."""
    names = {p["id"]: p["name"] for p in data["players"]}
    data["players"] = [{"name": p["name"]} for p in data["players"]]
    for action in each_action(data):
        if action.get("entity_type") == "player":
            action["entity"] = names[action["entity"]]
    data["result"] = {names[int(k)]: v for k, v in data["result"].items()}
    return data


def seed_in_the_id(data: Data) -> Data:
    """A hotseat game: no seed in the settings, the seed is the digits of the id."""
    data["id"] = f"hs_abcdef_{data['settings'].pop('seed')}"
    return data


def empty_seed(data: Data) -> Data:
    data["id"] = f"game{data['settings']['seed']}"
    data["settings"]["seed"] = ""
    return data


def no_settings(data: Data) -> Data:
    data["id"] = data.pop("settings")["seed"]
    return data


def undo_without_target(data: Data) -> Data:
    """Each undo whose target is the last effective action loses its ``action_id``."""
    before = effective_actions(data["actions"])
    for action in data["actions"]:
        if action["type"] == "undo" and "action_id" in action:
            target = action.pop("action_id")
            if effective_actions(data["actions"]) != before:
                action["action_id"] = target
    return data


def with_messages(data: Data) -> Data:
    """Chat messages after undos and redos, from players and from a guest, and one
    after the end."""
    spots = [a["id"] for a in data["actions"] if a["type"] in ("undo", "redo")][:20]
    for after in reversed(spots):
        insert_after(
            data, after, {"type": "message", "entity": 1, "entity_type": "player", "message": "oops"}
        )
    last = data["actions"][-1]["id"]
    player = data["players"][0]["id"]
    return insert_after(
        data, last, {"type": "message", "entity": player, "entity_type": "player", "message": "gg"}
    )


def insert_where_no_undo_reaches(data: Data, action: Data, earliest: int) -> Data:
    """``action`` inserted after the first action from id ``earliest`` on where no
    later undo takes it back (an undo would then take it instead of another)."""

    def shape(actions: list[Data]) -> list[tuple[Any, ...]]:
        return [(a["type"], a.get("entity"), a["created_at"]) for a in actions]

    before = shape(effective_actions(data["actions"]))
    for after in [a["id"] for a in data["actions"] if a["id"] >= earliest]:
        changed = insert_after(copy.deepcopy(data), after, action)
        effective = effective_actions(changed["actions"])
        kept = [a for a in effective if a["id"] != after + 1]
        if len(kept) < len(effective) and shape(kept) == before:
            return changed
    raise AssertionError("no place for the action")


def with_programs(data: Data) -> Data:
    """Programmed actions 18xx.games records with nothing to replay."""
    player = data["players"][0]["id"]
    for earliest, kind, fields in (
        (40, "program_share_pass", {"unconditional": False, "indefinite": False}),
        (300, "program_close_pass", {"unconditional": False}),
    ):
        program = {"type": kind, "entity": player, "entity_type": "player", **fields}
        data = insert_where_no_undo_reaches(data, program, earliest)
    return data


def other_count_rules(data: Data) -> Data:
    """An optional rule for another player count, which 18xx.games ignores: our
    two-player variant, which it has no rule for, in a four-player game. (A name the
    title does not know at all is refused here: see test_cli_replay.)"""
    data["settings"]["optional_rules"] = ["edelsvard"]
    return data


def without_users(data: Data) -> Data:
    data.pop("user", None)
    for action in data["actions"]:
        action.pop("user", None)
    return data


def _undo_targets(data: Data) -> set[int]:
    return {a.get("action_id") for a in data["actions"] if a["type"] == "undo"} - {None}


def repeated_ids(data: Data) -> Data:
    """Every twentieth action numbered as the one before it (1850/1.json on 18xx.games
    has such repeats): 18xx.games takes the actions in the order of the list."""
    targets = _undo_targets(data)
    for before, action in zip(data["actions"][5::20], data["actions"][6::20], strict=False):
        if not {before["id"], action["id"]} & targets:
            action["id"] = before["id"]
    return data


def stale_ids(data: Data) -> Data:
    """Every thirtieth action numbered with an old id (as in 1856/hotseat001.json)."""
    targets = _undo_targets(data)
    for k, action in enumerate(data["actions"][100:-1:30]):
        if action["id"] not in targets:
            action["id"] = 10 + k
    return data


ACCEPTED: dict[str, tuple[str, Builder]] = {
    **{f"hexes-only-{name}": (name, hexes_only) for name in FILES},
    **{f"no-nodes-{name}": (name, no_nodes) for name in FILES},
    **{
        f"every-hex-walked-{name.replace('/', '-')}": (name, every_hex_walked)
        for name in (MAIN, "bot_chooses_fullcap", "1830/29133")
    },
    "text-ids": (MAIN, text_ids),
    "text-ids-2p": ("bot_chooses_fullcap", text_ids),
    "players-as-mapping": (MAIN, players_as_mapping),
    "players-by-name": (MAIN, players_by_name),
    "seed-in-the-id": (MAIN, seed_in_the_id),
    "seed-in-the-id-2p": ("bot_chooses_fullcap", seed_in_the_id),
    "empty-seed": (MAIN, empty_seed),
    "no-settings": ("18SJ_game_end_bankrupt", no_settings),
    "undo-without-target": (MAIN, undo_without_target),
    "messages": (MAIN, with_messages),
    "programs": (MAIN, with_programs),
    "other-count-rules": (MAIN, other_count_rules),
    "without-users": (MAIN, without_users),
}


def an_id_above_the_last(data: Data) -> Data:
    """One action in the middle numbered above the last action: 18xx.games loads a game
    up to its last action's id, so it stops there."""
    data["actions"][400]["id"] = data["actions"][-1]["id"] + 5
    return data


OUT_OF_ORDER: dict[str, tuple[str, Builder]] = {
    "repeated-ids": (MAIN, repeated_ids),
    "stale-ids": (MAIN, stale_ids),
    "an-id-above-the-last": (MAIN, an_id_above_the_last),
}
"""Shapes with ids that do not increase: compared with 18xx.games opening the game
(the oracle's ``check.rb`` takes such files one action at a time, which 18xx.games'
page never does)."""


# -- the shapes 18xx.games refuses ------------------------------------------------------------


def no_entity_type(data: Data) -> Data:
    for action in each_action(data):
        action.pop("entity_type", None)
    return data


def no_entity_type_for_corporations(data: Data) -> Data:
    for action in each_action(data):
        if action.get("entity_type") != "player":
            action.pop("entity_type", None)
    return data


def text_ids_in_the_players_only(data: Data) -> Data:
    for player in data["players"]:
        player["id"] = str(player["id"])
    return data


def share_for_shares(data: Data) -> Data:
    for action in each_action(data):
        if action["type"] in ("buy_shares", "sell_shares") and len(action["shares"]) == 1:
            action["share"] = action.pop("shares")[0]
    return data


def text_seed(data: Data) -> Data:
    data["settings"]["seed"] = str(data["settings"]["seed"])
    return data


def fractional_seed(data: Data) -> Data:
    data["settings"]["seed"] = float(data["settings"]["seed"])
    return data


def text_action_ids(data: Data) -> Data:
    for action in data["actions"]:
        action["id"] = str(action["id"])
    return data


def undo_to_nowhere(data: Data) -> Data:
    next(a for a in data["actions"] if a["type"] == "undo")["action_id"] = 99999
    return data


def redo_with_nothing_undone(data: Data) -> Data:
    return insert_after(data, 100, {"type": "redo", "entity": 17876, "entity_type": "player"})


def program_after_the_end(data: Data) -> Data:
    last = data["actions"][-1]["id"]
    fields = {"entity": 17876, "entity_type": "player", "unconditional": False, "indefinite": False}
    return insert_after(data, last, {"type": "program_share_pass", **fields})


def program_by_a_corporation(data: Data) -> Data:
    fields = {"entity": "SNJ", "entity_type": "corporation", "unconditional": False, "indefinite": False}
    return insert_after(data, 200, {"type": "program_share_pass", **fields})


def without_auto_actions(data: Data) -> Data:
    for action in data["actions"]:
        action.pop("auto_actions", None)
    return data


REFUSED: dict[str, tuple[Builder, str, int | None]] = {
    # builder, what our replay says, the action it names (None: the file is refused as a whole)
    "no-entity-type": (no_entity_type, "has no entity_type", 1),
    "no-entity-type-for-corporations": (no_entity_type_for_corporations, "has no entity_type", 30),
    "text-ids-in-the-players-only": (text_ids_in_the_players_only, "a number is not its text", 1),
    "share-for-shares": (
        share_for_shares,
        "action 16 (buy_shares, number 16 in the list): needs the field 'shares'",
        None,
    ),
    "text-seed": (text_seed, "settings.seed must be a whole number", None),
    "fractional-seed": (fractional_seed, "settings.seed must be a whole number", None),
    "text-action-ids": (text_action_ids, "ids are whole numbers", None),
    "undo-to-nowhere": (undo_to_nowhere, "which the game does not have", 10),
    "redo-with-nothing-undone": (redo_with_nothing_undone, "a redo with nothing undone", 101),
    "program-after-the-end": (program_after_the_end, "after the game has ended", 894),
    "program-by-a-corporation": (program_by_a_corporation, "is a player's action", 201),
    "without-auto-actions": (without_auto_actions, "cannot buy shares now", 19),
}


def build(label: str) -> Data:
    if label in ACCEPTED:
        name, builder = ACCEPTED[label]
        return builder(real(name))
    if label in OUT_OF_ORDER:
        name, builder = OUT_OF_ORDER[label]
        return builder(real(name))
    return REFUSED[label][0](real(MAIN))


@cache
def ours(label: str) -> Replay | ProblemsError:
    try:
        record = GameFile.from_dict(build(label), label)
    except ProblemsError as exc:
        return exc
    return replay(record)


@pytest.fixture(scope="module")
def oracle(tmp_path_factory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("derived")
    labels = [*ACCEPTED, *REFUSED]
    return oracle_verdicts(write_games(folder, {label: build(label) for label in labels}))


@pytest.mark.parametrize("label", list(ACCEPTED))
def test_our_replay_accepts_the_shape(label):
    outcome = ours(label)
    assert isinstance(outcome, Replay) and outcome.failure is None, str(getattr(outcome, "failure", outcome))
    assert outcome.matches_recorded


@pytest.mark.parametrize("label", list(ACCEPTED))
def test_18xx_games_accepts_the_shape_with_the_same_end(label, oracle):
    verdict = oracle[label]
    assert verdict["refused"] is None, verdict["refused"]
    outcome = ours(label)
    assert verdict["result"] == {str(k): v for k, v in outcome.result.items()}
    assert verdict["game_end_reason"] == outcome.game.end_reason


@pytest.fixture(scope="module")
def opened(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """18xx.games' verdicts on the files with ids out of order, opened as its page opens a game."""
    folder = tmp_path_factory.mktemp("out-of-order")
    return oracle_verdicts(write_games(folder, {label: build(label) for label in OUT_OF_ORDER}), whole=True)


@pytest.mark.parametrize("label", list(OUT_OF_ORDER))
def test_ids_that_do_not_increase_play_as_18xx_games_plays_them(label, opened):
    outcome = ours(label)
    assert isinstance(outcome, Replay) and outcome.failure is None, str(getattr(outcome, "failure", outcome))
    verdict = opened[label]
    assert verdict["refused"] is None, verdict["refused"]
    assert verdict["finished"] == outcome.game.finished
    assert verdict["result"] == {str(k): v for k, v in outcome.result.items()}
    if label == "an-id-above-the-last":
        assert not outcome.game.finished and outcome.verdict == "differs"
    else:
        assert outcome.matches_recorded


@pytest.mark.parametrize("label", list(REFUSED))
def test_our_replay_refuses_the_shape_naming_the_action(label):
    _, message, action_id = REFUSED[label]
    outcome = ours(label)
    if action_id is None:
        assert isinstance(outcome, ProblemsError) and message in str(outcome)
        return
    assert isinstance(outcome, Replay) and outcome.failure is not None
    assert message in str(outcome.failure)
    assert outcome.failure.action_id == action_id and str(outcome.failure).startswith(f"action {action_id}:")


@pytest.mark.parametrize("label", list(REFUSED))
def test_18xx_games_refuses_the_shape_too(label, oracle):
    refused = oracle[label]["refused"]
    assert refused is not None
    action_id = REFUSED[label][2]
    if refused["id"] is not None and action_id is not None:
        assert refused["id"] == action_id


def test_the_derived_files_change_what_they_say():
    """The builders really make the shapes (so the tests above test something)."""
    assert not any("connections" in r or "nodes" in r for r in each_route(build("hexes-only-166116")))
    assert sum(1 for _ in each_route(build("hexes-only-166116"))) > 100
    undos = [a for a in build("undo-without-target")["actions"] if a["type"] == "undo"]
    assert sum("action_id" not in a for a in undos) >= 10
    assert sum(a["type"] == "message" for a in build("messages")["actions"]) == 21
    assert "seed" not in build("seed-in-the-id")["settings"]
    programs = [a for a in build("programs")["actions"] if a["type"].startswith("program_")]
    assert len(programs) == 2 + sum(a["type"].startswith("program_") for a in real(MAIN)["actions"])
    assert [a["id"] for a in build("programs")["actions"]] == list(range(1, 896))
    stops = [r["hexes"] for r in each_route(real(MAIN))]
    walked = [r["hexes"] for r in each_route(build("every-hex-walked-166116"))]
    assert sum(len(w) > len(s) for w, s in zip(walked, stops, strict=True)) > 50
    for label in ("repeated-ids", "stale-ids"):
        ids = [a["id"] for a in build(label)["actions"]]
        assert sum(b <= a for a, b in pairwise(ids)) >= 20


# -- routes recorded with only their stop hexes ---------------------------------------------


def at_action(data: Data, action_id: int):
    """The game replayed up to (not including) an action, and that action as recorded."""
    record = GameFile.from_dict(data)
    game = new_game(record, title_for(record))
    for action in record.effective():
        if action["id"] == action_id and not action.get("auto"):
            return record, game, action
        game.process(recorded(game, record, action))
    raise AssertionError(f"no action {action_id}")


def test_of_several_runs_through_the_hexes_the_one_with_fewest_track_paths_is_taken():
    """166116 action 831: C16 to A10 runs by B17 (as recorded) or straight by B15;
    both are legal and earn the same, and the rebuild takes the shorter, as 18xx.games
    takes the first of the chains it finds for a recorded connection."""
    record, game, action = at_action(hexes_only(real(MAIN)), 831)
    [data] = action["routes"]
    runner = operating.runner(game, game.trains[data["train"]])
    runs = list(routes_through(game.board, data["train"], data["hexes"]))
    legal = []
    for run in runs:
        check_route(game.board, runner, run)
        legal.append((revenue(game.board, runner, run).total, len(run.paths())))
    assert len(runs) == 2 and {v for v, _ in legal} == {data["revenue"]}
    assert legal[0][1] < legal[1][1]
    [rebuilt] = recorded(game, record, action)["routes"]
    assert rebuilt["connections"][-1] == ["C16", "B15", "A14", "A12", "A10"]
    [original] = next(a for a in real(MAIN)["actions"] if a["id"] == 831)["routes"]
    assert original["connections"][-1] == ["C16", "B17", "B15", "A14", "A12", "A10"]


def test_the_routes_of_an_action_are_chosen_together():
    """bot_chooses_fullcap action 341, changed: the 3-3 train runs C16-A16 recorded with
    hexes only, before the 3-2 train's recorded run C16-B15-A16-A10. Alone, C16-A16 would
    take B15; with the 3-2's run it must go by B17."""
    record, game, action = at_action(real("bot_chooses_fullcap"), 341)
    owner = action["entity"]
    short = {"train": "3-3", "connections": [["C16", "B17", "A16"]], "hexes": ["C16", "A16"]}
    run = route_from_json(game.board, owner, short)
    short["revenue"] = revenue(game.board, operating.runner(game, game.trains["3-3"]), run).total
    second = {
        **action["routes"][1],
        "connections": [["C16", "B15", "A16"], ["A16", "A14", "A12", "A10"]],
        "nodes": ["C16-0", "A16-0", "A10-0"],
    }
    alone = recorded(game, record, {**action, "routes": [hexes_only_route(short)]})
    assert alone["routes"][0]["connections"] == [["C16", "B15", "A16"]]
    changed = {**action, "routes": [hexes_only_route(short), second]}
    rebuilt = recorded(game, record, changed)
    assert rebuilt["routes"][0]["connections"] == [["C16", "B17", "A16"]]
    assert rebuilt["routes"][1] == second
    game.process(rebuilt)  # the running step accepts both


def hexes_only_route(route: Data) -> Data:
    return {k: v for k, v in route.items() if k not in ("connections", "nodes")}


def first_run(data: Data) -> Data:
    return next(a for a in data["actions"] if a["type"] == "run_routes")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"revenue": 50}, "train 2-0's route D15-C16: the legal runs through these hexes earn 40, not 50"),
        (
            {"hexes": ["D15", "A10"]},
            "train 2-0's route D15-A10: no free track joins these stops in this order",
        ),
        ({"hexes": ["C16", "C16"]}, "train 2-0's route C16-C16: no free track joins these stops"),
    ],
)
def test_a_route_with_only_hexes_that_does_not_fit_fails_naming_the_action_and_why(change, message):
    data = hexes_only(real(MAIN))
    action = first_run(data)
    assert action["id"] == 32
    action["routes"][0].update(change)
    outcome = replay(GameFile.from_dict(data))
    assert outcome.failure is not None and outcome.failure.action_id == 32
    assert str(outcome.failure).startswith(f"action 32: {message}")


def test_18xx_games_trusts_the_revenue_of_such_a_route_and_refuses_one_without(tmp_path):
    """Why the rebuild matters: the 18xx.games engine takes a hexes-only route's revenue
    as recorded (50 passes action 32) and refuses one without a revenue; so do we."""
    wrong, bare = hexes_only(real(MAIN)), hexes_only(real(MAIN))
    first_run(wrong)["routes"][0]["revenue"] = 50
    del first_run(bare)["routes"][0]["revenue"]
    verdicts = oracle_verdicts(write_games(tmp_path, {"wrong": wrong, "bare": bare}))
    assert (verdicts["wrong"]["refused"] or {}).get("id") != 32 and verdicts["wrong"]["last_id"] > 32
    assert verdicts["bare"]["refused"]["id"] == 32
    outcome = replay(GameFile.from_dict(bare))
    assert outcome.failure.action_id == 32 and "neither connections nor a revenue" in str(outcome.failure)


@pytest.mark.parametrize("name", FILES)
def test_routes_without_nodes_rebuild_the_recorded_runs(name):
    """Connections alone name the track: every route rebuilt without its nodes is the
    run rebuilt with them."""
    record = GameFile.from_dict(real(name))
    game = new_game(record, title_for(record))
    compared = 0
    for action in record.effective():
        if action["type"] == "run_routes":
            used: set = set()
            for data in action["routes"]:
                run = route_from_json(game.board, action["entity"], data, used)
                bare = {k: v for k, v in data.items() if k != "nodes"}
                assert route_from_json(game.board, action["entity"], bare, used) == run
                used |= run.paths()
                compared += 1
        game.process(action)
    assert compared > 50


def test_positions_and_the_viewer_take_routes_with_only_hexes():
    """Everything that replays a file rebuilds such routes: the route positions have
    full routes, and their recorded value is the recorded revenue."""
    from framework.record.positions import run_positions
    from framework.render.viewer import viewer_data

    record = GameFile.from_dict(hexes_only(real("bot_chooses_fullcap")))
    runs = sum(a["type"] == "run_routes" for a in record.effective())
    positions = list(run_positions(record, snapshot=False))
    assert len(positions) == runs and all(r["connections"] for p in positions for r in p.recorded)
    first = next(run_positions(record))
    assert first.recorded_value() == first.recorded_total > 0
    data = viewer_data(record)
    assert data.get("error") is None and sum("r" in frame for frame in data["frames"]) == runs


def test_undo_and_redo_follow_18xx_games():
    """An undo with no target takes back the last effective action (messages stay), one
    with target 0 everything; a redo brings back the last group undone."""
    acts = [
        {"type": "bid", "id": 1},
        {"type": "pass", "id": 2},
        {"type": "message", "id": 3},
        {"type": "undo", "id": 4},
        {"type": "redo", "id": 5},
        {"type": "undo", "id": 6, "action_id": 0},
    ]
    ids = [a["id"] for a in effective_actions(acts[:4])]
    assert ids == [1, 3]
    assert [a["id"] for a in effective_actions(acts[:5])] == [1, 2, 3]
    assert [a["id"] for a in effective_actions(acts)] == [3]


def test_a_session_refuses_a_redo_with_nothing_undone_and_records_nothing():
    from framework.base.errors import GameError
    from framework.record.session import Session
    from framework.title.loader import load_title

    session = Session(load_title("titles/18SJ"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=5)
    session.act({"type": "pass", "entity": 1})
    with pytest.raises(GameError, match="a redo with nothing undone"):
        session.act({"type": "redo", "entity": 2})
    assert [a["type"] for a in session.actions] == ["pass"]
    session.act({"type": "undo", "entity": 2})
    session.act({"type": "redo", "entity": 1})
    assert session.game.current_entity() == "2"
