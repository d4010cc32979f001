"""A voluntary merger offer (the ``merger_offer`` train event): one corporation, the
target, offers the players' corporations to merge into it, one after another, each
merging or declining::

    trains:
      "5": {events: [close_companies, {type: merger_offer,
            offer: {into: NdM, excluded: [FCP, TM], certificate: 9}}]}

The candidates are the floated corporations of players other than the target's
president (``excluded`` aside), in seat order from the player after the president of
the corporation that bought the train, each player's in operating order, then the
unfloated corporations (those never started, when there are any). A candidate's
president merges or declines; an unfloated candidate left alone merges without being
asked. When a candidate merges, its president's certificate is exchanged for the
target's certificate ``certificate`` (held back from sale until the offer), every other
certificate players hold is refunded at ``refund`` of its market price, and the pool's go
back; the target gets ``exchange_tokens`` tokens (the first replaces the merged
corporation's home token, the target's president chooses which other token the second
replaces, the others leave the map; those left over go on its charter), then its
treasury and trains. When none merges (or
the target has not floated), the certificate limit rises by ``declined_limit``.
"""

from __future__ import annotations

from pydantic import Field

from framework.title.base import Model, Name


class MergerOffer(Model):
    """What a ``merger_offer`` event offers (see the module's docstring)."""

    into: Name
    """The target corporation the candidates may merge into."""
    excluded: list[Name] = []
    """Corporations that may never merge into it."""
    certificate: int = Field(ge=1)
    """The target's certificate a merged corporation's president gets for their
    president's certificate, by its place among the target's certificates (0 is the
    president's): held back from sale until the offer is made."""
    refund: float = Field(default=0.5, gt=0, le=1)
    """The fraction of the market price each other certificate held by a player is
    refunded at, rounded up per player."""
    exchange_tokens: int = Field(default=2, ge=0)
    """Tokens the target gets to replace the merged corporation's tokens; those left
    unplaced go on its charter, after its own, at its last token's price."""
    declined_limit: int = Field(default=1, ge=0)
    """How much the certificate limit rises when no corporation merges."""

    @property
    def share_id(self) -> str:
        """The held-back certificate's id in game files (``NdM_9``)."""
        return f"{self.into}_{self.certificate}"
