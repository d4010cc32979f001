"""What 18xx.games allows, we offer: legal-action lists of both engines, compared.

Bots only play what our engine lists (:func:`framework.engine.choices.legal_actions`),
so an action we never offer is invisible to the oracle replays. This module writes
both engines' lists at chosen positions in one canonical form and compares them:
:func:`ours` from our engine, ``tools/oracle_legal.rb`` from 18xx.games' (which lists
what its steps' helpers offer and keeps only what the engine accepts when tried).

Canonical strings are ``"ENTITY TYPE ARGS"``: ENTITY a player's id as text or a
corporation's, minor's or company's sym; tiles by name (``57``, not the copy
``57-3``) and rotations modulo the tile's symmetry; cities as ``HEX#INDEX`` (both
engines choose the slot themselves); shares by corporation, source and percent;
trains by type and source; free amounts as ``LOW..HIGH``. Routes are not compared
(``run_routes`` is listed only as offered). See ``tools/oracle_legal.rb`` for the list.

    python tools/legal.py GAME.json --every 10 --summary   # every 10th position, kinds counted
    python tools/legal.py GAME.json --at 120,130    # compare after actions 120 and 130
    python tools/conform.py --seeds 1-20 --legal-every 10   # while bots play (tools/conform.py)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from framework.engine.choices import legal_actions  # noqa: E402
from framework.engine.entities import BANK, IPO, POOL  # noqa: E402

if TYPE_CHECKING:
    from framework.engine.game import Game

ORACLE_LEGAL = Path(__file__).resolve().parent / "oracle_legal.rb"
ROUTES = "run_routes (routes not compared)"
Choice = dict[str, Any]


# -- our engine's list, canonical ----------------------------------------------------------


def ours(game: Game) -> list[str]:
    """The legal actions our engine lists now, as sorted canonical strings."""
    out: set[str] = set()
    for entity, kinds in legal_actions(game).items():
        for kind, choices in kinds.items():
            for choice in choices:
                out.add(f"{entity} {canonical(game, entity, kind, choice)}")
    return sorted(out)


def concrete(game: Game) -> dict[str, list[dict[str, Any]]]:
    """Each of :func:`ours` → the 18xx.games actions that do it (a free amount: its two
    ends), for trying them in 18xx.games' engine."""
    out: dict[str, list[dict[str, Any]]] = {}
    for entity, kinds in legal_actions(game).items():
        for kind, choices in kinds.items():
            for choice in choices:
                text = f"{entity} {canonical(game, entity, kind, choice)}"
                out.setdefault(text, as_actions(game, entity, kind, choice))
    return out


def as_actions(game: Game, entity: str, kind: str, choice: Choice) -> list[dict[str, Any]]:
    """One of our choices as 18xx.games actions (a free amount: at each end)."""
    kind_of = game.entity_type(entity)
    who: Any = entity
    if kind_of == "player" and entity.lstrip("-").isdigit():
        who = int(entity)
    base = {"type": kind, "entity": who, "entity_type": kind_of}
    fields = {k: v for k, v in choice.items() if k not in ("max", "step")}
    if kind == "place_token":
        fields["_hex"], fields["_index"] = city_hex(game, choice["city"])
    if "max" not in choice:
        return [{**base, **fields}]
    return [{**base, **fields, "price": choice["price"]}, {**base, **fields, "price": choice["max"]}]


def canonical(game: Game, entity: str, kind: str, choice: Choice) -> str:
    """One of our choices as its canonical string (without the entity)."""
    writer = _WRITERS.get(kind)
    if writer is None:
        return kind if not choice else f"{kind} ?{json.dumps(choice, ensure_ascii=False, sort_keys=True)}"
    return writer(game, entity, choice)


def _amount(choice: Choice) -> str:
    """A fixed price, or the range ``price..max`` of a free amount."""
    return f"{choice['price']}..{choice['max']}" if "max" in choice else str(choice["price"])


def _bid(game: Game, entity: str, choice: Choice) -> str:
    return f"bid {choice['company']} {_amount(choice)}"


def _par(game: Game, entity: str, choice: Choice) -> str:
    return f"par {choice['corporation']} {str(choice['share_price']).split(',')[0]}"


def _share(game: Game, share_id: str):
    """(corporation, share) for a certificate id ``SYM_N``."""
    sym = share_id.rsplit("_", 1)[0]
    corp = game.corporations[sym]
    return corp, next(s for s in corp.shares if s.id == share_id)


def _source(corp, owner: str) -> str:
    """``pool``, ``player N``, or ``ipo``: the corporation's unsold certificates, in its
    treasury (incremental capitalisation) or the bank's initial offering."""
    if owner == POOL:
        return "pool"
    if owner in (corp.sym, IPO, BANK):
        return "ipo"
    return f"player {owner}"


def _buy_shares(game: Game, entity: str, choice: Choice) -> str:
    corp, share = _share(game, choice["shares"][0])
    text = f"buy_shares {corp.sym} {_source(corp, share.owner)} {choice['percent']}%"
    if entity in game.corporations:
        text += f" @{choice.get('share_price')}"
    return text


def _sell_shares(game: Game, entity: str, choice: Choice) -> str:
    corp, _ = _share(game, choice["shares"][0])
    return f"sell_shares {corp.sym} {choice['percent']}%"


def tile_name(tile_id: str) -> str:
    """A tile's name from the id of one of its copies (``57-3`` → ``57``)."""
    return tile_id.rsplit("-", 1)[0] if "-" in tile_id else tile_id


def least_rotation(game: Game, name: str, rotation: int) -> int:
    """The smallest rotation that lays tile ``name``'s track exactly as ``rotation`` does
    (tile 14 at rotation 5 is tile 14 at rotation 2)."""
    spec = game.title.tiles[name]

    def signature(r: int) -> list[tuple[str, ...]]:
        turned = (e if isinstance(e, str) else str((e + r) % 6) for p in spec.paths for e in p.endpoints())
        ends = list(turned)
        return sorted(tuple(sorted(ends[i : i + 2])) for i in range(0, len(ends), 2))

    wanted = signature(rotation)
    return next(r for r in range(6) if signature(r) == wanted)


def _lay_tile(game: Game, entity: str, choice: Choice) -> str:
    name = tile_name(choice["tile"])
    return f"lay_tile {choice['hex']} {name} {least_rotation(game, name, choice['rotation'])}"


def city_hex(game: Game, city_id: str) -> tuple[str, int]:
    """(hex, city index) of an 18xx.games city id (``TILE_ID-INDEX``)."""
    tile, index = city_id.rsplit("-", 1)
    for hex_id, placed in game.board.placed.items():
        if placed.tile_id == tile:
            return hex_id, int(index)
    return tile.rsplit("-", 1)[0], int(index)


def _place_token(game: Game, entity: str, choice: Choice) -> str:
    hex_id, index = city_hex(game, choice["city"])
    return f"place_token {hex_id}#{index}"


def _buy_train(game: Game, entity: str, choice: Choice) -> str:
    train = game.trains[choice["train"]]
    variant = choice.get("variant") or train.variant
    if train.owner in (BANK, POOL):
        source = "depot" if train.owner == BANK else "pool"
        text = f"buy_train {variant} {source} @{_amount(choice)}"
        if choice.get("exchange"):
            text += f" exchange {game.trains[choice['exchange']].name}"
        return text
    return f"buy_train {train.variant} from {train.owner} {_amount(choice)}"


def _buy_company(game: Game, entity: str, choice: Choice) -> str:
    return f"buy_company {choice['company']} {choice['price']}..{choice.get('max', choice['price'])}"


def _discard(game: Game, entity: str, choice: Choice) -> str:
    return f"discard_train {game.trains[choice['train']].variant}"


def _dividend(game: Game, entity: str, choice: Choice) -> str:
    return f"dividend {choice['kind']}"


def _assign(game: Game, entity: str, choice: Choice) -> str:
    return f"assign {choice['target']}"


def _choose(game: Game, entity: str, choice: Choice) -> str:
    return f"choose {choice['choice']}"


def _routes(game: Game, entity: str, choice: Choice) -> str:
    return ROUTES


_WRITERS: dict[str, Callable[[Game, str, Choice], str]] = {
    "bid": _bid,
    "par": _par,
    "buy_shares": _buy_shares,
    "sell_shares": _sell_shares,
    "lay_tile": _lay_tile,
    "place_token": _place_token,
    "buy_train": _buy_train,
    "buy_company": _buy_company,
    "discard_train": _discard,
    "dividend": _dividend,
    "assign": _assign,
    "choose": _choose,
    "run_routes": _routes,
}


# -- 18xx.games' list ------------------------------------------------------------------------


def oracle(path: str, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """18xx.games' lists after the given actions of a game file: action id → its line
    (``actions``, ``round``, ``entity``, or ``error``)."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    proc = subprocess.run(
        ["ruby", str(ORACLE_LEGAL), path, ",".join(map(str, wanted))],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ},
    )
    lines = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            lines[data["id"]] = data
    if proc.returncode != 0 and not lines:
        raise RuntimeError(f"oracle_legal.rb failed on {path}:\n{proc.stderr[-2000:]}")
    return lines


# -- comparing ---------------------------------------------------------------------------------

HIDDEN = "engine only, not on its page"


@dataclass
class Difference:
    """How one position's lists differ."""

    id: int
    entity: str | None = None
    round: str | None = None
    only_ours: dict[str, str | None] = field(default_factory=dict)
    """What only we list → 18xx.games' verdict when tried ("accepted", "refused: why")."""
    only_theirs: dict[str, bool] = field(default_factory=dict)
    """What only 18xx.games lists → whether its page hides it (its engine accepts it)."""
    note: str | None = None
    """Why the position was not compared."""

    def render(self) -> str:
        where = f"after action {self.id}"
        if self.note:
            return f"{where}: {self.note}"
        parts = []
        if self.only_ours:
            parts.append("only ours: " + "; ".join(_verdict(a, v) for a, v in sorted(self.only_ours.items())))
        if self.only_theirs:
            shown = (f"{a} ({HIDDEN})" if hidden else a for a, hidden in sorted(self.only_theirs.items()))
            parts.append("only 18xx.games: " + "; ".join(shown))
        return f"{where} ({self.entity}, {self.round}): " + "; ".join(parts)

    def families(self) -> set[str]:
        """The kinds of difference here: side, action type and verdict."""
        if self.note:
            return {"not compared: " + self.note.split(":")[0]}
        out = set()
        for action, verdict in self.only_ours.items():
            how = "untried" if verdict is None else verdict.split(":")[0]
            out.add(f"only ours: {action.split()[1]} ({how})")
        for action, hidden in self.only_theirs.items():
            out.add(f"only 18xx.games: {action.split()[1]}" + (f" ({HIDDEN})" if hidden else ""))
        return out


def difference(
    position: dict[str, Any], theirs: dict[str, Any] | None, tried: dict[str, str] | None = None
) -> Difference | None:
    """How one position's lists differ, or ``None`` when they are equal; ``tried`` has
    18xx.games' verdicts on what only we list."""
    if theirs is None:
        return Difference(position["id"], note="18xx.games gave no list (it stopped earlier)")
    if "error" in theirs:
        return Difference(position["id"], note=f"not compared: {theirs['error']}")
    mine, accepted = set(position["actions"]), set(theirs["actions"])
    offered = accepted - set(theirs.get("unoffered", ()))
    if mine == offered:
        return None  # what its engine accepts but its page never offers is not owed
    tried = tried or {}
    return Difference(
        position["id"],
        theirs.get("entity"),
        theirs.get("round"),
        {a: tried.get(a) or ("accepted" if a in accepted else None) for a in mine - offered},
        {a: False for a in offered - mine},
    )


def _verdict(action: str, verdict: str | None) -> str:
    """One of only ours, with what 18xx.games' engine made of it when tried."""
    if verdict is None:
        return action
    if verdict == "accepted":
        return f"{action} (18xx.games accepts it: its helpers do not list it)"
    return f"{action} (18xx.games {verdict})"


def differences(path: str, positions: list[dict[str, Any]]) -> list[Difference]:
    """The positions (``{"id", "actions": ours(game)}``) whose list differs from
    18xx.games' for the game file at ``path``. What only we list is then tried in
    18xx.games' engine, to tell its refusals from what its helpers do not list."""
    if not positions:
        return []
    theirs = oracle(path, (p["id"] for p in positions))
    verdicts = try_ours(path, positions, theirs)
    found = (difference(p, theirs.get(p["id"]), verdicts.get(p["id"], {})) for p in positions)
    return [d for d in found if d is not None]


def compare_positions(path: str, positions: list[dict[str, Any]]) -> list[str]:
    """One difference string per position (``{"id", "actions": ours(game)}``) whose list
    differs from 18xx.games' for the game file at ``path`` (see :func:`differences`)."""
    return [d.render() for d in differences(path, positions)]


def only_ours(position: dict[str, Any], theirs: dict[str, Any] | None) -> set[str]:
    if theirs is None or "error" in theirs:
        return set()
    return set(position["actions"]) - set(theirs["actions"])


def try_ours(
    path: str, positions: list[dict[str, Any]], theirs: dict[int, dict[str, Any]]
) -> dict[int, dict[str, str]]:
    """For the positions where we list what 18xx.games does not: action id → each such
    action → 18xx.games' verdict on it ("accepted" or "refused: why")."""
    wanted = {p["id"]: only_ours(p, theirs.get(p["id"])) for p in positions}
    wanted = {k: v for k, v in wanted.items() if v}
    if not wanted:
        return {}
    listed = {aid: concrete_at for aid, concrete_at in concrete_positions(path, set(wanted)).items()}
    request = {
        str(aid): {text: listed.get(aid, {}).get(text, []) for text in texts} for aid, texts in wanted.items()
    }
    return oracle_try(path, request)


def oracle_try(path: str, request: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[int, dict[str, str]]:
    """18xx.games' verdicts on actions tried after actions of a game file: ``request`` is
    ``{"ID": {"TEXT": [actions]}}``; the answer, action id → each text → ``accepted`` or
    ``refused: why`` (``tools/oracle_legal.rb --try``)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as file:
        json.dump(request, file, ensure_ascii=False)
    try:
        proc = subprocess.run(
            ["ruby", str(ORACLE_LEGAL), path, "--try", file.name], capture_output=True, text=True, check=False
        )
    finally:
        os.unlink(file.name)
    out = {}
    for line in proc.stdout.splitlines():
        if line.startswith("{"):
            data = json.loads(line)
            out[data["id"]] = data["tried"]
    return out


# -- a game file on its own ----------------------------------------------------------------------


def replayed(path: str, wanted: Callable[[int], bool], look: Callable[[Game], Any]) -> dict[int, Any]:
    """``look(game)`` after each action of a game file (replayed in our engine) whose id
    is ``wanted``, by action id."""
    from framework.base.errors import GameError
    from framework.record.gamefile import GameFile
    from framework.record.replay import new_game, title_for

    game_file = GameFile.read(path)
    game = new_game(game_file, title_for(game_file))
    out = {}
    actions = game_file.effective()
    for index, action in enumerate(actions):
        try:
            game.process(action)
        except GameError:
            break
        aid = action.get("id")
        more = index + 1 < len(actions) and actions[index + 1].get("auto")
        if not more and not game.finished and aid is not None and wanted(aid):
            out[aid] = look(game)  # after the action and its auto actions, as 18xx.games counts
    return out


def positions_of(path: str, every: int = 0, at: Iterable[int] = ()) -> list[dict[str, Any]]:
    """Our lists after every ``every``-th action (or the ``at`` ids) of a game file."""
    ids = set(at)
    found = replayed(path, lambda aid: bool(every and aid % every == 0) or aid in ids, ours)
    return [{"id": aid, "actions": actions} for aid, actions in found.items()]


def concrete_positions(path: str, ids: set[int]) -> dict[int, dict[str, list[dict[str, Any]]]]:
    """Our actions, concrete (:func:`concrete`), after the given actions of a game file."""
    return replayed(path, lambda aid: aid in ids, concrete)


def compare_file(path: str, every: int, at: list[int]) -> tuple[int, list[Difference]]:
    """(positions compared, differences) for one game file."""
    positions = positions_of(path, every, at)
    return len(positions), differences(path, positions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="18xx.games game files.")
    parser.add_argument("--every", type=int, default=0, help="Compare after every K-th action.")
    parser.add_argument("--at", default="", help="Compare after these action ids (A,B,C).")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--summary", action="store_true", help="Count the kinds of difference too.")
    args = parser.parse_args(argv)
    at = [int(x) for x in args.at.split(",") if x]
    total = differ = 0
    families: Counter[str] = Counter()
    examples: dict[str, str] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        n = len(args.games)
        for path, (count, diffs) in zip(
            args.games, pool.map(compare_file, args.games, [args.every] * n, [at] * n), strict=True
        ):
            total += count
            differ += len(diffs)
            for diff in diffs:
                print(f"{path}: {diff.render()}", flush=True)
                for family in diff.families():
                    families[family] += 1
                    examples.setdefault(family, f"{path} after action {diff.id}")
    if args.summary:
        for family, count in families.most_common():
            print(f"{count:5} positions  {family}  (e.g. {examples[family]})")
    print(f"legal-equal {total - differ}/{total} positions")
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
