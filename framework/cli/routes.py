"""The ``18xx routes`` command: recorded routes against the proven best ones.

``18xx routes GAME.json --action ID`` replays a game to the ``run_routes``
action ``ID`` and shows, train by train, the routes the players ran and the
best routes for the same corporation and trains, with the totals, whether the
best is proven optimal, and the time the search took. ``--all`` does it for
every ``run_routes`` of the game as a table; ``--json`` prints the same as JSON
(for one action with ``title_warning``: what standard error says when the file was
played with a title of another fingerprint, or null); ``--title`` plays the file
with another title folder; ``--time-limit S`` makes the search anytime (best found,
upper bound and gap).

:func:`register` adds the command to a typer app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import JustifyMethod
from rich.table import Table

from framework.cli.options import GameArgument, JsonOption, TitleOption
from framework.cli.output import fail, out, read_game, say

if TYPE_CHECKING:
    from framework.record.positions import Position

Money = Callable[[int], str]
"""The title's way of writing an amount (``Meta.money``)."""


def compare(position: Position, time_limit: float | None = None) -> dict[str, Any]:
    """The recorded and the best routes of a position, as plain data."""
    from framework.board.optimal import best_routes
    from framework.board.routes import IllegalRoute
    from framework.board.runroutes import route_to_json

    answer = best_routes(position.board, position.trains, time_limit=time_limit)
    best = [route_to_json(position.board, r, e) for r, e in zip(answer.routes, answer.revenues, strict=True)]
    keep = ("train", "hexes", "revenue", "revenue_str")
    try:
        worth: int | None = position.recorded_value()
        illegal = None
    except IllegalRoute as exc:
        worth, illegal = None, str(exc)
    return {
        "game": position.game,
        "action": position.action,
        "corporation": position.corporation,
        "phase": position.phase,
        "trains": [train for train, _ in position.trains],
        "recorded": position.recorded_total,
        "recorded_worth": worth,
        "recorded_illegal": illegal,
        "best": answer.total,
        "proven": answer.proven,
        "bound": answer.bound,
        "gap": answer.bound - answer.total,
        "seconds": round(answer.seconds, 4),
        "recorded_routes": [{k: r.get(k) for k in keep} for r in position.recorded_described()],
        "best_routes": [{k: r[k] for k in keep} for r in best],
    }


def routes(
    game_file: GameArgument,
    action: Annotated[
        int | None,
        typer.Option("--action", "-a", metavar="ID", help="The id of a run_routes action to look at."),
    ] = None,
    every: Annotated[bool, typer.Option("--all", help="Every run_routes action of the game.")] = False,
    as_json: JsonOption = False,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            min=0,
            metavar="SECONDS",
            help="Seconds per search; the answer may then be unproven.",
        ),
    ] = None,
    title: TitleOption = None,
) -> None:
    """Compare the routes a game's players ran with the proven best routes for the same
    corporation and trains (one run_routes action, or all of them)."""
    from framework.base.errors import GameError
    from framework.record.positions import run_positions

    if (action is None) == (not every):
        raise fail("give --action ID or --all")
    record, chosen = read_game(game_file, title)
    if not chosen.trains:  # e.g. 18Steam: its corporations move goods along links instead
        words = (
            f"{game_file}: {chosen.title.name} has no trains, so its games run no routes to compare; "
            "18xx render and 18xx view draw its games"
        )
        if action is not None:
            raise fail(words)
        if as_json:
            out.print_json(data=[])
        else:
            say(words)
        return
    if action is not None:
        ids = [a.get("id") for a in record.effective() if a.get("type") == "run_routes"]
        if action not in ids:
            near = sorted(ids, key=lambda i: abs(int(i) - action))[:3]
            raise fail(
                f"{game_file}: action {action} is not a run_routes action"
                + (f"; the nearest are {', '.join(map(str, sorted(near)))}" if near else "")
            )
    found = []
    try:
        for position in run_positions(record, chosen, name=str(record.id), snapshot=False):
            if every or position.action == action:
                found.append(compare(position, time_limit))
                if not every:
                    break
    except GameError as exc:
        raise fail(f"{game_file}: the replay fails: {exc}") from None
    money = chosen.title.money
    if as_json:
        from framework.record.provenance import title_warning

        data = found if every else {**found[0], "title_warning": title_warning(record.raw, chosen)}
        out.print_json(data=data)
    elif every:
        _print_table(found, money)
    else:
        _print_position(found[0], money)
    if any(_recorded_problem(row, money) for row in found):
        raise typer.Exit(1)


def _print_position(data: dict[str, Any], money: Money) -> None:
    say(
        f"action {data['action']}: {data['corporation']} runs {', '.join(data['trains'])} "
        f"in phase {data['phase']}"
    )
    table = Table(show_footer=True, box=None, pad_edge=False)
    recorded = {r["train"]: r for r in data["recorded_routes"]}
    best = {r["train"]: r for r in data["best_routes"]}
    table.add_column("train", footer="total")
    table.add_column("recorded route", overflow="fold")
    table.add_column("revenue", justify="right", footer=money(data["recorded"]))
    table.add_column("best route", overflow="fold")
    table.add_column("revenue", justify="right", footer=money(data["best"]))
    for train in data["trains"]:
        mine, top = recorded.get(train), best.get(train)
        table.add_row(
            train,
            mine["revenue_str"] if mine else "—",
            money(mine["revenue"]) if mine else "",
            top["revenue_str"] if top else "—",
            money(top["revenue"]) if top else "",
        )
    out.print(table)
    problem = _recorded_problem(data, money)
    if problem:
        say(problem)
    say(_verdict(data, money))


def _recorded_problem(data: dict[str, Any], money: Money) -> str | None:
    """What is false about the recorded routes, if anything: routes the rules forbid,
    or a revenue they are not worth."""
    if data["recorded_illegal"]:
        return f"the recorded routes are illegal: {data['recorded_illegal']}"
    if data["recorded_worth"] != data["recorded"]:
        return (
            f"the recorded revenue {money(data['recorded'])} is false: "
            f"those routes are worth {money(data['recorded_worth'])}"
        )
    return None


def _verdict(data: dict[str, Any], money: Money) -> str:
    proof = (
        "proven optimal"
        if data["proven"]
        else f"NOT proven: at most {money(data['bound'])}, gap {money(data['gap'])}"
    )
    better = data["best"] - (data["recorded_worth"] or 0)
    gain = f"; {money(better)} more than recorded" if better > 0 else ""
    return f"best {money(data['best'])}, {proof}, in {data['seconds']} s{gain}"


def _print_table(rows: list[dict[str, Any]], money: Money) -> None:
    table = Table(box=None, pad_edge=False)
    justifications: tuple[tuple[str, JustifyMethod], ...] = (
        ("action", "right"),
        ("corporation", "left"),
        ("trains", "left"),
        ("recorded", "right"),
        ("best", "right"),
        ("proven", "left"),
        ("seconds", "right"),
    )
    for name, justify in justifications:
        table.add_column(name, justify=justify)
    for row in rows:
        mark = " +" if row["best"] > (row["recorded_worth"] or 0) else ""
        false = row["recorded_worth"] != row["recorded"]
        table.add_row(
            str(row["action"]),
            row["corporation"],
            ",".join(row["trains"]),
            f"{row['recorded']} !" if false else str(row["recorded"]),
            f"{row['best']}{mark}",
            "yes" if row["proven"] else f"no (≤ {row['bound']})",
            f"{row['seconds']:.4f}",
        )
    out.print(table)
    better = sum(1 for r in rows if r["best"] > (r["recorded_worth"] or 0))
    false = sum(1 for r in rows if r["recorded_worth"] != r["recorded"])
    unproven = sum(1 for r in rows if not r["proven"])
    seconds = sum(r["seconds"] for r in rows)
    out.print(
        f"{len(rows)} positions in {seconds:.2f} s; {len(rows) - unproven} proven optimal; "
        f"the best beats the recorded routes in {better} (+)"
        + (f"; {false} recorded revenues are false (!)" if false else ""),
        markup=False,
    )


def register(app: typer.Typer) -> None:
    """Add ``routes`` to the command line."""
    app.command("routes")(routes)
