"""The HTML replay viewer: its data, that it is self-contained, and — in headless
Chromium — that stepping with the keyboard and the buttons shows the right action
counter, cash and log lines."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from browser_support import browser, watched_page

from framework.engine.actions import NO_EFFECT
from framework.record.gamefile import GameFile
from framework.record.replay import new_game, title_for
from framework.render.viewer import build_viewer

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"


@cache
def record() -> GameFile:
    return GameFile.read(GAME)


@cache
def title():
    return title_for(record())


@cache
def page_html() -> str:
    return build_viewer(record(), title())


def page_data() -> dict:
    match = re.search(r'<script id="data" type="application/json">(.*?)</script>', page_html(), re.S)
    return json.loads(match.group(1))


def played(frames: int):
    """The game after the first ``frames`` actions the viewer shows."""
    game = new_game(record(), title())
    actions = [a for a in record().effective() if a.get("type") not in NO_EFFECT]
    for action in actions[:frames]:
        game.process(action)
    return game


def test_one_frame_per_action_with_the_log_lines_it_wrote():
    data = page_data()
    actions = [a for a in record().effective() if a.get("type") not in NO_EFFECT]
    frames = data["frames"]
    assert len(frames) == len(actions) + 1 > 700
    assert [f["a"][0] for f in frames[1:]] == [a.get("id") for a in actions]
    end = played(len(actions))
    assert [line for f in frames for line in f.get("l", [])] == end.messages
    assert frames[-1]["l"][-1] == "The game ends (bank)"
    labels = [label for _, label in data["rounds"]]
    assert labels[:3] == ["Auction round", "Stock round 1", "Operating round 1.1"]
    routes = [f for f in frames if "r" in f]
    assert len(routes) == sum(1 for a in actions if a["type"] == "run_routes")
    snippets = len(re.findall(r'<g id="s\d+">', page_html()))
    assert all(0 <= s < snippets for f in frames for _, s in f.get("h", []))


def test_page_is_self_contained_and_small():
    html = page_html()
    assert len(html.encode("utf-8")) < 1_000_000
    assert "<script src" not in html and "<link" not in html
    assert set(re.findall(r"https?://[^\s\"')]+", html)) <= {"http://www.w3.org/2000/svg"}


@contextmanager
def viewer_page(page_file: Path) -> Iterator[tuple[Any, list[str]]]:
    """The viewer page in Chromium, and the script errors it raises (the test is skipped
    without a browser, unless ``RAILS18XX_REQUIRE_BROWSER=1``: CI installs one)."""
    with browser() as b:
        page, errors = watched_page(b)
        page.goto(page_file.as_uri())
        yield page, errors


def test_browser_steps_through_the_game(tmp_path):
    page_file = tmp_path / "replay.html"
    page_file.write_text(page_html(), encoding="utf-8")
    data = page_data()
    n = len(data["frames"]) - 1
    money = title().title.money
    with viewer_page(page_file) as (page, errors):
        counter = page.locator("#counter")
        assert counter.inner_text() == f"0 / {n}"
        assert page.locator("#map use").count() == 83

        for _ in range(3):
            page.keyboard.press("ArrowRight")
        assert counter.inner_text() == f"3 / {n}"
        assert page.locator("#log div.now").all_inner_texts() == data["frames"][3]["l"]
        page.keyboard.press("ArrowLeft")
        assert counter.inner_text() == f"2 / {n}"
        page.click("#prev")
        assert counter.inner_text() == f"1 / {n}"
        assert page.locator("#log div.now").inner_text() == "Player 1 bids 225 for NE"

        # the first frame where a player's cash changes: the auction's first purchase
        k = next(i for i, f in enumerate(data["frames"][1:], 1) if "p" in f)
        for _ in range(k - 1):
            page.click("#next")
        assert counter.inner_text() == f"{k} / {n}"
        game = played(k)
        for player in game.players:
            cell = page.locator(f'#players tr[data-player="{player.id}"] td.cash')
            assert cell.inner_text() == money(player.cash)
        assert any("buys" in line for line in page.locator("#log div.now").all_inner_texts())

        # jump to a round, then to the end and back to the start
        target = next(f for f, label in data["rounds"] if label == "Operating round 2.1")
        page.select_option("#round", str(target))
        assert counter.inner_text() == f"{target} / {n}"
        assert "Operating round 2.1" in page.locator("#status").inner_text()
        game = played(target)
        for sym, corp in game.corporations.items():
            if corp.floated and not corp.closed:
                row = page.locator(f'#corporations tr[data-corp="{sym}"] td.treasury')
                assert row.inner_text() == money(corp.cash)
        page.keyboard.press("End")
        assert counter.inner_text() == f"{n} / {n}"
        assert "The game ends (bank)" in page.locator("#log").inner_text()
        end = played(n)
        assert page.locator("#marketbox .market-token").count() == len(end.market.positions)
        for player in end.players:
            cell = page.locator(f'#players tr[data-player="{player.id}"] td.cash')
            assert cell.inner_text() == money(player.cash)
        shot = tmp_path / "viewer.png"
        page.screenshot(path=str(shot))
        page.keyboard.press("Home")
        assert counter.inner_text() == f"0 / {n}"
        assert not errors
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_view_command(tmp_path):
    import typer
    from typer.testing import CliRunner

    from framework.cli.render import register

    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    register(app)
    raw = json.loads(GAME.read_text(encoding="utf-8"))
    raw["actions"] = raw["actions"][:40]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(raw), encoding="utf-8")
    result = CliRunner().invoke(app, ["view", str(short), "--out", str(tmp_path / "short.html")])
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output and (tmp_path / "short.html").read_text(encoding="utf-8").startswith(
        "<!DOCTYPE"
    )

    bids = [a for a in raw["actions"] if a.get("type") == "bid"]
    bids[1]["price"] = 1  # far below the company's value: the replay fails here
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(raw), encoding="utf-8")
    result = CliRunner().invoke(app, ["view", str(broken), "--out", str(tmp_path / "broken.html")])
    assert result.exit_code == 1
    assert f"action {bids[1]['id']} fails" in result.output and "Traceback" not in result.output
    assert "nothing written" in result.output and not (tmp_path / "broken.html").exists()
    partial = ["view", str(broken), "--out", str(tmp_path / "broken.html"), "--partial"]
    result = CliRunner().invoke(app, partial)
    assert result.exit_code == 0, result.output
    assert "the viewer ends there" in result.output
    assert "fails" in (tmp_path / "broken.html").read_text(encoding="utf-8")


# -- 18Steam: numbered turns and the goods layer ----------------------------------------


@cache
def steam_page() -> tuple[GameFile, str]:
    from steam_bot_game import steam_bot_game

    game_file = steam_bot_game()
    return game_file, build_viewer(game_file, title_for(game_file))


def steam_data() -> dict:
    match = re.search(r'<script id="data" type="application/json">(.*?)</script>', steam_page()[1], re.S)
    return json.loads(match.group(1))


def test_steam_turns_are_numbered_and_frames_carry_the_goods_layer():
    data = steam_data()
    labels = [label for _, label in data["rounds"]]
    assert labels[:3] == ["Turn 1 · shares", "Turn 1 · turn order", "Turn 1 · actions"]
    assert all(re.fullmatch(r"Turn \d+ · [a-z ]+", label) for label in labels)
    assert len(set(labels)) == len(labels)
    assert data["layer"] == {
        "columns": ["price", "treasury", "income", "locomotive", "expenses", "links", "president"]
    }
    assert any("g" in f for f in data["frames"]) and any("gp" in f for f in data["frames"])
    moves = [f for f in data["frames"] if f["a"][1] == "move_goods"]
    assert moves and all(f["r"] and f["r"][0]["s"] for f in moves)
    snippets = len(re.findall(r'<g id="s\d+">', steam_page()[1]))
    assert all(-1 <= s < snippets for f in data["frames"] for _, s in f.get("g", []))


def test_browser_shows_the_steam_goods_layer_and_numbered_turns(tmp_path):
    game_file, html = steam_page()
    page_file = tmp_path / "steam.html"
    page_file.write_text(html, encoding="utf-8")
    data = steam_data()
    n = len(data["frames"]) - 1
    end = new_game(game_file, title_for(game_file))
    for action in game_file.effective():
        if action.get("type") not in NO_EFFECT:
            end.process(action)
    money = end.title.title.money
    with viewer_page(page_file) as (page, errors):
        options = page.locator("#round option").all_inner_texts()
        assert options[0] == "Turn 1 · shares" and "Turn 2 · build" in options
        turns = {label.split(" · ")[0] for _, label in data["rounds"]}
        groups = page.locator("#round optgroup")
        assert groups.count() == len(turns) and groups.first.get_attribute("label") == "Turn 1"
        target = next(k for k, label in data["rounds"] if label == "Turn 2 · build")
        page.select_option("#round", str(target))
        assert "Turn 2 · build" in page.locator("#status").inner_text()
        page.keyboard.press("End")
        assert page.locator("#counter").inner_text() == f"{n} / {n}"
        uses = page.locator("#layer use.layer-hex")
        assert uses.count() == len(data["hexes"])
        shown = page.locator("#layer use[href]").count()
        track = end.layer_state.track(end)
        loose = {
            s.hex for r in track.routes() if not r.is_link for s in (r.start, r.end) if s.kind == "loose"
        }
        cities = set(end.title.layer.cities) | set(end.layer_state.new_cities)
        assert shown == len(set(end.layer_state.placed) | cities | loose)
        assert page.locator("#layer-panels").is_visible() and not page.locator("#corporations").is_visible()
        for sym, corp in end.corporations.items():
            row = page.locator(f'#layer-panels tr[data-corp="{sym}"]')
            assert row.locator("td.income").inner_text() == str(corp.counters.get("income", 0))
            assert row.locator("td.locomotive").inner_text() == str(corp.counters.get("locomotive", 0))
            assert row.locator("td.treasury").inner_text() == money(corp.cash)
        # the pictures the <use>s point at hold owned track and cubes
        assert page.locator("#map defs .goods-track[data-owner]").count() > 0
        assert page.locator("#map defs .cube").count() > 0
        move = next(k for k, f in enumerate(data["frames"]) if f["a"][1] == "move_goods")
        page.evaluate(f"show({move})")
        assert "good:" in page.locator("#routes-key").inner_text()
        page.screenshot(path=str(tmp_path / "steam.png"), full_page=True)
        assert not errors


# -- issue 16: zoom, the last action's hex, final scores, panels, the log, plots ---------


def test_frames_carry_the_panels_and_the_marked_hexes():
    data = page_data()
    frames = data["frames"]
    end = played(len(frames) - 1)
    from framework.render import panels

    assert data["final"] == [[end.name(pid), v] for pid, v in end.result().items()]
    worth: list = []
    shares: dict = {}
    for f in frames:
        worth = f.get("w", worth)
        shares.update(f.get("st", {}))
    assert worth == panels.net_worth(end)
    assert {s: r for s, r in shares.items() if r is not None} == panels.share_table_data(end)
    assert all(sum(row) == 100 for row in panels.share_table_data(end).values())
    lays = [f for f in frames if f["a"][1] == "lay_tile"]
    assert lays and all(data["hexes"][f["hx"][0]][0] in f["a"][2] for f in lays)
    # the operating turn's routes stay shown after its run_routes action
    assert any("rk" in f and "r" in frames[f["rk"]] for f in frames)
    assert page_html().count('class="series"') == len(data["players"]) + len(
        {s for f in frames for s, row in (f.get("c") or {}).items() if row and row[0] is not None}
    )


def test_browser_zoom_highlight_scores_shares_and_the_log(tmp_path):
    page_file = tmp_path / "replay.html"
    page_file.write_text(page_html(), encoding="utf-8")
    data = page_data()
    n = len(data["frames"]) - 1
    money = title().title.money
    with viewer_page(page_file) as (page, errors):
        viewport = page.locator("#viewport")
        before = viewport.get_attribute("transform")
        page.click("#zoom-in")
        zoomed = viewport.get_attribute("transform")
        assert zoomed != before and "scale(1.5" in zoomed
        box = page.locator("#map").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.wheel(0, -300)
        assert viewport.get_attribute("transform") != zoomed
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2 + 80, box["y"] + box["height"] / 2 + 40)
        page.mouse.up()
        panned = viewport.get_attribute("transform")
        page.click("#zoom-reset")
        assert viewport.get_attribute("transform") == "translate(0.0,0.0) scale(1.0000)" != panned

        # the last action's hex is marked
        k = next(k for k, f in enumerate(data["frames"]) if f["a"][1] == "lay_tile")
        page.evaluate(f"show({k})")
        hex_id = data["hexes"][data["frames"][k]["hx"][0]][0]
        assert page.locator("#highlight polygon.last-hex").get_attribute("data-hex") == hex_id
        page.evaluate(f"show({k + 1})")
        assert page.locator("#highlight polygon").count() == len(data["frames"][k + 1].get("hx", []))

        # the log: every line so far, searchable, a click goes to its action
        page.keyboard.press("End")
        assert page.locator("#log div:not(.future)").count() == page.locator("#log div").count()
        assert page.locator("#log div").count() >= len(played(n).messages)
        page.fill("#log-search", "buys 4-3")
        hits = page.locator("#log div:not(.miss)")
        assert hits.count() >= 1 and all("buys 4-3" in t for t in hits.all_inner_texts())
        target = int(hits.first.get_attribute("data-frame"))
        hits.first.click()
        assert page.locator("#counter").inner_text() == f"{target} / {n}"
        assert "buys 4-3" in page.locator("#log div.now").first.inner_text()
        page.fill("#log-search", "")
        page.keyboard.press("End")  # in the search box the keys are the box's
        assert page.locator("#counter").inner_text() == f"{target} / {n}"
        page.evaluate("document.activeElement.blur()")

        # final scores at the end
        assert not page.locator("#scores").is_visible()
        page.keyboard.press("End")
        assert page.locator("#scores").is_visible()
        end = played(n)
        shown = page.locator("#scores td.score").all_inner_texts()
        assert shown == [money(v) for v in end.result().values()]
        for player in end.players:
            cell = page.locator(f'#players tr[data-player="{player.id}"] td.worth')
            from framework.engine.finance import player_value

            assert cell.inner_text() == money(player_value(end, player.id))

        # the share table adds up to 100% per corporation
        rows = page.locator("#shares tbody tr")
        assert rows.count() == sum(1 for c in end.corporations.values() if not c.closed)
        for row in rows.all():
            percents = [int(t.rstrip("%")) for t in row.locator("td[data-holder]").all_inner_texts() if t]
            assert sum(percents) == 100 and row.locator("td.total").inner_text() == "100%"

        # trains, depot and phase; private companies
        assert f"phase: {end.phase}" in page.locator("#trains").inner_text()
        assert page.locator("#companies tbody tr").count() == len(end.companies)
        closed = sum(1 for c in end.companies.values() if c.closed)
        assert page.locator("#companies tr.closed").count() == closed

        # the plots' cursor follows the action shown
        cursor = page.locator("#plot-worth line.cursor")
        at_end = float(cursor.get_attribute("x1"))
        page.keyboard.press("Home")
        assert float(cursor.get_attribute("x1")) < at_end
        page.keyboard.press("End")
        page.screenshot(path=str(tmp_path / "viewer-end.png"), full_page=True)

        # stepping stays fast
        ms = page.evaluate(
            "() => { const t0 = performance.now(); for (let k = 0; k <= N; k++) show(k);"
            " return (performance.now() - t0) / (N + 1); }"
        )
        assert ms < 100
        assert not errors


def test_panels_as_html_for_other_pages():
    from framework.render import panels

    game = played(len(page_data()["frames"]) - 1)
    money = title().title.money
    shares = panels.share_table_html(panels.share_columns(game), panels.share_table_data(game))
    assert shares.count("<tr>") == 1 + sum(1 for c in game.corporations.values() if not c.closed)
    assert f"phase {game.phase}" in panels.trains_html(panels.trains_data(game), money)
    companies = panels.companies_html(panels.companies_data(game), money)
    assert companies.count("<tr>") == 1 + len(game.companies)
    scores = panels.scores_html(panels.final_scores(game), money)
    assert money(next(iter(game.result().values()))) in scores
