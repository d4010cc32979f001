"""Money the bank pays a corporation for some of its tile actions (``lay_subsidy``): a
corporation's own, or a company's for the corporation owning it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from framework.title.base import Model


class LaySubsidyTerms(Model):
    """Which tile actions earn a subsidy, and how much. A lay earns it when the tile
    laid is of one of ``colors`` and bears one of ``labels`` (each: any when absent), and,
    with ``towns``, when the hex had a town before the lay."""

    type: Literal["lay_subsidy"]
    """Money from the bank for tile actions."""
    amount: int = Field(gt=0)
    """What the bank pays the laying corporation's treasury for each such lay."""
    colors: list[str] | None = Field(default=None, min_length=1)
    """The colours of the tiles that earn it (absent: any)."""
    labels: list[str] | None = Field(default=None, min_length=1)
    """The labels of the tiles that earn it (absent: any tile, labelled or not)."""
    towns: bool = False
    """Only a lay in a hex that had a town before it earns it."""

    def earned(self, color: str, label: str | None, had_town: bool) -> bool:
        """Whether a lay of a tile of ``color`` and ``label`` earns it."""
        if self.colors is not None and color not in self.colors:
            return False
        if self.labels is not None and label not in self.labels:
            return False
        return had_town or not self.towns
