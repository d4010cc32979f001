"""Writing a converted title as a title folder, and checking that it validates.

Every file begins with the schema line, as the bundled titles' files do. A folder is
written whole into a fresh folder beside its place and then moved there, so a
failed run leaves no half-written title; an existing folder is kept unless
``force`` says to replace it. The same dump always gives the same files.
"""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from framework.base.problems import ProblemsError
from framework.convert.title import FILES, Converted
from framework.title.schema import SCHEMA_FILES, schemas
from framework.title.starter import CHECKOUT_SCHEMAS, MODELINE

RIGHTS = (
    "Converted by `18xx import` from 18xx.games' implementation of the title. The "
    "converter is the project's; the title's map, companies and market belong to its "
    "designer and publisher, who allowed 18xx.games to publish it: keep this folder "
    "for your own use."
)


def _yaml_text(data: dict[str, Any]) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.width = 100
    yaml.allow_unicode = True
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # ruamel types it None; it sorts by default
    yaml.representer.ignore_aliases = lambda *_: True  # plain copies, no anchors
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


def schema_paths(out: Path) -> tuple[str, str, bool]:
    """The schema lines' paths for a title folder in ``out`` (its files, its
    variants' files) and whether ``out/schemas`` must be written."""
    title_schema = CHECKOUT_SCHEMAS / SCHEMA_FILES["title"]
    root = CHECKOUT_SCHEMAS.parent
    target = out.resolve()
    if title_schema.is_file() and target.is_relative_to(root):
        base = Path(os.path.relpath(CHECKOUT_SCHEMAS, target / "x")).as_posix()
        return base, f"../{base}", False
    return "../schemas", "../../schemas", True


def texts_of(converted: Converted, schema_dir: str, variant_schema_dir: str) -> dict[str, str]:
    """Every file of the title folder, by its path in the folder."""
    title_line = MODELINE.format(f"{schema_dir}/{SCHEMA_FILES['title']}")
    overlay_line = MODELINE.format(f"{variant_schema_dir}/{SCHEMA_FILES['overlay']}")
    head = f"#\n# {converted.name}: {RIGHTS}\n# What it does not say is in GAPS.md.\n\n"
    texts: dict[str, str] = {}
    for file, keys in FILES.items():
        data = {k: converted.sections[k] for k in keys if converted.sections.get(k) not in (None, {})}
        if file == "title.yaml":
            data = {
                "title": converted.sections["title"],
                "include": [f for f in FILES if f != "title.yaml"],
                **{k: v for k, v in data.items() if k != "title"},
            }
            if converted.variants:
                data["variants"] = {v.key: v.entry for v in converted.variants}
        if not data and file != "title.yaml":
            data = {keys[0]: {}}
        texts[file] = title_line + head + _yaml_text(data)
    for variant in converted.variants:
        meta = {"name": variant.entry["name"]}
        if variant.entry.get("description"):
            meta["description"] = variant.entry["description"]
        texts[variant.entry["overlay"]] = (
            overlay_line + "\n" + _yaml_text({"overlay": meta, **variant.overlay})
        )
    intro = (
        f"{converted.name} was converted from 18xx.games ({converted.module}) by `18xx import`. "
        "Its data is in "
        "the YAML files; what follows is what its Ruby does that the title format does not say, by name, so "
        "that a game of it here may differ from 18xx.games there."
    )
    texts["GAPS.md"] = converted.gaps.markdown(converted.name, intro)
    return texts


def folder_name(name: str) -> str:
    """The folder of a title: its name, with characters a path cannot hold replaced."""
    return "".join(c if c.isalnum() or c in "-_.&+ " else "_" for c in name).strip() or "title"


def write_title(converted: Converted, out: Path, *, force: bool = False) -> tuple[Path, str]:
    """Write the title's folder into ``out``; returns it and ``written``, ``unchanged``
    or ``exists`` (kept: not forced)."""
    schema_dir, variant_dir, copy_schemas = schema_paths(out)
    texts = texts_of(converted, schema_dir, variant_dir)
    folder = out / folder_name(converted.name)
    out.mkdir(parents=True, exist_ok=True)
    if copy_schemas:
        for file, text in schemas().items():
            path = out / "schemas" / file
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.parent.mkdir(exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if folder.exists():
        if _same(folder, texts):
            return folder, "unchanged"
        if not force:
            return folder, "exists"
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=out))
    for rel, text in texts.items():
        path = fresh / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    fresh.chmod(0o755)
    fresh.rename(folder)
    return folder, "written"


def _same(folder: Path, texts: dict[str, str]) -> bool:
    found = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    if found != set(texts):
        return False
    return all((folder / rel).read_text(encoding="utf-8") == text for rel, text in texts.items())


def validate(folder: Path, variants: list[str]) -> list[str]:
    """The problems of the title folder (and of each variant), as text; none when valid."""
    from framework.title.loader import load_title

    problems: list[str] = []
    for chosen in [[], *[[v] for v in variants]]:
        try:
            load_title(folder, variants=chosen)
        except ProblemsError as exc:
            where = f" (variant {chosen[0]})" if chosen else ""
            problems += [f"{p}{where}" for p in exc.problems]
        except Exception as exc:
            problems.append(f"{type(exc).__name__}: {exc}")
    return problems
