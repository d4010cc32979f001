"""The step library is its classes: each step is written once, in its class, and
everything else — the title layer's step names and round kinds, the catalogue
(``framework/data/steps.yaml``), the reference page, the legal choices, the round state a
round keeps — is made from the classes or checked against them here."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from framework.engine.game import Game
from framework.engine.merger_round import MergerRound
from framework.engine.round_kinds import AuctionRound, OperatingRound, StockRound
from framework.engine.rounds import Round
from framework.engine.steps import STEP_TYPES, RoundState, Step
from framework.engine.steps.base import WaitingStep
from framework.engine.steps.catalogue import catalogue_text
from framework.title.loader import load_title
from framework.title.rounds import StepName
from framework.title.step_library import CATALOGUE_FILE, STEP_LIBRARY, STEP_ROUNDS, STEPS

ROOT = Path(__file__).resolve().parents[1]
STEPS_DIR = ROOT / "framework" / "engine" / "steps"
KINDS = (AuctionRound, StockRound, OperatingRound, MergerRound)


def test_the_catalogue_is_what_the_classes_give():
    assert CATALOGUE_FILE.read_text(encoding="utf-8") == catalogue_text(), (
        "framework/data/steps.yaml is stale: run python -m framework.engine.steps.catalogue "
        "(then python -m framework.title.reference)"
    )


def test_the_title_layer_knows_the_steps_of_the_registry():
    assert list(STEP_LIBRARY) == sorted(STEP_TYPES)
    assert typing.get_args(StepName) == tuple(sorted(STEP_TYPES))
    for name, cls in STEP_TYPES.items():
        assert STEPS[name] == cls.description
        assert STEP_ROUNDS[name] == set(cls.rounds)
        assert STEP_LIBRARY[name].cls == f"{cls.__module__}.{cls.__qualname__}"


def test_every_module_with_a_step_is_part_of_the_library():
    """A new step is one module: the library's ``__init__`` imports it (else its class
    would never be registered)."""
    tree = ast.parse((STEPS_DIR / "__init__.py").read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "framework.engine.steps"
        for alias in node.names
    }
    with_steps = {p.stem for p in STEPS_DIR.glob("*.py") if "@step(" in p.read_text(encoding="utf-8")}
    assert with_steps - {"base"} <= imported


@pytest.mark.parametrize("name", sorted(STEP_TYPES))
def test_every_step_says_what_it_does_and_where(name):
    cls = STEP_TYPES[name]
    assert cls.name == name
    assert cls.description.strip(), f"{cls.__name__} needs a description"
    assert cls.rounds and set(cls.rounds) <= {kind.kind for kind in KINDS}


@pytest.mark.parametrize("name", sorted(STEP_TYPES))
def test_a_step_lists_choices_only_of_what_it_takes(name):
    cls = STEP_TYPES[name]
    listed = [n.removeprefix("choices_") for n in dir(cls) if n.startswith("choices_")]
    assert [kind for kind in listed if not hasattr(cls, f"process_{kind}")] == []


def _declarations() -> list[tuple[str, RoundState]]:
    owners: list[type] = [*STEP_TYPES.values(), *KINDS]
    return [(owner.__name__, field) for owner in owners for field in owner.ROUND_STATE]


def test_round_state_declared_twice_is_one_declaration():
    """Steps that share a piece of round state name one declaration, and none hides an
    attribute of a round."""
    by_name: dict[str, RoundState] = {}
    for owner, field in _declarations():
        assert by_name.setdefault(field.name, field) == field, (owner, field.name)
        assert field.doc.strip(), (owner, field.name)
        for kind in KINDS:
            assert not hasattr(kind, field.name), (owner, field.name, kind.__name__)


ROUND_ATTRIBUTES = {"game", "name", "entities", "index", "steps", "declared", "kind"} | {
    name for kind in KINDS for name in dir(kind)
}


def _round_attributes_used(node: ast.AST) -> set[str]:
    """Attributes of the round used in ``node``: ``self.round.x``, ``game.round.x`` and
    ``rnd.x``."""
    found = set()
    for child in ast.walk(node):
        if not isinstance(child, ast.Attribute):
            continue
        value = child.value
        if (isinstance(value, ast.Attribute) and value.attr == "round") or (
            isinstance(value, ast.Name) and value.id == "rnd"
        ):
            found.add(child.attr)
    return found


@pytest.mark.parametrize("path", sorted(STEPS_DIR.glob("*.py")), ids=lambda p: p.name)
def test_the_round_state_a_step_uses_is_declared(path):
    """Every attribute a step's code uses on its round is the round's own or round
    state the step declares (module functions: one of the module's steps declares it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = f"framework.engine.steps.{path.stem}"
    classes = {
        cls.__name__: cls for cls in vars(__import__(module, fromlist=["_"])).values() if _is_step(cls)
    }
    in_module = {f.name for cls in classes.values() for f in cls.ROUND_STATE}
    undeclared = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in classes:
            declared = {f.name for f in classes[node.name].ROUND_STATE}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared = in_module
        else:
            continue
        undeclared += [
            f"{node.name}: round.{attr}"
            for attr in sorted(_round_attributes_used(node))
            if attr not in ROUND_ATTRIBUTES and attr not in declared
        ]
    assert undeclared == []


def _is_step(value) -> bool:
    return isinstance(value, type) and issubclass(value, Step)


@pytest.mark.parametrize("name", sorted(n for n, c in STEP_TYPES.items() if issubclass(c, WaitingStep)))
def test_what_a_waiting_step_waits_for_is_declared(name):
    cls = STEP_TYPES[name]
    assert cls.waits_for in {f.name for f in cls.ROUND_STATE}


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(load_title(ROOT / "titles" / "1830"), [(1, "Ann"), (2, "Bo"), (3, "Cy")], seed=1)


def test_a_round_makes_the_state_its_steps_declare(game):
    rnd = OperatingRound(game, "operating")
    wanted = {f.name: f for owner in (rnd, *rnd.steps) for f in owner.ROUND_STATE}
    assert set(rnd.declared) == set(wanted)
    assert {"revenue", "laid", "token_placed", "teleported", "pending_home", "sold_company"} <= set(wanted)
    for name, field in wanted.items():
        assert getattr(rnd, name) == field.default
    stock = StockRound(game, "stock")
    assert stock.sold == {} and stock.bought == [] and stock.last_buyer is None
    assert StockRound(game, "stock").sold is not stock.sold  # a fresh mapping for every round


def test_per_turn_state_is_made_anew_and_the_rest_kept(game):
    rnd = StockRound(game, "stock")
    rnd.bought.append("PRR")
    rnd.parred = True
    rnd.sold["1"] = ["B&O"]
    rnd.reset_turn_state()
    assert rnd.bought == [] and rnd.parred is False
    assert rnd.sold == {"1": ["B&O"]}


def test_round_state_is_saved_and_a_save_without_it_loads(game):
    rnd = OperatingRound(game, "operating")
    rnd.laid, rnd.pending_home = 1, "ERIE"
    saved = rnd.to_dict()
    assert saved["laid"] == 1 and saved["pending_home"] == "ERIE" and saved["revenue"] == 0
    again = OperatingRound(game, "operating")
    again.load(saved)
    assert again.to_dict() == saved
    older = {k: v for k, v in saved.items() if k != "teleported"}  # saved before it was declared
    again.load(older)
    assert again.teleported is None and again.laid == 1


def test_round_state_declared_otherwise_or_hiding_the_round_is_refused(game):
    class Redeclares(OperatingRound):
        ROUND_STATE = (RoundState("laid", 1, "Lays, counted from one."),)

    class Hides(OperatingRound):
        ROUND_STATE = (RoundState("finish", None, "Shadows a method."),)

    with pytest.raises(TypeError, match="laid"):
        Redeclares(game, "operating")
    with pytest.raises(TypeError, match="finish"):
        Hides(game, "operating")


def test_every_round_lists_its_choices_by_one_method():
    """The legal choices are the round's (:meth:`Round.choices`): the library's kinds use
    the base's, which asks the steps; a round of a title's own overrides it."""
    assert all(kind.choices is Round.choices for kind in KINDS)
