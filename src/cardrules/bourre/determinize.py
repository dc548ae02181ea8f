"""The proposals of :func:`cardrules.determinize` for Bourré.

A Bourré deal hides more than a shuffle: the other seats' discards (B-4.1) and the
order of every restock (B-4.2). A proposal names them all. It lays out the deal's
*places* — the deck positions of each seat's dealt cards, the stock positions, and the
positions of each restock's order — and follows the exchanges of the deal's public
record to know which places each seat drew. Then:

* the seat's own cards go to its places (dealt and drawn), the trump card to the
  dealer's last place (B-2.2);
* each other seat's discards are a uniformly chosen subset of its dealt places (those
  that keep the trump card in its hand when the dealer played it);
* the cards another seat played go uniformly among the places it holds after the
  exchange: the dealt places it kept and the places it drew; a card put at a restock's
  place must first have been in the muck, so it also gets a uniformly chosen place
  among the dealt places that reached that muck (a dropped hand, an earlier discard);
* another seat's free places (kept or drawn from the stock) get cards outside what
  its plays bar (:func:`barred`: B-5.2 to B-5.5), shared out among the barred seats
  uniformly over all the admissible ways, counted exactly (:class:`_Held`);
* every other card is uniform (a restock's order too, rejection deciding there).

Every consistent deal is reachable, and the probability of proposing one is the same
for all, except for two hidden facts that change the number of places open to the
played cards and to the barred cards: whether the dealer kept the trump card, and how
many played cards came from a restock. The proposal is accepted with probability
``q_min / q`` times ``ways(h) / ways(h_min)`` (exact integers; ``ways(h)`` counts the
admissible fills with ``h`` free places per barred seat, largest at the fewest
places), which makes the accepted proposals uniform over the consistent deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from math import comb, factorial, perm
from typing import Any

from cardrules.actions import Action
from cardrules.bourre.actions import Drop, Exchange, HiddenExchange, Play, StayIn
from cardrules.bourre.events import Exchanged, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.state import new_game
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import Shuffle
from cardrules.events import Event
from cardrules.sampling import Determinization, Plan, Seen, fill

Slot = int | tuple[int, int]
"""A place: a position of the deal's shuffle, or ``(restock, position)`` in a restock's."""


class BourrePlan(Plan):
    """A Bourré proposal: the shuffle, each other seat's discards, each restock's
    forced places."""

    __slots__ = ("discards", "done", "restocks")

    def __init__(
        self,
        shuffle: Shuffle,
        discards: dict[int, tuple[Card, ...]],
        restocks: list[dict[int, Card]],
    ) -> None:
        super().__init__(shuffle)
        self.discards = discards
        self.restocks = restocks
        self.done = 0

    def unmask(self, state: Any, action: Action, rng: random.Random) -> Action | None:
        cls = action.__class__
        if cls is HiddenExchange:
            found = self.discards.get(state.to_act)
            return None if found is None else Exchange(found)
        if cls is Shuffle:
            placed = self.restocks[self.done] if self.done < len(self.restocks) else {}
            self.done += 1
            return fill(state.chance_cards, placed, rng)
        return action


def is_restock(history: Sequence[Action], index: int) -> bool:
    """Whether the shuffle at ``history[index]`` is a restock (it follows an exchange)."""
    return index > 0 and history[index - 1].__class__ in (Exchange, HiddenExchange)


_SUITS: dict[Any, tuple[Card, ...]] = {}
"""The cards of each suit (by suit), in rank order."""


def _of_suit(suit: Any) -> tuple[Card, ...]:
    """The 52-card deck's cards of ``suit``, lowest first."""
    found = _SUITS.get(suit)
    if found is None:
        found = _SUITS[suit] = tuple(sorted(c for c in STANDARD_DECK if c.suit is suit))
    return found


def _beats(card: Card, top: Card, led: Any, trump: Any) -> bool:
    """Whether ``card`` takes the lead of a trick whose top card is ``top`` (B-5.6)."""
    if card.suit is trump:
        return top.suit is not trump or card.rank > top.rank
    return card.suit is led and top.suit is not trump and card.rank > top.rank


def barred(card: Card, trick: Sequence[Card], trump: Any, must_head: bool) -> frozenset[Card]:
    """The cards that a seat which played ``card`` on ``trick`` (the cards before it,
    in order) cannot have held then: had it held one, ``card`` would have been
    illegal (B-5.2 to B-5.5). Only what is sure is named, so every real deal passes.

    >>> from cardrules.cards import Suit, cards
    >>> len(barred(cards("2s")[0], cards("Qc"), Suit.HEARTS, True))  # no club, no heart
    26
    >>> sorted(map(str, barred(cards("Jc")[0], cards("Qc"), Suit.HEARTS, True)))
    ['A♣', 'K♣']
    """
    top = trick[0]
    for other in trick[1:]:
        if _beats(other, top, trick[0].suit, trump):
            top = other
    return frozenset(_barred(card, top, trick[0].suit, trump, must_head))


def _barred(card: Card, top: Card, led: Any, trump: Any, must_head: bool) -> list[Card]:
    """:func:`barred` given the trick's top card and led suit."""
    if card.suit is led:
        heads = led is trump or (must_head and top.suit is not trump)
        if heads and card.rank < top.rank:  # B-5.4, B-5.5: it could not beat the top
            return [c for c in _of_suit(led) if c.rank > top.rank]
        return []
    out = list(_of_suit(led))  # B-5.2: void in the led suit
    if card.suit is not trump:
        return out + list(_of_suit(trump))  # B-5.3: no trump either
    if top.suit is trump and card.rank < top.rank:  # B-5.4: it could not overtrump
        out += [c for c in _of_suit(trump) if c.rank > top.rank]
    return out


class _Deal:
    """The public facts of one deal, read from its actions and events."""

    def __init__(
        self, state: Any, seat: int, actions: Sequence[Action], events: Sequence[Event]
    ) -> None:
        rules = state.rules
        self.n, self.size = n, size = rules.players, rules.hand_size
        self.seat, self.dealer = seat, state.dealer
        self.eldest = eldest = (state.dealer + 1) % n
        self.trump_at = n * size - 1
        self.trump = next(e.card for e in events if isinstance(e, TrumpTurned))
        speakers = [(eldest + k) % n for k in range(n)]
        says = [a for a in actions if a.__class__ is StayIn or a.__class__ is Drop]
        self.dropped = [x for x, a in zip(speakers, says, strict=False) if a.__class__ is Drop]
        self.stayed = [x for x, a in zip(speakers, says, strict=False) if a.__class__ is StayIn]
        self.exchanges = [(e.seat, e.count) for e in events if isinstance(e, Exchanged)]
        self.sizes = [e.cards for e in events if isinstance(e, Restocked)]
        self.mine = next((a for a in actions if a.__class__ is Exchange), None)
        self.forbidden: dict[int, set[Card]] = {}
        self.groups: dict[tuple[Any, ...], dict[tuple[int, ...], list[Card]]] = {}
        """The free cards by the barred seats that may hold them (:func:`_held`), per
        barred seats and free cards (the same for every proposal of the deal)."""
        self.played = self._played(actions, events, rules.must_head_following)

    def places(self, seat: int) -> list[int]:
        """The positions of ``seat``'s dealt cards in the shuffle (X-1)."""
        first = (seat - self.eldest) % self.n
        return [first + self.n * i for i in range(self.size)]

    def _played(
        self, actions: Sequence[Action], events: Sequence[Event], must_head: bool
    ) -> list[list[Card]]:
        """The cards each seat played in the deal (the leader of each trick: B-5.1),
        and what each play tells of the cards the seat held then (:func:`barred`)."""
        held: list[list[Card]] = [[] for _ in range(self.n)]
        plays = [a.card for a in actions if isinstance(a, Play)]
        winners = [e.seat for e in events if isinstance(e, TrickWon)]
        order = self.stayed
        trump = self.trump.suit
        lead = 0
        top = plays[0] if plays else self.trump
        for t, card in enumerate(plays):
            trick, j = divmod(t, len(order))
            if j == 0 and trick:
                if trick - 1 >= len(winners) or winners[trick - 1] not in order:
                    break  # not a real view: the deal refuses it later
                lead = order.index(winners[trick - 1])
            who = order[(lead + j) % len(order)]
            held[who].append(card)
            if j == 0:
                top = card
                continue
            bars = _barred(card, top, plays[t - j].suit, trump, must_head)
            if bars:
                self.forbidden.setdefault(who, set()).update(bars)
            if _beats(card, top, plays[t - j].suit, trump):
                top = card
        return held


def _discards(deal: _Deal, mine: Sequence[Card], rng: random.Random) -> dict[int, list[int]] | None:
    """Each exchanging seat's discarded places: the seat's own known, the others'
    uniform (keeping the trump card when the dealer played it, B-4.3)."""
    chosen: dict[int, list[int]] = {}
    for seat, count in deal.exchanges:
        places = deal.places(seat)
        if seat == deal.seat:
            dealt = list(mine[: deal.size])
            own = () if deal.mine is None else deal.mine.discards
            if len(own) != count or not set(own).issubset(dealt):
                return None  # not a real view: its own exchange is shown whole
            chosen[seat] = [places[dealt.index(card)] for card in own]
            continue
        if seat == deal.dealer and deal.trump in deal.played[seat]:
            places = places[:-1]
        if count > len(places):
            return None
        chosen[seat] = rng.sample(places, count)
    return chosen


def _schedule(
    deal: _Deal, discards: dict[int, list[int]], deck_size: int
) -> tuple[dict[int, list[Slot]], list[list[int]]] | None:
    """The places each seat drew (B-4.1, B-4.2) and each restock's muck (the dealt
    places that reached it: dropped hands, earlier discards; never the trump card)."""
    trump_at = deal.trump_at
    stock: list[Slot] = list(range(deal.n * deal.size, deck_size))
    muck = [p for x in deal.dropped for p in deal.places(x) if p != trump_at]
    mucks: list[list[int]] = []
    draws: dict[int, list[Slot]] = {}
    for seat, count in deal.exchanges:
        if count <= len(stock):
            draws[seat], stock = stock[:count], stock[count:]
            muck += [p for p in discards[seat] if p != trump_at]
            continue
        got, need = stock, count - len(stock)
        stock = []
        if len(mucks) < len(deal.sizes):
            if len(muck) != deal.sizes[len(mucks)]:
                return None
            slots: list[Slot] = [(len(mucks), j) for j in range(len(muck))]
            mucks.append(muck)
            got, stock = got + slots[:need], slots[need:]
        draws[seat] = got
        muck = [p for p in discards[seat] if p != trump_at]
    return draws, mucks


class _Layout:
    """The cards placed so far: at shuffle positions, at restock positions, and the
    cards still to be put in a restock's muck."""

    def __init__(self, restocks: int) -> None:
        self.placed: dict[int, Card] = {}
        self.where: dict[Card, int] = {}
        self.restocked: list[dict[int, Card]] = [{} for _ in range(restocks)]
        self.to_muck: list[list[Card]] = [[] for _ in range(restocks)]
        self.known: list[int] = [0] * restocks
        self.lifted: dict[int, int] = {}
        """Per seat, its played cards put at a restock's place by choice (not forced)."""

    def put(self, position: int, card: Card) -> bool:
        """Put ``card`` at ``position``; ``False`` if either is taken by another."""
        if self.placed.get(position, card) != card or self.where.get(card, position) != position:
            return False
        self.placed[position] = card
        self.where[card] = position
        return True

    def put_slot(self, slot: Slot, card: Card, mucks: list[list[int]], drawn: bool) -> bool:
        """Put ``card`` at ``slot``: a position, or a restock's place (the card then
        needs a place in that restock's muck, unless the seat knows where it is)."""
        if isinstance(slot, int):
            return self.put(slot, card)
        restock, j = slot
        self.restocked[restock][j] = card
        at = self.where.get(card)
        if at is None:
            self.to_muck[restock].append(card)
            return True
        if drawn or at not in mucks[restock]:
            return False
        self.known[restock] += 1
        return True


def _place_known(
    deal: _Deal,
    mine: Sequence[Card],
    draws: dict[int, list[Slot]],
    layout: _Layout,
    mucks: list[list[int]],
) -> bool:
    """The seat's own cards, dealt and drawn, and the trump card (B-2.2)."""
    size = deal.size
    for position, card in zip(deal.places(deal.seat), mine[:size], strict=False):
        if not layout.put(position, card):
            return False
    if not layout.put(deal.trump_at, deal.trump):
        return False
    drawn = draws.get(deal.seat, [])
    if len(drawn) != len(mine) - size:
        return False
    return all(
        layout.put_slot(slot, card, mucks, True)
        for slot, card in zip(drawn, mine[size:], strict=False)
    )


def _place_played(
    deal: _Deal,
    discards: dict[int, list[int]],
    draws: dict[int, list[Slot]],
    layout: _Layout,
    mucks: list[list[int]],
    rng: random.Random,
) -> tuple[int, int] | None:
    """Each other seat's played cards among the places it holds after the exchange:
    a card the seat knows to have been mucked (its own dropped or discarded card) at a
    place of the restock that took it, the others uniformly among the places left.
    Returns the odds ``(num, den)`` of keeping the proposal: when the dealer kept the
    trump card unplayed, its played cards had one place fewer."""
    num = den = 1
    for seat, played in enumerate(deal.played):
        if seat == deal.seat or not played:
            continue
        cards = [c for c in played if c != deal.trump]
        thrown = discards.get(seat, [])
        held: list[Slot] = [p for p in deal.places(seat) if p not in thrown]
        free = [slot for slot in (*held, *draws.get(seat, [])) if slot not in layout.placed]
        known = [c for c in cards if c in layout.where]
        for card in known:
            at = layout.where[card]
            taken = [i for i, muck in enumerate(mucks) if at in muck]
            slots = [s for s in free if not isinstance(s, int) and taken and s[0] == taken[0]]
            if not slots:
                return None
            choice = rng.choice(slots)
            free.remove(choice)
            layout.put_slot(choice, card, mucks, False)
        if thrown and seat == deal.dealer and deal.trump_at in held and deal.trump not in played:
            num, den = num * (deal.size - len(cards)), den * (deal.size - len(known))
        unknown = [c for c in cards if c not in known]
        if len(unknown) > len(free):
            return None
        for card, slot in zip(unknown, rng.sample(free, len(unknown)), strict=True):
            if not layout.put_slot(slot, card, mucks, False):
                return None
            if not isinstance(slot, int):
                layout.lifted[seat] = layout.lifted.get(seat, 0) + 1
    return num, den


def _place_mucked(
    layout: _Layout, mucks: list[list[int]], base: list[int], rng: random.Random
) -> tuple[int, int] | None:
    """The cards drawn from a restock get a place in its muck; the odds of keeping the
    proposal for the played cards that came from a restock (see the module)."""
    num = den = 1
    for restock, cards in enumerate(layout.to_muck):
        free = [p for p in mucks[restock] if p not in layout.placed]
        if len(cards) > len(free):
            return None
        for card, position in zip(cards, rng.sample(free, len(cards)), strict=True):
            layout.put(position, card)
        extra = len(cards) - base[restock]
        left = len(mucks[restock]) - base[restock] - layout.known[restock]
        num *= perm(len(free) - base[restock], extra)
        den *= perm(left, extra)
    return num, den


def _facts(state: Any, seat: int, seen: Seen) -> _Deal:
    """The public facts of the deal at the chance node ``state``, read once for all
    its proposals."""
    return _Deal(state, seat, seen.actions, seen.events)


def _arranged(mine: Sequence[Card], deal: _Deal, rng: random.Random) -> list[Card]:
    """The seat's cards in a uniformly random order within each batch (the deal's, then
    the draw's): the view gives each batch in canonical order (X-10). The dealer's
    trump card stays its last dealt card (B-2.2)."""
    size = deal.size
    dealt, drawn = list(mine[:size]), list(mine[size:])
    rng.shuffle(dealt)
    rng.shuffle(drawn)
    if deal.seat == deal.dealer and deal.trump in dealt:
        at = dealt.index(deal.trump)
        dealt[at], dealt[-1] = dealt[-1], dealt[at]
    return dealt + drawn


def propose_bourre(state: Any, seat: int, seen: Seen, rng: random.Random) -> Plan | None:
    """A proposal for the Bourré deal at the chance node ``state`` (see the module)."""
    deal: _Deal = seen.facts if seen.facts is not None else _facts(state, seat, seen)
    mine = _arranged(seen.mine, deal, rng)
    discards = _discards(deal, mine, rng)
    deck = state.chance_cards
    scheduled = None if discards is None else _schedule(deal, discards, len(deck))
    if discards is None or scheduled is None:
        return None
    draws, mucks = scheduled
    layout = _Layout(len(mucks))
    if not _place_known(deal, mine, draws, layout, mucks):
        return None
    base = [len(cards) for cards in layout.to_muck]
    odds = _place_played(deal, discards, draws, layout, mucks, rng)
    more = None if odds is None else _place_mucked(layout, mucks, base, rng)
    if odds is None or more is None:
        return None
    num, den = odds[0] * more[0], odds[1] * more[1]
    held = _held(deal, discards, draws, layout, deck)
    if held is not None:
        dealt, most = held
        num, den = num * dealt.ways(dealt.need), den * dealt.ways(most)
    if num < den and rng.randrange(den) >= num:
        return None
    if held is not None:
        held[0].deal(layout, rng)
    shuffle = fill(deck, layout.placed, rng)
    if shuffle is None:
        return None
    order = shuffle.order
    hidden = {x: tuple(order[p] for p in places) for x, places in discards.items() if x != seat}
    return BourrePlan(shuffle, hidden, layout.restocked)


# ------------------------------------------- the cards held through the tricks


def _held(
    deal: _Deal,
    discards: dict[int, list[int]],
    draws: dict[int, list[Slot]],
    layout: _Layout,
    deck: Sequence[Card],
) -> tuple[_Held, tuple[int, ...]] | None:
    """The hidden cards another seat held through the tricks are barred from what its
    plays rule out (:func:`barred`): the places of each such seat still free, the
    cards each may get, and the fewest free places each seat could have had over
    the proposals (see :class:`_Held`); ``None`` when no play bars a free card."""
    free = [c for c in deck if c not in layout.where]
    seats: list[int] = []
    places: list[list[int]] = []  # per barred seat, its free places
    for seat in deal.stayed:
        bars = deal.forbidden.get(seat)
        if seat == deal.seat or not bars or bars.isdisjoint(free):
            continue
        thrown = discards.get(seat, [])
        mine = [p for p in deal.places(seat) if p not in thrown]
        mine += [s for s in draws.get(seat, []) if isinstance(s, int)]
        open_ = [p for p in mine if p not in layout.placed]
        if open_:
            seats.append(seat)
            places.append(open_)
    if not seats:
        return None
    key = (tuple(seats), tuple(free))
    groups = deal.groups.get(key)
    if groups is None:
        groups = {}
        for card in free:
            who = tuple(k for k, seat in enumerate(seats) if card not in deal.forbidden[seat])
            groups.setdefault(who, []).append(card)
        deal.groups[key] = groups
    need = tuple(len(p) for p in places)
    most = []
    for seat, count in zip(seats, need, strict=True):
        fewer = layout.lifted.get(seat, 0)
        if seat == deal.dealer and deal.trump_at in discards.get(seat, ()):
            fewer += 1  # had it kept the trump card, that place would be taken
        most.append(max(0, count - fewer))
    return _Held(places, groups, need, len(free)), tuple(most)


class _Held:
    """The free places of the seats whose plays bar cards, and the free cards grouped
    by the seats that may hold them. :meth:`deal` gives those places their cards,
    uniformly among all the ways that respect the bars (the other free places get
    the rest, uniformly, by :func:`fill`); :meth:`ways` counts those ways.

    Seats that the same groups admit are counted as one (a set of cards for them
    all, then shared out uniformly), which keeps the count small. The count depends
    on the proposal only through how many free places each seat has (one more when
    a played card was put at a restock's place, one fewer when the dealer kept the
    trump card), and it can only grow when a place moves from a barred seat to the
    unbarred ones. The proposal is kept with probability ``ways(need) / ways(most)``
    (``most``: the fewest places each seat can have), so that every consistent deal
    is drawn with the same probability.
    """

    __slots__ = ("classes", "groups", "need", "places", "total", "types")

    def __init__(
        self,
        places: list[list[int]],
        groups: dict[tuple[int, ...], list[Card]],
        need: tuple[int, ...],
        total: int,
    ) -> None:
        self.places = places
        self.need = need
        self.total = total
        signatures: dict[tuple[tuple[int, ...], ...], list[int]] = {}
        for k in range(len(places)):
            signatures.setdefault(tuple(who for who in groups if k in who), []).append(k)
        self.classes = list(signatures.values())
        index = {k: c for c, members in enumerate(self.classes) for k in members}
        merged = [(tuple(sorted({index[k] for k in who})), cards) for who, cards in groups.items()]
        # the group with the most ways to share last: its share is then forced
        merged.sort(key=lambda item: (len(item[0]), len(item[1]), item[1][0]))
        self.groups = merged
        self.types = tuple((len(cards), who) for who, cards in merged)

    def _merged(self, need: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sum(need[k] for k in members) for members in self.classes)

    def ways(self, need: tuple[int, ...]) -> int:
        """The number of fills of every free place with ``need`` places per barred seat
        (places told apart, cards told apart)."""
        spare = self.total - sum(need)
        if spare < 0:
            return 0
        merged = self._merged(need)
        count = factorial(spare) * _sets(self.types, 0, merged)
        for n in merged:
            count *= factorial(n)
        return count

    def deal(self, layout: _Layout, rng: random.Random) -> None:
        """Give the barred seats' free places their cards (uniform, see the class)."""
        types = self.types
        need = self._merged(self.need)
        got: list[list[Card]] = [[] for _ in self.classes]
        for j, (who, cards) in enumerate(self.groups):
            pick = rng.randrange(_sets(types, j, need))
            for split, ways in _splits(len(cards), who, need, _spare(types, j, need)):
                rest = list(need)
                for c, x in zip(who, split, strict=True):
                    rest[c] -= x
                weight = ways * _sets(types, j + 1, tuple(rest))
                if pick < weight:
                    break
                pick -= weight
            else:  # pragma: no cover - the weights add up to the count
                raise AssertionError("the fills' weights do not add up")
            order = list(cards)
            rng.shuffle(order)
            at = 0
            for c, x in zip(who, split, strict=True):
                got[c] += order[at : at + x]
                at += x
            need = tuple(rest)
        for members, cards in zip(self.classes, got, strict=True):
            rng.shuffle(cards)
            at = 0
            for k in members:
                for position in self.places[k]:
                    layout.put(position, cards[at])
                    at += 1


def _spare(types: tuple[tuple[int, tuple[int, ...]], ...], j: int, need: tuple[int, ...]) -> int:
    """The free places of unbarred seats left for the groups ``types[j:]``."""
    return sum(count for count, _ in types[j:]) - sum(need)


@lru_cache(maxsize=1 << 16)
def _sets(types: tuple[tuple[int, tuple[int, ...]], ...], j: int, need: tuple[int, ...]) -> int:
    """The number of ways to choose, from the groups ``types[j:]`` (count, seats that
    may hold them), a set of ``need[k]`` cards for each barred seat ``k``, the rest
    going to the free places of the other seats."""
    if j == len(types):
        return 0 if any(need) else 1
    spare = _spare(types, j, need)
    if spare < 0:
        return 0
    count, who = types[j]
    if j == len(types) - 1:  # the last group's share is forced: each seat its need
        if any(need[k] for k in range(len(need)) if k not in who):
            return 0
        ways = factorial(count) // factorial(spare)
        for k in who:
            ways //= factorial(need[k])
        return ways
    total = 0
    if j + 2 < len(types):
        for split, ways in _splits(count, who, need, spare):
            rest = list(need)
            for k, x in zip(who, split, strict=True):
                rest[k] -= x
            total += ways * _sets(types, j + 1, tuple(rest))
        return total
    last, seats = types[-1]  # the last group's share is forced (above), inlined here
    outside = [k for k in range(len(need)) if k not in seats]
    for split, ways in _splits(count, who, need, spare):
        rest = list(need)
        for k, x in zip(who, split, strict=True):
            rest[k] -= x
        left = last - sum(rest)
        if left < 0 or any(rest[k] for k in outside):
            continue
        share = _FACTORIALS[last] // _FACTORIALS[left]
        for k in seats:
            share //= _FACTORIALS[rest[k]]
        total += ways * share
    return total


_FACTORIALS = [factorial(n) for n in range(53)]
"""``n!`` for every number of cards of the deck."""


def _splits(
    count: int, who: tuple[int, ...], need: tuple[int, ...], spare: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to share ``count`` cards of one group among the seats ``who`` (at most
    ``need`` each) and the unbarred places (at most ``spare``), with the number of
    ways to choose which cards go where."""
    return _shares(count, tuple(need[k] for k in who), min(spare, count))


@lru_cache(maxsize=1 << 14)
def _shares(
    count: int, most: tuple[int, ...], spare: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """:func:`_splits` for seats that may take at most ``most`` cards each."""
    found: list[tuple[tuple[int, ...], int]] = []

    def walk(i: int, left: int, split: tuple[int, ...], ways: int) -> None:
        if i == len(most):
            if left <= spare:
                found.append((split, ways))
            return
        for x in range(min(left, most[i]) + 1):
            walk(i + 1, left - x, (*split, x), ways * comb(left, x))

    walk(0, count, (), 1)
    return tuple(found)


DETERMINIZATION = Determinization(new_game, propose_bourre, is_restock, facts=_facts)
"""What :func:`cardrules.determinize` needs of Bourré."""
