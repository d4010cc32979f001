"""Minors becoming majors in a ``merger`` round (1867's, 1861's).

In a round of kind ``merger`` each minor (a corporation of ``kind: minor``) that has
floated, in operating order, may

* **convert** (the ``minor_merger`` step), when its price stands in a zone that
  ``converts``: it becomes a major not yet started, whose par is the highest par price
  of the major's ``par_zones`` at or below the minor's price; the minor's owner receives
  the president's certificate, free; the minor's treasury, companies, loans, trains and
  station tokens pass to the major, and the minor closes;
* **merge** with minors its track reaches (their tokens joined by its routes), up to
  ``most`` minors, ``most_per_owner`` of one owner, into a major not yet started, at the
  highest par price at or below the sum of the lowest and the highest of their prices
  (kept within ``price_range``); each owner receives a 10% certificate for each minor,
  the first to hold two the president's instead.

Then the players buy the new major's shares from its treasury (``post_merger_shares``)
and it removes station tokens beyond ``tokens_kept`` (``reduce_tokens``)::

    rules:
      minor_mergers: {most: 10, most_per_owner: 6, price_range: [100, 200], tokens_kept: 2}
"""

from __future__ import annotations

from pydantic import Field, model_validator

from framework.title.base import Model


class MinorMergers(Model):
    """How minors convert and merge in a ``merger`` round (see the module's docstring)."""

    most: int = Field(default=10, ge=2)
    """The most minors that merge into one major."""
    most_per_owner: int = Field(default=6, ge=1)
    """The most minors of one owner in a merger."""
    price_range: tuple[int, int] = (100, 200)
    """The lowest and highest price a merger's par is looked for at: the sum of the lowest
    and the highest price of the merging minors, brought within this range."""
    tokens_kept: int = Field(default=2, ge=1)
    """The most station tokens a new major keeps on the map, one per hex (the rest it
    removes in the ``reduce_tokens`` step); its charter holds one more, at the price of
    its last."""

    @model_validator(mode="after")
    def _range(self) -> MinorMergers:
        low, high = self.price_range
        if not 0 < low <= high:
            raise ValueError("price_range is [lowest, highest], 0 < lowest <= highest")
        return self
