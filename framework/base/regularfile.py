"""Reading a file someone named: a regular file only, and never more than a limit.

A game file, a title's YAML or an overlay may be whatever its path leads to: a named
pipe (reading one waits for a writer for ever), a device (``/dev/zero`` never ends) or
a file of gigabytes. :func:`read_regular` opens the path without waiting, refuses what
is not a regular file before reading a byte (:class:`NotARegularFile`), and reads no
more than it is told to, however large the file; the callers' limits are
:data:`framework.record.gamefile.MOST_BYTES` and :attr:`framework.base.yamllimits.Limits.bytes`.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.mkfifo(os.path.join(folder, "pipe"))
>>> try:
...     read_regular(os.path.join(folder, "pipe"), 10)
... except NotARegularFile as exc:
...     print(exc.strerror)
a named pipe (FIFO), not a regular file
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_KINDS = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
}


class NotARegularFile(OSError):
    """The path leads to something other than a regular file or a folder; ``strerror``
    says what (an :class:`OSError`, so a reader's usual handling reports it too)."""

    def __init__(self, path: Path | str, kind: str):
        super().__init__(errno.EINVAL, f"{kind}, not a regular file", str(path))


def read_regular(path: Path | str, most: int) -> bytes:
    """The first ``most`` bytes of the regular file at ``path`` (all of it when it is
    shorter). :class:`NotARegularFile` for a pipe, a device or a socket, checked on the
    opened file, so nothing changes between the check and the read;
    :class:`IsADirectoryError` for a folder; the :class:`OSError` of a path that cannot
    be opened."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    handle = os.open(path, flags)  # without O_NONBLOCK, opening a pipe waits for a writer
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(path, _KINDS.get(stat.S_IFMT(mode), "an entry of another kind"))
        chunks: list[bytes] = []
        left = most
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)
