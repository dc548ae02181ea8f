"""Bad input, round two (issue 34): the text and JSON forms of actions, records read
from files, the command line and simulate.

Every failure is the documented error (a ``ValueError`` of the library) with a message
that names what was wrong, in bounded time and memory; nothing that reads text
builds a value the printed forms could not have printed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Raise, bourre
from cardrules.bouillotte import historic, modern
from cardrules.cards import Card
from cardrules.notation import action_from_json, action_text, parse_action

GAMES = (modern, historic, bourre)


def _refused(call: Any, match: str | None = None) -> str:
    """The message of the ValueError the call raises (and not another error)."""
    started = time.perf_counter()
    with pytest.raises(ValueError, match=match) as error:
        call()
    assert type(error.value).__module__.startswith("cardrules") or type(error.value) is ValueError
    assert time.perf_counter() - started < 2.0
    return str(error.value)


def _outcome(call: Any) -> tuple[Any, ValueError | None]:
    """``(value, None)``, or ``(None, error)`` for a ValueError."""
    try:
        return call(), None
    except ValueError as error:
        return None, error


# -- parse_action -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Raise(to=" + "-" * 900 + "1)",
        "Raise(to=a" + ".b" * 450 + ")",
        "Raise(to=" + "f(" * 300 + ")" * 300 + ")",
        "Raise(to=" + "(" * 400 + "1" + ")" * 400 + ")",
        "Raise(to=" + "[" * 300 + "]" * 300 + ")",
    ],
)
def test_a_deep_repr_is_refused_not_a_recursion_error(text: str) -> None:
    """Issue 34, item 3: a deep repr (unary minus, attribute or call chains, nesting)
    within the 1000-character bound leaked ``RecursionError`` from ``parse_action``."""
    _refused(lambda: parse_action(modern, text), "cannot read")


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (bourre, "Exchange(discards=Card.parse('As'))", "Exchange's discards is a tuple of cards"),
        (bourre, "Play(card=(Card.parse('As'),))", "Play's card is one card"),
        (bourre, "Play(card=4)", "Play's card is one card"),
        (modern, "Raise(to=Card.parse('As'))", "Raise's to is a whole number"),
        (modern, "Raise(to=())", "Raise's to is a whole number"),
        (bourre, "Exchange(discards=(Card.parse('As'), 3))", "holds cards only"),
        (bourre, "Exchange(discards=((Card.parse('As'),),))", "holds cards only"),
    ],
)
def test_a_repr_holds_what_its_field_holds(game: Any, text: str, message: str) -> None:
    """Issue 34, item 5: ``Exchange(discards=Card.parse('As'))`` built an Exchange of
    a single Card (``str`` "exchange ? cards", ``action_text`` a raw TypeError)."""
    _refused(lambda: parse_action(game, text), message)


@pytest.mark.parametrize("to", [10**31, -(10**40), 10**900, 0])
def test_str_of_every_raise_reads_back(to: int) -> None:
    """Issue 34, item 6: ``parse_action(str(Raise(to=10**31)))`` was refused."""
    for game in (modern, historic):
        assert parse_action(game, str(Raise(to=to))) == Raise(to=to)
        assert parse_action(game, repr(Raise(to=to))) == Raise(to=to)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (modern, "Raiſe(to=10)"),  # long s: NFKC makes it Raise
        (modern, "ℛaise(to=10)"),
        (modern, "Raise(ｔo=10)"),  # fullwidth t
        (modern, "raise to ٤"),  # Arabic-Indic four
        (modern, "raise to ４"),  # fullwidth four
        (modern, "raise to 1٠"),
        (modern, "chec\u212a"),  # Kelvin sign
        (modern, "ᴄheck"),
        (historic, "\u212aarre".replace("\u212a", "c\u0327")),
        (bourre, "play \u212as"),
        (bourre, "Play(card=Card.parſe('As'))"),
        (bourre, "stay ın"),  # dotless i
    ],
)
def test_only_the_printed_spelling_is_read(game: Any, text: str) -> None:
    """Issue 34, item 6: names equal only after Unicode normalisation (``Raiſe``), and
    non-ASCII digits, were read as actions; no ``str`` or ``repr`` prints them."""
    _refused(lambda: parse_action(game, text), "cannot read")


def test_a_refusal_quotes_the_text_shortened() -> None:
    """Issue 34, item 6: an error message quoted the whole input."""
    for text in ("play " + "x" * 990, "Raise(to=" + "1" * 980 + "x)", "x" * 999):
        assert len(_refused(lambda text=text: parse_action(bourre, text))) < 700
    assert len(_refused(lambda: parse_action(bourre, "x" * 1_000_000))) < 300


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(GAMES), text=st.text(max_size=40))
def test_parse_action_reads_or_refuses_any_text(game: Any, text: str) -> None:
    """Issue 34 (fuzzing the new surfaces): any text is an action whose ``str`` or
    ``action_text`` reads back, or a ValueError."""
    action, error = _outcome(lambda: parse_action(game, text))
    if error is not None:
        assert type(error) is ValueError and str(error)
        return
    assert parse_action(game, action_text(action)) == action
    assert parse_action(game, repr(action)) == action


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    text=st.lists(
        st.sampled_from(
            ["Raise(", "to=", "Card.parse(", "'As'", "(", ")", "[", "]", ",", "-", "4", "."]
            + ["Exchange(", "discards=", "Play(", "card=", "ſ", "٤", "\u212a", " ", "Check()"]
        ),
        max_size=30,
    ).map("".join),
)
def test_parse_action_reads_or_refuses_any_repr_like_text(game: Any, text: str) -> None:
    """Issue 34 (fuzzing the new surfaces): pieces of reprs put together."""
    test_parse_action_reads_or_refuses_any_text.hypothesis.inner_test(game, text)  # type: ignore[attr-defined]


# -- action_from_json -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 20000,
        "{" + '"a": {' * 10000,
        '{"action": "Exchange", "discards": ' + "[" * 2000 + "]" * 2000 + "}",
        '{"action": "Shuffle", "order": ' + "[" * 30000 + "]" * 30000 + "}",
    ],
)
def test_deep_json_is_refused_not_a_recursion_error(text: str) -> None:
    """Issue 34, item 4: deep nesting within the 64,000-character bound leaked
    ``RecursionError``."""
    _refused(lambda: action_from_json(text[:64_000], bourre))


def test_deep_discards_as_data_are_refused() -> None:
    """Issue 34, item 4: discards nested 2,000 deep (as a dict, not text)."""
    nested: Any = "As"
    for _ in range(2000):
        nested = [nested]
    _refused(lambda: action_from_json({"action": "Exchange", "discards": nested}, bourre))


def test_a_key_twice_in_an_action_is_refused() -> None:
    """Issue 34, item 4: ``{"to": 4, "to": 5}`` read as 5; records already refuse it."""
    message = _refused(
        lambda: action_from_json('{"action": "Raise", "to": 4, "to": 5}', modern), "twice"
    )
    assert "'to'" in message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "Exchange", "discards": "As"}, "expected a list of card codes"),
        ({"action": "Play", "card": ["As"]}, "expected a card code"),
        ({"action": "Exchange", "discards": [["As"]]}, r"discards\[0\]: expected a card code"),
        ({"action": "Shuffle", "order": "As"}, "expected a list of card codes"),
    ],
)
def test_json_fields_hold_what_the_action_holds(data: Any, message: str) -> None:
    """Issue 34, item 5: the JSON form could also build an Exchange of a single Card."""
    _refused(lambda: action_from_json(data, bourre), message)
    _refused(lambda: action_from_json(json.dumps(data), bourre), message)


def test_a_raise_to_a_card_is_refused() -> None:
    """Issue 34, item 5: a card where a whole number is meant."""
    _refused(lambda: action_from_json({"action": "Raise", "to": "As"}, modern), "whole number")


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.sampled_from(["As", "Raise", "x", "Kh"]),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["action", "to", "card", "discards", "order"]), inner)
        ),
        max_leaves=12,
    ),
)
def test_action_from_json_reads_or_refuses_any_json(game: Any, data: Any) -> None:
    """Issue 34 (fuzzing the new surfaces): any JSON value, as data or text."""
    for form in (data, json.dumps(data)):
        action, error = _outcome(lambda form=form: action_from_json(form, game))
        if error is not None:
            assert type(error) is ValueError and str(error)
            continue
        assert action_from_json(json.dumps(data), game) == action


def test_a_card_reads_only_its_ascii_or_symbol_spellings() -> None:
    """Issue 34, item 2: through the JSON form too (a Kelvin sign for K)."""
    _refused(lambda: action_from_json({"action": "Play", "card": "\u212as"}, bourre), "card")
    assert action_from_json({"action": "Play", "card": "ks"}, bourre).card == Card.parse("Ks")  # type: ignore[attr-defined]


# -- the command line and simulate, fuzzed ----------------------------------------------

_WORDS = st.sampled_from(
    ["watch", "simulate", "replay", "rules", "bourre", "modern", "historic", "poker"]
    + ["--sessions", "--workers", "--seed", "--bots", "--rules", "--seat", "--rotate"]
    + ["--json", "--game", "--session", "--players", "--deals", "--no-hands", "--record"]
    + ["1", "2", "0", "-1", "3000000000", str(10**40), "x", "²", "٤", "", "=", "\u212a"]
    + ["players=5", "players=9", "deals=x", "cave=-1", "foo=1", "deals=2", "random,x"]
    + ["heuristic", "random", "heuristic:-x", "/dev/null", "/dev/zero", "no/such/dir/f"]
)


@settings(max_examples=150, deadline=None)
@given(arguments=st.lists(_WORDS, max_size=7))
def test_the_command_ends_with_0_or_one_line_and_2(arguments: list[str]) -> None:
    """Issue 34 (fuzzing the new surfaces): any command line ends with status 0, or
    with one line on stderr and status 2; never a traceback, never unbounded work
    (``--sessions`` is drawn small or out of range)."""
    import contextlib
    import io

    from cardrules.cli import main

    if "--sessions" in arguments:
        after = arguments.index("--sessions") + 1
        if after < len(arguments) and arguments[after] in ("3000000000", str(10**40)):
            arguments[after] = "-1"  # valid large counts run for real; out of range ones only
    if "--record" in arguments:
        return  # writing files is tested on its own, in a temporary folder
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        try:
            status = main(arguments)
        except SystemExit as exit:  # --help, --version
            status = exit.code  # type: ignore[assignment]
    lines = [line for line in err.getvalue().splitlines() if not line.startswith("[")]
    assert status in (0, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
    if status == 2:
        errors = [line for line in lines if line.startswith("cardrules: error: ")]
        assert len(errors) == 1, err.getvalue()


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([10**5000, 2**64, 1.5, "x", "", b"1", (), [], object(), iter([1])]),
)


@settings(max_examples=150, deadline=None)
@given(
    sessions=st.one_of(st.integers(-1, 4), _JUNK),
    seed=st.one_of(st.integers(), st.text(max_size=5), _JUNK),
    policies=st.one_of(st.just("good"), _JUNK, st.lists(_JUNK, max_size=4)),
    chunk_size=st.one_of(st.integers(-1, 3), _JUNK),
    executor=st.one_of(st.none(), _JUNK),
    game=st.sampled_from(["bourre", "modern", "poker", None, 3, bourre]),
)
def test_simulate_runs_or_refuses_any_arguments(
    sessions: Any, seed: Any, policies: Any, chunk_size: Any, executor: Any, game: Any
) -> None:
    """Issue 34 (fuzzing the new surfaces): ``simulate``'s arguments."""
    from cardrules import Simulation, simulate
    from cardrules.bots import RandomBot

    if policies == "good":
        policies = [RandomBot()] * 4
    if executor is None or isinstance(executor, int):
        executor = None if executor is None or executor is False else executor
    result, error = _outcome(
        lambda: simulate(
            game,
            policies,
            sessions=sessions,
            seed=seed,
            chunk_size=chunk_size,
            executor=executor,
        )
    )
    if error is None:
        assert isinstance(result, Simulation) and result.sessions == sessions
    else:
        assert type(error).__module__.startswith("cardrules") or type(error) is ValueError
        assert str(error)
