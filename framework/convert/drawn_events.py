"""A train event the title's own setup puts on a train by a draw (1882's North West
Rebellion, on the first 3, 4, 5 or 6 train), from ``dump.rb``'s ``drawn_train_events``
probe: the draw that places it becomes an ``event_train`` draw, and the event, when what
it does to laid tiles is all the probe sees it do, its ``revert_tiles``."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def drawn_event_draws(
    draws: list[dict[str, Any]], probe: Any, icons: dict[str, Any], gaps: Gaps
) -> list[dict[str, Any]]:
    """``draws`` with the probed draw, an ``unused`` one of the same method at the same
    place, made the ``event_train`` draw of the event it places (``icons``: the converted
    map's)."""
    if not isinstance(probe, dict) or not isinstance(probe.get("draw"), int):
        return draws
    place, method = probe["draw"], probe.get("method")
    types = event_types(probe.get("picks"))
    event = revert_event(probe.get("tiles"), icons)
    where = f"the title's {method} draws the train that carries its event {probe.get('event')}"
    if place >= len(draws) or draws[place] != {"unused": method} or types is None or event is None:
        gaps.add("title", f"{where}; the format does not carry that event")
        return draws
    gaps.drop("title", f"the title's {method} draws a random number at setup")
    return [*draws[:place], {"event_train": types, "revert_tiles": event}, *draws[place + 1 :]]


def event_types(picks: Any) -> list[str] | None:
    """The train types a draw picks from, in order: the shortest list whose repetition
    gives what each forced number picked (``picks``, for 0 to 7: type and the train's place
    among its type's), when every pick is the first train of its type."""
    if not isinstance(picks, list) or not picks:
        return None
    if any(not isinstance(p, list) or p[1:] != [0] for p in picks):
        return None
    names = [str(p[0]) for p in picks]
    for n in range(1, len(names) // 2 + 1):
        if all(names[k] == names[k % n] for k in range(len(names))):
            return names[:n]
    return None


def revert_event(tiles: Any, icons: dict[str, Any]) -> dict[str, Any] | None:
    """The ``revert_tiles`` that explains the probe's ``tiles``: the colours whose
    laid tiles went, and the one icon that every hex that lost its tile shows and no hex
    tried with a tile of those colours that kept it does; ``None`` when none explains it."""
    if not isinstance(tiles, dict):
        return None
    reverted: dict[str, list[str]] = tiles.get("reverted") or {}
    tried: dict[str, list[str]] = tiles.get("tried") or {}
    shown: dict[str, list[str]] = tiles.get("icons") or {}
    colors = [c for c, hexes in reverted.items() if hexes]
    if not colors:
        return None
    gone = {h for c in colors for h in reverted[c]}
    kept = {h for c in colors for h in tried.get(c, []) if h not in reverted[c]}
    candidates = set.intersection(*(set(shown.get(h, [])) for h in gone))
    candidates -= {i for h in kept for i in shown.get(h, [])}
    if len(candidates) != 1 or next(iter(candidates)) not in icons:
        return None
    return {"icon": next(iter(candidates)), "colors": colors}
