"""``python -m framework`` runs the ``18xx`` command line."""

from framework.cli import main

main()
