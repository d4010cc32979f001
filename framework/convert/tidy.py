"""The last touches of a converted title: references between its sections made to
hold, each change named in the gaps.

18xx.games data holds things the title format refuses: a terrain discount listing
hexes without that terrain, an ability naming tiles the title does not have, a
revenue for a phase colour the format has no tiles of, a home in a city that does
not exist. Each is fitted here to what the format takes.
"""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps

PHASE_COLORS = {"yellow", "green", "brown", "gray", "black"}


def tidy(sections: dict[str, Any], gaps: Gaps) -> None:
    """Fit the sections' references to one another."""
    hexes = sections["map"]["hexes"]
    for sym, company in sections["companies"].items():
        for ability in company.get("abilities", []):
            if isinstance(ability.get("hexes"), str):
                ability["hexes"] = [ability["hexes"]]
            if ability.get("hexes"):
                off = [h for h in ability["hexes"] if h not in hexes]
                if off:
                    gaps.add("companies", f"company {sym}: {ability['type']} names hexes off the map {off}")
                ability["hexes"] = [h for h in ability["hexes"] if h in hexes]
    _discounts(sections["companies"], sections["map"]["hexes"], gaps)
    _ability_tiles(sections["companies"], sections["tiles"], gaps)
    trains = set(sections["trains"])
    for hex_id, hex_ in sections["map"]["hexes"].items():
        _revenues(hex_, trains, f"hex {hex_id}", gaps)
    for name, tile in sections["tiles"].items():
        if isinstance(tile, dict):
            _revenues(tile, trains, f"tile {name}", gaps)
    for kind in ("corporations", "minors"):
        for sym, entity in list(sections[kind].items()):
            if not _home(entity, sections["map"]["hexes"], f"{kind[:-1]} {sym}", gaps):
                del sections[kind][sym]
    _controlled_minors(sections, gaps)
    if any("home" not in c for c in sections["corporations"].values()):
        sections["rules"]["tokens"]["home_anywhere"] = True
    _shared_homes(sections, gaps)
    _ability_corporations(sections, gaps)
    _played_abilities(sections, gaps)
    _shares(sections, gaps)
    phases = set(sections["phases"])
    for name, train in sections["trains"].items():
        if train.get("available_from") is not None and train["available_from"] not in phases:
            gaps.add("trains", f"train {name}: available from phase {train.pop('available_from')}, left out")


def _controlled_minors(sections: dict[str, Any], gaps: Gaps) -> None:
    """Leave out the control of a minor the title could not keep."""
    for sym, company in sections["companies"].items():
        kept = []
        for ability in company.get("abilities", []):
            if ability["type"] == "controls_minor" and ability["minor"] not in sections["minors"]:
                gaps.add(
                    "companies",
                    f"company {sym}: gives control of minor {ability['minor']}, which is not kept",
                )
                continue
            kept.append(ability)
        _set_abilities(company, kept)


def _discounts(companies: dict[str, Any], hexes: dict[str, Any], gaps: Gaps) -> None:
    for sym, company in companies.items():
        kept = []
        for ability in company.get("abilities", []):
            if ability["type"] == "terrain_discount" and ability.get("terrain") is None:
                kept.append(ability)  # any terrain, the borders' too
                continue
            if (
                ability["type"] == "terrain_discount"
                and not ability.get("hexes")
                and not any(ability["terrain"] in h.get("terrain", {}) for h in hexes.values())
            ):
                gaps.add("companies", f"company {sym}: a {ability['terrain']} discount where there is none")
                continue
            if ability["type"] == "terrain_discount" and ability.get("hexes"):
                ability["hexes"] = [
                    h for h in ability["hexes"] if ability["terrain"] in hexes.get(h, {}).get("terrain", {})
                ]
                if not ability["hexes"]:
                    gaps.add(
                        "companies", f"company {sym}: a {ability['terrain']} discount where there is none"
                    )
                    continue
            kept.append(ability)
        _set_abilities(company, kept)


def _ability_tiles(companies: dict[str, Any], tiles: dict[str, Any], gaps: Gaps) -> None:
    for sym, company in companies.items():
        kept = []
        for ability in company.get("abilities", []):
            if "tiles" in ability:
                missing = [t for t in ability["tiles"] if t not in tiles]
                if missing:
                    gaps.add(
                        "companies", f"company {sym}: {ability['type']} with tiles {missing} the title lacks"
                    )
                ability["tiles"] = [t for t in ability["tiles"] if t in tiles]
                if not ability["tiles"]:
                    continue
            if "hexes" in ability and ability["hexes"] is not None and not ability["hexes"]:
                continue
            kept.append(ability)
        _set_abilities(company, kept)


STEP_OF_ABILITY = {"token": "special_token"}
"""Abilities only a library step plays, by type: without the step in a round of the
converted title, 18xx.games plays the ability by code of the title's own."""


def _played_abilities(sections: dict[str, Any], gaps: Gaps) -> None:
    """Leave out the abilities no round's step plays (naming them)."""
    steps = {
        step if isinstance(step, str) else step.get("step")
        for rnd in sections["rounds"].values()
        for step in rnd.get("steps", [])
    }
    for sym, company in sections["companies"].items():
        kept = []
        for ability in company.get("abilities", []):
            needed = STEP_OF_ABILITY.get(ability["type"])
            if needed is not None and needed not in steps:
                kind = ability["type"]
                gaps.add("companies", f"company {sym}: ability {kind} (the title's own code plays it)")
                continue
            kept.append(ability)
        _set_abilities(company, kept)


def _set_abilities(company: dict[str, Any], kept: list[dict[str, Any]]) -> None:
    if kept:
        company["abilities"] = kept
    else:
        company.pop("abilities", None)


def _revenues(content: dict[str, Any], trains: set[str], where: str, gaps: Gaps) -> None:
    for kind in ("cities", "towns", "offboards"):
        for node in content.get(kind, []):
            revenue = node.get("revenue", 0)
            if isinstance(revenue, dict):
                kept = {k: max(v, 0) for k, v in revenue.items() if k in PHASE_COLORS or k in trains}
                for other in set(revenue) - set(kept):
                    gaps.add("map", f"{where}: a revenue for {other}")
                node["revenue"] = kept or 0
            elif isinstance(revenue, int) and revenue < 0:
                gaps.add("map", f"{where}: a revenue of {revenue}")
                node["revenue"] = 0


def _home(entity: dict[str, Any], hexes: dict[str, Any], where: str, gaps: Gaps) -> bool:
    """Whether the entity keeps its place: a home in a city of the map."""
    home = entity.get("home")
    if home is None and where.startswith("corporation "):
        gaps.add(
            "corporations",
            f"{where}: no fixed home: it chooses one in play (rules.tokens.home_anywhere, as soon as it "
            "is started where the stock round lists home_token, else at its first operating turn; "
            "18xx.games may have it choose at another moment)",
        )
        return True
    if home is None:
        gaps.add("corporations", f"{where}: no fixed home (chosen in play): left out, the format needs one")
        return False
    hex_id, city = (home, 0) if isinstance(home, str) else (home["hex"], home.get("city", 0))
    cities = len(hexes.get(hex_id, {}).get("cities", []))
    if not cities:
        gaps.add("corporations", f"{where}: its home {hex_id} is no city of the map: left out")
        return False
    if isinstance(home, dict) and "city" not in home:
        # 18xx.games reserves the whole tile of a home hex of several cities when no city
        # is named: the corporation chooses one when its token goes down on track
        several = cities > 1 and where.startswith("corporation ")
        entity["home"] = {"hex": hex_id, "city": "choose"} if several else hex_id
        return True
    if isinstance(city, int) and city >= cities:
        gaps.add(
            "corporations",
            f"{where}: home city {city} of {hex_id}, which has {cities} (the first is written)",
        )
        entity["home"] = hex_id
    return True


def _shared_homes(sections: dict[str, Any], gaps: Gaps) -> None:
    """No more companies based in a city than it has slots: the later ones are left out."""
    hexes = sections["map"]["hexes"]
    taken: dict[tuple[str, int], int] = {}
    for kind in ("corporations", "minors"):
        for sym, entity in list(sections[kind].items()):
            home = entity.get("home")
            if home is None:
                continue
            hex_id, city = (home, 0) if isinstance(home, str) else (home["hex"], home.get("city", 0))
            if city == "choose":
                # a slot of any city of the hex: the hex must have room beside the others
                room = sum(c.get("slots", 1) for c in hexes[hex_id]["cities"])
                fixed = sum(1 for h in _fixed_homes(sections) if h == hex_id)
                if fixed + taken.get((hex_id, -1), 0) + 1 > room:
                    gaps.add(
                        "corporations", f"{kind[:-1]} {sym}: no room left for its home in {hex_id} (left out)"
                    )
                    del sections[kind][sym]
                else:
                    taken[(hex_id, -1)] = taken.get((hex_id, -1), 0) + 1
                continue
            slots = hexes[hex_id]["cities"][city].get("slots", 1)
            taken[(hex_id, city)] = taken.get((hex_id, city), 0) + 1
            if taken[(hex_id, city)] > slots:
                gaps.add(
                    "corporations", f"{kind[:-1]} {sym}: its home in {hex_id} is another's too (left out)"
                )
                del sections[kind][sym]


def _fixed_homes(sections: dict[str, Any]) -> list[str]:
    """The hexes of the homes in a city named (one entry per company)."""
    out = []
    for kind in ("corporations", "minors"):
        for entity in sections[kind].values():
            home = entity.get("home")
            if isinstance(home, str):
                out.append(home)
            elif isinstance(home, dict) and home.get("city") != "choose":
                out.append(home["hex"])
    return out


def _shares(sections: dict[str, Any], gaps: Gaps) -> None:
    """Certificates that do not make 100% (some come into play later) fall back to the rule's."""
    for sym, corp in sections["corporations"].items():
        shares = corp.get("shares")
        if shares is not None and (sum(shares) != 100 or min(shares) <= 0):
            gaps.add("corporations", f"corporation {sym}: certificates {shares} (not 100%: the title's own)")
            del corp["shares"]
    shares = sections["rules"].get("shares")
    if shares is not None and (sum(shares) != 100 or min(shares, default=0) <= 0):
        gaps.add(
            "corporations", f"certificates {shares} (not 100%: the title's own; 20% and eight 10% written)"
        )
        sections["rules"]["shares"] = [20] + [10] * 8


def _ability_corporations(sections: dict[str, Any], gaps: Gaps) -> None:
    """Abilities name only corporations the title keeps."""
    corps = set(sections["corporations"])
    for sym, company in sections["companies"].items():
        kept = []
        for ability in company.get("abilities", []):
            if ability["type"] == "shares" and ability["corporation"] not in corps | {"random"}:
                gaps.add("companies", f"company {sym}: shares of {ability['corporation']}, which is left out")
                continue
            if ability["type"] == "exchange":
                ability["corporations"] = [c for c in ability["corporations"] if c in corps]
                if not ability["corporations"]:
                    continue
            kept.append(ability)
        _set_abilities(company, kept)
        if company.get("closes_when_corporation_buys_train") and not any(
            a["type"] == "shares" and a.get("president") for a in kept
        ):
            del company["closes_when_corporation_buys_train"]
