"""A differential fuzzer: candidate actions at positions of bot games, asked of both engines.

Bot games only ever take what our engine lists, so they cannot show that we accept an
action 18xx.games refuses. This script plays bot games (the matrix of
``tools/conform.py``), and at sampled positions builds candidate actions — every
action our engine lists, and perturbations near them: other entities and entity
types, prices and amounts off by a little or zero or missing, other par prices,
certificates, share counts and sources, other tiles, rotations and hexes, other
cities and slots, other trains and variants, routes with another revenue, train or
stop, other dividend kinds, companies and choices. Each candidate is tried in our
engine on a copy of the position (read as a game file's action is read,
:func:`framework.record.replay.recorded`) and in 18xx.games' (``tools/oracle_legal.rb
--try``, on a forked copy of the game loaded once); a refusal of ours must also
leave the position exactly as it was.

It prints the four-way table per action type (accepted by both, by us only, by
18xx.games only, by neither), then every candidate accepted by us and refused by
18xx.games, and every refusal of ours that changed the position::

    python tools/fuzz.py --title titles/1830 --seeds 9001-9010 --every 25
    python tools/fuzz.py --title titles/18SJ --seeds 1-2 --every 60 --quiet   # as in CI

Exit status 0 when no candidate is accepted by us alone and no refusal changed
anything, 1 otherwise. What 18xx.games alone accepts is listed with ``--theirs``;
docs/conformance.md says which of those families its own page and rules forbid.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
TOOLS = Path(__file__).resolve().parent
for folder in (ROOT, TOOLS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from conform import add_matrix_arguments, play_one, specs_of  # noqa: E402
from legal import as_actions, oracle_try, tile_name  # noqa: E402

if TYPE_CHECKING:
    from framework.engine.game import Game

Action = dict[str, Any]
LISTED_PER_TYPE = 12
"""At most this many of the actions we list of one type are tried at a position."""
PERTURBED_PER_TYPE = 3
"""The listed actions of one type whose perturbations are tried."""


@dataclass
class Candidate:
    """One action tried at a position: its family, the action, and our verdict."""

    kind: str
    """The action's type."""
    family: str
    """How it was made: ``listed``, or the perturbation (``price 0``, ``rotation``…)."""
    action: Action
    ours: str = ""
    """``accepted``, or ``refused: why``."""
    changed: bool = False
    """Our refusal changed the position (never allowed)."""
    theirs: str = ""


@dataclass
class Position:
    id: int
    round: str
    candidates: list[Candidate] = field(default_factory=list)


# -- candidates ---------------------------------------------------------------------------------


def listed(game: Game, rng: random.Random) -> dict[tuple[str, str], list[Action]]:
    """(entity, type) → the actions our engine lists now, as 18xx.games actions (a free
    amount at both ends), at most :data:`LISTED_PER_TYPE` of each."""
    from framework.engine.autoroute import best_run
    from framework.engine.choices import legal_actions

    out: dict[tuple[str, str], list[Action]] = {}
    for entity, kinds in legal_actions(game).items():
        for kind, choices in kinds.items():
            if kind == "run_routes":
                run, _ = best_run(game, entity)
                out[(entity, kind)] = [{**run, "entity_type": game.entity_type(entity)}]
                continue
            actions = [a for choice in choices for a in as_actions(game, entity, kind, choice)]
            if len(actions) > LISTED_PER_TYPE:
                actions = rng.sample(actions, LISTED_PER_TYPE)
            out[(entity, kind)] = actions
    return out


def candidates(game: Game, rng: random.Random) -> Iterator[tuple[str, str, Action]]:
    """(type, family, action) for every candidate at this position."""
    seen: set[str] = set()
    for (_, kind), actions in listed(game, rng).items():
        for number, action in enumerate(actions):
            found = [("listed", action)]
            if number < PERTURBED_PER_TYPE:
                found += list(other_entities(game, action)) if number == 0 else []
                found += list(PERTURBATIONS.get(kind, _none)(game, action, rng))
            for family, candidate in found:
                key = json.dumps(candidate, sort_keys=True, ensure_ascii=False)
                if key not in seen:
                    seen.add(key)
                    yield kind, family, candidate


def _none(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    return iter(())


def _player_id(game: Game, pid: str) -> Any:
    return int(pid) if pid.lstrip("-").isdigit() else pid


def other_entities(game: Game, action: Action) -> Iterator[tuple[str, Action]]:
    """The action taken by others: each other player, another corporation or minor, the
    acting entity's president; and under every other entity type (an id that names a
    company and a corporation or minor is one entity or the other, never both)."""
    entity = str(action["entity"])
    others = [p.id for p in game.humans if p.id != entity][:2]
    operators = [s for s, c in game.corporations.items() if not c.closed and s != entity][:1]
    operators += [s for s in game.minors if s != entity][:1]
    owner = game.owner_of(entity)
    if owner and owner != entity and owner not in others:
        others.append(owner)
    for other in others:
        yield "another player", {**action, "entity": _player_id(game, other), "entity_type": "player"}
    for other in operators:
        yield "another operator", {**action, "entity": other, "entity_type": game.entity_type(other)}
    for kind in ("player", "corporation", "minor", "company"):
        if kind != action.get("entity_type"):
            who = _player_id(game, entity) if kind == "player" else entity
            yield f"entity_type {kind}", {**action, "entity": who, "entity_type": kind}


def _prices(action: Action, field_name: str = "price") -> Iterator[tuple[str, Action]]:
    price = action.get(field_name)
    if not isinstance(price, int):
        return
    for label, value in (("+1", price + 1), ("-1", price - 1), ("+5", price + 5), ("0", 0), ("-10", -10)):
        yield f"{field_name} {label}", {**action, field_name: value}
    yield f"{field_name} missing", {k: v for k, v in action.items() if k != field_name}


def _company(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    """A bid or a company bought: other prices, other companies."""
    yield from _prices(action)
    for sym in rng.sample(sorted(game.companies), min(3, len(game.companies))):
        if sym != action.get("company"):
            yield "another company", {**action, "company": sym}


def _par(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    market = game.title.market
    cells = [
        f"{cell.price},{r},{c}" for r, row in enumerate(market.grid) for c, cell in enumerate(row) if cell
    ]
    for cell in rng.sample(cells, min(4, len(cells))):
        yield "another cell", {**action, "share_price": cell}
    for sym in rng.sample(sorted(game.corporations), min(2, len(game.corporations))):
        yield "another corporation", {**action, "corporation": sym}


def _shares(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    ids = [str(s) for s in action.get("shares") or []]
    if not ids:
        return
    sym = ids[0].rsplit("_", 1)[0]
    corp = game.corporations.get(sym)
    if corp is None:
        return
    by_owner: dict[str, list[str]] = defaultdict(list)
    for share in corp.shares:
        by_owner[share.owner].append(share.id)
    for owner, held in by_owner.items():
        yield f"a share held by {_holder(game, owner)}", {**action, "shares": held[:1], "percent": 10}
        if len(held) > 1:
            yield f"two shares held by {_holder(game, owner)}", {**action, "shares": held[:2], "percent": 20}
    yield "the same certificate twice", {**action, "shares": [ids[0], ids[0]], "percent": 20}
    president = next(s.id for s in corp.shares if s.president)
    yield "the president's certificate", {**action, "shares": [president]}
    yield "percent doubled", {**action, "percent": 2 * int(action.get("percent") or 10)}
    yield "percent missing", {k: v for k, v in action.items() if k != "percent"}
    if "share_price" in action:
        yield from _prices(action, "share_price")
    others = [s for s, c in game.corporations.items() if s != sym and not c.closed]
    for other in rng.sample(others, min(2, len(others))):
        yield "another corporation's share", {**action, "shares": [f"{other}_1"]}


def _holder(game: Game, owner: str) -> str:
    return "a player" if owner in game.players_by_id else owner


def _lay(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    for rotation in range(6):
        if rotation != action.get("rotation"):
            yield "another rotation", {**action, "rotation": rotation}
    names = sorted(game.title.tiles)
    for name in rng.sample(names, min(6, len(names))):
        tile = game.board.supply.next_id(name)
        if tile is not None:
            yield "another tile", {**action, "tile": tile, "rotation": rng.randrange(6)}
    hex_id = str(action.get("hex"))
    for edge in rng.sample(range(6), 3):
        there = game.board.hexmap.across(hex_id, edge)
        if there is not None:
            yield "a neighbouring hex", {**action, "hex": there[0]}


def _token(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    from framework.engine.steps.track import city_id

    board = game.board
    cities = [
        (hex_id, index)
        for hex_id in sorted(game.hexmap.hexes)
        for index, node in enumerate(board.face(hex_id).nodes)
        if node.kind == "city"
    ]
    for city in rng.sample(cities, min(5, len(cities))):
        yield "another city", {**action, "city": city_id(game, city), "_hex": city[0], "_index": city[1]}
    for slot in (1, 2, -1):
        yield "another slot", {**action, "slot": slot}


def _routes(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    routes = action.get("routes") or []
    if not routes:
        return
    richer = [dict(r) for r in routes]
    richer[0]["revenue"] = int(richer[0].get("revenue") or 0) + 10
    yield "a route's revenue +10", {**action, "routes": richer}
    if len(routes) > 1:
        yield "a route left out", {**action, "routes": routes[1:]}
    yield "a route twice", {**action, "routes": [*routes, dict(routes[0])]}
    foreign = [t.id for t in game.trains.values() if t.owner not in (action["entity"], "bank", "pool")]
    if foreign:
        yield (
            "another's train",
            {**action, "routes": [{**routes[0], "train": rng.choice(foreign)}, *routes[1:]]},
        )
    shorter = [dict(r) for r in routes]
    if len(shorter[0].get("connections") or []) > 1:
        shorter[0] = {k: v for k, v in shorter[0].items() if k not in ("revenue_str",)}
        shorter[0]["connections"] = shorter[0]["connections"][:-1]
        shorter[0]["nodes"] = shorter[0].get("nodes", [])[:-1]
        shorter[0]["hexes"] = shorter[0].get("hexes", [])[:-1]
        yield "a route one stop shorter", {**action, "routes": shorter}


def _dividend(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    for kind in ("payout", "withhold", "half", "variable"):
        if kind != action.get("kind"):
            yield "another kind", {**action, "kind": kind}


def _train(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    yield from _prices(action)
    trains = list(game.trains.values())
    for train in rng.sample(trains, min(4, len(trains))):
        if train.id != action.get("train"):
            yield "another train", {**action, "train": train.id, "variant": train.variant}
    for variant in {t.variant for t in trains} - {action.get("variant")}:
        yield "another variant", {**action, "variant": variant}
        break
    own = [t.id for t in trains if t.owner == str(action["entity"])]
    if own and not action.get("exchange"):
        yield "an exchange", {**action, "exchange": own[0]}


def _discard(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    trains = [t.id for t in game.trains.values() if t.id != action.get("train")]
    for train in rng.sample(trains, min(3, len(trains))):
        yield "another train", {**action, "train": train}


def _assign(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    hexes = sorted(game.hexmap.hexes)
    for hex_id in rng.sample(hexes, min(3, len(hexes))):
        yield "another hex", {**action, "target": hex_id}


def _choose(game: Game, action: Action, rng: random.Random) -> Iterator[tuple[str, Action]]:
    yield "an unknown choice", {**action, "choice": "nothing of the kind"}


PERTURBATIONS = {
    "bid": _company,
    "par": _par,
    "buy_shares": _shares,
    "sell_shares": _shares,
    "lay_tile": _lay,
    "place_token": _token,
    "run_routes": _routes,
    "dividend": _dividend,
    "buy_train": _train,
    "buy_company": _company,
    "discard_train": _discard,
    "assign": _assign,
    "choose": _choose,
}


# -- our verdicts ---------------------------------------------------------------------------------


def our_verdicts(game: Game, game_file, rng: random.Random) -> list[Candidate]:
    """Every candidate at this position, with our engine's verdict: each tried on a copy
    of the position, as a game file's action is read; a refusal must change nothing."""
    from framework.base.errors import GameError
    from framework.engine.state import fork, game_to_dict
    from framework.record.replay import recorded

    base = fork(game)
    before = json.dumps(game_to_dict(base), sort_keys=True)
    found = []
    for kind, family, action in list(candidates(base, rng)):
        candidate = Candidate(kind, family, action)
        ours = {k: v for k, v in action.items() if not k.startswith("_")}
        ours["id"] = game.actions_processed + 10_000  # any id: the engine does not read it
        try:
            base.process(recorded(base, game_file, ours))
        except GameError as error:
            candidate.ours = f"refused: {error.detail} ({error.rule})"
            candidate.changed = json.dumps(game_to_dict(base), sort_keys=True) != before
            if candidate.changed:
                base = fork(game)
        else:
            candidate.ours = "accepted"
            base = fork(game)
        found.append(candidate)
    return found


def positions_of(path: str, every: int, seed: int) -> list[Position]:
    """Our candidates and verdicts after every ``every``-th action of a game file."""
    from legal import replayed

    from framework.record.gamefile import GameFile

    game_file = GameFile.read(path)
    rng = random.Random(seed)

    def look(game: Game) -> Position:
        label = game.round_label() if game.round is not None else ""
        return Position(0, label, our_verdicts(game, game_file, rng))

    found = replayed(path, lambda aid: aid % every == 0, look)
    out = []
    for aid, position in sorted(found.items()):
        position.id = aid
        out.append(position)
    return out


# -- 18xx.games' verdicts ---------------------------------------------------------------------


def their_verdicts(path: str, positions: list[Position]) -> None:
    """Ask 18xx.games about every candidate (``oracle_legal.rb --try``), in place."""
    request = {
        str(p.id): {str(k): [_as_reference(c.action)] for k, c in enumerate(p.candidates)} for p in positions
    }
    answers = oracle_try(path, request)
    for position in positions:
        tried = answers.get(position.id, {})
        for k, candidate in enumerate(position.candidates):
            candidate.theirs = tried.get(str(k), "not asked: 18xx.games stopped before this position")


def _as_reference(action: Action) -> Action:
    """A candidate as 18xx.games is given it: a tile by name (its copies are numbered
    otherwise), a city by hex and index (``tools/oracle_legal.rb`` finds its id)."""
    out = dict(action)
    if out.get("type") == "lay_tile" and isinstance(out.get("tile"), str):
        out["tile"] = tile_name(out["tile"])
    return out


# -- a game ------------------------------------------------------------------------------------------


@dataclass
class Fuzzed:
    label: str
    path: str
    positions: list[Position]
    failure: str | None = None


def fuzz_one(spec, folder: str, every: int) -> Fuzzed:
    """Play one game of the matrix and fuzz it."""
    played = play_one(spec, folder)
    positions = positions_of(played.path, every, spec.seed)
    their_verdicts(played.path, positions)
    return Fuzzed(spec.label, played.path, positions, played.failure)


# -- the report ------------------------------------------------------------------------------------------


def accepted(verdict: str) -> bool:
    return verdict == "accepted"


def table(games: list[Fuzzed]) -> tuple[dict[str, Counter[str]], list[str], list[str], list[str]]:
    """Per action type, the four-way counts; then the candidates only we accept, the
    refusals of ours that changed the position, and what only 18xx.games accepts."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    only_ours: list[str] = []
    changed: list[str] = []
    only_theirs: list[str] = []
    for game in games:
        for position in game.positions:
            for c in position.candidates:
                if c.theirs.startswith("not asked"):
                    counts[c.kind]["not asked"] += 1
                    continue
                key = {
                    (True, True): "both",
                    (True, False): "ours only",
                    (False, True): "18xx.games only",
                    (False, False): "neither",
                }[(accepted(c.ours), accepted(c.theirs))]
                counts[c.kind][key] += 1
                where = f"{game.label}, after action {position.id} ({position.round}): {c.family}: "
                shown = json.dumps({k: v for k, v in c.action.items() if not k.startswith("_")})
                if key == "ours only":
                    only_ours.append(f"{where}{shown}\n    18xx.games {c.theirs}")
                if key == "18xx.games only":
                    only_theirs.append(f"{where}{shown}\n    we {c.ours}")
                if c.changed:
                    changed.append(f"{where}{shown}\n    we {c.ours}, and the position changed")
    return counts, only_ours, changed, only_theirs


def families(games: list[Fuzzed], outcome: tuple[bool, bool]) -> Counter[str]:
    """How many candidates of each (type, family) had ``outcome`` (ours, 18xx.games'
    acceptance)."""
    found: Counter[str] = Counter()
    for game in games:
        for position in game.positions:
            for c in position.candidates:
                if not c.theirs.startswith("not asked") and (accepted(c.ours), accepted(c.theirs)) == outcome:
                    found[f"{c.kind}: {c.family}"] += 1
    return found


def render_table(counts: dict[str, Counter[str]]) -> str:
    columns = ["both", "ours only", "18xx.games only", "neither"]
    lines = [f"{'action type':<16}" + "".join(f"{c:>17}" for c in columns)]
    for kind in sorted(counts):
        lines.append(f"{kind:<16}" + "".join(f"{counts[kind][c]:>17}" for c in columns))
    totals = Counter()
    for row in counts.values():
        totals.update(row)
    lines.append(f"{'all':<16}" + "".join(f"{totals[c]:>17}" for c in columns))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_matrix_arguments(parser, "1-4")
    parser.add_argument("--every", type=int, default=25, help="Fuzz after every K-th action.")
    parser.add_argument("--theirs", action="store_true", help="List what only 18xx.games accepts too.")
    parser.add_argument(
        "--families", action="store_true", help="Count what only 18xx.games accepts by type and family."
    )
    parser.add_argument("--json", action="store_true", help="The table and lists as one JSON object.")
    parser.add_argument("--quiet", action="store_true", help="Only the table and what fails.")
    args = parser.parse_args(argv)
    if args.every < 1:
        parser.error("--every must be at least 1")
    specs = specs_of(args)
    folder = args.keep or tempfile.mkdtemp(prefix="fuzz-")
    Path(folder).mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        games = list(pool.map(fuzz_one, specs, [folder] * len(specs), [args.every] * len(specs)))
    counts, only_ours, changed, only_theirs = table(games)
    tried = sum(len(p.candidates) for g in games for p in g.positions)
    positions = sum(len(g.positions) for g in games)
    summary = (
        f"{Path(args.title).name}: {len(games)} games, {positions} positions, {tried} candidates; "
        f"accepted by us only {len(only_ours)}, refusals that changed the position {len(changed)}, "
        f"accepted by 18xx.games only {len(only_theirs)} ({time.perf_counter() - start:.0f} s)"
    )
    if args.json:
        print(
            json.dumps(
                {
                    "summary": summary,
                    "table": {k: dict(v) for k, v in counts.items()},
                    "only_ours": only_ours,
                    "changed": changed,
                    "only_theirs": only_theirs,
                    "only_theirs_by_family": dict(families(games, (False, True))),
                    "bot_failures": [f"{g.label}: {g.failure}" for g in games if g.failure],
                },
                ensure_ascii=False,
            )
        )
    else:
        print(render_table(counts))
        for line in only_ours:
            print(f"ACCEPTED BY US ONLY: {line}")
        for line in changed:
            print(f"A REFUSAL CHANGED THE POSITION: {line}")
        if args.theirs and not args.quiet:
            for line in only_theirs:
                print(f"accepted by 18xx.games only: {line}")
        if args.families:
            for family, count in families(games, (False, True)).most_common():
                print(f"{count:6}  accepted by 18xx.games only: {family}")
        for game in games:
            if game.failure:
                print(f"bot failure: {game.label}: {game.failure}")
        print(summary)
    failed = only_ours or changed or any(g.failure for g in games)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
