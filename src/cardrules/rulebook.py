"""The rule book in the package: every rule by id, with its short text (:data:`RULES`,
for ``cardrules rules`` and the refusals' messages) and its short title
(:data:`TITLES`, for the rule reference and the command). The docs' rule reference and
the tests read the rule book from here.

>>> RULES["X-2"][:40]
'Every random event is a chance node answ'
>>> tuple(rule for rule in rules_of("bourre") if rule.startswith("V-"))[:2]
('V-B.1', 'V-B.2')
"""

from __future__ import annotations

__all__ = ["RULES", "TITLES", "rules_of", "title"]

RULES: dict[str, str] = {
    "X-1": (
        "Cards are dealt one at a time from the top of the shuffled deck "
        "(`Shuffle.order[0]` first), starting with eldest and going round in seat order, "
        "until every seat has its hand; up-cards named below come next."
    ),
    "X-2": (
        "Every random event is a chance node answered by a `Shuffle` of exactly the cards"
        " the state names in `chance_cards`. Nothing else is random."
    ),
    "X-3": (
        "Chips are whole numbers. A seat can never stake more than its stack (table "
        "stakes); a stack never goes below 0. A forced stake (ante) larger than the stack"
        " takes the whole stack."
    ),
    "X-4": (
        "Pots: when contributions differ because a seat is all-in, the pot is split into "
        "a main pot and side pots by contribution level; a seat still in is eligible for "
        "every pot up to its own level (while the betting is open, a seat still in that "
        "is not all-in is eligible for every pot); chips of folded seats stay in the "
        "pots. The part of the largest contribution above the second largest (folded "
        "seats counted) is returned to its owner before the showdown. No seat may raise "
        "when every other seat still in is all-in."
    ),
    "X-5": (
        "A pot that several hands tie for is divided equally; chips that do not divide go"
        " one each to the tied winners in seat order starting from eldest."
    ),
    "X-6": (
        "When a seat's stack is 0 before a deal begins, it rebuys the rules' starting "
        "stack (`stack`, or `cave` in the historic game) automatically; each rebuy is "
        "recorded and counted against that seat's result."
    ),
    "X-7": (
        "A session is a fixed number of deals (`Rules.deals`); the dealer passes to the "
        "next seat after every deal. A deal begins (rebuys, antes, `deal_number` and "
        "`dealer` moved on) as soon as the previous one ends, before its chance node. "
        "When the last deal ends with a pot still in the middle, that pot is shared "
        "equally among all seats with exact fractions."
    ),
    "X-8": (
        "A seat's result (`returns()`) is stack + primes + share of a leftover pot − the "
        "stack it started with (as given to `new_game`) − its rebuys. At every moment "
        "`sum(returns()) + pot == 0`."
    ),
    "X-9": (
        "An action that is not legal now raises `IllegalActionError` naming the seat, the"
        " action, the reason and the rule id; the state is unchanged. An action of the "
        "game offered in the wrong phase names the rule of that phase; anything that is "
        "not an action of this game at all (another game's action, `None`, a string) "
        "names X-9."
    ),
    "X-10": (
        "A seat's view shows its own cards (its own discards included), every card face "
        "up on the table, every card shown at a showdown, and every public action (an "
        "announced class of brelan included) — for the whole session since `new_game`, "
        "earlier deals included (perfect recall: two states give a seat equal views only "
        "if everything it has seen so far is the same); never another seat's face-down "
        "card or discard, or the order of the undealt deck."
    ),
    "M-1.1": ("3 to 5 players (`players`, default 4), each for themselves."),
    "M-1.2": (
        "Deck by player count: 3 → 16 cards (8 9 K A), 4 → 20 (8 9 Q K A), 5 → 24 (8 9 J Q K A)."
    ),
    "M-1.3": ("Rank order for brelans and tie-breaks: A > K > Q > J > 9 > 8."),
    "M-1.4": (
        'Point values: A = 11, every other card 10 (`point_values="flat"`); option '
        '`"pip"`: K/Q/J 10, 9 = 9, 8 = 8.'
    ),
    "M-2.1": ("Before every deal each seat antes `ante` (default 1) into the pot."),
    "M-2.2": (
        "Each seat gets 3 cards face down (X-1), then one card is turned face up in the "
        "middle: the retourné. No drawing or exchange."
    ),
    "M-3.1": ("One betting round; eldest speaks first, then seat order."),
    "M-3.2": (
        "With no bet yet: `Check` or open with `Raise(to)`. Facing a bet: `Call`, "
        "`Raise(to)` or `Fold`."
    ),
    "M-3.3": (
        "A raise puts the contribution 1 to `max_raise` (default 5) above the largest "
        "contribution; no limit on the number of raises other than the stacks."
    ),
    "M-3.4": (
        "A seat that cannot cover a call may call all-in for its stack (X-3, X-4); an "
        "all-in seat no longer acts."
    ),
    "M-3.5": (
        "The round closes when every seat still in has acted since the last raise and has"
        " matched it or is all-in. Check-raise is allowed."
    ),
    "M-3.6": ("If every seat checks, all go to the showdown; no chips move during the round."),
    "M-3.7": ("If all but one seat fold, that seat takes the pot without showing."),
    "M-4.1": (
        "Announcement (`Announce()`, when `announce_fee` is not None): on any of its "
        "turns, before its betting action, a seat holding a brelan of any class (judged "
        "with the retournés as they are now) may announce it, once per deal. It keeps the"
        " turn; the announcement is no betting action."
    ),
    "M-4.2": (
        "Every other seat dealt in, folded seats too, at once pays the announcer "
        "`announce_fee` (default 1), or its whole stack if less, straight from its stack "
        "(a seat still in that is emptied so is all-in). The fee is never returned, "
        "whoever wins."
    ),
    "M-4.3": (
        "An announcer may not fold for the rest of the deal. The announcement reveals the"
        " class of brelan to every seat, not the cards."
    ),
    "M-5.1": (
        "Brelan carré: three cards of one rank in hand and the retourné of that rank. Best class."
    ),
    "M-5.2": (
        "Brelan favori: exactly two cards of one rank in hand and the retourné of that "
        'rank. Second class by default (`favori="above_simple"`); `"below_simple"` ranks '
        'it after the brelan simple; `"off"` makes it no brelan.'
    ),
    "M-5.3": ("Brelan simple: three cards of one rank in hand, the retourné of another rank."),
    "M-5.4": ("Every brelan beats every point hand; within a class the higher rank wins."),
    "M-5.5": (
        "Point: for each suit, the values of the seat's own cards of that suit, plus the "
        "retourné's value when the seat holds at least one card of the retourné's suit. "
        "The seat's point is its best suit."
    ),
    "M-5.6": (
        "Points compare by total; then by the highest card among the counted cards "
        "(retourné included when counted); then a point in the retourné's suit beats one "
        'in another suit; then the hands tie (X-5). Option `point_tiebreak="kickers"`: '
        "after the highest card compare the next counted cards, then the retourné's suit."
    ),
    "M-6.1": (
        "At the showdown every seat still in shows; the best hand takes each pot it is "
        "eligible for (X-4, X-5)."
    ),
    "M-6.2": (
        "A session ends after `deals` deals (default 1), or earlier, after a deal at "
        "whose end some seat's result has reached `target` (default None: no target); a "
        "result touched during a deal and lost again by its end does not count."
    ),
    "V-M.1": (
        "`retournes=2` (double retourné): two community cards. Carré: three in hand with "
        "a matching retourné, or two in hand with both retournés matching. Favori: two in"
        " hand with one matching retourné. One card in hand with two matching retournés "
        "is no brelan. Each retourné whose suit the seat holds adds to that suit's point;"
        " the point tie-break uses the first retourné's suit, then the second's."
    ),
    "V-M.2": (
        "`open_card=True` (open Bouillotte): each seat's first card is dealt face up and is public."
    ),
    "V-M.3": (
        "`betting_rounds=2` or `3`: after each betting round but the last, each seat "
        "still in turns face up its earliest-dealt card that is still face down, then "
        "another betting round follows with the same rules; contributions carry on across"
        " rounds."
    ),
    "V-M.4": (
        "`retourne_change=True`: right after the action with which every seat still in "
        "has acted once in the first betting round, the retourné is dead and the next "
        "card of the stock replaces it (also when that action closed the round: the "
        "showdown then uses the new retourné). With two retournés both are dead and the "
        "next two stock cards replace them. Seats that cannot act (all-in) are not waited"
        " for; when no seat can act at all, the change happens before the showdown."
    ),
    "H-1.1": ("Exactly 4 players; 20 cards: A K Q 9 8 of each suit; rank order A > K > Q > 9 > 8."),
    "H-1.2": (
        "Each seat starts with a cave of `cave` chips (default 100) and can never stake "
        "more than what remains of it (X-3)."
    ),
    "H-1.3": ("Play, the deal and the turn to deal all go to the right, which is seat order here."),
    "H-2.1": (
        "Only the dealer antes `ante` (default 1). A pot carried over from the previous "
        "deal stays in the pot as dead money; contributions start at 0 every deal (the "
        "dealer's at the ante)."
    ),
    "H-2.2": (
        "Before any card is dealt, eldest may `Carre()`: add a stake equal to the whole "
        "pot (carried pot included). If it does, the next seat may carre by adding the "
        "new whole pot, and so on, at most once round the table (eldest, 2nd, 3rd, "
        "dealer)."
    ),
    "H-2.3": (
        "The first `Decline()` ends the carre phase. A seat whose stack is less than the "
        "required stake can only decline."
    ),
    "H-3.1": (
        "After the carre phase the deck is shuffled (chance node) and each seat gets 3 "
        "cards (X-1); the 13th card is turned up as the retourné; the 7 others are never "
        "used or seen."
    ),
    "H-4.1": (
        "The first to speak is eldest when nobody carred, otherwise the seat after the "
        "last carreur."
    ),
    "H-4.2": ("Before the opening a seat may `Check` (pass) and keeps the right to come in later."),
    "H-4.3": (
        "Opening is a `Raise(to)` with `to` at least the largest contribution and at "
        "least 1 more than the opener's own contribution, up to its whole stack."
    ),
    "H-4.4": (
        "After the opening each seat facing a larger contribution may `Call`, `Raise(to)`"
        " (at least 1 more than the largest contribution) or `Fold`; a pass is no longer "
        "possible. Seats that passed before the opening face the same choice when their "
        "turn comes. A seat whose contribution already equals the largest when its turn "
        "comes (the dealer's ante against an opening to 1, say) has the option: `Check` "
        "or `Raise(to)`."
    ),
    "H-4.5": (
        "A seat that cannot match the largest contribution may only `Call` all-in for its"
        " stack (tapis) or `Fold`; it may not open or raise. A seat that cannot reach the"
        " minimum opening may only pass; before the opening this holds for a seat short "
        "of the largest carre stake too, and it may still call all-in after the opening."
    ),
    "H-4.6": ("With one seat left it takes the pot without showing."),
    "H-4.7": (
        "Seats left are counted, all-in seats included, when every seat still in has "
        "matched the largest contribution or is all-in. With two (or one), the betting "
        "closes."
    ),
    "H-4.8": (
        "With three or four, each seat except the last raiser (the opener counts as a "
        'raiser), in seat order from the last raiser, may `Raise(to)` or say "plus rien" '
        "(`Check`) — no `Fold`, no `Call`; all-in seats say plus rien by themselves. If "
        "all say plus rien the betting closes; a raise starts the calling again, and "
        "after it a new count (H-4.7)."
    ),
    "H-4.9": (
        "If every seat passes and nobody carred, there is no showdown: the pot is carried"
        " to the next deal, whose dealer antes as usual (H-2.1)."
    ),
    "H-4.10": (
        "If every seat passes after a carre, the last carreur takes the pot without "
        "showing. All-in seats pass by themselves (as they say plus rien by themselves, "
        "H-4.8), so this holds when some carreurs are all-in too."
    ),
    "H-5.1": (
        "Brelan carré: three of a rank in hand with the retourné of that rank. Brelan "
        "simple: three of a rank in hand. Two in hand plus the retourné is no brelan. "
        "Carré beats simple; simples compare by rank."
    ),
    "H-5.2": ("Each pot goes to the best brelan among the seats eligible for it."),
    "H-5.3": (
        "When no eligible seat of a pot holds a brelan, the collective point decides: all"
        " four hands are exposed, folded ones too, and each suit is totalled over the 13 "
        "exposed cards with A = 11, K = Q = 10, 9 = 9, 8 = 8."
    ),
    "H-5.4": (
        "The richest suit wins for its owner: among the seats eligible for the pot, the "
        "one holding that suit's highest card in hand. The retourné belongs to nobody."
    ),
    "H-5.5": (
        "When the richest suit has no owner among the eligible seats, the next richest "
        "suit is used, and so on."
    ),
    "H-5.6": (
        "When two or more suits tie for richest, the owner who comes first in seat order "
        "from eldest wins."
    ),
    "H-5.7": (
        "Side pots use the same suit order as the main pot, each with its own eligible "
        "seats (H-5.4–H-5.6)."
    ),
    "H-6.1": (
        "Primes are paid only at a showdown: each seat showing a brelan carré receives 2 "
        "from every other seat, each seat showing a brelan simple receives 1 from every "
        "other seat, folded seats included. Folded seats never collect."
    ),
    "H-6.2": (
        "Primes are written on each seat's separate signed account (`primes`), netted, "
        "never added to the cave; they always sum to 0."
    ),
    "H-7.1": (
        "A session is 12 deals (`deals`). A seat whose cave is 0 before a deal rebuys a "
        "full cave (X-6); a partly spent cave is never topped up."
    ),
    "H-7.2": (
        "After the last deal a carried pot is shared equally among the 4 seats, exactly (X-7)."
    ),
    "H-7.3": (
        "The final result is cave + primes + pot share − initial cave − rebuys (X-8); the"
        " best result wins and equal results share the place (`standings()`)."
    ),
    "B-1.1": ("2 to 7 players (`players`, default 4); the 52-card deck, A high: A K Q J 10 9 … 2."),
    "B-2.1": (
        "Before every deal each seat antes `ante` (default 1) into the pot, on top of "
        "anything carried over."
    ),
    "B-2.2": (
        "Each seat gets `hand_size` cards (default 5) (X-1). The dealer's last card is "
        "dealt face up: its suit is trump for the deal, and it stays in the dealer's "
        "hand."
    ),
    "B-3.1": (
        "In seat order from eldest, each seat says `StayIn()` or `Drop()`. Dropping costs"
        " only what the seat has put in; a dropped seat takes no further part in the "
        "deal. A seat left with 0 chips after its ante may stay in (X-3: a bourré payment"
        " then takes its whole stack, nothing)."
    ),
    "B-3.2": (
        "If nobody stays in, the pot is carried over. If exactly one seat stays in, it "
        "takes the pot at once without play."
    ),
    "B-4.1": (
        "In seat order from eldest, each seat still in may `Exchange(discards)`: discard "
        "0 to `hand_size` of its cards and draw as many from the stock. The empty "
        "exchange stands pat."
    ),
    "B-4.2": (
        "When the stock is short, the seat first draws what is left of it; then the "
        "discards of the seats already served and the hands of the dropped seats are "
        "shuffled (chance node) into a new stock and it draws the rest. The trump up-card"
        " never goes back in, nor do the current seat's own discards into the restock "
        "made while it draws; a dropped seat's hand is mucked at once and can be "
        "restocked. An exchange is legal only if enough cards exist to serve it."
    ),
    "B-4.3": (
        "The dealer may discard the trump up-card; trump does not change, and the card is"
        " out of play."
    ),
    "B-5.1": (
        "The first seat still in after the dealer leads the first trick with any card; "
        "the winner of each trick leads the next."
    ),
    "B-5.2": ("A seat holding the led suit must play it."),
    "B-5.3": (
        "A seat void in the led suit must play a trump if it holds one; only a seat with "
        "neither may play any card."
    ),
    "B-5.4": (
        "A seat playing a trump (on a trump lead or ruffing) must beat the highest trump "
        "in the trick if it can."
    ),
    "B-5.5": (
        "A seat following a non-trump lead must beat the highest card of the led suit if "
        "it can, unless the trick already holds a trump (`must_head_following`, default "
        "True)."
    ),
    "B-5.6": ("The highest trump wins the trick, otherwise the highest card of the led suit."),
    "B-6.1": (
        "After the last trick, if exactly one seat has strictly the most tricks (and at "
        "least `min_tricks` of them, default 1), it takes the pot as it stood before any "
        "bourré payment. Otherwise the pot is carried over untouched."
    ),
    "B-6.2": (
        "Every seat that stayed in and took no trick is bourré: it pays an amount equal "
        "to the pot as it stood before any bourré payment (or its whole stack if less) "
        "into the pot of the next deal — in the last deal too, where X-7 then shares it. "
        "Several bourrés each pay that same amount."
    ),
    "B-6.3": (
        "With `ante_exemptions=True`, seats that tied for the most tricks or were bourré "
        "do not ante the next deal. A sole leader short of `min_tricks` counts as tied "
        "(V-B.4). After a deal without trick play (nobody stayed, or one seat took the "
        "pot at once) nobody is exempt."
    ),
    "V-B.1": (
        "`must_head_following=False`: following suit carries no duty to beat the trick (B-5.5 off)."
    ),
    "V-B.2": ("`hand_size=7`: seven-card Bourré, seven tricks; at most 7 players."),
    "V-B.3": ("`exchange=False` (Reno): no exchange phase."),
    "V-B.4": (
        "`min_tricks=3`: a winner needs at least three tricks, otherwise the pot is "
        "carried as if tied."
    ),
    "V-B.5": (
        "`rising_ante=True`: after every deal whose pot was carried, the ante doubles; "
        "after a deal whose pot is won it returns to `ante`."
    ),
    "V-B.6": (
        "`pot_cap=N`: chips that would lift the pot above N are not taken, or are "
        "returned to those who paid them, in proportion to what each paid (whole chips; "
        "remainders by largest fraction, then seat order from eldest). Bourré payments "
        "are capped first, as one round, with the eldest of the deal just played; the "
        "next deal's antes are capped after them, as a second round, with the new deal's "
        "eldest."
    ),
}
"""Every rule of RULES.md by its id, in the rule book's order."""

TITLES: dict[str, str] = {
    # X — shared by every game
    "X-1": "Dealing order",
    "X-2": "Chance nodes",
    "X-3": "Whole chips and table stakes",
    "X-4": "Main pot and side pots",
    "X-5": "Tied pots and odd chips",
    "X-6": "Automatic rebuys",
    "X-7": "Sessions and a leftover pot",
    "X-8": "Results",
    "X-9": "Illegal actions",
    "X-10": "What a seat sees",
    # M — modern Bouillotte
    "M-1.1": "Three to five players",
    "M-1.2": "The deck by player count",
    "M-1.3": "Rank order",
    "M-1.4": "Point values",
    "M-2.1": "Antes",
    "M-2.2": "Three cards and the retourné",
    "M-3.1": "One betting round",
    "M-3.2": "Check, open, call, raise or fold",
    "M-3.3": "Raise limits",
    "M-3.4": "Calling all-in",
    "M-3.5": "Closing the round",
    "M-3.6": "Everybody checks",
    "M-3.7": "Everybody else folds",
    "M-4.1": "Announcing a brelan",
    "M-4.2": "The announcement fee",
    "M-4.3": "An announcer may not fold",
    "M-5.1": "Brelan carré",
    "M-5.2": "Brelan favori",
    "M-5.3": "Brelan simple",
    "M-5.4": "Brelans beat points",
    "M-5.5": "The point",
    "M-5.6": "Point tie-breaks",
    "M-6.1": "The showdown",
    "M-6.2": "End of the session",
    "V-M.1": "Double retourné",
    "V-M.2": "Open Bouillotte",
    "V-M.3": "Several betting rounds",
    "V-M.4": "Retourné change",
    # H — historic Bouillotte
    "H-1.1": "Four players, twenty cards",
    "H-1.2": "The cave",
    "H-1.3": "Play goes to the right",
    "H-2.1": "The dealer's ante and a carried pot",
    "H-2.2": "The carre, a blind stake",
    "H-2.3": "Declining ends the carres",
    "H-3.1": "The deal and the retourné",
    "H-4.1": "Who speaks first",
    "H-4.2": "Passing before the opening",
    "H-4.3": "The opening",
    "H-4.4": "Calling, raising, folding",
    "H-4.5": "Short stacks: tapis",
    "H-4.6": "One seat left",
    "H-4.7": "Counting the seats left",
    "H-4.8": "Plus rien",
    "H-4.9": "Everybody passes: the pot is carried",
    "H-4.10": "Everybody passes after a carre",
    "H-5.1": "Brelan carré and brelan simple",
    "H-5.2": "The best brelan wins",
    "H-5.3": "The collective point",
    "H-5.4": "The richest suit's owner",
    "H-5.5": "A suit without an owner",
    "H-5.6": "Suits tied for richest",
    "H-5.7": "Side pots and the suit order",
    "H-6.1": "Primes",
    "H-6.2": "The primes account",
    "H-7.1": "Twelve deals and recaves",
    "H-7.2": "A pot left after the last deal",
    "H-7.3": "The final result",
    # B — Bourré
    "B-1.1": "Two to seven players, 52 cards",
    "B-2.1": "Antes",
    "B-2.2": "The deal and trump",
    "B-3.1": "Stay in or drop",
    "B-3.2": "Nobody or one seat stays in",
    "B-4.1": "The exchange",
    "B-4.2": "A short stock and the restock",
    "B-4.3": "Discarding the trump card",
    "B-5.1": "Leading",
    "B-5.2": "Following suit",
    "B-5.3": "Trumping when void",
    "B-5.4": "Overtrumping",
    "B-5.5": "Heading the trick",
    "B-5.6": "Who wins a trick",
    "B-6.1": "Most tricks takes the pot",
    "B-6.2": "Bourré: no trick pays the pot",
    "B-6.3": "Ante exemptions",
    "V-B.1": "No duty to head the trick",
    "V-B.2": "Seven-card Bourré",
    "V-B.3": "Reno: no exchange",
    "V-B.4": "A minimum of tricks",
    "V-B.5": "Rising ante",
    "V-B.6": "Pot cap",
}
"""Each rule id of the rule book mapped to its short title (at most 40 characters)."""


def title(rule: str) -> str:
    """The short title of ``rule``, or ``""`` when it has none.

    >>> title("X-10"), title("Q-1")
    ('What a seat sees', '')
    """
    return TITLES.get(rule, "")


def rules_of(game_id: str) -> tuple[str, ...]:
    """The ids of the rules that apply to a game: the shared X rules and its own.

    >>> rules_of("bouillotte-historic")[-1]
    'H-7.3'
    """
    from cardrules.registry import describe

    prefixes = describe(game_id).rule_prefixes
    return tuple(rule for rule in RULES if rule.startswith(prefixes))
