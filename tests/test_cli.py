"""The ``cardrules`` command: every subcommand, bad input (one line, exit 2, no
traceback, nothing half-written), a transcript that streams, ``play`` driven through
stdin, and ``simulate`` giving the same JSON for any number of workers."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

from cardrules import __version__, loads
from cardrules.cli import main
from cardrules.transcript import transcript

ROOT = Path(__file__).resolve().parent.parent


def run(
    *args: str, stdin: str | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
    )


def test_version_and_help_name_the_command() -> None:
    done = run("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"cardrules {__version__}"
    helped = run("--help")
    assert helped.returncode == 0
    assert helped.stdout.startswith("usage: cardrules ")
    assert "python -m" not in helped.stdout
    for command in ("play", "watch", "simulate", "replay", "rules"):
        assert command in helped.stdout


def test_the_console_script_is_installed() -> None:
    script = shutil.which("cardrules", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the console script is not installed next to this Python")
    done = subprocess.run([script, "--version"], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == f"cardrules {__version__}"


@pytest.mark.parametrize("game", ["bouillotte-modern", "historic", "bourre"])
def test_rules_lists_rule_ids_and_options_with_defaults(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert "\nX-1  Dealing order\n" in out
    prefix = {"bouillotte-modern": "M-3.3", "historic": "H-2.2", "bourre": "B-5.4"}[game]
    assert f"\n{prefix}  " in out
    option = {
        "bouillotte-modern": "  max_raise: a whole number >= 1 (default 5)",
        "historic": "  cave: a whole number >= 1 (default 100)",
        "bourre": "  pot_cap: a whole number >= 1, or none (default none)",
    }
    assert option[game] in out


def bad(args: list[str], capsys: pytest.CaptureFixture[str], *expected: str) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("cardrules: error: ")
    assert "Traceback" not in captured.err
    for text in expected:
        assert text in lines[0]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "poker"], ["unknown game 'poker'", "bouillotte-modern", "bourre"]),
        (["simulate", "bourre", "--sessions", "5", "--rules", "jokers=2"], ["'jokers'", "pot_cap"]),
        (["simulate", "bourre", "--sessions", "5", "--rules", "players=9"], ["players", "2 to 7"]),
        (["simulate", "bourre", "--sessions", "5", "--rules", "players=many"], ["whole number"]),
        (["simulate", "bourre", "--sessions", "5", "--rules", "exchange=maybe"], ["true or false"]),
        (["simulate", "bourre", "--sessions", "5", "--rules", "players"], ["KEY=VALUE"]),
        (["simulate", "bourre", "--sessions", "0"], ["--sessions 0"]),
        (["simulate", "bourre", "--sessions", "x"], ["--sessions", "'x'"]),
        (["simulate", "bourre", "--sessions", "5", "--bots", "clever"], ["unknown bot 'clever'"]),
        (["simulate", "bourre", "--sessions", "5", "--bots", "heuristic:-nope"], ["tips are"]),
        (["simulate", "bourre", "--sessions", "5", "--rotate"], ["multiple of the 4 seats"]),
        (["simulate", "bourre", "--sessions", "4", "--workers", "0"], ["--workers 0"]),
        (["simulate", "bourre"], ["--sessions"]),
        (
            ["watch", "historic", "--players", "5"],
            ["'players' is not an option", "cave, ante, deals"],
        ),
        (["bouillotte-historic", "--players", "5"], ["'players' is not an option"]),
        (["play", "bourre", "--seat", "4"], ["seats of this game are 0 to 3"]),
        (["replay", "no/such/file.json"], ["cannot read no/such/file.json"]),
        (["rules"], ["GAME"]),
        ([], ["choose a command"]),
        (["dance"], ["invalid choice: 'dance'"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    bad(args, capsys, *expected)


def test_unwritable_record_fails_before_anything_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing-folder" / "game.json"
    bad(["watch", "bourre", "--record", str(target)], capsys, "cannot write", "game.json")
    bad(["watch", "bourre", "--record", str(tmp_path)], capsys, "is a directory")
    bad(
        ["simulate", "bourre", "--sessions", "4", "--record", str(target)],
        capsys,
        "cannot write",
    )
    assert not target.exists()


def test_records_replay_and_refuse_what_is_not_theirs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["watch", "bourre", "--seed", "4", "--record", str(record)]) == 0
    watched = capsys.readouterr().out
    assert loads(record.read_text(encoding="utf-8")).is_terminal
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left
    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.splitlines() == watched.splitlines()[:-1]  # all but "record saved"
    assert main(["replay", str(record), "--seat", "2"]) == 0
    as_seat = capsys.readouterr().out
    assert "as seat 2 sees it" in as_seat
    assert "    seat 1: " not in as_seat and "    seat 2: " in as_seat
    bad(["replay", str(record), "--game", "modern"], capsys, "is a record of bourre", "modern")
    bad(["replay", str(record), "--seat", "7"], capsys, "0 to 3")
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    bad(["replay", str(other)], capsys, "notes.txt", "expected a JSON object")
    binary = tmp_path / "image.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    bad(["replay", str(binary)], capsys, "not UTF-8")
    tampered = tmp_path / "tampered.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    data["game"] = "bouillotte-historic"
    tampered.write_text(json.dumps(data), encoding="utf-8")
    bad(["replay", str(tampered)], capsys, "tampered.json: record")


def test_watch_shows_every_card_held_and_each_action_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["watch", "bourre", "--seed", "3", "--rules", "players=6", "deals=3"]) == 0
    out = capsys.readouterr().out
    assert "(drew " in out  # the cards drawn in an exchange
    assert "exchanges" not in out  # the action is not told twice
    assert out.count("Results:") == 1 and "the session is over" not in out
    assert main(["watch", "modern", "--seed", "3"]) == 0
    assert "* the retourné is" not in capsys.readouterr().out


def test_the_transcript_streams_while_the_game_runs() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "watch", "bourre", "--rules", "deals=100000"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        start = time.monotonic()
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(40)]
        assert time.monotonic() - start < 30
        assert lines[0].startswith("Bourré, 4 players, 100000 deals")
    finally:
        process.kill()
        process.wait()


def test_the_old_form_still_watches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bourre", "--seed", "7", "--deals", "2"]) == 0
    assert "Results:" in capsys.readouterr().out


def test_play_through_stdin() -> None:
    moves = "\n".join(["9", "raise to 4", "raise to 999", "play Q♥", "1", "1", "1", "1", "1"])
    done = run("play", "modern", "--seat", "1", "--seed", "2", stdin=moves + "\n" + "1\n" * 40)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You are seat 1" in out
    assert "your move: [1] " in out
    assert "no action 9" in out
    assert "refused: " in out and "rule M-3.3: " in out  # raise to 999 is too much
    assert "not understood: cannot read 'play Q♥' as an action of bouillotte-modern" in out
    assert "Results:" in out
    assert "Traceback" not in done.stderr


def test_play_shows_only_its_seat_and_quits(tmp_path: Path) -> None:
    done = run("play", "bourre", "--seat", "2", "--seed", "5", stdin="quit\n")
    assert done.returncode == 0
    dealt = [line for line in done.stdout.splitlines() if line.startswith("    seat ")]
    assert dealt and all(line.startswith("    seat 2: ") for line in dealt)
    assert "Game left unfinished." in done.stdout
    ended = run("play", "historic", "--seed", "5", stdin="")
    assert ended.returncode == 0 and "Game left unfinished." in ended.stdout


def test_play_bourre_exchange_by_text() -> None:
    done = run(
        "play",
        "bourre",
        "--seat",
        "1",
        "--seed",
        "3",
        "--bots",
        "random",
        stdin="1\nexchange 2c\n" + "1\n" * 30,
    )
    assert "refused: seat 1 cannot exchange " in done.stdout
    assert "the seat does not hold 2♣" in done.stdout
    assert "rule B-4.1: " in done.stdout
    assert done.returncode == 0


def test_simulate_gives_the_same_json_for_one_and_two_workers(tmp_path: Path) -> None:
    args = ["simulate", "bourre", "--sessions", "24", "--seed", "5", "--rotate", "--json"]
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2", "--progress")
    assert one.returncode == 0 and two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["sessions"] == 24 and data["rotate"] is True
    assert set(data["frequencies"]) >= {"bourre", "carried_pot"}
    assert "24/24 sessions" in two.stderr


def test_simulate_prints_means_and_frequencies_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "runs.jsonl"
    assert main(["simulate", "modern", "--sessions", "6", "--record", str(records)]) == 0
    out = capsys.readouterr().out
    assert "95% confidence interval" in out
    assert "brelan: " in out and "exact 0.0175 = 1/57" in out
    assert len(records.read_text(encoding="utf-8").splitlines()) == 6
    assert main(["replay", str(records), "--session", "5"]) == 0
    assert "Results:" in capsys.readouterr().out
    bad(["replay", str(records), "--session", "6"], capsys, "sessions 0 to 5")


def test_a_seat_sees_other_seats_exchanges_as_a_count_only() -> None:
    from cardrules.bourre import Exchange
    from cardrules.cards import cards as read_cards
    from cardrules.transcript import Narrator

    narrator = Narrator(seat=0)
    import cardrules.bourre as bourre_game

    state = bourre_game.new_game()
    narrator.opening(state)
    state = state.apply(bourre_game.arrange_deck(state, {1: read_cards("2c 3c 4c 5c 6c")}))
    for _ in range(4):
        state = state.apply(bourre_game.STAY_IN)
    after = state.apply(Exchange(read_cards("2c 3c")))
    lines = narrator.step(state, Exchange(read_cards("2c 3c")), after)
    assert lines[0] == "  seat 1: exchange 2 cards"
    assert not any("2♣" in line for line in lines)


@pytest.mark.parametrize(
    "case",
    [
        ("bouillotte-modern", {"deals": 5}),
        (
            "bouillotte-modern",
            {
                "deals": 3,
                "players": 5,
                "retournes": 2,
                "betting_rounds": 3,
                "retourne_change": True,
                "open_card": True,
            },
        ),
        ("bouillotte-historic", {"deals": 4}),
        ("bourre", {"deals": 6, "players": 7}),
        ("bourre", {"deals": 4, "players": 3, "hand_size": 7, "rising_ante": True}),
    ],
    ids=str,
)
def test_the_transcript_tells_every_event_once(case: tuple[str, dict[str, object]]) -> None:
    import random

    from cardrules import play, random_policy
    from cardrules.events import DealStarted, SessionEnded
    from cardrules.registry import get_game
    from cardrules.transcript import transcript

    repeats = {"Exchanged", "RetournesTurned", "TrumpTurned"}
    game = get_game(case[0])
    rules = game.Rules(**case[1])
    players = len(game.new_game(rules).stacks)
    for seed in range(6):
        final = play(game.new_game(rules), [random_policy] * players, random.Random(seed))
        expected = [
            f"Deal {e.deal_number + 1} (seat {e.dealer} deals)"
            if isinstance(e, DealStarted)
            else f"  * {e}"
            for e in final.events
            if not isinstance(e, SessionEnded) and type(e).__name__ not in repeats
        ]
        for seat in (None, 1):
            told = [
                line for line in transcript(final, seat=seat) if line.startswith(("  * ", "Deal "))
            ]
            assert told == expected


def test_replay_of_a_deep_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 7: a file holding ``"[" * 100000`` printed a traceback."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    bad(["replay", str(deep)], capsys, "deep.json", "expected a JSON object")
    deep.write_text('{"a": ' * 100_000, encoding="utf-8")
    bad(["replay", str(deep)], capsys, "deep.json", "too deeply nested")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_replay_reads_regular_files_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 8: ``replay /dev/zero`` read until MemoryError, a FIFO blocked
    forever; both are refused before anything is read."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.perf_counter()
    bad(["replay", str(fifo)], capsys, "fifo: it is a FIFO", "regular file")
    if os.path.exists("/dev/zero"):
        bad(["replay", "/dev/zero"], capsys, "/dev/zero: it is a character device")
    bad(["replay", str(tmp_path)], capsys, "it is a directory")
    assert time.perf_counter() - started < 5


def test_replay_refuses_a_record_over_the_bound_before_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 8: a 200 MiB JSON file peaked at 1 GB of memory."""
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(200 * 1024 * 1024)  # sparse: no disk used
    started = time.perf_counter()
    bad(["replay", str(big)], capsys, "209715200 bytes are more than the 67108864")
    big.write_bytes(b'{"format": ' + b" " * (65 * 1024 * 1024) + b"}")
    bad(["replay", str(big)], capsys, "more than the 67108864")
    assert time.perf_counter() - started < 5


def test_replay_picks_one_session_of_a_json_lines_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 8: a JSON Lines file is read a line at a time."""
    lines = tmp_path / "sessions.jsonl"
    assert main(["simulate", "bourre", "--sessions", "3", "--record", str(lines)]) == 0
    capsys.readouterr()
    texts = lines.read_text(encoding="utf-8").splitlines()
    for session, text in enumerate(texts):
        assert main(["replay", str(lines), "--session", str(session)]) == 0
        told = capsys.readouterr().out
        assert told.splitlines()[-1] == list(transcript(loads(text)))[-1]
    bad(["replay", str(lines), "--session", "3"], capsys, "holds sessions 0 to 2")


def test_the_prompt_reads_ascii_numbers_only() -> None:
    """Issue 34, item 17: ``²``, ``①`` or a line of 5,000 digits at the prompt crashed
    ``cardrules play`` (``isdigit()`` then ``int()``)."""
    moves = "\n".join(["²", "①", "٣", "7" * 5000, "0" * 20 + "1"])
    done = run("play", "modern", "--seat", "1", "--seed", "2", stdin=moves + "\n" + "1\n" * 40)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "not understood: cannot read '²'" in done.stdout
    assert "not understood: cannot read '①'" in done.stdout
    assert "no action 77777777777…: choose 1 to" in done.stdout
    assert "Results:" in done.stdout


def test_workers_are_capped_by_the_batches_and_the_cpus(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 34, item 9: ``--workers 3000000000`` gave an OverflowError traceback and
    ``--workers 1000000000`` forked a process per worker up front."""
    for workers in ("3000000000", "1000000000", str(10**40)):
        assert main(["simulate", "bourre", "--sessions", "8", "--workers", workers]) == 0
        captured = capsys.readouterr()
        note = captured.err.splitlines()
        assert len(note) == 1 and f"--workers {workers[:20]}" in note[0], captured.err
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        if cpus == 1:
            assert "starting 1 worker (only 1 CPU to run them)" in note[0]
        elif cpus and cpus < 8:
            assert f"starting {cpus} workers (only {cpus} CPUs to run them)" in note[0]
        else:
            assert "starting 8 workers (only 8 batches of up to 1 session to run)" in note[0]
        assert "Bourré: 8 sessions" in captured.out
    bad(["simulate", "bourre", "--sessions", "8", "--workers", "0"], capsys, "1 or more")
    bad(["simulate", "bourre", "--sessions", str(10**10)], capsys, "from 1 to 1000000000")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symlinks")
def test_record_writes_regular_files_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 10: ``--record`` replaced a FIFO, a device or a symlink by a
    regular file (``os.replace``), and made an existing 0644 file 0600."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    kept = tmp_path / "kept.json"
    kept.write_text("mine", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(kept)
    for target, kind in ((fifo, "a FIFO"), (link, "a symbolic link")):
        for command in (["watch", "bourre"], ["simulate", "bourre", "--sessions", "2"]):
            bad([*command, "--record", str(target)], capsys, f"it is {kind}", "regular file")
    if os.path.exists("/dev/null"):
        bad(["watch", "bourre", "--record", "/dev/null"], capsys, "a character device")
    assert fifo.is_fifo() and link.is_symlink() and kept.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "kept.json", "link.json"]


def test_record_follows_the_umask_and_keeps_a_files_mode(tmp_path: Path) -> None:
    """Issue 34, item 10: a new record follows the umask; an existing file keeps its
    mode."""
    new = tmp_path / "new.json"
    old = os.umask(0o027)
    try:
        assert main(["watch", "bourre", "--record", str(new)]) == 0
    finally:
        os.umask(old)
    assert new.stat().st_mode & 0o777 == 0o640
    new.chmod(0o604)
    assert main(["simulate", "bourre", "--sessions", "2", "--record", str(new)]) == 0
    assert new.stat().st_mode & 0o777 == 0o604


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_during_simulate_record_removes_the_part_file(tmp_path: Path) -> None:
    """Issue 34, item 11: SIGTERM during ``simulate --record`` left the ``.part`` file
    behind (SIGINT cleaned up)."""
    import signal

    target = tmp_path / "sessions.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "simulate", "modern", "--sessions", "100000"]
        + ["--record", str(target), "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 60
    while not any(tmp_path.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143, err
    assert err.strip() == "cardrules: terminated"
    assert list(tmp_path.iterdir()) == []


# -- issue 35: first contact at the terminal ------------------------------------------


def test_options_may_come_before_the_game() -> None:
    """Issue 35: ``--rules`` took the game's name ("the following arguments are
    required: GAME")."""
    before = run("play", "--rules", "players=5", "deals=1", "modern", "--seed", "4", stdin="")
    after = run("play", "modern", "--seed", "4", "--rules", "players=5", "deals=1", stdin="")
    assert before.returncode == after.returncode == 0, before.stderr
    assert before.stdout == after.stdout and "seat 4" in before.stdout
    missing = run("play", "--rules", "players=5")
    assert missing.returncode == 2 and "required: GAME" in missing.stderr


def test_play_draws_a_fresh_seed_and_prints_it() -> None:
    """Issue 35: ``play`` dealt the same game every time (``--seed`` was 1 unsaid);
    without ``--seed`` it draws one and prints how to deal the game again."""
    first = run("play", "bourre", stdin="quit\n")
    assert first.returncode == 0
    found = re.search(r"Seed (\d+) \(cardrules play bourre --seed (\d+) deals", first.stdout)
    assert found and found[1] == found[2]
    again = run("play", "bourre", "--seed", found[1], stdin="quit\n")
    assert again.stdout == first.stdout.split("\n", 1)[1]


def test_play_says_the_seat_before_the_antes_and_helps() -> None:
    """Issue 35: "You are seat N" comes first; ``help`` and ``?`` list the legal
    actions and how to type them; ``quit`` exits 0."""
    done = run("play", "historic", "--seed", "2", stdin="help\n?\nquit\n")
    assert done.returncode == 0
    assert done.stdout.startswith("You are seat 0")
    assert done.stdout.count("legal now:") == 2 and "not understood" not in done.stdout


def test_a_terminal_without_suit_symbols_gets_letters() -> None:
    """Issue 35: ``PYTHONIOENCODING=cp1252 cardrules watch bourre`` ended in a
    UnicodeEncodeError; the cards are written with letters instead."""
    environment = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "watch", "bourre", "--deals", "1"],
        capture_output=True,
        env=environment,
        timeout=120,
        check=False,
    )
    text = done.stdout.decode("cp1252")
    assert done.returncode == 0, done.stderr
    assert "♠" not in text and re.search(r"\b[2-9TJQKA][shdc]\b", text)


def test_the_progress_bar_shows_rate_and_time_left() -> None:
    """Issue 35: the bar showed neither the rate nor the time left."""
    import io

    from cardrules.cli.commands import progress_bar

    ticks = iter([0.0, 2.0, 4.0])
    stream = io.StringIO()
    show = progress_bar(stream, clock=lambda: next(ticks))
    show(10, 40)
    show(40, 40)
    assert "10/40 sessions, 5 sessions/s, 6s left" in stream.getvalue()
    assert stream.getvalue().endswith("\n")


@pytest.mark.parametrize("game", ["modern", "historic", "bourre"])
def test_rules_prints_a_player_s_guide(game: str) -> None:
    """Issue 35: ``cardrules rules`` printed Markdown, lines over 200 characters,
    implementer words and options as type names; it prints a guide wrapped to the
    terminal, every rule under its id and title, every option with the values it takes
    and its default."""
    from cardrules.registry import get_game
    from cardrules.rulebook import rules_of

    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "rules", game],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "COLUMNS": "72", "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(map(len, lines)) <= 72
    for word in ("`", "chance node", "Shuffle", "IllegalActionError", "returns()", "new_game"):
        assert word not in done.stdout, word
    module = get_game(
        {"modern": "bouillotte-modern", "historic": "bouillotte-historic"}.get(game, game)
    )
    for rule in rules_of(module.GAME_ID):
        assert any(line.startswith(f"{rule}  ") for line in lines), rule
    text = done.stdout.replace("\n      ", " ")  # an option's wrapped lines, joined
    for field in attrs.fields(module.Rules):
        option = next(line for line in text.splitlines() if line.startswith(f"  {field.name}: "))
        assert "(default " in option and "Rule" not in option, option
