"""Writing pictures: SVG as text, PNG through cairosvg, always atomically.

Files are written with :func:`framework.base.atomic.write_atomic` (a temporary file
renamed into place), so a reader never sees half a picture. PNG needs the
optional ``cairosvg`` package and the system's Cairo library it loads; without
either, :func:`to_png` raises :class:`RenderError` saying which is missing and how
to install it (:func:`png_problem`), and a picture too big for Cairo at its scale is
a :class:`PictureTooLarge`, said before Cairo is asked to draw it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from framework.base.atomic import WriteError, write_atomic

PNG_HINT = "PNG output needs cairosvg: pip install 'rails18xx[png]' (or pip install cairosvg)"
CAIRO_HINT = (
    "PNG output needs the Cairo library, which cairosvg is installed but cannot load; "
    "install the system's package: apt-get install libcairo2 (Debian, Ubuntu), "
    "dnf install cairo (Fedora), brew install cairo (macOS)"
)
CAIRO_MOST = 32767
"""The most pixels on a side of a picture Cairo draws."""


class RenderError(WriteError):
    """A picture could not be made or written; the message says why."""


class PictureTooLarge(RenderError):
    """A PNG too big for Cairo at the scale asked for; a smaller scale draws it."""


def _cairosvg() -> Any:
    """The cairosvg module, or :class:`RenderError` saying what is missing."""
    try:
        import cairosvg
    except ImportError as exc:
        raise RenderError(f"{PNG_HINT} ({exc.__class__.__name__}: {exc})") from None
    except OSError:  # cairocffi loads the library when imported: it is not installed
        raise RenderError(CAIRO_HINT) from None
    return cairosvg


def png_problem() -> str | None:
    """Why no PNG can be made here (cairosvg or the Cairo library missing), or ``None``."""
    try:
        _cairosvg()
    except RenderError as exc:
        return str(exc)
    return None


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The SVG drawn as PNG, ``scale`` times its size."""
    cairosvg = _cairosvg()
    size = _pixels(svg, scale)
    if size is not None and max(size) > CAIRO_MOST:
        largest = int(CAIRO_MOST / max(size) * scale * 10) / 10
        raise PictureTooLarge(
            f"the PNG would be {size[0]:,} × {size[1]:,} pixels at scale {scale:g}, more than Cairo "
            f"draws ({CAIRO_MOST:,} on a side); at most --scale {largest:g} for this picture"
        )
    from cairocffi import CairoError  # what cairosvg draws with

    try:
        png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
        return png
    except (MemoryError, CairoError) as exc:
        shown = f"{size[0]:,} × {size[1]:,} pixels" if size is not None else "the picture"
        status = getattr(exc, "status", None)
        why = f" ({status})" if status is not None else ""
        raise PictureTooLarge(
            f"Cairo cannot draw the PNG, {shown} at scale {scale:g}{why}: "
            "a smaller --scale draws a smaller picture"
        ) from None


def _pixels(svg: str, scale: float) -> tuple[int, int] | None:
    """The PNG's width and height at ``scale``, from the SVG's own ``width`` and ``height``
    (``None`` when it gives them in other units, or not at all)."""
    root = re.search(r"<svg\b[^>]*>", svg)
    if root is None:
        return None
    sides = [
        re.search(rf'\s{side}="([0-9]+(?:\.[0-9]+)?)(px)?"', root.group()) for side in ("width", "height")
    ]
    if sides[0] is None or sides[1] is None:
        return None
    width, height = (round(float(m.group(1)) * scale) for m in sides if m is not None)
    return width, height


PNG_SCALE = 1.5
"""How much larger than the SVG's own size a PNG is drawn, unless told otherwise."""


def write_picture(path: Path | str, svg: str, *, scale: float | None = None) -> Path:
    """Write an SVG document to ``path``; as PNG when the name ends in ``.png``, drawn
    ``scale`` times the SVG's size (default :data:`PNG_SCALE`)."""
    path = Path(path)
    if path.suffix.lower() == ".png":
        data = to_png(svg, scale=PNG_SCALE if scale is None else scale)
    else:
        data = svg.encode("utf-8")
    write_atomic(path, data)
    return path
