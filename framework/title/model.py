"""The whole title: the root of the validated data.

A title folder's YAML files together give these top-level sections (each
section in exactly one file). Everything is checked by pydantic on load; the
checks that relate sections to each other are in :mod:`framework.title.checks`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, PrivateAttr, create_model, field_validator, model_validator

from framework.title.base import Entry, HexId, Model, Name
from framework.title.bonuses import Bonus
from framework.title.companies import Company
from framework.title.corporations import Corporation, Minor
from framework.title.extension import Part
from framework.title.library import resolve_tiles
from framework.title.map import Hex, MapSpec
from framework.title.market import Market
from framework.title.moments import Hooks
from framework.title.rounds import Round, Sequence
from framework.title.rules import (
    Bank,
    CertificateLimit,
    GameEnd,
    Meta,
    Rules,
    Variant,
)
from framework.title.setup import Setup
from framework.title.tiles import Tile
from framework.title.trains import Phase, Train


class Title(Model):
    """A complete 18xx title."""

    title: Meta
    """Name, players, currency."""
    bank: Bank
    """The bank and starting cash."""
    certificate_limit: CertificateLimit
    """The certificate limit."""
    rules: Rules
    """Rules that are numbers and choices."""
    map: MapSpec
    """The map."""
    tiles: dict[Name, Tile]
    """The tile manifest, by tile name. A standard tile (one of the library's,
    ``framework/data/tiles.yaml``) is given by its count alone, ``57: 4``, or by a
    mapping without ``color`` whose fields replace the library's, ``57: {count: 4,
    upgrades: [14, 15]}``; a tile of the title's own is defined in full, with its
    ``color`` (and so replaces a standard tile of the same name)."""
    market: Market
    """The stock market."""
    phases: dict[Name, Phase] = {}
    """The phases, in order (none for a title without trains, whose layer plays
    something else)."""
    trains: dict[Name, Train] = {}
    """The train types, in depot order (none for a title whose own layer operates
    without trains)."""
    companies: dict[str, Company] = {}
    """Private companies, in auction order."""
    corporations: dict[str, Corporation] = Field(min_length=1)
    """Public corporations, in title order."""
    minors: dict[str, Minor] = {}
    """Minor companies."""
    bonuses: dict[str, Bonus] = {}
    """Route bonuses."""
    rounds: dict[str, Round] = Field(min_length=1)
    """The kinds of round, by name."""
    sequence: Sequence
    """The order of rounds."""
    game_end: GameEnd
    """When the game ends."""
    setup: Setup | None = None
    """The random setup, if any."""
    variants: dict[str, Variant] = {}
    """Variants and optional rules, by id (18xx.games optional rule ids where they exist)."""
    hooks: Hooks = Hooks()
    """What in the title's hooks the framework calls at fixed moments, and the parts of
    the title's own layer."""
    layer: dict[str, Any] | None = None
    """The data of the title's own layer (``hooks: {layer: {data: ...}}``, see
    :mod:`framework.title.extension`), checked by the model of the layer's data part:
    for 18Steam, Age of Steam's goods, cities, track costs and income."""

    _folder: Path | None = PrivateAttr(default=None)
    _overlays: list[str] = PrivateAttr(default_factory=list)
    _fingerprint: str | None = PrivateAttr(default=None)
    _layer_parts: dict[str, type] = PrivateAttr(default_factory=dict)

    @property
    def folder(self) -> Path | None:
        """The folder the title was loaded from (where its hooks live)."""
        return self._folder

    @property
    def plays_operating_rounds(self) -> bool:
        """Whether any round of the title is an 18xx operating round (trains and routes)."""
        return any(rnd.kind == "operating" for rnd in self.rounds.values())

    @property
    def has_layer(self) -> bool:
        """Whether the title has a layer of its own (``hooks.layer``)."""
        return self.hooks.layer is not None

    def layer_part(self, part: Part) -> type | None:
        """The class the title names as a part of its own layer (``hooks.layer``: ``data``,
        ``rules``, ``bot``, ``reports``, ``drawing``), once the loader has imported it;
        ``None`` when it names none (the framework then uses the part's base)."""
        return self._layer_parts.get(part)

    @property
    def overlays(self) -> list[str]:
        """The overlay files applied, in order."""
        return list(self._overlays)

    @property
    def fingerprint(self) -> str | None:
        """A hash of everything this title was loaded from — the folder's files, the
        variants and house rules applied (:mod:`framework.title.fingerprint`); ``None``
        for a title not loaded from a folder."""
        return self._fingerprint

    @field_validator("tiles", mode="before")
    @classmethod
    def _standard_tiles(cls, value: Any) -> Any:
        return resolve_tiles(value)

    @model_validator(mode="after")
    def _keys(self) -> Title:
        for name in type(self).model_fields:
            value = getattr(self, name)
            if isinstance(value, dict):
                for key, entry in value.items():
                    if isinstance(entry, Entry):
                        entry._key = key
        return self

    def hex(self, hex_id: HexId) -> Hex:
        """The hex with this id."""
        return self.map.hexes[hex_id]


SECTIONS: tuple[str, ...] = tuple(Title.model_fields)
"""The top-level sections of a title, in order."""


def _file_model() -> type[Model]:
    """A model for one title file: every section optional, plus ``include``."""
    fields: dict[str, Any] = {}
    for name, field in Title.model_fields.items():
        annotation: Any = field.annotation  # a type or a typing form, never None here
        fields[name] = (annotation | None, Field(default=None, description=field.description))
    fields["include"] = (
        list[str] | None,
        Field(
            default=None,
            description="Other YAML files of this title, relative to this one's folder.",
        ),
    )
    return create_model("TitleFile", __base__=Model, __doc__=Title.__doc__, **fields)


TitleFile = _file_model()
"""One YAML file of a title: any of the sections; the folder's files together give them all."""
