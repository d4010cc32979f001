"""The bot commands of the ``18xx`` command line: ``play`` and ``simulate``.

``18xx play TITLE --players N --seed S`` plays one whole game with bots, showing
the round as it goes, and prints the scores, the end reason and a short
summary; ``--out`` saves it in 18xx.games' JSON, which ``18xx replay``
reproduces. ``18xx simulate TITLE --games N --players P`` plays many seeded
games in worker processes and reports their statistics; ``--compare FILE``
plays the same seeds again with an overlay and reports the differences.

:func:`register` adds both commands to a typer app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from framework.base.problems import ProblemsError
from framework.cli.options import (
    BotOption,
    JsonOption,
    PlayersOption,
    RulesOption,
    SeedOption,
    TitleArgument,
    VariantOption,
    out_option,
)
from framework.cli.output import check_players, err, fail, out, problems_exit, say, title_arg

if TYPE_CHECKING:
    from framework.bots.play import Outcome
    from framework.record.session import Session
    from framework.sim.simulate import GameSummary
    from framework.title.loader import RulesText

GameOut = Annotated[Path | None, out_option("Save the game as 18xx.games JSON (written atomically).")]


def _rules(paths: list[Path] | None) -> list[RulesText]:
    from framework.bots.play import read_rules

    try:
        return read_rules(paths or [])
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except OSError as exc:
        raise fail(f"{exc.filename}: cannot read the overlay ({exc.strerror})") from None


def variant_ids(title: Path, players: int, ids: list[str] | None) -> list[str]:
    """The optional rules to play and save for ``--variant`` ids; an unknown id (or one
    for another player count) is an error naming the title's variants."""
    from framework.record.replay import UnknownVariant, chosen_variants
    from framework.title.loader import load_title

    if not ids:
        return []
    try:
        return chosen_variants(load_title(title), players, ids)
    except UnknownVariant as exc:
        raise fail(str(exc)) from None
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except FileNotFoundError as exc:
        raise fail(f"{title}: {exc}") from None


def _check_bot(name: str) -> None:
    from framework.bots import BOT_NAMES

    if name not in BOT_NAMES:
        raise fail(f"no bot named {name!r}; choose {' or '.join(BOT_NAMES)}")


def play(
    title: TitleArgument,
    players: PlayersOption = 4,
    seed: SeedOption = 1,
    rules: RulesOption = None,
    variant: VariantOption = None,
    bot: BotOption = "heuristic",
    out_file: GameOut = None,
    max_actions: Annotated[
        int | None, typer.Option("--max-actions", min=0, metavar="N", help="Stop after this many actions.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play a whole game with bots and print the scores, the end reason and a summary."""
    from framework.base.atomic import WriteError, write_json
    from framework.bots import make_bot
    from framework.bots.play import BotError, new_session
    from framework.bots.play import play as run

    _check_bot(bot)
    title = title_arg(title)
    check_players(title, players)
    optional = variant_ids(title, players, variant)
    try:
        session = new_session(title, players, seed, rules=_rules(rules), optional_rules=optional)
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except FileNotFoundError as exc:
        raise fail(f"{title}: {exc}") from None
    try:
        outcome = _with_progress(
            lambda show: run(session, make_bot(bot), seed=seed, max_actions=max_actions, progress=show)
        )
    except BotError as exc:
        saved = Path(f"failed-{players}p-seed-{seed}.json")
        if out_file is not None:
            saved = out_file.with_name(f"{out_file.stem}.failed{out_file.suffix or '.json'}")
        write_json(saved, session.to_json())
        raise fail(f"{exc}\nthe game so far is saved in {saved}") from None
    game = session.game
    data = _summary(session, outcome)
    if out_file is not None:
        try:
            write_json(out_file, session.to_json())
        except WriteError as exc:
            raise fail(str(exc)) from None
        data["saved"] = str(out_file)
        data["replay"] = _replay_command(session, out_file)
    if as_json:
        out.print_json(data=data)
        return
    money = game.title.title.money
    say(
        f"{game.title.title.name}, {players} players, seed {seed}, {bot} bots"
        + "".join(f", {v}" for v in session.optional_rules)
        + f": {outcome.actions} actions in {outcome.seconds:.2f} s"
    )
    say(f"ended: {data['end_reason'] or 'not yet (move limit)'} in {data['last_round']}")
    for name, score in data["scores"].items():
        say(f"  {name}: {money(score)}")
    rounds = (
        f"{data['turns']} game turns"
        if not game.title.plays_operating_rounds
        else f"{data['stock_rounds']} stock rounds, {data['operating_rounds']} operating rounds"
    )
    nationalised = (
        f"; nationalised: {', '.join(data['nationalised']) or 'none'}"
        if game.title.rules.nationalization is not None
        else ""
    )
    say(
        f"{rounds}; floated: {', '.join(data['floated']) or 'none'}{nationalised}"
        + (f"; the bank broke in {data['bank_broke_in']}" if data["bank_broke_in"] else "")
    )
    if out_file is not None:
        say(f"saved to {out_file} ({data['replay']} reproduces it)")


def _replay_command(session: Session, out_file: Path) -> str:
    """The command that replays the saved game: ``18xx replay FILE`` when the title the
    file names is this title's folder on the search path, else with ``--title FOLDER``."""
    from shlex import quote

    from framework.title.paths import TitleLookupError, find_title, shown

    folder = session.title.folder
    try:
        found = find_title(session.title.title.name)
    except TitleLookupError:
        found = None
    if folder is None or (found is not None and found.resolve() == folder.resolve()):
        return f"18xx replay {quote(str(out_file))}"
    return f"18xx replay {quote(str(out_file))} --title {quote(shown(folder))}"


def _with_progress(job: Callable[[Callable[[Session], None] | None], Outcome]) -> Outcome:
    """Run ``job(show)``, showing the round and the acting entity while it runs (on a
    terminal only)."""
    if not err.is_terminal:
        return job(None)
    with err.status("setting up") as status:

        def show(session: Session) -> None:
            game = session.game
            if len(session.actions) % 10 == 0:
                acting = game.current_entity()
                who = game.name(acting) if acting else ""
                status.update(f"{game.round_label()} — {who} — action {len(session.actions)}")

        return job(show)


def _summary(session: Session, outcome: Outcome) -> dict[str, Any]:
    game = session.game
    names = {p.id: p.name for p in game.players}
    scores = game.result() if game.finished else {}
    return {
        "title": game.title.title.name,
        "seed": session.seed,
        "variants": list(session.optional_rules),
        "finished": game.finished,
        "end_reason": game.end_reason,
        "result": scores,
        "scores": {names[p]: v for p, v in scores.items()},
        "actions": outcome.actions,
        "seconds": round(outcome.seconds, 3),
        "last_round": game.round_label(),
        "turns": game.turn,
        "stock_rounds": game.round_number,
        "operating_rounds": sum(1 for c in game.checkpoints if c["round"].startswith("OR")),
        "floated": sorted(s for s, c in game.corporations.items() if c.floated),
        "nationalised": list(game.nationalised),
        "bank_broke_in": game.bank_broke_in,
    }


def simulate(
    title: TitleArgument,
    games: Annotated[int, typer.Option("--games", "-n", min=1, metavar="N", help="How many games.")] = 10,
    players: PlayersOption = 4,
    rules: RulesOption = None,
    variant: VariantOption = None,
    compare_with: Annotated[
        Path | None,
        typer.Option(
            "--compare", metavar="FILE", help="Also play the same seeds with this overlay and compare."
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, metavar="N", help="Worker processes.")
    ] = 1,
    first_seed: Annotated[
        int, typer.Option("--seed", "-s", metavar="S", help="The first seed; games use seed, seed+1, …")
    ] = 1,
    bot: BotOption = "heuristic",
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", metavar="ADDRESS", help="A Dask scheduler address (needs rails18xx[dask])."
        ),
    ] = None,
    failures: Annotated[
        Path,
        typer.Option("--failures", metavar="FOLDER", help="Folder for the game files of failed games."),
    ] = Path("failed-games"),
    max_actions: Annotated[
        int,
        typer.Option(
            "--max-actions", min=1, metavar="N", help="A game still going after this many actions fails."
        ),
    ] = 20000,
    report_file: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="FILE.html",
            help="Also write an HTML report with charts (scores, wins by seat, length, bank).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play many seeded games in parallel and report end reasons, length, scores, seat
    advantage, how corporations fare and when the bank breaks."""
    from framework.record.replay import game_title
    from framework.sim.simulate import SchedulerError, Task, compare, report, run_games

    _check_bot(bot)
    title = title_arg(title)
    check_players(title, players)
    if failures.exists() and not failures.is_dir():
        raise typer.BadParameter(f"{failures} is a file, not a folder", param_hint="'--failures'")
    optional = tuple(variant_ids(title, players, variant))
    base_rules = _rules(rules)
    sets = {"base": tuple(base_rules)}
    if compare_with is not None:
        sets["with " + compare_with.name] = (*base_rules, *_rules([compare_with]))
    try:
        for chosen in sets.values():
            game_title(title, players, optional, chosen)  # check the title and overlays first
    except ProblemsError as exc:
        raise problems_exit(exc) from None
    except FileNotFoundError as exc:
        raise fail(f"{title}: {exc}") from None
    results: dict[str, list[GameSummary]] = {}
    for label, chosen in sets.items():
        tasks = [
            Task(
                str(title),
                players,
                seed,
                bot,
                chosen,
                variants=optional,
                max_actions=max_actions,
                failures=str(failures),
            )
            for seed in range(first_seed, first_seed + games)
        ]
        try:
            results[label] = _collect(run_games(tasks, workers, scheduler), len(tasks), label)
        except SchedulerError as exc:
            raise fail(str(exc)) from None
    reports = {label: report(summaries) for label, summaries in results.items()}
    data: dict[str, Any] = reports["base"] if len(reports) == 1 else {"reports": reports}
    if compare_with is not None:
        data["difference"] = compare(*results.values())
    if report_file is not None:
        _write_report(report_file, f"{title.name}, {players} players, {games} games", results, reports, data)
    if as_json:
        out.print_json(data=data)
    else:
        for label, rep in reports.items():
            _print_report(label, rep)
        if compare_with is not None:
            _print_difference(data["difference"], compare_with.name)
    if any(rep["failures"] for rep in reports.values()):
        raise typer.Exit(1)


def _write_report(
    path: Path,
    heading: str,
    results: dict[str, list[GameSummary]],
    reports: dict[str, dict[str, Any]],
    data: dict[str, Any],
) -> None:
    """Write the HTML report of ``--report`` (atomically)."""
    from framework.base.atomic import WriteError, write_atomic
    from framework.sim.report import report_html

    page = report_html(heading, results, reports, data.get("difference"))
    try:
        write_atomic(path, page.encode("utf-8"))
    except WriteError as exc:
        raise fail(str(exc)) from None
    err.print(f"wrote {path}", markup=False)


def _collect(summaries: Iterable[GameSummary], total: int, label: str) -> list[GameSummary]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    found = []
    with Progress(
        TextColumn(f"{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        bar = progress.add_task(label, total=total)
        for summary in summaries:
            found.append(summary)
            progress.advance(bar)
    return sorted(found, key=lambda s: s.seed)


def _print_report(label: str, rep: dict[str, Any]) -> None:

    def mean(item: dict[str, float]) -> str:
        return f"{item['mean']:.1f} ± {item['ci95']:.1f}"

    say(f"{label}: {rep['finished']} of {rep['games']} games finished")
    say(f"  end reasons: {', '.join(f'{k} {v}' for k, v in rep['end_reasons'].items()) or 'none'}")
    ors = f"{mean(rep['operating_rounds'])} operating rounds, " if "operating_rounds" in rep else ""
    say(f"  length: {ors}{mean(rep['stock_rounds'])} stock rounds, {mean(rep['actions'])} actions")
    say(f"  winner's score {mean(rep['winner_score'])}; spread of scores {mean(rep['score_spread'])}")
    seats = ", ".join(f"{seat}: {v['rate']:.0%}" for seat, v in rep["seat_wins"].items())
    say(f"  wins by seat: {seats}")
    if "bank_breaks_in" in rep:
        breaks = ", ".join(f"{k} ×{v}" for k, v in rep["bank_breaks_in"].items())
        say(f"  the bank breaks in: {breaks or 'never'}")
    if "layer" in rep:  # the title's own layer (LayerReports.figures)
        figures = (
            f"{k.replace('_', ' ')} {v['mean']:.2f} ± {v['ci95']:.2f}" for k, v in rep["layer"].items()
        )
        say(f"  the title's layer, per game: {'; '.join(figures)}")
    table = Table(box=None, pad_edge=False)
    columns = [
        k
        for k in ("floats", "nationalised", "held_by_winner")
        if k in next(iter(rep["corporations"].values()), {})
    ]
    for name in ("corporation", *columns):
        table.add_column(name.replace("_", " "), justify="left" if name == "corporation" else "right")
    for corp, figures in rep["corporations"].items():
        table.add_row(corp, *(f"{figures[k]['rate']:.0%}" for k in columns))
    out.print(table)
    for failure in rep["failures"]:
        say(
            f"  FAILED seed {failure['seed']}: {failure['failure']} "
            f"(saved: {failure['saved'] or 'not saved'})"
        )


def _print_difference(diff: dict[str, Any], name: str) -> None:
    say(f"with {name} minus without, over {diff['paired_games']} games of the same seeds (95% intervals):")
    for key in ("operating_rounds", "actions", "winner_score", "score_spread"):
        item = diff[key]
        say(f"  {key.replace('_', ' ')}: {item['mean']:+.1f} ± {item['ci95']:.1f}")
    for reason, item in diff["end_reasons"].items():
        say(f"  ends by {reason}: {item['mean']:+.0%} ± {item['ci95']:.0%}")


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``simulate`` to the command line."""
    app.command("play")(play)
    app.command("simulate")(simulate)
