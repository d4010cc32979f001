"""A short, readable summary of a loaded title, as ``18xx validate`` prints it."""

from __future__ import annotations

from collections.abc import Mapping

from framework.title.companies import Company
from framework.title.market import Zone
from framework.title.model import Title
from framework.title.moments import Hooks
from framework.title.rounds import RoundEntry
from framework.title.rules import Variant


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
    cells = sum(cell is not None for row in t.market.grid for cell in row)
    pars = "par " + "/".join(str(cell.price) for _, _, cell in t.market.par_cells())
    if t.rules.share_phase is not None:
        start_cells = [t.market.grid[r][c] for r, c in t.rules.share_phase.start_cells.values()]
        starts = dict.fromkeys(cell.price for cell in start_cells if cell is not None)
        pars = "start " + "/".join(map(str, starts))
    trains = ", ".join(
        f"{train.key}×{'∞' if train.count == 'unlimited' else train.count}"
        + (f" (also {', '.join(train.variants)})" if train.variants else "")
        for train in t.trains.values()
    )
    lines = [
        ("title", " — ".join(filter(None, [t.title.name, t.title.subtitle]))),
        *_about(t),
        (
            "players",
            f"{players.min}–{players.max}" if players.min != players.max else str(players.min),
        ),
        ("bank", _bank(t)),
        ("certificates", _certificates(t)),
        ("hexes", f"{len(t.map.hexes)} ({t.map.layout} layout)"),
        ("tiles", tiles),
        ("market", f"{_count(len(t.market.grid), 'row')}, {cells} cells, {pars}"),
        ("phases", f"{len(t.phases)}: {', '.join(t.phases)}" if t.phases else "none"),
        ("trains", trains or "none"),
        ("companies", _companies(t)),
        ("corporations", f"{len(t.corporations)}: {', '.join(t.corporations)}"),
    ]
    if t.game_end.turns:
        lines.append(("turns", ", ".join(f"{n}p {turns}" for n, turns in t.game_end.turns.items())))
    if t.hooks.layer is not None:
        lines.append(("layer", _layer(t)))
    if t.map.mainlines:
        lines.append(("main lines", ", ".join(line.name for line in t.map.mainlines.values())))
    if t.rules.nationalization is not None:
        national = t.rules.nationalization.national
        lines.append(("state rail", f"{national.sym} ({national.name})"))
    if t.minors:
        lines.append(("minors", f"{len(t.minors)}: {', '.join(t.minors)}"))
    if t.bonuses:
        lines.append(("bonuses", ", ".join(f"{b.name}" for b in t.bonuses.values())))
    if t.variants:
        lines.append(("variants", ", ".join(f"{k} ({v.name})" for k, v in t.variants.items())))
    lines.append(("rounds", _rounds(t)))
    ends = t.game_end.conditions()
    lines.append(("game end", ", ".join(f"{n} ({timing.replace('_', ' ')})" for n, timing in ends.items())))
    if t.game_end.tie_break:
        lines.append(("tie-break", ", then ".join(f"more {key}" for key in t.game_end.tie_break)))
    named = [f"{'.'.join(path)}: {name}" for path, name in t.hooks.named()]
    if named:
        lines.append(("hooks", ", ".join(named)))
    if t.overlays:
        lines.append(("overlays", ", ".join(t.overlays)))
    lines.append(("checked", ", ".join(sections_checked(t))))
    return lines


def descriptions(title: Title) -> dict[str, dict[str, str]]:
    """The texts the title gives its companies (card texts), variants and market zones,
    by id (``18xx validate --json``)."""
    groups: dict[str, Mapping[str, Company | Variant | Zone]] = {
        "companies": title.companies,
        "variants": title.variants,
        "zones": title.market.zones,
    }
    return {
        name: {key: entry.description for key, entry in entries.items() if entry.description}
        for name, entries in groups.items()
    }


def sections_checked(title: Title) -> list[str]:
    """The sections of ``title`` that validation checked: every one the title has (the
    required ones, and each optional one it gives)."""
    return [
        name
        for name, field in type(title).model_fields.items()
        if field.is_required() or getattr(title, name) not in (None, {}, [], Hooks())
    ]


def _about(t: Title) -> list[tuple[str, str]]:
    meta = t.title
    parts = [
        f"designed by {meta.designer}" if meta.designer else "",
        f"published by {meta.publisher}" if meta.publisher else "",
        f"version {meta.version}" if meta.version else "",
        _count(len(meta.sources), "source") if meta.sources else "",
    ]
    text = "; ".join(p for p in parts if p)
    return [("about", text)] if text else []


def _companies(t: Title) -> str:
    if not t.companies:
        return "none"
    names = [f"{sym} ({c.number})" if c.number else sym for sym, c in t.companies.items()]
    return f"{len(t.companies)}: {', '.join(names)}"


def _bank(t: Title) -> str:
    money = t.title.money
    cash = ", ".join(f"{n}p {money(amount)}" for n, amount in sorted(t.bank.starting_cash.items()))
    return f"{money(t.bank.cash)}; starting cash {cash}"


def _certificates(t: Title) -> str:
    limit = t.certificate_limit
    if limit.players is not None:
        return "limit " + ", ".join(f"{n}p {k}" for n, k in sorted(limit.players.items()))
    tables = sorted((limit.by_corporations or {}).items(), reverse=True)
    counts = sorted({n for _, row in tables for n in row})
    rows = ", ".join(f"{corps}: " + "/".join(str(row.get(n, "-")) for n in counts) for corps, row in tables)
    return f"limit by corporations in play ({'/'.join(f'{n}p' for n in counts)}): {rows}"


def _rounds(t: Title) -> str:
    start = [e.round for e in t.sequence.start]
    turn = [_entry(e) for e in t.sequence.turn]
    return (f"start {', '.join(start)}; " if start else "") + f"each turn {', '.join(turn)}"


def _entry(entry: RoundEntry) -> str:
    return entry.round + (f" (every {entry.every} turns)" if entry.every > 1 else "")


def _layer(t: Title) -> str:
    """The title's own layer, as its data part says it is (else its parts)."""
    data = t.layer_part("data")
    doc = (data.__doc__ or "").strip().splitlines() if data is not None else []
    if doc:
        return doc[0]
    return ", ".join(f"{part} {name}" for part, name in t.hooks.layer.named()) if t.hooks.layer else ""
