"""``18xx import`` (framework/convert, framework/cli/importer.py): the conventions of
18xx.games data, the command's promises (a clear message without Ruby, nothing
overwritten without --force, the same files on a second run, a title that cannot be
converted said so while the others are), and the files it writes (plain YAML, each
with the schema line first)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from oracle_support import ORACLE, imported_title, need_oracle
from typer.testing import CliRunner

from framework.cli.main import app
from framework.convert import run, source
from framework.convert.codes import read_code
from framework.convert.gaps import Gaps
from framework.convert.stock import ZONES, convert_market
from framework.convert.title import merge_patch

runner = CliRunner()


def test_diesel_revenue_is_the_d_trains():
    read = read_code("offboard=revenue:yellow_30|brown_60|diesel_100;path=a:0,b:_0")
    assert read.content["offboards"] == [{"revenue": {"yellow": 30, "brown": 60, "D": 100}}]


def test_a_bare_upgrade_cost_is_a_cost_of_no_terrain_kind():
    assert read_code("city=revenue:0;upgrade=cost:80").content["terrain"] == {"upgrade": 80}
    assert read_code("upgrade=cost:80,terrain:water|mountain").content["terrain"] == {"water": 80}


def test_port_icons_are_sticky_and_blocks_lay_makes_a_tile_ability_only():
    read = read_code("town=revenue:30;path=a:0,b:_0;icon=image:port,blocks_lay:1")
    assert read.content["icons"] == ["port"] and read.ability_only


def test_a_close_cell_is_a_zone_that_closes_and_may_cost_nothing():
    gaps = Gaps()
    market = convert_market([["0c", "10", "20p"]], {}, gaps)
    assert market["grid"] == [["0c", "10", "20p"]]
    assert market["zones"]["close"] == {"mark": "c", "closes": True, "description": ZONES["c"][2]}
    assert not gaps.by_section.get("market")


def test_an_untyped_border_is_not_impassable():
    assert "borders" not in read_code("offboard=revenue:30;path=a:0,b:_0;border=edge:4").content
    typed = read_code("border=edge:4,type:impassable").content
    assert typed["borders"] == [{"edge": 4, "type": "impassable"}]


def test_what_only_draws_is_dropped_and_what_the_format_lacks_is_named():
    read = read_code("city=revenue:20,loc:1,hide:1;frame=color:red;junction;path=a:0,b:_0")
    assert "junction part" in read.gaps
    assert not any("frame" in gap or "loc" in gap for gap in read.gaps)


def test_market_letters_the_format_has_no_zone_for_are_named_and_still_marked():
    gaps = Gaps()
    market = convert_market([["0", "50", "60p", "70m"], [""]], {}, gaps)
    assert market["grid"] == [[None, "50", "60p", "70m"]]
    assert market["zones"]["par"]["par"] is True and market["zones"]["max_price"]["mark"] == "m"
    assert any("a price of nothing" in g for g in gaps.by_section["market"])
    assert any("max_price" in g for g in gaps.by_section["market"])
    assert any("row with no cell" in g for g in gaps.by_section["market"])


def test_a_variant_is_the_merge_patch_between_two_conversions():
    assert merge_patch({"a": 1, "b": {"c": 2, "d": 3}}, {"a": 1, "b": {"c": 4}, "e": 5}) == {
        "b": {"c": 4, "d": None},
        "e": 5,
    }


def test_without_ruby_the_command_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setattr(source.shutil, "which", lambda name: None)
    result = runner.invoke(app, ["import", str(tmp_path), "--all", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "apt-get install ruby" in result.output
    assert not (tmp_path / "out").exists()


def test_a_source_without_an_engine_is_refused(tmp_path):
    if shutil.which("ruby") is None:
        pytest.skip("needs ruby (Debian: apt-get install ruby)")
    result = runner.invoke(app, ["import", str(tmp_path), "--all", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "no 18xx.games engine" in result.output


def test_a_title_that_cannot_be_converted_says_why_and_the_others_still_are(monkeypatch, tmp_path):
    from contextlib import contextmanager

    good = json.loads((Path(__file__).parent / "data" / "convert_minimal.json").read_text(encoding="utf-8"))

    @contextmanager
    def dumped(_source, titles):
        yield {"Good": good, "Broken": "NoMethodError: the engine refused to build it"}

    monkeypatch.setattr(run, "dumped", dumped)
    monkeypatch.setattr(run, "list_titles", lambda _source: {"Good": "production", "Broken": "alpha"})
    outcomes = run.import_titles(tmp_path, [], tmp_path / "out", every=True)
    by_title = {o.title: o for o in outcomes}
    assert by_title["Broken"].folder is None and "NoMethodError" in (by_title["Broken"].reason or "")
    assert by_title["Good"].valid, by_title["Good"].problems


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    need_oracle()
    out = tmp_path_factory.mktemp("imported")
    titles = ["-t", "1889", "-t", "1850Jr"]  # in two processes: the same folders, as the next test shows
    result = runner.invoke(
        app, ["import", str(ORACLE / "reference"), *titles, "--out", str(out), "--json", "--workers", "2"]
    )
    assert result.exit_code == 0, result.output
    return out, json.loads(result.output)


def test_the_command_writes_a_folder_that_validates_with_its_gaps(imported):
    out, report = imported
    assert report["converted"] == 2 and report["valid"] == 2
    assert [t["title"] for t in report["titles"]] == ["1889", "1850Jr"]  # in the order asked
    folder = out / "1889"
    assert (folder / "GAPS.md").read_text(encoding="utf-8").startswith("# 1889:")
    for path in [*folder.glob("*.yaml"), *folder.glob("variants/*.yaml")]:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = first.split("$schema=", 1)[1]
        assert (path.parent / schema).is_file(), path


def test_a_second_run_changes_nothing_and_never_overwrites_without_force(imported):
    """A second run, in one process, finds the folder the first wrote in two unchanged, and
    keeps one a user edited."""
    out, _ = imported
    source_dir = str(ORACLE / "reference")
    market = out / "1889" / "market.yaml"
    mine = market.read_text(encoding="utf-8") + "# my note\n"
    market.write_text(mine, encoding="utf-8")
    again = runner.invoke(app, ["import", source_dir, "-t", "1889", "-t", "1850Jr", "--out", str(out)])
    assert "1850Jr: unchanged" in again.output and "1889: unchanged" not in again.output
    assert "exists, kept" in again.output and market.read_text(encoding="utf-8") == mine
    forced = runner.invoke(app, ["import", source_dir, "-t", "1889", "--out", str(out), "--force"])
    assert "1889: written" in forced.output and "# my note" not in market.read_text(encoding="utf-8")


def test_a_train_limit_by_kind_gives_one_for_each_kind_of_company_the_title_has():
    """18xx.games' 1867 gives its first phase a limit for minors only: converted, it gets
    both kinds; a title that leaves one out is refused, not left to fail in play."""
    from framework.base.problems import ProblemsError
    from framework.title.loader import RulesText, load_title

    title_1830 = Path(__file__).resolve().parents[1] / "titles" / "1830"
    only_minors = RulesText("limits.yaml", "phases: {'2': {train_limit: {minor: 2}}}\n")
    with pytest.raises(ProblemsError, match="needs one for a corporation"):
        load_title(title_1830, rules=[only_minors])
    both = RulesText("limits.yaml", "phases: {'2': {train_limit: {minor: 2, corporation: 4}}}\n")
    assert load_title(title_1830, rules=[both]).phases["2"].train_limit == {"minor": 2, "corporation": 4}


def test_tile_lays_keep_not_if_upgraded_costs_and_the_same_hex_rule():
    from framework.convert.rules import _lays

    gaps = Gaps()
    slots = [
        {"lay": True, "upgrade": True},
        {"lay": "not_if_upgraded", "upgrade": False, "cost": 20, "cannot_reuse_same_hex": True},
    ]
    assert _lays(slots, gaps) == [
        {"lay": True, "upgrade": True},
        {"lay": "not_if_upgraded", "upgrade": False, "cost": 20, "same_hex": False},
    ]
    assert not gaps.by_section


def test_a_depot_limit_comes_from_the_step_and_the_phases_status():
    from framework.convert.trains import depot_purchases

    dumped = [{"name": "2", "status": ["limited_train_buy"]}, {"name": "3", "status": []}]
    phases: dict = {"2": {}, "3": {}}
    depot_purchases(phases, dumped, ["BuyTrain"])
    assert phases == {"2": {}, "3": {}}, "the status does nothing without the step"
    depot_purchases(phases, dumped, ["SingleDepotTrainBuy", "SingleDepotTrainBuy"])
    assert phases == {"2": {"depot_purchases": "one"}, "3": {}}
    phases = {"2": {}, "3": {}}
    depot_purchases(phases, dumped, ["BuySingleTrainOfType", "BuySingleTrainOfType"])
    assert phases == {
        "2": {"depot_purchases": "one_of_each_type"},
        "3": {"depot_purchases": "one_of_each_type"},
    }


def test_a_future_label_is_kept_on_the_hex():
    read = read_code("city=revenue:0;upgrade=cost:40,terrain:water;future_label=label:N,color:green")
    assert read.content["future_label"] == {"label": "N", "color": "green"}
    assert not read.gaps


def test_a_hex_s_own_tiles_are_written_where_the_probe_found_them():
    """The dump's ``hex_tiles`` (the title's ``upgrades_to?`` asked hex by hex) gives a hex
    its ``own_tiles``: of tiles the manifest has, in the format's colours."""
    from framework.convert.board import own_tiles

    hexes: dict = {"D10": {"cities": [{"revenue": 0}]}, "F6": {}, "A1": {}}
    probe = {
        "hexes": {"D10": {"green": ["453a"]}, "F6": {"brown": ["999"]}, "Z9": {"green": ["453a"]}},
        "explained": True,
    }
    own_tiles(hexes, probe, {"453a": {"color": "green"}})
    assert hexes == {
        "D10": {"cities": [{"revenue": 0}], "own_tiles": {"green": ["453a"]}},
        "F6": {},
        "A1": {},
    }
    own_tiles(hexes, None, {})  # a title that does not override upgrades_to?
    assert "own_tiles" not in hexes["F6"]


def test_a_library_step_is_written_once_the_one_18xx_games_names_so():
    from framework.convert.rounds import _steps

    def step(own: str, base: str) -> dict:
        return {"class": own, "base": f"Engine::Step::{base}", "methods": []}

    round_ = {
        "steps": [
            step("Engine::Step::Track", "Track"),
            step("Engine::Game::G1866::Step::BuyTrain", "BuyTrain"),
            step("Engine::Step::BuyCompany", "BuyCompany"),
            step("Engine::Game::G1866::Step::EarlyTrain", "BuyTrain"),
            step("Engine::Step::BuyCompany", "BuyCompany"),
        ]
    }
    gaps = Gaps()
    assert _steps(round_, "operating round", set(), gaps) == [
        "home_token",
        "track",
        "buy_train",
        "buy_company",
        {"step": "buy_company", "blocking": True},
    ]
    assert any("another step derived from buy_train" in g for g in gaps.by_section["rounds"])


def test_a_distance_list_becomes_parts_by_kind_of_stop():
    """18xx.games' ``distance`` lists: ``nodes`` → ``stops``, 99 → ``unlimited``, ``pay``
    kept only where it differs from ``visit``, a multiplier kept; one the format cannot
    read is named and written as 2."""
    from framework.convert.trains import _distance

    gaps = Gaps()
    four_d = [
        {"nodes": ["city", "offboard"], "pay": 4, "visit": 4, "multiplier": 2},
        {"nodes": ["town"], "pay": 0, "visit": 99},
    ]
    assert _distance({"name": "4D", "distance": four_d}, gaps) == [
        {"stops": ["city", "offboard"], "visit": 4, "multiplier": 2},
        {"stops": ["town"], "visit": "unlimited", "pay": 0},
    ]
    assert not gaps.by_section
    assert _distance({"name": "X", "distance": [{"nodes": ["halt"], "pay": 1}]}, gaps) == 2
    assert "distance" in " ".join(gaps.by_section["trains"])


def test_a_closing_ability_the_setup_adds_is_read_from_the_built_game():
    """18Chesapeake gives its Cornelius Vanderbilt, in setup, the ability to close when its
    corporation buys a train: not in the company's data, only in the built game."""
    from framework.convert.entities import convert_companies

    data = [
        {
            "sym": "CV",
            "name": "Cornelius Vanderbilt",
            "value": 200,
            "revenue": 30,
            "abilities": [{"type": "shares", "shares": "random_president"}, {"type": "no_buy"}],
        }
    ]
    built = [{"sym": "CV", "abilities": [{"type": "close", "when": ["bought_train"], "corporation": "C&A"}]}]
    companies, _ = convert_companies(data, built, {"C&A"}, Gaps())
    assert companies["CV"]["closes_when_corporation_buys_train"] is True
    companies, _ = convert_companies(data, [{"sym": "CV", "abilities": []}], {"C&A"}, Gaps())
    assert "closes_when_corporation_buys_train" not in companies["CV"]


def test_a_token_ability_keeps_its_prices_and_says_what_it_cannot():
    """18NL's P2: a free token from the charter in nine hexes, reached or not; an ability
    with options the format lacks (a cheater's extra slot) is named and left out."""
    from framework.convert.entities import convert_ability

    gaps = Gaps()
    p2 = {
        "type": "token",
        "owner_type": "corporation",
        "price": 0,
        "teleport_price": 0,
        "when": ["token"],
        "special_only": True,
        "count": 1,
        "from_owner": True,
        "hexes": ["E4", "F9"],
    }
    assert convert_ability(p2, "company P2", set(), gaps) == [
        {
            "type": "token",
            "hexes": ["E4", "F9"],
            "price": 0,
            "teleport_price": 0,
            "from_owner": True,
            "count": 1,
        }
    ]
    assert not gaps.by_section
    assert convert_ability({**p2, "cheater": 1, "neutral": 1}, "company P2", set(), gaps)[0]["beyond_slots"]
    assert not gaps.by_section
    assert convert_ability({**p2, "extra_slot": 1}, "company P2", set(), gaps) == []
    assert "extra_slot" in " ".join(gaps.by_section["companies"])


def test_the_lays_of_a_corporation_just_floated_are_its_first_turns():
    """1850 gives a corporation just floated a second yellow lay (its ``tile_lays`` of a
    corporation in ``@recently_floated``): the first turn's lays, written only when they
    differ from the others."""
    from framework.convert.rules import convert_rules

    one = [{"lay": True, "upgrade": True}]
    two = [*one, {"lay": "not_if_upgraded", "upgrade": False}]
    rules, _ = convert_rules({}, [], Gaps(), one, two)
    assert rules["track"]["first_turn_lays"] == two
    rules, _ = convert_rules({}, [], Gaps(), one, one)
    assert "first_turn_lays" not in rules["track"]


def test_minors_lays_are_written_where_they_differ_with_home_cost_first():
    """18MEX's minors lay one yellow tile (``tile_lays`` of a minor), and none while they
    cannot pay for their unbuilt home hex (its track step, asked); 18EU's minors lay a
    second yellow tile in their first turn, which stays a gap."""
    from framework.convert.rules import convert_rules

    two = [{"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False}]
    one = [{"lay": True, "upgrade": False}]
    asked = {"minor": True, "corporation": False}
    minors = {"lays": one, "first": one}
    rules, _ = convert_rules({}, [], Gaps(), two, minor_lays=minors, home_cost_first=asked)
    assert rules["track"]["minor_lays"] == [{"lay": True, "upgrade": False, "home_cost_first": True}]
    assert not any("home_cost_first" in slot for slot in rules["track"]["lays"])
    rules, _ = convert_rules({}, [], Gaps(), two, minor_lays={"lays": two, "first": two})
    assert "minor_lays" not in rules["track"]
    gaps = Gaps()
    rules, _ = convert_rules({}, [], gaps, two, minor_lays={"lays": one, "first": [*one, *one]})
    assert rules["track"]["minor_lays"] == one
    assert "minors' first operating turn" in " ".join(gaps.by_section["rules"])


def test_a_tile_lay_is_special_unless_it_says_not_and_keeps_its_discount():
    """18xx.games' tile_lay abilities are special (labels and stops not checked) unless
    ``special: false``; 18MEX's KCMO has $60 off its lay in F5."""
    from framework.convert.entities import convert_ability

    kcmo = {
        "type": "tile_lay",
        "hexes": ["F5"],
        "tiles": ["470"],
        "count": 1,
        "when": "track",
        "discount": 60,
    }
    gaps = Gaps()
    [lay] = convert_ability(kcmo, "company KCMO", set(), gaps)
    assert lay["discount"] == 60 and lay["special"] is True
    [lay] = convert_ability({**kcmo, "special": False, "discount": 0}, "company KCMO", set(), gaps)
    assert "special" not in lay and "discount" not in lay
    assert not gaps.by_section


def test_a_tile_lay_anywhere_per_round_and_for_a_cost_is_written_so():
    """1850's Galveston, Brazos & Colorado: 18xx.games' empty ``hexes`` (any hex), no
    ``count`` (no limit), ``count_per_or`` and ``cost``; the 1822 family's "two yellow
    tiles or one upgrade" (``lay_count``, ``upgrade_count``, empty ``tiles``)."""
    from framework.convert.entities import convert_ability

    gbc = {"type": "tile_lay", "owner_type": "corporation", "reachable": True, "special": False}
    gbc |= {"when": "track", "hexes": [], "tiles": ["7", "8"], "count_per_or": 1, "cost": 30}
    gaps = Gaps()
    [lay] = convert_ability(gbc, "company GBC", set(), gaps)
    assert lay == {
        "type": "tile_lay",
        "tiles": ["7", "8"],
        "per_round": 1,
        "cost": 30,
        "connected": True,
        "when": ["track"],
    }
    p7 = {"type": "tile_lay", "when": ["track"], "lay_count": 2, "upgrade_count": 1, "hexes": [], "tiles": []}
    [lay] = convert_ability(p7, "company P7", set(), gaps)
    assert (lay["count"], lay["upgrade_count"]) == (2, 1) and "hexes" not in lay and "tiles" not in lay
    assert not gaps.by_section


def test_companies_a_title_s_setup_closes_or_its_auction_never_offers():
    """Under every seed: 18Norway's B companies closed each time are in the game for no
    player count; 18SJ's NEFT, open and never in the auction's list, is not auctioned.
    1828's GT, left out under some seeds only (a draw), and 1868 Wyoming's P4a, taken off
    the game's list under some seeds, are left alone."""
    from framework.convert.title import _offered, _same_players

    companies = {sym: {"name": sym} for sym in ("P2A", "P2B", "NEFT", "GT", "P4a")}
    everyone = ["P2A", "NEFT", "GT"]
    offers = [
        {"offered": ["P2A", "GT", "P4a"], "closed": ["P2B"], "open": [*everyone, "P4a"]},
        {"offered": ["P2A"], "closed": ["P2B"], "open": everyone},
        {"offered": ["P2A", "GT"], "closed": ["P2B"], "open": everyone},
        {"offered": ["P2A"], "closed": ["P2B"], "open": everyone},
    ]
    gaps = Gaps()
    _offered(companies, offers, gaps)
    assert companies == {
        "P2A": {"name": "P2A"},
        "P2B": {"name": "P2B", "players": []},
        "NEFT": {"name": "NEFT", "auction": False},
        "GT": {"name": "GT"},
        "P4a": {"name": "P4a"},
    }
    _offered(companies, {"_error": "NoMethodError"}, gaps)
    # a variant whose setup keeps P2B open gets no `players: []` from the base title
    variant = {"companies": {"P2B": {"name": "P2B"}, "GT": {"name": "GT"}}}
    _same_players(variant, {"companies": {**companies, "GT": {"players": [4, 5]}}})
    assert variant == {"companies": {"P2B": {"name": "P2B"}, "GT": {"name": "GT", "players": [4, 5]}}}


def test_a_company_the_built_game_closes_on_its_lay_closes_when_used_up():
    from framework.convert.title import _lays_closing

    companies = {"KCMO": {"abilities": [{"type": "tile_lay", "count": 1}]}, "MIR": {"abilities": []}}
    _lays_closing(companies, ["KCMO"])
    assert companies["KCMO"]["abilities"] == [{"type": "tile_lay", "count": 1, "closes_when_used_up": True}]
    _lays_closing(companies, {"_error": "NoMethodError"})
    assert companies["MIR"] == {"abilities": []}


def test_company_prices_of_half_to_one_and_a_half_times_face_value_are_kept():
    """1888's and 18AL's companies sell for 50% to 150% of their value: 18xx.games
    builds them with prices such as 12.5 and 37.5, which set the range all the same."""
    from framework.convert.entities import convert_companies

    data = [{"sym": "KT", "name": "KT", "value": 25, "revenue": 5}, {"sym": "TA", "name": "TA", "value": 50}]
    built = [
        {"sym": "KT", "value": 25, "min_price": 12.5, "max_price": 37.5},
        {"sym": "TA", "value": 50, "min_price": 25.0, "max_price": 75.0},
    ]
    _, sales = convert_companies(data, built, set(), Gaps())
    assert sales == {"min": 0.5, "max": 1.5}


@pytest.fixture(scope="module")
def mexico(tmp_path_factory):
    """18MEX converted: its code leaves a company out but for a variant, and its first
    step makes the buyer of three companies the owner of three minors."""
    return imported_title(tmp_path_factory.mktemp("mexico"), "18MEX")


def test_a_company_the_title_s_code_leaves_out_is_left_out_but_where_a_variant_keeps_it(mexico):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    assert "CdB" not in yaml.load(mexico / "companies.yaml")["companies"]
    assert "CdB" in yaml.load(mexico / "variants" / "baja-variant.yaml")["companies"]
    assert "company CdB: left out" in (mexico / "GAPS.md").read_text()


def test_buying_a_company_that_hands_over_a_minor_controls_it_and_the_minor_keeps_its_trains(mexico):
    """18MEX's minors A, B and C go to the buyers of the companies A, B and C (asked of a
    fresh game's auction step), start with a 2-train, and corporations may not buy those
    companies."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    companies = yaml.load(mexico / "companies.yaml")["companies"]
    minors = yaml.load(mexico / "corporations.yaml")["minors"]
    for sym in ("A", "B", "C"):
        assert {"type": "controls_minor", "minor": sym, "corporation_purchase": "forbidden"} in companies[
            sym
        ]["abilities"]
        assert minors[sym]["trains"] == ["2"]
    assert not any(
        a["type"] == "controls_minor"
        for c in ("MCAR", "KCMO", "MIR", "MNR")
        for a in companies[c].get("abilities", [])
    )


def test_a_train_the_setup_sets_aside_is_not_the_depot_s():
    """18GA's setup gives its last 2-train to a neutral corporation, for the Ocilla
    Southern's code to hand out: the depot starts with one 2-train fewer."""
    from framework.convert.title import depot_counts

    gaps = Gaps()
    counts = depot_counts({"train_counts": {"2": 6, "3": 4}, "set_aside_trains": ["2"]}, gaps)
    assert counts == {"2": 5, "3": 4}
    assert any("sets aside" in g for g in gaps.by_section["trains"])
    assert depot_counts({"train_counts": {"2": 6}, "set_aside_trains": []}, Gaps()) == {"2": 6}


def test_a_minor_the_setup_takes_out_is_left_out():
    """18Mag's setup takes its 'mine' minor out of the game (its stations become neutral
    ones): a minor the built game lacks is left out, and GAPS.md says so."""
    from framework.convert.entities import convert_minors

    data = [
        {"sym": "1", "name": "One", "coordinates": "A1", "color": "black"},
        {"sym": "mine", "name": "mine", "coordinates": "A3", "color": "white"},
    ]
    gaps = Gaps()
    minors = convert_minors(data, [{"sym": "1", "trains": ["2"]}], gaps)
    assert list(minors) == ["1"] and minors["1"]["trains"] == ["2"]
    assert any("minor mine: left out" in g for g in gaps.by_section["corporations"])


def test_a_setup_keeping_one_of_each_listed_group_is_found_between_other_draws():
    """1868 Wyoming's setup, in small: a constant maps K1 and K2 to three companies each;
    the built game lacks both keys and two of each three, drawn after another method's
    numbers and before more of them. The draws found give exactly that, and the keys are
    left out without a draw."""
    from framework.convert.draws import choice_group_draws
    from framework.engine.setup import Lcg, shuffled

    data = ["P1", "K1", "A1", "A2", "A3", "K2", "B1", "B2", "B3"]
    rng = Lcg(1103515245, 12345, 2**31, seed=7)
    rng.draw()
    gone = shuffled(rng, ["A1", "A2", "A3"])[:2] + shuffled(rng, ["B1", "B2", "B3"])[:2]
    rng.draw()
    probe = {
        "seed": 7,
        "removals": [],
        "built_companies": [c for c in data if c not in gone and c not in ("K1", "K2")],
        "draws": ["stacks"] + ["setup"] * 6 + ["forts"],
        "rand_state": rng.state,
    }
    constants = {"CHOICES": {"value": {"K1": ["A1", "A2", "A3"], "K2": ["B1", "B2", "B3"]}}}
    draws, fixed = choice_group_draws(constants, data, {4: probe})
    assert draws == [
        {"unused": "stacks"},
        {"remove": ["A1", "A2", "A3"], "count": 2},
        {"remove": ["B1", "B2", "B3"], "count": 2},
        {"unused": "forts"},
    ]
    assert fixed == ["K1", "K2"]
    assert choice_group_draws(constants, data, {4: {**probe, "rand_state": 1}}) is None


def test_a_probed_half_dividend_that_never_moves_the_price_becomes_half_move():
    """``dump.rb``'s ``dividend_moves`` for a step like 1870's: withheld left, any dividend
    right (at a price of 10 a twentieth of it pays nothing, as withheld), every half
    dividend that keeps something still; samples of half dividends that differ give none."""
    from framework.convert.dividends import probed_dividends

    samples = [[p, k, "left" if k * p // 20 == 0 else "right", 1] for p in (10, 64) for k in range(5)]
    probed = {"kinds": ["payout", "half", "withhold"], "samples": samples, "half": [[64, 4, None, 0]] * 2}
    assert probed_dividends(probed) == {
        "withhold": ["left"],
        "payout": [{"at_least": 0.0, "move": ["right"]}],
        "kinds": ["payout", "half", "withhold"],
        "half_move": [],
    }
    probed["half"] = [[64, 2, None, 0], [64, 4, "right", 1]]
    assert "half_move" not in (probed_dividends(probed) or {})
