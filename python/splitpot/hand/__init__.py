"""One hand of a flop or stud game, as a state machine (docs/rules/poker.md §3 to §7).

A :class:`Hand` posts the antes and blinds, deals, runs every betting round, the Crazy
Pineapple discard, the showdown, and pays out through :mod:`splitpot.pots`. The caller drives
it one decision at a time: :attr:`Hand.actor` is the seat to act and
:meth:`Hand.legal_actions` what it may do. Every operation comes as a triad:
``verify_x`` raises :class:`~splitpot.IllegalAction` saying why (and what to do instead) and
returns the normalised argument, ``can_x`` wraps it, ``x`` does it and returns the record it
logged. An illegal action leaves the hand exactly as it was.

Seats are numbered ``0 .. len(stacks) - 1`` clockwise (``None`` for a seat not dealt in); by
default the button is the last seat, so seat 0 posts the small blind (the button posts it
heads-up, §4.1), as in PHH histories.

>>> from splitpot.games import HOLDEM
>>> from splitpot.betting import NoLimit
>>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], hole=["AsAh", "7c2d"], board="AdKs9h4c2s")
>>> h.actor, h.legal_actions()             # heads-up: the button (seat 1) acts first
(1, LegalActions(seat=1, fold=True, call=1, raise_to=(4, 100)))
>>> h.raise_to(6)
RaisingTo(seat=1, amount=6, all_in=False)
>>> h.call()
Calling(seat=0, amount=4, all_in=False)
>>> h.check()                              # after the flop the big blind acts first
Checking(seat=0)
>>> h.bet(10)
Betting(seat=1, amount=10, all_in=False)
>>> h.fold()
Folding(seat=0)
>>> h.is_over, h.final_stacks
(True, [94, 106])
>>> h.check()
Traceback (most recent call last):
...
splitpot.IllegalAction: the hand is over; no one is to act

Rules and the decisions taken where the spec leaves room:

* Blinds (§4.1): small blind left of the button, big blind next; heads-up the button posts
  the small blind, acts first preflop and last after. Preflop the first to act is left of
  the big blind: the first seat (from the button's left, and after the small blind) that
  posted the largest live blind, the second one with equal blinds ($5/$5:
  ``setup.big_blind_seat``); on later rounds the first active player left of the button.
  The blinds are live and count as the round's opening bet (fixed-limit cap). Antes and
  dead blinds are pot money, not bets.
* Dealing: one card at a time from the seat left of the button; no burn cards (online, as
  docs/rules/poker.md §4.1 describes). Cards come from ``random.Random(seed).shuffle`` of
  the cards not given.
* Betting (§3): a player may fold whenever it is his turn, also when he could check
  (``open_folds``, on by default). An all-in short of a full raise does not reopen the
  betting to players who already acted; several short all-ins that add up to a full raise
  do (TDA-style). In fixed limit a raise after a short all-in completes the last *full*
  bet (bet 10, all-in 13, raise to 20), a short all-in does not count toward the cap, and
  the heads-up cap applies when the hand is dealt to two players. A bet or raise no one
  left can match in full stands; the part no one matched comes back as uncalled (§3, §6).
* A seat that no one can bet against does not act in a round (every other player is
  all-in); with fewer than two players left to act the remaining board is dealt out.
* Crazy Pineapple (§2 DECISION): every player still in discards after the flop betting
  round, in order from the button's left, all-in players too.
* Running the board more than once (§6): with ``max_runs`` above 1, once the players still
  in can bet no more before the board is out, the hand waits (``Phase.RUNS``) for
  :meth:`Hand.run_it`; each run's board is dealt from the same deck and pays its part of
  each pot (``Hand.boards``, ``Award.run``).
* Showdown (§5): the last player to bet or raise on the river shows first; without a river
  bet the first player left of the button (PokerKit shows in this order too); then
  clockwise. With ``auto_showdown`` a player shows if his hand can win or tie part of a pot
  he is eligible for against the hands shown before his, else he mucks. A player may not muck
  the last hand in a pot; when every other hand is mucked, the last one wins unshown.
* Timeouts (§7): see :meth:`Hand.timeout`; a discard times out to the last card dealt, a
  showdown decision to showing. Antes and blinds count as "what he has put in".
* Stud (§4.2; Seven Card Stud, Stud Hi/Lo, Razz): antes, then two cards down and the door
  card up to each player; the lowest door card (Razz: the highest) owes the bring-in:
  :meth:`Hand.bring_in`, a completion to the small bet with :meth:`Hand.bet`, or a fold that
  passes the bring-in left. From fourth street the best exposed hand acts first (Razz: the
  best low board), ties to the dealer's left; on fourth street an open pair lets the bet be
  the small or the big one (fixed limit, not Razz). :meth:`Hand.up` and :meth:`Hand.down`
  split a seat's cards. With eight players to seventh street the last card is one community
  card. At showdown without a last bet the best board shows first; odd chips go by the
  highest card by suit (Razz: the lowest). The rules are :mod:`.stud`'s.

>>> from splitpot.games import SEVEN_CARD_STUD
>>> from splitpot.betting import FixedLimit
>>> h = Hand(SEVEN_CARD_STUD, FixedLimit(2, 4, ante=1), [50, 50], hole=["KsKh2c", "AsAd9d"])
>>> h.legal_actions()
LegalActions(seat=0, fold=True, bring_in=1, bet=(2, 2))
>>> h.bring_in(), h.raise_to(2)
(BringingIn(seat=0, amount=1, all_in=False), RaisingTo(seat=1, amount=2, all_in=False))

Where each part lives (one home per rule):

* :mod:`.records`: the operation records, :class:`LegalActions`, :class:`HandResult`,
  :class:`SeatStatus`, :class:`Phase`, :class:`TimeoutOutcome`.
* :mod:`.setup`: :class:`HandStarting`, the parameter object and first record; its checks;
  ``blind_seats``, the one §4.1 rule of who posts the blinds (the site readers use it too).
* :mod:`.round`: ``BettingRound``, one street's betting; its ``blocker`` is the one list of
  what stops a bet or raise (§3), read by the raise window and the error text alike.
* :mod:`.showdown`: ``Showdown``, the values, the order of showing, muck rights (§5).
* :mod:`.timeout`: :class:`TimeoutPolicy` and ``outcome``, the §7 rule.
* :mod:`.stud`: who brings in, who acts first, the open pair, the stud odd-chip order (§4.2).
* :mod:`.ledger`: ``Ledger``, the chips (stacks, contributions, dead money, returns, seat
  status, the forced bets, the pots as they stand, §4 and §6).
* :mod:`.deal`: ``Deal``, the cards (deck, hole and up cards, boards, the runs' boards).
* :mod:`.advance`: advance actions, queued before a seat's turn (§3).
* :mod:`.state`: :class:`Hand`, the phases in order of play and the operations, owning the
  ledger, the deal, the round and the showdown (no base class); :mod:`.view` its read-only
  state over them; :mod:`.rebuild` replays records for :meth:`Hand.from_events`;
  :mod:`.snapshots` gives each record with the table after it (:func:`steps`).
"""

from __future__ import annotations

from splitpot.hand.advance import Advance, AdvanceActing, AdvanceCancelling, Advancing
from splitpot.hand.records import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    ChipsReturning,
    Discarding,
    Folding,
    HandEnding,
    HandResult,
    HoleDealing,
    LegalActions,
    Mucking,
    Operation,
    Phase,
    PotAwarding,
    RaisingTo,
    RunningOut,
    SeatStatus,
    Showing,
    ShownHand,
    SittingOut,
    TimeoutOutcome,
    TimingOut,
)
from splitpot.hand.setup import HandOptions, HandStarting
from splitpot.hand.snapshots import TableState, steps
from splitpot.hand.state import Hand
from splitpot.hand.timeout import TimeoutPolicy

__all__ = [
    "Advance",
    "AdvanceActing",
    "AdvanceCancelling",
    "Advancing",
    "AntePosting",
    "Betting",
    "BlindPosting",
    "BoardDealing",
    "BringingIn",
    "Calling",
    "Checking",
    "ChipsReturning",
    "Discarding",
    "Folding",
    "Hand",
    "HandEnding",
    "HandOptions",
    "HandResult",
    "HandStarting",
    "HoleDealing",
    "LegalActions",
    "Mucking",
    "Operation",
    "Phase",
    "PotAwarding",
    "RaisingTo",
    "RunningOut",
    "SeatStatus",
    "Showing",
    "ShownHand",
    "SittingOut",
    "TableState",
    "TimeoutOutcome",
    "TimeoutPolicy",
    "TimingOut",
    "steps",
]
