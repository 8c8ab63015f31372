"""Writing a case set into a directory, for ``pontoon cases`` and ``pontoon_cli.conformance()``:
every check before anything is written, each file whole or not at all, and only regular files
replaced. Messages name the directory as the caller's words do (``--out``, ``out=``)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from pontoon_cli.core.errors import PontoonError


def write_files(files: dict[str, bytes], out: Path, existing: set[str], option: str) -> list[str]:
    """Write ``files`` (name -> bytes) into the directory ``out`` (made if missing), which
    holds ``existing`` (:func:`existing_names`); the names of the others it holds, left as they
    were. Raises PontoonError, before anything is written, when a case's name is taken by
    something other than a regular file. ``option`` is how the caller names ``out``."""
    for name in files:  # every check before anything is written
        _writable(out / name, name in existing, option)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            _write(out / name, data)
    except OSError as err:
        raise PontoonError(f"{option} {out}: {err.strerror or err}") from None
    return sorted(existing - set(files))


def existing_names(out: Path, force: bool, words: tuple[str, str]) -> set[str]:
    """The names already in ``out`` (none when it is missing). ``words`` are how the caller
    names the directory and the permission to write into a full one (``("--out",
    "--force")``). Raises PontoonError when ``out`` is not a directory, or holds files and
    ``force`` is false."""
    option, forcing = words
    try:
        info = os.stat(out)
    except FileNotFoundError:
        return set()
    except OSError as err:
        raise PontoonError(f"{option} {out}: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise PontoonError(f"{option} {out} is not a directory")
    try:
        names = set(os.listdir(out))
    except OSError as err:
        raise PontoonError(f"{option} {out}: {err.strerror or err}") from None
    if names and not force:
        raise PontoonError(
            f"{option} {out} is not empty ({len(names)} entries): name a new or empty "
            f"directory, or give {forcing} to write the cases into it (files of the same names "
            "are replaced, others are left)"
        )
    return names


def _writable(path: Path, exists: bool, option: str) -> None:
    """Refuse ``path`` when it is there and is anything but a regular file (a directory, a
    link, a pipe): only a regular file is ever replaced."""
    if not exists:
        return
    named = f"{option}:" if option.startswith("--") else option  # "--out: P", "out= P"
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as err:
        raise PontoonError(f"{named} {path}: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise PontoonError(
            f"{named} {path} is there and is not a regular file; nothing was written"
        )


def _write(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all: a file beside it, renamed over it."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's umask (a new file's mode is 0o666 less it, as open() makes one)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
