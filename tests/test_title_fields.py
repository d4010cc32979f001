"""Every field of the title format is read, and a test shows it (issue 13).

:func:`test_every_field_has_a_test` walks the title models from
:class:`~framework.title.model.Title` — nested models, the members of unions (each ability
type, each bonus kind) — and checks each field against :data:`REGISTRY`: the field's
dotted path (``rules.stock.order``, ``companies.abilities[tile_lay].count``) mapped to the
tests that would fail if the engine ignored it. A field whose type is a model is proven by
its own fields and needs no entry. A field missing from the registry fails the test, which
lists it; so does an entry naming a test that does not exist, or a path that is not a field.

Most entries are one of:

* a rules test that changes the field (an overlay or a variant) and shows what changes —
  here, in ``test_rules_fields.py``, or in the title's rules tests;
* ``CHANGED[field]``: :func:`test_changing_the_field_changes_a_bot_game` plays a seeded
  bot game with the field changed by an overlay and requires the game (its actions or its
  result) to differ from the game without the overlay;
* for fields 18SJ or 18Steam give values other than the default: the replay of the real
  18SJ games to their recorded results (``REPLAY``), or the title's rules tests, beside a
  test that checks the value against the reference;
* metadata (names, descriptions, colours, sources): the validate, render or setup test that
  shows it.
"""

from __future__ import annotations

import importlib
import json
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import steam_hooks
import steam_support as steam
from pydantic import BaseModel
from sj_support import REAL, TITLE_DIR, game_before, game_before_with, recorded
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.board.board import Board
from framework.board.bonuses import BonusRules, Earned
from framework.board.lays import LayTerms, check_lay, lay
from framework.board.routes import IllegalRoute, Route, Runner, check_route, stop_value
from framework.board.routes import revenue as routes_revenue
from framework.board.runroutes import route_from_json
from framework.board.tokens import IllegalToken, check_token
from framework.bots.heuristic import HeuristicBot
from framework.bots.play import new_session, play, steps
from framework.bots.random_bot import RandomBot
from framework.cli.main import app
from framework.engine import finance, operating
from framework.engine.entities import BANK
from framework.record.session import Session
from framework.title.loader import RulesText, load_title
from framework.title.model import Title

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "titles" / "tiny"
STEAM = ROOT / "titles" / "18Steam"

# -- the fields of the models ------------------------------------------------------------


def _models_in(annotation) -> list[type[BaseModel]]:
    found = []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        found.append(annotation)
    for arg in typing.get_args(annotation):
        found.extend(_models_in(arg))
    return list(dict.fromkeys(found))


def _scalars_in(annotation) -> bool:
    """Whether a value of ``annotation`` may be something other than a model (or a list
    or mapping of them): ``int | Unlimited | list[StopCount]`` may."""
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if not args:
        is_model = isinstance(annotation, type) and issubclass(annotation, BaseModel)
        return not is_model and annotation is not None
    if origin in (list, dict, tuple):
        return False
    return any(_scalars_in(arg) for arg in args if arg is not type(None))


def _tag(model: type[BaseModel]) -> str:
    key = "type" if "type" in model.model_fields else "kind"
    return typing.get_args(model.model_fields[key].annotation)[0]


def title_fields() -> list[str]:
    """The dotted path of every field of the title models that is not itself a model
    (union members by their tag: ``companies.abilities[tile_lay].count``), with the
    fields of the shipped titles' layer models under ``layer``."""
    out: list[str] = []

    def walk(model: type[BaseModel], prefix: str, seen: frozenset) -> None:
        for name, info in model.model_fields.items():
            path = f"{prefix}.{name}" if prefix else name
            subs = _models_in(info.annotation)
            if not subs or _scalars_in(info.annotation):
                out.append(path)
            for sub in subs:
                if sub in seen:
                    continue
                walk(sub, f"{path}[{_tag(sub)}]" if len(subs) > 1 else path, seen | {sub})

    walk(Title, "", frozenset())
    # the layer section is its layer's model: 18Steam's is the only one shipped
    out.remove("layer")
    walk(steam_hooks.GoodsLayer, "layer", frozenset())
    return out


# -- changing a field changes a bot game ---------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A bot game and an overlay that changes one field."""

    overlay: str
    """The overlay's sections (YAML; the header is added)."""
    title: Path = TITLE_DIR
    players: int = 4
    seed: int = 7
    bot: str = "heuristic"
    upto: int | None = None
    """Compare the first this many actions only (None: the whole game and its result)."""
    base: str = ""
    """Overlay sections both games play with (YAML)."""


def _sj(overlay: str, upto: int | None = None) -> Change:
    return Change(overlay, upto=upto)


STEAM_RICH = "bank: {starting_cash: {3: 100, 4: 100, 5: 100, 6: 100}}\n"
"""18Steam bot games start the players with $100: with $20 the bots' corporations run out
of money and are eliminated within a few turns, and the games say little."""


def _steam(overlay: str, *, seed: int = 1, bot: str = "heuristic") -> Change:
    """A whole 18Steam bot game and its result (the players' money moves the first actions)."""
    return Change(overlay, STEAM, 4, seed, bot, None, STEAM_RICH)


CHANGED: dict[str, Change] = {
    "certificate_limit.counts_companies": _sj("certificate_limit: {counts_companies: false}\n", 340),
    "rules.shares": _sj("rules: {shares: [20, 20, 20, 20, 20]}\n", 20),
    "rules.auction.min_increment": Change(
        "rules: {auction: {min_increment: 25}}\n", players=3, seed=1, bot="random"
    ),
    "rules.stock.holding_limit": _sj("rules: {stock: {holding_limit: 40}}\n", 30),
    "rules.stock.order": _sj("rules: {stock: {order: sell_buy}}\n", 50),
    "rules.tokens.per_turn": _sj("rules: {tokens: {per_turn: 2}}\n", 250),
    "rules.tokens.home": _sj("rules: {tokens: {home: par}}\n", 90),
    "rules.trains.must_buy": _sj("rules: {trains: {must_buy: never}}\n", 490),
    "rules.trains.buy_from_others": _sj("rules: {trains: {buy_from_others: false}}\n", 170),
    "rules.trains.min_price_from_others": _sj("rules: {trains: {min_price_from_others: 300}}\n", 170),
    "rules.trains.discards_to": _sj("rules: {trains: {discards_to: removed}}\n", 370),
    "rules.dividends.kinds": _sj("rules: {dividends: {kinds: [payout]}}\n", 480),
    "rules.dividends.withhold": _sj("rules: {dividends: {withhold: [down]}}\n", 360),
    "rules.dividends.treasury_shares_pay": _sj("rules: {dividends: {treasury_shares_pay: nobody}}\n", 235),
    "rules.company_sales.min": _sj("rules: {company_sales: {min: 1.0}}\n", 140),
    "rules.company_sales.max": _sj("rules: {company_sales: {max: 1.0}}\n", 165),
    "rules.nationalization.price_moves": _sj("rules: {nationalization: {price_moves: [down]}}\n", 290),
    "market.edges.left": _sj("market: {edges: {left: none}}\n"),
    "market.edges.right": Change("market: {edges: {right: none}}\n", players=3, seed=1),
    "trains.own_token_stop_multiplier": _sj("trains: {D: {own_token_stop_multiplier: 2}}\n", 520),
    "trains.passes_national_tokens": _sj("trains: {D: {passes_national_tokens: true}}\n", 580),
    "corporations.capitalization": _sj(
        "corporations: {SWB: {capitalization: full}, BJ: {capitalization: full}, "
        "KFJ: {capitalization: full}, MYJ: {capitalization: full}, SNJ: {capitalization: full}}\n",
        45,
    ),
    "corporations.float_percent": _sj(
        "corporations: {SWB: {float_percent: 20}, BJ: {float_percent: 20}, KFJ: {float_percent: 20}, "
        "MYJ: {float_percent: 20}, SNJ: {float_percent: 20}}\n",
        20,
    ),
    "rules.track.lays.lay": _sj(
        "rules: {track: {lays: [{lay: false, upgrade: true},\n"
        "  {lay: true, upgrade: true, requires: mainline}]}}\n",
        30,
    ),
    "rules.track.lays.upgrade": _sj(
        "rules: {track: {lays: [{lay: true, upgrade: false},\n"
        "  {lay: true, upgrade: false, requires: mainline}]}}\n",
        150,
    ),
    "companies.abilities[blocks_hexes].owner": _sj(
        "companies: {FRY: {abilities: [{type: blocks_hexes, hexes: [B17], owner: [bank]}]}, "
        "NOJ: {abilities: [{type: blocks_hexes, hexes: [D9], owner: [bank]}]}}\n",
        40,
    ),
    "minors.home.city": _sj("minors: {KHJ: {home: {hex: G10, city: 1}}}\n", 30),
    "minors.operates_first": _sj("minors: {KHJ: {operates_first: false}}\n", 30),
    "minors.closes_on_event": _sj("minors: {KHJ: {closes_on_event: false}}\n", 380),
    "rules.share_phase.max_per_corporation": _steam("rules: {share_phase: {max_per_corporation: 2}}\n"),
    "rules.share_phase.treasury_offer": _steam("rules: {share_phase: {treasury_offer: all}}\n", bot="random"),
    "rules.share_phase.first_player": _steam("rules: {share_phase: {first_player: seat}}\n"),
    "rules.share_phase.buy_back": _steam("rules: {share_phase: {buy_back: false}}\n", bot="random"),
    "rules.share_phase.end_moves.bought_one": _steam(
        "rules: {share_phase: {end_moves: {bought_one: [up]}}}\n", bot="random"
    ),
    "rules.share_phase.end_moves.bought_more": _steam(
        "rules: {share_phase: {end_moves: {bought_more: [right]}}}\n"
    ),
    "rules.share_phase.end_moves.sold_one": _steam(
        "rules: {share_phase: {end_moves: {sold_one: [down]}}}\n", seed=2, bot="random"
    ),
    "rules.share_phase.end_moves.sold_more": _steam(
        "rules: {share_phase: {end_moves: {sold_more: [left]}}}\n", seed=2, bot="random"
    ),
    "layer.build.actions": _steam("layer: {build: {actions: 1}}\n"),
    "layer.build.costs.new": _steam(
        "layer: {build: {costs: {new: {simple: 1, coexisting: 3, crossing: 4}}}}\n"
    ),
    "layer.build.costs.town_base": _steam("layer: {build: {costs: {town_base: 4}}}\n"),
    "layer.build.costs.town_per_exit": _steam("layer: {build: {costs: {town_per_exit: 3}}}\n"),
    # the heuristic bot builds new links; the random bot replaces and redirects track too
    "layer.build.costs.replace_to_crossing": _steam(
        "layer: {build: {costs: {replace_to_crossing: 1}}}\n", bot="random"
    ),
    "layer.build.costs.replace_other": _steam(
        "layer: {build: {costs: {replace_other: 1}}}\n", seed=2, bot="random"
    ),
    "layer.build.costs.redirect": _steam("layer: {build: {costs: {redirect: 1}}}\n", bot="random"),
    "layer.build.town_discs": _steam("layer: {build: {town_discs: 0}}\n"),
    "layer.locomotive": _steam("layer: {locomotive: [2, 6]}\n"),
    "layer.move_rounds": _steam("layer: {move_rounds: 1}\n"),
    "layer.expenses_per_locomotive": _steam("layer: {expenses_per_locomotive: 2}\n"),
    "layer.dividend_per_share": _steam("layer: {dividend_per_share: 2}\n"),
    "layer.growth.groups": _steam("layer: {growth: {groups: [black, white]}}\n"),
    "layer.growth.printed_slots": _steam("layer: {growth: {printed_slots: 2}}\n"),
    "layer.growth.new_city_slots": _steam("layer: {growth: {new_city_slots: 1}}\n"),
    "layer.growth.production": _steam("layer: {growth: {production: 1}}\n"),
    "rules.share_phase.buy_and_sell": _steam("rules: {share_phase: {buy_and_sell: any}}\n", bot="random"),
    "layer.ranking.moves": _steam("layer: {ranking: {moves: [right, up, down, left]}}\n"),
}


def _played(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in ("id", "created_at")}


def _game(change: Change, overlay: str) -> tuple[Session, Iterator[Session]]:
    rules = [RulesText("house.yaml", "overlay: {name: changed field}\n" + overlay)] if overlay else []
    session = new_session(change.title, change.players, change.seed, rules=rules)
    bot = {"heuristic": HeuristicBot, "random": RandomBot}[change.bot]()
    return session, steps(session, bot, seed=change.seed, max_actions=change.upto)


class _BaseGame:
    """The seeded bot game without the change, played only as far as a comparison asks
    (and shared by the comparisons with the same base)."""

    def __init__(self, change: Change):
        self.session, self._steps = _game(change, change.base)

    def action(self, index: int) -> dict | None:
        """The game's action at ``index`` (None past its end)."""
        while len(self.session.actions) <= index and next(self._steps, None) is not None:
            pass
        return _played(self.session.actions[index]) if index < len(self.session.actions) else None


@cache
def _base_game(title: Path, players: int, seed: int, bot: str, base: str) -> _BaseGame:
    """One base game for every comparison with the same base, whatever its ``upto``: a
    bot game's first actions are the same however far it is played."""
    return _BaseGame(Change("", title, players, seed, bot, None, base))


def _differs(change: Change) -> bool:
    """Whether the seeded bot game with the change's overlay differs from the same game
    without it: it is played against the other, action by action, and left at the first
    action that differs; two games alike to the end are told apart by their results."""
    base = _base_game(change.title, change.players, change.seed, change.bot, change.base)
    session, moves = _game(change, change.base + change.overlay)
    checked = 0
    for _ in moves:
        for action in session.actions[checked:]:
            if base.action(checked) != _played(action):
                return True
            checked += 1
    if change.upto is not None and checked >= change.upto:
        return False  # (alike as far as compared)
    if base.action(checked) is not None:
        return True
    return change.upto is None and base.session.game.result() != session.game.result()


@pytest.mark.parametrize("field", sorted(CHANGED))
def test_changing_the_field_changes_a_bot_game(field):
    """The same seeded bot game, with and without an overlay that changes ``field``, is
    not the same game: an action or the result differs."""
    assert _differs(CHANGED[field]), f"{field}: changing it changed nothing in the game"


def test_a_change_that_changes_nothing_leaves_the_bot_game_as_it_was():
    """The comparison above can fail: an overlay restating a value plays the same game."""
    assert not _differs(Change("rules: {auction: {min_increment: 5}}\n", upto=300))


# -- fields shown rather than played -------------------------------------------------------


def _validate(*args: str) -> str:
    result = CliRunner().invoke(app, ["validate", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_validate_shows_the_titles_metadata(tmp_path):
    """``title.designer``, ``publisher``, ``version``, ``sources``, companies' rulebook
    numbers, main-line names and the state railway's name are in ``18xx validate``'s
    summary; card texts, variant and zone descriptions in its ``--json`` output."""
    overlay = tmp_path / "about.yaml"
    overlay.write_text(
        "overlay: {name: About}\ntitle: {publisher: Ludo, version: '7', sources: [a, b, c]}\n",
        encoding="utf-8",
    )
    out = _validate(str(TITLE_DIR), "-r", str(overlay))
    assert "about         designed by Örjan Wennman; published by Ludo; version 7; 3 sources" in out
    assert "FRY (P1), NOJ (P2)" in out
    assert "main lines    Stockholm–Malmö, Stockholm–Göteborg, Stockholm–Luleå" in out
    assert "state rail    SJ (Statens Järnvägar)" in out
    data = json.loads(_validate(str(TITLE_DIR), "--json"))
    texts = data["descriptions"]
    assert texts["companies"]["FRY"].startswith("Track may not be laid in hex B17")
    assert texts["variants"]["edelsvard"] == "The two-player game with a virtual third player."
    assert texts["zones"]["par"].startswith("Light red.")


# -- fields whose other values no title plays ------------------------------------------------


def _problems(folder: Path, overlay: str) -> str:
    try:
        load_title(folder, rules=[RulesText("house.yaml", "overlay: {name: house}\n" + overlay)])
    except ProblemsError as exc:
        return "\n".join(str(p) for p in exc.problems)
    return ""


@pytest.mark.parametrize(
    ("overlay", "lifted", "message"),
    [
        ("tiles: {57: {upgrades: [X2]}}\n", "keep_label: false", "an upgrade keeps the label"),
        ("tiles: {8: {upgrades: [15]}}\n", "keep_revenue_centres: false", "city centres"),
        ("tiles: {16: {paths: [[0, 3], [1, 4]]}}\n", "keep_track: false", "does not keep the track"),
        ("", "colors: [yellow, brown, green, gray]", "an upgrade goes one colour up"),
    ],
)
def test_the_general_upgrade_rule_decides_which_listed_upgrades_are_legal(overlay, lifted, message):
    """``rules.track.upgrades``: tiny's listed upgrades are checked against the rule; each
    change of the rule lifts (or, for the colours, causes) one problem."""
    rule = f"rules: {{track: {{restriction: semi_restrictive, upgrades: {{{lifted}}}}}}}\n"
    if lifted.startswith("colors"):
        assert message not in _problems(TINY, overlay or "title: {subtitle: x}\n")
        assert message in _problems(TINY, rule)
    else:
        assert message in _problems(TINY, overlay)
        assert message not in _problems(TINY, overlay + rule)


ANYWHERE = LayTerms("X", ("yellow", "green", "brown", "gray"), connect=False)


def test_two_tokens_in_one_hex_only_without_one_per_hex():
    """``rules.tokens.one_per_hex``: ÖKJ's second token in C12 is refused as a second token
    in the hex; without the rule only because the city already holds ÖKJ's token."""
    refusals = []
    for text in ("", "rules: {tokens: {one_per_hex: false}}\n"):
        rules = [RulesText("house.yaml", "overlay: {name: house}\n" + text)] if text else []
        board = Board(load_title(TITLE_DIR, rules=rules))
        board.add_token("ÖKJ", ("C12", 0))
        lay(board, check_lay(board, ANYWHERE, "C12", "57-0", 2))
        with pytest.raises(IllegalToken) as caught:
            check_token(board, "ÖKJ", ("C12", 0))
        refusals.append(caught.value.rule)
    assert refusals == ["one token per hex", "one token per city"]


def test_a_plain_icon_goes_with_the_first_tile():
    """``map.hexes.icons.sticky``: D19's Bergslagen mine icon stays under the tile of game
    166116 (18SJ's icons are sticky); a plain icon is gone once a tile is laid."""
    assert game_before(REAL, 700).board.icons("D19") == ["B"]
    overlay = "overlay: {name: plain}\nmap: {hexes: {D19: {icons: [{name: B, sticky: false}]}}}\n"
    assert game_before_with(REAL, 700, overlay).board.icons("D19") == []


def test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex():
    """``bonuses`` of kind ``all_hexes`` (no title uses one): 70 for a route stopping in
    both A2 and G10, nothing for A2 alone."""
    title = load_title(
        TITLE_DIR,
        rules=[
            RulesText(
                "house.yaml",
                "overlay: {name: x}\nbonuses:\n  corner: {kind: all_hexes, name: Corner, label: C, "
                "hexes: [A2, G10], amount: 70}\n",
            )
        ],
    )
    rules = BonusRules(tuple(title.bonuses.values()))
    board = Board(title)
    assert Earned("Corner", "C", 70) in rules.earned(board, ["A2", "G10"])
    assert not [e for e in rules.earned(board, ["A2"]) if e.name == "Corner"]


OWN_BONUSES = """overlay: {name: own bonuses}
bonuses:
  hexes_mine: {kind: all_hexes, name: A, label: a, hexes: [C12, C16], amount: 70, corporations: [ÖKJ]}
  hexes_theirs: {kind: all_hexes, name: B, label: b, hexes: [C12, C16], amount: 50, corporations: [BJ]}
  icons_mine: {kind: all_icons, name: C, label: c, icons: [GKB], amount: 30, corporations: [ÖKJ, BJ]}
  icons_theirs: {kind: all_icons, name: D, label: d, icons: [GKB], amount: 20, corporations: [BJ]}
  dest_mine: {kind: destinations, name: E, anchor: GKB, destination: GKB, amounts: [11],
    labels: [e], corporations: [ÖKJ]}
  dest_theirs: {kind: destinations, name: F, anchor: GKB, destination: GKB, amounts: [13],
    labels: [f], corporations: [BJ]}
  groups_mine: {kind: hex_groups, name: G, label: g, groups: [[C12], [H9, C16]], amount: 7,
    corporations: [ÖKJ]}
  groups_theirs: {kind: hex_groups, name: H, label: h, groups: [[C12], [C16]], amount: 9, corporations: [BJ]}
"""


def test_a_bonus_of_some_corporations_is_earned_by_their_routes_only():
    """``bonuses.corporations`` (1888's destinations, one corporation's own): ÖKJ's
    3-train of game 166116 (action 275, C12-D15-C16: 90 and the Göta kanal tokens' 80)
    earns the bonuses listing ÖKJ, of every kind, and none of those listing only BJ."""
    game = game_before_with(REAL, 275, OWN_BONUSES)
    data = recorded(REAL, 275)["routes"][0]
    runner = operating.runner(game, game.trains[data["train"]])
    earned = routes_revenue(game.board, runner, route_from_json(game.board, "ÖKJ", data))
    assert [e.name for e in earned.bonuses if e.name in "ABCDEFGH"] == ["A", "C", "E", "G"]
    assert earned.total == 170 + 70 + 30 + 11 + 7


def _share_overlay(**fields: object) -> str:
    terms = ", ".join(f"{k}: {v}" for k, v in fields.items())
    return (
        "overlay: {name: share}\nbonuses:\n  ferry: {kind: revenue_share, name: Ferry, label: f, "
        f"hexes: [C16, H9], {terms}}}\n"
    )


@pytest.mark.parametrize(
    ("fields", "share"),
    [
        ({"percent": 50}, 45),
        ({"percent": 50, "round_down_to": 10}, 40),
        ({"percent": 100, "round_down_to": 20}, 80),
        ({"percent": 50, "corporations": "[BJ]"}, None),
        ({"percent": 50, "min_stops": 4}, "illegal"),
    ],
)
def test_a_revenue_share_adds_a_part_of_the_stops_worth(fields, share):
    """``bonuses`` of kind ``revenue_share`` (1850Jr's ports): ÖKJ's 3-train of game 166116
    (action 275) stops in C12, D15 and C16 for 90 (and 80 for the Göta kanal tokens);
    with C16 a share hex it earns ``percent`` of 90 more, rounded down to ``round_down_to``
    — not if the share is another corporation's, and illegally with fewer stops than
    ``min_stops``."""
    game = game_before_with(REAL, 275, _share_overlay(**fields))
    data = recorded(REAL, 275)["routes"][0]
    runner = operating.runner(game, game.trains[data["train"]])
    route = route_from_json(game.board, "ÖKJ", data)
    if share == "illegal":
        with pytest.raises(IllegalRoute) as caught:
            check_route(game.board, runner, route)
        assert caught.value.rule == "stops with a revenue share"
        return
    check_route(game.board, runner, route)
    earned = routes_revenue(game.board, runner, route)
    assert [(e.name, e.label, e.amount) for e in earned.bonuses if e.name == "Ferry"] == (
        [] if share is None else [("Ferry", "f", share)]
    )
    assert earned.total == 170 + (share or 0)


SUBSIDIES = {
    "all_hexes": "{kind: all_hexes, name: S, label: s, hexes: [C12], amount: 40",
    "all_icons": "{kind: all_icons, name: S, label: s, icons: [GKB], amount: 40",
    "destinations": "{kind: destinations, name: S, anchor: GKB, destination: GKB, amounts: [40], labels: [s]",
    "revenue_share": "{kind: revenue_share, name: S, label: s, hexes: [C16], percent: 50, round_down_to: 40",
    "hex_groups": "{kind: hex_groups, name: S, label: s, groups: [[C12], [H9, C16]], amount: 40",
}


@pytest.mark.parametrize("kind", sorted(SUBSIDIES))
def test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue(kind):
    """``paid_to: treasury`` (1888's mine): ÖKJ's 3-train of game 166116 (action 275)
    earns 170 in revenue with or without the bonus; with it, 40 more as a subsidy."""
    totals = {}
    for paid_to in ("revenue", "treasury"):
        overlay = f"overlay: {{name: s}}\nbonuses:\n  s: {SUBSIDIES[kind]}, paid_to: {paid_to}}}\n"
        game = game_before_with(REAL, 275, overlay)
        data = recorded(REAL, 275)["routes"][0]
        runner = operating.runner(game, game.trains[data["train"]])
        earned = routes_revenue(game.board, runner, route_from_json(game.board, "ÖKJ", data))
        totals[paid_to] = (earned.total, earned.subsidy)
    assert totals == {"revenue": (210, 0), "treasury": (170, 40)}


CENTRES = """overlay: {name: centres}
map:
  hexes:
    B15: {towns: [{revenue: 10, GROUP}, {revenue: 20, GROUP}]}
    B31: {offboards: [{revenue: {yellow: 20, green: 30, brown: 70}, GROUP}]}
    H9: {offboards: [{revenue: {green: 30, brown: 40}, GROUP}]}
tiles:
  T1:
    color: yellow
    count: 1
    towns: [{revenue: 30, GROUP}]
    offboards: [{revenue: 40, GROUP}]
    paths: [[0, town], [3, offboard]]
"""


def _centres(grouped: bool) -> Board:
    text = CENTRES.replace("GROUP", "group: g" if grouped else "slots: 1").replace(", slots: 1", "")
    board = Board(load_title(TITLE_DIR, rules=[RulesText("centres.yaml", text)]))
    board.put_tile("B17", board.supply.next_id("T1"), "T1", 0, {})
    return board


def _group_refusal(board: Board, stops: tuple) -> str:
    try:
        check_route(board, Runner("SWB", ("yellow",), 2), Route("2-0", stops, ((),)))
    except IllegalRoute as exc:
        return exc.rule
    return ""


def test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre():
    """``towns`` and ``offboards`` of hexes and tiles (18SJ has no towns, and no tile with
    an off-board): a town on a hex is worth its revenue, as are a tile's town and off-board;
    two centres of one ``group`` are never both stops of a route (towns of one hex,
    off-boards of two hexes, the town and off-board of a tile); without the group the
    route is refused for something else."""
    board = _centres(grouped=True)
    yellow = ("yellow",)
    assert [stop_value(board, node, yellow) for node in (("B15", 0), ("B15", 1))] == [10, 20]
    assert [stop_value(board, node, yellow) for node in (("B17", 0), ("B17", 1))] == [30, 40]
    pairs = [(("B15", 0), ("B15", 1)), (("B31", 0), ("H9", 0)), (("B17", 0), ("B17", 1))]
    assert [_group_refusal(board, pair) for pair in pairs] == ["one city of a group"] * 3
    ungrouped = _centres(grouped=False)
    assert "one city of a group" not in [_group_refusal(ungrouped, pair) for pair in pairs]


def test_a_train_event_may_be_a_title_hook():
    """``trains.events.hook``: with a hook among the 5-train's events, the first 5-train
    bought in game 166116 calls it with the train (after the framework events before it)."""
    overlay = (
        "overlay: {name: hook}\ntrains: {5: {events: [close_companies, full_capitalization, "
        "{hook: virtual_player_trains}]}}\n"
    )
    game = game_before_with(REAL, 411, overlay)
    calls = []
    game.hooks["virtual_player_trains"] = lambda g, train: calls.append((train.name, g.phase))
    game.process(recorded(REAL, 411))
    assert calls == [("5", "5")]
    plain = game_before(REAL, 411)
    assert "virtual_player_trains" not in plain.hooks or plain.title.trains["5"].events[-1].hook is None


def _steam_rules(text: str) -> list[RulesText]:
    return [RulesText("house.yaml", "overlay: {name: house}\nrules: {share_phase: {" + text + "}}\n")]


def test_buy_and_sell_any_lets_a_player_sell_what_they_bought_in_the_turn():
    """``rules.share_phase.buy_and_sell: any``: player 2 bought RED and may sell it in the
    same game turn (18Steam forbids it:
    test_18Steam_rules.test_no_buying_and_selling_the_same_corporation_in_one_turn)."""
    for rule, allowed in (("", False), ("buy_and_sell: any", True)):
        game = steam.new_game(4, 1, rules=_steam_rules(rule) if rule else ())
        steam.buy(game, "1", "RED")
        steam.buy(game, "2", "RED")
        steam.pass_until(game, "2")
        assert ("sell_shares" in steam.options(game, "2")) == allowed, rule


def test_a_sellable_presidents_certificate_may_be_sold():
    """``rules.share_phase.president_sellable: true``: player 1's president's certificate
    of RED is offered for sale (18Steam keeps it:
    test_18Steam_rules.test_the_presidents_certificate_cannot_be_sold)."""
    offered = []
    for rule in ("", "president_sellable: true"):
        game = steam.new_game(4, 1, rules=_steam_rules(rule) if rule else ())
        steam.buy(game, "1", "RED")
        steam.buy(game, "1", "RED")
        steam.end_trade(game)
        steam.advance(game, "shares", None, leave=True)
        steam.vote_all(game)
        steam.pass_until(game, "1")
        offered.append(sorted(s for o in steam.options(game, "1")["sell_shares"] for s in o["shares"]))
    assert "RED_0" not in offered[0] and "RED_0" in offered[1]


def test_a_replacement_in_a_town_costs_what_the_title_says():
    """``layer.build.costs.replace_in_town``: RED's replacement of its town tile in H8
    costs 3 in 18Steam (test_18Steam_rules.test_build_costs), 1 with the cost changed."""
    paid = []
    for text in ("", "layer: {build: {costs: {replace_in_town: 1}}}\n"):
        rules = [RulesText("house.yaml", "overlay: {name: house}\n" + text)] if text else ()
        game = steam.new_game(4, 1, rules=rules)
        steam.share_phase(game, [("1", "RED"), ("2", "BLUE")], gifts={"RED": 30, "BLUE": 10})
        steam.advance(game, "build", picks={"RED": "engineer"})
        steam.lay(game, "RED", ("H10", "straight", 0), ("H8", "town-1", 3))
        steam.advance(game, "build", {"RED": "engineer"}, leave=True)
        before = steam.cash(game, "RED")
        steam.lay(game, "RED", ("H8", "town-left", 0))
        paid.append(before - steam.cash(game, "RED"))
    assert paid == [3, 1]


def test_a_variant_may_have_its_own_distance():
    """``trains.variants.distance``: ÖKJ's E-train (a face of the D) is unlimited in 18SJ;
    given a distance of 4 it counts 4 stops."""
    train = game_before(REAL, 770).trains["D-0"]
    assert train.variant == "E"
    assert operating.train_distance(game_before(REAL, 770), train) is None
    changed = game_before_with(REAL, 770, "overlay: {name: x}\ntrains: {D: {variants: {E: {distance: 4}}}}\n")
    assert operating.train_distance(changed, changed.trains["D-0"]) == 4


def test_without_a_final_dividend_the_last_turn_pays_none():
    """``layer.final_dividend``: a bot game of 18Steam whose corporations are given $100
    each in the last turn pays final dividends; with no final dividend (``null``, which
    an overlay cannot say: null removes a key) it pays none."""
    title = load_title(STEAM, [RulesText("rich.yaml", "overlay: {name: rich}\n" + STEAM_RICH)])
    plain = title.model_copy(update={"layer": title.layer.model_copy(update={"final_dividend": None})})
    paid = []
    for played in (title, plain):
        session = new_session(STEAM, 4, 1, title=played)
        play(session, HeuristicBot(), seed=1, max_actions=240)
        game = session.game
        for corp in game.corporations.values():
            if corp.president():
                finance.pay(game, BANK, corp.sym, 100)
        play(session, HeuristicBot(), seed=1)
        assert game.finished and game.end_reason == "final_turn"
        paid.append([m for m in game.messages if "final dividend" in m])
    assert paid[0] and not paid[1]


# -- the registry ----------------------------------------------------------------------------

REPLAY = "test_replay.py::test_the_game_reaches_its_recorded_result_and_end_reason"
"""The real 18SJ games replay to their recorded results: 18SJ's data, played."""
STEAM_GAMES = "test_18Steam_rules.py::test_bot_games_end_after_the_last_turn_and_replay"
SJ = "test_title_18SJ.py::"
STOCK = "test_rules_stock.py::"
OPER = "test_rules_operating.py::"
TRAINS = "test_rules_trains.py::"
COMP = "test_rules_companies.py::"
T1868 = "test_1868_wyoming.py::"
AUCT = "test_rules_auction.py::"
ARC = "test_auction_removal_and_choices.py::"
WY = "test_1868_wyoming.py::"
END = "test_rules_endgame.py::"
VAR = "test_rules_variants.py::"
LAYS = "test_lays.py::"
ROUTES = "test_routes.py::"
DIST = "test_distance.py::"
TOK = "test_token_ability.py::"
MEX = "test_18mex.py::"
LANES = "test_lanes.py::"
MEX_LIMIT = MEX + "test_ndm_may_hold_a_train_more_than_the_phase_allows"
FIRST_TURN = "test_tile_actions.py::test_a_corporations_first_operating_turn_has_the_first_turn_lays"
TOK_PLACES = TOK + "test_a_company_places_its_corporations_token_at_price_or_teleport_price"
TOK_EXTRA = TOK + "test_an_extra_token_leaves_the_turns_token_and_one_beyond_the_charter_leaves_it_full"
FREE_STOP = DIST + "test_a_stop_visited_free_takes_no_distance"
FREE_TILE = DIST + "test_a_tile_code_s_visit_cost_reaches_the_tile_s_stops"
FREE_OFFBOARD = "test_optimal.py::test_agrees_with_brute_force"
PART = "test_part_numbers.py::"
NEUTRAL = "test_neutral_tokens.py::"
ROUTE_KIND = "test_route_kinds.py::test_a_stop_that_never_counts_leaves_the_company_without_a_route"
ROUTE_OPTIONAL = (
    "test_route_kinds.py::test_an_optional_stop_makes_a_route_to_run_but_not_one_to_buy_a_train_for"
)
ROUTE_CODE = "test_route_kinds.py::test_tile_codes_keep_the_route_of_a_stop"
PORT_PAYS = "test_1836jr30.py::test_a_port_pays_once_for_each_station_on_the_route"
PORT_STOPS = "test_1836jr30.py::test_a_route_to_a_port_needs_its_stops"
PORT_TILE = "test_ports.py::test_a_tile_s_port_is_the_port_of_its_face"
PART_CODE = PART + "test_a_code_numbers_its_centres_in_the_order_of_its_parts"
PART_CITY = PART + "test_a_city_is_named_by_its_part_number"
PART_STOP = PART + "test_a_route_s_stops_are_written_and_read_by_part_number"
ST = "test_18Steam_rules.py::"
STT = "test_title_18Steam.py::"
LAYER = "test_layer.py::"
FIELDS = "test_rules_fields.py::"
XMAS = "test_18christmaseve.py::"
ABIL = "test_rules_ability_fields.py::"
C67 = "test_1867.py::"
O67 = "test_1867_operating.py::"
M67 = "test_1867_mergers.py::"
E67 = "test_1867_end.py::"
N67 = "test_1867_nationalization.py::"
L67 = "test_1867_late.py::"
N61 = "test_1861_national.py::"
T1870 = "test_1870.py::"
T1830 = "test_title_1830.py::"
T1889 = "test_title_1889.py::"
TCHES = "test_title_18Chesapeake.py::"
HERE = "test_title_fields.py::"
J50 = "test_1850Jr.py::"
RENDER = "test_render.py::"
SETUP = "test_setup.py::"
BLIND = "test_blind_draft.py::"
T1846 = "test_1846.py::"
LA = "test_18_los_angeles.py::"
CAT = "test_catalogue_referee.py::"
FREE_TRAIN = "test_a_company_brings_its_buyer_the_train_set_aside_for_it"
T1846_2P = "test_1846_2p.py::"
REF1846 = "test_1846_referee.py::"
T18AL = "test_18al.py::"
JPT = "test_18jpt.py::"
NEUTRAL = "test_neutral_tokens.py::"
T18TN = "test_18tn.py::"
TOKAIDO = "test_18tokaido.py::"
T1856 = "test_1856.py::"
CHARTER_TOKEN = T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports"
COMPANY_RESERVED = T1846 + "test_a_company_s_reservation_holds_its_slot_until_a_corporation_buys_it"
RESERVED = T1846 + "test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names"
CLOSING = "test_closing.py::"
CONF = "test_rules_conformance.py::"
SHOWN = HERE + "test_validate_shows_the_titles_metadata"
HEX_GROUPS = "test_1882.py::test_a_route_from_hudson_bay_to_the_west_earns_the_bonus"
HEX_GROUPS_OFF = "test_1882.py::test_with_i1_out_of_the_bonus_s_groups_the_route_earns_its_stops_only"
CHANGE = HERE + "test_changing_the_field_changes_a_bot_game"
UPGRADE_RULE = HERE + "test_the_general_upgrade_rule_decides_which_listed_upgrades_are_legal"

REGISTRY: dict[str, tuple[str, ...]] = {
    "corporations.abilities[town_lays].type": (JPT + "test_tokyu_lays_again_after_a_lay_in_a_town_s_hex",),
    "corporations.pool_shares": (
        JPT + "test_tobus_pool_shares_start_in_the_pool_and_count_toward_its_float",
        JPT + "test_a_partial_presidency_sale_takes_back_the_pool_s_first",
    ),
    "corporations.more_homes.hex": (JPT + "test_tobu_places_its_second_home_station_with_its_first",),
    "corporations.more_homes.city": (JPT + "test_tobu_places_its_second_home_station_with_its_first",),
    **{
        f"corporations.abilities[stop_multiplier].{name}": (
            JPT + "test_a_stop_in_a_corporations_own_hex_counts_twice",
        )
        for name in ("type", "hexes", "times")
    },
    "rules.stock.above_holding_limit_kept": (
        "test_1870.py::test_a_player_above_the_holding_limit_keeps_buying_other_shares",
    ),
    **{
        f"corporations.abilities[stop_marker].{name}": (
            "test_1870.py::test_an_edge_token_elsewhere_or_named_otherwise_is_refused_and_changes_nothing",
            "test_1870.py::test_an_edge_token_s_price_and_doubling_come_from_the_title",
        )
        for name in ("type", "hexes", "price", "name")
    },
    **{
        f"corporations.abilities[terrain_discount].{name}": (
            JPT + "test_tokyo_metros_t_hexes_cost_it_less_terrain",
        )
        for name in ("type", "hexes", "terrain", "amount")
    },
    **{
        f"{kind}.abilities[lay_subsidy].{name}": (
            JPT + "test_tmgbt_pays_its_owner_a_subsidy_for_green_t_tiles",
            JPT + "test_seibu_earns_a_subsidy_for_a_tile_on_a_town",
        )
        for kind in ("companies", "corporations")
        for name in ("type", "amount", "colors", "labels", "towns")
    },
    "companies.abilities[lay_subsidy].owner": (
        JPT + "test_tmgbt_pays_its_owner_a_subsidy_for_green_t_tiles",
    ),
    "corporations.abilities[station_lays].type": (
        JPT + "test_tobu_lays_twice_once_it_has_a_station_in_asakusa",
    ),
    "corporations.abilities[station_lays].hexes": (
        JPT + "test_tobu_lays_twice_once_it_has_a_station_in_asakusa",
    ),
    "companies.abilities[token].type": (TOK + "test_a_token_ability_without_its_step_is_refused",),
    "companies.abilities[token].owner": (TOK_PLACES,),
    "companies.abilities[token].hexes": (TOK_PLACES,),
    "companies.abilities[token].price": (TOK_PLACES,),
    "companies.abilities[token].teleport_price": (
        TOK + "test_without_a_teleport_price_only_reached_cities_and_a_refusal_changes_nothing",
    ),
    "companies.abilities[token].from_owner": (TOK_EXTRA,),
    "companies.abilities[token].extra": (TOK_EXTRA,),
    "companies.abilities[token].count": (TOK + "test_two_tokens_are_placed_one_a_turn",),
    "companies.abilities[token].closes_when_used_up": (TOK + "test_a_used_up_company_may_close",),
    "rules.auction.cheapest": ("test_1882_referee.py::test_passing_makes_the_cheapest_company_left_cheaper",),
    "rules.auction.cheapest_of": (
        CAT + "test_passing_makes_the_second_cheapest_cheaper_once_the_first_is_sold",
    ),
    "corporations.par_needs_station": (
        "test_1882_referee.py::test_the_cn_is_started_only_with_a_station_on_the_map",
    ),
    "companies.max_price_for": (CAT + "test_a_company_sells_dearer_to_the_corporation_it_names",),
    "phases.loans": ("test_1856_referee.py::test_no_loans_are_taken_from_phase_6",),
    "companies.abilities[token].holds_step": (
        "test_1856_referee.py::test_the_token_step_does_not_wait_for_the_waterloo_and_saugeen",
    ),
    "companies.abilities[token].when": (
        TOK + "test_at_the_token_step_only_unless_the_ability_says_any_time_of_the_turn",
    ),
    "companies.abilities[token].city": (
        T1846 + "test_a_bought_company_s_token_keeps_the_turn_waiting_and_goes_in_its_own_city",
    ),
    "companies.abilities[reservation].type": (COMPANY_RESERVED,),
    "companies.abilities[reservation].owner": (COMPANY_RESERVED,),
    "companies.abilities[reservation].hex": (COMPANY_RESERVED,),
    "companies.abilities[reservation].city": (COMPANY_RESERVED,),
    "companies.abilities[tile_income].type": (
        "test_title_1830.py::test_a_tile_income_company_earns_for_tiles_on_its_terrain",
    ),
    "companies.abilities[tile_income].income": (
        "test_title_1830.py::test_a_tile_income_company_earns_for_tiles_on_its_terrain",
    ),
    "companies.abilities[tile_income].terrain": (
        "test_title_1830.py::test_a_tile_income_company_earns_for_tiles_on_its_terrain",
    ),
    "companies.abilities[tile_income].owner_only": (
        "test_title_1830.py::test_an_owner_only_tile_income_counts_only_the_holders_own_lays",
    ),
    "companies.abilities[tile_income].owner": (
        "test_title_1830.py::test_a_tile_income_company_earns_for_tiles_on_its_terrain",
    ),
    "companies.abilities[tile_lay].discount": (
        MEX + "test_kcmo_lays_copper_canyon_in_f5_as_a_special_lay_for_60",
    ),
    "companies.abilities[tile_lay].special": (
        MEX + "test_kcmo_lays_copper_canyon_in_f5_as_a_special_lay_for_60",
        MEX + "test_a_lay_that_is_not_special_keeps_to_labels_and_stops",
        "test_1888.py::test_heng_shan_lays_its_mine_in_a_hex_without_a_town",
    ),
    "rules.company_sales.minors_offered": (
        MEX + "test_a_minor_is_offered_no_company_so_its_track_step_ends_with_its_lay",
        "test_rules_companies.py::test_noj_blocks_d9_while_a_player_owns_it",
    ),
    "rules.mail": (MEX + "test_mail_pays_a_corporation_its_home_stop_when_its_turn_starts",),
    "companies.abilities[tile_lay].free": (
        "test_title_1830.py::test_a_free_lay_pays_no_terrain_and_a_used_up_company_closes",
    ),
    "companies.abilities[tile_lay].closes_when_used_up": (
        "test_title_1830.py::test_a_free_lay_pays_no_terrain_and_a_used_up_company_closes",
    ),
    "companies.abilities[tile_lay].forfeit_when_others_lay": (
        ABIL + "test_lays_forfeit_when_another_lays_in_their_hexes",
        CAT + "test_a_company_loses_its_lays_once_another_lays_in_its_hexes",
    ),
    "companies.abilities[tile_lay].counts_as_track_lay": (
        ABIL + "test_a_lay_that_counts_as_a_track_lay_uses_one_of_the_turns_tile_actions",
    ),
    "companies.abilities[early_train_purchase].skips_buy_trains": (
        ABIL + "test_an_early_purchase_that_does_not_skip_train_buying",
    ),
    "companies.abilities[tile_lay].must_lay_all": (
        ABIL + "test_lays_that_must_all_be_made_hold_up_the_turn_until_they_are",
        ABIL + "test_lays_that_must_all_be_made_but_cannot_be_are_lost",
    ),
    "companies.abilities[tile_lay].connected": (
        ABIL + "test_a_lay_that_must_connect_is_refused_away_from_the_network",
    ),
    "companies.abilities[bonus_tokens].placement": (
        ABIL + "test_bonus_tokens_placed_when_the_owner_likes_do_not_hold_up_the_turn",
    ),
    "companies.abilities[bonus_tokens].removed_with_company": (
        ABIL + "test_bonus_token_icons_stay_after_the_company_closes_if_so_written",
    ),
    "companies.abilities[bonus_marker].removed_with_company": (
        ABIL + "test_bonus_marker_icons_stay_after_the_company_closes_if_so_written",
    ),
    "companies.abilities[early_train_purchase].uses": (
        ABIL + "test_an_early_purchase_with_more_uses_stays_usable",
    ),
    "companies.abilities[priority_card].uses": (
        ABIL + "test_a_priority_card_with_two_uses_survives_its_first",
    ),
    "companies.abilities[priority_card].closes_when_used": (
        ABIL + "test_a_spent_priority_card_stays_open_if_so_written",
    ),
    "companies.abilities[controls_minor].corporation_purchase": (
        ABIL + "test_a_company_whose_minor_may_not_merge_is_not_for_sale_to_corporations",
    ),
    "companies.abilities[terrain_discount].owner": (
        ABIL + "test_a_terrain_discount_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[bonus_tokens].owner": (
        ABIL + "test_bonus_tokens_work_only_for_the_owners_they_list",
    ),
    "companies.abilities[bonus_marker].owner": (
        ABIL + "test_a_bonus_marker_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[early_train_purchase].owner": (
        ABIL + "test_an_early_purchase_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[free_train].owner": (CAT + "test_a_free_train_comes_only_to_the_owners_it_lists",),
    "companies.abilities[train_discount].owner": (
        ABIL + "test_a_train_discount_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[shares].owner": (ABIL + "test_a_shares_ability_works_only_for_the_owners_it_lists",),
    "companies.abilities[priority_card].owner": (
        ABIL + "test_a_priority_card_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[controls_minor].owner": (
        ABIL + "test_a_minor_is_controlled_only_under_the_owners_the_ability_lists",
    ),
    "companies.abilities[teleport].owner": (T1830 + "test_a_teleport_works_only_for_the_owners_it_lists",),
    "companies.abilities[stays_open].type": (ABIL + "test_a_company_that_stays_open_while_held_as_listed",),
    "companies.abilities[stays_open].owner": (ABIL + "test_a_company_that_stays_open_while_held_as_listed",),
    "companies.abilities[revenue_change].type": (
        ABIL + "test_a_revenue_change_holds_from_its_phase_for_a_company_a_player_holds_then",
    ),
    "companies.abilities[revenue_change].owner": (
        ABIL + "test_a_revenue_change_needs_one_of_its_owners_at_the_phase",
    ),
    "companies.abilities[revenue_change].phase": (
        ABIL + "test_a_revenue_change_holds_from_its_phase_for_a_company_a_player_holds_then",
    ),
    "companies.abilities[revenue_change].revenue": (
        ABIL + "test_a_revenue_change_holds_from_its_phase_for_a_company_a_player_holds_then",
        ABIL + "test_a_changed_company_may_stay_for_sale_and_keeps_its_new_revenue",
    ),
    "companies.abilities[revenue_change].corporations_may_buy": (
        ABIL + "test_a_revenue_change_holds_from_its_phase_for_a_company_a_player_holds_then",
        ABIL + "test_a_changed_company_may_stay_for_sale_and_keeps_its_new_revenue",
    ),
    "rules.tokens.home_choice": (
        T1830 + "test_the_corporation_laying_a_tile_that_lifts_a_home_token_chooses_its_city",
    ),
    "rules.tokens.chosen_home_blocks": (
        "test_title_1830.py::test_a_hex_held_for_a_home_yet_to_be_chosen_keeps_others_out_as_the_rule_says",
    ),
    "rules.tokens.home_anywhere": (
        "test_home_anywhere.py::test_a_corporation_needs_a_home_unless_the_title_lets_it_choose_one",
        "test_home_anywhere.py::test_the_first_operating_turn_begins_with_the_choice_of_a_home_city",
    ),
    "rules.nationalization.one_token_per": (ABIL + "test_a_national_keeps_one_token_per_city_if_so_written",),
    "tiles.paths.terminal": (ABIL + "test_a_route_may_end_at_but_not_pass_through_a_city_its_track_ends_in",),
    "tiles.paths.a_lane": (
        LANES + "test_two_routes_each_run_over_their_own_lane_of_one_side",
        LANES + "test_a_track_goes_on_only_into_the_lane_facing_it",
        MEX + "test_two_trains_run_between_mexico_city_and_puebla_one_on_each_lane",
    ),
    "tiles.paths.b_lane": (
        LANES + "test_two_routes_each_run_over_their_own_lane_of_one_side",
        LANES + "test_recorded_routes_find_their_lanes",
    ),
    "map.hexes.paths.a_lane": (LANES + "test_a_track_from_one_side_to_another_has_a_lane_at_each_end",),
    "map.hexes.paths.b_lane": (LANES + "test_a_track_from_one_side_to_another_has_a_lane_at_each_end",),
    # title
    "title.name": ("test_cli.py::test_validate_summarises_a_valid_title", "test_cli_replay.py::"),
    "title.version": (SHOWN, "test_titlepath.py::test_a_title_version_is_recorded"),
    "title.subtitle": ("test_render.py::test_map_has_every_hex_with_its_name", SHOWN),
    "title.designer": (SHOWN,),
    "title.publisher": (SHOWN,),
    "title.currency": ("test_cli.py::test_validate_shows_the_bank_and_every_section_it_checked",),
    "title.players.min": (SETUP + "test_cli_setup_refuses_a_player_count_the_title_does_not_have",),
    "title.players.max": (SETUP + "test_cli_setup_refuses_a_player_count_the_title_does_not_have",),
    "title.sources": (SHOWN,),
    # bank and certificates
    "bank.cash": (END + "test_a_payment_beyond_the_banks_cash_breaks_it_and_it_keeps_paying", REPLAY),
    "bank.starting_cash": (
        SETUP + "test_starting_cash_comes_from_the_bank",
        VAR + "test_two_players_use_the_three_player_certificate_limit",
    ),
    "certificate_limit.players": (
        "test_title_18Steam.py::test_players_and_money",
        ST + "test_at_most_five_certificates_of_one_corporation",
    ),
    "certificate_limit.by_corporations": (
        STOCK + "test_the_certificate_limit_depends_on_the_corporations_in_play",
        VAR + "test_two_players_use_the_three_player_certificate_limit",
    ),
    "certificate_limit.counts_companies": (
        CHANGE,
        STOCK + "test_privates_count_for_the_limit_but_neft_does_not",
    ),
    # rules
    "rules.capitalization": (VAR + "test_oscarian_every_corporation_is_fully_capitalised_from_the_start",),
    "rules.float_percent": (
        STOCK + "test_an_incremental_corporation_floats_at_60_percent_without_more_money",
        FIELDS + "test_the_home_token_goes_down_at_par_at_float_or_at_the_first_operation",
    ),
    "rules.float_capital_price": (
        STOCK + "test_a_full_cap_corporation_gets_ten_times_its_current_price_when_it_floats",
        VAR + "test_oscarian_ipo_shares_cost_par_and_floating_pays_ten_times_par",
    ),
    "rules.shares": (CHANGE,),
    "rules.auction.min_increment": (CHANGE, AUCT + "test_a_bid_must_beat_the_highest_bid_by_5"),
    "rules.stock.order": (
        CHANGE,
        FIELDS + "test_sell_buy_forbids_a_sale_after_the_purchase",
        FIELDS + "test_sell_buy_or_buy_sell_allows_selling_after_buying_but_not_both_sides",
    ),
    "rules.stock.first_sales": (STOCK + "test_no_shares_may_be_sold_in_the_first_stock_round", REPLAY),
    "rules.stock.sell_unfloated": (
        VAR + "test_oscarian_shares_of_a_started_unfloated_corporation_may_be_sold",
    ),
    "rules.stock.sell_move": (
        STOCK + "test_selling_pays_the_price_and_drops_it_one_row_per_share",
        REPLAY,
        T1846 + "test_a_president_s_sale_moves_1846_s_one_row_market_left_as_18xx_games_logs",
        T1856 + "test_a_5_percent_cgr_share_sold_leaves_its_price",
    ),
    "rules.stock.sell_in_blocks": (T1889 + "test_a_stock_round_sale_is_one_block_per_corporation",),
    "rules.auction.bids_in_multiples": (TCHES + "test_bids_go_up_in_multiples_of_5",),
    "rules.auction.unsold_cheapest": (
        ARC + "test_with_removed_the_cheapest_everybody_passes_on_leaves_the_game",
        ARC + "test_by_default_the_cheapest_everybody_passes_on_gets_cheaper",
        WY + "test_everybody_bidding_elsewhere_removes_the_cheapest",
    ),
    "rules.auction.bid_elsewhere_passes": (
        ARC + "test_bids_on_later_companies_count_as_passes_on_the_cheapest",
        ARC + "test_without_bid_elsewhere_passes_bids_do_not_remove_the_cheapest",
    ),
    "companies.unsold_only_if_all_pass": (
        ARC + "test_unsold_only_if_all_pass_keeps_the_company_after_bids_elsewhere",
    ),
    "companies.choose_one_of": (
        ARC + "test_the_buyer_of_a_company_with_choices_takes_one_and_the_rest_close",
        ARC + "test_the_choices_are_not_offered_in_the_auction",
        WY + "test_with_the_choice_rule_the_winner_chooses_one_of_three",
    ),
    "rules.auction.only_highest_bid_committed": (
        TCHES + "test_only_the_highest_bids_tie_up_money",
        TCHES + "test_a_settlement_the_winner_cannot_pay_is_refused",
    ),
    "rules.stock.sold_out": (
        TCHES + "test_two_players_sold_out_means_none_in_the_market",
        TCHES + "test_a_corporation_the_market_holds_none_of_is_sold_out",
        "test_1870.py::test_a_share_bought_back_counts_as_sold_when_the_stock_round_ends",
    ),
    "rules.stock.unsold_to_pool_on_float": (
        TCHES + "test_two_players_float_to_the_market_and_a_purchase_takes_a_share_out",
    ),
    "rules.stock.purchase_removes_pool_share": (
        TCHES + "test_two_players_float_to_the_market_and_a_purchase_takes_a_share_out",
        TCHES + "test_without_purchase_removes_pool_share_a_purchase_takes_nothing_out",
    ),
    "rules.stock.start_limit": (
        LA + "test_once_the_start_limit_is_reached_the_other_corporations_close",
        LA + "test_home_stations_are_on_the_map_from_the_start_and_stay_when_the_limit_closes_them",
    ),
    "map.hexes.stubs": (LA + "test_a_hex_with_a_track_stub_takes_only_tiles_that_continue_it",),
    "companies.abilities[token].beyond_slots": (LA + "test_a_station_beyond_the_slots_and_a_neutral_one",),
    "companies.abilities[token].neutral": (
        LA + "test_a_station_beyond_the_slots_and_a_neutral_one",
        LA + "test_the_real_game_with_both_optional_companies_replays_to_its_result",
    ),
    "corporations.home_hexes": (LA + "test_the_pacific_electric_chooses_its_home_among_its_hexes",),
    "corporations.started_by": (
        C67 + "test_the_winner_of_a_minor_pays_its_bid_into_its_treasury",
        C67 + "test_bids_the_rules_refuse",
        C67 + "test_1832_s_systems_are_never_started_by_a_player",
    ),
    "corporations.par_zones": (C67 + "test_a_major_starts_at_its_own_par_prices",),
    "corporations.available_from": (
        C67 + "test_bids_the_rules_refuse",
        C67 + "test_a_major_starts_at_its_own_par_prices",
    ),
    "corporations.sold_out_rises": (C67 + "test_a_minor_never_rises_sold_out",),
    "corporations.players": (C67 + "test_1812_s_great_central_is_for_four_players",),
    "corporations.from_stock_round": (C67 + "test_18ny_s_majors_wait_for_the_second_stock_round",),
    "corporations.kind": (O67 + "test_a_minor_has_the_minors_train_limit",),
    "corporations.operates_first": (M67 + "test_corporations_that_operate_first",),
    "rules.issue.offers": (L67 + "test_a_major_may_redeem_a_pool_share_at_its_price_before_laying_track",),
    "rules.tokens.price_by_distance": (
        L67 + "test_a_station_costs_its_price_times_its_distance_from_the_nearest_station",
    ),
    "trains.trade_in.from_phase": (
        TRAINS + "test_trade_ins_may_wait_for_a_phase",
        L67 + "test_phase_8_trains_take_trade_ins_at_amounts_by_type",
    ),
    "trains.variants.trade_in.from_phase": (TRAINS + "test_trade_ins_may_wait_for_a_phase",),
    "bonuses[hex_groups].multiplied": (L67 + "test_a_double_train_doubles_the_timmins_bonus",),
    "game_end.final_phase": (L67 + "test_the_final_phase_ends_the_game_after_the_next_set",),
    "phases.national_operates": (N61 + "test_the_national_operates_last_and_buys_its_train_by_itself",),
    "game_end.first_round_ends_set": (
        N61 + "test_a_final_phase_begun_in_a_set_s_first_round_ends_the_game_with_that_set",
    ),
    "game_end.timing_priority": (N61 + "test_the_final_phase_outlasts_a_broken_bank",),
    "game_end.final_operating_rounds": (
        L67 + "test_the_sets_after_the_end_is_pending_have_three_operating_rounds",
    ),
    "corporations.holding_limit": (N67 + "test_a_major_holds_no_more_than_60_percent_of_a_player",),
    "corporations.setup_stations.hex": (N67 + "test_the_national_s_station_is_on_the_map_from_the_start",),
    "corporations.setup_stations.city": (N67 + "test_the_national_s_station_is_on_the_map_from_the_start",),
    "phases.exports_train": (N67 + "test_trainless_minors_are_nationalised_when_the_4_train_comes",),
    "rules.settled_nationalization.national": (N67 + "test_the_settlement_is_the_title_s",),
    "rules.settled_nationalization.when": (N67 + "test_the_settlement_is_the_title_s",),
    "rules.settled_nationalization.price_moves": (N67 + "test_the_settlement_is_the_title_s",),
    "rules.settled_nationalization.moves_per_loan": (N67 + "test_the_settlement_is_the_title_s",),
    "rules.settled_nationalization.treasury_to": (N67 + "test_the_settlement_is_the_title_s",),
    "corporations.home_alone": (M67 + "test_a_minor_s_home_goes_only_in_a_city_free_of_stations",),
    "corporations.home_unconnected": (
        E67 + "test_a_major_s_home_goes_first_in_a_hex_without_track_to_another_stop",
        "test_1867_nationalization.py::test_a_minor_s_home_goes_only_in_a_hex_without_track_to_another_stop",
    ),
    "rules.minor_mergers.most": (M67 + "test_the_merger_price_range_and_limits_are_the_title_s",),
    "rules.minor_mergers.most_per_owner": (M67 + "test_most_minors_of_one_owner_in_a_merger",),
    "rules.minor_mergers.price_range": (M67 + "test_the_merger_price_range_and_limits_are_the_title_s",),
    "rules.minor_mergers.tokens_kept": (M67 + "test_a_merged_major_keeps_stations_up_to_the_limit",),
    "market.zones.converts": (M67 + "test_a_minor_priced_in_the_conversion_zone_converts",),
    "market.zones.ceiling_for": (E67 + "test_a_minor_s_price_stops_at_165_and_a_major_s_goes_on",),
    "trains.events.hexes": (M67 + "test_a_minor_s_home_goes_only_in_a_city_free_of_stations",),
    "rounds.phases": (M67 + "test_a_round_is_played_only_in_its_phases",),
    "sequence.turn.after_each": (M67 + "test_a_merger_round_follows_each_operating_round_of_phase_3",),
    "corporations.max_loans": (O67 + "test_a_corporation_without_loans_left_cannot_pay",),
    "corporations.split_dividend.paid": (O67 + "test_the_split_dividend_s_moves_are_the_title_s",),
    "corporations.split_dividend.none": (O67 + "test_1867_s_minors_split_their_revenue_and_take_loans",),
    "rules.loans.automatic": (
        O67 + "test_a_minor_takes_a_loan_for_the_train_it_must_buy",
        O67 + "test_interest_and_repayment_after_the_dividend",
    ),
    "rules.loans.fee": (O67 + "test_what_a_loan_brings_is_the_title_s",),
    "rules.loans.at_end": (E67 + "test_loans_still_out_move_the_price_left_at_the_end",),
    "rules.stock.start_bid.min_bid": (C67 + "test_bids_the_rules_refuse",),
    "rules.stock.start_bid.max_par": (C67 + "test_max_par_and_the_order_of_minors",),
    "rules.stock.start_bid.turn_after": (C67 + "test_the_turn_after_the_opener",),
    "rules.stock.start_bid.in_order": (C67 + "test_max_par_and_the_order_of_minors",),
    "rules.stock.start_bid.first": (C67 + "test_max_par_and_the_order_of_minors",),
    "companies.abilities[token].blocks": (
        LA + "test_the_angeles_public_dump_is_nobody_s_station_and_costs_routes_20",
    ),
    "companies.abilities[token].stop_revenue": (
        LA + "test_the_angeles_public_dump_is_nobody_s_station_and_costs_routes_20",
    ),
    "companies.abilities[shares].certificates": (
        TCHES + "test_the_cv_s_certificates_go_with_whichever_corporation_is_drawn",
        TCHES + "test_two_players_have_30_percent_presidents_and_one_share_fewer",
    ),
    "setup.draws.players": ("test_single_item_auction.py::test_two_players_remove_two_companies_at_random",),
    "rules.trains.export_after_set": (
        TCHES + "test_a_train_is_exported_at_the_end_of_each_set_of_operating_rounds",
        TCHES + "test_the_auction_pass_round_exports_a_train_too",
    ),
    "rules.trains.exports_end_with": (
        TCHES + "test_exports_end_once_a_train_of_the_ending_type_is_exported",
        TOKAIDO + "test_the_sets_export_trains_until_the_first_d",
    ),
    "rules.trains.emergency.president_swap": (T1889 + "test_no_emergency_sale_may_change_a_presidency",),
    "tiles.terrain": (T1889 + "test_kotohira_costs_80_for_every_tile",),
    "companies.players": (
        T1889 + "test_the_companies_in_play_by_player_count",
        T1889 + "test_a_company_for_no_player_count_leaves_every_game_unless_an_overlay_brings_it_back",
    ),
    "setup.draws.deal": (T1889 + "test_the_beginner_game_deals_its_companies",),
    "tiles.ability_only": (T1889 + "test_the_port_tile_is_laid_only_by_the_mitsubishi_ferry",),
    "tiles.late_upgrades": ("test_1856.py::test_a_town_tile_becomes_plain_track_from_the_gray_phase",),
    "rules.stock.pool_limit": (STOCK + "test_the_pool_may_not_hold_more_than_half_of_a_corporation",),
    "rules.stock.holding_limit": (CHANGE, STOCK + "test_nobody_may_hold_more_than_60_percent"),
    "rules.stock.sold_out_move": (
        STOCK + "test_a_sold_out_corporation_rises_one_row_at_the_end_of_the_round",
        REPLAY,
    ),
    "rules.dividends.asked_without_revenue": (
        "test_1836jr56.py::test_a_run_that_all_goes_to_interest_is_asked_for_its_dividend",
    ),
    "rules.stock.gifts": (
        XMAS + "test_without_gifts_a_turn_ends_when_nothing_else_is_possible",
        XMAS + "test_a_president_gives_the_presidency_once_a_round",
    ),
    "rules.stock.buy_after_selling": (
        FIELDS + "test_buy_after_selling_lets_a_player_buy_back_what_they_sold",
    ),
    "rules.stock.keep_bought": (T1856 + "test_a_share_bought_in_the_turn_is_kept",),
    "rules.stock.treasury_price": (
        VAR + "test_oscarian_ipo_shares_cost_par_and_floating_pays_ten_times_par",
    ),
    "rules.stock.priority": (
        FIELDS + "test_priority_after_the_last_to_act_or_the_last_to_buy",
        FIELDS + "test_priority_to_the_player_with_the_most_cash",
    ),
    "rules.track.restriction": (
        CONF + "test_track_restriction_is_judged_on_the_paths_walked_after_the_lay",
        LAYS + "test_a_town_upgraded_without_new_track_under_each_track_restriction",
        MEX + "test_a_city_tile_may_be_laid_without_new_track",
        REPLAY,
    ),
    **{
        f"rules.track.first_turn_lays.{name}": (FIRST_TURN,)
        for name in ("lay", "upgrade", "cost", "upgrade_cost", "same_hex", "requires")
    },
    **{
        f"rules.track.minor_lays.{name}": (MEX + "test_a_minor_has_its_own_tile_actions",)
        for name in ("lay", "upgrade", "cost", "upgrade_cost", "min_cost", "same_hex", "requires")
    },
    **{
        f"rules.track.{lays}.home_cost_first": (
            MEX + "test_a_minor_skips_its_track_step_until_it_can_pay_for_its_home_hex",
            MEX + "test_without_home_cost_first_a_minor_stops_at_its_track_step",
        )
        for lays in ("lays", "first_turn_lays", "minor_lays")
    },
    "rules.track.lays.lay": (CHANGE,),
    "rules.track.lays.upgrade": (CHANGE,),
    "rules.track.lays.requires": (OPER + "test_mainline_example_3_no_second_lay_without_a_main_line",),
    "rules.track.lays.cost": (
        "test_tile_actions.py::test_the_second_action_lays_yellow_for_its_cost",
        "test_tile_actions.py::test_an_action_the_operator_cannot_pay_for_is_not_offered",
    ),
    "rules.track.lays.upgrade_cost": ("test_tile_actions.py::test_an_upgrade_pays_the_actions_upgrade_cost",),
    "rules.track.lays.same_hex": (
        "test_tile_actions.py::test_same_hex_decides_whether_a_tile_laid_this_turn_may_be_upgraded",
    ),
    "rules.track.upgrades.colors": (UPGRADE_RULE,),
    "rules.track.upgrades.keep_label": (UPGRADE_RULE,),
    "rules.track.upgrades.keep_revenue_centres": (UPGRADE_RULE,),
    "rules.track.upgrades.keep_track": (UPGRADE_RULE,),
    "rules.tokens.per_turn": (CHANGE, FIELDS + "test_two_tokens_per_turn_offer_a_second_token"),
    "rules.tokens.home": (
        CHANGE,
        FIELDS + "test_the_home_token_goes_down_at_par_at_float_or_at_the_first_operation",
        T1889 + "test_home_tokens_go_down_when_the_operating_round_starts",
    ),
    "rules.tokens.one_per_hex": (HERE + "test_two_tokens_in_one_hex_only_without_one_per_hex",),
    "rules.trains.must_buy": (CHANGE, TRAINS + "test_a_corporation_with_a_route_and_no_train_must_buy_one"),
    "rules.trains.buy_from_others": (CHANGE,),
    "rules.trains.min_price_from_others": (
        CHANGE,
        TRAINS + "test_a_train_may_be_bought_from_another_corporation_at_any_price_from_1",
    ),
    "rules.trains.discards_to": (CHANGE,),
    "rules.trains.emergency.cheapest_depot_train": (
        CONF + "test_cheapest_depot_train_false_lets_the_president_pay_for_another_depot_train",
        T1846 + "test_a_president_may_sell_for_the_dearest_face_of_a_depot_train",
    ),
    "rules.trains.emergency.from_others_up_to": (
        CONF + "test_from_others_up_to_any_lets_the_president_pay_past_the_face_value",
        T1889 + "test_an_emergency_never_buys_from_another_corporation",
    ),
    "rules.trains.emergency.sell_more_than_needed": (
        CONF + "test_sell_more_than_needed_lets_the_president_sell_past_the_need",
    ),
    "rules.trains.emergency.sell_unfloated": (
        CONF + "test_shares_of_a_started_but_unfloated_corporation_sell_in_an_emergency",
    ),
    "rules.trains.emergency.sell_closing_buyer": (
        REF1846 + "test_the_president_may_not_close_the_corporation_buying_the_train",
    ),
    "rules.trains.emergency.help_only_below_cheapest": (
        REF1846 + "test_the_president_pays_nothing_while_the_corporation_affords_the_cheapest_train",
    ),
    "rules.dividends.kinds": (
        CHANGE,
        FIELDS + "test_half_keeps_half_rounded_to_the_shares_and_pays_out_the_rest",
    ),
    "rules.dividends.half_move": (
        FIELDS + "test_half_moves_the_price_by_half_move_whatever_is_paid",
        "test_1870.py::test_1870_s_half_dividend_leaves_the_price_where_it_is",
    ),
    "rules.dividends.withhold": (CHANGE, OPER + "test_withholding_pays_the_treasury_and_moves_left"),
    "rules.dividends.payout.at_least": (OPER + "test_a_payout_moves_the_price_by_the_revenue", REPLAY),
    "rules.dividends.payout.beyond_dividend_line": (
        OPER + "test_a_payout_moves_the_price_by_the_revenue",
        REPLAY,
    ),
    "rules.dividends.payout.move": (OPER + "test_a_payout_moves_the_price_by_the_revenue", REPLAY),
    "rules.dividends.payout.min_price": (
        T1846 + "test_1846_s_dividends_pay_half_and_move_the_price_by_multiples_of_it",
    ),
    "rules.dividends.treasury_shares_pay": (CHANGE,),
    "rules.dividends.pool_shares_pay": (
        VAR + "test_oscarian_pool_shares_pay_their_dividend_to_the_corporation",
    ),
    "rules.dividends.rounding": (FIELDS + "test_a_holders_dividend_is_rounded_as_the_title_says",),
    "rules.company_sales.min": (CHANGE, COMP + "test_a_company_sells_for_half_to_twice_its_face_value"),
    "rules.company_sales.max": (CHANGE, COMP + "test_a_company_sells_for_half_to_twice_its_face_value"),
    "rules.company_sales.min_amount": (
        COMP + "test_a_least_amount_lets_a_company_sell_for_1",
        T1846 + "test_a_corporation_buys_a_company_for_as_little_as_1",
    ),
    "rules.nationalization.national.sym": (
        TRAINS + "test_nationalisation_takes_the_trainless_corporation_that_has_operated",
        REPLAY,
    ),
    "rules.nationalization.national.name": (SHOWN,),
    "rules.nationalization.national.color": (
        RENDER + "test_late_position_has_state_railway_tokens_and_tiles_in_rotation",
    ),
    "rules.nationalization.national.text_color": (
        RENDER + "test_late_position_has_state_railway_tokens_and_tiles_in_rotation",
    ),
    "rules.nationalization.price_moves": (CHANGE,),
    "rules.nationalization.turns_as_unstarted": (
        CONF + "test_after_a_nationalisation_a_player_who_could_pay_a_par_share_has_a_turn",
    ),
    "rules.virtual_player.id": (
        SETUP + "test_two_players_get_800_each_and_a_virtual_third_player_with_nothing",
        REPLAY,
    ),
    "rules.virtual_player.name": (
        SETUP + "test_two_players_get_800_each_and_a_virtual_third_player_with_nothing",
    ),
    "rules.share_phase.start_cells": (ST + "test_start_prices_follow_one_die_per_corporation",),
    "rules.share_phase.max_per_corporation": (
        CHANGE,
        ST + "test_at_most_five_certificates_of_one_corporation",
    ),
    "rules.share_phase.buy_and_sell": (
        CHANGE,
        HERE + "test_buy_and_sell_any_lets_a_player_sell_what_they_bought_in_the_turn",
    ),
    "rules.share_phase.president_sellable": (HERE + "test_a_sellable_presidents_certificate_may_be_sold",),
    "rules.share_phase.treasury_offer": (CHANGE, ST + "test_the_treasury_vote"),
    "rules.share_phase.buy_back": (
        CHANGE,
        ST + "test_a_corporation_buys_back_from_the_bank_after_everyone_passed",
    ),
    "rules.share_phase.end_moves.bought_one": (CHANGE, ST + "test_end_of_phase_price_moves"),
    "rules.share_phase.end_moves.bought_more": (CHANGE, ST + "test_end_of_phase_price_moves"),
    "rules.share_phase.end_moves.sold_one": (CHANGE, ST + "test_end_of_phase_price_moves"),
    "rules.share_phase.end_moves.sold_more": (CHANGE, ST + "test_end_of_phase_price_moves"),
    "rules.share_phase.first_player": (CHANGE, ST + "test_the_first_share_phase_starts_with_a_random_player"),
    # map
    "map.layout": (RENDER + "test_flat_layout", SJ + "test_edges_are_numbered_as_on_18xx_games", REPLAY),
    "map.letters": (STT + "test_map_is_flat_with_letters_for_columns", "test_geometry.py::"),
    "map.icons.description": (RENDER + "test_terrain_icons_mainlines_and_homes",),
    "map.twin_hexes.hexes": (MEX + "test_a_tile_in_mexico_city_lays_its_twin_in_puebla",),
    "map.twin_hexes.tiles": (
        MEX + "test_a_tile_in_mexico_city_lays_its_twin_in_puebla",
        MEX + "test_a_twin_lay_the_operator_cannot_pay_is_refused_and_changes_nothing",
    ),
    "map.mainlines.name": (SHOWN,),
    "map.hexes.cities.revenue": (OPER + "test_off_board_values_follow_the_phase_colours", REPLAY),
    "map.hexes.cities.slots": (LAYS + "test_a_reserved_home_is_not_free", REPLAY),
    "map.hexes.cities.group": (ROUTES + "test_one_stop_per_city_group", REPLAY),
    "map.hexes.cities.visit_cost": (FREE_TILE, FREE_STOP),
    "map.hexes.towns.visit_cost": (FREE_STOP,),
    "map.hexes.offboards.visit_cost": (FREE_OFFBOARD,),
    "map.hexes.cities.part": (PART_CITY,),
    "map.hexes.cities.neutral_tokens": (
        NEUTRAL + "test_a_neutral_station_fills_its_slot_from_the_start",
        NEUTRAL + "test_a_city_holding_a_neutral_station_never_blocks_a_route",
    ),
    "map.hexes.cities.route": (ROUTE_CODE,),
    "map.hexes.towns.route": (ROUTE_CODE,),
    "map.hexes.offboards.route": (ROUTE_CODE,),
    "map.hexes.offboards.port.pays": (PORT_PAYS, FREE_OFFBOARD),
    "map.hexes.offboards.port.stops": (PORT_STOPS, FREE_OFFBOARD),
    "map.hexes.towns.part": (PART_STOP,),
    "map.hexes.offboards.part": (PART_CODE,),
    "map.hexes.towns.revenue": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "map.hexes.towns.group": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "map.hexes.offboards.revenue": (
        OPER + "test_off_board_values_follow_the_phase_colours",
        REPLAY,
        T1856 + "test_1856_s_last_phase_offers_black_and_detroit_pays_its_black_revenue_in_it",
    ),
    "map.hexes.offboards.group": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "map.hexes.paths.a": (SJ + "test_hex_preprinted_track", REPLAY),
    "map.hexes.paths.b": (SJ + "test_hex_preprinted_track", REPLAY),
    "map.hexes.paths.terminal": (ROUTES + "test_a_legal_two_stop_route", REPLAY),
    "map.hexes.label": (LAYS + "test_labels_must_match", REPLAY),
    "map.hexes.color": (LAYS + "test_no_tile_on_gray_red_or_blue_hexes", REPLAY),
    "map.hexes.name": (RENDER + "test_map_has_every_hex_with_its_name",),
    "map.hexes.printed": (RENDER + "test_coordinates_around_the_edge",),
    "map.hexes.printed_index": (
        T1846 + "test_a_printed_city_is_named_as_18xx_games_numbers_its_printed_tile",
    ),
    "map.hexes.terrain": (OPER + "test_the_first_tile_in_a_mountain_hex_pays_its_terrain", REPLAY),
    "map.hexes.borders.edge": (
        OPER + "test_completing_track_across_the_b11_c12_border_costs_75_once",
        REPLAY,
    ),
    "map.hexes.borders.type": (LAYS + "test_no_track_off_the_map_or_into_a_lake", REPLAY),
    "map.hexes.borders.cost": (
        OPER + "test_completing_track_across_the_b11_c12_border_costs_75_once",
        REPLAY,
    ),
    "map.hexes.icons.name": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "map.hexes.icons.sticky": (HERE + "test_a_plain_icon_goes_with_the_first_tile",),
    "tiles.future_label.label": (
        LAYS + "test_a_tile_s_future_label_is_the_label_its_upgrade_must_carry",
        T18TN + "test_the_green_nashville_tile_is_upgraded_only_to_a_p_tile",
        MEX + "test_guadalajara_s_brown_g_tile_upgrades_to_a_gray_tile_without_a_label",
    ),
    "tiles.future_label.color": (LAYS + "test_a_tile_s_future_label_is_the_label_its_upgrade_must_carry",),
    "map.hexes.future_label.label": (LAYS + "test_a_future_label_asks_the_tile_of_its_colour_for_the_label",),
    "map.hexes.future_label.color": (LAYS + "test_a_future_label_asks_the_tile_of_its_colour_for_the_label",),
    "map.hexes.own_tiles": (
        LAYS + "test_a_hex_s_own_tiles_are_the_only_tiles_of_their_colour_it_takes",
        "test_18ga.py::test_every_real_18ga_game_reaches_its_recorded_result",
    ),
    "map.hexes.mainline.line": (LAYS + "test_mainline_example_1_both_lays_build_the_main_line",),
    "map.hexes.mainline.edges": (LAYS + "test_mainline_example_3_karlstad_has_no_main_line",),
    # tiles
    "tiles.cities.revenue": (ROUTES + "test_the_e_train_worked_example_earns_1080", REPLAY),
    "tiles.cities.slots": (LAYS + "test_stockholm_tokens_follow_their_cities_on_upgrade", REPLAY),
    "tiles.cities.group": (ROUTES + "test_one_stop_per_city_group", REPLAY),
    "tiles.cities.visit_cost": (FREE_TILE,),
    "tiles.towns.visit_cost": (FREE_TILE,),
    "tiles.offboards.visit_cost": (FREE_TILE,),
    "tiles.offboards.port.pays": (PORT_TILE,),
    "tiles.offboards.port.stops": (PORT_TILE,),
    "tiles.cities.part": (PART_CODE,),
    "tiles.cities.neutral_tokens": (NEUTRAL + "test_a_tile_s_city_has_no_neutral_stations",),
    "tiles.cities.route": (ROUTE_KIND, ROUTE_OPTIONAL),
    "tiles.towns.route": (ROUTE_CODE,),
    "tiles.offboards.route": (ROUTE_CODE,),
    "tiles.towns.part": (PART_CODE,),
    "tiles.offboards.part": (PART_CODE,),
    "tiles.towns.revenue": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "tiles.towns.group": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "tiles.offboards.revenue": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "tiles.offboards.group": (
        HERE + "test_towns_and_off_boards_earn_their_revenue_and_groups_hold_for_every_centre",
    ),
    "tiles.paths.a": (SJ + "test_tile_track", REPLAY),
    "tiles.paths.b": (SJ + "test_tile_track", REPLAY),
    "tiles.label": (LAYS + "test_labels_must_match", REPLAY),
    "tiles.color": (
        LAYS + "test_colours_follow_the_phase_and_go_one_step_up",
        REPLAY,
        "test_1888.py::test_yanda_ferry_replaces_the_blue_hexes_of_dalian_and_yantai",
    ),
    "tiles.count": (LAYS + "test_tile_supply_runs_out", LAYS + "test_unlimited_tiles_never_run_out"),
    "tiles.upgrades": (LAYS + "test_the_upgrade_chart_is_respected", REPLAY),
    # market
    "market.zones.mark": (SJ + "test_par_prices", REPLAY),
    "market.zones.color": (RENDER + "test_market_shows_every_cell_the_par_cells_and_the_end",),
    "market.zones.description": (SHOWN,),
    "market.zones.par": (STOCK + "test_only_the_six_light_red_cells_are_par_prices",),
    "market.zones.ends_game": (END + "test_entering_375_ends_the_game_after_the_current_operating_round",),
    "rules.stock.pool_move": (
        STOCK + "test_shares_in_the_pool_move_the_price_at_the_end_of_the_round",
        T1846 + "test_shares_in_the_pool_move_1846_s_price_left_at_the_end_of_the_stock_round",
    ),
    "rules.stock.pool_move_per": (STOCK + "test_shares_in_the_pool_move_the_price_at_the_end_of_the_round",),
    "market.zones.closes": (
        CLOSING + "test_a_sale_into_the_closing_cell_closes_the_corporation",
        CLOSING + "test_a_price_of_nothing_needs_a_zone_that_closes",
        T1846 + "test_a_corporation_closes_when_its_price_reaches_1846_s_0c_cell",
    ),
    "market.zones.counts_for_cert_limit": (
        STOCK + "test_shares_in_the_gray_teal_and_maroon_zones_do_not_count",
    ),
    "market.zones.holding_limit": (STOCK + "test_the_60_percent_limit_is_lifted_in_the_teal_zone",),
    "market.zones.multiple_buy": (
        STOCK + "test_in_the_maroon_zone_several_shares_may_be_bought_in_one_turn",
    ),
    "rules.company_sales.players_from_turn": (
        "test_title_1830.py::test_no_company_changes_hands_between_players_in_the_first_stock_round",
        "test_title_1830.py::test_players_buy_companies_from_one_another_from_the_second_stock_round",
    ),
    "phases.players_buy_companies": (
        "test_title_1830.py::test_players_buy_companies_from_one_another_from_the_second_stock_round",
    ),
    "phases.early_company_buys": (
        "test_early_company_buys.py::test_an_early_buy_open_to_any_corporation_is_offered",
        "test_early_company_buys.py::test_an_early_buy_for_another_corporation_is_refused_and_changes_nothing",
        "test_1870.py::test_every_real_1870_game_plays_its_first_operating_rounds_and_more",
    ),
    "rules.dividends.ipo_shares_pay": (
        "test_1870.py::test_unsold_shares_pay_their_dividend_to_the_corporation",
    ),
    "phases.early_company_buys_kept": (
        "test_1870.py::test_the_river_corporations_wait_at_the_last_step_after_buying_the_river_company",
    ),
    "rounds.steps.treasury_limit": ("test_1870.py::test_buy_backs_stop_at_the_treasury_limit",),
    "rounds.steps.sellers_protect": (
        "test_1870.py::test_a_president_who_sold_earlier_protects_only_with_sellers_protect",
    ),
    "rounds.steps.early_company_buys": (
        "test_early_company_buys.py::test_a_step_that_offers_no_early_buys_leaves_the_company_unsold",
        "test_1870.py::test_the_real_1850_games",
    ),
    "market.zones.multiple_buy_from": (
        STOCK + "test_a_multiple_buy_zone_sells_several_treasury_shares_a_turn",
        STOCK + "test_a_pool_only_multiple_buy_refuses_a_second_share_from_the_treasury",
    ),
    "market.zones.redemption.max_shares": (OPER + "test_redemption_by_zone",),
    "market.zones.redemption.price": (OPER + "test_redemption_by_zone",),
    "market.zones.dividend_line": (
        OPER + "test_a_payout_moves_the_price_by_the_revenue",
        SJ + "test_the_dividend_line_separates_prices_above_82",
    ),
    "market.grid": (STOCK + "test_market_moves_at_the_edges", REPLAY),
    "market.edges.right": (CHANGE, ST + "test_a_buy_at_the_right_end_of_the_market_follows_the_arrow_up"),
    "market.edges.left": (CHANGE, STOCK + "test_market_moves_at_the_edges"),
    "market.edges.up": (ST + "test_market_edges",),
    "market.edges.down": (ST + "test_market_edges",),
    "market.redemption.max_shares": (OPER + "test_in_the_normal_zone_two_shares_may_not_be_redeemed",),
    "market.redemption.price": (
        OPER + "test_in_the_normal_zone_one_share_is_redeemed_at_the_current_price",
        VAR + "test_oscarian_corporations_never_redeem",
    ),
    # phases and trains
    "phases.on": (TRAINS + "test_the_first_3_train_starts_phase_3_but_the_set_keeps_its_one_round", REPLAY),
    "phases.tiles": (
        OPER + "test_green_tiles_wait_for_phase_3",
        T1856 + "test_the_cgr_s_d_train_through_detroit_earns_its_black_revenue",
    ),
    "phases.depot_purchases": (
        "test_1870.py::test_the_real_1850_games",
        "test_depot_purchases.py::test_a_second_train_of_the_same_type_is_neither_offered_nor_accepted",
        "test_depot_purchases.py::test_after_the_last_2_train_a_3_train_is_a_type_of_its_own",
    ),
    "phases.train_limit": (
        TRAINS + "test_a_lower_train_limit_makes_companies_discard_first",
        "test_convert.py::test_a_train_limit_by_kind_gives_one_for_each_kind_of_company_the_title_has",
    ),
    "phases.operating_rounds": (
        TRAINS + "test_the_first_3_train_starts_phase_3_but_the_set_keeps_its_one_round",
        REPLAY,
    ),
    "phases.buy_companies": (COMP + "test_corporations_buy_companies_only_from_phase_3",),
    "trains.distance": (ROUTES + "test_a_route_cannot_count_more_stops_than_the_train", REPLAY),
    "trains.distance.stops": (DIST + "test_too_many_cities_for_the_part_that_counts_them",),
    "trains.distance.visit": (DIST + "test_two_plus_two_counts_towns_in_either_part",),
    "trains.distance.pay": (DIST + "test_an_express_passes_towns_without_their_revenue",),
    "trains.distance.multiplier": (DIST + "test_a_multiplier_counts_its_paying_stops_again",),
    "trains.distance.fills": (O67 + "test_a_town_fills_the_room_a_city_leaves",),
    "trains.variants.distance.fills": (O67 + "test_a_town_fills_the_room_a_city_leaves",),
    "companies.abilities[hex_bonus].type": (
        O67 + "test_a_company_s_hex_bonus_pays_its_corporation_s_routes",
    ),
    "companies.abilities[hex_bonus].hexes": (
        O67 + "test_a_company_s_hex_bonus_pays_its_corporation_s_routes",
    ),
    "companies.abilities[hex_bonus].amount": (
        O67 + "test_a_company_s_hex_bonus_pays_its_corporation_s_routes",
    ),
    "companies.abilities[hex_bonus].owner": (
        O67 + "test_a_company_s_hex_bonus_pays_its_corporation_s_routes",
    ),
    "companies.abilities[blocks_hexes].until": (O67 + "test_the_hidden_company_s_hexes_open_with_phase_3",),
    "companies.abilities[assigned_bonus].others_amount": (
        T1870 + "test_the_open_port_pays_the_other_corporations_too",
    ),
    "companies.abilities[assigned_bonus].closes_in_place": (T1870 + "test_the_open_port_is_closed_in_place",),
    "trains.variants.distance.stops": (DIST + "test_a_train_face_has_a_distance_by_kind_of_its_own",),
    "trains.variants.distance.visit": (DIST + "test_a_train_face_has_a_distance_by_kind_of_its_own",),
    "trains.variants.distance.pay": (DIST + "test_a_train_face_has_a_distance_by_kind_of_its_own",),
    "trains.variants.distance.multiplier": (DIST + "test_a_train_face_has_a_distance_by_kind_of_its_own",),
    "trains.price": (TRAINS + "test_d_and_e_prices", REPLAY),
    "trains.count": (TRAINS + "test_the_depot_offers_the_top_of_the_stack", REPLAY),
    "trains.rusts_on": (TRAINS + "test_the_first_4_train_starts_phase_4_and_rusts_every_2_train",),
    "trains.available_from": (TRAINS + "test_the_first_6_train_rusts_3s_and_brings_d_trains",),
    "trains.events.type": (
        TRAINS + "test_the_first_5_train_closes_every_private_but_neft",
        VAR + "test_oscarian_has_no_full_capitalisation_event",
    ),
    "trains.events.when": (T1856 + "test_a_float_percent_event_comes_with_the_purchase_it_counts",),
    "trains.events.percent": (T1856 + "test_a_float_percent_event_comes_with_the_purchase_it_counts",),
    "rules.escrow.treasury_above": (
        T1856 + "test_money_for_shares_beyond_the_escrow_line_is_held_in_escrow",
        T1856 + "test_the_real_1856_games_replay_past_their_loans",
    ),
    "rules.float_at": (T1856 + "test_a_corporation_whose_float_percent_rose_before_it_operates_is_skipped",),
    "rules.loans.amount": (
        T1856 + "test_a_loan_taken_after_the_interest_brings_its_amount_less_the_interest",
    ),
    "rules.loans.interest": (T1856 + "test_interest_is_paid_after_the_run",),
    "rules.loans.count": (T1856 + "test_one_loan_a_turn_and_none_when_the_bank_has_none",),
    "rules.loans.counted_in": (T1856 + "test_a_loan_not_yet_taken_counts_for_a_station",),
    "corporations.destination.hexes": (T1856 + "test_reaching_the_destination_releases_the_escrow",),
    "corporations.destination.start": (T1856 + "test_reaching_the_destination_releases_the_escrow",),
    "trains.events.hook": (
        HERE + "test_a_train_event_may_be_a_title_hook",
        "test_hooks.py::test_a_named_hook_is_loaded_from_the_titles_folder",
    ),
    "trains.trade_in.trains": (TRAINS + "test_an_e_with_a_4_traded_in_costs_1000_and_starts_phase_d",),
    "trains.trade_in.discount": (
        TRAINS + "test_an_e_with_a_4_traded_in_costs_1000_and_starts_phase_d",
        TRAINS + "test_a_trade_in_discount_may_depend_on_the_train_traded_in",
    ),
    "trains.trade_in.traded": (TRAINS + "test_a_traded_in_5_or_6_leaves_the_game",),
    "trains.variants.trade_in.traded": (
        TRAINS + "test_a_traded_in_5_or_6_leaves_the_game",
        TRAINS + "test_a_train_traded_in_as_discarded_goes_to_the_pool_for_sale",
    ),
    "trains.own_token_stop_multiplier": (CHANGE,),
    "trains.track_group": (LA + "test_freight_trains_may_run_on_the_passenger_trains_track",),
    "trains.variants.track_group": (LA + "test_freight_trains_may_run_on_the_passenger_trains_track",),
    "trains.passes_national_tokens": (
        CHANGE,
        OPER + "test_a_d_train_may_not_run_through_cities_full_of_sj_tokens",
    ),
    "trains.variants.price": (TRAINS + "test_d_and_e_prices",),
    "trains.variants.distance": (HERE + "test_a_variant_may_have_its_own_distance",),
    "trains.variants.trade_in.trains": (
        TRAINS + "test_an_e_with_a_4_traded_in_costs_1000_and_starts_phase_d",
    ),
    "trains.variants.trade_in.discount": (
        TRAINS + "test_an_e_with_a_4_traded_in_costs_1000_and_starts_phase_d",
        TRAINS + "test_a_trade_in_discount_may_depend_on_the_train_traded_in",
    ),
    "trains.variants.own_token_stop_multiplier": (
        OPER + "test_an_e_train_doubles_its_own_token_stops_and_runs_through_sj_tokens",
    ),
    "trains.variants.passes_national_tokens": (
        OPER + "test_an_e_train_doubles_its_own_token_stops_and_runs_through_sj_tokens",
    ),
    # companies
    "companies.name": (SJ + "test_company_name", "test_cli_play.py::"),
    "companies.number": (SHOWN,),
    "companies.value": (AUCT + "test_buying_the_first_company_pays_its_face_value_to_the_bank",),
    "companies.revenue": (OPER + "test_privates_pay_their_owners_at_the_start_of_every_operating_round",),
    "companies.description": (SHOWN,),
    "companies.auction": (AUCT + "test_the_companies_are_offered_cheapest_first_and_neft_never",),
    "companies.comes_with": (AUCT + "test_buying_ne_gives_neft_and_waits_for_the_buyers_par",),
    "companies.corporations_may_buy": (COMP + "test_ne_and_neft_cannot_be_bought_by_corporations",),
    "companies.pays_corporations": (TOKAIDO + "test_a_corporation_earns_no_revenue_from_the_sleeper_train",),
    "companies.counts_for_cert_limit": (STOCK + "test_privates_count_for_the_limit_but_neft_does_not",),
    "companies.closes_on_event": (COMP + "test_the_priority_card_survives_phase_5_and_counts_nothing",),
    "companies.closes_when_par_set": (T18TN + "test_lnr_closes_once_l_n_s_par_is_set",),
    "companies.closes_at_round_end_when_used": (
        T1856 + "test_the_waterloo_and_saugeen_closes_at_the_end_of_the_round_it_was_used_in",
    ),
    "companies.closes_in_phase": (
        "test_1882.py::test_the_saskatchewan_central_outlasts_the_5_train_and_closes_in_phase_6",
        "test_1882.py::test_without_closes_in_phase_the_5_train_closes_the_saskatchewan_central",
    ),
    "companies.closes_when_corporation_buys_train": (
        COMP + "test_aevr_closes_when_okj_gets_its_first_train",
    ),
    "companies.abilities[blocks_hexes].type": (COMP + "test_fry_blocks_b17_while_a_player_owns_it",),
    "companies.abilities[blocks_hexes].hexes": (COMP + "test_gc_blocks_e28_and_f27_while_a_player_owns_it",),
    "companies.abilities[blocks_hexes].owner": (
        CHANGE,
        COMP + "test_fry_blocks_b17_while_a_player_owns_it",
        COMP + "test_a_block_holds_only_under_the_owners_it_lists",
    ),
    "companies.abilities[tile_lay].owner": (COMP + "test_a_tile_lay_works_only_for_the_owners_it_lists",),
    "companies.abilities[tile_lay].when": (
        COMP + "test_a_tile_lay_in_the_track_step_only_ends_with_it",
        COMP + "test_a_tile_lay_at_any_point_of_the_turn_outlives_the_track_step",
        COMP + "test_only_a_lay_timed_for_the_track_step_keeps_it_waiting",
        T1830 + "test_a_company_lays_at_once_when_sold_and_the_seller_pays",
        T1830 + "test_a_players_company_lays_at_any_time_of_a_stock_round",
        T1830 + "test_a_players_company_lays_in_the_track_step_of_its_owners_corporation",
        T1830 + "test_a_players_company_lays_between_turns_before_the_operator_acts",
    ),
    "companies.abilities[tile_lay].type": (
        COMP + "test_gc_lays_two_connected_yellow_tiles_without_a_connection_to_the_network",
    ),
    "companies.abilities[tile_lay].hexes": (
        COMP + "test_gc_lays_only_plain_yellow_tiles_in_its_two_hexes",
        ABIL + "test_a_lay_with_neither_hexes_nor_tiles_goes_where_the_owners_own_track_may",
    ),
    "companies.abilities[tile_lay].tiles": (
        COMP + "test_gc_lays_only_plain_yellow_tiles_in_its_two_hexes",
        ABIL + "test_a_lay_with_neither_hexes_nor_tiles_goes_where_the_owners_own_track_may",
    ),
    "companies.abilities[tile_lay].per_round": (
        ABIL + "test_a_lay_limited_per_round_has_no_limit_over_the_game",
    ),
    "companies.abilities[tile_lay].cost": (ABIL + "test_a_lay_with_a_cost_is_paid_for_and_needs_the_money",),
    "companies.abilities[tile_lay].upgrade_count": (ABIL + "test_lays_or_upgrades_the_first_lay_deciding",),
    "companies.abilities[tile_lay].count": (
        COMP + "test_gc_lays_two_connected_yellow_tiles_without_a_connection_to_the_network",
    ),
    "companies.abilities[tile_lay].connect_each_other": (
        COMP + "test_the_second_gc_tile_must_connect_to_the_first",
    ),
    "companies.abilities[tile_lay].joins": (
        T1846 + "test_the_little_miami_s_last_lay_must_join_cincinnati_and_dayton_by_new_track",
        T1846 + "test_the_little_miami_may_not_lay_once_cincinnati_and_dayton_are_joined",
        T1846 + "test_without_joins_the_little_miami_lays_where_its_tiles_fit",
    ),
    "companies.abilities[tile_lay].lapses": (
        COMP + "test_an_unused_second_gc_lay_is_lost_after_the_dividend",
        T1846 + "test_the_michigan_central_forfeits_its_second_lay_once_another_company_acts",
        T1846 + "test_without_lapses_the_michigan_central_lays_after_another_company_acted",
    ),
    "companies.abilities[tile_lay].must_lay_together": (
        T1846 + "test_the_michigan_central_s_second_lay_waits_and_may_be_passed",
        T1846 + "test_without_must_lay_together_the_ic_goes_on_between_the_lays",
    ),
    "companies.abilities[terrain_discount].type": (
        COMP + "test_gc_makes_the_d29_mountain_free_for_its_owner",
    ),
    "companies.abilities[terrain_discount].hexes": (
        COMP + "test_gc_halves_the_c30_mountain_for_its_owner",
        ABIL + "test_a_terrain_discount_without_hexes_applies_in_every_hex",
    ),
    "companies.abilities[terrain_discount].terrain": (
        COMP + "test_gc_halves_the_c30_mountain_for_its_owner",
        LA + "test_chino_hills_excavation_takes_20_off_a_tile_action_s_terrain",
    ),
    "companies.abilities[terrain_discount].amount": (
        COMP + "test_gc_halves_the_c30_mountain_for_its_owner",
        T1846 + "test_the_tunnel_blasting_company_takes_its_20_off_a_mountain_edge",
    ),
    "rules.bankruptcy.ends_game_after": (
        T1846 + "test_a_bankrupt_player_leaves_a_game_that_goes_on",
        T1846 + "test_a_first_bankruptcy_ends_the_game_where_the_title_says_so",
    ),
    "rules.bankruptcy.issue_first": (T1846 + "test_a_corporation_issues_before_its_president_goes_bankrupt",),
    "rules.bankruptcy.leftovers": (
        T1846 + "test_a_bankrupt_player_leaves_a_game_that_goes_on",
        T1846 + "test_a_first_bankruptcy_ends_the_game_where_the_title_says_so",
    ),
    "rules.bankruptcy.cash_to": (T1846 + "test_a_bankrupt_player_s_cash_goes_where_the_title_says",),
    "rules.bankruptcy.receivership.no_train_moves": (
        T1846 + "test_a_corporation_in_receivership_only_runs_and_sinks_without_a_train",
    ),
    "rules.bankruptcy.receivership.withholds": (
        T1846 + "test_a_corporation_in_receivership_withholds_without_asking",
    ),
    "rules.trains.emergency.issue.no_companies_without_train": (
        T1846 + "test_a_corporation_that_issued_in_an_emergency_buys_no_company_without_a_train",
    ),
    "companies.abilities[controls_minor].shared_city": (
        T1846_2P + "test_a_minor_sharing_its_buyer_s_city_leaves_its_station",
    ),
    "sequence.start.until_sold": (
        T1846_2P + "test_companies_left_after_both_pass_are_drafted_again_after_two_operating_rounds",
    ),
    "game_end.final_train": (
        T1846_2P + "test_the_game_ends_a_set_of_operating_rounds_after_its_final_train",
    ),
    "companies.abilities[token].own_stations": (
        T1846 + "test_a_station_in_a_company_s_token_hex_is_placed_with_its_ability",
        T1846 + "test_without_own_stations_the_corporation_s_station_costs_its_charter_price",
    ),
    "rules.bankruptcy.reorders": (T1846 + "test_a_bankruptcy_leaves_the_round_s_order_as_it_was",),
    "rules.bankruptcy.receivership.buys_cheapest_train": (
        T1846 + "test_a_corporation_in_receivership_buys_the_cheapest_train_it_can_pay",
    ),
    "companies.abilities[stop_bonus].type": (
        T1846 + "test_the_mail_contract_pays_10_a_stop_to_the_route_visiting_most_stops",
        T1846 + "test_the_best_run_counts_the_mail_contract_on_the_route_it_makes_longest",
    ),
    "companies.abilities[stop_bonus].amount": (
        T1846 + "test_the_mail_contract_pays_10_a_stop_to_the_route_visiting_most_stops",
    ),
    "companies.abilities[stop_bonus].routes": (
        T1846 + "test_the_mail_contract_pays_10_a_stop_to_the_route_visiting_most_stops",
    ),
    "companies.abilities[stop_bonus].owner": (
        T1846 + "test_the_mail_contract_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[stop_bonus].stops": (TOKAIDO + "test_the_sleeper_train_counts_cities_only",),
    "companies.abilities[bonus_tokens].type": (
        COMP + "test_buying_gkb_forces_its_owner_to_place_the_three_tokens_first",
    ),
    "companies.abilities[bonus_tokens].hexes": (
        COMP + "test_gkb_tokens_go_50_then_30_then_20_on_distinct_canal_hexes",
    ),
    "companies.abilities[bonus_tokens].amounts": (
        COMP + "test_gkb_tokens_go_50_then_30_then_20_on_distinct_canal_hexes",
    ),
    "companies.abilities[bonus_tokens].after_routes": (
        ROUTES + "test_after_running_the_highest_gota_kanal_token_is_used_up",
    ),
    "companies.abilities[bonus_tokens].label": (ROUTES + "test_the_gota_kanal_example_earns_170", REPLAY),
    "companies.abilities[bonus_tokens].icon": (SJ + "test_gkb_icons_mark_the_gota_kanal_hexes",),
    "companies.abilities[bonus_marker].type": (
        COMP + "test_sb_moves_its_marker_any_number_of_times_with_the_company_as_entity",
    ),
    "companies.abilities[bonus_marker].hexes": (COMP + "test_sb_marker_must_move_to_another_hex",),
    "companies.abilities[bonus_marker].icon": (COMP + "test_sb_adds_30_per_port_icon_at_the_marker",),
    "companies.abilities[bonus_marker].amount_per_icon": (
        COMP + "test_sb_adds_30_per_port_icon_at_the_marker",
    ),
    "companies.abilities[bonus_marker].label": (
        ROUTES + "test_the_sveabolaget_port_example_earns_110",
        REPLAY,
    ),
    "companies.abilities[early_train_purchase].type": (
        COMP + "test_mv_buys_a_depot_train_before_running_and_it_runs_at_once",
    ),
    "companies.abilities[train_discount].type": (COMP + "test_nohab_buys_one_new_train_at_half_price",),
    "companies.abilities[free_train].type": (CAT + FREE_TRAIN,),
    "companies.abilities[free_train].train": (CAT + FREE_TRAIN,),
    "companies.abilities[free_train].until": (CAT + FREE_TRAIN,),
    "companies.abilities[free_train].sellable": (
        CAT + "test_a_free_train_is_sold_on_only_where_the_title_says",
    ),
    "companies.abilities[train_discount].trains": (COMP + "test_nohab_buys_one_new_train_at_half_price",),
    "companies.abilities[train_discount].fraction": (COMP + "test_nohab_buys_one_new_train_at_half_price",),
    "companies.abilities[train_discount].uses": (COMP + "test_nohab_buys_one_new_train_at_half_price",),
    "companies.abilities[train_discount].closes_when_used_up": (
        T18AL + "test_new_decatur_yards_closes_when_its_discount_is_used",
    ),
    "companies.abilities[assigned_bonus].type": (
        T18AL + "test_the_coal_token_is_assigned_to_a_reached_hex_and_adds_to_each_route",
    ),
    "companies.abilities[assigned_bonus].owner": (
        T18AL + "test_the_coal_token_works_only_for_the_owners_it_lists",
    ),
    "companies.abilities[assigned_bonus].hexes": (
        T18AL + "test_the_coal_token_needs_a_train_and_a_reached_hex_if_so_written",
    ),
    "companies.abilities[assigned_bonus].amount": (
        T18AL + "test_the_coal_token_is_assigned_to_a_reached_hex_and_adds_to_each_route",
    ),
    "companies.abilities[assigned_bonus].count": (
        T18AL + "test_the_coal_token_may_be_reassigned_as_often_as_its_count",
    ),
    "companies.abilities[assigned_bonus].needs_train": (
        T18AL + "test_the_coal_token_needs_a_train_and_a_reached_hex_if_so_written",
    ),
    "companies.abilities[assigned_bonus].reachable": (
        T18AL + "test_the_coal_token_needs_a_train_and_a_reached_hex_if_so_written",
    ),
    "companies.abilities[assigned_bonus].until": (
        T18AL + "test_the_coal_token_leaves_at_the_phase_it_lasts_until",
    ),
    "companies.abilities[route_right].type": (
        T1856 + "test_the_tunnel_company_gives_its_buyer_a_route_bonus",
    ),
    "companies.abilities[route_right].owner": (
        T1856 + "test_the_tunnel_company_gives_its_buyer_a_route_bonus",
    ),
    "companies.abilities[route_right].hexes": (
        T1856 + "test_the_tunnel_company_gives_its_buyer_a_route_bonus",
    ),
    "companies.abilities[route_right].amount": (
        T1856 + "test_the_tunnel_company_gives_its_buyer_a_route_bonus",
    ),
    "companies.abilities[route_right].price": (
        T1856 + "test_other_corporations_buy_the_right_while_copies_last",
    ),
    "companies.abilities[route_right].copies": (
        T1856 + "test_other_corporations_buy_the_right_while_copies_last",
    ),
    "companies.abilities[route_right].item": (
        T1856 + "test_other_corporations_buy_the_right_while_copies_last",
    ),
    "companies.abilities[assigned_bonus].closes": (
        T1856 + "test_the_great_lakes_port_is_assigned_by_its_corporation_and_closes_the_company",
    ),
    "companies.abilities[assigned_bonus].amounts": (
        T1846 + "test_the_steamboat_s_player_owner_assigns_it_as_an_operating_round_starts",
    ),
    "companies.abilities[assigned_bonus].holds_turn": (
        CAT + "test_a_passive_assignment_does_not_hold_the_turn_open",
    ),
    "companies.abilities[assigned_bonus].player_assigns": (
        T1846 + "test_the_steamboat_s_player_owner_assigns_it_as_an_operating_round_starts",
        T1846 + "test_a_player_owned_bonus_leaves_with_its_closing_company",
    ),
    "companies.abilities[assigned_bonus].per_round": (
        T1846 + "test_a_corporation_buying_the_steamboat_assigns_its_hex_once_a_round_before_running",
    ),
    "companies.abilities[assigned_bonus].during": (
        T1846 + "test_a_corporation_buying_the_steamboat_assigns_its_hex_once_a_round_before_running",
        REF1846 + "test_no_bonus_is_assigned_between_a_company_s_lays_made_together",
    ),
    "corporations.abilities[station_bonus].type": (
        T18AL + "test_a_station_in_the_objective_hex_earns_the_station_bonus_once",
    ),
    "corporations.abilities[station_bonus].hexes": (
        T18AL + "test_a_station_in_the_objective_hex_earns_the_station_bonus_once",
    ),
    "corporations.abilities[station_bonus].amount": (
        T18AL + "test_a_station_in_the_objective_hex_earns_the_station_bonus_once",
    ),
    "trains.obsolete_on": (
        T18AL + "test_the_4_trains_are_obsolete_on_the_7_and_rust_after_their_next_dividend",
    ),
    "companies.abilities[shares].type": (
        COMP + "test_aevr_gives_okj_and_twice_its_par",
        COMP + "test_a_shares_ability_hands_its_buyer_a_share_at_once",
    ),
    "companies.abilities[shares].president": (
        COMP + "test_aevr_gives_okj_and_twice_its_par",
        COMP + "test_a_shares_ability_hands_its_buyer_a_share_at_once",
    ),
    "companies.abilities[shares].corporation": (
        COMP + "test_aevr_gives_okj_and_twice_its_par",
        SETUP + "test_seed_5_draws_myj_for_nils_ericson",
    ),
    "companies.abilities[shares].among": (
        "test_random_shares.py::test_the_draw_picks_among_the_listed_corporations_after_the_unused_draw",
        "test_random_shares.py::test_the_buyer_receives_a_share_of_the_drawn_corporation",
    ),
    "companies.abilities[shares].treasury_payment": (
        COMP + "test_treasury_payment_needs_the_presidency",
        COMP + "test_aevr_gives_okj_and_twice_its_par",
        VAR + "test_oscarian_aevr_gives_the_certificate_but_no_money",
    ),
    "companies.abilities[exchange].type": (
        COMP + "test_an_exchange_trades_the_company_for_a_share_at_no_cost",
    ),
    "companies.abilities[exchange].corporations": (
        COMP + "test_an_exchange_gives_only_the_shares_the_ability_lists",
    ),
    "companies.abilities[exchange].from_": (
        COMP + "test_an_exchange_trades_the_company_for_a_share_at_no_cost",
        COMP + "test_an_exchange_gives_only_the_shares_the_ability_lists",
        "test_1882.py::test_the_saskatchewan_central_starts_the_sc_and_pays_a_share_of_it",
        "test_1882.py::test_only_the_saskatchewan_central_s_owner_may_start_the_sc",
        T1868 + "test_the_exchange_is_the_turns_purchase_and_capitalises_the_up",
    ),
    "companies.abilities[exchange].when": (
        T1868 + "test_the_ames_brothers_holder_is_not_passed_over",
        T1868 + "test_an_exchange_at_any_time_is_not_a_stock_turn",
    ),
    "companies.abilities[exchange].capitalises": (
        T1868 + "test_the_exchange_is_the_turns_purchase_and_capitalises_the_up",
        T1868 + "test_without_capitalises_the_up_gets_nothing",
    ),
    "corporations.reserved_shares": (
        T1868 + "test_the_reserved_certificate_is_not_for_sale_while_the_company_is_open",
    ),
    "companies.abilities[exchange].owner": (
        COMP + "test_an_exchange_trades_the_company_for_a_share_at_no_cost",
    ),
    "companies.abilities[teleport].type": (
        "test_title_1830.py::test_the_delaware_and_hudson_teleports_a_tile_and_a_free_token_into_f16",
    ),
    "companies.abilities[teleport].hexes": (
        "test_title_1830.py::test_the_delaware_and_hudson_teleports_a_tile_and_a_free_token_into_f16",
    ),
    "companies.abilities[teleport].tiles": (
        "test_title_1830.py::test_the_delaware_and_hudson_teleports_a_tile_and_a_free_token_into_f16",
    ),
    "companies.abilities[priority_card].type": (
        COMP + "test_activating_neft_gives_its_owner_the_turn_and_closes_it",
    ),
    "companies.abilities[controls_minor].type": (
        AUCT + "test_buying_khj_gives_the_minor_to_the_buyer_and_floats_it",
    ),
    "companies.abilities[controls_minor].minor": (
        AUCT + "test_buying_khj_gives_the_minor_to_the_buyer_and_floats_it",
    ),
    # corporations and minors
    "corporations.name": (SJ + "test_corporation_name", "test_viewer.py::"),
    "corporations.home.hex": (SETUP + "test_homes_are_reserved_except_the_removed_corporations", REPLAY),
    "corporations.home.city": (
        OPER + "test_a_reserved_home_slot_is_not_offered",
        REPLAY,
        "test_title_1830.py::test_the_erie_chooses_its_home_city_when_e11_gets_its_first_tile",
    ),
    "corporations.color": (RENDER + "test_a_placed_token_appears_in_its_city_in_its_colour",),
    "corporations.text_color": (RENDER + "test_a_placed_token_appears_in_its_city_in_its_colour",),
    "corporations.tokens": (OPER + "test_the_second_token_costs_40", OPER + "test_the_third_token_costs_100"),
    "corporations.capitalization": (CHANGE,),
    "corporations.float_percent": (CHANGE,),
    "corporations.par_subsidy": (T1846 + "test_the_illinois_central_receives_its_par_price_when_parred",),
    "corporations.abilities[lay_discount].type": (
        T1846 + "test_the_illinois_central_lays_yellow_tiles_free_on_its_icon_hexes",
    ),
    "corporations.abilities[lay_discount].hexes": (
        T1846 + "test_the_illinois_central_lays_yellow_tiles_free_on_its_icon_hexes",
    ),
    "corporations.abilities[lay_discount].tiles": (
        T1846 + "test_the_illinois_central_lays_yellow_tiles_free_on_its_icon_hexes",
    ),
    "corporations.abilities[lay_discount].amount": (
        T1846 + "test_the_illinois_central_lays_yellow_tiles_free_on_its_icon_hexes",
    ),
    "corporations.shares": (
        "test_title_18Steam.py::test_six_corporations_without_homes_or_trains",
        STEAM_GAMES,
    ),
    "minors.name": (SJ + "test_khj_minor", "test_cli_play.py::"),
    "minors.home.hex": (SETUP + "test_khj_has_its_2_train_and_its_token_before_anyone_owns_it",),
    "minors.home.city": (CHANGE,),
    "minors.color": (RENDER + "test_a_placed_token_appears_in_its_city_in_its_colour",),
    "minors.text_color": (RENDER + "test_a_placed_token_appears_in_its_city_in_its_colour",),
    "minors.trains": (SETUP + "test_khj_has_its_2_train_and_its_token_before_anyone_owns_it",),
    "minors.operates_first": (CHANGE, OPER + "test_khj_operates_first_then_corporations_by_descending_price"),
    "minors.closes_on_event": (CHANGE, TRAINS + "test_the_first_5_train_closes_the_khj_minor"),
    "corporations.abilities[face_value_trains].type": (
        MEX + "test_trains_pass_between_ndm_and_other_corporations_at_face_value",
    ),
    "phases.closed_shares": (
        MEX + "test_ndm_s_shares_are_closed_to_the_stock_round_until_phase_3_and_a_half",
    ),
    "corporations.abilities[train_limit].type": (
        MEX + "test_ndm_may_hold_a_train_more_than_the_phase_allows",
    ),
    "corporations.abilities[train_limit].increase": (
        MEX + "test_ndm_may_hold_a_train_more_than_the_phase_allows",
    ),
    "rules.stock.presidency_swap": (MEX + "test_a_new_president_hands_over_the_certificates_they_got_last",),
    "trains.events.offer.into": (
        MEX + "test_the_candidates_leave_out_the_excluded_and_the_target_s_president",
    ),
    "trains.events.offer.excluded": (
        MEX + "test_the_candidates_leave_out_the_excluded_and_the_target_s_president",
    ),
    "trains.events.offer.certificate": (MEX + "test_the_exchanged_certificate_is_held_back_until_the_offer",),
    "trains.events.offer.refund": (MEX + "test_a_candidate_merges_into_ndm",),
    "trains.events.offer.exchange_tokens": (
        MEX + "test_ndm_s_president_chooses_which_other_token_ndm_keeps",
    ),
    "trains.events.offer.declined_limit": (
        MEX + "test_when_every_candidate_declines_the_certificate_limit_rises",
    ),
    "trains.events.formation.national": (
        T1856 + "test_the_6_train_forms_the_cgr_from_the_corporations_owing_loans",
    ),
    "trains.events.formation.exchange_percent": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.shares": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.token_limit": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.token_price": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.lowest_price": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.cert_limits": (T1856 + "test_the_formation_s_numbers_change_the_cgr",),
    "trains.events.formation.drop_lowest_above": (
        T1856 + "test_the_lowest_merged_price_is_left_out_when_more_than_two_merge",
    ),
    "minors.merges_into.corporation": (MEX + "test_the_3_prime_train_merges_the_minors_into_ndm_and_udy",),
    "minors.merges_into.share": (MEX + "test_a_trade_in_share_is_not_for_sale_until_its_minor_merges",),
    "minors.merges_into.counts_for_limit": (
        MEX + "test_a_trade_in_share_may_count_toward_the_certificate_limit",
    ),
    # bonuses
    "bonuses[all_icons].kind": (ROUTES + "test_the_e_train_worked_example_earns_1080", REPLAY),
    "bonuses[all_icons].name": (SHOWN,),
    "bonuses[all_icons].label": (ROUTES + "test_the_e_train_worked_example_earns_1080", REPLAY),
    "bonuses[all_icons].icons": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[all_icons].amount": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[all_hexes].kind": (HERE + "test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex",),
    "bonuses[all_hexes].name": (HERE + "test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex",),
    "bonuses[all_hexes].label": (
        HERE + "test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex",
    ),
    "bonuses[all_hexes].hexes": (
        HERE + "test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex",
    ),
    "bonuses[all_hexes].amount": (
        HERE + "test_an_all_hexes_bonus_is_earned_by_a_route_stopping_in_every_hex",
    ),
    "bonuses[all_icons].corporations": (
        HERE + "test_a_bonus_of_some_corporations_is_earned_by_their_routes_only",
    ),
    "bonuses[all_hexes].corporations": (
        HERE + "test_a_bonus_of_some_corporations_is_earned_by_their_routes_only",
        "test_1888.py::test_lyr_earns_its_destination_bonus_joining_yantai_and_qingdao",
    ),
    "bonuses[destinations].corporations": (
        HERE + "test_a_bonus_of_some_corporations_is_earned_by_their_routes_only",
    ),
    "bonuses[all_icons].paid_to": (HERE + "test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue",),
    "bonuses[all_hexes].paid_to": (
        HERE + "test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue",
        "test_1888.py::test_hjr_earns_a_subsidy_for_running_to_the_mine",
    ),
    "bonuses[destinations].paid_to": (HERE + "test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue",),
    "bonuses[revenue_share].paid_to": (HERE + "test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue",),
    "bonuses[revenue_share].kind": (
        HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",
        J50 + "test_the_real_1850jr_game_reaches_its_recorded_result",
    ),
    "bonuses[revenue_share].name": (HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",),
    "bonuses[revenue_share].label": (
        HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",
        J50 + "test_a_route_to_napoli_earns_half_more_and_needs_two_other_stops",
    ),
    "bonuses[revenue_share].hexes": (
        HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",
        J50 + "test_the_best_routes_count_the_port",
    ),
    "bonuses[revenue_share].percent": (HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",),
    "bonuses[revenue_share].round_down_to": (HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",),
    "bonuses[revenue_share].min_stops": (
        HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",
        J50 + "test_a_route_to_napoli_earns_half_more_and_needs_two_other_stops",
    ),
    "bonuses[revenue_share].corporations": (HERE + "test_a_revenue_share_adds_a_part_of_the_stops_worth",),
    "bonuses[destinations].kind": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[hex_groups].kind": (HEX_GROUPS, HEX_GROUPS_OFF),
    "bonuses[hex_groups].name": (SHOWN, HEX_GROUPS),
    "bonuses[hex_groups].label": (HEX_GROUPS,),
    "bonuses[hex_groups].groups": (HEX_GROUPS, HEX_GROUPS_OFF),
    "bonuses[hex_groups].amount": (HEX_GROUPS,),
    "bonuses[hex_groups].corporations": (
        HERE + "test_a_bonus_of_some_corporations_is_earned_by_their_routes_only",
    ),
    "bonuses[hex_groups].paid_to": (HERE + "test_a_bonus_paid_to_the_treasury_is_a_subsidy_not_revenue",),
    "bonuses[destinations].name": (SHOWN,),
    "bonuses[destinations].anchor": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[destinations].destination": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[destinations].amounts": (OPER + "test_routes_earn_their_bonuses", REPLAY),
    "bonuses[destinations].labels": (ROUTES + "test_the_e_train_worked_example_earns_1080", REPLAY),
    # rounds, sequence, game end
    "rounds.kind": (SJ + "test_an_auction_then_stock_and_operating_rounds", STEAM_GAMES, REPLAY),
    "rounds.steps.step": (SJ + "test_round_steps", REPLAY),
    "rounds.steps.blocking": (SJ + "test_the_final_buy_company_step_waits", REPLAY),
    "rounds.order": (
        "test_simple_draft.py::test_the_round_s_order_says_who_drafts_first",
        LA + "test_the_draft_snakes_and_a_pass_at_its_end_passes_both_turns",
    ),
    "rounds.reseat_before": (LA + "test_every_stock_round_seats_the_players_by_least_cash",),
    "rounds.reseat": (
        "test_reseating.py::test_after_the_auction_the_players_sit_by_most_cash",
        "test_reseating.py::test_without_reseat_the_players_keep_their_seats",
        "test_reseating.py::test_after_the_auction_the_players_sit_in_reverse_order",
        "test_reseating.py::test_a_player_who_acts_after_passing_loses_their_place",
        WY + "test_the_players_sit_by_most_cash_after_the_auction",
    ),
    "rounds.hook": (VAR + "test_after_an_even_stock_round_the_lowest_valued_human_chooses",),
    "sequence.start.round": (SETUP + "test_the_game_starts_with_the_auction_in_phase_2_first_seat_first",),
    "sequence.turn.round": (SJ + "test_an_auction_then_stock_and_operating_rounds", REPLAY),
    "sequence.turn.every": (VAR + "test_no_requisition_after_an_odd_stock_round",),
    "game_end.bankrupt": (END + "test_a_bankruptcy_ends_the_game_at_once",),
    "game_end.bank": (END + "test_a_broken_bank_ends_the_game_after_the_set_of_operating_rounds",),
    "game_end.stock_market": (END + "test_entering_375_ends_the_game_after_the_current_operating_round",),
    "game_end.turn_limit": (
        END + "test_a_game_where_nobody_can_ever_act_ends_unfinished_at_its_turn_limit",
        END + "test_a_game_whose_companies_pay_turns_over_to_its_turn_limit",
        T1846 + "test_a_game_nobody_can_play_on_ends_unfinished_as_recorded",
    ),
    "game_end.all_closed": (CLOSING + "test_the_game_ends_when_every_corporation_and_company_has_closed",),
    "game_end.manually_ended": (END + "test_end_game_ends_the_game_at_once",),
    "game_end.final_turn": (ST + "test_the_game_ends_after_the_standard_number_of_turns",),
    "game_end.tie_break": (ST + "test_a_tie_in_wealth_goes_to_the_player_with_more_cash",),
    # setup and variants
    "setup.generator.kind": (SETUP + "test_the_generator_gives_the_thirteen_draws_of_seed_5",),
    "setup.generator.multiplier": (SETUP + "test_the_generator_gives_the_thirteen_draws_of_seed_5",),
    "setup.generator.increment": (SETUP + "test_seed_0_is_valid_and_its_first_draw_is_12345",),
    "setup.generator.modulus": (SETUP + "test_the_generator_gives_the_thirteen_draws_of_seed_5",),
    "setup.draws.remove_one_of": (SETUP + "test_seed_5_removes_the_smaller_draw_of_each_pair",),
    "setup.draws.remove": (BLIND + "test_the_deck_is_shuffled_before_the_groups_lose_their_draws",),
    "setup.draws.count": (BLIND + "test_a_count_by_players_removes_none_where_it_says_none",),
    "setup.draws.home_token": (
        BLIND + "test_a_removed_corporation_with_home_token_keeps_its_station_on_the_map",
    ),
    "setup.draws.second_tokens.hex": (
        BLIND + "test_a_removed_corporation_puts_its_second_station_down_at_setup",
        REF1846 + "test_the_erie_s_second_station_is_in_erie_from_the_start",
    ),
    "setup.draws.second_tokens.color": (
        REF1846 + "test_a_removed_corporation_s_second_station_waits_for_a_green_tile",
    ),
    "setup.draws.second_tokens.players": (
        BLIND + "test_a_second_station_for_other_player_counts_stays_off_the_map",
    ),
    "setup.draws.event_train": (
        "test_1882.py::test_the_seed_draws_the_train_of_the_rebellion_as_18xx_games_does",
        "test_1882.py::test_a_draw_among_other_trains_moves_the_rebellion",
        "test_1882.py::test_a_later_6_train_sets_off_no_rebellion",
    ),
    "setup.draws.revert_tiles.icon": (
        "test_1882.py::test_the_first_6_train_takes_the_yellow_tiles_off_the_nwr_hexes",
        "test_1882.py::test_with_the_rebellion_in_the_fish_hexes_the_nwr_tiles_stay",
    ),
    "setup.draws.revert_tiles.colors": (
        "test_1882.py::test_the_first_6_train_takes_the_yellow_tiles_off_the_nwr_hexes",
        "test_1882.py::test_with_the_rebellion_on_green_tiles_the_yellow_ones_stay",
    ),
    "setup.draws.shuffle": (
        BLIND + "test_the_deck_is_shuffled_before_the_groups_lose_their_draws",
        T1846 + "test_every_real_1846_draft_deals_and_ends_as_18xx_games_did",
    ),
    "rules.draft.extra_cards_shown": (
        BLIND + "test_the_player_chooses_among_the_first_cards_and_the_others_go_under_the_deck",
    ),
    "rules.draft.blank_cards": (
        BLIND + "test_the_deck_is_shuffled_before_the_groups_lose_their_draws",
        BLIND + "test_the_draft_ends_when_only_blank_cards_are_shown_and_each_player_pays_then",
        REF1846 + "test_blank_draft_cards_keep_the_game_going_after_every_corporation_closed",
    ),
    "rules.draft.last_company_step": (
        BLIND + "test_passing_on_the_last_company_makes_it_cheaper_until_the_next_player_must_take_it",
        LA + "test_a_pass_on_the_last_company_is_a_plain_pass_unless_a_step_is_given",
    ),
    "rules.company_sales.early_max": (
        CAT + "test_a_company_bought_early_sells_for_at_most_its_early_multiple",
    ),
    "rules.draft.pass_first": (LA + "test_a_player_may_pass_before_anybody_owns_a_company",),
    "rules.draft.limit": (LA + "test_the_draft_ends_at_its_limit",),
    "rules.issue.price": (
        T1846 + "test_a_corporation_issues_shares_a_step_left_of_its_price_without_moving_it",
    ),
    "rules.issue.redeem_price": (T1846 + "test_a_corporation_redeems_shares_a_step_right_of_its_price",),
    "rules.issue.counted_in": (
        T1846 + "test_a_corporation_counts_the_shares_it_may_issue_in_what_it_may_spend",
        T1846 + "test_what_a_corporation_could_issue_or_gain_from_a_minor_keeps_its_tile_actions_open",
    ),
    "rules.trains.buying_power.minor_cash": (
        T1846 + "test_a_minor_s_treasury_counts_in_what_keeps_the_train_step_open",
    ),
    "rules.track.buying_power.minor_cash": (
        T1846 + "test_what_a_corporation_could_issue_or_gain_from_a_minor_keeps_its_tile_actions_open",
    ),
    "rules.trains.emergency.issue.price_steps": (
        T1846 + "test_a_corporation_that_must_buy_a_train_issues_shares_before_its_president_pays",
    ),
    "rules.trains.emergency.issue.moves_left": (
        T1846 + "test_a_corporation_that_must_buy_a_train_issues_shares_before_its_president_pays",
    ),
    "rules.trains.emergency.issue.only_needed": (
        T1846 + "test_a_corporation_that_must_buy_a_train_issues_shares_before_its_president_pays",
    ),
    "corporations.abilities[token].type": (
        T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports",
    ),
    "corporations.abilities[token].hexes": (
        T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports",
    ),
    "corporations.abilities[token].price": (
        T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports",
    ),
    "corporations.abilities[token].teleport_price": (
        T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports",
    ),
    "corporations.abilities[token].count": (
        T1846 + "test_a_corporation_s_own_token_ability_prices_its_station_and_teleports",
    ),
    "corporations.abilities[reservation].type": (
        T1846 + "test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names",
    ),
    "corporations.abilities[reservation].hex": (
        T1846 + "test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names",
    ),
    "corporations.abilities[reservation].city": (
        T1846 + "test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names",
    ),
    "corporations.abilities[reservation].until": (
        T1846 + "test_a_reserved_slot_is_held_for_its_corporation_until_the_phase_it_names",
    ),
    "companies.abilities[move_token].type": (
        "test_1882.py::test_the_north_west_rebellion_moves_a_home_station_and_leaves_a_neutral_one",
    ),
    "companies.abilities[move_token].hexes": (
        "test_1882.py::test_a_station_is_not_moved_into_a_hex_outside_the_ability_s",
    ),
    "companies.abilities[move_token].home_neutral": (
        "test_1882.py::test_the_north_west_rebellion_moves_a_home_station_and_leaves_a_neutral_one",
        "test_1882.py::test_without_home_neutral_a_moved_home_station_leaves_its_slot_empty",
    ),
    "companies.abilities[move_token].count": (
        "test_1882.py::test_the_north_west_rebellion_moves_a_home_station_and_leaves_a_neutral_one",
    ),
    "companies.abilities[move_token].owner": (
        "test_1882.py::test_the_north_west_rebellion_moves_a_home_station_and_leaves_a_neutral_one",
    ),
    "trains.reserved": (
        "test_1882.py::test_a_train_held_out_of_the_depot_comes_in_first_when_the_sc_starts",
        "test_1882.py::test_without_reserved_trains_the_depot_keeps_its_order",
    ),
    "rules.tokens.home_replaces_neutral": (
        "test_1882.py::test_the_sc_s_home_replaces_a_neutral_station",
        "test_1882.py::test_without_the_rule_a_home_token_leaves_a_neutral_station_alone",
    ),
    "map.icons.lay_income": (
        "test_icon_lay_income.py::test_a_yellow_tile_on_an_icon_s_hex_earns_its_layer_the_icon_s_income",
        "test_icon_lay_income.py::test_no_income_for_a_colour_the_icon_does_not_pay",
    ),
    "corporations.abilities[neutral_token].type": (
        NEUTRAL + "test_a_corporation_places_a_neutral_station_it_carries",
        NEUTRAL + "test_without_a_neutral_station_a_corporation_cannot_place_one",
    ),
    "corporations.abilities[neutral_token].owner": (
        NEUTRAL + "test_a_corporation_places_a_neutral_station_it_carries",
        NEUTRAL + "test_a_neutral_station_of_no_corporation_is_refused",
    ),
    "corporations.abilities[neutral_token].price": (
        NEUTRAL + "test_a_corporation_places_a_neutral_station_it_carries",
    ),
    "corporations.abilities[neutral_token].count": (
        NEUTRAL + "test_a_corporation_places_a_neutral_station_it_carries",
        "test_1882.py::test_a_second_neutral_station_is_refused_and_changes_nothing",
    ),
    "rules.first_operating_order": (T1846 + "test_1846_s_first_operating_round_goes_lowest_price_first",),
    "rules.track.lays.min_cost": (T1846 + "test_every_tile_costs_1846_at_least_20",),
    "rules.track.first_turn_lays.min_cost": (T1846 + "test_every_tile_costs_1846_at_least_20",),
    "rules.stock.sell_before_operating": (
        T1846 + "test_before_it_operates_only_a_corporation_s_president_may_sell_its_shares",
        FIELDS + "test_who_may_sell_shares_of_a_corporation_that_has_not_operated",
    ),
    "companies.price": (
        BLIND + "test_the_draft_ends_when_only_blank_cards_are_shown_and_each_player_pays_then",
        T1846 + "test_every_real_1846_draft_deals_and_ends_as_18xx_games_did",
    ),
    "companies.abilities[controls_minor].cash": (
        T1846 + "test_every_real_1846_draft_deals_and_ends_as_18xx_games_did",
    ),
    "setup.draws.corporation_for": (SETUP + "test_seed_5_draws_myj_for_nils_ericson",),
    "setup.draws.unused": (
        "test_random_shares.py::test_the_draw_picks_among_the_listed_corporations_after_the_unused_draw",
    ),
    "variants.name": (SJ + "test_the_variants", "test_cli.py::test_validate_summarises_a_valid_title"),
    "variants.description": (SHOWN,),
    "variants.overlay": (VAR + "test_oscarian_every_corporation_is_fully_capitalised_from_the_start",),
    "variants.players": (
        SJ + "test_edelsvard_is_for_two_players",
        VAR + "test_two_players_use_the_three_player_certificate_limit",
    ),
    "variants.automatic": (VAR + "test_two_players_use_the_three_player_certificate_limit",),
    "hooks.after_setup": (TCHES + "test_two_players_have_30_percent_presidents_and_one_share_fewer",),
    "hooks.buying_shares": (TCHES + "test_two_players_buying_the_market_s_last_share_buys_nothing",),
    "hooks.after_dividend": (VAR + "test_after_its_dividend_a_trainless_bot_takes_depot_trains_for_free",),
    # the parts of a title's own layer (18Steam's)
    "hooks.layer.data": (
        LAYER + "test_the_layer_section_is_validated_by_the_layers_model_with_file_line_col",
        LAYER + "test_the_layers_own_checks_relate_its_section_to_the_map",
    ),
    "hooks.layer.rules": (
        LAYER + "test_the_layers_state_is_saved_with_the_game_and_restored",
        LAYER + "test_a_layer_action_of_the_wrong_shape_is_refused_in_play_naming_the_field",
    ),
    "hooks.layer.reports": (
        LAYER + "test_a_layer_names_only_the_parts_it_has",
        "test_cli_replay.py::test_replay_at_an_action_of_18steam_shows_the_goods_layer",
        "test_18Steam_economy.py::test_the_report_gives_mean_and_interval_of_each_figure_of_the_layer",
    ),
    "hooks.layer.bot": (STEAM_GAMES,),
    "hooks.layer.drawing": (
        LAYER + "test_a_layer_names_only_the_parts_it_has",
        "test_render.py::test_steam_panels_show_income_locomotive_and_expenses",
        "test_viewer.py::test_steam_turns_are_numbered_and_frames_carry_the_goods_layer",
    ),
    # the goods layer (18Steam)
    "layer.colors": (STT + "test_goods_cubes", STEAM_GAMES),
    "layer.cities.name": (STT + "test_city",),
    "layer.cities.color": (ST + "test_a_good_ends_at_a_city_of_its_colour",),
    "layer.cities.group": (ST + "test_growth_dice_move_goods_from_the_display_to_the_cities",),
    "layer.cities.die": (ST + "test_growth_dice_move_goods_from_the_display_to_the_cities",),
    "layer.cities.cubes": (STT + "test_twelve_cities_and_their_starting_cubes", STEAM_GAMES),
    "layer.new_cities.color": (ST + "test_urbanization_puts_a_new_city_on_a_town_and_links_end_there",),
    "layer.new_cities.group": (ST + "test_a_new_city_on_the_map_grows_from_its_column",),
    "layer.new_cities.die": (ST + "test_a_new_city_on_the_map_grows_from_its_column",),
    "layer.tiles": (ST + "test_build_costs",),
    "layer.build.actions": (CHANGE, ST + "test_three_build_actions_four_with_the_engineer"),
    "layer.build.costs.new": (CHANGE, ST + "test_build_costs"),
    "layer.build.costs.town_base": (CHANGE, ST + "test_build_costs"),
    "layer.build.costs.town_per_exit": (CHANGE, ST + "test_build_costs"),
    "layer.build.costs.replace_to_crossing": (CHANGE, ST + "test_build_costs"),
    "layer.build.costs.replace_in_town": (HERE + "test_a_replacement_in_a_town_costs_what_the_title_says",),
    "layer.build.costs.replace_other": (CHANGE, ST + "test_build_costs"),
    "layer.build.costs.redirect": (CHANGE, ST + "test_build_costs"),
    "layer.build.town_discs": (CHANGE, ST + "test_an_ordinary_tile_in_a_town_runs_to_the_town"),
    "layer.build.keep_incomplete": (
        ST + "test_incomplete_track_loses_its_owner_after_the_owners_next_build_turn",
    ),
    "layer.build.ownership_markers": (
        ST + "test_twenty_ownership_markers_per_corporation",
        ST + "test_a_corporation_without_ownership_markers_left_cannot_own_more_track",
        ST + "test_urbanizing_takes_unowned_track_only_while_markers_last",
    ),
    "layer.actions": (ST + "test_each_operator_takes_one_free_action",),
    "layer.locomotive": (CHANGE, ST + "test_activation_and_the_starting_locomotive"),
    "layer.move_rounds": (CHANGE,),
    "layer.income_reduction.min": (ST + "test_income_reduction",),
    "layer.income_reduction.by": (ST + "test_income_reduction",),
    "layer.expenses_per_locomotive": (CHANGE, ST + "test_income_then_the_locomotive_and_dividends"),
    "layer.dividend_per_share": (CHANGE, ST + "test_an_overlay_changes_the_dividend"),
    "layer.growth.groups": (CHANGE, ST + "test_growth_dice_move_goods_from_the_display_to_the_cities"),
    "layer.growth.dice": (ST + "test_growth_dice_move_goods_from_the_display_to_the_cities",),
    "layer.growth.printed_slots": (CHANGE,),
    "layer.growth.new_city_slots": (CHANGE,),
    "layer.growth.production": (
        CHANGE,
        ST + "test_production_puts_drawn_goods_on_empty_slots_of_cities_on_the_map",
    ),
    "game_end.turns": (ST + "test_the_game_ends_after_the_standard_number_of_turns",),
    "layer.ranking.table": (
        ST + "test_profitability_ranking_moves",
        ST + "test_the_cross_check_row_is_that_of_the_income_at_the_start_of_the_turn",
    ),
    "layer.ranking.moves": (CHANGE, ST + "test_profitability_ranking_moves"),
    "layer.ranking.few": (ST + "test_profitability_ranking_moves",),
    "layer.final_dividend": (
        HERE + "test_without_a_final_dividend_the_last_turn_pays_none",
        ST + "test_the_final_dividend_worked_example",
    ),
}
"""Field path → the tests that show it is read (see the module's docstring)."""


def _exists(test_id: str) -> bool:
    """Whether ``file.py::name`` names a test function (``file.py::`` a test module)."""
    file, _, name = test_id.partition("::")
    if not (ROOT / "tests" / file).is_file():
        return False
    if not name:
        return True
    module = importlib.import_module(file.removesuffix(".py"))
    return callable(getattr(module, name, None)) and name.startswith("test_")


REGISTRY.update(
    {
        # a corporation's earned tile actions are its turns' slots, read as rules.track.lays
        f"corporations.abilities[station_lays].lays.{name}": (
            JPT + "test_tobu_lays_twice_once_it_has_a_station_in_asakusa",
            *(t for t in REGISTRY[f"rules.track.lays.{name}"] if t != CHANGE),
        )
        for name in (
            "lay",
            "upgrade",
            "cost",
            "upgrade_cost",
            "min_cost",
            "same_hex",
            "requires",
            "home_cost_first",
        )
    }
)


def test_every_field_has_a_test():
    """Every field of the title models is in the registry with at least one existing test
    (the pending company abilities excepted, but listed); every registry entry is a field."""
    fields = title_fields()
    missing = [f for f in fields if not REGISTRY.get(f)]
    assert not missing, "fields with no test that shows them read:\n  " + "\n  ".join(missing)
    stale = sorted(set(REGISTRY) - set(fields))
    assert not stale, f"registry entries that are not fields of the models: {stale}"
    unknown = sorted({t for tests in REGISTRY.values() for t in tests if not _exists(t)})
    assert not unknown, f"registry entries name tests that do not exist: {unknown}"
    unchanged = sorted(f for f in CHANGED if CHANGE not in REGISTRY.get(f, ()))
    assert not unchanged, f"bot-game changes not registered: {unchanged}"
    unplayed = sorted(f for f, tests in REGISTRY.items() if CHANGE in tests and f not in CHANGED)
    assert not unplayed, f"registered as changing a bot game but without a change: {unplayed}"
