"""Writing pictures: SVG as text, PNG through cairosvg, always atomically.

Files are written with :func:`framework.atomic.write_atomic` (a temporary file
renamed into place), so a reader never sees half a picture. PNG needs the
optional ``cairosvg`` package (and the cairo library it loads); without it,
:func:`to_png` raises :class:`RenderError` saying how to install it.
"""

from __future__ import annotations

from pathlib import Path

from framework.atomic import WriteError, write_atomic

PNG_HINT = "PNG output needs cairosvg: pip install 'rails18xx[png]' (or pip install cairosvg)"


class RenderError(WriteError):
    """A picture could not be made or written; the message says why."""


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The SVG drawn as PNG."""
    try:
        import cairosvg  # type: ignore[import-not-found]
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise RenderError(f"{PNG_HINT} ({exc.__class__.__name__}: {exc})") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)


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
