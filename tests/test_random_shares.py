"""A company that comes with a share of a corporation drawn at setup (``shares`` with
``corporation: random`` and ``among``, 18xx.games' ``random_share``), and setup draws
kept only for their place in the order (``unused``): played here on 1830, whose
Camden & Amboy is given a random share, and checked on 1882's Trestle Bridge."""

from __future__ import annotations

from pathlib import Path

import pytest
from oracle_support import ORACLE, need_oracle

from framework.base.problems import ProblemsError
from framework.convert.gaps import Gaps
from framework.convert.title import setup_draws
from framework.engine.setup import Lcg, random_setup
from framework.engine.steps.auction import give_company
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, recorded, title_for
from framework.title.loader import RulesText, load_title

TITLE = Path(__file__).resolve().parents[1] / "titles" / "1830"
FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures"
AMONG = ["NYC", "B&O", "C&O"]
GENERATOR = "{kind: lcg, multiplier: 1103515245, increment: 12345, modulus: 2147483648}"
RANDOM_CA = RulesText(
    "random_ca.yaml",
    "companies:\n  CA:\n    abilities:\n"
    "      - {type: blocks_hexes, hexes: [H18], owner: [player]}\n"
    f"      - {{type: shares, corporation: random, among: [{', '.join(AMONG)}]}}\n"
    f"setup:\n  generator: {GENERATOR}\n"
    "  draws:\n    - {unused: the title's own event}\n    - {corporation_for: CA}\n",
)


def test_the_draw_picks_among_the_listed_corporations_after_the_unused_draw():
    title = load_title(TITLE, rules=[RANDOM_CA])
    drawn = set()
    for seed in range(1, 40):
        rng = Lcg(1103515245, 12345, 2**31, seed)
        rng.draw()  # the unused draw
        expected = AMONG[rng.draw() % len(AMONG)]
        assert random_setup(title, seed).drawn == {"CA": expected}
        drawn.add(expected)
    assert drawn == set(AMONG)


def test_the_buyer_receives_a_share_of_the_drawn_corporation():
    from framework.bots.play import new_session

    game = new_session(TITLE, 4, 7, rules=[RANDOM_CA]).game
    corp = game.corporations[game.setup.drawn["CA"]]
    player = game.players[0].id
    give_company(game, "CA", player)
    assert [s.id for s in corp.shares if s.owner == player] == [f"{corp.sym}_1"]
    assert all(s.owner != player for s in game.corporations["PRR"].shares)


def test_among_needs_a_random_corporation_and_names_corporations():
    fixed = RulesText(
        "fixed.yaml",
        "companies:\n  CA:\n    abilities:\n      - {type: shares, corporation: PRR, among: [NYC]}\n",
    )
    with pytest.raises(ProblemsError, match="'among' goes with a random corporation"):
        load_title(TITLE, rules=[fixed])
    unknown = RulesText("unknown.yaml", RANDOM_CA.text.replace("C&O]", "XYZ]"))
    with pytest.raises(ProblemsError, match="XYZ"):
        load_title(TITLE, rules=[unknown])


def test_the_converter_keeps_the_order_of_18xx_games_draws():
    companies = {
        "TB": {"abilities": [{"type": "shares", "corporation": "random", "among": ["CNR", "HBR"]}]},
        "HB": {"abilities": [{"type": "blocks_hexes", "hexes": ["C11"]}]},
    }
    gaps = Gaps()
    draws = setup_draws(companies, ["init_train_handler", "init_company_abilities"], gaps)
    assert draws == [{"unused": "init_train_handler"}, {"corporation_for": "TB"}]
    assert any("init_train_handler" in g for g in gaps.by_section["title"])
    assert setup_draws({"HB": companies["HB"]}, ["init_train_handler"], Gaps()) == []


def test_1882s_trestle_bridge_comes_with_the_share_18xx_games_drew(tmp_path):
    """A real 1882 game (seed 26178): 18xx.games' log says "Trestle Bridge comes with a
    10% share of HBR", so HBR floats when a player buys its fifth 10% (action 34)."""
    need_oracle()
    from framework.convert.run import import_titles

    [outcome] = import_titles(ORACLE / "reference", ["1882"], tmp_path, every=False, force=True)
    assert outcome.valid, outcome.reason
    record = GameFile.read(FIXTURES / "1882" / "hs_fxmfdndg_26178.json")
    title = title_for(record, Path(outcome.folder))
    game = new_game(record, title)
    assert game.setup.drawn == {"TB": "HBR"}
    for action in record.effective():
        if action["id"] > 34:
            break
        game.process(recorded(game, record, action))
    hbr = game.corporations["HBR"]
    owner = game.companies["TB"].owner
    assert "HBR_1" in [s.id for s in hbr.shares if s.owner == owner]
    assert hbr.floated and hbr.cash == 10 * 76
