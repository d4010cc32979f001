"""The ``18xx`` command line.

``18xx validate PATH`` checks a title folder (and its variants) and prints a
summary; ``18xx schema`` writes or checks the published JSON Schemas. Every
user error is printed as ``file:line:col: message`` with exit status 1, never
as a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from framework.problems import Problem, ProblemsError
from framework.title.loader import load_title
from framework.title.schema import SCHEMA_FILES, stale_schemas, write_schemas
from framework.title.summary import summarize

app = typer.Typer(
    name="18xx",
    help="Define, check and run 18xx railway board games from YAML title files.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

DEFAULT_SCHEMA_DIR = Path("schemas")


def report(problems: list[Problem], stage: str = "semantic") -> None:
    """Print problems to standard error, one per line, then a count."""
    for problem in problems:
        err.print(str(problem), markup=False)
    n = len(problems)
    note = (
        ""
        if stage == "semantic"
        else " (references between sections are checked once these are fixed)"
    )
    err.print(f"{n} problem{'s' if n != 1 else ''} found{note}", markup=False)


@app.command()
def validate(
    path: Annotated[Path, typer.Argument(help="A title folder, or its title.yaml.")],
    rules: Annotated[
        list[Path] | None,
        typer.Option("--rules", "-r", help="An overlay file to apply (house rules); repeatable."),
    ] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", "-v", help="A variant of the title to apply, by id; repeatable."),
    ] = None,
) -> None:
    """Check a title and print a summary of it.

    Every problem is reported as file:line:col. The title's own variants are
    checked too, each applied on its own.
    """
    try:
        title = load_title(path, rules or [], variant or [])
    except ProblemsError as exc:
        report(exc.problems, exc.stage)
        raise typer.Exit(1) from None
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
        report(
            [p for exc in failures for p in exc.problems],
            "semantic" if stages == {"semantic"} else "schema",
        )
        raise typer.Exit(1)
    lines = summarize(title)
    width = max(len(label) for label, _ in lines)
    for label, text in lines:
        out.print(f"{label:<{width}}  {text}", markup=False)
    if checked:
        out.print(f"variants checked: {', '.join(checked)}", markup=False)
    out.print(f"{title.title.name}: valid", markup=False)


@app.command()
def schema(
    check: Annotated[
        bool, typer.Option("--check", help="Only check that the files match the models.")
    ] = False,
    out_dir: Annotated[
        Path, typer.Option("--out", help="The folder of the schema files.")
    ] = DEFAULT_SCHEMA_DIR,
) -> None:
    """Write the JSON Schemas of title and overlay files (draft-07), generated
    from the models, for editors and other tools."""
    if check:
        stale = stale_schemas(out_dir)
        if stale:
            for name in stale:
                err.print(
                    f"{out_dir / name}: out of date; run '18xx schema' to update it", markup=False
                )
            raise typer.Exit(1)
        out.print(f"schemas up to date: {', '.join(SCHEMA_FILES.values())}", markup=False)
        return
    for written in write_schemas(out_dir):
        out.print(f"wrote {written}", markup=False)


def main() -> None:
    """Entry point of the ``18xx`` console script."""
    app(prog_name="18xx")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
