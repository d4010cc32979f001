"""The referee: a game's state, and the rules that change it one action at a time.

It owns the game (:mod:`~framework.engine.game`, built from a validated title by
:mod:`~framework.engine.setup`), its entities, money, shares, trains, tokens and market,
the rounds and the library of steps (:mod:`framework.engine.steps`), the legal choices
of a position (:mod:`~framework.engine.choices`), the invariants checked after every
action, and the base of the rules part of a title's own layer
(:mod:`~framework.engine.extension`).

It may import ``base``, ``title`` and ``board``.
"""
