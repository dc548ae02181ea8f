"""Pure trick logic of Bourré: which cards may be played, and who wins a trick.

Cards are canonical indices here (``card.index``: suit = ``index & 3``, and within a
suit a larger index is a higher card), and the hand a card mask inside (see
:mod:`cardrules.bourre.record`), which keeps this hot path fast. The one rule is
:func:`narrow`: it narrows the hand step by step, each step named by the rule that
imposes it (B-5.2 follow suit, B-5.3 trump, B-5.4 overtrump, B-5.5 head the trick).
:func:`judge` keeps the steps, :func:`playable` is its last step (the legal plays),
:func:`refusal` names the step that removed a card.

>>> from cardrules.cards import STANDARD_DECK, cards
>>> def ix(text): return tuple(c.index for c in cards(text))
>>> hearts = 2
>>> [str(STANDARD_DECK[i]) for i in playable(ix("2c Kc 3h"), ix("Qc"), hearts, True)]
['K♣']
>>> refusal(ix("2c")[0], ix("2c Kc 3h"), ix("Qc"), hearts, True)
'B-5.5'
>>> trick_winner(ix("Qc 2h Ac"), hearts)
1
"""

from __future__ import annotations

from cardrules.bourre.record import mask_of
from cardrules.errors import CardRulesError, shorten

SUIT_MASKS = tuple(mask_of(range(suit, 52, 4)) for suit in range(4))
"""The card mask of each suit, by suit index (0 clubs … 3 spades)."""
RANKS = tuple(
    tuple(
        tuple(52 + c if c & 3 == trump else c if c & 3 == led else -1 for c in range(52))
        for led in range(4)
    )
    for trump in range(4)
)
"""B-5.6 as a table, the one statement of who wins a trick: ``RANKS[trump][led][card]``
ranks each card index in a trick of that trump suit and led suit (a trump above every
other card, then the led suit, each by its index; any other card ``-1``, never
winning). The card of highest rank wins: :func:`winner_of` finds it in a whole trick,
and trick play keeps the trick's *top card* (the one winning so far) as each card
comes, which :func:`narrow` reads (no pass over the trick)."""

Step = tuple[str, tuple[int, ...]]


def judge(
    hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> tuple[Step, ...]:
    """The narrowing steps from ``hand`` to the playable cards (B-5.1–B-5.5).

    :param hand: the seat's cards (canonical indices).
    :param trick: the cards already in the trick, in play order.
    :param trump: the trump suit's index (0 clubs … 3 spades).
    :param must_head: whether B-5.5 applies (``Rules.must_head_following``).
    :returns: ``(rule, cards kept)`` pairs, hand first (rule ``"B-5.1"``); the last
        pair's cards are the playable ones.

    >>> judge((0, 4), (), 0, True)
    (('B-5.1', (0, 4)),)
    """
    _check(hand=hand, trick=trick, trump=trump, must_head=must_head)
    if not trick:
        return (("B-5.1", hand),)
    steps: list[tuple[str, int]] = []
    narrow(mask_of(hand), trick[0] & 3, trick[winner_of(trick, trump)], trump, must_head, steps)
    return (("B-5.1", hand), *((rule, _within(hand, kept)) for rule, kept in steps))


def narrow(
    hand: int,
    led: int,
    top: int,
    trump: int,
    must_head: bool,
    steps: list[tuple[str, int]] | None = None,
) -> int:
    """The playable cards of the card mask ``hand`` on a trick already begun
    (B-5.2–B-5.5), as a card mask: ``led`` is the led suit, ``top`` the trick's top
    card (the one winning so far, :data:`RANKS`). Each narrowing step is appended to
    ``steps`` when given (:func:`judge` keeps them, the legal plays do not need them:
    one rule, two uses).

    >>> narrow(mask_of((1, 12, 13)), 1, 9, 0, True) == mask_of((13,))  # 4♦ led, clubs trump
    True
    """
    follow = hand & SUIT_MASKS[led]
    top_trump = top & 3 == trump
    if follow:
        if steps is not None and follow != hand:
            steps.append(("B-5.2", follow))
        if led == trump:
            rule = "B-5.4"  # the top card is a trump
        elif must_head and not top_trump:
            rule = "B-5.5"  # the top card is the highest of the led suit
        else:
            return follow
        beat = follow >> top + 1 << top + 1
        if beat and beat != follow:
            if steps is not None:
                steps.append((rule, beat))
            return beat
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if steps is not None and trumps != hand:
        steps.append(("B-5.3", trumps))
    if not top_trump:
        return trumps
    beat = trumps >> top + 1 << top + 1
    if beat and beat != trumps:
        if steps is not None:
            steps.append(("B-5.4", beat))
        return beat
    return trumps


def _within(hand: tuple[int, ...], kept: int) -> tuple[int, ...]:
    """The cards of ``hand`` in the card mask ``kept``, in the hand's order."""
    return tuple([card for card in hand if kept >> card & 1])


def playable(
    hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> tuple[int, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the last step of :func:`judge`).

    >>> playable((1, 5, 9), (13,), 1, True)  # 2♦ 3♦ 4♦ on a 5♦ lead, diamonds trump
    (1, 5, 9)
    """
    _check(hand=hand, trick=trick, trump=trump, must_head=must_head)
    if not trick:
        return hand
    top = trick[winner_of(trick, trump)]
    return _within(hand, narrow(mask_of(hand), trick[0] & 3, top, trump, must_head))


def refusal(
    card: int, hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> str | None:
    """The rule id that forbids playing ``card`` now, or ``None`` when it is playable.

    A card not in the hand is refused with ``"X-9"``.

    >>> refusal(0, (4,), (), 0, True)
    'X-9'
    """
    _check(card=(card,), hand=hand, trick=trick, trump=trump, must_head=must_head)
    if card not in hand:
        return "X-9"
    for rule, kept in judge(hand, trick, trump, must_head):
        if card not in kept:
            return rule
    return None


def trick_winner(trick: tuple[int, ...], trump: int) -> int:
    """The position in ``trick`` of the winning card: the highest trump, otherwise the
    highest card of the led suit (B-5.6).

    >>> trick_winner((8, 12, 0), 0)  # 4♣ 5♣ 2♣ with clubs trump
    1
    """
    _check(trick=trick, trump=trump)
    if not trick:
        raise CardRulesError("trick_winner needs a trick of at least one card")
    return winner_of(trick, trump)


def winner_of(trick: tuple[int, ...], trump: int) -> int:
    """:func:`trick_winner` without the checks of its arguments: the transitions call
    it with a trick they built themselves, once per trick.

    >>> winner_of((8, 12, 0), 0)
    1
    """
    ranks = RANKS[trump][trick[0] & 3]
    best = 0
    for position in range(1, len(trick)):
        if ranks[trick[position]] > ranks[trick[best]]:
            best = position
    return best


def _check(**given: object) -> None:
    """Check the arguments of the public trick functions: card indices (tuples of ints
    0–51), a trump suit index 0–3, and ``must_head`` a bool."""
    for name, value in given.items():
        if name == "trump":
            ok = type(value) is int and 0 <= value <= 3
            allowed = "a suit index from 0 (clubs) to 3 (spades)"
        elif name == "must_head":
            ok = type(value) is bool
            allowed = "True or False"
        else:
            ok = type(value) is tuple and all(type(c) is int and 0 <= c < 52 for c in value)
            allowed = "a tuple of card indices from 0 to 51 (card.index)"
        if not ok:
            raise CardRulesError(f"{name} must be {allowed}, not {shorten(value, repr)}")
