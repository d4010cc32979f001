"""The ``18xx`` command line.

``18xx validate PATH`` checks a title folder (and its variants) and prints a
summary; ``18xx schema`` writes or checks the published JSON Schemas; ``18xx new``
(:mod:`framework.cli.new`) creates a title folder with starter files. Every
user error is printed as ``file:line:col: message`` with exit status 1, never
as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from framework.base.problems import Problem, ProblemsError
from framework.cli.importer import register as register_import_command
from framework.cli.new import register as register_new_command
from framework.cli.options import (
    AtOption,
    GameArgument,
    JsonOption,
    PlayersOption,
    RulesOption,
    SeedOption,
    TitleArgument,
    TitleOption,
    VariantOption,
)
from framework.cli.output import (
    check_players,
    err,
    fail,
    out,
    replay_to,
    report,
    reported,
    say,
    title_arg,
)
from framework.cli.play import register as register_play_commands
from framework.cli.play import variant_ids
from framework.cli.render import register as register_render_commands
from framework.cli.routes import register as register_routes_command
from framework.cli.serve import register as register_serve_command
from framework.title import cache as title_cache
from framework.title.loader import load_title
from framework.title.schema import SCHEMA_FILES, stale_schemas, title_schemas, write_schemas, write_texts
from framework.title.summary import descriptions, sections_checked, summarize

if TYPE_CHECKING:
    from framework.engine.game import Game

app = typer.Typer(
    name="18xx",
    help="Define, check and run 18xx railway board games from YAML title files.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    epilog="Exit status: 0 done; 1 a problem in the input (a title, an overlay, a game file) "
    "or a game that does not replay; 2 a usage error (an unknown option, a bad value).",
)

DEFAULT_SCHEMA_DIR = Path("schemas")


@app.callback()
def options(
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Load every title from its files, neither reading nor writing the title cache "
            "(also RAILS18XX_NO_CACHE=1).",
        ),
    ] = False,
) -> None:
    """Define, check and run 18xx railway board games from YAML title files."""
    title_cache.switch_off(no_cache)


@app.command()
def validate(
    path: Annotated[
        Path,
        typer.Argument(
            metavar="TITLE", help="A title folder, its title.yaml, or a title name on the search path."
        ),
    ],
    rules: RulesOption = None,
    variant: VariantOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check a title and print a summary of it.

    Every problem is reported as file:line:col. The title's own variants are
    checked too, each applied on its own.
    """
    path = title_arg(path)
    try:
        title = load_title(path, rules or [], variant or [])
    except ProblemsError as exc:
        raise _invalid(exc.problems, exc.stage, as_json) from None
    checked, failures = [], []
    for name in title.variants:
        if variant and name in variant:
            continue
        try:
            load_title(path, rules or [], [*(variant or []), name])
            checked.append(name)
        except ProblemsError as exc:
            failures.append(exc)
    if failures:
        stages = {exc.stage for exc in failures}
        stage = "semantic" if stages == {"semantic"} else "schema"
        raise _invalid([p for exc in failures for p in exc.problems], stage, as_json)
    lines = summarize(title)
    if as_json:
        out.print_json(
            data={
                "title": title.title.name,
                "valid": True,
                "summary": dict(lines),
                "descriptions": descriptions(title),
                "sections_checked": sections_checked(title),
                "variants_checked": checked,
            }
        )
        return
    width = max(len(label) for label, _ in lines)
    for label, text in lines:
        out.print(f"{label:<{width}}  {text}", markup=False)
    if checked:
        out.print(f"variants checked: {', '.join(checked)}", markup=False)
    out.print(f"{title.title.name}: valid", markup=False)


def _invalid(problems: list[Problem], stage: str, as_json: bool) -> typer.Exit:
    """Report a title's problems (as text on standard error, or as JSON); the exit."""
    if as_json:
        out.print_json(data={"valid": False, "stage": stage, "problems": [_problem(p) for p in problems]})
    else:
        report(problems, stage)
    return typer.Exit(1)


def _problem(problem: Problem) -> dict[str, object]:
    mark = problem.mark
    where = {"file": mark.file, "line": mark.line, "col": mark.col} if mark else {}
    return {**where, "message": problem.message}


@app.command()
def schema(
    check: Annotated[
        bool, typer.Option("--check", help="Only check that the files match the models.")
    ] = False,
    out_dir: Annotated[
        Path, typer.Option("--out", "-o", metavar="FOLDER", help="The folder of the schema files.")
    ] = DEFAULT_SCHEMA_DIR,
    layer_title: Annotated[
        Path | None,
        typer.Option(
            "--title",
            "-t",
            metavar="FOLDER",
            help="Write (or check) the schema of this title's own layer, layer.schema.json in its folder.",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Write the JSON Schemas of title and overlay files (draft-07), generated
    from the models, for editors and other tools; with --title, the schema of a title
    with its own layer (its layer section as the layer's model gives it)."""
    texts = None
    if layer_title is not None:
        try:
            title = load_title(title_arg(layer_title))
        except ProblemsError as exc:
            report(exc.problems, exc.stage)
            raise typer.Exit(1) from None
        texts = title_schemas(title)
        if not texts:
            raise fail(f"{layer_title}: {title.title.name} has no layer of its own, so no schema of its own")
        assert title.folder is not None, "a title loaded from a folder knows it"
        out_dir = title.folder
    if check:
        stale = stale_schemas(out_dir, texts)
        if as_json:
            out.print_json(data={"up_to_date": not stale, "stale": [str(out_dir / n) for n in stale]})
        else:
            for name in stale:
                err.print(f"{out_dir / name}: out of date; run '18xx schema' to update it", markup=False)
            if not stale:
                names = texts or SCHEMA_FILES.values()
                out.print(f"schemas up to date: {', '.join(names)}", markup=False)
        if stale:
            raise typer.Exit(1)
        return
    if out_dir.exists() and not out_dir.is_dir():
        raise fail(f"{out_dir}: not a folder; --out names the folder the schema files go in")
    try:
        written = write_texts(out_dir, texts) if texts is not None else write_schemas(out_dir)
    except OSError as exc:
        raise fail(f"{exc.filename or out_dir}: cannot write the schemas ({exc.strerror})") from None
    if as_json:
        out.print_json(data={"written": [str(path) for path in written]})
        return
    for path in written:
        out.print(f"wrote {path}", markup=False)


@app.command()
def replay(
    game_file: GameArgument,
    title: TitleOption = None,
    at: AtOption = None,
    as_json: JsonOption = False,
) -> None:
    """Replay a game: final scores and end reason, whether they match the recorded ones,
    and on divergence the first action that fails and why. Every recorded route is
    checked and valued. An unfinished game is reported as such, with its position.

    Exit status: 0 when every action is legal and the result, if the game ended, is the
    recorded one; 1 otherwise."""
    from framework.record.gamefile import unplayed
    from framework.record.provenance import title_warning
    from framework.record.report import position, position_text

    record, chosen, outcome = replay_to(game_file, at, title)
    game = outcome.game
    verdict = "position" if at is not None and outcome.failure is None else outcome.verdict
    data = {
        "game": str(record.id),
        "title": record.title,
        "verdict": verdict,
        "finished": game.finished,
        "result": outcome.result if game.finished else None,
        "game_end_reason": game.end_reason,
        "recorded_result": {str(k): v for k, v in (record.result or {}).items()},
        "recorded_game_end_reason": record.game_end_reason,
        "matches_recorded": outcome.matches_recorded,
        "actions": outcome.actions,
        "seconds": round(outcome.seconds, 4),
        "failure": None,
        "title_warning": title_warning(record.raw, chosen),
        "unplayed": [a.get("id") for a in unplayed(record.actions)],
    }
    if outcome.failure is not None:
        data["failure"] = {
            "action": outcome.failed_action.get("id") if outcome.failed_action else None,
            "rule": outcome.failure.rule,
            "message": str(outcome.failure),
        }
    if at is not None or not game.finished:
        data["position"] = position(game)
    if as_json:
        out.print_json(data=data)
    else:
        _print_replay(data, game, position_text)
    if verdict in ("diverges", "differs"):
        raise typer.Exit(1)


VERDICTS = {
    "matches": "matches the recorded result",
    "differs": "does NOT match the recorded result",
    "ended": "the file records no result to compare",
}


def _print_replay(data: dict[str, Any], game: Game, position_text: Callable[[Game], str]) -> None:
    money = game.title.title.money
    say(f"{data['title']} game {data['game']}: {data['actions']} actions in {data['seconds']} s")
    if data["unplayed"]:
        first, count = data["unplayed"][0], len(data["unplayed"])
        say(
            f"not played, as on 18xx.games, which loads a game up to its last action's id: "
            f"{count} actions from the one with id {first}, which is above it"
        )
    verdict = data["verdict"]
    if verdict == "diverges":
        say(f"diverges at action {data['failure']['action']}: {data['failure']['message']}")
    if verdict == "position" or (verdict == "diverges" and not data["finished"]):
        say(position_text(game))
        return
    if data["result"] is not None:
        say(f"ended: {data['game_end_reason']} (recorded: {data['recorded_game_end_reason']})")
        recorded = data["recorded_result"]
        for pid, value in data["result"].items():
            note = "" if recorded.get(pid) == value or not recorded else f" (recorded {recorded.get(pid)})"
            say(f"  {game.name(pid)}: {money(value)}{note}")
    else:
        ended = "; the file records an end" if verdict == "differs" else ""
        say(f"the game has not ended{ended}: every action so far is legal")
        say(position_text(game))
    if verdict in VERDICTS:
        say(VERDICTS[verdict])


@app.command()
def setup(
    title_path: TitleArgument,
    players: PlayersOption = 4,
    seed: SeedOption = 1,
    optional: VariantOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a new game's setup for a seed: what the random draws remove, the corporation
    drawn for a company, starting cash and seat order."""
    from framework.engine.game import Game
    from framework.engine.seating import player_ids
    from framework.record.extension import reports_of
    from framework.record.replay import variants_for

    title_path = title_arg(title_path)
    check_players(title_path, players)
    chosen = variant_ids(title_path, players, optional)
    try:
        base = load_title(title_path)
        variants = chosen + [v for v in variants_for(base, players) if v not in chosen]
        title = load_title(title_path, variants=variants) if variants else base
    except ProblemsError as exc:
        report(exc.problems, exc.stage)
        raise typer.Exit(1) from None
    ids = player_ids(title, players)
    game = Game(title, [(pid, f"Player {i + 1}") for i, pid in enumerate(ids)], seed, optional_rules=variants)
    data: dict[str, Any] = {
        "title": title.title.name,
        "seed": seed,
        "players": [{"id": p.id, "name": p.name, "cash": p.cash, "virtual": p.bot} for p in game.players],
        "removed_companies": game.setup.removed_companies,
        "removed_corporations": game.setup.removed_corporations,
        "drawn": game.setup.drawn,
        "companies": [s for s, c in game.companies.items() if not c.closed],
        "corporations": list(game.corporations),
        "variants": variants,
        "bank": game.bank,
    }
    if title.rules.share_phase is not None:
        data["start_prices"] = {sym: game.market.price(sym) for sym in game.corporations}
    described = reports_of(game.title).describe(game)
    data.update(described)
    if as_json:
        out.print_json(data=data)
        return
    money = title.title.money
    say(
        f"{title.title.name}, {players} players, seed {seed}"
        + (f", {', '.join(variants)}" if variants else "")
    )
    say(f"removed companies: {', '.join(data['removed_companies']) or 'none'}")
    say(f"removed corporations: {', '.join(data['removed_corporations']) or 'none'}")
    for company, corp in data["drawn"].items():
        say(f"{company} gives the president's certificate of {corp}")
    auctioned = [c for c in data["companies"] if title.companies[c].auction]
    if auctioned:
        say(f"companies in the auction: {', '.join(auctioned)}")
    if "start_prices" in data:
        say("start prices: " + ", ".join(f"{s} {money(p)}" for s, p in data["start_prices"].items()))
    for key, value in described.items():
        for part, text in value.items() if isinstance(value, dict) else [(None, value)]:
            say(f"{key} in {part}: {text}" if part is not None else f"{key}: {text}")
    say("seat order: " + ", ".join(f"{p['name']} ({money(p['cash'])})" for p in data["players"]))
    say(f"bank: {money(data['bank'])}")


register_play_commands(app)
register_render_commands(app)
register_routes_command(app)
register_new_command(app)
register_serve_command(app)
register_import_command(app)

SHORT_HELP = {
    "validate": "Check a title (and its variants) and summarise it.",
    "schema": "Write or check the JSON Schemas of title and overlay files.",
    "replay": "Replay a game file, checking every action and the result.",
    "setup": "Show a new game's setup for a seed.",
    "play": "Bots play a whole game; save it with --out.",
    "simulate": "Play many seeded games and report their statistics.",
    "render": "Draw a map, tile sheet, market or game position (SVG/PNG).",
    "view": "Write an HTML replay viewer of a game.",
    "routes": "Compare recorded routes with the proven best ones.",
    "new": "Create a title folder with starter files that validate.",
    "serve": "Start a web app to play games in the browser.",
    "import": "Convert 18xx.games titles into title folders (needs Ruby).",
}
for _command in app.registered_commands:
    _name = _command.name or (_command.callback.__name__ if _command.callback else "")
    _command.short_help = SHORT_HELP.get(_name, _command.short_help)
    if _command.callback is not None:  # a problem no command foresaw is still reported
        _command.callback = reported(_command.callback)


def main() -> None:
    """Entry point of the ``18xx`` console script."""
    app(prog_name="18xx")


if __name__ == "__main__":  # pragma: no cover
    main()
