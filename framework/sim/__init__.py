"""Many bot games at once: ``18xx simulate`` and its reports.

It owns running games in parallel and their figures (:mod:`~framework.sim.simulate`)
and the report's text and charts (:mod:`~framework.sim.report`).

It may import ``base``, ``title``, ``board``, ``engine``, ``record``, ``bots`` and
``render``.
"""
