"""``python -m framework`` runs the ``18xx`` command line."""

from framework.cli.main import main

main()
