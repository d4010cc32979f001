"""The board: tiles on the map, track, tokens and routes.

It owns the hex map of a game (:mod:`~framework.board.hexmap`), tile lays and their
limits (:mod:`~framework.board.lays`), the track graph and what each corporation reaches
(:mod:`~framework.board.graph`), tokens in cities, and routes: checking a run
(:mod:`~framework.board.routes`) and the proven-best routes
(:mod:`~framework.board.optimal`).

It may import ``base`` and ``title``.
"""
