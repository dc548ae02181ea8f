"""The games in OpenSpiel (cardrules.adapters.openspiel): OpenSpiel's own random
simulation test with serialization, the game type and info, parameters, bad input."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (pip install 'cardrules[openspiel]')"
)

from cardrules import IllegalActionError, RulesError  # noqa: E402
from cardrules.adapters import openspiel  # noqa: E402
from cardrules.bourre import Rules as BourreRules  # noqa: E402
from cardrules.encodings import encoding_for  # noqa: E402

SIMULATED = [
    ("cardrules_bouillotte_modern", 6),
    ("cardrules_bouillotte_modern(retournes=2)", 4),
    ("cardrules_bouillotte_modern(retournes=2,retourne_change=true,betting_rounds=3)", 4),
    ("cardrules_bouillotte_modern(players=5,open_card=true,announce_fee=0)", 3),
    ("cardrules_bouillotte_historic", 1),
    ("cardrules_bouillotte_historic(deals=3)", 3),
    ("cardrules_bourre", 6),
    ("cardrules_bourre(hand_size=7,players=3)", 4),
    ("cardrules_bourre(hand_size=7,players=7,deals=2)", 2),
    ("cardrules_bourre(players=2,exchange=false,pot_cap=10)", 3),
]


@pytest.mark.parametrize(("name", "sims"), SIMULATED, ids=[s[0] for s in SIMULATED])
def test_random_sim_test(name: str, sims: int) -> None:
    """OpenSpiel's RandomSimTest: legal actions, chance outcomes, clone, serialization
    round trip, observations, zero-sum returns within the utility bounds."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("name", list(openspiel.GAME_NAMES))
def test_game_type_and_info(name: str) -> None:
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    encoding = encoding_for(openspiel.GAME_NAMES[name], game.rules)
    assert game.num_distinct_actions() == encoding.num_actions
    assert game.max_game_length() == encoding.max_game_length
    assert game.min_utility() == float(encoding.min_utility)
    assert game.max_utility() == float(encoding.max_utility)
    assert game.information_state_tensor_shape() == list(encoding.information_state_shape)
    assert game.observation_tensor_shape() == list(encoding.observation_shape)
    assert game.num_players() == game.rules.players
    assert game.max_chance_outcomes() == (52 if name == "cardrules_bourre" else 20)


def test_parameters_are_the_rules_options() -> None:
    game = pyspiel.load_game("cardrules_bourre(hand_size=7,players=3,pot_cap=40)")
    assert game.rules == BourreRules(hand_size=7, players=3, pot_cap=40)
    assert pyspiel.load_game("cardrules_bourre").rules == BourreRules()  # 0 is None
    modern = pyspiel.load_game("cardrules_bouillotte_modern(announce_fee=0,favori=off)")
    assert modern.rules.announce_fee is None and modern.rules.favori == "off"
    assert set(openspiel.game_parameters("bouillotte-historic")) == {"cave", "ante", "deals"}


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("cardrules_bourre(hand_size=6)", r"Rules\.hand_size must be one of 5, 7"),
        ("cardrules_bourre(players=9)", r"Rules\.players must be an int from 2 to 7"),
        ("cardrules_bouillotte_modern(favori=sometimes)", r"Rules\.favori must be one of"),
        ("cardrules_bouillotte_historic(cave=-5)", r"Rules\.cave must be an int"),
    ],
)
def test_a_bad_value_is_openspiels_error_with_our_message(name: str, message: str) -> None:
    with pytest.raises(pyspiel.SpielError, match=message) as caught:
        pyspiel.load_game(name)
    assert isinstance(caught.value, RulesError)


def test_an_unknown_parameter_names_the_parameters(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(pyspiel.SpielError, match=r"Unknown parameter 'colour'.*hand_size"):
        pyspiel.load_game("cardrules_bourre(colour=3)")
    with pytest.raises(openspiel.GameParameterError, match="no game parameter 'colour'"):
        openspiel.rules_from_parameters("bourre", {"colour": 3})
    capfd.readouterr()  # OpenSpiel also prints its message on stderr


def test_an_illegal_action_id_raises_and_changes_nothing() -> None:
    """X-9: an id that is not legal raises; nothing else is played in its place."""
    game = pyspiel.load_game("cardrules_bourre")
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="not a card index"):
        state.apply_action(52)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    history = state.history()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError, match="not legal for seat 1"):
        state.apply_action(illegal)
    assert state.history() == history
    assert state.current_player() == 1


def test_chance_deals_card_by_card_as_the_engine_does() -> None:
    """X-1, B-2.2: the k-th card drawn goes to the k-th seat from eldest, round after
    round; the dealer's last card is trump."""
    game = pyspiel.load_game("cardrules_bourre(players=3)")
    state = game.new_initial_state()
    deck = game.deck
    drawn = []
    rng = random.Random(5)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - len(drawn)
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        action = rng.choice(outcomes)[0]
        drawn.append(deck[action])
        state.apply_action(action)
    assert len(drawn) == 15
    engine = state.engine
    for seat in range(3):
        assert set(engine.hands[seat]) == set(drawn[(seat - 1) % 3 :: 3])
    assert engine.trump_card == drawn[-1]


def test_serialization_is_the_action_history() -> None:
    game = pyspiel.load_game("cardrules_bourre(players=3,hand_size=7)")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal() and len(state.history()) < 40:
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    again = pyspiel.deserialize_game_and_state(text)[1]
    assert again.history() == state.history()
    assert again.engine == state.engine
    assert str(again) == str(state)
    copied = pickle.loads(pickle.dumps(state.engine))
    assert copied == state.engine


def test_clone_is_independent() -> None:
    game = pyspiel.load_game("cardrules_bouillotte_modern")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.engine != clone.engine


def test_observations_are_the_encodings_of_the_views() -> None:
    game = pyspiel.load_game("cardrules_bouillotte_modern(players=3)")
    encoding = encoding_for("bouillotte-modern", game.rules)
    state = game.new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        for seat in range(3):
            view = state.engine.view(seat)
            assert state.information_state_string(seat) == encoding.information_state_string(view)
            assert state.observation_string(seat) == encoding.observation_string(view)
            assert state.information_state_tensor(seat) == pytest.approx(
                encoding.information_state_tensor(view)
            )
            assert state.observation_tensor(seat) == pytest.approx(
                encoding.observation_tensor(view)
            )
            # OpenSpiel's own path (its C++ binding, through the observer) agrees
            assert pyspiel.State.information_state_tensor(state, seat) == pytest.approx(
                encoding.information_state_tensor(view)
            )
            assert pyspiel.State.observation_tensor(state, seat) == pytest.approx(
                encoding.observation_tensor(view)
            )
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_tensor_of_no_player_is_openspiel_s_error() -> None:
    """Issue 33: the tensors are made in Python (rl_environment asks every seat's at
    every step); a player who is not a seat is refused as OpenSpiel refuses it."""
    state = pyspiel.load_game("cardrules_bourre").new_initial_state()
    for player in (None, -1, 4, "0"):
        for tensor in (state.information_state_tensor, state.observation_tensor):
            with pytest.raises(pyspiel.SpielError, match="the players are 0 to 3"):
                tensor() if player is None else tensor(player)  # type: ignore[arg-type]


def _decision_nodes(name: str, seed: int, count: int) -> list[object]:
    """Decision nodes of random games of ``name``, some deep in a session."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    found: list[object] = []
    while len(found) < count:
        state = game.new_initial_state()
        stop = rng.randrange(1, 120)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            stop -= 1
            if stop == 0:
                found.append(state)
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(
    "name",
    [
        "cardrules_bouillotte_modern(deals=3)",
        "cardrules_bouillotte_modern(retournes=2,retourne_change=true)",
        "cardrules_bouillotte_historic(deals=3)",
        "cardrules_bourre(deals=2)",
        "cardrules_bourre(hand_size=7,players=3)",
    ],
)
def test_X_10_resample_from_infostate_is_a_state_the_seat_cannot_tell_apart(name: str) -> None:
    """X-10: ``resample_from_infostate`` (through ``cardrules.determinize``) gives a
    state whose information state for the player, view and legal actions are the real
    one's, reached by real OpenSpiel actions (it serializes and replays), while the
    hidden cards vary from draw to draw."""
    rng = random.Random(5)
    varied = False
    for state in _decision_nodes(name, 11, 6):
        player = state.current_player()
        draws = [state.resample_from_infostate(player, rng.random) for _ in range(3)]
        for draw in draws:
            assert draw.information_state_string(player) == state.information_state_string(player)
            assert draw.view(player) == state.view(player)
            assert draw.legal_actions() == state.legal_actions()
            assert draw.current_player() == player
            again = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(draw.get_game(), draw)
            )[1]
            assert again.view(player) == state.view(player)
        varied = varied or any(d.engine.hands != state.engine.hands for d in draws)
    assert varied, "every draw dealt the real cards"


def test_resample_from_infostate_refuses_a_chance_node() -> None:
    """A chance node has no player to resample for: ``ValueError``."""
    state = pyspiel.load_game("cardrules_bourre").new_initial_state()
    with pytest.raises(ValueError, match="chance node"):
        state.resample_from_infostate(0, random.random)


# -- issue 34, item 1: a serialized state is read by replaying it, never unpickled --------


def _payload(code: str) -> str:
    """OpenSpiel's text form of a state whose ``__dict__`` line is a pickle that runs
    ``code`` when unpickled."""
    import base64

    class Boom:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (exec, (code,))

    blob = base64.b64encode(pickle.dumps({"_position": Boom()})).decode()
    return f"history=\nmove_number=0\n__dict__={blob}"


def test_deserialize_state_never_unpickles_the_text() -> None:
    """Issue 34, item 1 (API.md §4): ``game.deserialize_state`` reads the history and
    replays it; the ``__dict__`` line of OpenSpiel's form is never decoded."""
    import sys

    game = pyspiel.load_game("cardrules_bourre(players=3)")
    state = game.deserialize_state(_payload("import sys; sys._cardrules_ran = True"))
    assert not hasattr(sys, "_cardrules_ran")
    assert state.history() == [] and state.is_chance_node()


def test_deserialize_state_replays_the_history() -> None:
    """Issue 34, item 1: what ``serialize`` wrote reads back, through the engine."""
    game = pyspiel.load_game("cardrules_bouillotte_modern")
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal() and len(state.history()) < 60:
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.engine == state.engine
    game2, again2 = openspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert again2.engine == state.engine and game2.rules == game.rules


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "expected the lines"),
        ("garbage", "expected the lines"),
        ("history=\nmove_number=1", "move_number=0"),
        ("history=-1:0,-1:0\nmove_number=2", r"move 2 \(-1:0\) is not legal"),
        ("history=0:1\nmove_number=1", r"chance \(-1\) is to act"),
        ("history=-1:99\nmove_number=1", "not legal"),
        ("history=-1:x\nmove_number=1", "not player:action"),
        ("history=\nmove_number=0\n__dict__=not base64!", "__dict__=<base64>"),
        ("history=\nmove_number=0\nmore\nlines", "expected the lines"),
        ("history=-1:0," * 100_000 + "\nmove_number=1", "more than any session"),
    ],
)
def test_deserialize_state_refuses_other_text(text: str, says: str) -> None:
    """Issue 34, item 1: anything but OpenSpiel's form of a reachable state is
    refused with StateTextError (OpenSpiel's SpielError and our RecordError)."""
    from cardrules import RecordError

    game = pyspiel.load_game("cardrules_bourre(players=3)")
    with pytest.raises(openspiel.StateTextError, match=says) as caught:
        game.deserialize_state(text)
    assert isinstance(caught.value, pyspiel.SpielError)
    assert isinstance(caught.value, RecordError)
    with pytest.raises(openspiel.StateTextError):
        game.deserialize_state(b"history=")  # type: ignore[arg-type]


def test_deserialize_game_and_state_refuses_other_games_and_sections() -> None:
    """Issue 34, item 1: the safe reader of ``serialize_game_and_state``'s text."""
    with pytest.raises(openspiel.StateTextError, match="not one of these games"):
        openspiel.deserialize_game_and_state("[Meta]\n[Game]\ntic_tac_toe\n[State]\n")
    with pytest.raises(openspiel.StateTextError, match="sections"):
        openspiel.deserialize_game_and_state("history=\nmove_number=0")
    with pytest.raises(openspiel.GameParameterError, match="hand_size"):
        openspiel.deserialize_game_and_state(
            "[Meta]\n[Game]\ncardrules_bourre(hand_size=6)\n[State]\nhistory=\nmove_number=0"
        )


def test_openspiels_own_reader_takes_no_broken_position() -> None:
    """Issue 34, item 1: ``pyspiel.deserialize_game_and_state`` (OpenSpiel's reader,
    which unpickles a Python game's ``__dict__`` line) cannot set a broken position
    such as ``{"_position": None}``: the state takes only a real position."""
    import base64

    game = pyspiel.load_game("cardrules_bourre(players=3)")
    head = pyspiel.serialize_game_and_state(game, game.new_initial_state()).split("__dict__=")[0]
    for attributes in ({"_position": None}, {"other": 1}):
        blob = base64.b64encode(pickle.dumps(attributes)).decode()
        with pytest.raises(openspiel.StateTextError, match="one attribute"):
            pyspiel.deserialize_game_and_state(f"{head}__dict__={blob}\n")


def test_deserialize_state_reads_any_text_or_refuses_it() -> None:
    """Issue 34 (fuzzing the adapters' entry points): random texts built from the
    form's pieces give a state or StateTextError, never another error."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    game = pyspiel.load_game("cardrules_bourre(players=2)")
    pieces = st.sampled_from(
        ["history=", "move_number=", "__dict__=", "-1:", "0:", "1:", "2", "51", ",", "\n"]
        + ["gAR9lC4=", "x", "", "-", ":", "99999999999", "\u0664", "[State]"]
    )

    @settings(max_examples=300, deadline=None)
    @given(st.lists(pieces, max_size=12))
    def run(parts: list[str]) -> None:
        text = "".join(parts)
        try:
            state = game.deserialize_state(text)
        except openspiel.StateTextError as error:
            message = str(error)
        else:
            message = ""
            assert game.deserialize_state(state.serialize()).history() == state.history()
        assert message.startswith("serialized state: ") or not message

    run()


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("cardrules_bouillotte_modern(stack=10000000,max_raise=10000000)", "action ids"),
        ("cardrules_bouillotte_historic(cave=1000000)", "action ids"),
        ("cardrules_bourre(deals=1000000)", "tensor floats"),
    ],
)
def test_load_game_refuses_rules_no_framework_can_hold(name: str, says: str) -> None:
    """Issue 34, item 15: ``deals=10**6`` or historic ``cave=10**6`` raised a raw
    TypeError from GameInfo; past the adapters' bounds a game is refused at
    ``load_game`` with GameParameterError naming the size and the bound."""
    with pytest.raises(openspiel.GameParameterError, match=f"need .* {says}, more than"):
        pyspiel.load_game(name)


def test_load_game_runs_or_refuses_any_parameters() -> None:
    """Issue 34 (fuzzing the adapters' entry points): random parameters load a game
    or raise GameParameterError (OpenSpiel's SpielError and our RulesError)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    names = st.sampled_from(["players", "deals", "stack", "hand_size", "cave", "colour", "ante"])
    # 32-bit ints: OpenSpiel converts parameters to C++ before the game sees them
    values = st.one_of(st.integers(-2, 12), st.sampled_from([10**6, 2**31 - 1, True, "x", 0.5]))

    @settings(max_examples=100, deadline=None)
    @given(
        game=st.sampled_from(list(openspiel.GAME_NAMES)),
        parameters=st.dictionaries(names, values, max_size=2),
    )
    def run(game: str, parameters: dict[str, object]) -> None:
        message = "loaded"
        try:
            pyspiel.load_game(game, parameters)
        except pyspiel.SpielError as error:
            message = str(error)
        assert message

    run()
