"""The ground floor: what every layer needs and nothing about 18xx.

It owns the two kinds of error the framework reports (:mod:`~framework.base.problems`:
problems of a file at ``file:line:col``; :mod:`~framework.base.errors`: an action the
rules refuse), reading YAML with its locations and limits
(:mod:`~framework.base.yamlsource`, :mod:`~framework.base.yamllimits`), opening only
regular files (:mod:`~framework.base.regularfile`), writing files atomically
(:mod:`~framework.base.atomic`) and the hex grid (:mod:`~framework.base.grid`).

It imports nothing else of the framework.
"""
