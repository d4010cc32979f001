"""18Rhl, converted from 18xx.games at run time, against its real game: priority deal
goes to the player with the most cash (``stock.priority: most_cash``, probed from the
title's ``reorder_players``), nobody sells shares of a corporation before it operates
(``stock.sell_before_operating: nobody``, 18xx.games' ``SELL_AFTER = :operate``) and the
director's certificate of RhE closes once RhE's par is set (``closes_when_par_set``, from
its ``close`` ability ``when: par``). The game replays its first stock round to its end;
what stops it now is RhE's first lay, whose recorded automatic action checks RhE's
Köln–Düren–Aachen link (``destination_connection``), which the format has no action for.
"""

from __future__ import annotations

import pytest
from oracle_support import ORACLE, imported_title

from framework.record.gamefile import GameFile
from framework.record.replay import replay, title_for

GAME = ORACLE.parent / "fixtures" / "18Rhl" / "18Rhl_game_end_bank.json"


@pytest.fixture(scope="module")
def the_18rhl(tmp_path_factory):
    return imported_title(tmp_path_factory.mktemp("the18rhl"), "18Rhl")


def test_18rhl_converts_its_priority_sales_and_director_s_certificate(the_18rhl):
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe")
    title = yaml.load((the_18rhl / "title.yaml").read_text(encoding="utf-8"))
    assert title["rules"]["stock"]["priority"] == "most_cash"
    assert title["rules"]["stock"]["sell_before_operating"] == "nobody"
    companies = yaml.load((the_18rhl / "companies.yaml").read_text(encoding="utf-8"))["companies"]
    assert companies["RhE"]["closes_when_par_set"] is True
    assert "closes par" not in (the_18rhl / "GAPS.md").read_text(encoding="utf-8")


def test_the_real_18rhl_game_replays_past_its_first_priority_deal(the_18rhl):
    """ "14: Player 3 has priority deal as having the most cash": Player 3 buys at 17.
    Before ``most_cash`` Player 1 had priority and the replay stopped at 17. The empty
    destination checks after it are accepted; the first that finds RhE's destination
    reached (action 83, its Köln–Aachen bonus) is not played yet."""
    record = GameFile.read(GAME)
    outcome = replay(record, title_for(record, the_18rhl))
    assert outcome.actions >= 29
    assert outcome.failed_action is not None and outcome.failed_action["id"] == 83
