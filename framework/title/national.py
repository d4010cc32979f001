"""The state railway of a title with nationalisation (its own module, so that the rules
may name it without the corporations)."""

from __future__ import annotations

from framework.title.base import Model


class National(Model):
    """The state railway that takes over nationalised corporations' stations."""

    sym: str
    """Its short id, as in game files (``SJ``)."""
    name: str
    """Its full name."""
    color: str
    """Token colour."""
    text_color: str = "white"
    """Colour of text on its tokens."""
