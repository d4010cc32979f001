"""The ``rules`` section of a converted title, from 18xx.games' engine constants.

Each constant below has a field of the title format; the value a title gives it (its
own, or the base game's default) is mapped, and a value the format has no word for
is named in the gaps with the nearest value written.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from framework.convert.gaps import Gaps
from framework.convert.stock import constant

SELL_MOVES = {
    "down_share": "down_per_share",
    "down_per_10": "down_per_10_percent",
    "down_block": "down_per_sale",
    "left_share": "left_per_share",
    "left_block": "left_per_sale",
    "down_block_pres": "down_per_sale_if_president",
    "left_block_pres": "left_per_sale_if_president",
    "none": "none",
}
HOME_TIMING = {
    "operate": "first_operation",
    "operating_round": "operating_round",
    "float": "float",
    "par": "par",
}
RESTRICTION = {
    "permissive": "permissive",
    "semi_restrictive": "semi_restrictive",
    "restrictive": "restrictive",
    "city_permissive": "city_permissive",
    "station_restrictive": "station_restrictive",
}
MUST_BUY = {"route": "when_route", "always": "always", "never": "never"}
POOL_DROPS = {
    "down_block": ("down", "corporation"),
    "down_share": ("down", "share"),
    "left_block": ("left", "corporation"),
}
"""18xx.games' ``POOL_SHARE_DROP``: ``rules.stock.pool_move`` and ``pool_move_per``."""
EBUY_OTHERS = {"value": "face_value", "always": "any", "never": "never"}


DEFAULT_SHARES = (20, 10, 10, 10, 10, 10, 10, 10, 10)
"""18xx.games' certificates of a corporation that names none."""

SELL_BEFORE_OPERATING = {"p_any_operate": "president", "operate": "nobody"}
"""``SELL_AFTER`` values that say who sells a corporation's shares before it operates."""


def _pick(gaps: Gaps, name: str, value: Any, table: dict[str, str], default: str) -> str:
    if str(value) in table:
        return table[str(value)]
    gaps.add("rules", f"{name} {value}: the format has no such rule (written as {default})")
    return default


def _least_lay_cost(costs: Any) -> int:
    """The least a tile lay costs by the built game's ``upgrade_cost`` (``lay_costs`` of
    ``dump.rb``): what a hex without terrain costs, when a hex with terrain costs the
    dearer of that and its terrain (0 otherwise: none, or a cost the format does not say)."""
    if not isinstance(costs, dict) or not isinstance(costs.get("plain"), int) or costs["plain"] <= 0:
        return 0
    terrain = costs.get("terrain")
    if isinstance(terrain, list) and len(terrain) == 2 and terrain[1] != max(terrain[0], costs["plain"]):
        return 0
    return int(costs["plain"])


def _lays(value: Any, gaps: Gaps) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        gaps.add("rules", f"TILE_LAYS computed in code ({value}): one lay or upgrade is written")
        return [{"lay": True, "upgrade": True}]
    lays = []
    for slot in value:
        if not isinstance(slot, dict):
            continue
        entry: dict[str, Any] = {}
        for key in ("lay", "upgrade"):
            given = slot.get(key, True)
            entry[key] = given if given == "not_if_upgraded" else given is not False
            if not isinstance(given, bool) and given != "not_if_upgraded":
                gaps.add("rules", f"TILE_LAYS slot {slot}: {key} {given} (written as {entry[key]})")
        for key in ("cost", "upgrade_cost"):
            if isinstance(slot.get(key), int) and slot[key] >= 0 and (slot[key] or key == "upgrade_cost"):
                entry[key] = slot[key]
        if slot.get("cannot_reuse_same_hex"):
            entry["same_hex"] = False
        known = ("lay", "upgrade", "cost", "upgrade_cost", "cannot_reuse_same_hex")
        extra = {k: v for k, v in slot.items() if k not in known and v not in (0, False, None)}
        if extra:
            gaps.add("rules", f"TILE_LAYS slot {slot}: {', '.join(extra)} not expressed")
        lays.append(entry)
    return lays or [{"lay": True, "upgrade": True}]


def _minor_track(track: dict[str, Any], minor_lays: Any, home_cost_first: Any, gaps: Gaps) -> None:
    """A title's minors' tile actions (``minor_lays`` of ``dump.rb``: the built game's
    ``tile_lays`` of a minor that has operated, and of one that has not) when they are not
    the corporations'; and ``home_cost_first`` on the actions of the kinds of operator
    (``minor``, ``corporation``) whose track step the built game closes while they cannot
    pay for a tile in their unbuilt home hex."""
    asked = home_cost_first if isinstance(home_cost_first, dict) else {}
    if asked.get("corporation") is True:
        for slot in track["lays"] + track.get("first_turn_lays", []):
            slot["home_cost_first"] = True
    if not isinstance(minor_lays, dict) or not isinstance(minor_lays.get("lays"), list):
        return
    lays = _lays(minor_lays["lays"], gaps)
    if asked.get("minor") is True:
        lays = [{**slot, "home_cost_first": True} for slot in lays]
    if lays != track["lays"]:
        track["minor_lays"] = lays
    first = minor_lays.get("first")
    if isinstance(first, list) and first != minor_lays["lays"]:
        gaps.add("rules", f"minors' first operating turn: tile actions {first} (written as later turns')")


def convert_rules(
    constants: dict[str, Any],
    corporations: list[dict[str, Any]],
    gaps: Gaps,
    tile_lays: Any = None,
    first_turn_lays: Any = None,
    lay_costs: Any = None,
    minor_lays: Any = None,
    home_cost_first: Any = None,
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The ``rules`` section, and what single corporations override of it (``tile_lays``:
    the tile actions the built game gives its first corporation, when the title computes
    them in code rather than in ``TILE_LAYS``; ``first_turn_lays``: those it gives a
    corporation just floated; ``minor_lays``, ``home_cost_first``: :func:`_minor_track`)."""

    def c(name: str, default: Any = None) -> Any:
        return constant(constants, name, default)

    capitalization = "incremental" if str(c("CAPITALIZATION", "full")) == "incremental" else "full"
    if str(c("CAPITALIZATION", "full")) not in ("full", "incremental"):
        gaps.add("rules", f"CAPITALIZATION {c('CAPITALIZATION')}: written as full")
    floats: Counter[int] = Counter(
        x["float_percent"] for x in corporations if isinstance(x.get("float_percent"), int)
    )
    shares = Counter(tuple(x.get("shares") or DEFAULT_SHARES) for x in corporations)
    float_percent = floats.most_common(1)[0][0] if floats else 60
    if not 0 < float_percent <= 100:
        gaps.add("rules", f"float percent {float_percent} (written as 60)")
        float_percent = 60
    common_shares = list(shares.most_common(1)[0][0]) if shares else list(DEFAULT_SHARES)
    holding: Counter[int] = Counter(
        x["max_ownership_percent"] for x in corporations if isinstance(x.get("max_ownership_percent"), int)
    )
    holding_limit = min(holding.most_common(1)[0][0], 100) if holding else 60
    explicit = {x.get("type") for x in corporations if isinstance(x.get("max_ownership_percent"), int)}
    overrides: dict[str, dict[str, Any]] = {}
    for corp in corporations:
        own: dict[str, Any] = {}
        # 18xx.games' default of 60 counts for a kind of corporation none of which sets its own
        # (1867's majors beside its minors' 100)
        most = corp.get("max_ownership_percent", None if corp.get("type") in explicit else 60)
        if holding and isinstance(most, int) and min(most, 100) != holding_limit:
            own["holding_limit"] = min(most, 100)
        if (
            isinstance(corp.get("float_percent"), int)
            and corp["float_percent"] != float_percent
            and 0 < corp["float_percent"] <= 100
        ):
            own["float_percent"] = corp["float_percent"]
        if list(corp.get("shares") or DEFAULT_SHARES) != common_shares:
            own["shares"] = list(corp.get("shares") or DEFAULT_SHARES)
        if corp.get("capitalization") in ("full", "incremental") and corp["capitalization"] != capitalization:
            own["capitalization"] = corp["capitalization"]
        if own:
            overrides[corp["sym"]] = own
    sell_after = str(c("SELL_AFTER", "first"))
    if sell_after not in ("first", "operate", "any_time", "p_any_operate"):
        gaps.add("rules", f"SELL_AFTER {sell_after}: written as after the first stock round")
    stock = {
        "order": _pick(
            gaps,
            "SELL_BUY_ORDER",
            c("SELL_BUY_ORDER"),
            {
                "sell_buy_sell": "sell_buy_sell",
                "sell_buy": "sell_buy",
                "sell_buy_or_buy_sell": "sell_buy_or_buy_sell",
            },
            "sell_buy_sell",
        ),
        "first_sales": 2 if sell_after == "first" else 1,
        "sell_unfloated": sell_after != "operate",
        "sell_before_operating": SELL_BEFORE_OPERATING.get(sell_after, "anyone"),
        "sell_in_blocks": bool(c("MUST_SELL_IN_BLOCKS", False)),
        "sell_move": _pick(
            gaps, "SELL_MOVEMENT", c("SELL_MOVEMENT", "down_share"), SELL_MOVES, "down_per_share"
        ),
        "pool_limit": min(int(c("MARKET_SHARE_LIMIT", 50)), 100)
        if isinstance(c("MARKET_SHARE_LIMIT", 50), int)
        else 50,
        "holding_limit": holding_limit,
        "sold_out_move": "up" if c("SOLD_OUT_INCREASE", True) else "none",
        "buy_after_selling": False,
        "treasury_price": "par" if capitalization == "full" else "market",
        "priority": "after_last_to_buy"
        if str(c("NEXT_SR_PLAYER_ORDER")) == "after_last_to_buy"
        else "after_last_to_act",
    }
    if str(c("NEXT_SR_PLAYER_ORDER", "after_last_to_act")) not in ("after_last_to_act", "after_last_to_buy"):
        gaps.add("rules", f"NEXT_SR_PLAYER_ORDER {c('NEXT_SR_PLAYER_ORDER')}")
    drop = str(c("POOL_SHARE_DROP", "none"))
    if drop in POOL_DROPS:
        stock["pool_move"], stock["pool_move_per"] = POOL_DROPS[drop]
    elif drop != "none":
        gaps.add("rules", f"POOL_SHARE_DROP {drop}")
    if str(c("SOLD_OUT_TOP_ROW_MOVEMENT", "none")) != "none":
        gaps.add("rules", f"SOLD_OUT_TOP_ROW_MOVEMENT {c('SOLD_OUT_TOP_ROW_MOVEMENT')}")
    if c("TURN_SELL_LIMIT") is not None:
        gaps.add("rules", f"TURN_SELL_LIMIT {c('TURN_SELL_LIMIT')}")
    if c("BUY_SHARE_FROM_OTHER_PLAYER"):
        gaps.add("rules", "BUY_SHARE_FROM_OTHER_PLAYER: players buy shares from one another")
    if c("PRESIDENT_SALES_TO_MARKET"):
        gaps.add("rules", "PRESIDENT_SALES_TO_MARKET: the president's certificate may go to the pool")
    track: dict[str, Any] = {
        "restriction": _pick(
            gaps, "TRACK_RESTRICTION", c("TRACK_RESTRICTION"), RESTRICTION, "semi_restrictive"
        ),
        "lays": _lays(tile_lays if isinstance(tile_lays, list) and tile_lays else c("TILE_LAYS"), gaps),
    }
    if isinstance(first_turn_lays, list) and first_turn_lays:
        first = _lays(first_turn_lays, gaps)
        if first != track["lays"]:
            track["first_turn_lays"] = first
    _minor_track(track, minor_lays, home_cost_first, gaps)
    least = _least_lay_cost(lay_costs)
    if least:
        for slot in track["lays"] + track.get("first_turn_lays", []) + track.get("minor_lays", []):
            slot["min_cost"] = least
    elif c("TILE_COST", 0):
        gaps.add("rules", f"TILE_COST {c('TILE_COST')}: every tile costs money")
    tokens = {
        "per_turn": 1,
        "home": _pick(
            gaps, "HOME_TOKEN_TIMING", c("HOME_TOKEN_TIMING", "operate"), HOME_TIMING, "first_operation"
        ),
        "one_per_hex": True,
    }
    if str(c("TOKEN_PLACEMENT_ON_TILE_LAY_ENTITY", "current_operator")) == "owner":
        tokens["home_choice"] = "owner"
    blocks = str(c("TILE_RESERVATION_BLOCKS_OTHERS", "never"))
    if blocks in ("always", "single_slot_cities"):
        tokens["chosen_home_blocks"] = blocks
    elif blocks != "never":
        gaps.add("rules", f"TILE_RESERVATION_BLOCKS_OTHERS {blocks} (written as never)")
    emergency = {
        "cheapest_depot_train": bool(c("EBUY_DEPOT_TRAIN_MUST_BE_CHEAPEST", True)),
        "from_others_up_to": _pick(
            gaps, "EBUY_FROM_OTHERS", c("EBUY_FROM_OTHERS", "value"), EBUY_OTHERS, "face_value"
        ),
        "president_swap": bool(c("EBUY_PRES_SWAP", True)),
        "sell_more_than_needed": bool(c("EBUY_SELL_MORE_THAN_NEEDED", False)),
    }
    for name in ("MUST_EMERGENCY_ISSUE_BEFORE_EBUY", "EBUY_OWNER_MUST_HELP", "EBUY_CAN_TAKE_PLAYER_LOAN"):
        if c(name):
            gaps.add("rules", f"{name}: emergency money the format does not raise")
    trains = {
        "must_buy": _pick(gaps, "MUST_BUY_TRAIN", c("MUST_BUY_TRAIN", "route"), MUST_BUY, "when_route"),
        "buy_from_others": bool(c("ALLOW_TRAIN_BUY_FROM_OTHERS", True)),
        "min_price_from_others": 1,
        "discards_to": "removed" if str(c("DISCARDED_TRAINS", "discard")) == "remove" else "pool",
        "emergency": emergency,
    }
    if c("DISCARDED_TRAIN_DISCOUNT", 0):
        gaps.add("rules", f"DISCARDED_TRAIN_DISCOUNT {c('DISCARDED_TRAIN_DISCOUNT')}")
    if c("ALWAYS_BUY_TRAINS_AT_FACE_VALUE"):
        gaps.add("rules", "ALWAYS_BUY_TRAINS_AT_FACE_VALUE: trains between corporations at face value only")
    if not c("ALLOW_TRAIN_BUY_FROM_OTHER_PLAYERS", True):
        gaps.add("rules", "ALLOW_TRAIN_BUY_FROM_OTHER_PLAYERS false: only from one's own corporations")
    dividends = {
        "kinds": ["payout", "withhold"],
        "withhold": ["left"],
        "payout": [{"at_least": 0, "move": ["right"]}],
        "pool_shares_pay": "corporation" if capitalization == "full" else "nobody",
    }
    rules = {
        "capitalization": capitalization,
        "float_percent": float_percent,
        "float_capital_price": "par",
        "shares": common_shares,
        "auction": {
            "min_increment": int(c("MIN_BID_INCREMENT", 5)),
            "bids_in_multiples": bool(c("MUST_BID_INCREMENT_MULTIPLE", False)),
            "only_highest_bid_committed": bool(c("ONLY_HIGHEST_BID_COMMITTED", False)),
        },
        "stock": stock,
        "track": track,
        "tokens": tokens,
        "trains": trains,
        "dividends": dividends,
        "company_sales": {"min": 0.5, "max": 2},
    }
    return rules, overrides
