"""What counts in a corporation's buying power beyond its cash, from the dump's probes of
a title's own train-buying and track steps (``buying_power``: ``rules.trains.buying_power``
and ``rules.track.buying_power``; ``emergency_issue``: ``rules.trains.emergency.issue``)."""

from __future__ import annotations

from typing import Any

from framework.convert.gaps import Gaps


def convert_buying_power(build: dict[str, Any], rules: dict[str, Any]) -> None:
    """``rules.trains.buying_power`` and ``rules.track.buying_power`` from the
    ``buying_power`` probe of the title's own train and track steps."""
    found = build.get("buying_power")
    if not isinstance(found, dict):
        return
    for kind, section in (("train", "trains"), ("track", "track")):
        power = found.get(kind)
        if not isinstance(power, dict):
            continue
        out: dict[str, Any] = {}
        counts = power.get("minor_cash")
        if isinstance(counts, list) and counts and all(isinstance(n, int) for n in counts):
            out["minor_cash"] = counts
        if out:
            rules.setdefault(section, {})["buying_power"] = out


def convert_emergency_probes(build: dict[str, Any], rules: dict[str, Any]) -> None:
    """``rules.trains.emergency.sell_closing_buyer`` false where the ``sells_closing_buyer``
    probe found the train step refusing a sale that would close the buying corporation;
    ``help_only_below_cheapest`` where the ``help_below_cheapest`` probe found the
    president paying only while the corporation cannot pay for the cheapest depot train."""
    if build.get("sells_closing_buyer") is False:
        rules.setdefault("trains", {}).setdefault("emergency", {})["sell_closing_buyer"] = False
    if build.get("help_below_cheapest") is True:
        rules.setdefault("trains", {}).setdefault("emergency", {})["help_only_below_cheapest"] = True


def convert_emergency_issue(build: dict[str, Any], rules: dict[str, Any], gaps: Gaps) -> None:
    """``rules.trains.emergency.issue`` from the ``emergency_issue`` probe (a title with
    ``MUST_EMERGENCY_ISSUE_BEFORE_EBUY`` whose issues and their price moves it could read),
    and the constant's gap dropped."""
    found = build.get("emergency_issue")
    if not isinstance(found, dict):
        return
    steps, needed, moves = found.get("price_steps"), found.get("only_needed"), found.get("moves_left")
    if not (isinstance(steps, int) and isinstance(needed, bool) and isinstance(moves, bool)):
        return
    emergency = rules.setdefault("trains", {}).setdefault("emergency", {})
    emergency["issue"] = {"price_steps": steps, "moves_left": moves, "only_needed": needed}
    if found.get("no_companies_without_train") is True:
        emergency["issue"]["no_companies_without_train"] = True
    gaps.drop("rules", "MUST_EMERGENCY_ISSUE_BEFORE_EBUY: emergency money the format does not raise")
