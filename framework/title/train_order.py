"""Checks of what the order of the depot decides: when phases begin and trains rust.

The depot sells trains in the order ``trains`` lists them (a later type is offered
early only from its ``available_from`` phase), and a phase begins at the first
purchase of its ``on`` train, the phases in the order they are listed. So a phase on
the same train as an earlier phase, or on a train the depot sells before the train of
the phase listed before it, can never begin; and a train rusts only if one of its type
can be bought before the first train it rusts on.

Each problem is ``(path, message, kind)`` as in :mod:`framework.title.checks`.
"""

from __future__ import annotations

from collections.abc import Iterator

from framework.base.yamlsource import DataPath
from framework.title.model import Title

Found = tuple[DataPath, str, str]


def card_of(title: Title, face: str) -> str | None:
    """The train type whose card ``face`` is (the type itself, or the type with that variant)."""
    if face in title.trains:
        return face
    return next((name for name, train in title.trains.items() if face in train.variants), None)


def phases_follow_the_depot(title: Title) -> Iterator[Found]:
    """Each phase after the first starts on a train of its own, sold after the train of
    the phase listed before it: only the first phase on a train begins at its first
    purchase, and a phase whose train comes earlier than the one before it is passed
    over."""
    depot = {name: i for i, name in enumerate(title.trains)}
    started_by: dict[str, str] = {}
    previous: tuple[str, str | None, int] | None = None
    for name, phase in list(title.phases.items())[1:]:
        card = card_of(title, phase.on) if phase.on is not None else None
        if card is None:
            continue  # no 'on', or a train that does not exist: reported with the references
        at = ("phases", name, "on")
        if card in started_by:
            yield (
                at,
                f"phase {name} starts on train {phase.on}, as phase {started_by[card]} does: the first "
                f"{card} bought begins only phase {started_by[card]}, so phase {name} can never begin",
                "value",
            )
            continue
        started_by[card] = name
        if previous is not None and depot[card] < previous[2]:
            yield (
                at,
                f"phase {name} starts on train {phase.on}, which the depot sells before train "
                f"{previous[1]} of phase {previous[0]}, listed before it: phases begin in the order "
                f"they are listed, so list them in the order of their trains",
                "value",
            )
        previous = (name, phase.on, depot[card])


def trains_rust_after_purchase(title: Title) -> Iterator[Found]:
    """A train rusts on another type, not its own, that can be bought after one of it."""
    for name, train in title.trains.items():
        other = train.rusts_on
        if other is None or other not in title.trains:
            continue  # reported with the references
        at = ("trains", name, "rusts_on")
        if other == name:
            yield (
                at,
                f"train {name} rusts on its own type: the first {name} bought would rust at once",
                "value",
            )
        elif not bought_before(title, name, other):
            yield (
                at,
                f"train {name} rusts on train {other}, which the depot sells before it: the first "
                f"{other} is bought before any {name} can be, so no {name} ever rusts",
                "value",
            )


def bought_before(title: Title, early: str, late: str) -> bool:
    """Whether a train of type ``early`` can be bought before the first of type ``late``:
    it comes first in the depot, or its ``available_from`` phase begins before then."""
    depot = list(title.trains)
    if depot.index(early) < depot.index(late):
        return True
    phase = title.trains[early].available_from
    if phase is None or phase not in title.phases:
        return False
    on = title.phases[phase].on
    card = card_of(title, on) if on is not None else None
    return on is None or (card is not None and depot.index(card) < depot.index(late))
