"""The goods layer: an operating layer of owned track, links between cities, goods
cubes and an income track (the Age of Steam family), played by a title's ``goods``
data and its ``goods_*`` rounds. See :mod:`framework.goods.rounds`."""
