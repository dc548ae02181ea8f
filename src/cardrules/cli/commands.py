"""The subcommands of the ``cardrules`` command: play, watch, simulate, replay, rules."""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import stat
import sys
import time
from collections.abc import Callable
from typing import IO, Any

from cardrules.actions import Action, Raise
from cardrules.chance import CHANCE, sample_chance
from cardrules.cli.common import (
    _MAX_SESSIONS,
    UsageError,
    _bot_names,
    _bots,
    _game,
    _one_line,
    _Output,
    _rules,
    _seat,
    _writing,
)
from cardrules.cli.guide import guide, player_text
from cardrules.errors import CardRulesError, IllegalActionError, shorten
from cardrules.legal import Legal, legal_of
from cardrules.notation import action_text, parse_action
from cardrules.records import MAX_TEXT, dumps, loads
from cardrules.rulebook import RULES
from cardrules.transcript import Narrator, title_of, transcript


def _describe_view(view: Any, out: _Output) -> None:
    """The seat's side of the table: its hand, the up-cards the view has, the pot and
    the stacks."""
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


def _menu(legal: Legal) -> tuple[list[Action], list[str]]:
    """The numbered actions and the hints for the ones not numbered, read from the
    legal set (a range of raises is never spelled out)."""
    if legal.count <= 12:
        return list(legal.actions()), []
    exchanges = [a for a in legal.listed if hasattr(a, "discards")]
    numbered = [a for a in legal.listed if not hasattr(a, "discards")]
    hints = []
    low, high = legal.low, legal.high
    if low <= high:
        numbered += [Raise(to=low)] if low == high else [Raise(to=low), Raise(to=high)]
        hints.append(f"or type 'raise to N' for any N from {low} to {high}")
    if exchanges:
        numbered += [a for a in exchanges if not getattr(a, "discards", ())]
        hints.append("or type 'exchange' and the cards to discard, e.g. 'exchange 2c 7d'")
    return numbered, hints


_HELP_WORDS = ("help", "?", "h")


def _help(legal: Legal, numbered: list[Action], hints: list[str], out: _Output) -> None:
    """What may be typed at the prompt: the legal actions, by number and by text."""
    out(f"  legal now: {legal.describe()}")
    out("  type the number of an action, or its text:")
    for i, action in enumerate(numbered, 1):
        out(f"    {i}  or  {action_text(action)}")
    for hint in hints:
        out(f"    {hint}")
    out("  'quit' (or end of input) leaves the game")


def _ask(state: Any, seat: int, game: Any, out: _Output, read: Callable[[], str]) -> Action | None:
    view = state.view(seat)
    _describe_view(view, out)
    legal = legal_of(view, "the prompt")
    numbered, hints = _menu(legal)
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
        if text.lower() in _HELP_WORDS:
            _help(legal, numbered, hints, out)
            continue
        if text.isascii() and text.isdigit():  # not "²" or "①", which int() refuses
            index = int(text) if len(text) <= 6 else 0  # 5,000 digits: no such action
            if 1 <= index <= len(numbered):
                return numbered[index - 1]
            out(
                f"  no action {shorten(text, most=12)}: choose 1 to {len(numbered)}, "
                "or type an action"
            )
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
                out(f"  rule {error.rule}: {player_text(RULES[error.rule])}")
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
    seed = args.seed
    if seed is None:  # a fresh game, told so that it can be played again
        seed = random.SystemRandom().randrange(10**6)
        out(f"Seed {seed} (cardrules play {args.game} --seed {seed} deals this game again).")
    rng = random.Random(f"cardrules-play:{seed}:bots")
    chance = random.Random(f"cardrules-play:{seed}:chance")
    narrator = Narrator(seat=seat)
    out(
        f"You are seat {seat}. Type the number of an action or its text; 'help' to "
        "list them, 'quit' to stop."
    )
    out(*narrator.opening(state))
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


def progress_bar(
    stream: IO[str], clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None]:
    """A bar on ``stream`` with the sessions done, their rate and the time left at
    that rate: ``show(done, total)`` redraws it (a new line at the end).

    >>> import io
    >>> ticks, stream = iter([0.0, 1.0]), io.StringIO()
    >>> progress_bar(stream, clock=lambda: next(ticks))(25, 100)
    >>> stream.getvalue().strip()
    '[#######                       ] 25/100 sessions, 25 sessions/s, 3s left'
    """
    start = clock()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        spent = clock() - start
        rate = done / spent if spent > 0 else 0.0
        left = f", {_duration((total - done) / rate)} left" if rate and done < total else ""
        speed = f", {rate:,.0f} sessions/s" if rate else ""
        stream.write(
            f"\r[{'#' * filled}{' ' * (width - filled)}] {done}/{total} sessions{speed}{left}   "
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def _duration(seconds: float) -> str:
    """``seconds`` as ``1h02m``, ``3m05s`` or ``12s``."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


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
    progress = progress_bar(sys.stderr) if show_progress else None
    workers = _workers(args.workers, args.sessions // players if args.rotate else args.sessions)
    with _writing(args.record) as write:
        executor: Any = None
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor

            executor = ProcessPoolExecutor(workers, initializer=_default_signals)
        finished = False
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
                on_record=None if write is None else lambda record: write(record + "\n"),
            )
            finished = True
        finally:
            if executor is not None:
                executor.shutdown(wait=finished, cancel_futures=True)
    if args.json:
        out(result.to_json())
        return 0
    _tell_simulation(args, game, players, result, out)
    return 0


def _workers(asked: int, units: int) -> int:
    """The processes to start: never more than the batches to run or the CPUs to run
    them (said on stderr when fewer than asked)."""
    from cardrules.simulation import chunk_size_for

    chunk = chunk_size_for(units)
    batches = -(-units // chunk)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    workers = max(1, min(asked, batches, cpus))
    if workers < asked:
        why = (
            f"{batches} batch{'es' * (batches != 1)} of up to {chunk} "
            f"session{'s' * (chunk != 1)} to run"
            if batches < cpus
            else f"{cpus} CPU{'s' * (cpus != 1)} to run them"
        )
        sys.stderr.write(
            f"cardrules: note: --workers {shorten(asked, most=30)}: starting {workers} "
            f"worker{'s' * (workers != 1)} (only {why})\n"
        )
    return workers


def _default_signals() -> None:
    """In a worker process: SIGTERM ends it as usual (the command's handler is the
    parent's)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _tell_simulation(
    args: argparse.Namespace, game: Any, players: int, result: Any, out: _Output
) -> None:
    """Print a simulation's result for a reader: means, intervals, frequencies."""
    title = title_of(game.GAME_ID)
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
        counted = f" ({frequency.what})" if frequency.what else ""
        line = (
            f"  {name}: {frequency.count} of {frequency.out_of} {frequency.unit}s{counted}"
            f" = {float(frequency.rate):.4f}"
        )
        if frequency.exact is not None:
            line += f" (exact {float(frequency.exact):.4f} = {frequency.exact})"
        out(line)
    if args.record:
        out(f"records saved to {args.record}")


# -- replay ----------------------------------------------------------------------------


_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _open_record_file(path: str) -> IO[bytes]:
    """``path`` opened for reading, if it is a regular file: a FIFO, a device or a
    directory is refused before anything is read (O_NONBLOCK: opening a FIFO never
    waits for a writer)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise UsageError(
            f"cannot read {path}: {error.strerror or error} (give a record file written "
            "by cardrules)"
        ) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        kind = next((name for test, name in _FILE_KINDS if test(mode)), "not a regular file")
        raise UsageError(
            f"cannot read {path}: it is {kind}; give a regular file holding a record "
            "written by cardrules"
        )
    return os.fdopen(descriptor, "rb")


def _text_of(path: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not UTF-8 text, so not a record") from None


def _read_record(path: str, session: int) -> str:
    """The text of session ``session`` of the record file ``path``: a record (as
    ``dumps`` writes it, on one line or indented), or a JSON Lines file of records,
    one a line, as ``simulate --record`` writes them. A record over
    :data:`~cardrules.records.MAX_TEXT` bytes is refused before it is read; a JSON
    Lines file is read a line at a time, whatever its size."""
    with _open_record_file(path) as file:
        size = os.fstat(file.fileno()).st_size
        if size > MAX_TEXT and not file.read(4096).lstrip().startswith(b"{"):
            raise UsageError(
                f"cannot read {path}: its {size} bytes are more than the {MAX_TEXT} a "
                "record may hold, and it is no JSON Lines file of records"
            )
        file.seek(0)
        first = b""
        while not first.strip():
            first = file.readline(MAX_TEXT + 1)
            if not first:
                break
        line = first.strip()
        if line.startswith(b"{") and line.endswith(b"}") and len(first) <= MAX_TEXT:
            return _session_of(path, file, first, session)
        if size > MAX_TEXT:
            raise UsageError(
                f"cannot read {path}: its {size} bytes are more than the {MAX_TEXT} a "
                "record may hold (a JSON Lines file of records, one a line, may be larger)"
            )
        file.seek(0)
        data = file.read(MAX_TEXT + 1)
    if session != 0:
        raise UsageError(f"--session {session}: {path} holds one session, session 0")
    return _text_of(path, data)


def _session_of(path: str, file: IO[bytes], first: bytes, session: int) -> str:
    """Session ``session`` of a JSON Lines file whose first record is ``first``."""
    found = first if session == 0 else None
    count = 1
    while found is None:
        line = file.readline(MAX_TEXT + 1)
        if not line:
            break
        if len(line) > MAX_TEXT:
            raise UsageError(
                f"cannot read {path}: line {count + 1} is longer than the {MAX_TEXT} bytes "
                "a record may hold"
            )
        if not line.strip():
            continue
        if count == session:
            found = line
        count += 1
    if found is None:
        raise UsageError(f"--session {session}: {path} holds sessions 0 to {count - 1}")
    return _text_of(path, found)


def _cmd_replay(args: argparse.Namespace, out: _Output) -> int:
    text = _read_record(args.file, args.session)
    try:
        state = loads(text)
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
    width = min(shutil.get_terminal_size((80, 24)).columns, 100)
    out(*guide(game, width))
    return 0


# -- main ------------------------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    return value
