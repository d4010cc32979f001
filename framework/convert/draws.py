"""The draws of a random setup that removes companies and corporations by groups, found
from what built games did.

18xx.games' titles remove some of each group of companies or corporations in their own
code (1846: three groups, more removed the fewer the players), and may shuffle a deck a
draft deals from before that. ``dump.rb`` records, for games built from a known seed at
each player count, what was removed, the deck, which methods drew numbers and the
generator's state after the setup. The groups are among the title's constants that list
companies or corporations; this module tries them in every order until the draws
``framework.engine.setup`` would make give exactly what every built game did — the same
removals, the same deck, the same generator state — and writes those draws. When no
order does, nothing is written and the gap stays named.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from framework.engine.setup import Lcg, shuffled

MULTIPLIER, INCREMENT, MODULUS = 1103515245, 12345, 2**31


FOREIGN = "_foreign"
"""Marks a group of names the title does not have (:func:`group_draws`)."""


def group_draws(
    constants: dict[str, Any],
    companies: list[dict[str, Any]],
    corporations: list[dict[str, Any]],
    probes: dict[int, dict[str, Any]],
) -> tuple[list[dict[str, Any]], dict[int, list[str]]] | None:
    """The draws (a ``shuffle: draft`` first when the games deal from a deck, then a
    ``remove`` for each group) and the deck's blank cards by player count, or ``None``
    when the probed games show no such setup or no order of groups gives them.

    A group may be drawn with some numbers of players only (the draw's ``players``:
    18 Los Angeles 2 removes corporations in its two-player game alone); a ``*_GROUP``
    constant naming nothing of the title (18 Los Angeles 2 keeps 1846's company groups) is
    still shuffled, nothing removed: its draws are written ``unused``."""
    probes = {n: p for n, p in probes.items() if isinstance(p, dict) and isinstance(p.get("removals"), list)}
    if not probes or not any(p["removals"] or p.get("deck") for p in probes.values()):
        return None
    syms = {str(c.get("name")): str(c.get("sym")) for c in companies + corporations}
    syms.update({str(c.get("sym")): str(c.get("sym")) for c in companies + corporations})
    groups: list[list[str]] = []
    for name, value in ((k, v.get("value")) for k, v in constants.items() if isinstance(v, dict)):
        if not isinstance(value, list) or len(value) < 2 or not all(isinstance(x, str) for x in value):
            continue
        if all(x in syms for x in value):
            members = [syms[x] for x in value]
        elif name.endswith("_GROUP") and not any(x in syms for x in value):
            members = [FOREIGN, *value]
        else:
            continue
        if members not in groups:
            groups.append(members)
    data_companies = [str(c.get("sym")) for c in companies]
    data_order = data_companies + [str(c.get("sym")) for c in corporations]
    for size in range(len(groups) + 1):
        for order in permutations(groups, size):
            found = _try(order, probes, data_companies, data_order)
            if found is not None:
                return found
    return None


def _try(
    order: tuple[list[str], ...],
    probes: dict[int, dict[str, Any]],
    data_companies: list[str],
    data_order: list[str],
) -> tuple[list[dict[str, Any]], dict[int, list[str]]] | None:
    """The draws and blank cards if removing from the groups in ``order`` — all of them,
    or with some numbers of players some of them — gives what every probed game did (its
    removals in order: group by group, each group's in the title's order), else ``None``."""
    counts: list[dict[int, int]] = [{} for _ in order]
    blanks: dict[int, list[str]] = {}
    shuffles = False
    for n, probe in probes.items():
        present = set(probe.get("built_companies") or []) | set(probe["removals"])
        members = [
            group[1:]
            if group[0] == FOREIGN
            else [m for m in group if m in present or m not in data_companies]
            for group in order
        ]
        notes = probe.get("draws") or []
        deck = probe.get("deck") or {}
        cards = [str(c["sym"]) for c in deck.get("cards") or []]
        if not (isinstance(deck.get("shown"), int) and deck["shown"] < len(cards)):
            cards = []  # every card shown: an open draft, dealt from no shuffled deck
        removed_companies = [r for r in probe["removals"] if r in data_companies]
        in_deck = len(cards) + len(removed_companies) if cards else 0
        for drawn in _drawn_groups(members, len(notes) - in_deck, probe["removals"]):
            found = _replay(probe, members, drawn, cards, data_companies, data_order, present)
            if found is not None:
                break
        else:
            return None
        gone_by_group, dealt_blank = found
        if cards:
            shuffles = True
            blanks[n] = dealt_blank
        for i, gone in gone_by_group.items():
            counts[i][n] = gone
    draws: list[dict[str, Any]] = [{"shuffle": "draft"}] if shuffles else []
    for group, by_players in zip(order, counts, strict=True):
        if not by_players:
            return None  # a group no game draws
        limited = {"players": sorted(by_players)} if len(by_players) < len(probes) else {}
        if group[0] == FOREIGN:
            if any(by_players.values()):
                return None
            text = f"18xx.games shuffles a group of {len(group) - 1} names this title does not have"
            draws.extend({"unused": text, **limited} for _ in group[1:])
            continue
        values = set(by_players.values())
        draws.append({"remove": group, "count": values.pop() if len(values) == 1 else by_players, **limited})
    return draws, blanks


def _drawn_groups(members: list[list[str]], draws: int, removals: list[str]) -> list[tuple[int, ...]]:
    """The groups (their indices, in order) a game may have shuffled with ``draws``
    numbers drawn: every group whose members were removed, and others to make up the
    count; all of them first."""
    needed = {i for i, group in enumerate(members) if any(m in removals for m in group)}
    every = tuple(range(len(members)))
    out = [every] if sum(len(g) for g in members) == draws else []
    for mask in range(2 ** len(members) - 1, -1, -1):
        chosen = tuple(i for i in every if mask >> i & 1)
        if chosen != every and needed <= set(chosen) and sum(len(members[i]) for i in chosen) == draws:
            out.append(chosen)
    return out


def _replay(
    probe: dict[str, Any],
    members: list[list[str]],
    drawn: tuple[int, ...],
    cards: list[str],
    data_companies: list[str],
    data_order: list[str],
    present: set[str],
) -> tuple[dict[int, int], list[str]] | None:
    """How many of each drawn group a game removed, and its deck's blank cards, if
    shuffling the deck and then the ``drawn`` groups from the probe's seed gives its
    removals, its deck and its generator's state; else ``None``."""
    rng = Lcg(MULTIPLIER, INCREMENT, MODULUS, int(probe.get("seed") or 0))
    blank: list[str] = []
    dealt: list[str] = []
    if cards:
        blank = [c for c in probe.get("built_companies") or [] if c not in data_companies]
        dealt = shuffled(rng, [c for c in data_companies if c in present] + blank)
    removed: list[str] = []
    gone_by_group: dict[int, int] = {}
    for i in drawn:
        group = members[i]
        gone = {m for m in group if m in probe["removals"]}
        if set(shuffled(rng, group)[: len(gone)]) != gone:
            return None
        gone_by_group[i] = len(gone)
        removed += sorted(gone, key=data_order.index)
    if removed != probe["removals"] or rng.state != probe.get("rand_state"):
        return None
    if cards and [c for c in dealt if c not in removed] != cards:
        return None
    return gone_by_group, blank


def choice_group_draws(
    constants: dict[str, Any], data_companies: list[str], probes: dict[int, dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]] | None:
    """The draws of a setup that keeps some of each group of companies without noting
    its removals (18xx.games' 1868 Wyoming: of each list of a constant mapping companies
    to lists, two of three leave the game, drawn between the title's other draws), and
    the companies every built game leaves out besides (the mapping's keys): ``None``
    when the built games show no such setup, or no order of the groups gives exactly
    what they did and the generator's state after. The other methods' draws before and
    after the groups' become ``unused`` draws."""
    usable = {
        n: p
        for n, p in probes.items()
        if isinstance(p, dict) and isinstance(p.get("built_companies"), list) and not p.get("removals")
    }
    if not usable:
        return None
    missing = {n: [c for c in data_companies if c not in p["built_companies"]] for n, p in usable.items()}
    if not any(missing.values()):
        return None
    groups: list[list[str]] = []
    for entry in constants.values():
        value = entry.get("value") if isinstance(entry, dict) else None
        lists = value.values() if isinstance(value, dict) else []
        for these in lists:
            if isinstance(these, list) and len(these) > 1 and all(c in data_companies for c in these):
                groups.append([str(c) for c in these])
    grouped = {c for g in groups for c in g}
    fixed = [c for c in data_companies if c not in grouped and all(c in m for m in missing.values())]
    if not groups:
        return None
    found: list[dict[str, Any]] | None = None
    for n, probe in usable.items():
        draws = _choice_draws(groups, set(missing[n]) - set(fixed), probe)
        if draws is None or (found is not None and draws != found):
            return None
        found = draws
    return (found, fixed) if found is not None else None


def _choice_draws(
    groups: list[list[str]], gone: set[str], probe: dict[str, Any]
) -> list[dict[str, Any]] | None:
    """The draws, if the groups' draws, in the order given, made where one method drew as
    many numbers in a row as the groups have members, give ``gone`` and the generator's
    state of ``probe``."""
    notes = [str(n) for n in probe.get("draws") or []]
    total = sum(len(g) for g in groups)
    for start in range(len(notes) - total + 1):
        run = notes[start : start + total]
        if len(set(run)) != 1:
            continue
        rng = Lcg(MULTIPLIER, INCREMENT, MODULUS, int(probe.get("seed") or 0))
        for _ in range(start):
            rng.draw()
        draws: list[dict[str, Any]] = [{"unused": m} for m in notes[:start]]
        removed: set[str] = set()
        for group in groups:
            count = len(gone & set(group))
            removed |= set(shuffled(rng, group)[:count])
            draws.append({"remove": group, "count": count})
        for _ in notes[start + total :]:
            rng.draw()
        draws += [{"unused": m} for m in notes[start + total :]]
        if removed == gone and rng.state == probe.get("rand_state"):
            return draws
    return None


def removal_draws(
    data_companies: list[str], unoffered: set[str], probes: dict[int, dict[str, Any]]
) -> list[dict[str, Any]] | None:
    """The draw of a setup that removes some of the companies at random, drawing once for
    each (18xx.games' ``sort_by { rand }.take(n)``: 1867's two-player game removes two of
    its five, 1812 keeps four to eight of twelve), with the numbers of players it is made
    with; ``None`` when the built games show no such setup. The companies drawn among are
    all of them, or all those the auction offers (1867 hides its company 3), whichever
    gives exactly what every built game did and the generator's state after."""
    usable = {
        n: p for n, p in probes.items() if isinstance(p, dict) and isinstance(p.get("built_companies"), list)
    }
    if not usable or any(p.get("removals") for p in usable.values()):
        return None
    candidates = [[c for c in data_companies if c not in unoffered], list(data_companies)]
    for group in candidates if unoffered else candidates[1:]:
        counts: dict[int, int] = {}
        for n, probe in sorted(usable.items()):
            gone = {c for c in group if c not in probe["built_companies"]}
            notes = probe.get("draws") or []
            if not gone:
                if notes:
                    break
                continue
            rng = Lcg(MULTIPLIER, INCREMENT, MODULUS, int(probe.get("seed") or 0))
            if len(notes) != len(group) or set(shuffled(rng, group)[: len(gone)]) != gone:
                break
            if rng.state != probe.get("rand_state"):
                break
            counts[n] = len(gone)
        else:
            if not counts:
                return None
            values = set(counts.values())
            draw: dict[str, Any] = {"remove": group, "count": values.pop() if len(values) == 1 else counts}
            if len(counts) < len(usable):
                draw["players"] = sorted(counts)
            return [draw]
    return None
