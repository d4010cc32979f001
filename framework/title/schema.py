"""The published JSON Schemas, generated from the pydantic models.

Two schemas are written to ``schemas/``:

* ``title.schema.json`` for title files: every section of a title, each
  optional because a title may spread its sections over several files;
* ``overlay.schema.json`` for overlays: the same shape with nothing required
  and ``null`` allowed everywhere (``null`` removes a value), plus the
  ``overlay`` header.

A title with its own layer (``hooks: {layer: {data: ...}}``) gets a third, in its folder:
``layer.schema.json``, the title schema with the ``layer`` section as its data part's
model gives it (``18xx schema --title FOLDER``).

All are JSON Schema draft-07, the dialect yaml-language-server and most
editors understand. Title files point at them with a first line such as
``# yaml-language-server: $schema=../../schemas/title.schema.json``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from framework.title.model import TitleFile
from framework.title.overlay import OverlayMeta

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
SCHEMA_FILES = {"title": "title.schema.json", "overlay": "overlay.schema.json"}


def _draft07(schema: dict[str, Any]) -> dict[str, Any]:
    """Rewrite pydantic's output (``$defs``) in draft-07 form (``definitions``)."""
    text = json.dumps(schema, ensure_ascii=False)
    text = text.replace('"#/$defs/', '"#/definitions/').replace("``", "`")
    out: dict[str, Any] = json.loads(text)
    if "$defs" in out:
        out["definitions"] = out.pop("$defs")
    _close_pattern_properties(out)
    return out


def _close_pattern_properties(node: Any) -> None:
    """Keys that match no ``patternProperties`` pattern are errors, as in the models."""
    if isinstance(node, dict):
        if "patternProperties" in node and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            _close_pattern_properties(value)
    elif isinstance(node, list):
        for value in node:
            _close_pattern_properties(value)


def title_schema() -> dict[str, Any]:
    """The schema of one title file."""
    body = _draft07(TitleFile.model_json_schema())
    return {
        "$schema": DRAFT_07,
        "$id": "https://github.com/rails18xx/schemas/title.schema.json",
        "title": "18xx title file",
        "description": "One YAML file of an 18xx title. A title folder's files together give "
        "every section; title.yaml lists the others under 'include'.",
        **{k: v for k, v in body.items() if k not in ("title", "description")},
    }


LAYER_SCHEMA = "layer.schema.json"
"""The file name of a title's own schema, in its folder (titles with a ``layer``)."""


def layer_schema(model: type[BaseModel], name: str) -> dict[str, Any]:
    """The schema of one file of a title with its own layer: the title schema with the
    ``layer`` section given by the layer's ``model`` (its definitions prefixed with
    ``layer.`` so none meets a title model's name). ``name`` is the title's name."""
    body = title_schema()
    layer = _draft07(model.model_json_schema())
    text = json.dumps(layer, ensure_ascii=False).replace('"#/definitions/', '"#/definitions/layer.')
    layer = json.loads(text)
    for key, definition in layer.pop("definitions", {}).items():
        body["definitions"][f"layer.{key}"] = definition
    description = body["properties"]["layer"].get("description", "")
    body["properties"]["layer"] = {**layer, "description": description}
    body["$id"] = f"https://github.com/rails18xx/schemas/{name}/{LAYER_SCHEMA}"
    body["title"] = f"{name} title file"
    body["description"] = f"One YAML file of {name}, whose layer section is its own ({model.__name__})."
    return body


def overlay_schema() -> dict[str, Any]:
    """The schema of an overlay file: a title file with nothing required and nulls allowed."""
    body = copy.deepcopy(title_schema())
    body["properties"].pop("include", None)
    _loosen(body)
    header = _draft07(OverlayMeta.model_json_schema())
    header.pop("title", None)
    body["definitions"]["OverlayMeta"] = header
    body["properties"] = {"overlay": {"$ref": "#/definitions/OverlayMeta"}, **body["properties"]}
    body["$id"] = "https://github.com/rails18xx/schemas/overlay.schema.json"
    body["title"] = "18xx title overlay"
    body["description"] = (
        "A variant or house rule that patches a title: mappings merge, null removes, "
        "anything else replaces (JSON Merge Patch)."
    )
    return body


def _loosen(node: Any) -> None:
    """Let every mapping in ``node`` be partial and every mapping value be null."""
    if isinstance(node, list):
        for item in node:
            _loosen(item)
        return
    if not isinstance(node, dict):
        return
    if "oneOf" in node:  # a discriminated union: a partial entry may match several
        node["anyOf"] = node.pop("oneOf")
        node.pop("discriminator", None)
    node.pop("required", None)
    for key in ("properties", "patternProperties"):
        for name, prop in node.get(key, {}).items():
            node[key][name] = _nullable(prop)
    if isinstance(node.get("additionalProperties"), dict):
        node["additionalProperties"] = _nullable(node["additionalProperties"])
    for value in node.values():
        _loosen(value)


def _nullable(prop: dict[str, Any]) -> dict[str, Any]:
    if {"type": "null"} in prop.get("anyOf", []):
        return prop
    keep = {k: v for k, v in prop.items() if k in ("description", "title", "default")}
    rest = {k: v for k, v in prop.items() if k not in keep}
    return {**keep, "anyOf": [rest, {"type": "null"}]}


def render(schema: dict[str, Any]) -> str:
    """The schema as the text written to disk."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def schemas() -> dict[str, str]:
    """File name → text of every published schema."""
    return {
        SCHEMA_FILES["title"]: render(title_schema()),
        SCHEMA_FILES["overlay"]: render(overlay_schema()),
    }


def write_schemas(folder: Path) -> list[Path]:
    """Write the schemas into ``folder``; returns the files written."""
    return write_texts(folder, schemas())


def write_texts(folder: Path, texts: dict[str, str]) -> list[Path]:
    """Write each ``name → text`` of ``texts`` into ``folder`` (made if missing); returns
    the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def title_schemas(title: Any) -> dict[str, str]:
    """File name → text of the schemas a title keeps in its own folder: its
    ``layer.schema.json`` when it has a layer with a model, else none."""
    data = title.layer_part("data")
    if data is None or data.model is None:
        return {}
    return {LAYER_SCHEMA: render(layer_schema(data.model, title.title.name))}


def stale_schemas(folder: Path, texts: dict[str, str] | None = None) -> list[str]:
    """Names of schema files in ``folder`` that differ from the models (or are missing):
    the published ones, or ``texts``."""
    stale = []
    for name, text in (schemas() if texts is None else texts).items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale
