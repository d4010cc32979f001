"""Pictures of titles and games, as SVG (and PNG through cairosvg).

* :mod:`~framework.render.map`: the title's map, and any board during a game;
* :mod:`~framework.render.tilesheet`: every tile of the manifest;
* :mod:`~framework.render.market`: the stock market, with the corporations of a game;
* :mod:`~framework.render.position`: a game position, with a corporation's routes;
* :mod:`~framework.render.viewer`: a self-contained HTML replay viewer;
* :mod:`~framework.render.output`: writing SVG or PNG files atomically;
* :mod:`~framework.render.extension`: the base of the drawing part of a title's own
  layer, which returns the shapes of :mod:`~framework.render.shapes`.

The building blocks are :mod:`~framework.render.svg` (plain SVG text),
:mod:`~framework.render.geometry` (hexes in pixels), :mod:`~framework.render.track`
(track on a hex) and :mod:`~framework.render.hexes` (one hex drawn).

It draws what the layers below hold and decides nothing: it may import ``base``,
``title``, ``board``, ``engine``, ``record`` and ``bots``.
"""
