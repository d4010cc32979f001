"""Describing a game position for people and programs: cash, shares, prices,
trains, tiles, tokens and the phase, and what the title's own layer says of its part
(:meth:`framework.record.extension.LayerReports.position`: 18Steam's income, locomotives,
track and goods)."""

from __future__ import annotations

from typing import Any

from framework.engine import trains
from framework.engine.game import Game
from framework.engine.steps.track import city_id
from framework.record.extension import reports_of


def position(game: Game) -> dict[str, Any]:
    """The position as plain data."""
    rnd, board = game.round, game.board
    players = []
    for p in game.players:
        held = {c.sym: c.percent_of(p.id) for c in game.corporations.values() if c.percent_of(p.id)}
        companies = [s for s, c in game.companies.items() if c.owner == p.id]
        players.append({"id": p.id, "name": p.name, "cash": p.cash, "shares": held, "companies": companies})
    corporations = []
    for sym, corp in game.corporations.items():
        if corp.closed:
            continue
        corporations.append(
            {
                "sym": sym,
                "price": game.market.price(sym) if sym in game.market.positions else None,
                "cash": corp.cash,
                "president": corp.president() if corp.president() in game.players_by_id else None,
                "floated": corp.floated,
                "trains": [t.id + ("(E)" if t.variant != t.name else "") for t in trains.owned(game, sym)],
                "tokens": [city_id(game, city) for city in game.board.cities_of(sym)] if game.board else [],
                "companies": [s for s, c in game.companies.items() if c.owner == sym],
            }
        )
    minors = [
        {
            "sym": s,
            "owner": m.owner,
            "cash": m.cash,
            "trains": [t.id for t in trains.owned(game, s)],
        }
        for s, m in game.minors.items()
        if not m.closed
    ]
    data: dict[str, Any] = {
        "phase": game.phase,
        "round": rnd.kind if rnd else None,
        "turn": game.turn,
        "operating_round": f"{game.or_number} of {game.or_count}"
        if rnd and rnd.kind == "operating"
        else None,
        "acting": game.current_entity(),
        "bank": game.bank,
        "players": players,
        "corporations": corporations,
        "minors": minors,
        "depot": [t.id for t in trains.offered(game)],
        "tiles": {h: f"{p.tile_id} r{p.rotation}" for h, p in sorted(board.placed.items())} if board else {},
        "national_tokens": sorted(city_id(game, c) for c in board.cities_of(_national(game)))
        if board
        else [],
        "finished": game.finished,
        "end_reason": game.end_reason,
    }
    layer = reports_of(game.title).position(game)
    if layer:
        data["layer"] = layer
    return data


def _national(game: Game) -> str:
    rules = game.title.rules.nationalization
    return rules.national.sym if rules else ""


def position_text(game: Game) -> str:
    """The position as a few readable lines."""
    data = position(game)
    money = game.title.title.money
    layer = data.get("layer", {})
    heading = [f"phase {data['phase']}"] if data["phase"] is not None else []
    heading.append(layer.get("round") or f"{str(data['round']).replace('_', ' ')} round")
    lines = [
        ", ".join([*heading, f"turn {data['turn']}"])
        + (f", OR {data['operating_round']}" if data["operating_round"] else "")
        + (f"; {game.name(data['acting'])} to act" if data["acting"] else ""),
        f"bank {money(data['bank'])}",
    ]
    on_layer = layer.get("corporations", {})
    for p in data["players"]:
        shares = ", ".join(f"{s} {pct}%" for s, pct in p["shares"].items()) or "no shares"
        extra = f"; {', '.join(p['companies'])}" if p["companies"] else ""
        lines.append(f"  {p['name']}: {money(p['cash'])}; {shares}{extra}")
    for c in data["corporations"]:
        price = c["price"] if c["price"] is not None else "-"
        if c["sym"] in on_layer:
            numbers = ", ".join(f"{key} {value}" for key, value in on_layer[c["sym"]].items())
            lines.append(f"  {c['sym']}: price {price}, treasury {money(c['cash'])}, {numbers}")
            continue
        trains_ = ", ".join(c["trains"]) or "no trains"
        lines.append(
            f"  {c['sym']}: price {price}, treasury {money(c['cash'])}, {trains_}; "
            f"tokens {', '.join(c['tokens']) or 'none'}"
        )
    for m in data["minors"]:
        lines.append(f"  {m['sym']} (minor): {money(m['cash'])}, {', '.join(m['trains']) or 'no trains'}")
    if game.title.trains:
        lines.append(f"  depot offers: {', '.join(data['depot']) or 'nothing'}")
    if game.board is not None:
        lines.append(f"  tiles laid: {len(data['tiles'])}")
    for key, value in layer.items():
        if key not in ("round", "corporations"):
            lines.extend(_layer_part(key, value))
    return "\n".join(lines)


def _layer_part(key: str, value: Any) -> list[str]:
    """A part of the layer's position as lines: a mapping one line per entry, a list one
    line per item, anything else on the line of its key."""
    if isinstance(value, dict):
        return [f"  {key}:", *(f"    {k}: {v}" for k, v in value.items())]
    if isinstance(value, list):
        return [f"  {key}:", *(f"    {item}" for item in value)]
    return [f"  {key}: {value}"]
