"""pytest configuration: doctests run for every module except the entry point."""

collect_ignore = ["framework/__main__.py"]
