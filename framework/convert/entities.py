"""Private companies (with their abilities), corporations and minors of a converted
title, from the game's ``game_companies``, ``game_corporations`` and ``game_minors``.

An 18xx.games ability is mapped to one of the format's ability kinds
(docs/reference/abilities.md) where one says the same; any other is named in the
gaps, by its type.
"""

from __future__ import annotations

import re
from typing import Any

from framework.convert.gaps import Gaps

WHEN = {
    "owning_corp_or_turn": "operating_turn",
    "track": "track",
    "special_track": "track",
    "track_and_token": "track",
    "sold": "sold",
    "stock_round": "stock_round",
    "owning_player_track": "president_track",
    "or_between_turns": "between_turns",
    "owning_player_or_turn": "president_track",
}
OWNERS = {"player": ["player"], "corporation": ["corporation"]}
QUIET = {"description", "base"}
HEX_ID = re.compile(r"^[A-Za-z]+-?\d+$")


def _owner(ability: dict[str, Any], default: list[str]) -> list[str]:
    return OWNERS.get(str(ability.get("owner_type")), default)


def _tile_lay(ability: dict[str, Any], where: str, gaps: Gaps) -> dict[str, Any] | None:
    """18xx.games' ``tile_lay``: empty ``hexes`` or ``tiles`` mean any (written absent);
    ``lay_count`` is the count; no count at all, no limit."""
    hexes, tiles = _listed(ability.get("hexes")), [str(t) for t in _listed(ability.get("tiles"))]
    whens = ability.get("when") or []
    whens = [whens] if isinstance(whens, str) else whens
    mapped = list(dict.fromkeys(WHEN[w] for w in whens if w in WHEN)) or ["track"]
    for other in [w for w in whens if w not in WHEN]:
        gaps.add("companies", f"{where}: tile_lay when {other}")
    out: dict[str, Any] = {"type": "tile_lay"}
    if hexes:
        out["hexes"] = hexes
    if tiles:
        out["tiles"] = tiles
    count = ability.get("count") or ability.get("lay_count")
    if isinstance(count, int) and count > 0:
        out["count"] = count
    upgrades = ability.get("upgrade_count")
    if isinstance(upgrades, int) and upgrades > 0 and "count" in out:
        out["upgrade_count"] = upgrades
    if isinstance(ability.get("count_per_or"), int) and ability["count_per_or"] > 0:
        out["per_round"] = ability["count_per_or"]
    if isinstance(ability.get("cost"), int) and ability["cost"] > 0:
        out["cost"] = ability["cost"]
    if ability.get("owner_type") == "player":
        out["owner"] = ["player"]
    if ability.get("reachable") or (ability.get("consume_tile_lay") and not hexes):
        out["connected"] = True  # a lay counted as the turn's own, anywhere, is connected as that one
    if ability.get("connect", True) is not False and out.get("count", 0) > 1 and len(hexes) > 1:
        out["connect_each_other"] = True  # 18xx.games' default: the lays connect to each other
    if ability.get("must_lay_together") and not ability.get("must_lay_all"):
        out["must_lay_together"] = True
    if ability.get("consume_tile_lay"):
        out["counts_as_track_lay"] = True
    out["when"] = mapped
    if ability.get("must_lay_all"):
        out["must_lay_all"] = True
    if ability.get("free"):
        out["free"] = True
    if ability.get("closed_when_used_up"):
        out["closes_when_used_up"] = True
    if isinstance(ability.get("discount"), int) and ability["discount"] > 0:
        out["discount"] = ability["discount"]
    if ability.get("special", True) is not False:  # 18xx.games' default: special
        out["special"] = True
    if ability.get("combo_entities"):
        gaps.add("companies", f"{where}: tile_lay combined with {ability['combo_entities']} in one lay")
    return out


def _shares(ability: dict[str, Any], where: str, corps: set[str], gaps: Gaps) -> list[dict[str, Any]]:
    shares = ability.get("shares")
    out = []
    for share in [shares] if isinstance(shares, str) else shares or []:
        if share in ("random_president",):
            out.append({"type": "shares", "corporation": "random", "president": True})
            continue
        if share == "random_share":
            among = [c for c in ability.get("corporations") or [] if c in corps]
            out.append({"type": "shares", "corporation": "random", **({"among": among} if among else {})})
            continue
        corp, _, index = str(share).rpartition("_")
        if corp in corps and index.isdigit():
            entry: dict[str, Any] = {"type": "shares", "corporation": corp}
            if index == "0":
                entry["president"] = True
            out.append(entry)
        else:
            gaps.add("companies", f"{where}: shares {share}")
    return out


TOKEN_WHEN = {"token": "token", "owning_corp_or_turn": "operating_turn"}
"""18xx.games' times of a ``token`` ability, as the format's ``when``."""
TOKEN_UNSAID = ("extra_slot", "discount", "same_hex_allowed")
"""Options of a ``token`` ability the format does not express."""

NOBODYS = "nobodys_station"
"""Set by :func:`nobodys_stations` on a company's ``token`` ability whose station is
nobody's (the dump's ``nobodys_stations``): what a route earns more in its city."""


def terrain_discounts(companies: dict[str, Any], probed: Any) -> None:
    """Give each company the title's own ``upgrade_cost`` charges its owner less for
    terrain (the dump's ``terrain_discounts``, {sym: money off}) a ``terrain_discount``
    of any terrain: 18 Los Angeles' Chino Hills Excavation."""
    for sym, amount in (probed if isinstance(probed, dict) else {}).items():
        company = companies.get(str(sym))
        if company is not None and isinstance(amount, int) and amount > 0:
            company.setdefault("abilities", []).append({"type": "terrain_discount", "amount": amount})


def nobodys_stations(game_companies: Any, probed: Any) -> None:
    """Mark the ``token`` ability of each company whose station the title makes nobody's
    (the dump's ``nobodys_stations``, {sym: what a route earns more there}): such a
    station blocks as a foreign one, and may go beside the owner's own (18xx.games'
    ``check_tokenable: false``)."""
    if not isinstance(probed, dict) or not isinstance(game_companies, list):
        return
    for company in game_companies:
        amount = probed.get(company.get("sym")) if isinstance(company, dict) else None
        if not isinstance(amount, int):
            continue
        for ability in company.get("abilities") or []:
            if ability.get("type") == "token":
                ability[NOBODYS] = amount


def _token(ability: dict[str, Any], where: str, gaps: Gaps) -> dict[str, Any] | None:
    """A ``token`` ability a corporation uses through its company, as the format's."""
    hexes = [h for h in ability.get("hexes") or [] if HEX_ID.match(str(h))]
    when = [TOKEN_WHEN.get(str(w)) for w in _listed(ability.get("when"))] or ["token"]
    unsaid = [k for k in TOKEN_UNSAID if ability.get(k)]
    nobodys = ability.get(NOBODYS)
    if ability.get("check_tokenable") is False and nobodys is None:
        unsaid.append("check_tokenable")
    count = ability.get("count")
    if (
        not hexes
        or None in when
        or unsaid
        or ability.get("owner_type") not in (None, "corporation")
        or not isinstance(count, int)
        or count < 1
    ):
        gaps.add("companies", f"{where}: ability token ({_brief(ability)})")
        return None
    out: dict[str, Any] = {"type": "token", "hexes": hexes}
    for key in ("price", "teleport_price"):
        if isinstance(ability.get(key), int):
            out[key] = ability[key]
    if ability.get("connected"):
        out.pop("teleport_price", None)
    out["from_owner"] = bool(ability.get("from_owner"))
    if ability.get("extra_action"):
        out["extra"] = True
    out["count"] = count
    if ability.get("closed_when_used_up"):
        out["closes_when_used_up"] = True
    if isinstance(ability.get("city"), int):
        out["city"] = ability["city"]
    if ability.get("cheater"):
        out["beyond_slots"] = True
    if ability.get("neutral") or nobodys is not None:
        out["neutral"] = True
    if nobodys is not None:
        out["blocks"] = True
        if nobodys:
            out["stop_revenue"] = nobodys
    if when != ["token"]:
        out["when"] = list(dict.fromkeys(when))
    if not ability.get("special_only"):
        out["own_stations"] = True
    return out


def _company_reservation(ability: dict[str, Any], where: str, gaps: Gaps) -> list[dict[str, Any]]:
    """A company's ``reservation`` of a city's slot, as the format's: held until a
    corporation buys the company (``remove: sold``) or until it closes (no ``remove``, or
    ``close``); an icon or another ``remove`` is a gap. A reserved ``slot`` is a held
    slot: the format holds a number of a city's slots, which stations fill in order."""
    remove = ability.get("remove")
    if (
        not HEX_ID.match(str(ability.get("hex") or ""))
        or ability.get("icon")
        or remove not in (None, "sold", "close")
    ):
        gaps.add("companies", f"{where}: ability reservation ({_brief(ability)})")
        return []
    out: dict[str, Any] = {"type": "reservation", "hex": str(ability["hex"])}
    if isinstance(ability.get("city"), int) and ability["city"]:
        out["city"] = ability["city"]
    if remove != "sold":
        out["owner"] = ["bank", "player", "corporation"]
    return [out]


TRAIN_DISCOUNT_WHEN = {"buy_train", "single_depot_train_buy"}
"""18xx.games' times of a ``train_discount`` the format's (its ``special_buy_train`` step,
while the corporation buys trains) says."""


def _train_discount(ability: dict[str, Any], where: str, gaps: Gaps) -> list[dict[str, Any]]:
    """A ``train_discount`` of a fraction of the price, for its owning corporation's train
    buying, as the format's; any other is a gap."""
    fraction, names = ability.get("discount"), [str(t) for t in ability.get("trains") or []]
    whens = {str(w) for w in _listed(ability.get("when"))}
    count = ability.get("count")
    if (
        not isinstance(fraction, float)
        or not 0 < fraction <= 1
        or not names
        or not whens <= TRAIN_DISCOUNT_WHEN
        or ability.get("owner_type") not in (None, "corporation")
        or not isinstance(count, int)
    ):
        gaps.add("companies", f"{where}: ability train_discount ({_brief(ability)})")
        return []
    out: dict[str, Any] = {"type": "train_discount", "trains": names, "fraction": fraction, "uses": count}
    if ability.get("closed_when_used_up"):
        out["closes_when_used_up"] = True
    return [out]


def _corporation_ability(ability: dict[str, Any], where: str, gaps: Gaps) -> dict[str, Any] | None:
    """A corporation's own ``token`` (its prices for stations in some hexes, from its
    charter), ``reservation`` (``remove``: the phase that ends it; a reserved ``slot`` is
    a held slot, 1846's Erie in Erie), ``train_limit`` (an ``increase`` alone) or
    ``face_value_trains`` (a ``train_buy`` at face value), as the format's."""
    kind = ability.get("type")
    if kind == "reservation" and HEX_ID.match(str(ability.get("hex") or "")):
        out: dict[str, Any] = {"type": "reservation", "hex": str(ability["hex"])}
        if isinstance(ability.get("city"), int) and ability["city"]:
            out["city"] = ability["city"]
        if ability.get("remove"):
            out["until"] = str(ability["remove"])
        return out
    if kind == "tile_lay" and ability.get("passive") and isinstance(ability.get("discount"), int):
        hexes = [str(h) for h in ability.get("hexes") or [] if HEX_ID.match(str(h))]
        if hexes and ability["discount"] > 0 and not ability.get("count"):
            lay: dict[str, Any] = {"type": "lay_discount", "hexes": hexes, "amount": ability["discount"]}
            if ability.get("tiles"):
                lay["tiles"] = [str(t) for t in ability["tiles"]]
            return lay
    if kind == "token" and not ability.get("when") and not ability.get("extra_action"):
        token = _token({**ability, "special_only": True, "count": ability.get("count") or 1}, where, Gaps())
        if token is None:
            return None
        return {k: v for k, v in token.items() if k in ("type", "hexes", "price", "teleport_price", "count")}
    if kind == "train_limit" and _plain_train_limit(ability):
        return {"type": "train_limit", "increase": ability["increase"]}
    if kind == "tile_discount":
        return _charter_terrain_discount(ability)
    if kind == "train_buy" and ability.get("face_value") is True and not ability.get("when"):
        return {"type": "face_value_trains"}
    return None


def _charter_terrain_discount(ability: dict[str, Any]) -> dict[str, Any] | None:
    """A corporation's own ``tile_discount`` as a ``terrain_discount`` (without a
    terrain: off the whole terrain cost of a tile action in its hexes)."""
    discount = ability.get("discount")
    if not isinstance(discount, int) or isinstance(discount, bool) or discount <= 0:
        return None
    if ability.get("exact_match") is False or ability.get("when"):
        return None
    out: dict[str, Any] = {"type": "terrain_discount", "amount": discount}
    hexes = [str(h) for h in ability.get("hexes") or [] if HEX_ID.match(str(h))]
    if hexes:
        out["hexes"] = hexes
    if ability.get("terrain"):
        out["terrain"] = str(ability["terrain"])
    return out


def _plain_train_limit(ability: dict[str, Any]) -> bool:
    """A ``train_limit`` ability that only adds to the phase's limit, always."""
    increase = ability.get("increase")
    return (
        isinstance(increase, int)
        and not isinstance(increase, bool)
        and increase != 0
        and ability.get("constant") is None
        and not ability.get("when")
    )


def station_bonuses(probed: Any) -> dict[str, dict[str, Any]]:
    """The ``station_bonus`` of each corporation whose own ``assign_hexes`` ability pays it
    for a station in its hex once (the dump's ``station_bonuses`` probe: what placing the
    station there in a fresh game paid), by corporation."""
    if not isinstance(probed, dict):
        return {}
    return {
        str(sym): {
            "type": "station_bonus",
            "hexes": [str(h) for h in found["hexes"]],
            "amount": found["amount"],
        }
        for sym, found in probed.items()
        if isinstance(found, dict) and found.get("once") and isinstance(found.get("amount"), int)
    }


def phase_starts(phases: Any) -> dict[str, str]:
    """The phase each train starts, by train name (the dump's ``phases``' ``on``)."""
    return {
        str(p.get("on")): str(p.get("name"))
        for p in phases or []
        if isinstance(p, dict) and isinstance(p.get("on"), str | int)
    }


def assigned_bonuses(probed: Any, phases: Any) -> dict[str, dict[str, Any]]:
    """The ``assigned_bonus`` of each company whose ``assign_hexes`` ability gives its
    owning corporation a bonus in the assigned hex (the dump's ``assigned_bonuses`` probe),
    by company: the train whose event removes it becomes the phase that train starts."""
    if not isinstance(probed, dict):
        return {}
    starts = phase_starts(phases)
    out = {}
    for sym, found in probed.items():
        if not isinstance(found, dict) or not isinstance(found.get("amount"), int):
            continue
        bonus: dict[str, Any] = {
            "type": "assigned_bonus",
            "hexes": [str(h) for h in found["hexes"]],
            "amount": found["amount"],
        }
        if isinstance(found.get("count"), int) and found["count"] > 1:
            bonus["count"] = found["count"]
        if found.get("needs_train"):
            bonus["needs_train"] = True
        if found.get("reachable"):
            bonus["reachable"] = True
        if found.get("until_train") is not None and str(found["until_train"]) in starts:
            bonus["until"] = starts[str(found["until_train"])]
        if found.get("closes"):
            bonus["closes"] = True
        if found.get("passive"):
            bonus["holds_turn"] = False
        out[str(sym)] = bonus
    return out


def route_rights(probed: Any) -> dict[str, dict[str, Any]]:
    """The ``route_right`` of each company whose buyer gains a bonus for routes to some
    hexes that the other corporations buy in the title's special-buy step (the dump's
    ``route_rights`` probe), by company."""
    if not isinstance(probed, dict):
        return {}
    out = {}
    for sym, found in probed.items():
        if not isinstance(found, dict) or not all(isinstance(found.get(k), int) for k in ("amount", "price")):
            continue
        right: dict[str, Any] = {
            "type": "route_right",
            "hexes": [str(h) for h in found.get("hexes") or []],
            "amount": found["amount"],
            "price": found["price"],
        }
        if isinstance(found.get("copies"), int):
            right["copies"] = found["copies"]
        right["item"] = str(found.get("item"))
        out[str(sym)] = right
    return out


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _brief(ability: dict[str, Any]) -> str:
    """An 18xx.games ability's options that matter, for a gap."""
    skip = {"type", "description", "desc_detail", "count_this_or", "used", "passive", "class", "start_count"}
    kept = {k: v for k, v in ability.items() if k not in skip and v not in (None, False, [], "")}
    return ", ".join(f"{k}: {v}" for k, v in kept.items())


def convert_ability(ability: dict[str, Any], where: str, corps: set[str], gaps: Gaps) -> list[dict[str, Any]]:
    """The format's abilities for one 18xx.games ability (none where it has no kind)."""
    kind = str(ability.get("type"))
    if kind == "blocks_hexes":
        hexes = [h for h in ability.get("hexes") or [] if HEX_ID.match(str(h))]
        if not hexes:
            return []
        return [
            {
                "type": "blocks_hexes",
                "hexes": hexes,
                "owner": _owner(ability, ["bank", "player", "corporation"]),
            }
        ]
    if kind == "tile_lay":
        lay = _tile_lay(ability, where, gaps)
        return [lay] if lay else []
    discount = ability.get("discount")
    if kind == "tile_discount" and ability.get("terrain") and isinstance(discount, int) and discount > 0:
        out = {
            "type": "terrain_discount",
            "terrain": str(ability["terrain"]),
            "amount": int(ability["discount"]),
        }
        if ability.get("hexes"):
            out["hexes"] = ability["hexes"]
        return [out]
    if kind == "exchange":
        names = ability.get("corporations")
        names = [names] if isinstance(names, str) else names or []
        known = [c for c in names if c in corps]
        given = ability.get("from") or ["ipo"]
        sources = ["pool" if f == "market" else f for f in ([given] if isinstance(given, str) else given)]
        sources = [s for s in dict.fromkeys(sources) if s in ("ipo", "pool", "par", "reserved")]
        if not known or not sources:
            gaps.add("companies", f"{where}: exchange for {names} from {ability.get('from')}")
            return []
        return [{"type": "exchange", "corporations": known, "from": sources}]
    if kind == "shares":
        return _shares(ability, where, corps, gaps)
    if kind == "train_discount":
        return _train_discount(ability, where, gaps)
    if kind == "tile_income" and isinstance(ability.get("income"), int) and ability["income"] > 0:
        out = {
            "type": "tile_income",
            "income": ability["income"],
            "owner": _owner(ability, ["player", "corporation"]),
        }
        if ability.get("terrain"):
            out["terrain"] = str(ability["terrain"])
        if ability.get("owner_only"):
            out["owner_only"] = True
        return [out]
    if kind == "token":
        token = _token(ability, where, gaps)
        return [token] if token else []
    if kind == "reservation":
        return _company_reservation(ability, where, gaps)
    if kind == "teleport" and ability.get("hexes") and ability.get("tiles"):
        return [{"type": "teleport", "hexes": ability["hexes"], "tiles": [str(t) for t in ability["tiles"]]}]
    if kind == "close" and ability.get("on_phase") == "never":
        return [{"type": "stays_open", "owner": _owner(ability, ["bank", "player", "corporation"])}]
    if kind == "revenue_change" and ability.get("on_phase") and isinstance(ability.get("revenue"), int):
        return [
            {
                "type": "revenue_change",
                "phase": str(ability["on_phase"]),
                "revenue": ability["revenue"],
                "owner": _owner(ability, ["player"]),
            }
        ]
    if kind in ("no_buy", "close") or kind in QUIET:
        return []
    gaps.add("companies", f"{where}: ability {kind}")
    return []


def _added_in_setup(built: dict[str, Any] | None, company: dict[str, Any]) -> list[dict[str, Any]]:
    """The closing abilities a title's setup gives a company (18Chesapeake's CV closes
    when its corporation buys a train), which its data does not list."""

    def closes_on_train(ability: dict[str, Any]) -> bool:
        return ability.get("type") == "close" and ability.get("when") in ("bought_train", ["bought_train"])

    if any(closes_on_train(a) for a in company.get("abilities") or []):
        return []
    return [
        {"type": "close", "when": "bought_train", "corporation": a.get("corporation")}
        for a in (built or {}).get("abilities") or []
        if closes_on_train(a)
    ]


def _own_president(company: dict[str, Any]) -> bool:
    """Whether a company's ``close`` ``when: par`` names the corporation whose president's
    certificate it carries (18Rhl's director's certificate of RhE)."""
    abilities: list[dict[str, Any]] = company.get("abilities") or []
    close: dict[str, Any] = next((a for a in abilities if a.get("type") == "close"), {})
    shares: dict[str, Any] = next((a for a in abilities if a.get("type") == "shares"), {})
    held = shares.get("shares")
    first = held[0] if isinstance(held, list) and held else held
    return isinstance(first, str) and first == f"{close.get('corporation')}_0"


def convert_companies(
    game_companies: Any,
    built: list[dict[str, Any]],
    corps: set[str],
    gaps: Gaps,
    minors: dict[str, list[str]] | None = None,
    assigned: dict[str, dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``companies`` section, and the ``company_sales`` price range (``minors``: the
    minors a player comes to own with each company; ``assigned``: the ``assigned_bonus``
    found for a company's ``assign_hexes`` ability, by company)."""
    if not isinstance(game_companies, list):
        raise ValueError(f"the companies cannot be read: {game_companies}")
    ratios_low, ratios_high, lowest = set(), set(), set()
    for company in built:
        value = company.get("value") or 0
        cheapest, dearest = company.get("min_price"), company.get("max_price")
        if value and isinstance(cheapest, int | float) and isinstance(dearest, int | float):
            ratios_low.add(round(cheapest / value, 2))
            ratios_high.add(round(dearest / value, 2))
            lowest.add(cheapest)
    sales: dict[str, Any] = {"min": 0.5, "max": 2}
    if len(ratios_high) == 1 and (len(ratios_low) == 1 or len(lowest) == 1):
        high = ratios_high.pop()
        if len(ratios_low) == 1 and 0 < (low := ratios_low.pop()) <= high:
            sales = {"min": low, "max": high}
        elif len(lowest) == 1 and int(amount := lowest.pop()) >= 1:
            sales = {"max": high, "min_amount": int(amount)}  # the same least price for all
    out: dict[str, Any] = {}
    built_by_sym = {str(c.get("sym")): c for c in built}
    for company in game_companies:
        sym = str(company.get("sym"))
        where = f"company {sym}"
        entry: dict[str, Any] = {
            "name": str(company.get("name") or sym),
            "value": int(company.get("value") or 0),
            "revenue": int(company.get("revenue") or 0) if isinstance(company.get("revenue"), int) else 0,
        }
        if not isinstance(company.get("revenue"), int):
            gaps.add("companies", f"{where}: revenue {company.get('revenue')}")
        if company.get("desc"):
            entry["description"] = str(company["desc"])
        by_buyer = (built_by_sym.get(sym) or {}).get("max_price_by_buyer")
        if isinstance(by_buyer, dict) and by_buyer and entry["value"]:
            entry["max_price_for"] = {str(c): round(p / entry["value"], 2) for c, p in by_buyer.items()}
        abilities: list[dict[str, Any]] = []
        for ability in [*(company.get("abilities") or []), *_added_in_setup(built_by_sym.get(sym), company)]:
            if ability.get("type") == "no_buy":
                entry["corporations_may_buy"] = False
            if ability.get("type") == "close" and ability.get("when") == "bought_train":
                entry["closes_when_corporation_buys_train"] = True
            elif ability.get("type") == "close" and ability.get("when") == "par" and _own_president(company):
                entry["closes_when_par_set"] = True
            elif _closes_in_phase(ability):
                entry["closes_in_phase"] = str(ability["on_phase"])
            elif ability.get("type") == "close" and ability.get("on_phase") != "never":
                gaps.add("companies", f"{where}: closes {ability.get('when') or ability.get('on_phase')}")
            if ability.get("type") == "assign_hexes" and sym in (assigned or {}):
                if (assigned or {})[sym] not in abilities:
                    abilities.append((assigned or {})[sym])
                continue
            bonus = (assigned or {}).get(sym) or {}
            sold = ability.get("type") == "assign_corporation" and "sold" in _listed(ability.get("when"))
            if ability.get("type") == "assign_corporation" and (
                bonus.get("player_assigns") or (bonus and sold)
            ):
                continue  # its ``player_assigns``, or the corporation buying it: the one it pays
            abilities += convert_ability(ability, where, corps, gaps)
        if entry.get("closes_when_corporation_buys_train") and not any(
            a["type"] == "shares" and a.get("president") for a in abilities
        ):
            del entry["closes_when_corporation_buys_train"]
            gaps.add("companies", f"{where}: closes when its corporation buys a train")
        for minor in (minors or {}).get(sym, []):
            sale = "merge" if entry.get("corporations_may_buy", True) else "forbidden"
            if sale == "merge":
                gaps.add(
                    "companies",
                    f"{where}: what a corporation buying it does to minor {minor} (written: merge)",
                )
            abilities.append({"type": "controls_minor", "minor": str(minor), "corporation_purchase": sale})
        if abilities:
            entry["abilities"] = abilities
        for key in ("min_players", "max_players"):
            if company.get(key):
                gaps.add("companies", f"{where}: {key} {company[key]}")
        discount = company.get("discount")
        if isinstance(discount, int) and not isinstance(discount, bool) and discount:
            # 18xx.games' starting discount: the least first bid (a draft's price) is value - discount
            entry["price"] = max(entry["value"] - discount, 0)
        elif discount not in (None, False, 0):
            gaps.add("companies", f"{where}: discount {discount}")
        for key in ("type", "treasury"):
            if company.get(key) not in (None, False):
                gaps.add("companies", f"{where}: {key} {company[key]}")
        out[sym] = entry
    return out, sales


def _home(entity: dict[str, Any], where: str, gaps: Gaps) -> Any:
    coords = entity.get("coordinates")
    city = entity.get("city")
    if isinstance(coords, list):
        if len(coords) > 1:
            gaps.add("corporations", f"{where}: several home hexes {coords} (the first is written)")
        coords = coords[0] if coords else None
        city = city[0] if isinstance(city, list) and city else city
    if not coords:
        return None
    if isinstance(city, int) and city:
        return {"hex": coords, "city": city}
    if city is None:
        return {"hex": coords}  # no city named: tidy decides (a choice in a hex of several)
    return coords


def _closes_in_phase(ability: dict[str, Any]) -> bool:
    """Whether ``ability`` is a ``close`` at the start of a phase (``closes_in_phase``)."""
    phase = ability.get("on_phase")
    return ability.get("type") == "close" and phase not in (None, "never") and not ability.get("when")


def _color(value: Any) -> str:
    return str(value) if value else "gray"


def convert_corporations(
    game_corporations: Any,
    overrides: dict[str, dict[str, Any]],
    gaps: Gaps,
    bonuses: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The ``corporations`` section (``bonuses``: the ``station_bonus`` found for a
    corporation's ``assign_hexes`` ability, by corporation)."""
    if not isinstance(game_corporations, list):
        raise ValueError(f"the corporations cannot be read: {game_corporations}")
    out: dict[str, Any] = {}
    for corp in game_corporations:
        sym = str(corp.get("sym"))
        where = f"corporation {sym}"
        entry: dict[str, Any] = {"name": str(corp.get("name") or sym)}
        home = _home(corp, where, gaps)
        if home is not None:
            entry["home"] = home
        tokens = [max(int(t), 0) for t in corp.get("tokens") or [] if isinstance(t, int)]
        entry["tokens"] = tokens or ([0] if home is not None or corp.get("tokens") is None else [])
        entry["color"] = _color(corp.get("color"))
        if corp.get("text_color"):
            entry["text_color"] = str(corp["text_color"])
        entry.update(overrides.get(sym, {}))
        abilities = []
        for ability in corp.get("abilities") or []:
            own = _corporation_ability(ability, where, gaps)
            if ability.get("type") == "assign_hexes" and sym in (bonuses or {}):
                own = (bonuses or {})[sym]
            if own is not None:
                abilities.append(own)
            elif ability.get("type") not in QUIET:
                gaps.add("corporations", f"{where}: ability {ability.get('type')}")
        if abilities:
            entry["abilities"] = abilities
        for key in ("destination", "type", "always_market_price", "reservation_color", "second_share"):
            if corp.get(key) not in (None, False):
                gaps.add("corporations", f"{where}: {key} {corp[key]}")
        out[sym] = entry
    return out


def carried_tokens(corporations: dict[str, Any], built: list[dict[str, Any]], gaps: Gaps) -> None:
    """Add a ``neutral_token`` ability to each corporation whose built game's charter
    carries neutral stations of another corporation (1882's CN stations), counted."""
    for corp in built:
        sym = str(corp.get("sym"))
        carried = corp.get("carried_tokens")
        if sym not in corporations or not isinstance(carried, list):
            continue
        kinds: dict[tuple[str, int], int] = {}
        for token in carried:
            owner, price = token.get("owner"), token.get("price") or 0
            if token.get("type") != "neutral" or owner not in corporations or not isinstance(price, int):
                gaps.add("corporations", f"corporation {sym}: carries a {token.get('type')} token of {owner}")
                continue
            kinds[(str(owner), price)] = kinds.get((str(owner), price), 0) + 1
        for (owner, price), count in kinds.items():
            ability: dict[str, Any] = {"type": "neutral_token", "owner": owner}
            if price:
                ability["price"] = price
            if count > 1:
                ability["count"] = count
            corporations[sym].setdefault("abilities", []).append(ability)


def convert_minors(game_minors: Any, built: list[dict[str, Any]], gaps: Gaps) -> dict[str, Any]:
    """The ``minors`` section (``built``: the minors of the built game, with the trains
    its setup gave them)."""
    if not isinstance(game_minors, list):
        return {}
    trains = {str(m.get("sym")): m.get("trains") or [] for m in built}
    out: dict[str, Any] = {}
    for minor in game_minors:
        sym = str(minor.get("sym"))
        where = f"minor {sym}"
        if built and sym not in trains:
            gaps.add("corporations", f"{where}: left out, as the title's setup takes it out of the game")
            continue
        entry: dict[str, Any] = {"name": str(minor.get("name") or sym)}
        home = _home(minor, where, gaps)
        if home is not None:
            entry["home"] = home
        entry["color"] = _color(minor.get("color"))
        if minor.get("text_color"):
            entry["text_color"] = str(minor["text_color"])
        if trains.get(sym):
            entry["trains"] = [str(t) for t in trains[sym]]
        for ability in minor.get("abilities") or []:
            if ability.get("type") not in QUIET:
                gaps.add("corporations", f"{where}: ability {ability.get('type')}")
        out[sym] = entry
    if out:
        gaps.add("corporations", "minors: how they start, operate and merge is the title's code")
    return out
