"""What the subcommands of the ``cardrules`` command share: reading games, rules,
seats, bots and seeds from the command line, and writing output and files."""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

import attrs

from cardrules.bots import bot_named
from cardrules.errors import CardRulesError, shorten
from cardrules.registry import describe, descriptors, get_game

_MAX_SESSIONS = 10**9


class UsageError(Exception):
    """Bad input on the command line: one line on stderr and exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("cardrules").strip()
        raise UsageError(f"{command}: {message}" if command else message)


def _version() -> str:
    from cardrules import __version__

    return __version__


def game_names() -> tuple[str, ...]:
    """Every name a game is known by on the command line: its id and its aliases."""
    return tuple(name for d in descriptors() for name in (d.game_id, *d.aliases))


def games_in_words() -> str:
    """The known games as the command line names them: ``bourre``, ``bouillotte-modern
    (or modern)``, …"""
    named = [
        d.game_id + (f" (or {', '.join(d.aliases)})" if d.aliases else "") for d in descriptors()
    ]
    return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]


def _game(name: str) -> Any:
    if name not in game_names():
        raise UsageError(
            f"unknown game {shorten(name, repr, 60)}; the games are {games_in_words()}"
        )
    return get_game(describe(name).game_id)


def _field_type(field: Any) -> str:
    return str(field.type).replace("typing.", "")


def _parse_value(game: Any, key: str, text: str) -> object:
    fields = {field.name: field for field in attrs.fields(game.Rules) if field.init}
    field = fields.get(key)
    if field is None:
        raise UsageError(
            f"--rules: {key!r} is not an option of {game.GAME_ID}; its options are "
            + ", ".join(fields)
        )
    kind = _field_type(field)
    lowered = text.strip().lower()
    if "None" in kind and lowered in ("none", "null"):
        return None
    if kind == "bool":
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise UsageError(f"--rules {key}={text}: {key} takes true or false")
    if kind.startswith("int") or (kind.startswith("Literal[") and kind[8:9].isdigit()):
        try:
            return int(lowered)
        except ValueError:
            raise UsageError(f"--rules {key}={text}: {key} takes a whole number ({kind})") from None
    return text.strip()


def _rules(game: Any, items: Sequence[str] | None, **extra: object) -> Any:
    changes: dict[str, object] = {}
    for item in items or ():
        key, equals, text = item.partition("=")
        if not equals or not key.strip():
            raise UsageError(f"--rules takes KEY=VALUE items, not {item!r}")
        changes[key.strip()] = _parse_value(game, key.strip(), text)
    for key, value in extra.items():
        if value is not None:
            _parse_value(game, key, str(value))  # checks that the option exists
            changes[key] = value
    try:
        return game.Rules(**changes)
    except (CardRulesError, TypeError) as error:
        raise UsageError(f"--rules: {_one_line(error)}") from None


def _one_line(error: object) -> str:
    return " ".join(str(error).split())


def _seat(seat: int | None, players: int) -> int | None:
    if seat is not None and not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: the seats of this game are 0 to {players - 1}")
    return seat


def _bot_names(text: str, players: int) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    return names + names[-1:] * (players - len(names))


def _bots(text: str, game: Any, players: int) -> list[Any]:
    names = [name for name in text.split(",") if name.strip()]
    if not names:
        raise UsageError("--bots: give at least one bot (random, heuristic, search)")
    if len(names) > players:
        raise UsageError(f"--bots: {len(names)} bots for {players} seats")
    names += [names[-1]] * (players - len(names))
    try:
        return [bot_named(name, game) for name in names]
    except (ValueError, TypeError) as error:
        raise UsageError(f"--bots: {_one_line(error)}") from None


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


_SUIT_LETTERS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
"""The suit symbols as the letters cards are also written with (``A♠`` is ``As``)."""


def printable(text: str, stream: IO[str]) -> str:
    """``text`` as ``stream`` can hold it: unchanged when its encoding has the suit
    symbols, else with the suits as letters (``As``, ``Th``) and any other character
    it cannot hold as ``?`` (a Windows console, ``PYTHONIOENCODING=cp1252``).

    >>> import io
    >>> printable("A♠ 10♥ Bourré", io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    'As 10h Bourré'
    >>> printable("A♠ …", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    'As ?'
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.translate(_SUIT_LETTERS).encode(encoding, "replace").decode(encoding)
    except LookupError:  # an encoding Python does not know: write as given
        return text
    return text


class _Output:
    """Writes lines to stdout as they come (a transcript streams), in what the
    stream's encoding can hold (:func:`printable`)."""

    def __init__(self, stream: IO[str], *, echo: bool = False) -> None:
        self.stream = stream
        self.echo = echo
        """Whether to repeat what is read (when the input is not a terminal)."""

    def prompt(self, text: str) -> None:
        """Write ``text`` without ending the line."""
        self.stream.write(printable(text, self.stream))
        self.stream.flush()

    def __call__(self, *lines: str) -> None:
        stream = self.stream
        for line in lines:
            stream.write(printable(line, stream) + "\n")
        stream.flush()


_SPECIAL_FILES = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _new_file_mode() -> int:
    """The mode a new file gets under the process's umask (``0o666 & ~umask``)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def _writing(path: str | None) -> Iterator[Callable[[str], None] | None]:
    """A regular file written whole or not at all: checked writable now, moved in place
    at the end, removed if anything fails. A symbolic link, a FIFO, a device or a
    directory is refused (it would be replaced by a regular file); a new file follows
    the umask, an existing one keeps its mode."""
    if path is None:
        yield None
        return
    target = Path(path)
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None
    else:
        kind = next((name for test, name in _SPECIAL_FILES if test(found.st_mode)), None)
        if kind is not None:
            raise UsageError(
                f"cannot write {path}: it is {kind}; --record writes a regular file "
                "(give a new file or a regular one to replace)"
            )
        mode = stat.S_IMODE(found.st_mode)
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent
        )
    except OSError as error:
        raise UsageError(
            f"cannot write {path}: {error.strerror or error} (choose a file in a writable folder)"
        ) from None
    done = False
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as file:

            def write(text: str) -> None:
                file.write(text)

            yield write
        os.replace(temporary, target)
        done = True
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


# -- play ------------------------------------------------------------------------------
