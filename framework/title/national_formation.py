"""A national railway formed by a train event (the ``national_formation`` event): the
corporations that still owe loans merge into one national corporation, or their
presidents pay their debts::

    trains:
      "6": {events: [{type: national_formation,
            formation: {national: CGR, exchange_percent: 20, shares: 20, token_limit: 10,
                        token_price: 100}}]}

When the event comes, every floated corporation repays what loans it can from its
treasury, in whole loans. Those that still owe loans are the candidates, by their
presidents in seat order from the president of the corporation that bought the train,
each player's in operating order. Each in turn merges (``merge``) or declines
(``pass``): declining, it pays its treasury towards its loans and its president pays
the rest. A merged corporation gives the national its trains, treasury and route rights
(a right the national holds already goes back to its company), and its loans go back
to the bank.

Once every candidate has answered, if any merged, the national floats at the average
market price of the merged corporations (the lowest left out when more than
``drop_lowest_above`` merged, rounded down to a multiple of 5), moved to the nearest
price of the market's top row not below ``lowest_price`` (ties upward). Each player gets
one national share for every ``exchange_percent`` of the merged corporations they held
(added up), in seat order from the train buyer's president; what is left over, and
the merged corporations' pool shares, gives the pool shares the same way. The player
given most shares (the first of equals) is president; one given a single share holds
the president's certificate at half its percent, and in their next stock turn may only
sell shares or buy a share of the national: when they can do neither, short of the
money for it, they are bankrupt. When more shares are handed out than
the national has certificates, each of its certificates splits in two (its
president's certificate too), ``shares`` in all. Its tokens replace the merged
corporations' tokens: their homes first, then the others, one to a city; two in a hex
or more than ``token_limit`` wait for the national to remove the extras
(``remove_token``); the tokens left to ``token_limit`` go on its charter at
``token_price``. The merged corporations close; the national may then discard trains
that rust (``discard_train`` or ``pass``) and must discard down to its train limit.
From then on no loans are taken and no interest is paid, and the certificate limit is
``cert_limits`` by the number of corporations in play and players. When none merged,
the national closes.
"""

from __future__ import annotations

from pydantic import Field

from framework.title.base import Model, Name


class NationalFormation(Model):
    """What a ``national_formation`` event forms (see the module's docstring)."""

    national: Name
    """The national corporation the candidates merge into."""
    exchange_percent: int = Field(default=20, ge=1)
    """The percent of the merged corporations a player exchanges for one national share."""
    shares: int = Field(default=20, ge=1)
    """The most national shares handed out: its certificates after a split, the
    president's counting twice."""
    token_limit: int = Field(default=10, ge=0)
    """The most tokens the national keeps (more only for the merged homes)."""
    token_price: int = Field(default=100, ge=0)
    """The price of the national's tokens left on its charter."""
    drop_lowest_above: int = Field(default=2, ge=0)
    """The lowest merged price is left out of the average when more corporations than
    this merged."""
    lowest_price: int = Field(default=100, ge=0)
    """The lowest price the national may start at (on the market's top row)."""
    cert_limits: dict[int, dict[int, int]] = {}
    """The certificate limit once the national has formed, by the number of
    corporations in play (the national among them), then by the number of players."""
