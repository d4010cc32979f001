"""Games as records: game files, replays, sessions and what is said about positions.

It owns the 18xx.games game file (:mod:`~framework.record.gamefile`, its actions'
shapes in :mod:`~framework.record.gamefile_model`), replaying one strictly
(:mod:`~framework.record.replay`), a game in play that takes actions one at a time
(:mod:`~framework.record.session`), what a file says about the title it was played with
(:mod:`~framework.record.provenance`), the positions of a game
(:mod:`~framework.record.positions`) and its reports (:mod:`~framework.record.report`),
with the base of the reports part of a title's own layer
(:mod:`~framework.record.extension`).

It may import ``base``, ``title``, ``board`` and ``engine``.
"""
