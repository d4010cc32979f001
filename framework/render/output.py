"""Writing pictures: SVG as text, PNG through cairosvg, always atomically.

A file is written to a temporary file in the same folder and then renamed over
the target, so a reader never sees half a picture and a failed write leaves
the old file alone. PNG needs the optional ``cairosvg`` package (and the
cairo library it loads); without it, :func:`to_png` raises
:class:`RenderError` saying how to install it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

PNG_HINT = "PNG output needs cairosvg: pip install 'rails18xx[png]' (or pip install cairosvg)"


class RenderError(Exception):
    """A picture could not be made or written; the message says why."""


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """The SVG drawn as PNG."""
    try:
        import cairosvg  # type: ignore[import-not-found]
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise RenderError(f"{PNG_HINT} ({exc.__class__.__name__}: {exc})") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)


def write_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise RenderError(f"{path}: the folder {folder} does not exist")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise RenderError(f"{path}: cannot write there ({exc.strerror})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise RenderError(f"{path}: cannot write there ({exc.strerror})") from None


def write_picture(path: Path | str, svg: str) -> Path:
    """Write an SVG document to ``path``; as PNG when the name ends in ``.png``."""
    path = Path(path)
    data = to_png(svg, scale=1.5) if path.suffix.lower() == ".png" else svg.encode("utf-8")
    write_atomic(path, data)
    return path
