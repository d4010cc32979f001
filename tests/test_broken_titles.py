"""Broken titles: every problem is reported at its file, line and column.

Each case copies the tiny test title (``tests/titles/tiny``) to a temporary
folder, breaks it with one text edit (and, for some cases, an extra file such
as ``hooks.py`` or a house-rules overlay), loads it and compares *all* the
problems reported, in order, with the expected ``(file, line, col, message)``.

Files are shown as the loader prints them, relative to the working directory:
the tests run in the temporary folder, so the title's files are
``tiny/map.yaml`` and so on, and an overlay beside it is ``house.yaml``.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from framework.base.problems import ProblemsError
from framework.cli.main import app
from framework.title.loader import load_title, read_tree
from framework.title.model import SECTIONS

TINY = Path(__file__).parent / "titles" / "tiny"

TITLE = os.path.join("tiny", "title.yaml")
MAP = os.path.join("tiny", "map.yaml")
TRAINS = os.path.join("tiny", "trains.yaml")
COMPANIES = os.path.join("tiny", "companies.yaml")
BIG_BANK = os.path.join("tiny", "variants", "big-bank.yaml")
HOUSE = "house.yaml"

Found = tuple[str | None, int | None, int | None, str]
"""A problem as compared here: file, line, column, message."""

HOOK = "events: [close_companies, {hook: celebrate}]"
"""A train event naming the hook ``celebrate`` (replaces ``events: [close_companies]``)."""

HOOKS_WITHOUT_CELEBRATE = '''\
raise SystemExit("hooks.py was executed; checking a title must only read it")


def close_tolls(game):
    """Another hook, not the one the title names."""
'''

HOOKS_WITH_CELEBRATE = (
    HOOKS_WITHOUT_CELEBRATE
    + '''

def celebrate(game, train):
    """The hook the title names."""
'''
)


def at(file: str, line: int, col: int, message: str) -> Found:
    return (file, line, col, message)


def nowhere(message: str) -> Found:
    """A problem without a position (it does not come from a file)."""
    return (None, None, None, message)


@dataclass(frozen=True)
class Case:
    file: str | None
    """The file of the tiny title to edit (relative to its folder), or None."""
    old: str
    new: str
    expected: list[Found]
    extra: dict[str, str] = field(default_factory=dict)
    """Files to add, relative to the temporary folder (the title is ``tiny/``)."""
    rules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()


def case(
    id: str,
    file: str | None,
    old: str,
    new: str,
    *expected: Found,
    extra: dict[str, str] | None = None,
    rules: tuple[str, ...] = (),
    variants: tuple[str, ...] = (),
):
    return pytest.param(Case(file, old, new, list(expected), extra or {}, rules, variants), id=id)


def overlay(id: str, text: str, *expected: Found):
    """A case that applies ``text`` as the house-rules overlay ``house.yaml``."""
    return case(
        id,
        None,
        "",
        "",
        *expected,
        extra={HOUSE: "# house rules\n" + text},
        rules=(HOUSE,),
    )


CASES = [
    # --- YAML itself ------------------------------------------------------
    case(
        "yaml-tab-indent",
        "title.yaml",
        "  cash: 4000\n",
        "\tcash: 4000\n",
        at(
            TITLE,
            19,
            1,
            "YAML syntax error: while scanning for the next token, "
            "found character '\\t' that cannot start any token",
        ),
    ),
    case(
        "yaml-unclosed-bracket",
        "trains.yaml",
        "    - [50, 60p, 70, 80]",
        "    - [50, 60p, 70, 80",
        at(
            TRAINS,
            11,
            7,
            "YAML syntax error in the list that starts here: "
            "expected ',' or ']', but got ':' at line 13, column 7",
        ),
    ),
    case(
        "yaml-unclosed-quote",
        "companies.yaml",
        "    name: Red Railway",
        '    name: "Red Railway',
        at(
            COMPANIES,
            21,
            11,
            "YAML syntax error in the quoted text that starts here: "
            "found unexpected end of stream at line 47, column 1",
        ),
    ),
    case(
        "yaml-duplicate-key",
        "companies.yaml",
        "    value: 40\n",
        "    value: 40\n    value: 45\n",
        at(COMPANIES, 15, 5, "duplicate key 'value' (first given at line 14)"),
    ),
    case(
        "yaml-python-tag",
        "title.yaml",
        "  cash: 4000",
        "  cash: !!python/object:os.system 4000",
        at(TITLE, 19, 9, "unsupported YAML tag '!!python/object:os.system'"),
    ),
    case(
        "yaml-include-tag",
        "title.yaml",
        "  cash: 4000",
        "  cash: !include cash.yaml",
        at(TITLE, 19, 9, "unsupported YAML tag '!include'"),
    ),
    case(
        "yaml-undefined-alias",
        "companies.yaml",
        "    color: red",
        "    color: *red",
        at(COMPANIES, 24, 12, "YAML syntax error: found undefined alias 'red'"),
    ),
    case(
        "yaml-alias-cycle",
        "companies.yaml",
        "    tokens: [0, 40]\n",
        "    tokens: &t [0, 40, *t]\n",
        at(COMPANIES, 23, 13, "this list or mapping contains an alias to itself"),
    ),
    case(
        "yaml-two-documents",
        "trains.yaml",
        "phases:",
        "---\nphases:",
        at(
            TRAINS,
            13,
            1,
            "YAML syntax error: expected a single document in the stream, but found another document",
        ),
    ),
    # --- files and sections -----------------------------------------------
    case(
        "include-missing-file",
        "title.yaml",
        "  - companies.yaml",
        "  - company.yaml",
        at(TITLE, 14, 3, "file 'company.yaml' not found in tiny"),
    ),
    case(
        "include-escapes-folder",
        "title.yaml",
        "  - companies.yaml",
        "  - ../companies.yaml",
        at(TITLE, 14, 3, "'../companies.yaml' is outside the title's folder"),
    ),
    case(
        "include-not-a-list",
        "title.yaml",
        "include:\n  - map.yaml\n  - trains.yaml\n  - companies.yaml\n",
        "include: map.yaml, trains.yaml, companies.yaml\n",
        at(TITLE, 13, 10, "'include' lists file names"),
    ),
    case(
        "include-in-an-included-file",
        "trains.yaml",
        "market:",
        "include: [map.yaml]\n\nmarket:",
        at(TRAINS, 5, 1, "'include' belongs in title.yaml only"),
    ),
    case(
        "section-in-two-files",
        "companies.yaml",
        "bonuses:",
        "market:\n  grid: [[100p]]\n\nbonuses:",
        at(COMPANIES, 40, 1, f"section 'market' is already given in {TRAINS}:5:1"),
    ),
    case(
        "unknown-section",
        "companies.yaml",
        "minors:",
        "minor:",
        at(COMPANIES, 32, 1, "unknown section 'minor'; did you mean 'minors'?"),
    ),
    case(
        "unknown-section-hides-a-required-one",
        "companies.yaml",
        "corporations:",
        "corporation:",
        at(COMPANIES, 19, 1, "unknown section 'corporation'; did you mean 'corporations'?"),
        at(TITLE, 1, 1, "missing required section 'corporations'"),
    ),
    # --- schema: keys, types, enums, ranges ---------------------------------
    case(
        "unknown-key-with-suggestion",
        "map.yaml",
        "      name: Middleton",
        "      nmae: Middleton",
        at(MAP, 23, 7, "unknown key 'nmae'; did you mean 'name'?"),
    ),
    case(
        "misspelt-required-key",
        "companies.yaml",
        "    value: 20",
        "    valeu: 20",
        at(COMPANIES, 6, 3, "missing required key 'value'"),
        at(COMPANIES, 8, 5, "unknown key 'valeu'; did you mean 'value'?"),
    ),
    case(
        "missing-required-key",
        "companies.yaml",
        "    name: Mountain Crew\n",
        "",
        at(COMPANIES, 12, 3, "missing required key 'name'"),
    ),
    case(
        "text-for-a-number",
        "trains.yaml",
        "price: 180",
        "price: lots",
        at(TRAINS, 20, 27, "expected a whole number, got 'lots'"),
    ),
    case(
        "text-for-a-count",
        "map.yaml",
        "    count: 3\n",
        "    count: lots\n",
        at(MAP, 44, 12, "expected a whole number or 'unlimited', got 'lots'"),
    ),
    case(
        "nothing-for-a-number",
        "title.yaml",
        "  cash: 4000",
        "  cash:",
        at(TITLE, 19, 3, "expected a whole number, got nothing (null)"),
    ),
    case(
        "list-for-a-mapping",
        "title.yaml",
        "  starting_cash: {2: 600, 3: 400, 4: 300}",
        "  starting_cash: [600, 400, 300]",
        at(TITLE, 20, 18, "expected a mapping, got a list"),
    ),
    case(
        "text-for-a-player-count-key",
        "title.yaml",
        "{2: 600, 3: 400, 4: 300}",
        "{two: 600, 3: 400, 4: 300}",
        at(TITLE, 20, 19, "expected a whole number, got 'two'"),
    ),
    case(
        "bad-enum-value",
        "map.yaml",
        "  layout: pointy",
        "  layout: pointed",
        at(MAP, 9, 11, "unknown layout 'pointed'; did you mean 'pointy'?"),
    ),
    case(
        "bad-event-name",
        "trains.yaml",
        "events: [close_companies]",
        "events: [close_company]",
        at(
            TRAINS,
            20,
            51,
            "unknown type 'close_company'; did you mean 'close_companies'?",
        ),
    ),
    case(
        "unknown-step",
        "title.yaml",
        "steps: [buy_sell_par_shares]",
        "steps: [buy_sell_shares]",
        at(TITLE, 38, 32, "unknown step 'buy_sell_shares'; did you mean 'buy_sell_par_shares'?"),
    ),
    case(
        "hex-id-in-lower-case",
        "map.yaml",
        "    B1:\n",
        "    bb1:\n",
        at(
            MAP,
            32,
            5,
            "'bb1' is not a hex id: capital letters (or one lower-case letter) then a number, such as A2",
        ),
    ),
    case(
        "home-hex-id-in-lower-case",
        "companies.yaml",
        "    home: A4",
        "    home: aa4",
        at(
            COMPANIES,
            22,
            11,
            "'aa4' is not a hex id: capital letters (or one lower-case letter) then a number, such as A2",
        ),
    ),
    case(
        "path-edge-6",
        "map.yaml",
        "      paths: [[1, city], [0, city]]",
        "      paths: [[1, city], [6, city]]",
        at(MAP, 30, 26, "hex edge 6 does not exist: edges are numbered 0 to 5"),
    ),
    case(
        "border-edge-6",
        "map.yaml",
        "      borders: [{edge: 0, type: water, cost: 20}]",
        "      borders: [{edge: 6, type: water, cost: 20}]",
        at(MAP, 25, 24, "must be at most 5, got 6"),
    ),
    case(
        "path-with-three-ends",
        "map.yaml",
        "      paths: [[1, city], [0, city]]",
        "      paths: [[1, city, 0]]",
        at(MAP, 30, 15, "a path joins exactly two endpoints, got 3"),
    ),
    case(
        "negative-train-price",
        "trains.yaml",
        "price: 80",
        "price: -80",
        at(TRAINS, 19, 27, "must be more than 0, got -80"),
    ),
    case(
        "negative-share-price",
        "trains.yaml",
        "    - [50, 60p, 70, 80]",
        "    - [-50, 60p, 70, 80]",
        at(TRAINS, 11, 8, "a share price must be positive"),
    ),
    case(
        "negative-revenue",
        "map.yaml",
        "      cities: [{revenue: 30}]",
        "      cities: [{revenue: -30}]",
        at(MAP, 29, 26, "a revenue cannot be negative"),
    ),
    case(
        "unknown-ability-type",
        "companies.yaml",
        "type: blocks_hexes",
        "type: block_hexes",
        at(COMPANIES, 11, 9, "unknown type 'block_hexes'; did you mean 'blocks_hexes'?"),
    ),
    case(
        "players-min-above-max",
        "title.yaml",
        "{min: 2, max: 4}",
        "{min: 5, max: 4}",
        at(TITLE, 11, 12, "min (5) is more than max (4)"),
    ),
    case(
        "custom-round-without-hook",
        "title.yaml",
        "  auction: {kind: auction, steps: [waterfall_auction]}",
        "  auction: {kind: custom}",
        at(TITLE, 37, 12, "a custom round names the hook that plays it"),
    ),
    # --- semantic: tiles --------------------------------------------------
    case(
        "upgrade-to-unknown-tile",
        "map.yaml",
        "    upgrades: [16]",
        "    upgrades: [99]",
        at(MAP, 46, 16, "tile '99' is not in the manifest"),
    ),
    case(
        "upgrade-skips-a-colour",
        "map.yaml",
        "    upgrades: [15]\n  X1",
        "    upgrades: [63]\n  X1",
        at(
            MAP,
            52,
            16,
            "tile 57 (yellow) cannot be upgraded to 63 (brown): an upgrade goes one colour up",
        ),
    ),
    case(
        "upgrade-drops-track",
        "map.yaml",
        "    paths: [[0, 2], [1, 3]]",
        "    paths: [[0, 3], [1, 4]]",
        at(MAP, 46, 16, "tile 16 does not keep the track of 8 in any rotation"),
    ),
    case(
        "upgrade-changes-label",
        "map.yaml",
        "    label: T\n    cities: [{revenue: 50, slots: 2}]",
        "    label: U\n    cities: [{revenue: 50, slots: 2}]",
        at(MAP, 59, 16, "tile X2 has label 'U' but X1 has label 'T': an upgrade keeps the label"),
    ),
    case(
        "upgrade-drops-label",
        "map.yaml",
        "    upgrades: [X2]",
        "    upgrades: [15]",
        at(MAP, 59, 16, "tile 15 has no label but X1 has label 'T': an upgrade keeps the label"),
    ),
    # --- semantic: map ----------------------------------------------------
    case(
        "path-to-a-missing-city",
        "map.yaml",
        "      paths: [[1, city], [0, city]]",
        "      paths: [[1, city], [0, city1]]",
        at(MAP, 30, 26, "the path ends at 'city1', but there is only 1 city here"),
    ),
    case(
        "path-joins-a-city-to-itself",
        "map.yaml",
        "      paths: [[1, city], [0, city]]",
        "      paths: [[1, city], [city, city]]",
        at(MAP, 30, 26, "the path joins 'city' to itself"),
    ),
    case(
        "track-leaves-the-map",
        "map.yaml",
        "      paths: [{a: 4, b: offboard, terminal: true}]",
        "      paths: [{a: 1, b: offboard, terminal: true}]",
        at(MAP, 20, 15, "track leaves the map by edge 1 of A2"),
    ),
    case(
        # the new border on A6 is also unmatched on B5: both are reported
        "track-across-an-impassable-border",
        "map.yaml",
        "      icons: [E]",
        "      icons: [E]\n      borders: [{edge: 0, type: impassable}]",
        at(MAP, 30, 26, "track crosses the impassable border on edge 0 of A6"),
        at(MAP, 32, 17, "the border on edge 0 of A6 needs a matching border on edge 3 of B5"),
    ),
    case(
        "unmatched-border",
        "map.yaml",
        "      borders: [{edge: 3, type: water, cost: 20}]\n",
        "",
        at(MAP, 25, 17, "the border on edge 0 of A4 needs a matching border on edge 3 of B3"),
    ),
    case(
        "border-pair-with-different-costs",
        "map.yaml",
        "      borders: [{edge: 3, type: water, cost: 20}]",
        "      borders: [{edge: 3, type: water, cost: 30}]",
        at(
            MAP,
            25,
            17,
            "the border on edge 0 of A4 (water, 20) differs from its match on B3 (water, 30)",
        ),
        at(
            MAP,
            35,
            17,
            "the border on edge 3 of B3 (water, 30) differs from its match on A4 (water, 20)",
        ),
    ),
    case(
        "icon-not-declared",
        "map.yaml",
        "      icons: [E]",
        "      icons: [E, X]",
        at(MAP, 31, 18, "icon 'X' is not declared under map.icons"),
    ),
    case(
        "unknown-main-line",
        "map.yaml",
        "{line: ML,",
        "{line: MX,",
        at(MAP, 36, 24, "main line 'MX' does not exist; known: ML"),
    ),
    case(
        "hex-off-the-grid",
        "map.yaml",
        "      cities: [{revenue: 0}]\n\n",
        "      cities: [{revenue: 0}]\n    C3: {name: Nowhere}\n\n",
        at(
            MAP,
            40,
            5,
            "hex C3 is off the grid: its row and column do not fit the pointy layout of the other hexes",
        ),
    ),
    # --- semantic: market -------------------------------------------------
    case(
        "market-mark-of-no-zone",
        "trains.yaml",
        "    - [50, 60p, 70, 80]",
        "    - [50, 60p, 70q, 80]",
        at(TRAINS, 11, 17, "mark 'q' in cell 70q is the mark of no zone"),
    ),
    case(
        "no-par-cell",
        "trains.yaml",
        "par: true, ",
        "",
        at(TRAINS, 5, 1, "no cell of the market is a par price (a zone with par: true)"),
    ),
    case(
        "no-game-end-cell",
        "trains.yaml",
        "{mark: e, ends_game: true}",
        "{mark: e}",
        at(TITLE, 48, 17, "no cell of the market ends the game (a zone with ends_game: true)"),
    ),
    case(
        # endgame now uses p too, so the 100e cell has a mark of no zone
        "two-zones-with-one-mark",
        "trains.yaml",
        "{mark: e,",
        "{mark: p,",
        at(TRAINS, 7, 17, "another zone also uses mark 'p'"),
        at(TRAINS, 8, 21, "another zone also uses mark 'p'"),
        at(TRAINS, 10, 26, "mark 'e' in cell 100e is the mark of no zone"),
    ),
    # --- semantic: phases and trains ----------------------------------------
    case(
        "phase-on-a-missing-train",
        "trains.yaml",
        "  3: {on: 3,",
        "  3: {on: 5,",
        at(TRAINS, 15, 11, "train '5' does not exist; known: 2, 3, 4, 4E"),
    ),
    case(
        "later-phase-without-on",
        "trains.yaml",
        "  3: {on: 3, ",
        "  3: {",
        at(TRAINS, 15, 3, "phase 3 needs 'on': the train that starts it"),
    ),
    case(
        "train-rusts-on-a-missing-train",
        "trains.yaml",
        "rusts_on: 4}",
        "rusts_on: 6}",
        at(TRAINS, 19, 51, "train '6' does not exist; known: 2, 3, 4"),
    ),
    case(
        "train-available-from-a-missing-phase",
        "trains.yaml",
        "available_from: 3",
        "available_from: 7",
        at(TRAINS, 25, 21, "phase '7' does not exist; known: 2, 3, 4"),
    ),
    case(
        "train-count-zero",
        "trains.yaml",
        "count: 3,",
        "count: 0,",
        at(TRAINS, 20, 39, "a train count must be at least 1 (or unlimited)"),
    ),
    case(
        "nationalization-event-without-rules",
        "trains.yaml",
        "events: [close_companies]",
        "events: [nationalization]",
        at(TRAINS, 20, 51, "the nationalization event needs rules.nationalization"),
    ),
    # --- semantic: companies, corporations, bonuses ---------------------------
    case(
        "ability-on-a-hex-not-on-the-map",
        "companies.yaml",
        "hexes: [B3]",
        "hexes: [C3]",
        at(COMPANIES, 11, 38, "hex 'C3' is not on the map"),
    ),
    case(
        "terrain-discount-where-there-is-no-terrain",
        "companies.yaml",
        "hexes: [B1], terrain: mountain",
        "hexes: [B3], terrain: mountain",
        at(COMPANIES, 17, 42, "hex B3 has no mountain terrain"),
    ),
    case(
        "terrain-discount-everywhere-on-terrain-no-hex-has",
        "companies.yaml",
        "hexes: [B1], terrain: mountain",
        "terrain: swamp",
        at(COMPANIES, 17, 43, "no hex has swamp terrain"),
    ),
    case(
        "revenue-change-at-an-unknown-phase",
        "companies.yaml",
        "      - {type: blocks_hexes, hexes: [B3]}\n",
        "      - {type: blocks_hexes, hexes: [B3]}\n      - {type: revenue_change, phase: 9, revenue: 10}\n",
        at(COMPANIES, 12, 39, "phase '9' does not exist; known: 2, 3, 4"),
    ),
    case(
        "comes-with-an-unknown-company",
        "companies.yaml",
        "    value: 40\n",
        "    value: 40\n    comes_with: [XX]\n",
        at(COMPANIES, 15, 18, "company 'XX' does not exist; known: MC, TC"),
    ),
    case(
        "home-hex-without-a-city",
        "companies.yaml",
        "    home: A4",
        "    home: B1",
        at(COMPANIES, 22, 11, "home hex B1 has no city"),
    ),
    case(
        "home-hex-not-on-the-map",
        "companies.yaml",
        "    home: A4",
        "    home: C9",
        at(COMPANIES, 22, 11, "home hex 'C9' is not on the map"),
    ),
    case(
        "home-city-index-out-of-range",
        "companies.yaml",
        "{hex: A6, city: 0}",
        "{hex: A6, city: 1}",
        at(
            COMPANIES,
            27,
            11,
            "home city 1 of A6 does not exist: the hex has 1 city (counting from 0)",
        ),
    ),
    case(
        "shares-not-totalling-100",
        "companies.yaml",
        "[20, 20, 20, 20, 20]",
        "[20, 20, 20, 20]",
        at(COMPANIES, 30, 13, "shares of BLU add up to 80%, not 100%"),
    ),
    case(
        "minor-with-an-unknown-train",
        "companies.yaml",
        "    trains: [2]",
        "    trains: [9]",
        at(COMPANIES, 38, 14, "train '9' does not exist; known: 2, 3, 4"),
    ),
    case(
        "bonus-icon-not-declared",
        "companies.yaml",
        "icons: [W, E]",
        "icons: [W, N]",
        at(COMPANIES, 45, 16, "icon 'N' is not declared under map.icons"),
    ),
    case(
        "bonus-of-an-unknown-corporation",
        "companies.yaml",
        "    amount: 30\n",
        "    amount: 30\n    corporations: [RED, PINK]\n",
        at(COMPANIES, 47, 25, "corporation 'PINK' does not exist; known: BLU, MIN, RED"),
    ),
    # --- semantic: bank and certificate tables -----------------------------
    case(
        "no-starting-cash-for-4-players",
        "title.yaml",
        "{2: 600, 3: 400, 4: 300}",
        "{2: 600, 3: 400}",
        at(TITLE, 20, 18, "no starting cash for 4 players"),
    ),
    case(
        "no-certificate-limit-for-3-players",
        "title.yaml",
        "{2: 14, 3: 11, 4: 9}",
        "{2: 14, 4: 9}",
        at(TITLE, 23, 12, "no certificate limit for 3 players"),
    ),
    case(
        "bank-too-small",
        "title.yaml",
        "  cash: 4000",
        "  cash: 1000",
        at(TITLE, 19, 9, "the bank (1000) cannot pay 4 players 300 each"),
    ),
    # --- semantic: rounds, setup, game end ----------------------------------
    case(
        "sequence-names-an-unknown-round",
        "title.yaml",
        "  turn: [stock, operating]",
        "  turn: [stock, operations]",
        at(TITLE, 43, 17, "round 'operations' does not exist; known: auction, operating, stock"),
    ),
    case(
        "step-in-the-wrong-kind-of-round",
        "title.yaml",
        "steps: [buy_sell_par_shares]",
        "steps: [buy_sell_par_shares, buy_train]",
        at(TITLE, 38, 53, "step 'buy_train' belongs in operating rounds, not in a stock round"),
    ),
    case(
        "setup-draw-names-an-unknown-company",
        "title.yaml",
        "remove_one_of: [TC, MC]",
        "remove_one_of: [TC, XC]",
        at(TITLE, 53, 27, "'XC' is neither a company nor a corporation"),
    ),
    case(
        "setup-draw-mixes-companies-and-corporations",
        "title.yaml",
        "remove_one_of: [TC, MC]",
        "remove_one_of: [TC, RED]",
        at(TITLE, 53, 22, "a draw removes companies or corporations, not both"),
    ),
    case(
        "no-game-end-condition",
        "title.yaml",
        "  bankrupt: immediately\n  bank: end_of_set\n  stock_market: end_of_operating_round\n",
        "  bankrupt:\n",
        at(TITLE, 45, 1, "the game needs at least one end condition"),
    ),
    # --- hooks --------------------------------------------------------------
    case(
        "hook-without-hooks-py",
        "trains.yaml",
        "events: [close_companies]",
        HOOK,
        at(TRAINS, 20, 75, "hook 'celebrate' needs hooks.py in the title's folder"),
    ),
    case(
        # hooks.py raises SystemExit at import: reading it must not run it
        "hook-not-defined-in-hooks-py",
        "trains.yaml",
        "events: [close_companies]",
        HOOK,
        at(TRAINS, 20, 75, "hook 'celebrate' is not a function in hooks.py"),
        extra={"tiny/hooks.py": HOOKS_WITHOUT_CELEBRATE},
    ),
    case(
        "custom-round-hook-not-defined",
        "title.yaml",
        "  auction: {kind: auction, steps: [waterfall_auction]}",
        "  auction: {kind: custom, hook: run_auction}",
        at(TITLE, 37, 33, "hook 'run_auction' is not a function in hooks.py"),
        extra={"tiny/hooks.py": HOOKS_WITH_CELEBRATE},
    ),
    case(
        "hooks-py-is-not-python",
        "trains.yaml",
        "events: [close_companies]",
        HOOK,
        at(TRAINS, 20, 75, "hooks.py cannot be read: expected ':' (line 1)"),
        extra={"tiny/hooks.py": "def celebrate(game, train)\n    pass\n"},
    ),
    # --- variants -----------------------------------------------------------
    case(
        "variant-overlay-file-missing",
        "title.yaml",
        "overlay: variants/big-bank.yaml",
        "overlay: variants/huge-bank.yaml",
        at(TITLE, 59, 14, "file 'variants/huge-bank.yaml' not found in tiny"),
    ),
    case(
        "chosen-variant-overlay-file-missing",
        "title.yaml",
        "overlay: variants/big-bank.yaml",
        "overlay: variants/huge-bank.yaml",
        at(TITLE, 59, 14, "file 'variants/huge-bank.yaml' not found in tiny"),
        variants=("big_bank",),
    ),
    case(
        # chosen on the command line: there is no file position
        "unknown-variant-chosen",
        None,
        "",
        "",
        nowhere("unknown variant 'huge_bank'; this title has: big_bank"),
        variants=("huge_bank",),
    ),
    case(
        "error-inside-a-variant-overlay",
        "variants/big-bank.yaml",
        "cash: 6000",
        "cash: -1",
        at(BIG_BANK, 10, 9, "must be more than 0, got -1"),
        variants=("big_bank",),
    ),
    # --- house-rule overlays (load_title(..., rules=[house.yaml])) -----------
    overlay(
        "overlay-wrong-type",
        "overlay: {name: House}\nbank:\n  cash: plenty\n",
        at(HOUSE, 4, 9, "expected a whole number, got 'plenty'"),
    ),
    overlay(
        "overlay-list-for-a-mapping",
        "overlay: {name: House}\nmarket:\n  zones: [par, endgame]\n",
        at(HOUSE, 4, 10, "expected a mapping, got a list"),
    ),
    overlay(
        "overlay-removes-an-absent-entry",
        "overlay: {name: House}\ntrains:\n  5: null\ncompanies:\n  XX: null\n",
        at(HOUSE, 4, 3, "cannot remove 'trains.5': the title has no such entry"),
        at(HOUSE, 6, 3, "cannot remove 'companies.XX': the title has no such entry"),
    ),
    overlay(
        "overlay-removes-a-required-section",
        "overlay: {name: House}\nmarket: null\n",
        at(HOUSE, 3, 1, "cannot remove 'market': every title needs this section"),
    ),
    overlay(
        "overlay-header-unknown-key",
        "overlay: {name: House, descripton: Cheap trains}\nbank: {cash: 5000}\n",
        at(HOUSE, 2, 24, "unknown key 'descripton'; did you mean 'description'?"),
    ),
    overlay(
        "overlay-header-without-name",
        "overlay: {description: Cheap trains}\nbank: {cash: 5000}\n",
        at(HOUSE, 2, 1, "missing required key 'name'"),
    ),
    overlay(
        "overlay-unknown-section",
        "overlay: {name: House}\nbnak: {cash: 5000}\n",
        at(HOUSE, 3, 1, "unknown section 'bnak'; did you mean 'bank'?"),
    ),
    overlay(
        "overlay-unknown-key",
        "overlay: {name: House}\nbank: {cahs: 5000}\n",
        at(HOUSE, 3, 8, "unknown key 'cahs'; did you mean 'cash'?"),
    ),
    overlay(
        "overlay-reference-to-a-missing-train",
        "overlay: {name: House}\ntrains:\n  2: {rusts_on: 9}\n",
        at(HOUSE, 4, 17, "train '9' does not exist; known: 2, 3, 4"),
    ),
    overlay(
        "overlay-train-rusts-on-its-own-type",
        "overlay: {name: House}\ntrains:\n  3: {rusts_on: 3}\n",
        at(HOUSE, 4, 17, "train 3 rusts on its own type: the first 3 bought would rust at once"),
    ),
    overlay(
        "overlay-train-rusts-on-a-train-sold-before-it",
        "overlay: {name: House}\ntrains:\n  4: {rusts_on: 3}\n",
        at(
            HOUSE,
            4,
            17,
            "train 4 rusts on train 3, which the depot sells before it: the first 3 is bought "
            "before any 4 can be, so no 4 ever rusts",
        ),
    ),
    overlay(
        "overlay-phase-on-the-train-of-another-phase",
        "overlay: {name: House}\nphases:\n"
        "  3a: {on: 3, tiles: [yellow], train_limit: 3, operating_rounds: 2}\n",
        at(
            HOUSE,
            4,
            12,
            "phase 3a starts on train 3, as phase 3 does: the first 3 bought begins only phase 3, "
            "so phase 3a can never begin",
        ),
    ),
    overlay(
        "overlay-phase-out-of-the-depots-order",
        "overlay: {name: House}\nphases:\n"
        "  2b: {on: 2, tiles: [yellow], train_limit: 3, operating_rounds: 2}\n",
        at(
            HOUSE,
            4,
            12,
            "phase 2b starts on train 2, which the depot sells before train 4 of phase 4, listed "
            "before it: phases begin in the order they are listed, so list them in the order of their trains",
        ),
    ),
    overlay(
        "overlay-mistyped-corporation",
        "overlay: {name: House}\ncorporations:\n  RDE: {tokens: [0, 60]}\n",
        at(
            HOUSE,
            4,
            3,
            "corporation 'RDE' is not one of the title's (did you mean 'RED'?); a new corporation "
            "needs 'color' and 'name'",
        ),
    ),
    overlay(
        "overlay-mistyped-train",
        "overlay: {name: House}\ntrains:\n  7: {price: 100}\n",
        at(
            HOUSE,
            4,
            3,
            "train '7' is not one of the title's (the title has 2, 3, 4); a new train needs "
            "'count' and 'distance'",
        ),
    ),
    overlay(
        "overlay-second-certificate-limit-table",
        "overlay: {name: House}\ncertificate_limit:\n  by_corporations: {2: {2: 14, 3: 11, 4: 9}}\n",
        at(
            HOUSE,
            4,
            3,
            f"give exactly one of 'players' and 'by_corporations' (at {TITLE}:23:3, after this "
            "overlay's change)",
        ),
    ),
    case(
        "overlay-file-missing",
        None,
        "",
        "",
        at("nothere.yaml", 1, 1, "file not found"),
        rules=("nothere.yaml",),
    ),
]


@pytest.fixture
def tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the tiny title at ``tiny/`` in the (temporary) working directory."""
    shutil.copytree(TINY, tmp_path / "tiny")
    monkeypatch.chdir(tmp_path)
    return Path("tiny")


def edit(folder: Path, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``folder/file`` with ``new``."""
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def problems(folder: Path, rules=(), variants=()) -> list[Found]:
    """Every problem of loading the title, as (file, line, col, message)."""
    try:
        load_title(folder, rules=list(rules), variants=list(variants))
    except ProblemsError as exc:
        return [
            (p.mark.file, p.mark.line, p.mark.col, p.message) if p.mark else (None, None, None, p.message)
            for p in exc.problems
        ]
    return []


@pytest.mark.parametrize("broken", CASES)
def test_broken_title(tiny: Path, broken: Case) -> None:
    if broken.file is not None:
        edit(tiny, broken.file, broken.old, broken.new)
    for name, text in broken.extra.items():
        Path(name).write_text(text, encoding="utf-8")
    assert problems(tiny, broken.rules, broken.variants) == broken.expected


def test_case_ids_are_distinct() -> None:
    ids = [param.id for param in CASES]
    assert len(ids) == len(set(ids)) >= 30


# --- the tiny title itself ------------------------------------------------------


def test_tiny_title_is_valid(tiny: Path) -> None:
    assert problems(tiny) == []
    assert problems(tiny, variants=["big_bank"]) == []
    assert load_title(tiny).bank.cash == 4000
    assert load_title(tiny, variants=["big_bank"]).bank.cash == 6000


def test_tiny_title_gives_every_section() -> None:
    """Every section but ``layer``, the own layer of titles like 18Steam."""
    assert sorted(read_tree(TINY).data) == sorted(set(SECTIONS) - {"layer"})


def test_tiny_title_passes_the_cli() -> None:
    result = CliRunner().invoke(app, ["validate", str(TINY)])
    assert result.exit_code == 0, result.output
    assert "Tiny: valid" in result.output


def test_hooks_py_is_read_not_run(tiny: Path) -> None:
    """A hooks.py that would exit when imported does not stop validation."""
    edit(tiny, "trains.yaml", "events: [close_companies]", HOOK)
    (tiny / "hooks.py").write_text(HOOKS_WITH_CELEBRATE, encoding="utf-8")
    assert problems(tiny) == []


# --- several problems at once ----------------------------------------------------


def test_semantic_problems_in_several_files_are_reported_together(tiny: Path) -> None:
    edit(tiny, "trains.yaml", "rusts_on: 4}", "rusts_on: 6}")
    edit(tiny, "title.yaml", "  turn: [stock, operating]", "  turn: [stock, operations]")
    edit(tiny, "map.yaml", "    upgrades: [16]", "    upgrades: [99]")
    edit(tiny, "map.yaml", "      icons: [E]", "      icons: [E, X]")
    edit(tiny, "companies.yaml", "    home: A4", "    home: B1")
    assert problems(tiny) == [
        at(COMPANIES, 22, 11, "home hex B1 has no city"),
        at(MAP, 31, 18, "icon 'X' is not declared under map.icons"),
        at(MAP, 46, 16, "tile '99' is not in the manifest"),
        at(TITLE, 43, 17, "round 'operations' does not exist; known: auction, operating, stock"),
        at(TRAINS, 19, 51, "train '6' does not exist; known: 2, 3, 4"),
    ]


def test_schema_problems_in_several_files_are_reported_together(tiny: Path) -> None:
    edit(tiny, "trains.yaml", "price: 180", "price: lots")
    edit(tiny, "map.yaml", "  layout: pointy", "  layout: pointed")
    edit(tiny, "companies.yaml", "    color: red", "    colour: red")
    edit(tiny, "title.yaml", "{min: 2, max: 4}", "{min: 5, max: 4}")
    assert problems(tiny) == [
        at(COMPANIES, 20, 3, "missing required key 'color'"),
        at(COMPANIES, 24, 5, "unknown key 'colour'; did you mean 'color'?"),
        at(MAP, 9, 11, "unknown layout 'pointed'; did you mean 'pointy'?"),
        at(TITLE, 11, 12, "min (5) is more than max (4)"),
        at(TRAINS, 20, 27, "expected a whole number, got 'lots'"),
    ]


def test_syntax_problems_in_several_files_and_overlays_are_reported_together(
    tiny: Path,
) -> None:
    edit(tiny, "companies.yaml", "    value: 40\n", "    value: 40\n    value: 45\n")
    edit(tiny, "map.yaml", "    W: {description: The west coast.}", "    W: !wow {description: x}")
    Path("a.yaml").write_text("trains:\n  5: null\n", encoding="utf-8")
    Path("b.yaml").write_text("overlay: {name: B, note: x}\n", encoding="utf-8")
    assert problems(tiny) == [
        at(COMPANIES, 15, 5, "duplicate key 'value' (first given at line 14)"),
        at(MAP, 11, 8, "unsupported YAML tag '!wow'"),
    ]
    edit(tiny, "companies.yaml", "    value: 45\n", "")
    edit(tiny, "map.yaml", "!wow ", "")
    assert problems(tiny, rules=["a.yaml", "b.yaml"]) == [
        at("a.yaml", 2, 3, "cannot remove 'trains.5': the title has no such entry"),
        at("b.yaml", 1, 20, "unknown key 'note'; expected one of: description, name"),
    ]
