"""The ``18xx`` command: one module per family of subcommands, over the other layers.

:mod:`~framework.cli.main` is the Typer app; :mod:`~framework.cli.options` and
:mod:`~framework.cli.output` hold what the subcommands share (their options, and how
results and errors are printed, with exit codes).

It may import every other layer.
"""
