"""``tools/conform_catalogue.py`` without Ruby: the per-title summary of hand-made game
records, the histogram of first refusals, and its section of a title's GAPS.md, put in
once and replaced (never repeated) on a re-run."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from conform import Played, Spec  # noqa: E402
from conform_catalogue import (  # noqa: E402
    SECTION,
    accepted_to_end,
    crash_list,
    game_record,
    histogram,
    oracle_record,
    player_counts,
    problem_of,
    refusal_family,
    replace_section,
    section_text,
    summarize,
    write_section,
)

GAPS = "# X: what the title format does not express\n\nIntro.\n\n## Rounds and steps\n\n- a step\n"


def game(status: str = "finished", actions: int = 100, **oracle: Any) -> dict[str, Any]:
    """A game record as the tool makes it; ``oracle`` overrides an accepted verdict."""
    verdict = {"accepted": True, "refused": None, "finished": True, "result_equal": True, **oracle}
    return {
        "game": f"seed 1 4p heuristic {status}",
        "seed": 1,
        "players": 4,
        "bot": "heuristic",
        "actions": actions,
        "seconds": 1.0,
        "status": status,
        "failure": None,
        "crash": None,
        "file": "x.json",
        "oracle": verdict,
    }


def refused(at: int, kind: str = "par", message: str = "Blocking step Draft cannot process action par at 1"):
    return game(accepted=False, refused={"id": at, "type": kind, "entity": 1, "message": message})


def crashed(actions: int = 5) -> dict[str, Any]:
    record = game("crash", actions)
    record["crash"] = {"type": "KeyError", "message": "'B2'", "where": "framework/board/x.py:12 in f"}
    record["failure"] = "our engine crashed: KeyError"
    return record


def test_a_section_is_appended_once_and_replaced_on_a_rerun(tmp_path):
    first = f"{SECTION}\n\nold verdict\n\n- a game\n"
    text = replace_section(GAPS, first)
    assert text == GAPS + "\n" + first
    assert replace_section(text, first) == text
    second = f"{SECTION}\n\nnew verdict\n"
    again = replace_section(text, second)
    assert again == GAPS + "\n" + second and again.count(SECTION) == 1
    # a section followed by another keeps what follows, and no trailing newline is needed
    middle = replace_section(GAPS.replace("## Rounds", f"{SECTION}\n\nold\n\n## Rounds"), second)
    assert middle.count(SECTION) == 1 and "old" not in middle and middle.endswith("- a step\n")
    assert middle.index(SECTION) < middle.index("## Rounds")
    assert replace_section("# T\nno newline", second) == "# T\nno newline\n\n" + second
    gaps = tmp_path / "GAPS.md"
    gaps.write_text(GAPS, encoding="utf-8")
    assert write_section(gaps, first) and not write_section(gaps, first)
    assert write_section(gaps, second) and gaps.read_text(encoding="utf-8") == GAPS + "\n" + second


def test_the_summary_names_the_earliest_refusal_before_any_crash():
    games = [crashed(3), refused(40), refused(12, "bid", "Bid too low (100 < 110)"), game()]
    summary = summarize("T", games)
    assert (summary["validates"], summary["starts"], summary["games"]) == (True, True, 4)
    assert (summary["finished"], summary["accepted"], summary["result_equal"]) == (3, 1, 1)
    first = summary["first"]
    assert (first["kind"], first["at"], first["type"]) == ("refused", 12, "bid")
    assert summary["crashes"] == [games[0]["crash"]]
    text = section_text(summary)
    assert text.startswith(SECTION + "\n\n") and text.endswith("\n")
    assert "The first refusal: action 12 (`bid`)" in text and "Bid too low" in text
    assert text.count("\n- seed 1, 4 players, heuristic bot:") == 4
    assert "our crash: `KeyError` at framework/board/x.py:12 in f" in text


def test_without_a_refusal_the_crash_comes_first_and_accepted_games_say_so():
    summary = summarize("T", [game(), crashed(7)])
    assert summary["first"]["kind"] == "crash" and summary["first"]["at"] == 8
    assert "refused nothing played" in section_text(summary)
    fine = summarize("T", [game(), game()])
    assert fine["first"] is None and fine["accepted"] == fine["result_equal"] == 2
    assert "accepted all 2 to the end, with the same result" in section_text(fine)
    other = summarize("T", [game(result_equal=False)])
    assert other["first"]["kind"] == "result" and other["result_equal"] == 0 and other["accepted"] == 1


def test_a_title_that_does_not_validate_or_set_up_does_not_start():
    invalid = {**game("setup-invalid", 0), "oracle": None, "failure": "map.yaml:1:1: bad"}
    summary = summarize("T", [invalid, invalid])
    assert not summary["validates"] and not summary["starts"] and summary["finished"] == 0
    assert summary["first"]["kind"] == "invalid"
    assert "No game starts here" in section_text(summary)
    hang = {
        **game("setup-hang", 0),
        "oracle": None,
        "crash": {"type": "Hung", "message": "", "where": "g.py:3"},
    }
    hung = summarize("T", [hang])
    assert hung["validates"] and not hung["starts"] and hung["first"]["kind"] == "hang"
    lists = crash_list(
        [hung, summarize("U", [crashed()]), summarize("V", [crashed()])], {"T": "t", "U": "u", "V": "v"}
    )
    assert [(c["kind"], c["titles"]) for c in lists] == [("crash", ["U", "V"]), ("hang", ["T"])]
    assert lists[0]["reproduce"] == "18xx play u -p 4 -s 1 --bot heuristic"


def test_the_histogram_counts_alike_refusals_together():
    titles = [
        summarize("A", [refused(1, "par", "Blocking step Draft Companies cannot process action par at 1")]),
        summarize("B", [refused(3, "par", "Blocking step Draft Companies cannot process action par at 3")]),
        summarize("C", [game(), game()]),
        summarize("D", [crashed()]),
    ]
    counts = histogram(titles)
    assert counts["par: Blocking step Draft Companies cannot process action par at N"] == 2
    assert counts["(every game accepted, same result)"] == 1
    assert counts["(nothing refused; our engine crashed: KeyError)"] == 1
    families = histogram(
        [
            *titles,
            summarize("E", [refused(9, "pass", "Blocking step Buy Trains cannot process action pass at 9")]),
        ],
        refusal_family,
    )
    assert families["the first action: 18xx.games plays the title's own first round"] == 1
    assert (
        families["par: 18xx.games is at another step"] == families["pass: 18xx.games is at another step"] == 1
    )
    ruby = {"at": 2, "type": "bid", "text": "comparison of Integer with nil failed"}
    assert refusal_family(ruby) == "bid: 18xx.games' engine fails on the action (a Ruby error)"
    assert (
        refusal_family({"at": 5, "type": "bid", "text": "Minimum bid is $25 for X"})
        == "bid: Minimum bid is N for X"
    )


def test_records_of_what_a_game_process_sent():
    spec = Spec("titles/X", 2, 3, "random", "-")
    played = Played(spec, "x.json", True, "bank", {"1": 5}, [{"id": 1}, {"id": 2}])
    assert game_record(spec, {"played": played, "seconds": 1.25}, 30)["status"] == "finished"
    # a game over before anyone acted checks nothing: not counted as accepted
    empty = game_record(spec, {"played": Played(spec, "x.json", True, "dnf", {"1": 5}, [])}, 30)
    assert empty["status"] == "empty" and not accepted_to_end({**empty, "oracle": {"accepted": True}})
    assert problem_of(empty)["kind"] == "empty"
    crash = {"type": "Hung", "message": "no answer", "where": "framework/engine/game.py:1 in f"}
    hung = Played(spec, "x.json", False, None, {}, [{"id": 1}], "crashed", crash=crash)
    assert game_record(spec, {"played": hung}, 30)["status"] == "hang"
    stopped = Played(spec, "x.json", False, None, {}, [], "unfinished after 30 s", stopped=True)
    assert game_record(spec, {"played": stopped}, 30)["status"] == "timeout"
    assert game_record(spec, {"died": "killed after 80 s", "killed": True}, 30)["status"] == "timeout"
    invalid = game_record(spec, {"played": None, "setup": ("invalid", "bad", None)}, 30)
    assert invalid["status"] == "setup-invalid" and invalid["failure"] == "bad"
    # an action the oracle could not read is named by the id and type its message shows
    broken = {
        "id": None,
        "type": None,
        "entity": None,
        "message": 'NoMethodError: for {"type"=>"par", "id"=>1, ',
    }
    verdict = {"refused": broken, "accepted": False, "our_view": "", "oracle": {"finished": False}}
    kept = oracle_record({**verdict, "result_equal": False, "trace_equal": False, "trace_difference": None})
    assert (kept["refused"]["id"], kept["refused"]["type"]) == (1, "par")


def test_player_counts_begin_with_the_usual_ones():
    assert player_counts(2, 6) == [4, 3, 5, 2, 6]
    assert player_counts(1, 1) == [1]
    assert player_counts(3, 4) == [4, 3]
