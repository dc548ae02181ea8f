"""The deal's ends and the session around them: the start of a deal (rebuys, the
dealer's ante, X-6, H-2.1), the showdown (X-4, H-5, H-6), a general pass (H-4.9,
H-4.10), the next deal or the end of the session (H-7), and the results (H-7.3).

>>> returns_of((90, 110, 100, 100), (2, -2, 0, 0), (100,) * 4, (0, 0, 0, 1), 100, 2)
(Fraction(-15, 2), Fraction(17, 2), Fraction(1, 2), Fraction(-199, 2))
"""

from __future__ import annotations

from fractions import Fraction

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
from cardrules.bouillotte.historic.record import ALL, Hidden, Record, seats_in
from cardrules.bouillotte.historic.rules import PLAYERS
from cardrules.cards import Card, Suit, canonical
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
from cardrules.legal import Legal
from cardrules.pots import betting_pots, share_exactly, side_pots_of, uncalled_excess_unchecked
from cardrules.seating import replaced
from cardrules.shell import Step

_NO_HANDS: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
_ZEROS = (0,) * PLAYERS
_SUITS = tuple(Suit)


def _one_at(seat: int, amount: int) -> tuple[int, ...]:
    """``amount`` at ``seat``, 0 elsewhere."""
    return replaced(_ZEROS, seat, amount)


def folded_of(live: int) -> tuple[bool, ...]:
    """For each seat, whether it has folded (it is not in the ``live`` mask).

    >>> folded_of(0b1011)
    (False, False, True, False)
    """
    return tuple(not live >> seat & 1 for seat in range(PLAYERS))


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots as they stand (X-4): ``cardrules.pots.betting_pots`` of the deal, main
    pot first; ``()`` once the session is over.

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().pots
    ((1, (0, 1, 2, 3)),)
    """
    if record.phase is Phase.OVER:
        return ()
    stacks = record.stacks
    return betting_pots(
        record.contributions,
        [bool(record.live >> seat & 1) for seat in range(PLAYERS)],
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


def settle(
    record: Record,
    stacks: list[int],
    events: list[Event],
    carried: int,
    shown: ShowdownHands | None,
    primes: tuple[int, ...],
) -> Step[Record]:
    """The deal of ``record`` (its last action applied) is settled: ``stacks`` each
    seat's chips after it, ``events`` what settled it, ``carried`` the chips left in the
    middle (H-4.9), ``shown`` the hands shown and ``primes`` the accounts (H-6); then the
    deal ends (:func:`end_deal`)."""
    deal = record.deal._replace(carried=carried, primes=primes, showdown=shown)
    return end_deal(record._replace(deal=deal, stacks=tuple(stacks), log=record.log.noted(*events)))


def end_deal(record: Record) -> Step[Record]:
    """After the deal of ``record`` is settled: the next deal begins at once
    (:func:`start_deal`), or the session ends (X-7, H-7.2)."""
    deal = record.deal
    if deal.deal_number + 1 >= deal.rules.deals:
        return _session_over(record)
    return start_deal(record)


def start_deal(record: Record) -> tuple[Record, Legal]:
    """The next deal begins: rebuys, the dealer's ante, and the carre phase (X-6, X-7,
    H-2.1), with the legal set of eldest's carre. ``new_game`` begins the first deal
    here too, from a record with ``deal_number`` -1."""
    deal = record.deal
    rules = deal.rules
    deal_number = deal.deal_number + 1
    dealer = deal.dealer if deal_number == 0 else (deal.dealer + 1) % PLAYERS
    events: list[Event] = [deal_started(deal_number, dealer)]
    stacks = list(record.stacks)
    rebuys = list(deal.rebuys)
    for seat in range(PLAYERS):
        if stacks[seat] == 0:  # X-6, H-7.1: an empty seat rebuys a cave
            stacks[seat] = rules.cave
            rebuys[seat] += 1
            events.append(Rebuy(seat, rules.cave))
    ante = min(rules.ante, stacks[dealer])  # H-2.1: the dealer alone antes; X-3
    stacks[dealer] -= ante
    events.append(AntePaid(dealer, ante))
    eldest = (dealer + 1) % PLAYERS
    record = record._replace(
        deal=deal._replace(
            phase=Phase.CARRE,
            dealer=dealer,
            deal_number=deal_number,
            retourne=None,
            rebuys=tuple(rebuys),
            carres=0,
            last_carreur=None,
        ),
        stacks=tuple(stacks),
        contributions=_one_at(dealer, ante),
        live=ALL,
        last_raiser=None,
        pending=0,
        largest=ante,
        to_act=eldest,
        hidden=Hidden(hands=_NO_HANDS),
        log=record.log.noted(*events),
    )
    return record, carre_legal(stacks[eldest], deal.carried + ante)


def first_deal(template: Record) -> tuple[Record, Legal]:
    """The first deal of a session, with the legal set of eldest's carre: begun from
    ``new_game``'s template record (``deal_number`` -1, the starting stacks) by
    :func:`start_deal`, as every later deal is.

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().deal_number, new_game().legal().describe()
    (0, 'carre, decline the carre')
    """
    return start_deal(template)


def _session_over(record: Record) -> Record:
    """:func:`end_deal` after the last deal: share what is left and end the session."""
    deal = record.deal
    carried = deal.carried
    events: list[Event] = []
    if carried:  # H-7.2: a pot left after the last deal is shared exactly
        events.append(PotShared(carried, share_exactly(carried, PLAYERS)))
    cave = deal.rules.cave
    results = returns_of(
        record.stacks, deal.primes, deal.initial_stacks, deal.rebuys, cave, carried
    )
    events.append(SessionEnded(results))
    return record._replace(
        deal=deal._replace(phase=Phase.OVER, carried=0, leftover=carried),
        contributions=_ZEROS,
        pending=0,
        largest=0,
        to_act=None,
        log=record.log.noted(*events),
    )


def win_alone(record: Record) -> Step[Record]:
    """Every other seat folded: the last one takes the pot without showing (H-4.6)."""
    deal = record.deal
    winner = record.live.bit_length() - 1
    pot = record.pot
    won = PotWon(pot, (winner,), _one_at(winner, pot), 0, None)
    stacks = list(record.stacks)
    stacks[winner] += pot
    return settle(record, stacks, [won], 0, None, deal.primes)


def general_pass(record: Record) -> Step[Record]:
    """Every seat passed: carry the pot (H-4.9) or give it to the last carreur (H-4.10)."""
    deal = record.deal
    pot = record.pot
    carreur = deal.last_carreur
    stacks, primes = list(record.stacks), deal.primes
    if carreur is None:  # H-4.9: the pot is carried to the next deal
        return settle(record, stacks, [PotCarried(pot)], pot, None, primes)
    stacks[carreur] += pot  # H-4.10
    return settle(record, stacks, [PotToCarreur(carreur, pot)], 0, None, primes)


def showdown(record: Record) -> Step[Record]:
    """Return the uncalled excess (X-4), award each pot (H-5.1 to H-5.7) and pay the
    primes of the brelans shown (H-6.1)."""
    deal = record.deal
    hands, retourne = record.hands, deal.retourne
    assert retourne is not None
    contributions, live = record.contributions, record.live
    stacks = list(record.stacks)  # the stacks after the showdown, changed in place
    events: list[Event] = []
    excess = uncalled_excess_unchecked(contributions)
    if excess is not None:
        seat, amount = excess
        stacks[seat] += amount
        contributions = replaced(contributions, seat, contributions[seat] - amount)
        events.append(ExcessReturned(seat, amount))
    facts = dealt_facts(hands)
    brelans = brelans_of(facts, retourne, live)  # None when none is shown: no test per pot
    pots = side_pots_of(contributions, seats_in(live), deal.carried)
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
                found = point_winner_ranked(facts, ranked, eligible, (deal.dealer + 1) % PLAYERS)
                assert found is not None
                winner, suit = found
                # the pots' eligible seats shrink from pot to pot (side_pots_of): when no
                # other suit has the winning suit's total, its owner here owns it in every
                # smaller set that holds him, and no richer suit has an owner there (H-5.5)
                kept = winner if totals.count(totals[suit]) == 1 else -1
            events.append(CollectivePoint(totals, _SUITS[suit], winner, index))
            hand = f"the collective point in {_SUITS[suit].symbol}"
        stacks[winner] += amount
        events.append(PotWon(amount, (winner,), _one_at(winner, amount), index, hand))
    # each hand shown in canonical order (the order the cards arrived is not shown)
    shown_hands = tuple(
        canonical(hand) if exposed_all or live >> seat & 1 else ()
        for seat, hand in enumerate(hands)
    )
    shown = ShowdownHands(retourne, shown_hands)
    events.insert(shown_at, shown)
    primes = deal.primes if brelans is None else _primes_paid(brelans, deal.primes, events)
    return settle(record, stacks, events, 0, shown, primes)


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
