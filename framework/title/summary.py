"""A short, readable summary of a loaded title, as ``18xx validate`` prints it."""

from __future__ import annotations

from framework.title.model import Title


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def summarize(title: Title) -> list[tuple[str, str]]:
    """``(label, text)`` lines describing the title's contents."""
    t = title
    players = t.title.players
    limited = sum(tile.count for tile in t.tiles.values() if isinstance(tile.count, int))
    unlimited = [tile.key for tile in t.tiles.values() if tile.count == "unlimited"]
    tiles = f"{_count(len(t.tiles), 'kind')}, {limited} tiles"
    if unlimited:
        tiles += f" + unlimited {', '.join(unlimited)}"
    cells = sum(len(row) for row in t.market.grid)
    pars = "par " + "/".join(str(cell.price) for _, _, cell in t.market.par_cells())
    if t.rules.share_phase is not None:
        starts = dict.fromkeys(t.market.grid[r][c].price for r, c in t.rules.share_phase.start_cells.values())
        pars = "start " + "/".join(map(str, starts))
    trains = ", ".join(
        f"{train.key}×{'∞' if train.count == 'unlimited' else train.count}"
        + (f" (also {', '.join(train.variants)})" if train.variants else "")
        for train in t.trains.values()
    )
    lines = [
        ("title", " — ".join(filter(None, [t.title.name, t.title.subtitle]))),
        (
            "players",
            f"{players.min}–{players.max}" if players.min != players.max else str(players.min),
        ),
        ("hexes", f"{len(t.map.hexes)} ({t.map.layout} layout)"),
        ("tiles", tiles),
        ("market", f"{_count(len(t.market.grid), 'row')}, {cells} cells, {pars}"),
        ("phases", f"{len(t.phases)}: {', '.join(t.phases)}"),
        ("trains", trains or "none"),
        ("companies", f"{len(t.companies)}: {', '.join(t.companies)}" if t.companies else "none"),
        ("corporations", f"{len(t.corporations)}: {', '.join(t.corporations)}"),
    ]
    if t.goods is not None:
        g = t.goods
        cubes = ", ".join(f"{color} {n}" for color, n in g.colors.items())
        turns = ", ".join(f"{n}p {turns}" for n, turns in g.turns.items())
        lines.append(
            (
                "goods",
                f"{_count(len(g.cities), 'city', 'cities')}, {len(g.new_cities)} new; "
                f"{sum(g.colors.values())} cubes ({cubes}); turns {turns}",
            )
        )
    if t.minors:
        lines.append(("minors", f"{len(t.minors)}: {', '.join(t.minors)}"))
    if t.bonuses:
        lines.append(("bonuses", ", ".join(f"{b.name}" for b in t.bonuses.values())))
    if t.variants:
        lines.append(("variants", ", ".join(f"{k} ({v.name})" for k, v in t.variants.items())))
    if t.overlays:
        lines.append(("overlays", ", ".join(t.overlays)))
    return lines
