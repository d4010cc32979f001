"""Every command works on every bundled title, flat and pointy hex layouts alike.

Parametrized over the title folders found in ``titles/`` (a new one is tested as it
appears): ``validate``, ``setup``, ``play`` (a short game, saved), ``simulate`` (one
game), ``replay`` of every real game and of the played one, ``routes --all`` on a real
game, ``render`` of the map, the tile sheet, the market and a game position with its
best routes, and ``view``. A title with no real games (18Steam) uses the game its bots
played; a title that runs no trains has no routes to draw or compare.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.cli.main import app
from framework.title.loader import load_title
from framework.title.model import Title

ROOT = Path(__file__).resolve().parents[1]
TITLES = sorted(p for p in (ROOT / "titles").iterdir() if (p / "title.yaml").is_file())
"""Every bundled title folder."""

REAL_GAMES = [(folder, game) for folder in TITLES for game in sorted((folder / "games").glob("*.json"))]
"""Every real game of a bundled title: ``(title folder, game file)``."""

PLAY_ACTIONS = 120
"""The length of the short game played and then replayed, rendered and viewed."""

runner = CliRunner()


def run(*args: object):
    """Invoke ``18xx`` with ``args``; the result must not be a traceback."""
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@cache
def title_of(folder: Path) -> Title:
    return load_title(folder)


def players(folder: Path) -> int:
    """The fewest players the title seats (the quickest games)."""
    return title_of(folder).title.players.min


def svg(path: Path) -> ET.Element:
    """A written SVG file, parsed (so it must be well formed)."""
    return ET.fromstring(path.read_bytes())


def hex_corners(root: ET.Element) -> list[tuple[float, float]]:
    """The corners of the first map hex drawn (``class="hex-fill"``), around its centre."""
    polygon = next(e for e in root.iter() if e.get("class") == "hex-fill")
    return [tuple(map(float, point.split(","))) for point in polygon.get("points").split()]


def assert_drawn_in_layout(root: ET.Element, layout: str) -> None:
    """A flat-topped hex has a flat top edge (two corners at the least y); a pointy one
    has a corner at the top (one)."""
    corners = hex_corners(root)
    assert len(corners) == 6
    top = min(y for _, y in corners)
    at_top = sum(1 for _, y in corners if abs(y - top) < 0.01)
    assert at_top == (2 if layout == "flat" else 1), (layout, corners)


def assert_hexes_inside(root: ET.Element) -> None:
    """Every map hex's centre lies inside the picture."""
    width, height = float(root.get("width")), float(root.get("height"))
    hexes = [e for e in root.iter() if e.get("class") == "hex"]
    assert hexes
    for element in hexes:
        x, y = map(
            float, re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform")).groups()
        )
        assert 0 < x < width and 0 < y < height, element.get("id")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Path]:
    """Each title's short bot game, saved (``{title folder: game file}``), played once."""
    folder = tmp_path_factory.mktemp("played")
    games = {}
    for title in TITLES:
        out = folder / f"{title.name}.json"
        result = run(
            "play", title, "-p", players(title), "-s", 1, "--max-actions", PLAY_ACTIONS, "-o", out, "--json"
        )
        assert result.exit_code == 0, result.output
        games[title] = out
    return games


def a_game(folder: Path, played: dict[Path, Path]) -> Path:
    """The title's first real game with a ``run_routes`` action, else its first real game,
    else the game its bots played."""
    real = [game for title, game in REAL_GAMES if title == folder]
    for game in real:
        if any(a.get("type") == "run_routes" for a in json.loads(game.read_text("utf-8"))["actions"]):
            return game
    return real[0] if real else played[folder]


def first_run(game: Path) -> dict | None:
    """A game file's first ``run_routes`` action that a later action does not undo, if any."""
    from framework.record.gamefile import GameFile

    return next((a for a in GameFile.read(game).effective() if a.get("type") == "run_routes"), None)


ids = [p.name for p in TITLES]


def test_the_bundled_titles_have_both_layouts():
    layouts = {title_of(folder).map.layout for folder in TITLES}
    assert {"1830", "1889", "18SJ", "18Steam"} <= set(ids)
    assert layouts == {"flat", "pointy"}


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_validate(folder: Path):
    title = title_of(folder)
    result = run("validate", folder)
    assert result.exit_code == 0, result.output
    assert f"{folder.name}: valid" in result.stdout
    assert f"hexes         {len(title.map.hexes)} ({title.map.layout} layout)" in result.stdout
    result = run("validate", folder, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_setup(folder: Path):
    count = players(folder)
    result = run("setup", folder, "-p", count, "-s", 3, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seed"] == 3 and len(data["players"]) == count
    assert all(player["cash"] > 0 for player in data["players"])


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_play_saves_a_game_that_replays(folder: Path, played: dict[Path, Path]):
    game = json.loads(played[folder].read_text(encoding="utf-8"))
    assert len(game["players"]) == players(folder)
    assert len(game["actions"]) >= PLAY_ACTIONS * 0.9  # the bots' actions, all kept
    result = run("replay", played[folder], "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["actions"] == PLAY_ACTIONS and not data["finished"]


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_simulate_one_game(folder: Path):
    result = run("simulate", folder, "-n", 1, "-p", players(folder), "-w", 1, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["finished"], data["failures"]) == (1, 1, [])


@pytest.mark.parametrize(("folder", "game"), REAL_GAMES, ids=[f"{f.name}-{g.stem}" for f, g in REAL_GAMES])
def test_replay_of_a_real_game_matches_its_record(folder: Path, game: Path):
    result = run("replay", game, "--title", folder)
    assert result.exit_code == 0, result.output
    assert "matches the recorded result" in result.stdout


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_routes_all_on_a_game(folder: Path, played: dict[Path, Path]):
    game = a_game(folder, played)
    result = run("routes", game, "--all", "--title", folder, "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    if not title_of(folder).trains:
        assert rows == []
        return
    assert rows, f"{game.name} runs no routes"
    for row in rows:
        # proven, never below the players, and the recorded revenue true
        assert row["proven"] and row["best"] >= row["recorded"] > 0, row["action"]
        assert row["recorded_worth"] == row["recorded"] and row["recorded_illegal"] is None
    result = run("routes", game, "--all", "--title", folder)
    assert result.exit_code == 0 and f"{len(rows)} proven optimal" in result.stdout


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_render_the_map_tiles_and_market(folder: Path, tmp_path: Path):
    title = title_of(folder)
    result = run("render", folder, "-o", tmp_path / "map.svg")
    assert result.exit_code == 0, result.output
    root = svg(tmp_path / "map.svg")
    assert sum(1 for e in root.iter() if e.get("class") == "hex") == len(title.map.hexes)
    assert_drawn_in_layout(root, title.map.layout)
    assert_hexes_inside(root)

    result = run("render", folder, "--tiles", "-o", tmp_path / "tiles.svg")
    assert result.exit_code == 0, result.output
    root = svg(tmp_path / "tiles.svg")
    assert sum(1 for e in root.iter() if e.get("class") == "tile") == len(title.tiles)
    assert_drawn_in_layout(root, title.map.layout)

    result = run("render", folder, "--market", "-o", tmp_path / "market.svg")
    assert result.exit_code == 0, result.output
    cells = sum(1 for row in title.market.grid for cell in row if cell is not None)
    root = svg(tmp_path / "market.svg")
    assert sum(1 for e in root.iter() if (e.get("class") or "").split()[:1] == ["cell"]) == cells


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_render_a_game_position_with_its_best_routes(folder: Path, played: dict[Path, Path], tmp_path: Path):
    game = a_game(folder, played)
    action = first_run(game)
    out = tmp_path / "position.svg"
    if action is None:  # no routes in this title's games: a position of the game
        result = run("render", game, "--title", folder, "--at", PLAY_ACTIONS // 2, "-o", out)
        assert result.exit_code == 0, result.output
    else:
        corporation = str(action["entity"])
        result = run(
            "render", game, "--title", folder, "--at", action["id"], "--routes", corporation, "-o", out
        )
        assert result.exit_code == 0, result.output
        assert f"{corporation}: routes worth" in result.output and "proven best" in result.output
    root = svg(out)
    assert_drawn_in_layout(root, title_of(folder).map.layout)
    assert_hexes_inside(root)


@pytest.mark.parametrize("folder", TITLES, ids=ids)
def test_view_a_game(folder: Path, played: dict[Path, Path], tmp_path: Path):
    game = a_game(folder, played)
    out = tmp_path / "replay.html"
    result = run("view", game, "--title", folder, "-o", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE") and title_of(folder).title.name in page
    frames = json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)[1])
    assert frames
