"""One 18xx.games title converted: its sections, its variants and its gaps.

:func:`convert_title` takes a title's dump (``dump.rb``) and returns a
:class:`Converted`: the title's sections as plain data, grouped by the file each
goes in, the overlays of its variants (optional rules that change data, and the
player counts whose data differs), and its :class:`~framework.convert.gaps.Gaps`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from framework.convert.assignments import assignment_bonuses, probed_assignments
from framework.convert.auction import auction_rules, reseating
from framework.convert.bankruptcy import convert_bankruptcy
from framework.convert.board import convert_map, convert_tiles, own_tiles
from framework.convert.bonuses import offboard_groups, revenue_shares, route_bonuses, route_subsidies
from framework.convert.buying_power import (
    convert_buying_power,
    convert_emergency_issue,
    convert_emergency_probes,
)
from framework.convert.capital import capital_and_floats, convert_destinations, convert_loans, max_loans
from framework.convert.dividends import dividend_without_revenue, probed_dividends, split_dividends
from framework.convert.drawn_events import drawn_event_draws
from framework.convert.draws import choice_group_draws, group_draws, removal_draws
from framework.convert.entities import (
    assigned_bonuses,
    carried_tokens,
    convert_companies,
    convert_corporations,
    convert_minors,
    nobodys_stations,
    route_rights,
    station_bonuses,
    terrain_discounts,
)
from framework.convert.gaps import Gaps
from framework.convert.gifts import convert_gifts
from framework.convert.homes import (
    write_home_alone,
    write_home_hexes,
    write_home_unconnected,
    write_more_homes,
)
from framework.convert.issue import convert_issue_spending, convert_issue_step
from framework.convert.lay_subsidies import write_lay_subsidies
from framework.convert.mergers import convert_merger_offers, convert_minor_mergers
from framework.convert.national_formation import convert_national_formation, formation_step_gaps
from framework.convert.nationalization import settled_nationalization
from framework.convert.par_subsidy import par_subsidies
from framework.convert.pool_shares import restore_pool_shares, write_pool_shares
from framework.convert.ports import apply_ports, explains_revenue
from framework.convert.reserved import par_payments, reserved_exchanges
from framework.convert.revenues import revenue_from_phase
from framework.convert.rounds import (
    behaviour_gaps,
    buy_back_step,
    convert_rounds,
    library_steps,
    minor_merger_rules,
    price_protection_terms,
)
from framework.convert.rules import convert_rules
from framework.convert.starts import convert_starts
from framework.convert.station_lays import write_station_lays
from framework.convert.stock import (
    constant,
    convert_bank,
    convert_cert_limit,
    convert_game_end,
    convert_market,
)
from framework.convert.stop_bonuses import write_corporation_revenues, write_stop_bonuses
from framework.convert.stop_markers import write_stop_markers
from framework.convert.stop_multipliers import write_stop_multipliers
from framework.convert.tidy import tidy
from framework.convert.trains import (
    blocks_until,
    closed_shares,
    convert_phases,
    convert_trains,
    corporation_kinds,
    depot_purchases,
    early_buy_steps,
    exported_trains,
    filling_stops,
    phase_purchases,
    probed_depot_limits,
)
from framework.convert.used_closing import closing_at_round_end

FILES = {
    "title.yaml": ["title", "bank", "certificate_limit", "rules", "game_end", "bonuses"],
    "map.yaml": ["map"],
    "tiles.yaml": ["tiles"],
    "market.yaml": ["market"],
    "trains.yaml": ["phases", "trains"],
    "companies.yaml": ["companies"],
    "corporations.yaml": ["corporations", "minors"],
    "rounds.yaml": ["sequence", "rounds", "setup"],
}
PER_COUNT = ("bank", "certificate_limit", "title")


@dataclass
class Variant:
    """A variant of the converted title: its entry under ``variants`` and its overlay."""

    key: str
    entry: dict[str, Any]
    overlay: dict[str, Any]


@dataclass
class Converted:
    """A converted title."""

    name: str
    module: str
    dev_stage: str
    sections: dict[str, Any]
    variants: list[Variant] = field(default_factory=list)
    gaps: Gaps = field(default_factory=Gaps)


def merge_patch(base: Any, target: Any) -> Any:
    """The JSON Merge Patch (RFC 7396) that turns ``base`` into ``target``."""
    if not isinstance(base, dict) or not isinstance(target, dict):
        return copy.deepcopy(target)
    patch: dict[str, Any] = {}
    for key in base:
        if key not in target:
            patch[key] = None
        elif base[key] != target[key]:
            patch[key] = merge_patch(base[key], target[key])
    for key in target:
        if key not in base:
            patch[key] = copy.deepcopy(target[key])
    return patch


def _same_players(sections: dict[str, Any], title: dict[str, Any], count: int | None = None) -> None:
    """Give ``sections``' companies and corporations the player counts the converted
    ``title`` gives them (not ``players: []``, a company the base game's setup closes,
    which a variant may keep); a corporation not in the game with ``count`` players is
    the title's as it is (what the probes could not ask of it is no difference)."""
    for kind in ("companies", "corporations"):
        theirs = title.get(kind) or {}
        for sym, entry in (sections.get(kind) or {}).items():
            players = theirs.get(sym, {}).get("players")
            if not players:
                continue
            entry["players"] = players
            if kind == "corporations" and count is not None and count not in players:
                sections[kind][sym] = theirs[sym]


def _currency(sample: Any) -> str:
    if isinstance(sample, str) and "1234" in sample:
        return sample.replace("1,234", "{}").replace("1234", "{}").replace("\u00a0", " ")
    if isinstance(sample, str) and "1,234" in sample:
        return sample.replace("1,234", "{}")
    return "${}"


def _meta(dump: dict[str, Any], build: dict[str, Any], counts: list[int]) -> dict[str, Any]:
    meta = dump["meta"]
    folder = dump["class"].split("::")[2] if dump["class"].count("::") >= 3 else dump["class"]
    out: dict[str, Any] = {"name": meta["title"]}
    for key in ("subtitle", "designer"):
        if isinstance(meta.get(key), str) and meta[key]:
            out[key] = meta[key]
    publishers = [p for p in meta.get("publisher") or [] if p]
    if publishers:
        out["publisher"] = ", ".join(publishers)
    out["currency"] = _currency(build.get("currency"))
    out["players"] = {"min": min(counts), "max": max(counts)}
    sources = [
        f"18xx.games implementation (tobymao/18xx), lib/engine/game/{_snake(folder)}, "
        "converted by 18xx import"
    ]
    sources += [meta[k] for k in ("rules_url", "info_url") if isinstance(meta.get(k), str) and meta[k]]
    out["sources"] = sources
    return out


def _auctioned(companies: dict[str, Any], offered: Any, built: list[dict[str, Any]], gaps: Gaps) -> None:
    """A company of the built game that its first auction does not offer (1844's tunnel
    and mountain railway companies) is written ``auction: false`` (one its setup took
    out of the game is not the auction's to tell)."""
    if not isinstance(offered, list) or not offered or not set(map(str, offered)) <= set(companies):
        return
    in_game = {str(c.get("sym")) for c in built}
    for sym, company in companies.items():
        if sym in in_game and sym not in offered:
            company["auction"] = False
            gaps.add("companies", f"company {sym}: not offered in the first round's auction")


def _offered(companies: dict[str, Any], offers: Any, gaps: Gaps) -> None:
    """What fresh games' first steps offered under six seeds (``auction_offers``): a
    company their setup closed under every seed is in the game for no player count
    (``players: []``: 18Norway's B companies, unless an optional rule swaps them in); one
    open under every seed and left out of the step's list under every seed is ``auction:
    false`` (18SJ's Nils Ericson Första Tjing, worth nothing, handed out with the NE). A
    company closed, taken away or left out under some seeds only is a draw's (1828, 1894's
    teleport companies, 1868 Wyoming), not told here."""
    if not isinstance(offers, list) or not offers or not all(isinstance(o, dict) for o in offers):
        return
    offered = [set(map(str, o.get("offered") or [])) for o in offers]
    closed = [set(map(str, o.get("closed") or [])) for o in offers]
    opened = [set(map(str, o.get("open") or [])) for o in offers]
    for sym, company in companies.items():
        if all(sym in c for c in closed):
            company["players"] = []
            gaps.add("companies", f"company {sym}: closed by the title's setup (in the game for no count)")
        elif (
            all(sym in o for o in opened)
            and not any(sym in o for o in offered)
            and company.get("auction", True)
        ):
            company["auction"] = False
            gaps.add("companies", f"company {sym}: not offered in the first round's auction")


def free_trains(build: dict[str, Any], companies: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``free_train`` of each company the built game hands a train its setup set
    aside to, when a corporation buys it (``free_trains`` of ``dump.rb``: 18GA's Ocilla
    Southern and its 2-train marked Free), by company."""
    aside = [str(n) for n in build.get("set_aside_trains") or []]
    phases = {str(p.get("name")) for p in build.get("phases") or [] if isinstance(p, dict)}
    given = build.get("free_trains")
    out = {}
    for sym, found in (given if isinstance(given, dict) else {}).items():
        name = str(found.get("train")) if isinstance(found, dict) else None
        if sym not in companies or name not in aside:
            continue
        aside.remove(name)
        ability = {"type": "free_train", "train": name}
        if found.get("until") is not None and str(found["until"]) in phases:
            ability["until"] = str(found["until"])
        out[str(sym)] = ability
    return out


def depot_counts(build: dict[str, Any], gaps: Gaps, given: Sequence[str] = ()) -> dict[str, int]:
    """How many trains of each type the built game's depot starts with: a train its setup
    sets aside for its code to hand out later (18GA's free 2-train, held by a neutral
    corporation) is not the depot's, and GAPS.md names it, unless a company's
    ``free_train`` brings it (``given``: those trains' types, one per train)."""
    counted = build.get("train_counts")
    counts: dict[str, int] = dict(counted) if isinstance(counted, dict) else {}
    aside = build.get("set_aside_trains")
    brought = list(given)
    for name in aside if isinstance(aside, list) else []:
        if str(name) in brought:
            brought.remove(str(name))
            continue
        if counts.get(str(name), 0) > 1:
            counts[str(name)] -= 1
            gaps.add(
                "trains",
                f"a {name} train the title's setup sets aside (out of the depot; its code hands it out)",
            )
    return counts


def _reserved_trains(trains: dict[str, Any], held: Any, companies: dict[str, Any], gaps: Gaps) -> None:
    """Trains the built game holds out of its depot from the start become their types'
    ``reserved``, where a company's exchange ``from: par`` brings them in (1882's SC);
    otherwise the title's code hands them out, and GAPS.md names them."""
    par = any(
        a.get("type") == "exchange" and "par" in a.get("from", [])
        for c in companies.values()
        for a in c.get("abilities", [])
    )
    for name in held if isinstance(held, list) else []:
        train = trains.get(str(name))
        if (
            not par
            or not isinstance(train, dict)
            or not isinstance(train.get("count"), int)
            or train.get("reserved", 0) + 1 >= train["count"]  # none would be left in the depot
        ):
            gaps.add(
                "trains", f"a {name} train the title's setup holds out of the depot (its code brings it in)"
            )
            continue
        train["reserved"] = train.get("reserved", 0) + 1


def _move_tokens(
    companies: dict[str, Any], corporations: dict[str, Any], dumped: dict[str, Any], rounds: dict[str, Any]
) -> None:
    """A company's ``token`` ability from its owner's charter, usable through the owner's
    turn, that an operating step of the title's own plays with ``remove_token`` (its
    ``process_remove_token``) moves a station: a ``move_token`` (1882's North West
    Rebellion), played by the ``move_token`` step, written before the track step. A home
    station moved leaves the neutral station of the corporation others carry them for."""
    steps = (dumped.get("operating") or {}).get("steps") or []
    if not any("process_remove_token" in (s.get("methods") or []) for s in steps):
        return
    neutral = {
        a["owner"]
        for c in corporations.values()
        for a in c.get("abilities", [])
        if a["type"] == "neutral_token"
    }
    moved = False
    for company in companies.values():
        for i, ability in enumerate(company.get("abilities", [])):
            if (
                ability["type"] == "token"
                and ability.get("from_owner")
                and ability.get("when") == ["operating_turn"]
            ):
                move: dict[str, Any] = {"type": "move_token", "hexes": ability["hexes"]}
                if len(neutral) == 1:
                    move["home_neutral"] = next(iter(neutral))
                if ability.get("count", 1) > 1:
                    move["count"] = ability["count"]
                company["abilities"][i] = move
                moved = True
    operating = rounds.get("operating")
    if moved and isinstance(operating, dict) and "move_token" not in operating["steps"]:
        track = next((s for s in ("track", "track_and_token") if s in operating["steps"]), None)
        at = operating["steps"].index(track) if track else len(operating["steps"])
        operating["steps"].insert(at, "move_token")


def _home_replaces_neutral(rounds: dict[str, Any], corporations: dict[str, Any]) -> bool:
    """Whether a chosen home token may replace a neutral station: the title's own
    ``HomeToken`` step says which tokens it replaces (``can_replace_token?``), where
    corporations carry neutral stations for another (1882's SC and CN stations)."""
    carried = any(
        a.get("type") == "neutral_token" for c in corporations.values() for a in c.get("abilities", [])
    )
    steps = [s for r in rounds.values() if isinstance(r, dict) for s in r.get("steps") or []]
    return carried and any(
        str(s.get("base", "")).endswith("HomeToken") and "can_replace_token?" in (s.get("methods") or [])
        for s in steps
    )


def _neutral_tokens(
    board: dict[str, Any], tokens: Any, gaps: Gaps, corporations: dict[str, Any] | None = None
) -> None:
    """Neutral stations the built game has on the map before anybody acts become their
    cities' ``neutral_tokens``; a station of a corporation of the title no player starts
    (1867's CN), its ``setup_stations``; another station of nobody in the title is named."""
    for token in tokens if isinstance(tokens, list) else []:
        if token.get("known"):
            continue
        hex_id, index = str(token.get("hex")), token.get("city")
        cities = board["hexes"].get(hex_id, {}).get("cities") or []
        owner = corporations.get(str(token.get("owner"))) if corporations else None
        if (
            owner is not None
            and token.get("type") != "neutral"
            and isinstance(index, int)
            and index < len(cities)
        ):
            owner.setdefault("setup_stations", []).append(
                hex_id if index == 0 else {"hex": hex_id, "city": index}
            )
            continue
        if token.get("type") != "neutral" or not isinstance(index, int) or index >= len(cities):
            gaps.add("map", f"hex {hex_id}: a station of {token.get('owner')} at setup (left out)")
            continue
        city = cities[index]
        city["neutral_tokens"] = min(city.get("neutral_tokens", 0) + 1, city.get("slots", 1))


def _minors_of_companies(build: dict[str, Any]) -> dict[str, list[str]]:
    """The minors of the title's data a player comes to own with each company (minors
    the title's code makes later are not the format's to name)."""
    found = build.get("minors_of_companies")
    listed = build.get("minors")
    if not isinstance(found, dict) or not isinstance(listed, list):
        return {}
    known = {str(m.get("sym")) for m in listed}
    return {str(c): [m for m in minors if m in known] for c, minors in found.items()}


def _token_steps_wait(companies: dict[str, Any], build: dict[str, Any]) -> None:
    """The token step waits, with a pass, while only a company's ``token`` ability could
    place a station for the corporation operating, where the title's own token step says
    so (18GA's and 18NL's offer the pass); 18xx.games' own token step does not: there a
    company's ability is written ``holds_step: false`` (1856's Waterloo & Saugeen)."""
    steps = ((build.get("rounds") or {}).get("operating") or {}).get("steps") or []
    if any(
        str(s.get("class", "")).endswith("::Token")
        and not str(s.get("class", "")).startswith("Engine::Step::")
        and "actions" in (s.get("methods") or [])
        for s in steps
    ):
        return
    for company in companies.values():
        for ability in company.get("abilities", []):
            if ability.get("type") == "token" and "token" in ability.get("when", ["token"]):
                ability["holds_step"] = False


def _kept_companies(dump: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> Any:
    """The companies of the title's data that its built games keep: where the game is
    built without a random draw, a company its code leaves out of this game and of the
    game of every player count (18MEX's Compagnie du Boleo outside the Baja variant) is
    left out here too. (Companies of some player counts only keep their ``players``.)"""
    listed = build.get("game_companies")
    built = {str(c.get("sym")) for c in build.get("companies") or []}
    family = _setup_family(dump, build)
    removed = any(probe.get("removals") for probe in family.values())
    if not isinstance(listed, list) or not built or (build.get("draws") and not removed):
        return listed
    for probe in family.values() if removed else dump["builds"].values():
        if _good(probe):
            built |= {str(c.get("sym")) for c in probe.get("companies") or []}
            built |= set(probe.get("built_companies") or []) | set(probe.get("removals") or [])
    kept = [c for c in listed if str(c.get("sym")) in built]
    for company in listed:
        if company not in kept:
            gaps.add(
                "companies", f"company {company.get('sym')}: left out, as the title's code leaves it out"
            )
    return kept


def _hex_bonuses(companies: dict[str, Any], found: Any, gaps: Gaps) -> None:
    """A ``hex_bonus`` ability on each company whose bonus the title's own revenue_for
    pays its corporation's routes (the dump's ``hex_bonuses``, shared between the builds
    like the other company probes: 1861's two-player game leaves some companies out)."""
    if not isinstance(found, dict):
        return
    for sym, bonus in found.items():
        if sym not in companies or not isinstance(bonus, dict):
            continue
        ability = {"type": "hex_bonus", "hexes": [str(h) for h in bonus["hexes"]], "amount": bonus["amount"]}
        companies[sym].setdefault("abilities", []).append(ability)
        gaps.drop("companies", f"company {sym}: ability hex_bonus")


def _snake(module: str) -> str:
    """18xx.games' folder of a module: ``G18SJ`` is ``g_18_sj``."""
    import re

    text = re.sub(r"(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", "_", module)
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", text)
    return text.lower()


def _early_max(rules: dict[str, Any], phases: dict[str, Any], built: list[Any]) -> None:
    """``rules.company_sales.early_max``: where the companies the first phase lets
    corporations buy early sell for at most another multiple of their value than the
    title's ``max`` (1850's, their value in phase 2), that multiple."""
    first: dict[str, Any] = next(iter(phases.values()), {}) if phases else {}
    early = set(first.get("early_company_buys") or {})
    if not early or first.get("buy_companies"):
        return
    ratios = {
        round(c["max_price"] / c["value"], 2)
        for c in built
        if str(c.get("sym")) in early and c.get("value") and isinstance(c.get("max_price"), int | float)
    }
    sales = rules.get("company_sales") or {}
    if len(ratios) == 1 and (ratio := ratios.pop()) != sales.get("max", 2) and ratio > 0:
        sales["early_max"] = ratio
        rules["company_sales"] = sales


def _tile_lays_say(companies: dict[str, Any], syms: Any, field: str, value: Any) -> None:
    """``field: value`` on the tile-lay ability of each of the companies ``syms`` (a
    probe's list)."""
    for sym in syms if isinstance(syms, list) else []:
        for ability in (companies.get(sym) or {}).get("abilities") or []:
            if ability.get("type") == "tile_lay":
                ability[field] = value


def _lays_closing(companies: dict[str, Any], closing: Any) -> None:
    """``closes_when_used_up`` on the tile-lay ability of each company the built game
    closes when it has made its lay (``lay_closes`` of ``dump.rb``: 18MEX's KCMO)."""
    _tile_lays_say(companies, closing, "closes_when_used_up", True)


def _lays_forfeited(companies: dict[str, Any], forfeit: Any) -> None:
    """``forfeit_when_others_lay`` on the tile-lay ability of each company whose lays the
    title takes away once another lays in its hexes (``lays_forfeit`` of ``dump.rb``:
    18Chesapeake's C-P and B&S)."""
    _tile_lays_say(companies, forfeit, "forfeit_when_others_lay", True)


def _lays_joining(companies: dict[str, Any], joins: Any) -> None:
    """``joins`` on the tile-lay ability of each company whose lays the title refuses once
    its two hexes are joined by track (``lay_joins`` of ``dump.rb``: 1846's Little Miami)."""
    for sym, hexes in (joins if isinstance(joins, dict) else {}).items():
        for ability in (companies.get(sym) or {}).get("abilities") or []:
            if ability.get("type") == "tile_lay" and set(hexes) <= set(ability["hexes"]):
                ability["joins"] = list(hexes)


def _lays_lapsing(companies: dict[str, Any], lapse: Any) -> None:
    """``lapses: other_action`` on the tile-lay ability of each company whose lays left the
    title takes away once anyone else acts after one of them (``lays_lapse`` of
    ``dump.rb``: 1846's Michigan Central, Ohio & Indiana and Little Miami)."""
    _tile_lays_say(companies, lapse, "lapses", "other_action")


def _sections(dump: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> dict[str, Any]:
    constants = dump["constants"]
    corps_built = build.get("corporation_objects") or []
    pooled = restore_pool_shares(corps_built)
    built_syms = {str(c.get("sym")) for c in corps_built}
    # with those the title builds later (1867's majors): their certificates and floats too
    later = [
        c
        for c in build.get("corporations") or []
        if isinstance(c, dict) and str(c.get("sym")) not in built_syms
    ]
    rules, overrides = convert_rules(
        constants,
        corps_built + later,
        gaps,
        build.get("tile_lays"),
        build.get("first_turn_lays"),
        build.get("lay_costs"),
        minor_lays=build.get("minor_lays"),
        home_cost_first=build.get("home_cost_first"),
    )
    convert_buying_power(build, rules)
    _market_rules(rules, build.get("market_rules"))
    _homes_at_setup(rules, corps_built, build.get("map_tokens"))
    brought = _certificates_brought(build, overrides)
    convert_emergency_issue(build, rules, gaps)
    convert_emergency_probes(build, rules)
    convert_bankruptcy(build.get("bankruptcy"), rules, gaps)
    if build.get("above_holding_limit_kept") is True:
        rules["stock"]["above_holding_limit_kept"] = True
    dividends = probed_dividends(build.get("dividend_moves"))
    if dividends is not None:
        rules["dividends"].update(dividends)
    corporations = convert_corporations(
        build.get("corporations"), overrides, gaps, station_bonuses(build.get("station_bonuses"))
    )
    carried_tokens(corporations, corps_built, gaps)
    for built in corps_built:
        if built.get("needs_token_to_par") is True and str(built.get("sym")) in corporations:
            corporations[str(built["sym"])]["par_needs_station"] = True
    write_pool_shares(corporations, pooled)
    write_more_homes(corporations, build.get("more_homes"))
    write_home_hexes(corporations, build.get("home_hexes"))
    write_home_alone(corporations, build.get("home_alone"))
    write_home_unconnected(corporations, build.get("home_unconnected"))
    write_stop_multipliers(corporations, build.get("stop_multipliers"), gaps)
    write_station_lays(corporations, build.get("station_lays"), gaps)
    for sym in build.get("town_lays") or []:
        if sym in corporations:
            corporations[sym].setdefault("abilities", []).append({"type": "town_lays"})
    write_stop_markers(corporations, corps_built, gaps)
    par_subsidies(corporations, build.get("par_subsidies"))
    kept = _kept_companies(dump, build, gaps)
    nobodys_stations(kept, build.get("nobodys_stations"))
    companies, sales = convert_companies(
        kept,
        build.get("companies") or [],
        set(corporations),
        gaps,
        _minors_of_companies(build),
        _assigned_bonuses(dump, build),
    )
    rules["company_sales"] = sales
    terrain_discounts(companies, build.get("terrain_discounts"))
    for sym, certificates in brought.items():
        for ability in companies.get(sym, {}).get("abilities") or []:
            if ability.get("type") == "shares" and ability.get("corporation") == "random":
                ability["certificates"] = certificates
    reserved_exchanges(companies, corporations, build.get("reserved_exchanges"), gaps)
    write_lay_subsidies(corporations, companies, build.get("lay_subsidies"))
    par_payments(companies, build.get("par_payments"))
    revenue_from_phase(companies)
    write_stop_bonuses(companies, build.get("stop_bonuses"))
    write_corporation_revenues(companies, build.get("corporation_revenues"))
    _hex_bonuses(companies, build.get("hex_bonuses"), gaps)
    _lays_closing(companies, build.get("lay_closes"))
    _lays_forfeited(companies, build.get("lays_forfeit"))
    _lays_joining(companies, build.get("lay_joins"))
    # a title-wide rule, probed on the companies each build has (a title may leave some out)
    builds = [build, *(dump.get("builds") or {}).values()]
    _lays_lapsing(companies, sorted({sym for b in builds for sym in b.get("lays_lapse") or []}))
    closing_at_round_end(companies, build.get("lay_closes_at_round_end"))
    if build.get("minors_offered_companies") is False:
        rules["company_sales"]["minors_offered"] = False
    if build.get("keep_bought") is True:
        rules["stock"]["keep_bought"] = True
    if build.get("priority_to_most_cash") is True and rules["stock"]["priority"] == "after_last_to_act":
        rules["stock"]["priority"] = "most_cash"
    if build.get("presidency_swap") == "largest_last_got":
        rules["stock"]["presidency_swap"] = "largest_last_got"
    elif build.get("presidency_swap") == "other":
        gaps.add("rules", "the certificates a new president hands over: the title's own order")
    for sym in build.get("closes_when_par_set") or []:
        if sym not in companies:
            continue
        if any(a.get("type") == "shares" and a.get("president") for a in companies[sym].get("abilities", [])):
            companies[sym]["closes_when_par_set"] = True
        else:  # the format closes on par only a company that gives the president's certificate
            gaps.add("companies", f"company {sym}: closes when a corporation's par is set")
    if build.get("first_operating_order") == "lowest_first":
        rules["first_operating_order"] = "lowest_first"
    if build.get("mail") == "home_stop":
        rules["mail"] = "home_stop"
    _auctioned(companies, build.get("auction_companies"), build.get("companies") or [], gaps)
    _offered(companies, build.get("auction_offers"), gaps)
    if build.get("players_buy_from_turn") == 2:
        rules["company_sales"]["players_from_turn"] = 2
    trains_raw = build.get("trains")
    phase_names = {str(p.get("name")) for p in build.get("phases") or [] if isinstance(p, dict)}
    gifts = free_trains(build, companies)
    given = [a["train"] for a in gifts.values()]
    counts = depot_counts(build, gaps, given)
    dumped_phases = [p for p in build.get("phases") or [] if isinstance(p, dict)]
    starts = {str(p["on"]): str(p.get("name")) for p in dumped_phases if p.get("on")}
    trains = convert_trains(trains_raw, counts, phase_names, gaps, build.get("event_token_removals"), starts)
    filling_stops(trains, build)
    for sym, gift in gifts.items():
        if isinstance(trains.get(gift["train"]), dict):
            held = trains[gift["train"]]
            held["reserved"] = held.get("reserved", 0) + 1
            companies[sym].setdefault("abilities", []).append(gift)
    for found in [*(build.get("assigned_bonuses") or {}).values(), *probed_assignments(dump).values()]:
        if isinstance(found, dict) and found.get("until_event") and found.get("until_train") is not None:
            # the event is what removes the company's assigned bonus (its ``until``)
            gaps.drop("trains", f"train {found['until_train']}: event {found['until_event']}")
    if any("obsolete_on" in t for t in trains.values()):
        for name in ("OBSOLETE_TRAINS_COUNT_FOR_LIMIT", "ALLOW_OBSOLETE_TRAIN_BUY"):
            if constants.get(name) is True:
                gaps.add("trains", f"{name}: obsolete trains count toward the limit or are sold on")
    _track_groups(trains, build.get("track_groups"), gaps)
    exports = build.get("export_after_set")
    if isinstance(exports, list) and exports:
        last = build.get("exports_end_with")
        if set(map(str, exports)) >= set(trains) and str(last) not in trains:
            gaps.add("trains", "the end of a set of operating rounds exports a train, by the title's code")
        else:
            rules["trains"]["export_after_set"] = [str(n) for n in exports if str(n) in trains]
            if str(last) in trains:
                rules["trains"]["exports_end_with"] = str(last)
    _reserved_trains(trains, build.get("reserved_trains"), companies, gaps)
    for sym, right in route_rights(build.get("route_rights")).items():
        if sym in companies and right["hexes"]:
            companies[sym].setdefault("abilities", []).append(right)
    abilities = {a["type"] for c in companies.values() for a in c.get("abilities", [])}
    abilities |= {w for c in companies.values() for a in c.get("abilities", []) for w in a.get("when", [])}
    if any(
        a["type"] == "shares" and a.get("president")
        for c in companies.values()
        for a in c.get("abilities", [])
    ):
        abilities.add("president_shares")
    rounds, sequence = convert_rounds(build.get("rounds") or {}, abilities, gaps)
    if "merger" in rounds:
        rules["minor_mergers"] = minor_merger_rules((build.get("rounds") or {}).get("merger"), constants)
    settled = settled_nationalization(
        build.get("settled_nationalization"), (build.get("rounds") or {}).get("operating")
    )
    if settled is not None:
        rules["settled_nationalization"] = settled
    _move_tokens(companies, corporations, build.get("rounds") or {}, rounds)
    _token_steps_wait(companies, build)
    if _home_replaces_neutral(build.get("rounds") or {}, corporations):
        rules.setdefault("tokens", {})["home_replaces_neutral"] = True
    if build.get("token_distance_prices") is True:
        rules.setdefault("tokens", {})["price_by_distance"] = True
    phases = convert_phases(build.get("phases"), trains, gaps)
    if "national" not in (rules.get("settled_nationalization") or {}):  # whose national operates
        for name, phase in phases.items():
            if phase.pop("national_operates", None):
                gaps.add("trains", f"phase {name}: status national_operates (no national settles)")
    exported_trains(phases, build, gaps)
    capital_and_floats(build, rules, trains, gaps)
    convert_destinations(build, corporations)
    _destination_check(build, rounds["operating"]["steps"])
    convert_loans(build, rules, rounds["operating"]["steps"])
    convert_issue_spending(build, rules, rounds["operating"]["steps"])
    convert_issue_step(build, rules, rounds["operating"]["steps"], gaps)
    price_protection_terms(rounds["stock"]["steps"], build.get("price_protection"))
    buy_back_step(rounds["stock"]["steps"], build.get("buy_back"))
    depot_purchases(phases, build.get("phases"), library_steps((build.get("rounds") or {}).get("operating")))
    phase_purchases(phases, build.get("phase_purchases"), set(corporations))
    closed_shares(phases, build.get("closed_shares"), set(corporations))
    _early_max(rules, phases, build.get("companies") or [])
    probed_depot_limits(phases, build.get("depot_limits"), build.get("depot_repeat_types"))
    dividend_without_revenue(build, rules)
    if isinstance(rounds.get("operating"), dict):
        early_buy_steps(rounds["operating"].get("steps") or [], build.get("phase_purchases"))
    board = convert_map(build, gaps, constant(constants, "IMPASSABLE_HEX_COLORS"))
    apply_ports(board, build.get("ports"))
    removed = set(build.get("removals") or [])
    placed = [t for t in build.get("map_tokens") or [] if t.get("owner") not in removed]
    _neutral_tokens(board, placed, gaps, corporations)
    tiles = convert_tiles(build, gaps)
    own_tiles(board["hexes"], build.get("hex_tiles"), tiles)
    minors = convert_minors(build.get("minors"), build.get("minor_objects") or [], gaps)
    convert_minor_mergers(build.get("minor_mergers"), trains_raw, trains, minors, gaps)
    convert_merger_offers(build, trains_raw, trains, rounds, gaps)
    convert_national_formation(build.get("national_formation"), constants, trains_raw, trains, rounds, gaps)
    out = {
        "map": board,
        "tiles": tiles,
        "market": convert_market(
            build.get("market"),
            constants,
            gaps,
            build.get("multiple_buy_only_from_market")
            if isinstance(build.get("multiple_buy_only_from_market"), bool)
            else None,
        ),
        "phases": phases,
        "trains": trains,
        "companies": companies,
        "corporations": corporations,
        "minors": minors,
        "rules": rules,
        "game_end": convert_game_end(
            constants, gaps, build.get("game_end_check"), build.get("final_operating_rounds")
        ),
        "rounds": rounds,
        "sequence": sequence,
    }
    bonuses = route_bonuses(build.get("route_bonuses"), corporations)
    bonuses.update(revenue_shares(build.get("revenue_shares")))
    bonuses.update(route_subsidies(build.get("route_subsidies")))
    _price_ceilings(out["market"], (build.get("market_rules") or {}).get("ceilings"), gaps)
    if not bonuses and not explains_revenue(build.get("ports")):  # not the same extra twice
        bonuses.update(offboard_groups(build.get("offboard_pairs")))
        bonuses.update(offboard_groups(build.get("gray_city_pairs")))
    if bonuses:
        out["bonuses"] = bonuses
    auction_rules(out, build, constants, gaps)
    draws = setup_draws(companies, build.get("draws") or [], gaps)
    icons = (out.get("map") or {}).get("icons") or {}
    draws = drawn_event_draws(draws, build.get("drawn_train_events"), icons, gaps)
    family = _setup_family(dump, build)
    listed = (constants, build.get("game_companies") or [], build.get("corporations") or [])
    grouped = group_draws(*listed, family)
    if grouped is None and "setup_probes" in build:
        # an optional rule whose removals the groups do not give: the title's, as without it
        base = {int(n): b for n, b in dump["builds"].items() if _good(b)}
        grouped = group_draws(*listed, base)
        if grouped is not None:
            gaps.add("title", "what the optional rule changes in the random setup is the title's code")
    if grouped is not None and not draws:
        draws = _grouped_setup(out, grouped, build, family, gaps)
    if not draws and grouped is None:
        draws = _choice_setup(out, constants, listed[1], family, gaps)
    if not draws and grouped is None:
        unoffered = {sym for sym, c in out["companies"].items() if c.get("auction") is False}
        draws = removal_draws([str(c.get("sym")) for c in listed[1]], unoffered, family) or []
    if draws:
        out["setup"] = {"generator": GENERATOR, "draws": draws}
    _open_draft(out, build, family, gaps)
    _single_item_auction(out, build, gaps)
    reseating(out, build, gaps)  # (after the initial rounds found here)
    convert_starts(out, build, gaps)
    split_dividends(build, out["corporations"], gaps)
    max_loans(build, out["corporations"])
    corporation_kinds(out, build)
    blocks_until(out["companies"], build)
    _start_limit(out, family)
    _market_end(out, gaps)
    tidy(out, gaps)
    return out


def _single_item_auction(out: dict[str, Any], build: dict[str, Any], gaps: Gaps) -> None:
    """A title's own first step that auctions one company at a time (the dump's
    ``single_item_auction``: 1867's, 18 Royal Gorge's) is the ``single_item_auction``
    step, with ``rules.auction.unsold_cheapest`` as the probe found it."""
    found = build.get("single_item_auction")
    if out["sequence"]["start"] or not isinstance(found, dict):
        return
    if found.get("unsold") == "discount" and found.get("first_bid_buys") is not True:
        return
    out["rounds"] = {"auction": {"kind": "auction", "steps": ["single_item_auction"]}, **out["rounds"]}
    out["rules"].setdefault("auction", {})["unsold_cheapest"] = (
        "removed" if found.get("unsold") == "removed" else "discount"
    )
    out["sequence"]["start"] = ["auction"]
    gaps.drop("rounds", "initial round")


def _homes_at_setup(rules: dict[str, Any], corporations: list[dict[str, Any]], tokens: Any) -> None:
    """``rules.tokens.home: setup`` where the built game, before anybody acts, has every
    corporation's home station on the map (18 Los Angeles' ``post_setup``)."""
    if not isinstance(tokens, list):
        return
    placed = {(t.get("owner"), t.get("hex")) for t in tokens if isinstance(t, dict) and t.get("known")}
    homes = [
        (c.get("sym"), hex_id)
        for c in corporations
        if isinstance(c.get("coordinates"), str | list) and c.get("coordinates")
        for hex_id in ([c["coordinates"]] if isinstance(c["coordinates"], str) else c["coordinates"][:1])
    ]
    if len(homes) > 1 and all(home in placed for home in homes):
        rules["tokens"]["home"] = "setup"


def _market_rules(rules: dict[str, Any], probed: Any) -> None:
    """The ``rules.stock`` of the dump's ``market_rules`` (18Chesapeake's two-player game)."""
    if not isinstance(probed, dict):
        return
    stock = rules["stock"]
    if probed.get("unsold_to_pool") is True:
        stock["unsold_to_pool_on_float"] = True
    if probed.get("sold_out_none_in_pool") is True:
        stock["sold_out"] = "none_in_pool"
    if probed.get("purchase_removes_pool_share") is True:
        stock["purchase_removes_pool_share"] = True


def _price_ceilings(market: dict[str, Any], kinds: Any, gaps: Gaps) -> None:
    """``ceiling_for`` on the ``max_price`` zone: the kinds of corporation whose price a
    move right leaves in place there (the dump's ``ceilings``: 1867's minors)."""
    zone = market["zones"].get("max_price")
    if zone is None or not isinstance(kinds, list) or not kinds:
        return
    zone["ceiling_for"] = [{"major": "corporation"}.get(k, k) for k in kinds]
    named = " and ".join(f"{k}s" for k in zone["ceiling_for"])
    zone["description"] = f"The price of {named} goes no further right (18xx.games' max_price)."
    gaps.drop("market", "max_price cells")


def _certificates_brought(
    build: dict[str, Any], overrides: dict[str, dict[str, Any]]
) -> dict[str, list[int]]:
    """The certificates of the corporation a company's random president's certificate was
    drawn from, where they differ from the others' (18Chesapeake's two-player game keeps the
    CV's at 20%), by company: taken out of ``overrides``, as another draw picks another."""
    out: dict[str, list[int]] = {}
    for company in build.get("companies") or []:
        for ability in company.get("abilities") or []:
            if ability.get("type") != "shares":
                continue
            for share in ability.get("shares") or []:
                corp, _, index = str(share).removeprefix("<Share:").removesuffix(">").rpartition("_")
                own = overrides.get(corp, {})
                if index == "0" and "shares" in own and _random_president(build, company.get("sym")):
                    out[str(company["sym"])] = own.pop("shares")
                    if not own:
                        del overrides[corp]
    return out


def _random_president(build: dict[str, Any], sym: Any) -> bool:
    """Whether the title's company ``sym`` comes with a randomly drawn president's certificate."""
    for company in build.get("game_companies") or []:
        if company.get("sym") == sym:
            for ability in company.get("abilities") or []:
                shares = ability.get("shares") if isinstance(ability, dict) else None
                if "random_president" in ([shares] if isinstance(shares, str) else shares or []):
                    return True
    return False


def _start_limit(out: dict[str, Any], family: dict[int, dict[str, Any]]) -> None:
    """``rules.stock.start_limit``: for each number of players, after how many corporations
    started the others close (the probes' ``start_limit``: 18 Los Angeles)."""
    limits = {n: probe.get("start_limit") for n, probe in sorted(family.items())}
    found = {n: limit for n, limit in limits.items() if isinstance(limit, int)}
    if found:
        out["rules"]["stock"]["start_limit"] = found


def _market_end(out: dict[str, Any], gaps: Gaps) -> None:
    """A game end on the stock market needs a market cell that ends the game: where the
    market has none (1870's $400 finish, which the title's code checks), the condition
    is left out and named."""
    zones = (out.get("market") or {}).get("zones") or {}
    if "stock_market" in out["game_end"] and not any(
        isinstance(z, dict) and z.get("ends_game") for z in zones.values()
    ):
        out["game_end"].pop("stock_market")
        gaps.add(
            "rules", "GAME_END_CHECK stock_market: no cell of the market ends the game (the title's code)"
        )


def _choice_setup(
    out: dict[str, Any],
    constants: dict[str, Any],
    listed: list[dict[str, Any]],
    family: dict[int, dict[str, Any]],
    gaps: Gaps,
) -> list[dict[str, Any]]:
    """A setup keeping some of each group of companies (``convert.draws.choice_group_draws``):
    its draws; the companies every built game leaves out besides leave the title."""
    found = choice_group_draws(constants, [str(c.get("sym")) for c in listed], family)
    if found is None:
        return []
    draws, fixed = found
    for sym in fixed:
        out["companies"].pop(sym, None)
        gaps.add("companies", f"company {sym}: left out, as the title's code leaves it out")
    for draw in draws:
        if "unused" in draw:
            gaps.add(
                "title",
                f"the title's {draw['unused']} draws a random number at setup; the format draws and drops it",
            )
    return draws


def _setup_family(dump: dict[str, Any], build: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games built with the same optional rules as ``build``, by player count, whose
    random setups show its draws (a rule's own probes, or the title's builds)."""
    counts = {int(n) for n, b in dump["builds"].items() if _good(b)}
    probes = build.get("setup_probes")
    if isinstance(probes, dict):
        return {int(n): p for n, p in probes.items() if int(n) in counts and isinstance(p, dict)}
    if any(b is build for b in dump["builds"].values()):
        return {int(n): b for n, b in dump["builds"].items() if _good(b)}
    return {int(build.get("built_players") or 0): build}


def _track_groups(trains: dict[str, Any], found: Any, gaps: Gaps) -> None:
    """``dump.rb``'s ``track_groups``: each train (or variant) outside the group of the
    depot's first train gets its group (named after its first member), so that only
    routes of one group keep off each other's track."""
    if not isinstance(found, dict) or not found or "_error" in found:
        return
    first = next(iter(found.values()))
    for name, train in trains.items():
        if found.get(name) not in (None, first):
            train["track_group"] = str(found[name])
        for variant, face in (train.get("variants") or {}).items():
            if found.get(variant) not in (None, first):
                face["track_group"] = str(found[variant])
    gaps.drop("code", "`check_overlap` (Game)")
    gaps.drop("code", "`compute_other_paths` (Game)")


def _second_tokens(family: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The second stations of removed corporations that ``dump.rb``'s ``second_tokens``
    probe saw, by corporation, with the player counts they are for where not all."""
    seen: dict[str, tuple[dict[str, Any], list[int]]] = {}
    for players, probe in sorted(family.items()):
        for sym, found in (probe.get("second_tokens") or {}).items():
            token = {"hex": found["hex"], **({"color": found["color"]} if found.get("color") else {})}
            seen.setdefault(str(sym), (token, []))[1].append(players)
    return {
        sym: token if counts == sorted(family) else {**token, "players": counts}
        for sym, (token, counts) in seen.items()
    }


def _grouped_setup(
    out: dict[str, Any],
    grouped: tuple[list[dict[str, Any]], dict[int, list[str]]],
    build: dict[str, Any],
    family: dict[int, dict[str, Any]],
    gaps: Gaps,
) -> list[dict[str, Any]]:
    """A setup removing companies and corporations by groups (``convert.draws``): a
    corporation removed with a station left on the map keeps it (``home_token``); a
    deck shuffled for the initial round's step makes that round a ``blind_draft``."""
    draws, blanks = grouped
    stations = {str(owner) for probe in family.values() for owner in probe.get("stations") or []}
    seconds = _second_tokens(family)
    for draw in draws:
        if any(sym in stations for sym in draw.get("remove", [])):
            draw["home_token"] = True
        mine = {sym: seconds[sym] for sym in draw.get("remove", []) if sym in seconds}
        if mine:
            draw["second_tokens"] = mine
    deck = build.get("deck") or {}
    players = int(build.get("players") or build.get("built_players") or 0)
    if draws and draws[0].get("shuffle") == "draft":
        if isinstance(deck.get("shown"), int) and deck["shown"] < len(deck.get("cards") or []):
            out["rules"]["draft"] = {"extra_cards_shown": deck["shown"] - players, "blank_cards": blanks}
            auction = {"kind": "auction", "steps": ["blind_draft"]}
            initial = (build.get("rounds") or {}).get("initial") or {}
            if "reverse_order" in (initial.get("order") or []):
                auction["order"] = "reverse"
            out["rounds"] = {"auction": auction, **{k: v for k, v in out["rounds"].items() if k != "auction"}}
            out["sequence"]["start"] = ["auction"]
            gaps.drop("rounds", "initial round")
            _draft_minors(out, build)
        else:
            draws = draws[1:]
            gaps.add("rounds", "initial round: a deck is shuffled for a draft the library does not play")
    return draws


def _open_draft(
    out: dict[str, Any], build: dict[str, Any], family: dict[int, dict[str, Any]], gaps: Gaps
) -> None:
    """An initial step that shows every company, lets the first player take one (or pass:
    ``pass_first``) and the next take one or pass, the taker paying at once (``dump.rb``'s
    ``open_draft``), makes the initial round an ``open_draft``, in the round's order
    (reverse or snake); played again after a set of operating rounds while companies are
    left, where the game does so (``until_sold``). The probes' ``limit`` (for each number
    of players of the ``family``) and whether a pass on the last company makes it cheaper
    are ``rules.draft``'s."""
    found = build.get("open_draft")
    if out["sequence"]["start"] or not isinstance(found, dict):
        return
    first, after = found.get("first"), found.get("after")
    if first not in (["bid"], ["bid", "pass"]) or after != ["bid", "pass"] or not found.get("pays_at_once"):
        return
    auction: dict[str, Any] = {"kind": "auction", "steps": ["open_draft"]}
    initial = (build.get("rounds") or {}).get("initial") or {}
    order = initial.get("order") or []
    if "reverse_order" in order:
        auction["order"] = "reverse"
    elif "snake_order" in order:
        auction["order"] = "snake"
    draft: dict[str, Any] = {}
    if first == ["bid", "pass"]:
        draft["pass_first"] = True
    limits = {n: (probe.get("open_draft") or {}).get("limit") for n, probe in sorted(family.items())}
    if any(isinstance(limit, int) for limit in limits.values()):
        draft["limit"] = {n: limit for n, limit in limits.items() if isinstance(limit, int)}
    if found.get("last_pass_cheaper") is False:
        draft["last_company_step"] = None
    if draft:
        out["rules"]["draft"] = {**out["rules"].get("draft", {}), **draft}
    out["rounds"] = {"auction": auction, **out["rounds"]}
    start: str | dict[str, Any] = "auction"
    if found.get("until_sold") is True:
        start = {"round": "auction", "until_sold": "operating"}
    out["sequence"]["start"] = [start]
    gaps.drop("rounds", "initial round")
    _draft_minors(out, build)


def _draft_minors(out: dict[str, Any], build: dict[str, Any]) -> None:
    """A company of a blind draft that has a minor's id starts that minor with the
    company's treasury (18xx.games' draft floats the minor of the company's id)."""
    treasury = {str(c.get("sym")): c.get("treasury") for c in build.get("game_companies") or []}
    for sym, company in out["companies"].items():
        if sym in out["minors"] and not any(
            a["type"] == "controls_minor" for a in company.get("abilities", [])
        ):
            cash = treasury.get(sym)
            ability = {
                "type": "controls_minor",
                "minor": sym,
                "cash": cash if isinstance(cash, int) else company["value"],
            }
            if build.get("minor_shared_city") == "buyer_stays":
                ability["shared_city"] = "buyer_stays"
            company.setdefault("abilities", []).append(ability)


def setup_draws(companies: dict[str, Any], noted: list[str], gaps: Gaps) -> list[dict[str, Any]]:
    """The setup's draws, in 18xx.games' order: a random corporation for each company
    with a ``shares`` ability for one (drawn as it sets up the companies' abilities),
    and an ``unused`` draw for each number the title's own code draws while the game
    is built (``noted``: the method that drew each number, from ``dump.rb``)."""
    randoms = [
        sym
        for sym, c in companies.items()
        if any(a["type"] == "shares" and a.get("corporation") == "random" for a in c.get("abilities", []))
    ]
    if not randoms:
        return []
    draws: list[dict[str, Any]] = []
    waiting = list(randoms)
    for method in noted:
        if method == "init_company_abilities" and waiting:
            draws.append({"corporation_for": waiting.pop(0)})
        else:
            draws.append({"unused": method})
            gaps.add(
                "title", f"the title's {method} draws a random number at setup; the format draws and drops it"
            )
    draws += [{"corporation_for": sym} for sym in waiting]
    return draws


GENERATOR = {"kind": "lcg", "multiplier": 1103515245, "increment": 12345, "modulus": 2147483648}
"""18xx.games' random number generator (its base game's RAND_A, RAND_C and RAND_M)."""


def _good(build: Any) -> bool:
    return isinstance(build, dict) and "_error" not in build


def convert_title(dump: dict[str, Any]) -> Converted:
    """Convert one title's dump; raises ``ValueError`` naming what cannot be read."""
    builds = {int(n): b for n, b in dump["builds"].items() if _good(b)}
    if not builds:
        errors = {n: b.get("_error") for n, b in dump["builds"].items() if isinstance(b, dict)}
        raise ValueError(
            f"no game of the title could be built: {next(iter(errors.values()), 'no player count')}"
        )
    counts = sorted(builds)
    gaps = Gaps()
    for n, b in dump["builds"].items():
        if not _good(b):
            gaps.add(
                "title", f"a {n}-player game cannot be built: {b.get('_error') if isinstance(b, dict) else b}"
            )
    base_count = max(counts)
    base = builds[base_count]
    _share_company_probes(builds, base_count)
    sections = _sections(dump, base, gaps)
    sections["title"] = _meta(dump, base, counts)
    sections["bank"] = convert_bank(builds, dump["constants"], gaps)
    sections["certificate_limit"] = convert_cert_limit(builds, dump["constants"], gaps)
    converted = Converted(
        name=dump["meta"]["title"],
        module=dump["class"],
        dev_stage=dump["meta"].get("dev_stage", ""),
        sections=sections,
        gaps=gaps,
    )
    _section_players(converted, builds, "companies")
    _section_players(converted, builds, "corporations")
    _player_count_variants(converted, dump, builds, base_count)
    _optional_rules(converted, dump, builds)
    behaviour_gaps(dump.get("behaviour") or {}, gaps)
    formation_step_gaps(sections, gaps)
    convert_gifts(base.get("rounds") or {}, sections["rules"], gaps)
    probe = base.get("hex_tiles")
    if isinstance(probe, dict) and probe.get("explained") is True:
        gaps.drop("code", "`upgrades_to?`")  # all it does is give hexes their own tiles
    if base.get("late_upgrades"):  # the phases' towns upgradeable: the tiles' late_upgrades
        for text in list(gaps.by_section.get("trains") or []):
            if text.endswith(": status upgradeable_towns"):
                gaps.drop("trains", text)
    if explains_revenue(base.get("ports")) and apply_ports(sections["map"], base.get("ports")):
        gaps.drop("code", "`revenue_for`")
    for method, key in ANSWERED.items():
        if all(isinstance(b.get(key), bool) for b in builds.values()):
            gaps.drop("code", f"`{method}`")
    _probed_steps(base, gaps)
    _loan_spending_steps(base, gaps)
    if base.get("route_rights"):  # what the title's special buy and `company_bought` do: route_right
        gaps.drop("rounds", "operating round: the title's step SpecialBuy (a SpecialBuy;")
        gaps.drop("rounds", "the title defines the step SpecialBuy")
        gaps.drop("code", "`company_bought`")
    if any(
        a.get("type") == "stop_multiplier"
        for c in sections["corporations"].values()
        for a in c.get("abilities", [])
    ):
        gaps.drop("code", "`revenue_for`")  # what it does is count stops several times
    if any(c.get("more_homes") for c in sections["corporations"].values()):
        gaps.drop("code", "`place_home_token`")  # what it does is the further home stations
    if sections["rules"].get("mail"):
        gaps.drop("code", "`place_home_token`")  # what it does is the mail
    if sections["map"].get("twin_hexes"):  # the track step's own lays: the twin hexes
        gaps.drop("rounds", "operating round: the title's step Track (a Track;")
    found = sections.get("bonuses") or {}
    if any(b.get("paid_to") != "treasury" for b in found.values()):
        gaps.drop("code", "`revenue_for`")
    if any(b.get("paid_to") == "treasury" for b in found.values()):
        gaps.drop("code", "`routes_subsidy`")
    _event_code(sections.get("trains") or {}, gaps)
    _probed_purchases(builds, gaps)
    _destination_steps(base, gaps)
    return converted


def _event_code(trains: dict[str, Any], gaps: Gaps) -> None:
    """The title's code that carries out a train event the format says (the
    ``lose_weakest_run`` event: 18xx.games' revenue and dividend code for it)."""
    if any("lose_weakest_run" in (t.get("events") or []) for t in trains.values() if isinstance(t, dict)):
        gaps.drop("code", "`routes_revenue`")
        gaps.drop("rounds", "operating round: the title's step Dividend")
        gaps.drop("rounds", "the title defines the step Dividend")


ANSWERED = {"multiple_buy_only_from_market?": "multiple_buy_only_from_market"}
"""Engine methods whose answer the converter asks of every built game (by the key of the
dump's answer), so that an override of them is data of the format, not a gap."""


PROBED_STEPS = {"station_bonuses": ("Token", "place_token"), "assigned_bonuses": ("Assign", "process_assign")}
"""The dump's probes that play a title's own step (by its one overridden method), by the
step: what such a step does is then said by the abilities the probe found."""


def _probed_steps(build: dict[str, Any], gaps: Gaps) -> None:
    """Forget the gaps of a title's own operating step when the abilities found by
    probing it (``station_bonus``, ``assigned_bonus``) say what it does."""
    for key, (step, method) in PROBED_STEPS.items():
        if not build.get(key):
            continue
        own = f"operating round: the title's step {step} (a {step}; overrides {method})"
        if own in gaps.by_section["rounds"]:
            gaps.by_section["rounds"].remove(own)
            if f"the title defines the step {step}" in gaps.by_section["rounds"]:
                gaps.by_section["rounds"].remove(f"the title defines the step {step}")


def _loan_spending_steps(build: dict[str, Any], gaps: Gaps) -> None:
    """Forget the gaps of a title's own token and company-buying steps whose one change,
    counting a loan not taken yet in what the corporation can spend, the dump's
    ``loan_spending`` found (``rules.loans.counted_in``)."""
    for kind, step in (("token", "Token"), ("buy_company", "BuyCompany")):
        if kind not in (build.get("loan_spending") or []):
            continue
        own = f"operating round: the title's step {step} (a {step}; overrides buying_power)"
        if own in gaps.by_section["rounds"]:
            gaps.drop("rounds", own)
            gaps.drop("rounds", f"the title defines the step {step}")


def _probed_purchases(builds: dict[int, dict[str, Any]], gaps: Gaps) -> None:
    """Forget the gap of a title's own ``purchasable_companies`` when, in every phase of
    every build, the phases' ``early_company_buys`` and ``players_buy_companies`` say all
    it changes (the dump's ``phase_purchases``), and that of its own company-buying step
    when all it was found to do is offer those early purchases."""
    probes = [b.get("phase_purchases") for b in builds.values()]
    found_all = [p for p in probes if isinstance(p, dict) and p]
    if len(found_all) != len(probes):
        return
    phases = [found for p in found_all for found in p.values()]
    if all(isinstance(found, dict) and found.get("explained") is True for found in phases):
        gaps.drop("code", "`purchasable_companies`")
    if any(isinstance(found, dict) and any(found.get("steps") or []) for found in phases):
        own = "operating round: the title's step BuyCompany (a BuyCompany; overrides can_buy_company?)"
        for line in (own, "the title defines the step BuyCompany"):
            while line in gaps.by_section["rounds"]:
                gaps.by_section["rounds"].remove(line)


def _escrow_destinations(build: dict[str, Any]) -> bool:
    """Whether the built game has destinations whose only effect is the escrow they
    release (1856's)."""
    return bool(build.get("destinations")) and build.get("capitalization_now") == "escrow"


def _destination_check(build: dict[str, Any], steps: list[Any]) -> None:
    """The operating round's ``destination_check`` step after its track step, where the
    title checks escrow destinations in a step of its own (1856's ``Escrow``: a step that
    only takes the ``destination_connection`` it records itself)."""
    if not _escrow_destinations(build) or "destination_check" in steps:
        return
    dumped = ((build.get("rounds") or {}).get("operating") or {}).get("steps") or []
    if not any("process_destination_connection" in (s.get("methods") or []) for s in dumped):
        return
    track = next((s for s in ("track", "track_and_token") if s in steps), None)
    if track is not None:
        steps.insert(steps.index(track) + 1, "destination_check")


def _destination_steps(build: dict[str, Any], gaps: Gaps) -> None:
    """Forget the gaps of a title's own step whose only play is 18xx.games'
    ``destination_connection`` (found by the engine after each tile, from the
    corporations' ``destination``), when the built game has destinations and escrow."""
    if not isinstance(build.get("destinations"), dict) or not _escrow_destinations(build):
        return  # a destination's only effect in the format is the escrow it releases
    for line in list(gaps.by_section["rounds"]):
        if "the title's step " in line and line.endswith("process_destination_connection)"):
            step = line.split("the title's step ", 1)[1].split(" ", 1)[0]
            gaps.by_section["rounds"].remove(line)
            if f"the title defines the step {step}" in gaps.by_section["rounds"]:
                gaps.by_section["rounds"].remove(f"the title defines the step {step}")


def _assigned_bonuses(dump: dict[str, Any], build: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``assigned_bonus`` of each company, by company, from both probes: what the
    title's revenue code pays once a company is assigned (``assignment_bonuses``: amounts
    by hex, who assigns and how often) and what its own assign step accepts
    (``assigned_bonuses``: ``needs_train``, ``reachable``, ``closes``), the first where
    both found the company."""
    phases = build.get("phases")
    found = assignment_bonuses(probed_assignments(dump), phases)
    for sym, bonus in assigned_bonuses(build.get("assigned_bonuses"), phases).items():
        if sym not in found:
            found[sym] = bonus
            continue
        for key in ("needs_train", "reachable", "closes"):
            if key in bonus:
                found[sym][key] = bonus[key]
    return found


COMPANY_PROBES = ("assigned_bonuses", "hex_bonuses")
"""The dump's probes answered per company (a mapping by company), asked of each build."""


def _share_company_probes(builds: dict[int, dict[str, Any]], base_count: int) -> None:
    """Give each build the probes' answers for companies its own game left out (a random
    draw removed them at setup, as 1846's does by player count): the answer of the base
    build, or else of the largest build that had the company, so that a company's
    abilities do not differ by player count only because the probe could not ask it."""
    order = [base_count, *sorted((n for n in builds if n != base_count), reverse=True)]
    for key in COMPANY_PROBES:
        found: dict[str, Any] = {}
        for n in order:
            answers = builds[n].get(key)
            if isinstance(answers, dict):
                for sym, answer in answers.items():
                    found.setdefault(str(sym), answer)
        for build in builds.values():
            answers = build.get(key)
            if not isinstance(answers, dict):
                continue
            live = {str(c.get("sym")) for c in build.get("companies") or []}
            for sym, answer in found.items():
                if sym not in live and sym not in answers:
                    answers[sym] = answer


def _section_players(converted: Converted, builds: dict[int, dict[str, Any]], section: str) -> None:
    """``players`` on each company or corporation (``section``) some builds have at setup
    and others not (1889's Uno-Takamatsu Ferry; 1812's Great Central Railway with four
    players): what a random draw may remove is in the game with every number of players."""
    drawn = {
        str(sym)
        for draw in (converted.sections.get("setup") or {}).get("draws") or []
        for sym in draw.get("remove") or []
    }
    present: dict[str, list[int]] = {}
    for n, build in sorted(builds.items()):
        syms = {str(r) for r in build.get("removals") or []} | drawn  # removed by a random draw: in the game
        if section == "companies":
            syms |= {str(c.get("sym")) for c in build.get("companies") or []}
        else:
            syms |= {str(c.get("sym")) for c in build.get("corporation_objects") or []}
            syms |= set((build.get("available_from") or {}).get("built") or [])
        for sym in syms:
            present.setdefault(sym, []).append(n)
    for sym, entry in converted.sections[section].items():
        seen = present.get(sym, [])
        if seen and len(seen) < len(builds):
            entry["players"] = seen


def _player_count_variants(
    converted: Converted, dump: dict[str, Any], builds: dict[int, dict[str, Any]], base_count: int
) -> None:
    for n, build in sorted(builds.items()):
        if n == base_count:
            continue
        try:
            other = _sections(dump, build, Gaps())
        except ValueError:
            continue
        _same_players(other, converted.sections, n)
        patch = {
            k: merge_patch(converted.sections.get(k), v)
            for k, v in other.items()
            if converted.sections.get(k) != v
        }
        bank = build.get("bank_total")
        if (
            isinstance(bank, int)
            and bank != converted.sections["bank"]["cash"]
            and not build.get("bank_unlimited")
        ):
            patch["bank"] = {"cash": bank}
        if patch:
            key = f"players_{n}"
            converted.variants.append(
                Variant(
                    key,
                    {
                        "name": f"{n} players",
                        "description": f"What differs in a {n}-player game.",
                        "overlay": f"variants/{n}-players.yaml",
                        "players": [n],
                        "automatic": True,
                    },
                    patch,
                )
            )


def _optional_rules(converted: Converted, dump: dict[str, Any], builds: dict[int, dict[str, Any]]) -> None:
    rules = {str(r.get("sym")): r for r in dump["meta"].get("optional_rules") or []}
    for sym, build in (dump.get("rule_builds") or {}).items():
        rule = rules.get(sym, {})
        name = str(rule.get("short_name") or sym)
        if not _good(build):
            converted.gaps.add("variants", f"{sym} ({name}): cannot be built alone ({build.get('_error')})")
            continue
        n = int(build.get("built_players") or max(builds))
        theirs = converted.sections
        if n != max(builds):
            converted.gaps.add(
                "variants", f"{sym} ({name}): read from a {n}-player game, given for every count"
            )
        try:
            mine = _sections(dump, build, Gaps())
        except ValueError as exc:
            converted.gaps.add("variants", f"{sym} ({name}): {exc}")
            continue
        _same_players(mine, converted.sections)
        patch = {k: merge_patch(theirs.get(k), v) for k, v in mine.items() if theirs.get(k) != v}
        if "setup" in theirs and "setup" not in mine:
            patch["setup"] = None  # the rule's games are set up without drawing
        entry: dict[str, Any] = {"name": name}
        if rule.get("desc"):
            entry["description"] = str(rule["desc"])
        entry["overlay"] = f"variants/{sym.replace('_', '-')}.yaml"
        if isinstance(rule.get("players"), list) and rule["players"]:
            entry["players"] = [int(p) for p in rule["players"]]
        if not patch:
            converted.gaps.add(
                "variants", f"{sym} ({name}): changes no data; what it does is the title's code"
            )
        if any(isinstance(m, dict) and "merges_into" in m for m in (patch.get("minors") or {}).values()):
            converted.gaps.add("variants", f"{sym} ({name}): its minors merge when the title's code says")
        converted.variants.append(Variant(sym, entry, patch))
