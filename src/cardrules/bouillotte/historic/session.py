"""The deal's ends and the session around them: the start of a deal (rebuys, the
dealer's ante, X-6, H-2.1), the showdown (X-4, H-5, H-6), a general pass (H-4.9,
H-4.10), the next deal or the end of the session (H-7), and the results (H-7.3).

>>> returns_of((90, 110, 100, 100), (2, -2, 0, 0), (100,) * 4, (0, 0, 0, 1), 100, 2)
(Fraction(-15, 2), Fraction(17, 2), Fraction(1, 2), Fraction(-199, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from cardrules._fast import constructor, copier
from cardrules.bouillotte.historic.events import (
    CollectivePoint,
    PotToCarreur,
    PrimesPaid,
    ShowdownHands,
)
from cardrules.bouillotte.historic.hands import (
    Brelan,
    brelans_of,
    dealt_facts,
    point_winner_ranked,
    ranked_suits,
    totals_of,
)
from cardrules.bouillotte.historic.legality import carre_legal
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import HAS, NEXT, SEATS, SET_AT, Deal, Record
from cardrules.bouillotte.historic.rules import PLAYERS
from cardrules.cards import Card, Suit
from cardrules.events import (
    AntePaid,
    Event,
    ExcessReturned,
    PotCarried,
    PotShared,
    PotWon,
    Rebuy,
    SessionEnded,
    deal_started,
)
from cardrules.game import Log
from cardrules.legal import Legal
from cardrules.pots import betting_pots, share_exactly, side_pots_of, uncalled_excess_unchecked

__all__ = [
    "end_deal",
    "first_deal",
    "folded_of",
    "general_pass",
    "pots_of",
    "returns",
    "returns_of",
    "showdown",
    "win_alone",
]

Step = Record | tuple[Record, Legal]
"""What a transition or a deal's end returns: the next record, or the next record and
its legal set when the next node is a decision (the shell then keeps the set instead of
computing it)."""

_NO_HANDS: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
_ZEROS = (0,) * PLAYERS
_ALL = (1 << PLAYERS) - 1
_ALONE = tuple((seat,) for seat in range(PLAYERS))
"""``(seat,)``, the winners of a pot taken by one seat."""
_SUITS = tuple(Suit)
_COLLECTIVE_TEXT = tuple(f"the collective point in {suit.symbol}" for suit in _SUITS)
"""By suit index: how a pot won by the collective point is named."""
_ONE_AT: tuple[Callable[[int], tuple[int, ...]], ...] = (
    lambda amount: (amount, 0, 0, 0),
    lambda amount: (0, amount, 0, 0),
    lambda amount: (0, 0, amount, 0),
    lambda amount: (0, 0, 0, amount),
)
"""``_ONE_AT[seat](amount)``: ``amount`` at ``seat``, 0 elsewhere (one tuple built)."""
_CARRE, _OVER = Phase.CARRE, Phase.OVER
_CHUNK = Log.CHUNK
"""How many newest events a deal's end lets :attr:`.Deal.new_events` hold before it
moves them into :attr:`.Deal.old_events`."""

_new_pot_won: Callable[..., PotWon] = constructor(
    PotWon, ("amount", "winners", "shares", "pot", "hand")
)
_new_shown: Callable[..., ShowdownHands] = constructor(ShowdownHands, ("retourne", "hands"))
_new_point: Callable[..., CollectivePoint] = constructor(
    CollectivePoint, ("totals", "suit", "seat", "pot")
)
_new_excess: Callable[..., ExcessReturned] = constructor(ExcessReturned, ("seat", "amount"))
_new_ante: Callable[..., AntePaid] = constructor(AntePaid, ("seat", "amount"))
_new_rebuy: Callable[..., Rebuy] = constructor(Rebuy, ("seat", "amount"))
"""The events of every deal, built without their checks (callers pass the right types)."""
_INTERNED = 64
"""The deal numbers and antes below this have their events made once, at import."""
_ANTES = tuple(
    tuple(_new_ante(seat, amount) for amount in range(_INTERNED)) for seat in range(PLAYERS)
)
"""``_ANTES[seat][amount]``: the event of an ante, made once for the small amounts."""
_EXCESSES = tuple(
    tuple(_new_excess(seat, amount) for amount in range(_INTERNED)) for seat in range(PLAYERS)
)
"""``_EXCESSES[seat][amount]``: the event of an uncalled excess returned (X-4), made once
for the small amounts."""
_REBUYS_MADE = 256
_REBUYS = tuple(
    tuple(_new_rebuy(seat, cave) for cave in range(_REBUYS_MADE)) for seat in range(PLAYERS)
)
"""``_REBUYS[seat][cave]``: the event of a rebuy of a cave below ``_REBUYS_MADE`` chips."""
_ANTED = tuple(
    tuple(_ONE_AT[seat](amount) for amount in range(_INTERNED)) for seat in range(PLAYERS)
)
"""``_ANTED[seat][amount]``: the contributions of a deal whose dealer ``seat`` anted
``amount``, made once for the small amounts."""


_next_deal = copier(
    Deal,
    (
        "dealer",
        "deal_number",
        "retourne",
        "carried",
        "primes",
        "rebuys",
        "carres",
        "last_carreur",
        "showdown",
        "old_events",
        "new_events",
    ),
)
"""The deal of :func:`end_deal`'s next deal (``leftover`` stays 0 until the session ends)."""
_dealt_anew = copier(
    Record,
    (
        "deal",
        "phase",
        "stacks",
        "contributions",
        "live",
        "last_raiser",
        "pending",
        "largest",
        "to_act",
        "hands",
    ),
)
"""The record of :func:`end_deal`'s next deal (the logs carry over)."""


def folded_of(live: int) -> tuple[bool, ...]:
    """For each seat, whether it has folded (it is not in the ``live`` mask).

    >>> folded_of(0b1011)
    (False, False, True, False)
    """
    return tuple(not flag for flag in HAS[live])


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots as they stand (X-4): ``cardrules.pots.betting_pots`` of the deal, main
    pot first; ``()`` once the session is over.

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().pots
    ((1, (0, 1, 2, 3)),)
    """
    if record.phase is _OVER:
        return ()
    stacks = record.stacks
    return betting_pots(
        record.contributions,
        HAS[record.live],
        [not stack for stack in stacks],
        record.deal.carried,
    )


def returns_of(
    stacks: tuple[int, ...],
    primes: tuple[int, ...],
    initial: tuple[int, ...],
    rebuys: tuple[int, ...],
    cave: int,
    leftover: int,
) -> tuple[Fraction, ...]:
    """Each seat's net result (H-7.3): stack + primes + an equal share of ``leftover``
    − its initial stack − its rebuys; one exact fraction each (see the module's text)."""
    return tuple(
        [
            Fraction(leftover + PLAYERS * (stack + prime - start - cave * bought), PLAYERS)
            for stack, prime, start, bought in zip(stacks, primes, initial, rebuys, strict=True)
        ]
    )


def returns(record: Record) -> tuple[Fraction, ...]:
    """Each seat's net result since ``new_game`` (H-7.3, X-8).

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().returns()[0]
    Fraction(-1, 1)
    """
    deal = record.deal
    return returns_of(
        record.stacks, deal.primes, deal.initial_stacks, deal.rebuys, deal.rules.cave, deal.leftover
    )


def end_deal(
    record: Record,
    stacks: list[int],
    events: list[Event],
    carried: int,
    shown: ShowdownHands | None,
    primes: tuple[int, ...],
) -> Step:
    """Close the deal of ``record`` (its last action applied) with ``carried`` chips left
    in the middle, ``stacks`` each seat's chips (a list of the caller's, which the
    rebuys and the ante change in place) and ``events`` what ended it; then begin the
    next deal at once: rebuys, the dealer's ante, and the carre phase (X-6, X-7, H-2.1),
    with the legal set of eldest's carre; or end the session (X-7, H-7.2). ``new_game``
    begins the first deal here too, from a template with ``deal_number`` -1."""
    deal = record.deal
    rules = deal.rules
    deal_number = deal.deal_number + 1
    if deal_number >= rules.deals:
        return _session_over(record, stacks, events, carried, shown, primes)
    dealer = deal.dealer if deal_number == 0 else NEXT[deal.dealer]
    events.append(deal_started(deal_number, dealer))
    rebuys = deal.rebuys
    if 0 in stacks:  # X-6, H-7.1
        cave = rules.cave
        bought = list(rebuys)
        for seat in range(PLAYERS):
            if stacks[seat] == 0:
                stacks[seat] = cave
                bought[seat] += 1
                events.append(
                    _REBUYS[seat][cave] if cave < _REBUYS_MADE else _new_rebuy(seat, cave)
                )
        rebuys = tuple(bought)
    ante = rules.ante
    stack = stacks[dealer]
    if ante > stack:
        ante = stack
    stacks[dealer] = stack - ante
    events.append(_ANTES[dealer][ante] if ante < _INTERNED else _new_ante(dealer, ante))
    # the events join the newest with one tuple join, moved into the log once they are
    # Log.CHUNK or more (the move depends only on the events: equal events, equal deals)
    old_events, new_events = deal.old_events, deal.new_events + tuple(events)
    if len(new_events) >= _CHUNK:
        old_events, new_events = old_events.extend(new_events), ()
    new_deal = _next_deal(
        deal,
        dealer,
        deal_number,
        None,
        carried,
        primes,
        rebuys,
        0,
        None,
        shown,
        old_events,
        new_events,
    )
    eldest = NEXT[dealer]
    record = _dealt_anew(
        record,
        new_deal,
        _CARRE,
        tuple(stacks),
        _ANTED[dealer][ante] if ante < _INTERNED else _ONE_AT[dealer](ante),
        _ALL,
        None,
        0,
        ante,
        eldest,
        _NO_HANDS,
    )
    return record, carre_legal(stacks[eldest], carried + ante)


def first_deal(template: Record, stacks: tuple[int, ...]) -> tuple[Record, Legal]:
    """The first deal of a session, with the legal set of eldest's carre: begun from
    ``new_game``'s template record (``deal_number`` -1) and the starting ``stacks`` by
    :func:`end_deal`, as every later deal is.

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().deal_number, new_game().legal().describe()
    (0, 'carre, decline the carre')
    """
    first = end_deal(template, list(stacks), [], 0, None, template.deal.primes)
    assert first.__class__ is tuple  # a session has at least one deal
    return first


def _session_over(
    record: Record,
    stacks: list[int],
    events: list[Event],
    carried: int,
    shown: ShowdownHands | None,
    primes: tuple[int, ...],
) -> Record:
    """:func:`end_deal` after the last deal: share what is left and end the session."""
    deal = record.deal
    if carried:  # H-7.2: a pot left after the last deal is shared exactly
        events.append(PotShared(carried, share_exactly(carried, PLAYERS)))
    cave = deal.rules.cave
    final = tuple(stacks)
    events.append(
        SessionEnded(returns_of(final, primes, deal.initial_stacks, deal.rebuys, cave, carried))
    )
    over = deal._replace(
        carried=0,
        primes=primes,
        showdown=shown,
        leftover=carried,
        old_events=deal.old_events.extend(deal.new_events + tuple(events)),
        new_events=(),
    )
    return record._replace(
        deal=over,
        phase=_OVER,
        stacks=final,
        contributions=_ZEROS,
        pending=0,
        largest=0,
        to_act=None,
    )


def win_alone(record: Record) -> Step:
    """Every other seat folded: the last one takes the pot without showing (H-4.6)."""
    deal = record.deal
    (winner,) = SEATS[record.live]
    pot = record.pot
    won = _new_pot_won(pot, _ALONE[winner], _ONE_AT[winner](pot), 0, None)
    stacks = [*record.stacks]
    stacks[winner] += pot
    return end_deal(record, stacks, [won], 0, None, deal.primes)


def general_pass(record: Record) -> Step:
    """Every seat passed: carry the pot (H-4.9) or give it to the last carreur (H-4.10)."""
    deal = record.deal
    pot = record.pot
    carreur = deal.last_carreur
    stacks, primes = [*record.stacks], deal.primes
    if carreur is None:
        return end_deal(record, stacks, [PotCarried(pot)], pot, None, primes)
    stacks[carreur] += pot
    return end_deal(record, stacks, [PotToCarreur(carreur, pot)], 0, None, primes)


def showdown(record: Record) -> Step:
    """Return the uncalled excess (X-4), award each pot (H-5.1 to H-5.7) and pay the
    primes of the brelans shown (H-6.1)."""
    deal = record.deal
    hands, retourne = record.hands, deal.retourne
    assert retourne is not None
    contributions, live = record.contributions, record.live
    stacks = [*record.stacks]  # the stacks after the showdown, changed in place
    events: list[Event] = []
    excess = uncalled_excess_unchecked(contributions)
    if excess is not None:
        seat, amount = excess
        stacks[seat] += amount
        contributions = SET_AT[seat](contributions, contributions[seat] - amount)
        events.append(_EXCESSES[seat][amount] if amount < _INTERNED else _new_excess(seat, amount))
    facts = dealt_facts(hands)
    brelans = brelans_of(facts, retourne, live)  # None when none is shown: no test per pot
    pots = side_pots_of(contributions, SEATS[live], deal.carried)
    shown_at = len(events)  # the hands shown come before the pots' events
    exposed_all = False  # whether a pot went by the collective point
    totals: tuple[int, int, int, int] | None = None
    kept = -1  # a point winner that wins every later pot it is eligible for, or -1
    for index, (amount, eligible) in enumerate(pots):  # H-5.1 to H-5.7
        best = None
        if brelans is not None:
            for seat in eligible:
                brelan = brelans[seat]
                if brelan is not None and (best is None or brelan > best[0]):
                    best = (brelan, seat)
        hand: str | None
        if best is not None:  # H-5.1, H-5.2
            winner, hand = best[1], str(best[0])
        elif len(eligible) == 1:  # a pot nobody else may win is not contested
            winner, hand = eligible[0], None
        else:  # H-5.3 to H-5.7: the suit totals are the same for every pot
            exposed_all = True
            if totals is None:
                totals = totals_of(facts, retourne)
                ranked = ranked_suits(totals)
            if kept >= 0 and kept in eligible:  # H-5.7: see below
                winner = kept
            else:
                found = point_winner_ranked(facts, ranked, eligible, NEXT[deal.dealer])
                assert found is not None
                winner, suit = found
                # the pots' eligible seats shrink from pot to pot (side_pots_of): when no
                # other suit has the winning suit's total, its owner here owns it in every
                # smaller set that holds him, and no richer suit has an owner there (H-5.5)
                kept = winner if totals.count(totals[suit]) == 1 else -1
            events.append(_new_point(totals, _SUITS[suit], winner, index))
            hand = _COLLECTIVE_TEXT[suit]
        stacks[winner] += amount
        events.append(_new_pot_won(amount, _ALONE[winner], _ONE_AT[winner](amount), index, hand))
    if exposed_all:
        shown_hands = hands
    else:
        shown_hands = tuple(
            [hand if flag else () for hand, flag in zip(hands, HAS[live], strict=True)]
        )
    shown = _new_shown(retourne, shown_hands)
    events.insert(shown_at, shown)
    primes = deal.primes if brelans is None else _primes_paid(brelans, deal.primes, events)
    return end_deal(record, stacks, events, 0, shown, primes)


def _primes_paid(
    brelans: list[Brelan | None], primes: tuple[int, ...], events: list[Event]
) -> tuple[int, ...]:
    """The primes accounts after the brelans shown collect from every other seat
    (H-6.1), their event added to ``events``."""
    receivers = tuple([seat for seat in range(PLAYERS) if brelans[seat] is not None])
    delta = [0] * PLAYERS
    for seat in receivers:
        prime = brelans[seat].prime  # type: ignore[union-attr]
        for other in range(PLAYERS):
            delta[other] += (PLAYERS - 1) * prime if other == seat else -prime
    events.append(PrimesPaid(receivers, tuple(delta)))
    return tuple([p + d for p, d in zip(primes, delta, strict=True)])
