"""Where titles are found: the bundled titles, then the folders a user adds.

A game file names its title (``"title": "18SJ"``); the title is the folder of that
name on the *title search path*:

1. the bundled titles — ``titles/`` of a source checkout (an editable install), or
   the copy an installed package carries as ``framework/_titles``;
2. then each folder listed in the environment variable ``RAILS18XX_TITLES``
   (separated by ``os.pathsep``: ``:`` on Linux and macOS, ``;`` on Windows), in
   order. Each is a folder of title folders, or a title folder itself.

The first folder of that name holding a ``title.yaml`` wins, so a bundled title cannot
be shadowed by a folder of the same name: play and replay such a copy with
``--title FOLDER``. A name that looks like a path (a separator, ``..``, a drive, an
absolute path, empty) is refused, so a game file never chooses which folder, and so
which ``hooks.py``, is loaded.

>>> check_name("18SJ")
'18SJ'
>>> check_name("../x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
framework.title.paths.TitleNameError: the title '../x' is not a title name: ...
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath, PureWindowsPath

from framework.title.files import display_path

ENV_VAR = "RAILS18XX_TITLES"
"""The environment variable listing the user's title folders (``os.pathsep``-separated)."""
ENTRY_FILE = "title.yaml"
INSTALLED_DIR = "_titles"
"""The bundled titles' folder inside an installed ``framework`` package (package data)."""
PACKAGE_DIR = Path(__file__).resolve().parents[1]
"""The ``framework`` package's folder."""


class TitleLookupError(Exception):
    """A title that cannot be found, or a name that is not a title name."""


class TitleNameError(TitleLookupError, ValueError):
    """A title given as something other than a plain name (a path, empty, …)."""


class TitleNotFound(TitleLookupError, LookupError):
    """No title of that name on the search path."""


def bundled_titles(package_dir: Path = PACKAGE_DIR) -> Path | None:
    """The folder of the bundled titles, for the ``framework`` package in ``package_dir``:
    its ``_titles`` package data when installed, else the checkout's ``titles/`` next to
    the package (a source checkout or an editable install has ``pyproject.toml`` there);
    ``None`` when neither exists."""
    installed = package_dir / INSTALLED_DIR
    if installed.is_dir():
        return installed
    root = package_dir.parent
    checkout = root / "titles"
    if checkout.is_dir() and (root / "pyproject.toml").is_file():
        return checkout
    return None


def search_path(environ: Mapping[str, str] | None = None) -> list[tuple[Path, str]]:
    """The folders searched for titles, in order, each with where it comes from
    (``bundled`` or the environment variable)."""
    environ = os.environ if environ is None else environ
    found: list[tuple[Path, str]] = []
    bundled = bundled_titles()
    if bundled is not None:
        found.append((bundled, "bundled"))
    for entry in environ.get(ENV_VAR, "").split(os.pathsep):
        if entry.strip():
            found.append((Path(entry.strip()).expanduser(), ENV_VAR))
    return found


def check_name(name: object) -> str:
    """``name`` if it is a plain title name; else :class:`TitleNameError` saying why.

    A name is not empty and has no path separator (``/`` or ``\\``), no ``..``, no
    drive and no NUL; it is not ``.``.
    """
    problem = _name_problem(name)
    if problem:
        raise TitleNameError(
            f"the title {name!r} is not a title name: {problem}; a game file names its title "
            "(such as 18SJ), which is looked up on the title search path — to use a title "
            "folder of your own, give --title FOLDER"
        )
    return str(name)


def _name_problem(name: object) -> str | None:
    if not isinstance(name, str):
        return f"a title name is text, not {type(name).__name__}"
    if not name.strip():
        return "it is empty"
    if "\0" in name:
        return "it contains a NUL character"
    if "/" in name or "\\" in name or (os.altsep and os.altsep in name) or os.sep in name:
        return "it contains a path separator"
    if ".." in name or name == ".":
        return "it names a folder relative to another"
    if PureWindowsPath(name).drive or PurePosixPath(name).is_absolute() or Path(name).is_absolute():
        return "it is an absolute path"
    return None


def find_title(name: object, environ: Mapping[str, str] | None = None) -> Path:
    """The title folder of the title named ``name`` on the search path.

    Raises :class:`TitleNameError` when ``name`` is not a plain name (nothing is read),
    :class:`TitleNotFound` listing the folders searched when no title has that name.
    """
    name = check_name(name)
    places = search_path(environ)
    for folder, _origin in places:
        if folder.name == name and (folder / ENTRY_FILE).is_file():
            return folder
        candidate = folder / name
        if (candidate / ENTRY_FILE).is_file():
            return candidate
    raise TitleNotFound(not_found_message(name, places))


def not_found_message(name: str, places: list[tuple[Path, str]]) -> str:
    """What to say when no title is named ``name``: where it was looked for, and what to do."""
    looked = "; ".join(f"{shown(folder)} ({origin})" for folder, origin in places) or "nowhere"
    return (
        f"no title named {name!r} on the title search path (looked in: {looked}); "
        f"add the folder holding it to {ENV_VAR} (separated by {os.pathsep!r}), "
        "or give its folder with --title FOLDER"
    )


def shown(folder: Path) -> str:
    """A folder as messages show it: relative to the working directory when it lies
    inside it, else absolute."""
    relative = display_path(folder)
    return str(folder.absolute()) if relative.startswith("..") else relative


def resolve(arg: Path | str, environ: Mapping[str, str] | None = None) -> Path:
    """The title folder a command-line argument means: an existing path as it is (a
    title folder, or its ``title.yaml``), else a plain name looked up on the search path.

    A path that does not exist is returned unchanged (loading it says what is missing);
    a plain name found nowhere raises :class:`TitleNotFound`.
    """
    path = Path(arg)
    if path.exists() or _name_problem(str(arg)) is not None:
        return path
    return find_title(str(arg), environ)
