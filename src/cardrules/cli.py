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
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

import attrs

from cardrules.actions import Action, Raise
from cardrules.bots import bot_named
from cardrules.chance import CHANCE, sample_chance
from cardrules.errors import CardRulesError, IllegalActionError
from cardrules.notation import action_text, parse_action
from cardrules.records import dumps, loads
from cardrules.registry import get_game
from cardrules.rulebook import RULES, rules_of
from cardrules.transcript import TITLES, Narrator, transcript

__all__ = ["main"]

GAMES = ("bouillotte-modern", "bouillotte-historic", "bourre")
ALIASES = {"modern": "bouillotte-modern", "historic": "bouillotte-historic"}
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


def _game(name: str) -> Any:
    game_id = ALIASES.get(name, name)
    if game_id not in GAMES:
        raise UsageError(
            f"unknown game {name!r}; the games are bouillotte-modern (or modern), "
            "bouillotte-historic (or historic) and bourre"
        )
    return get_game(game_id)


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
        raise UsageError("--bots: give at least one bot (random, heuristic)")
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


class _Output:
    """Writes lines to stdout as they come (a transcript streams)."""

    def __init__(self, stream: IO[str], *, echo: bool = False) -> None:
        self.stream = stream
        self.echo = echo
        """Whether to repeat what is read (when the input is not a terminal)."""

    def prompt(self, text: str) -> None:
        """Write ``text`` without ending the line."""
        self.stream.write(text)
        self.stream.flush()

    def __call__(self, *lines: str) -> None:
        for line in lines:
            self.stream.write(line + "\n")
        self.stream.flush()


@contextlib.contextmanager
def _writing(path: str | None) -> Iterator[Callable[[str], None] | None]:
    """A file written whole or not at all: checked writable now, moved in place at the
    end, removed if anything fails."""
    if path is None:
        yield None
        return
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"cannot write {path}: it is a directory")
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


def _describe_view(view: Any, out: _Output) -> None:
    parts = [f"your hand: {' '.join(str(c) for c in view.hand) or '(none yet)'}"]
    for name, label in (
        ("retournes", "retourné"),
        ("retourne", "retourné"),
        ("trump_card", "trump card"),
        ("trick", "trick"),
    ):
        value = getattr(view, name, None)
        if value:
            cards = value if isinstance(value, tuple) else (value,)
            parts.append(f"{label}: {' '.join(str(c) for c in cards)}")
    out("  " + "; ".join(parts))
    pot = getattr(view, "pot", None)
    stacks = " ".join(str(s) for s in view.stacks)
    line = f"  pot {pot}; stacks {stacks}"
    contributions = getattr(view, "contributions", None)
    if contributions and any(contributions):
        line += f"; put in this deal {' '.join(str(c) for c in contributions)}"
    tricks = getattr(view, "tricks_won", None)
    if tricks and any(tricks):
        line += f"; tricks {' '.join(str(t) for t in tricks)}"
    out(line)


def _menu(legal: tuple[Action, ...]) -> tuple[list[Action], list[str]]:
    """The numbered actions and the hints for the ones not numbered."""
    if len(legal) <= 12:
        return list(legal), []
    raises = sorted((a for a in legal if isinstance(a, Raise)), key=lambda a: a.to)
    exchanges = [a for a in legal if hasattr(a, "discards")]
    numbered = [a for a in legal if not isinstance(a, Raise) and not hasattr(a, "discards")]
    hints = []
    if raises:
        numbered += [raises[0]] if len(raises) == 1 else [raises[0], raises[-1]]
        hints.append(f"or type 'raise to N' for any N from {raises[0].to} to {raises[-1].to}")
    if exchanges:
        numbered += [a for a in exchanges if not getattr(a, "discards", ())]
        hints.append("or type 'exchange' and the cards to discard, e.g. 'exchange 2c 7d'")
    return numbered, hints


def _ask(state: Any, seat: int, game: Any, out: _Output, read: Callable[[], str]) -> Action | None:
    view = state.view(seat)
    _describe_view(view, out)
    numbered, hints = _menu(view.legal_actions())
    out("  your move: " + ", ".join(f"[{i}] {action_text(a)}" for i, a in enumerate(numbered, 1)))
    for hint in hints:
        out(f"    {hint}")
    while True:
        out.prompt("> ")
        line = read()
        if out.echo:
            out(line.rstrip("\n"))
        if line == "":
            return None
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("quit", "q", "exit"):
            return None
        if text.isdigit():
            index = int(text)
            if 1 <= index <= len(numbered):
                return numbered[index - 1]
            out(f"  no action {index}: choose 1 to {len(numbered)}, or type an action")
            continue
        try:
            action = parse_action(game, text)
        except ValueError as error:
            out(f"  not understood: {_one_line(error)}")
            continue
        try:
            state.apply(action)
        except IllegalActionError as error:
            out(f"  refused: {_one_line(error)}")
            if error.rule in RULES:
                out(f"  rule {error.rule}: {RULES[error.rule]}")
            continue
        return action


def _cmd_play(args: argparse.Namespace, out: _Output, read: Callable[[], str]) -> int:
    game = _game(args.game)
    rules = _rules(game, args.rules)
    state = game.new_game(rules)
    players = len(state.stacks)
    seat = _seat(args.seat, players)
    assert seat is not None
    bots = _bots(args.bots, game, players - 1)
    bots.insert(seat, None)
    rng = random.Random(f"cardrules-play:{args.seed}:bots")
    chance = random.Random(f"cardrules-play:{args.seed}:chance")
    narrator = Narrator(seat=seat)
    out(*narrator.opening(state))
    out(f"You are seat {seat}. Type the number of an action or its text; 'quit' to stop.")
    while not state.is_terminal:
        actor = state.to_act
        if actor is CHANCE:
            action: Action = sample_chance(state, chance)
        elif actor != seat:
            action = bots[actor](state.view(actor), rng)
        else:
            chosen = _ask(state, seat, game, out, read)
            if chosen is None:
                out("Game left unfinished.")
                return 0
            action = chosen
        after = state.apply(action)
        out(*narrator.step(state, action, after))
        state = after
    out(*narrator.closing(state))
    return 0


# -- watch -----------------------------------------------------------------------------


def _cmd_watch(args: argparse.Namespace, out: _Output) -> int:
    game = _game(args.game)
    rules = _rules(game, args.rules, deals=args.deals, players=args.players)
    state = game.new_game(rules)
    players = len(state.stacks)
    seat = _seat(args.seat, players)
    bots = _bots(args.bots, game, players)
    with _writing(args.record) as write:
        rng = random.Random(f"cardrules-watch:{args.seed}:bots")
        chance = random.Random(f"cardrules-watch:{args.seed}:chance")
        narrator = Narrator(seat=seat, hands=not args.no_hands)
        out(*narrator.opening(state))
        while not state.is_terminal:
            actor = state.to_act
            if actor is CHANCE:
                action: Action = sample_chance(state, chance)
            else:
                action = bots[actor](state.view(actor), rng)
            after = state.apply(action)
            out(*narrator.step(state, action, after))
            state = after
        out(*narrator.closing(state))
        if write is not None:
            write(dumps(state, indent=1) + "\n")
    if args.record:
        out(f"record saved to {args.record}")
    return 0


# -- simulate --------------------------------------------------------------------------


def _progress_bar(stream: IO[str]) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{total} sessions")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def _cmd_simulate(args: argparse.Namespace, out: _Output) -> int:
    from cardrules.simulation import simulate

    game = _game(args.game)
    rules = _rules(game, args.rules)
    players = len(game.new_game(rules).stacks)
    bots = _bots(args.bots, game, players)
    if not 1 <= args.sessions <= _MAX_SESSIONS:
        raise UsageError(f"--sessions {args.sessions}: give a number from 1 to {_MAX_SESSIONS}")
    if args.workers < 1:
        raise UsageError(f"--workers {args.workers}: give a number of 1 or more")
    if args.rotate and args.sessions % players:
        raise UsageError(
            f"--rotate needs --sessions to be a multiple of the {players} seats, "
            f"not {args.sessions}"
        )
    show_progress = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _progress_bar(sys.stderr) if show_progress else None
    with _writing(args.record) as write:
        executor: Any = None
        if args.workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = ProcessPoolExecutor(args.workers)
        try:
            result = simulate(
                game,
                bots,
                sessions=args.sessions,
                seed=args.seed,
                rules=rules,
                executor=executor,
                rotate=args.rotate,
                records=write is not None,
                progress=progress,
            )
        finally:
            if executor is not None:
                executor.shutdown()
        if write is not None:
            for record in result.records:
                write(record + "\n")
    if args.json:
        out(result.to_json())
        return 0
    title = TITLES[game.GAME_ID]
    out(
        f"{title}: {result.sessions} sessions, {result.deals} deals, seed {args.seed}"
        + (", deals duplicated with the seats rotated" if result.rotate else "")
    )
    out("mean result per session, with its 95% confidence interval:")
    names = _bot_names(args.bots, players)
    for index, (name, mean, (low, high)) in enumerate(
        zip(names, result.mean, result.ci95, strict=True)
    ):
        where = "policy" if result.rotate else "seat"
        out(f"  {where} {index} {name}: {float(mean):+.3f}  [{low:+.3f}, {high:+.3f}]")
    out("frequencies:")
    for name, frequency in result.frequencies.items():
        line = (
            f"  {name}: {frequency.count} in {frequency.out_of} {frequency.unit}s = "
            f"{float(frequency.rate):.4f}"
        )
        if frequency.exact is not None:
            line += f" (exact {float(frequency.exact):.4f} = {frequency.exact})"
        out(line)
    if args.record:
        out(f"records saved to {args.record}")
    return 0


# -- replay ----------------------------------------------------------------------------


def _read_records(path: str) -> list[str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(
            f"cannot read {path}: {error.strerror or error} (give a record file written "
            "by cardrules)"
        ) from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not UTF-8 text, so not a record") from None
    try:
        json.loads(text)
        return [text]
    except ValueError:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
            return lines  # JSON Lines: one record per session
        return [text]


def _cmd_replay(args: argparse.Namespace, out: _Output) -> int:
    texts = _read_records(args.file)
    if not 0 <= args.session < len(texts):
        raise UsageError(
            f"--session {args.session}: {args.file} holds sessions 0 to {len(texts) - 1}"
        )
    try:
        state = loads(texts[args.session])
    except CardRulesError as error:
        raise UsageError(f"{args.file}: {_one_line(error)}") from None
    if args.game is not None:
        wanted = _game(args.game).GAME_ID
        if wanted != state.GAME_ID:
            raise UsageError(f"{args.file} is a record of {state.GAME_ID}, not of {wanted}")
    seat = _seat(args.seat, len(state.stacks))
    for line in transcript(state, seat=seat):
        out(line)
    if not state.is_terminal:
        out("(the record stops before the end of the session)")
    return 0


# -- rules -----------------------------------------------------------------------------


def _cmd_rules(args: argparse.Namespace, out: _Output) -> int:
    game = _game(args.game)
    out(f"{TITLES[game.GAME_ID]} ({game.GAME_ID}): the rules")
    for rule in rules_of(game.GAME_ID):
        out(f"  {rule:7} {RULES[rule]}")
    out("")
    out("options (cardrules play/simulate/watch GAME --rules KEY=VALUE ...), with defaults:")
    defaults = game.Rules()
    for field in attrs.fields(game.Rules):
        if field.init:
            value = getattr(defaults, field.name)
            out(f"  {field.name} = {json.dumps(value)}  ({_field_type(field)})")
    return 0


# -- main ------------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    return value


_GAME_HELP = "bouillotte-modern (or modern), bouillotte-historic (or historic), bourre"


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

    def rules_option(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--rules",
            nargs="+",
            action="extend",
            metavar="KEY=VALUE",
            help="rules options (see 'cardrules rules GAME'), e.g. players=5 deals=3",
        )

    play = commands.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play one session at one seat against bots. Only that seat's view "
        "is shown; answer with the number of an action or its text.",
    )
    play.add_argument("game", metavar="GAME", help=_GAME_HELP)
    play.add_argument("--seat", type=_positive, default=0, help="your seat (default 0)")
    play.add_argument("--seed", type=_seed, default=1, help="seed of the deals and bots")
    play.add_argument(
        "--bots",
        default="heuristic",
        help="the other seats' bots, comma-separated (random, heuristic; default heuristic)",
    )
    rules_option(play)

    watch = commands.add_parser(
        "watch",
        help="watch bots play, with a transcript that streams",
        description="Bots play a seeded session; every action and every card held is "
        "printed as the game goes.",
    )
    watch.add_argument("game", metavar="GAME", help=_GAME_HELP)
    watch.add_argument("--seed", type=_seed, default=1, help="random seed (default 1)")
    watch.add_argument("--bots", default="random", help="bots per seat (default random)")
    watch.add_argument("--seat", type=_positive, help="show only what this seat sees")
    watch.add_argument("--no-hands", action="store_true", help="show public information only")
    watch.add_argument("--deals", type=_positive, help="number of deals (--rules deals=N)")
    watch.add_argument("--players", type=_positive, help="number of players (--rules players=N)")
    watch.add_argument("--record", metavar="FILE", help="also save the game record here")
    rules_option(watch)

    simulate = commands.add_parser(
        "simulate",
        help="simulate many seeded sessions between bots",
        description="Play seeded sessions between bots and print each seat's mean result "
        "with its 95% confidence interval and the game's frequencies.",
    )
    simulate.add_argument("game", metavar="GAME", help=_GAME_HELP)
    simulate.add_argument("--sessions", type=_positive, required=True, help="sessions to play")
    simulate.add_argument(
        "--bots",
        default="heuristic,random",
        help="bots per seat, comma-separated; the last repeats for the other seats "
        "(random, heuristic, heuristic:-TIP; default heuristic,random)",
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
    rules_option(simulate)

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
    rules.add_argument("game", metavar="GAME", help=_GAME_HELP)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cardrules`` command; returns the exit status (2 for bad input).

    :param argv: the arguments (default ``sys.argv[1:]``).
    :returns: the exit status.

    >>> main(["--version"])
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and arguments[0] in (*GAMES, *ALIASES):
        arguments.insert(0, "watch")  # the old form: cardrules GAME [--seed S] ...
    out = _Output(sys.stdout)
    try:
        parser = build_parser()
        args = parser.parse_args(arguments)
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
        sys.stderr.write(f"cardrules: error: {_one_line(error)}\n")
        return 2
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("cardrules: interrupted\n")
        return 130
