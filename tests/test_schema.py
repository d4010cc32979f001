"""The published JSON Schemas: generated from the models, in sync, and usable by editors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from framework.base import yamlsource
from framework.title.schema import SCHEMA_FILES, overlay_schema, schemas, title_schema

ROOT = Path(__file__).resolve().parents[1]
SJ = ROOT / "titles" / "18SJ"
TITLE_FILES = sorted(SJ.glob("*.yaml"))
OVERLAY_FILES = sorted((SJ / "variants").glob("*.yaml"))


def test_the_committed_schemas_match_the_models():
    """Regenerate with `18xx schema` when this fails."""
    for name, text in schemas().items():
        committed = (ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert committed == text, f"schemas/{name} is out of date: run '18xx schema'"


@pytest.mark.parametrize("schema", [title_schema(), overlay_schema()], ids=["title", "overlay"])
def test_the_schemas_are_draft_07(schema):
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    Draft7Validator.check_schema(schema)
    assert "$defs" not in json.dumps(schema)


@pytest.mark.parametrize("path", TITLE_FILES, ids=lambda p: p.name)
def test_the_18SJ_files_satisfy_the_title_schema(path):
    errors = list(Draft7Validator(title_schema()).iter_errors(yamlsource.load(path).data))
    assert errors == []


@pytest.mark.parametrize("path", OVERLAY_FILES, ids=lambda p: p.name)
def test_the_18SJ_variants_satisfy_the_overlay_schema(path):
    errors = list(Draft7Validator(overlay_schema()).iter_errors(yamlsource.load(path).data))
    assert errors == []


@pytest.mark.parametrize("path", TITLE_FILES + OVERLAY_FILES, ids=lambda p: p.name)
def test_every_file_names_its_schema_for_editors(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    kind = "overlay" if path.parent.name == "variants" else "title"
    assert first.startswith("# yaml-language-server: $schema=")
    target = (path.parent / first.split("=", 1)[1]).resolve()
    assert target == (ROOT / "schemas" / SCHEMA_FILES[kind]).resolve()


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"tiles": {"5": {"color": "purple", "count": 1}}}, ["tiles", "5", "color"]),
        (
            {"trains": {"2": {"distance": 2, "price": "cheap", "count": 1}}},
            ["trains", "2", "price"],
        ),
        ({"map": {"layout": "pointy", "hexes": {"aa2": {}}}}, ["map", "hexes"]),
        ({"market": {"grid": [["82x!"]]}}, ["market", "grid", 0, 0]),
        (
            {"companies": {"X": {"name": "X", "value": 1, "revenue": 0, "abilities": [{"type": "fly"}]}}},
            ["companies", "X", "abilities", 0],
        ),
        ({"colour": 1}, []),
    ],
)
def test_the_title_schema_rejects_what_the_models_reject(data, where):
    errors = list(Draft7Validator(title_schema()).iter_errors(data))
    assert errors, "the schema accepted a broken file"
    assert where in error_paths(errors)


def error_paths(errors) -> list[list]:
    """The paths of the errors and of the errors inside their union branches."""
    paths = []
    for error in errors:
        paths.append(list(error.absolute_path))
        paths.extend(error_paths(error.context or []))
    return paths


def test_a_title_file_may_hold_any_subset_of_sections():
    assert list(Draft7Validator(title_schema()).iter_errors({"bank": {"cash": 1, "starting_cash": {}}})) == []


def test_an_overlay_may_remove_with_null_and_give_partial_entries():
    data = {
        "overlay": {"name": "x"},
        "trains": {"D": None, "4": {"rusts_on": None}},
        "bank": {"cash": 5},
    }
    assert list(Draft7Validator(overlay_schema()).iter_errors(data)) == []


# -- a title's own schema: 18Steam's layer ------------------------------------------------

STEAM = ROOT / "titles" / "18Steam"


def _steam_schema() -> dict:
    from framework.title.loader import load_title
    from framework.title.schema import LAYER_SCHEMA, title_schemas

    [(name, text)] = title_schemas(load_title(STEAM)).items()
    assert name == LAYER_SCHEMA
    committed = (STEAM / name).read_text(encoding="utf-8")
    assert committed == text, (
        "titles/18Steam/layer.schema.json is out of date: run '18xx schema --title titles/18Steam'"
    )
    return json.loads(text)


def test_a_title_with_its_own_layer_has_its_schema_beside_it():
    schema = _steam_schema()
    Draft7Validator.check_schema(schema)
    for path in sorted(STEAM.glob("*.yaml")):
        assert list(Draft7Validator(schema).iter_errors(yamlsource.load(path).data)) == [], path.name


def test_the_layer_schema_rejects_what_the_layers_model_rejects():
    schema = _steam_schema()
    data = yamlsource.load(STEAM / "goods.yaml").data
    data["layer"]["move_rounds"] = "two"
    data["layer"]["cities"]["H12"]["die"] = 7
    errors = sorted(list(e.path) for e in Draft7Validator(schema).iter_errors(data))
    assert errors == [["layer", "cities", "H12", "die"], ["layer", "move_rounds"]]
    assert (
        list(Draft7Validator(title_schema()).iter_errors(data)) == []
    )  # to the plain schema it is any object


def test_the_layer_file_names_the_titles_own_schema():
    first = (STEAM / "goods.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=layer.schema.json"
