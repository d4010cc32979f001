"""Make the pictures of docs/pictures.md (run from anywhere: python docs/make_images.py).

Writes into docs/images/: the 18SJ map, its tile sheet, the stock market late in the
real game 166116 and that game's position just before ÖKJ runs its trains in the last
operating round, with ÖKJ's best routes drawn over the map; the end of a four-player
18Steam bot game (seed 11), its goods layer drawn by the title's own layer; and the map,
tile sheet and market of docs/tutorial.md's title, 18Vale (tests/test_tutorial.py checks
that they are what the title draws).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from framework.api import (  # noqa: E402  # noqa: E402
    DEFAULT_SIZE,
    GameFile,
    HeuristicBot,
    best_routes_for,
    geometry_for,
    load_title,
    new_session,
    play,
    render_map,
    render_market,
    render_position,
    render_tiles,
    replay,
    write_picture,
)

IMAGES = ROOT / "docs" / "images"
TUTORIAL_TITLE = ROOT / "docs" / "examples" / "tutorial" / "18Vale"
GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"
LATE = 868
"""The action after which the late-game pictures are drawn: ÖKJ is about to run."""
CORPORATION = "ÖKJ"
STEAM_PLAYERS, STEAM_SEED = 4, 11
"""The 18Steam bot game drawn."""


def main() -> None:
    IMAGES.mkdir(exist_ok=True)
    title = load_title(ROOT / "titles" / "18SJ")
    written = [
        write_picture(IMAGES / "18SJ-map.svg", render_map(title)),
        write_picture(IMAGES / "18SJ-tiles.svg", render_tiles(title)),
    ]
    game = replay(GameFile.read(GAME), stop_after=LATE).game
    caption = f"game 166116 after action {LATE}"
    written.append(
        write_picture(
            IMAGES / "166116-market.svg",
            render_market(game.title, game.market, caption=f"18SJ stock market — {caption}"),
        )
    )
    best = best_routes_for(game, CORPORATION, geometry_for(game.title, DEFAULT_SIZE).shape)
    assert best is not None
    proof = "proven best" if best.proven else "best found"
    written.append(
        write_picture(
            IMAGES / "166116-late.svg",
            render_position(
                game,
                routes=best.routes,
                routes_heading=f"{CORPORATION}'s routes: {best.total} ({proof})",
                caption=caption,
            ),
        )
    )
    steam = new_session(ROOT / "titles" / "18Steam", STEAM_PLAYERS, STEAM_SEED)
    play(steam, HeuristicBot(), seed=STEAM_SEED)
    caption = f"a {STEAM_PLAYERS}-player bot game (seed {STEAM_SEED}) at the end"
    written.append(write_picture(IMAGES / "18Steam-game.svg", render_position(steam.game, caption=caption)))
    vale = load_title(TUTORIAL_TITLE)
    written += [
        write_picture(IMAGES / "18Vale-map.svg", render_map(vale)),
        write_picture(IMAGES / "18Vale-tiles.svg", render_tiles(vale)),
        write_picture(IMAGES / "18Vale-market.svg", render_market(vale)),
    ]
    for path in written:
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
