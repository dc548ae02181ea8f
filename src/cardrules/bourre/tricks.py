"""Pure trick logic of Bourré: which cards may be played, and who wins a trick.

Cards are canonical indices here (``card.index``: suit = ``index & 3``, and within a
suit a larger index is a higher card), which keeps this hot path fast. The one
source of truth is :func:`judge`: it narrows the hand step by step, each step named
by the rule that imposes it (B-5.2 follow suit, B-5.3 trump, B-5.4 overtrump, B-5.5
head the trick). :func:`playable` is its last step; :func:`refusal` names the step
that removed a card.

>>> from cardrules.cards import cards
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

from cardrules.cards import STANDARD_DECK

__all__ = ["judge", "narrow", "playable", "refusal", "trick_winner"]

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
    if not trick:
        return (("B-5.1", hand),)
    steps: list[Step] = [("B-5.1", hand)]
    narrow(hand, trick, trump, must_head, steps)
    return tuple(steps)


def narrow(
    hand: tuple[int, ...],
    trick: tuple[int, ...],
    trump: int,
    must_head: bool,
    steps: list[Step] | None = None,
) -> tuple[int, ...]:
    """The playable cards of ``hand`` on a trick already begun (B-5.2–B-5.5); each
    narrowing step is appended to ``steps`` when given (:func:`judge` keeps them, the
    legal plays do not need them: one rule, two uses).

    >>> narrow((1, 12, 13), (9,), 0, True)  # 4♦ led, clubs trump: head it with 5♦
    (13,)
    """
    led = trick[0] & 3
    high_trump = -1
    high_led = -1
    for card in trick:
        suit = card & 3
        if suit == trump:
            if card > high_trump:
                high_trump = card
        elif suit == led and card > high_led:
            high_led = card
    follow = [card for card in hand if card & 3 == led]
    if follow:
        kept = tuple(follow) if len(follow) < len(hand) else hand
        if steps is not None and kept is not hand:
            steps.append(("B-5.2", kept))
        if led == trump:
            beat = [card for card in follow if card > high_trump]
            rule = "B-5.4"
        elif must_head and high_trump < 0:
            beat = [card for card in follow if card > high_led]
            rule = "B-5.5"
        else:
            return kept
        if beat and len(beat) < len(follow):
            kept = tuple(beat)
            if steps is not None:
                steps.append((rule, kept))
        return kept
    trumps = [card for card in hand if card & 3 == trump]
    if not trumps:
        return hand
    kept = tuple(trumps) if len(trumps) < len(hand) else hand
    if steps is not None and kept is not hand:
        steps.append(("B-5.3", kept))
    beat = [card for card in trumps if card > high_trump]
    if beat and len(beat) < len(trumps):
        kept = tuple(beat)
        if steps is not None:
            steps.append(("B-5.4", kept))
    return kept


def playable(
    hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> tuple[int, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the last step of :func:`judge`).

    >>> playable((1, 5, 9), (13,), 1, True)  # 2♦ 3♦ 4♦ on a 5♦ lead, diamonds trump
    (1, 5, 9)
    """
    return judge(hand, trick, trump, must_head)[-1][1]


def refusal(
    card: int, hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> str | None:
    """The rule id that forbids playing ``card`` now, or ``None`` when it is playable.

    A card not in the hand is refused with ``"X-9"``.

    >>> refusal(0, (4,), (), 0, True)
    'X-9'
    """
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
    led = trick[0] & 3
    best = 0
    best_card = trick[0]
    best_trump = led == trump
    for position in range(1, len(trick)):
        card = trick[position]
        suit = card & 3
        if suit == trump:
            if not best_trump or card > best_card:
                best, best_card, best_trump = position, card, True
        elif suit == led and not best_trump and card > best_card:
            best, best_card = position, card
    return best


def card_text(indices: tuple[int, ...]) -> str:
    """The cards as text, for messages.

    >>> card_text((51, 0))
    'A♠ 2♣'
    """
    return " ".join(str(STANDARD_DECK[i]) for i in indices)
