"""Phases and trains of a converted title, from the game's ``game_phases`` and
``game_trains`` and the built depot's counts."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps

TILE_COLORS = ("yellow", "green", "brown", "gray", "black")
EVENTS = {
    "close_companies": "close_companies",
    "full_cap": "full_capitalization",
    "civil_war": "lose_weakest_run",
    "trainless_nationalization": "trainless_nationalization",
    "minors_nationalized": "minors_nationalization",
    "nationalize_companies": "nationalize_companies",
    "minors_cannot_start": "remove_unstarted_minors",
}
STATUS = {
    "can_buy_companies": "buy_companies",
    "can_buy_companies_from_other_players": "players_buy_companies",
    "national_operates": "national_operates",
}
DEPOT_STEPS = {"SingleDepotTrainBuy": "limited_train_buy", "BuySingleTrainOfType": None}
"""18xx.games' train-buying steps that limit depot purchases, each with the phase status
that turns its limit on (``None``: always on)."""
LIMIT_KINDS = {"major": "corporation", "corporation": "corporation", "minor": "minor"}


def _name(value: Any) -> str:
    return str(value)


def train_multiplier(train: dict[str, Any]) -> int | None:
    """The train's own ``multiplier`` (every stop's value times it, unless its distance
    part says otherwise: 1867's 2+2 and 5+5E double), when the format can say it."""
    multiplier = train.get("multiplier")
    return multiplier if isinstance(multiplier, int) and multiplier >= 0 else None


def _distance(train: dict[str, Any], gaps: Gaps) -> int | str | list[dict[str, Any]]:
    distance = train.get("distance", 0)
    multiplier = train_multiplier(train) or 1
    if isinstance(distance, int):
        if distance < 1:
            gaps.add("trains", f"train {train.get('name')}: a distance of {distance} (written as 1)")
        count = "unlimited" if distance >= 99 else max(distance, 1)
        if multiplier != 1:  # the format multiplies by part: one part of every kind of stop
            return [{"stops": list(STOP_KINDS), "visit": count, "multiplier": multiplier}]
        return count
    if isinstance(distance, list) and distance:
        parts = [_stop_count(part, multiplier) for part in distance]
        if all(part is not None for part in parts):
            _overlaps(train, distance, multiplier, gaps)
            return [part for part in parts if part is not None]
    gaps.add("trains", f"train {train.get('name')}: distance {distance} (written as 2)")
    return 2


STOP_KINDS = ("city", "town", "offboard")


def _count(value: Any) -> int | str | None:
    if isinstance(value, int) and value >= 0:
        return "unlimited" if value >= 99 else value
    return None


def _stop_count(part: Any, train_multiplier: int = 1) -> dict[str, Any] | None:
    """One part of an 18xx.games distance list (``nodes``, ``pay``, ``visit``,
    ``multiplier``, else the train's) as a :class:`~framework.title.trains.StopCount`, or
    ``None``."""
    if not isinstance(part, dict):
        return None
    kinds = part.get("nodes")
    pay = _count(part.get("pay"))
    visit = _count(part.get("visit", part.get("pay")))
    if not isinstance(kinds, list) or not kinds or any(k not in STOP_KINDS for k in kinds):
        return None
    if pay is None or visit is None or visit == 0:
        return None
    out: dict[str, Any] = {"stops": list(kinds), "visit": visit}
    if pay != visit:
        out["pay"] = pay
    multiplier = part.get("multiplier", train_multiplier)
    if not isinstance(multiplier, int) or multiplier < 0:
        return None
    if multiplier != 1:
        out["multiplier"] = multiplier
    return out


def _overlaps(train: dict[str, Any], distance: list[dict[str, Any]], multiplier: int, gaps: Gaps) -> None:
    """18xx.games multiplies a stop by the first part naming its kind, this format by
    the part it pays in: the same unless parts sharing a kind multiply differently."""
    for kind in STOP_KINDS:
        multipliers = {part.get("multiplier", multiplier) for part in distance if kind in part["nodes"]}
        if len(multipliers) > 1:
            gaps.add(
                "trains",
                f"train {train.get('name')}: {kind} stops multiplied by the first part naming them",
            )


def _trade_in(discount: Any, names: set[str]) -> dict[str, Any] | None:
    """A train's ``trade_in`` from its 18xx.games ``discount`` (an amount off by train type
    traded in): one amount when all are alike, else one for each type."""
    if not isinstance(discount, dict) or not discount:
        return None
    amounts = {_name(t): a for t, a in discount.items() if _name(t) in names}
    if not amounts or not all(isinstance(a, int) and a > 0 for a in amounts.values()):
        return None
    alike = set(amounts.values())
    return {"trains": list(amounts), "discount": alike.pop() if len(alike) == 1 else amounts}


def convert_trains(
    trains: Any,
    counts: dict[str, int],
    phase_names: set[str],
    gaps: Gaps,
    token_removals: Any = None,
    starts: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The ``trains`` section. ``starts``: the phase each train type begins, by its name
    (an event ``train_trade_allowed`` makes every trade-in wait for that phase)."""
    starts = starts or {}
    if not isinstance(trains, list):
        raise ValueError(f"the trains cannot be read: {trains}")
    names = {_name(t["name"]) for t in trains}
    variant_names = {
        _name(v["name"]) for t in trains for v in t.get("variants") or [] if _name(v["name"]) not in names
    }
    out: dict[str, Any] = {}
    trade_from: str | None = None
    for train in trains:
        name = _name(train["name"])
        price = train.get("price", 0)
        if not isinstance(price, int) or price <= 0:
            gaps.add("trains", f"train {name}: price {price} (written as 1)")
            price = 1
        entry: dict[str, Any] = {"distance": _distance(train, gaps), "price": price}
        entry["count"] = (
            "unlimited" if train.get("num") == "unlimited" else counts.get(name, train.get("num", 1))
        )
        if entry["count"] != "unlimited" and (not isinstance(entry["count"], int) or entry["count"] < 1):
            gaps.add("trains", f"train {name}: {entry['count']} in the game (written as 1)")
            entry["count"] = 1
        if train.get("rusts_on"):
            rusts = train["rusts_on"]
            rusts = rusts[0] if isinstance(rusts, list) else rusts
            if _name(rusts) in names | variant_names and _name(rusts) != name:
                entry["rusts_on"] = _name(rusts)
            else:
                gaps.add("trains", f"train {name} rusts on {rusts}")
        if train.get("obsolete_on"):
            obsolete = _name(train["obsolete_on"])
            if obsolete in names | variant_names and obsolete != name:
                entry["obsolete_on"] = obsolete
            else:
                gaps.add("trains", f"train {name}: obsolete on {train['obsolete_on']}")
        available = train.get("available_on")
        if available is not None:
            if _name(available) in phase_names:
                entry["available_from"] = _name(available)
            else:
                gaps.add("trains", f"train {name}: available on {available}")
        trade_in = _trade_in(train.get("discount"), names)
        if trade_in is not None:
            entry["trade_in"] = trade_in
        elif train.get("discount"):
            gaps.add("trains", f"train {name}: trade-in discounts {train.get('discount')}")
        events: list[Any] = []
        for event in train.get("events") or []:
            kind = str(event.get("type") if isinstance(event, dict) else event)
            if kind in EVENTS:
                events.append(EVENTS[kind])
            elif kind == "train_trade_allowed" and name in starts:
                trade_from = starts[name]  # (1867, 18Ireland) trade-ins from the phase it starts
            elif isinstance(token_removals, dict) and token_removals.get(kind):
                # a title's own event lifting neutral stations (the dump's event_token_removals)
                events.append({"type": "remove_neutral_tokens", "hexes": list(token_removals[kind])})
                gaps.add("trains", f"train {name}: event {kind} (its neutral stations leaving written)")
            else:
                gaps.add("trains", f"train {name}: event {kind}")
        if events:
            entry["events"] = events
        for key in ("multiplier", "no_local", "salvage", "obsolete_on", "reserved"):
            if key == "multiplier" and train_multiplier(train) is not None:
                continue  # in the distance's parts
            if train.get(key) not in (None, False, 0) and key != "obsolete_on":
                gaps.add("trains", f"train {name}: {key} {train[key]}")
        variants = {}
        for variant in train.get("variants") or []:
            vname = _name(variant["name"])
            if vname == name:
                continue
            face: dict[str, Any] = {"price": max(int(variant.get("price") or entry["price"]), 1)}
            if "distance" in variant:
                face["distance"] = _distance(variant, gaps)
            variants[vname] = face
        if variants:
            entry["variants"] = variants
        out[name] = entry
    if trade_from is not None:
        for entry in out.values():
            if "trade_in" in entry:
                entry["trade_in"]["from_phase"] = trade_from
    return out


def depot_purchases(phases: dict[str, Any], dumped: Any, steps: list[str]) -> None:
    """Set each phase's ``depot_purchases`` from the operating round's train-buying step
    (``steps``: the library steps the round's 18xx.games steps are or derive from) and
    the ``dumped`` phases' status."""
    status = {str(p.get("name")): set(p.get("status") or []) for p in dumped or [] if isinstance(p, dict)}
    if "BuySingleTrainOfType" in steps:
        for entry in phases.values():
            entry["depot_purchases"] = "one_of_each_type"
    elif "SingleDepotTrainBuy" in steps:
        for name, entry in phases.items():
            if DEPOT_STEPS["SingleDepotTrainBuy"] in status.get(name, set()):
                entry["depot_purchases"] = "one"


def probed_depot_limits(phases: dict[str, Any], probed: Any, repeats: Any = None) -> None:
    """Set ``depot_purchases: one`` in each phase where the title's own train-buying step
    was found to offer no second depot train in a turn (the dump's ``depot_limits``). A
    ``one_of_each_type`` found is written only where no type was found bought twice in a
    turn (``repeats``, the dump's ``depot_repeat_types``, an empty list): the titles that
    exempt some types (18FL, 18VA) have them there, or no answer."""
    if not isinstance(probed, dict):
        return
    every_type = isinstance(repeats, list) and not repeats
    for name, answer in probed.items():
        entry = phases.get(str(name))
        if entry is None or "depot_purchases" in entry:
            continue
        if answer == "one" or (answer == "one_of_each_type" and every_type):
            entry["depot_purchases"] = answer


def closed_shares(phases: dict[str, Any], probed: Any, corporations: set[str]) -> None:
    """Set each phase's ``closed_shares``: the corporations whose shares the title's own
    stock round step refuses to trade in it though it does in another phase (the dump's
    ``closed_shares``: 18MEX's NdM)."""
    if not isinstance(probed, dict):
        return
    for name, syms in probed.items():
        entry = phases.get(str(name))
        known = [str(s) for s in syms or [] if str(s) in corporations]
        if entry is not None and known:
            entry["closed_shares"] = known


def convert_phases(phases: Any, trains: dict[str, Any], gaps: Gaps) -> dict[str, Any]:
    """The ``phases`` section."""
    if not isinstance(phases, list):
        raise ValueError(f"the phases cannot be read: {phases}")
    faces = set(trains) | {v for t in trains.values() for v in t.get("variants", {})}
    card = {v: name for name, t in trains.items() for v in [name, *t.get("variants", {})]}
    started: set[str] = set()
    out: dict[str, Any] = {}
    for index, phase in enumerate(phases):
        name = _name(phase["name"])
        tiles = [str(t) for t in phase.get("tiles") or ["yellow"]]
        for other in sorted(set(tiles) - set(TILE_COLORS)):
            gaps.add("trains", f"phase {name}: {other} tiles")
        entry: dict[str, Any] = {}
        on = phase.get("on")
        if isinstance(on, list):
            gaps.add("trains", f"phase {name}: starts on any of {on}")
            on = on[0]
        if index and on is not None:
            if _name(on) in faces and card[_name(on)] in started:
                gaps.add(
                    "trains",
                    f"phase {name}: starts on {on}, another face of a train that starts a phase (left out)",
                )
                continue
            if _name(on) in faces:
                entry["on"] = _name(on)
                started.add(card[_name(on)])
            else:
                gaps.add("trains", f"phase {name}: starts on {on}, which is no train (left out)")
                continue
        elif index:
            gaps.add("trains", f"phase {name}: starts on no train (left out)")
            continue
        entry["tiles"] = [t for t in TILE_COLORS if t in tiles] or ["yellow"]
        limit = phase.get("train_limit", 4)
        if isinstance(limit, dict):
            limits = {LIMIT_KINDS[k]: v for k, v in limit.items() if k in LIMIT_KINDS}
            for other in set(limit) - set(LIMIT_KINDS):
                gaps.add("trains", f"phase {name}: a train limit for {other}")
            limit = limits or 4
        if isinstance(limit, int) and limit < 1:
            gaps.add("trains", f"phase {name}: a train limit of {limit} (written as 1)")
            limit = 1
        if isinstance(limit, dict):
            limit = {k: max(v, 1) if isinstance(v, int) else 1 for k, v in limit.items()}
            for kind in ("corporation", "minor"):
                if kind not in limit:
                    gaps.add("trains", f"phase {name}: no train limit for a {kind} (the largest is written)")
                    limit[kind] = max(limit.values())
        entry["train_limit"] = limit
        entry["operating_rounds"] = int(phase.get("operating_rounds", 1))
        for status in phase.get("status") or []:
            if status == DEPOT_STEPS["SingleDepotTrainBuy"]:
                continue  # read with the round's step (depot_purchases)
            if status in STATUS:
                entry[STATUS[status]] = True
            elif status == "no_loans":
                entry["loans"] = False
            else:
                gaps.add("trains", f"phase {name}: status {status}")
        out[name] = entry
    return out


def phase_purchases(phases: dict[str, Any], probed: Any, corporations: set[str]) -> None:
    """Who buys companies from players in each phase where the title's own code decides
    (``probed``: the dump's ``phase_purchases``): a phase whose status lets players buy
    from one another though the title offers them none loses ``players_buy_companies``;
    a phase without ``buy_companies`` in which the title offers companies to corporations
    gets them as ``early_company_buys`` (any corporation, when offered to all), and
    ``early_company_buys_kept`` where a buyer owning one is still offered it."""
    if not isinstance(probed, dict):
        return
    for name, found in probed.items():
        entry = phases.get(str(name))
        if entry is None or not isinstance(found, dict):
            continue
        if found.get("players") is False and entry.get("players_buy_companies"):
            del entry["players_buy_companies"]
        offered = found.get("corporations")
        if entry.get("buy_companies") or not isinstance(offered, dict) or not offered:
            continue
        entry["early_company_buys"] = {
            str(sym): [] if set(buyers) >= corporations else sorted(str(b) for b in buyers)
            for sym, buyers in sorted(offered.items())
        }
        if found.get("kept") is True:
            entry["early_company_buys_kept"] = True


def early_buy_steps(steps: list[Any], probed: Any) -> None:
    """Mark the operating round's ``buy_company`` steps (``steps``) that offer no early
    purchase in any phase where the title offers one (the dump's ``phase_purchases``
    ``steps``: per company-buying step of 18xx.games, whether it offers it)."""
    if not isinstance(probed, dict):
        return
    answers: list[list[Any]] = [
        found["steps"]
        for found in probed.values()
        if isinstance(found, dict) and isinstance(found.get("steps"), list) and found["steps"]
    ]
    places = [
        i
        for i, s in enumerate(steps)
        if s == "buy_company" or (isinstance(s, dict) and s.get("step") == "buy_company")
    ]
    if not answers or any(len(a) != len(places) for a in answers):
        return
    for n, place in enumerate(places):
        if all(a[n] is False for a in answers):
            entry = steps[place] if isinstance(steps[place], dict) else {"step": "buy_company"}
            entry["early_company_buys"] = False
            steps[place] = entry


def corporation_kinds(out: dict[str, Any], build: dict[str, Any]) -> None:
    """``kind: minor`` on the corporations of 18xx.games' type minor where a phase's train
    limit differs by kind (1867's minors, limited as minors are)."""
    phases = out.get("phases") or {}
    if not any(isinstance(p.get("train_limit"), dict) for p in phases.values() if isinstance(p, dict)):
        return
    corporations: dict[str, Any] = out["corporations"]
    for entry in build.get("corporations") or []:
        if isinstance(entry, dict) and entry.get("type") == "minor" and str(entry.get("sym")) in corporations:
            corporations[str(entry["sym"])]["kind"] = "minor"
            if build.get("minors_first") is True:  # (the dump's minors_first: 1867's)
                corporations[str(entry["sym"])]["operates_first"] = True


def filling_stops(trains: dict[str, Any], build: dict[str, Any]) -> None:
    """``fills: true`` on the non-paying parts of the trains' distances where the title's
    own stop choice lets their stops pay in the room the paying parts leave (the dump's
    ``stops_fill``: 1867's towns)."""
    if build.get("stops_fill") is not True:
        return
    for train in trains.values():
        faces = [train, *(train.get("variants") or {}).values()]
        for face in faces:
            distance = face.get("distance") if isinstance(face, dict) else None
            for part in distance if isinstance(distance, list) else []:
                if isinstance(part, dict) and part.get("pay") == 0:
                    part["fills"] = True


def blocks_until(companies: dict[str, Any], build: dict[str, Any]) -> None:
    """``until`` on the ``blocks_hexes`` of the companies the title's own train events
    close (the dump's ``event_closings``: 1861's hidden company, its hexes open in phase
    3), where blocking is all the company does."""
    closings = build.get("event_closings")
    if not isinstance(closings, dict):
        return
    for sym, phase in closings.items():
        company = companies.get(sym)
        abilities = company.get("abilities") if isinstance(company, dict) else None
        if not abilities or any(a.get("type") != "blocks_hexes" for a in abilities):
            continue
        for ability in abilities:
            ability["until"] = str(phase)


def exported_trains(phases: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> None:
    """``exports_train`` on the phases whose status says ``export_train`` where the end of
    an operating round exports a train (the dump's ``exports_after_round``: 1867's, not
    1861's, which keeps the status)."""
    if build.get("exports_after_round") is not True:
        return
    for phase in build.get("phases") or []:
        name = str(phase.get("name")) if isinstance(phase, dict) else None
        if name in phases and "export_train" in (phase.get("status") or []):
            phases[name]["exports_train"] = True
            gaps.drop("trains", f"phase {name}: status export_train")
