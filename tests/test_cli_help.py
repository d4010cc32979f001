"""The command line reads alike everywhere (issue 12 §3): the same options with the
same short forms in every command, ``--json`` on every command, and help that fits
an 80-column terminal."""

from __future__ import annotations

import click
import pytest
import typer
from typer.testing import CliRunner

from framework.cli.main import app

COMMAND = typer.main.get_command(app)
NAMES = sorted(COMMAND.commands)  # type: ignore[attr-defined]
SHORT = {
    "--players": "-p",
    "--seed": "-s",
    "--variant": "-v",
    "--rules": "-r",
    "--title": "-t",
    "--out": "-o",
}


def options(name: str) -> dict[str, click.Parameter]:
    found = {}
    for param in COMMAND.commands[name].params:  # type: ignore[attr-defined]
        for opt in param.opts:
            if opt.startswith("--"):
                found[opt] = param
    return found


def test_every_command_is_there():
    assert (
        sorted(
            [
                "validate",
                "schema",
                "replay",
                "setup",
                "play",
                "simulate",
                "render",
                "view",
                "routes",
                "new",
                "serve",
                "import",
            ]
        )
        == NAMES
    )


@pytest.mark.parametrize("name", NAMES)
def test_every_command_prints_json(name):
    assert "--json" in options(name)


@pytest.mark.parametrize("name", NAMES)
def test_shared_options_have_the_same_short_form(name):
    for long, param in options(name).items():
        if long in SHORT:
            assert SHORT[long] in param.opts, (name, long, param.opts)


@pytest.mark.parametrize("name", NAMES)
def test_options_taking_values_name_them(name):
    """``--players N``, not ``--players <int>``: every value has a metavar."""
    for long, param in options(name).items():
        if isinstance(param, click.Option) and not param.is_flag:
            assert param.metavar, (name, long)


@pytest.mark.parametrize("name", [None, *NAMES])
def test_help_fits_80_columns(name):
    args = ["--help"] if name is None else [name, "--help"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80"}, prog_name="18xx")
    assert result.exit_code == 0
    long = [line for line in result.output.splitlines() if len(line) > 80]
    assert not long, long


def test_the_top_level_help_gives_the_exit_statuses():
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"})
    text = " ".join(result.output.split())
    assert "Exit status: 0 done; 1 a problem in the input" in text and "2 a usage error" in text
