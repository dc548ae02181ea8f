"""The ``cardrules`` command: play, watch, simulate, replay, and list the rules.

::

    cardrules --version
    cardrules play GAME [--seat N] [--seed S] [--bots NAME] [--rules KEY=VALUE ...]
    cardrules watch GAME [--seed S] [--bots A,B,...] [--rules ...] [--seat N] [--record FILE]
    cardrules simulate GAME --sessions N [--bots A,B,...] [--seed S] [--workers K]
                       [--rotate] [--rules ...] [--json] [--record FILE]
    cardrules replay FILE [--seat N] [--session K] [--game GAME]
    cardrules rules GAME

``GAME`` is a ``GAME_ID`` (``bouillotte-modern``, ``bouillotte-historic``, ``bourre``)
or a short name (``modern``, ``historic``). Bad input (an unknown game, option or
value, an unreadable or unwritable file, a record of another game) gives one line on
stderr naming what was wrong and what is allowed, and exit status 2; nothing is
half-written.

>>> main(["rules", "bourre"]) == 0  # doctest: +ELLIPSIS
Bourré (bourre): the rules
...
True
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence

__all__ = ["main"]
from cardrules.cli.commands import (
    _cmd_play,
    _cmd_replay,
    _cmd_rules,
    _cmd_simulate,
    _cmd_watch,
    _positive,
)
from cardrules.cli.common import (
    UsageError,
    _one_line,
    _Output,
    _Parser,
    _seed,
    _version,
    game_names,
    games_in_words,
    printable,
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cardrules`` command."""
    parser = _Parser(
        prog="cardrules",
        description="Play, watch and simulate Bouillotte (modern and historic rules) "
        "and Bourré; replay game records; list the rules.",
        epilog="GAME: bouillotte-modern (modern), bouillotte-historic (historic), bourre. "
        "'cardrules COMMAND --help' describes each command.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    _add_play(commands)
    _add_watch(commands)
    _add_simulate(commands)
    replay = commands.add_parser(
        "replay",
        help="tell a game record move by move",
        description="Replay a game record (written by --record or cardrules.dumps).",
    )
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--seat", type=_positive, help="as this seat saw it")
    replay.add_argument(
        "--session", type=_positive, default=0, help="which session of a JSON Lines file"
    )
    replay.add_argument("--game", help="refuse a record of any other game")

    rules = commands.add_parser(
        "rules",
        help="list a game's rules and options",
        description="The rules with their ids, and the options with their defaults.",
    )
    rules.add_argument("game", metavar="GAME", help=games_in_words())
    return parser


def _rules_option(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--rules",
        nargs="+",
        action="extend",
        metavar="KEY=VALUE",
        help="rules options (see 'cardrules rules GAME'), e.g. players=5 deals=3",
    )


def _add_play(commands: argparse._SubParsersAction[_Parser]) -> None:
    play = commands.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play one session at one seat against bots. Only that seat's view "
        "is shown; answer with the number of an action or its text.",
    )
    play.add_argument("game", metavar="GAME", nargs="?", help=games_in_words())
    play.add_argument("--seat", type=_positive, default=0, help="your seat (default 0)")
    play.add_argument(
        "--seed",
        type=_seed,
        help="seed of the deals and bots (default: a fresh one, printed so that the "
        "game can be played again)",
    )
    play.add_argument(
        "--bots",
        default="heuristic",
        help=(
            "the other seats' bots, comma-separated (random, heuristic, search; default heuristic)"
        ),
    )
    _rules_option(play)


def _add_watch(commands: argparse._SubParsersAction[_Parser]) -> None:
    watch = commands.add_parser(
        "watch",
        help="watch bots play, with a transcript that streams",
        description="Bots play a seeded session; every action and every card held is "
        "printed as the game goes.",
    )
    watch.add_argument("game", metavar="GAME", nargs="?", help=games_in_words())
    watch.add_argument("--seed", type=_seed, default=1, help="random seed (default 1)")
    watch.add_argument(
        "--bots",
        default="heuristic",
        help="bots per seat, comma-separated; the last repeats (random, heuristic, search; "
        "default heuristic, as for play and simulate)",
    )
    watch.add_argument("--seat", type=_positive, help="show only what this seat sees")
    watch.add_argument("--no-hands", action="store_true", help="show public information only")
    watch.add_argument("--deals", type=_positive, help="number of deals (--rules deals=N)")
    watch.add_argument("--players", type=_positive, help="number of players (--rules players=N)")
    watch.add_argument("--record", metavar="FILE", help="also save the game record here")
    _rules_option(watch)


def _add_simulate(commands: argparse._SubParsersAction[_Parser]) -> None:
    simulate = commands.add_parser(
        "simulate",
        help="simulate many seeded sessions between bots",
        description="Play seeded sessions between bots and print each seat's mean result "
        "with its 95% confidence interval and the game's frequencies.",
    )
    simulate.add_argument("game", metavar="GAME", nargs="?", help=games_in_words())
    simulate.add_argument("--sessions", type=_positive, required=True, help="sessions to play")
    simulate.add_argument(
        "--bots",
        default="heuristic,random",
        help="bots per seat, comma-separated; the last repeats for the other seats "
        "(random, heuristic, heuristic:-TIP, search; default heuristic,random)",
    )
    simulate.add_argument("--seed", type=_seed, default=1, help="random seed (default 1)")
    simulate.add_argument("--workers", type=_positive, default=1, help="processes (default 1)")
    simulate.add_argument(
        "--rotate", action="store_true", help="duplicate deals with the seats rotated"
    )
    simulate.add_argument("--json", action="store_true", help="print the result as JSON")
    simulate.add_argument(
        "--record", metavar="FILE", help="save every session's record (JSON Lines)"
    )
    simulate.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    _rules_option(simulate)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command; returns the exit status (2 for bad input).

    :param argv: the arguments (default ``sys.argv[1:]``).
    :returns: the exit status.

    >>> main(["--version"])
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    with _terminating():
        return _main(list(sys.argv[1:] if argv is None else argv))


class _Terminated(BaseException):
    """SIGTERM arrived: unwind (removing half-written files) and exit 143."""


def _terminate(signum: int, frame: object) -> None:
    raise _Terminated


@contextlib.contextmanager
def _terminating() -> Iterator[None]:
    """SIGTERM unwinds the command as SIGINT does, so that ``finally`` clauses run
    (a ``--record`` file's ``.part`` is removed); the old handler is restored after."""
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except (ValueError, OSError):  # not the main thread, or no SIGTERM here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _game_before_options(args: argparse.Namespace) -> None:
    """The game named after ``--rules`` (``play --rules players=5 modern``): its
    ``KEY=VALUE`` list took the name, which is the one item without ``=``."""
    if args.command not in ("play", "watch", "simulate") or args.game is not None:
        return
    names = [item for item in args.rules or () if "=" not in item]
    if len(names) != 1:
        raise UsageError(f"{args.command}: the following arguments are required: GAME")
    args.game = names[0]
    args.rules = [item for item in args.rules if item != names[0]]


def _main(arguments: list[str]) -> int:
    """The command on ``arguments``; its exit status."""
    if arguments and arguments[0] in game_names():
        arguments.insert(0, "watch")  # the old form: cardrules GAME [--seed S] ...
    out = _Output(sys.stdout)
    try:
        parser = build_parser()
        args = parser.parse_args(arguments)
        _game_before_options(args)
        if args.command is None:
            raise UsageError(
                "choose a command: play, watch, simulate, replay or rules "
                "(cardrules --help describes them)"
            )
        if args.command == "play":
            out.echo = not sys.stdin.isatty()
            return _cmd_play(args, out, sys.stdin.readline)
        if args.command == "watch":
            return _cmd_watch(args, out)
        if args.command == "simulate":
            return _cmd_simulate(args, out)
        if args.command == "replay":
            return _cmd_replay(args, out)
        return _cmd_rules(args, out)
    except UsageError as error:
        sys.stderr.write(printable(f"cardrules: error: {_one_line(error)}\n", sys.stderr))
        return 2
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("cardrules: interrupted\n")
        return 130
    except _Terminated:
        sys.stderr.write("cardrules: terminated\n")
        return 143
