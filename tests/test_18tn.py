"""18TN, converted from 18xx.games at run time, against its real game: the Civil War of
the 3' train (the ``lose_weakest_run`` event), the Louisville and Nashville Railroad that
closes once L&N's par is set (``closes_when_par_set``) and the green Nashville tile whose
brown upgrade is the ``P`` tile (a tile's ``future_label``). House-ruled copies of the
converted title show that each changes play.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, house_ruled, imported_title, replayed_to

from framework.base.errors import GameError
from framework.engine.choices import legal_actions
from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

FIXTURES = ORACLE.parent / "fixtures" / "18TN"
GAME = FIXTURES / "7818.json"
"""Four players, to the bank's end: L&N parred at 20 (LNR closes), the 3' train and its
Civil War at 190, IC's two trains at 195 (one run given up), GMO's single train at 202
(its run lost, no dividend asked, its price standing), the P tile in Nashville at 319."""


@pytest.fixture(scope="module")
def the_18tn(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18tn"), "18TN")


def test_the_real_18tn_game_reaches_its_recorded_result(the_18tn):
    """Before these features it stopped at action 204 (GMO asked for a dividend)."""
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, the_18tn))
    assert outcome.failure is None, outcome.failure
    assert outcome.verdict == "matches"


def test_18tn_converts_its_civil_war_lnr_and_p_tile(the_18tn):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title: dict = {}
    for path in the_18tn.glob("*.yaml"):
        title.update(yaml.load(path))
    assert title["trains"]["3'"]["events"] == ["lose_weakest_run"]
    assert title["companies"]["LNR"]["closes_when_par_set"] is True
    assert not title["companies"]["TCC"].get("closes_when_par_set")
    assert title["tiles"]["TN2"]["future_label"] == {"label": "P", "color": "brown"}
    gaps = (the_18tn / "GAPS.md").read_text(encoding="utf-8")
    for said in ("civil_war", "routes_revenue", "step Dividend"):
        assert said not in gaps


def test_the_civil_war_takes_the_weakest_run_of_each_corporation_once(the_18tn, tmp_path):
    """The 3' train at 190 marks every corporation with trains. IC runs two trains for
    $60 each at 195 and pays out $60 (its 60% president gets $36); its mark is then spent.
    Without the event it pays out $120."""
    marked = replayed_to(the_18tn, GAME, 190)
    assert {s for s, c in marked.corporations.items() if c.counters.get("loses_weakest_run")} == {
        "SR",
        "GMO",
        "L&N",
        "IC",
    }
    before, after = replayed_to(the_18tn, GAME, 195), replayed_to(the_18tn, GAME, 196)
    assert after.players_by_id["797"].cash - before.players_by_id["797"].cash == 36
    assert not after.corporations["IC"].counters["loses_weakest_run"]
    peace = house_ruled(the_18tn, tmp_path, "trains.yaml", "events: [lose_weakest_run]", "events: []")
    before, after = replayed_to(peace, GAME, 195), replayed_to(peace, GAME, 196)
    assert after.players_by_id["797"].cash - before.players_by_id["797"].cash == 72


def test_a_single_train_s_run_is_lost_and_its_price_stands(the_18tn, tmp_path):
    """GMO runs its one train at 202: it earns nothing, no dividend is asked and its price
    stays at 40 (18xx.games goes on with its train purchase at 204). Without the event
    a dividend is waited for and 204 is refused."""
    game = replayed_to(the_18tn, GAME, 202)
    assert game.market.price("GMO") == 40
    assert game.corporations["GMO"].cash == 430
    assert "dividend" not in legal_actions(game)["GMO"]
    peace = house_ruled(the_18tn, tmp_path, "trains.yaml", "events: [lose_weakest_run]", "events: []")
    with pytest.raises(GameError, match="dividend"):
        replayed_to(peace, GAME, 204)


def test_lnr_closes_once_l_n_s_par_is_set(the_18tn, tmp_path):
    """Player 3 pars L&N at 20 and the Louisville and Nashville Railroad closes; without
    ``closes_when_par_set`` Player 3 keeps it."""
    assert replayed_to(the_18tn, GAME, 19).companies["LNR"].owner == "523"
    assert replayed_to(the_18tn, GAME, 20).companies["LNR"].closed
    kept = house_ruled(the_18tn, tmp_path, "companies.yaml", "    closes_when_par_set: true\n", "")
    assert replayed_to(kept, GAME, 20).companies["LNR"].owner == "523"


def test_the_green_nashville_tile_is_upgraded_only_to_a_p_tile(the_18tn, tmp_path):
    """L&N lays the brown P tile (170) on Nashville's green N tile at 319; with the N
    tile's ``future_label`` gone, the N label stays and the P tile is refused."""
    replayed_to(the_18tn, GAME, 319)
    label = "    label: N\n    future_label: {label: P, color: brown}\n"
    without = house_ruled(the_18tn, tmp_path, "tiles.yaml", label, "    label: N\n")
    with pytest.raises(GameError, match="label"):
        replayed_to(without, GAME, 319)
