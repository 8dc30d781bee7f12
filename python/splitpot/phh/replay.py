"""Replay: every action of a history through splitpot's :class:`~splitpot.hand.Hand`."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple

from splitpot._core import IllegalAction
from splitpot.games import Game
from splitpot.hand import Hand, Mucking, Phase, SeatStatus, Showing, TimingOut
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory, Number
from splitpot.phh.setup import _chips, _setup

# Cards: code = rank * 4 + suit (2c = 0, As = 51), as everywhere in splitpot.
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_NAMES = [r + s for r in _RANKS for s in _SUITS]
_CODES = {name: code for code, name in enumerate(_NAMES)}


_NOOP, _DH, _DB, _F, _CC, _CBR, _SD, _SM, _PB, _TIMEOUT_ALL_IN = range(10)
_PLAYER_VERBS = {"f": _F, "cc": _CC, "cbr": _CBR, "sd": _SD, "sm": _SM, "pb": _PB}
_ALL_IN_NOTE = re.compile(r"p([1-9][0-9]*) timeout all-in")


class _Action(NamedTuple):
    at: int  # the index in ``actions``
    text: str
    kind: int
    player: int = -1  # 0-based PHH player
    cards: tuple[int | None, ...] | None = None  # None: no cards (muck, stand pat)
    amount: int = 0
    timeout: bool = False


class _Replayer:
    """Parses a history's actions and drives a :class:`Hand` through them."""

    def __init__(self, hh: HandHistory) -> None:
        self.hh = hh
        self.src = hh.source
        self.setup = _setup(hh)
        self.labels = {f"p{k + 1}": k for k in range(hh.player_count)}
        self.auto_discards: dict[int, int] = {}
        self.dealt_players: set[int] = set()

    def fail(self, reason: str, act: _Action | None = None) -> PHHError:
        if act is None:
            return PHHError(reason, source=self.src)
        return PHHError(reason, source=self.src, action_index=act.at, action=act.text)

    # ------------------------------------------------------------------ parsing

    def cards(self, text: str, index: int, action: str) -> tuple[int | None, ...]:
        cards = _card_tuple(text)
        if cards is not None:
            return cards
        if len(text) % 2:
            raise PHHError(
                f"{text!r} is not a list of two-character cards",
                source=self.src,
                action_index=index,
                action=action,
            )
        out: list[int | None] = []
        for i in range(0, len(text), 2):
            token = text[i : i + 2]
            code = _CODES.get(token)
            if code is None:
                if token != "??":
                    raise PHHError(
                        f"{token!r} is not a card (rank 2-9TJQKA or ?, then suit cdhs or ?)",
                        source=self.src,
                        action_index=index,
                        action=action,
                    )
            out.append(code)
        return tuple(out)

    def player(self, word: str, index: int, action: str) -> int:
        k = self.labels.get(word)
        if k is not None:
            return k
        n = self.hh.player_count
        raise PHHError(
            f"{word!r} is not a player (p1..p{n}) or the dealer (d)",
            source=self.src,
            action_index=index,
            action=action,
        )

    def parse(self) -> list[_Action]:
        acts: list[_Action] = []
        for index, text in enumerate(self.hh.actions):
            head, hash_, comment = text.partition("#")
            words = head.split()
            timeout = bool(hash_) and comment.strip() == "timeout"
            if not words:
                match = _ALL_IN_NOTE.fullmatch(comment.strip()) if hash_ else None
                if match is not None:
                    player = self.player("p" + match.group(1), index, text)
                    acts.append(_Action(index, text, _TIMEOUT_ALL_IN, player, timeout=True))
                else:
                    acts.append(_Action(index, text, _NOOP))
                continue
            first = words[0]
            size = len(words)
            if first == "d":
                if size == 3 and words[1] == "db":
                    acts.append(_Action(index, text, _DB, cards=self.cards(words[2], index, text)))
                    continue
                if size == 4 and words[1] == "dh":
                    player = self.player(words[2], index, text)
                    hole = self.cards(words[3], index, text)
                    acts.append(_Action(index, text, _DH, player, hole))
                    continue
                raise PHHError(
                    "a dealer action is 'd db CARDS' or 'd dh pN CARDS'",
                    source=self.src,
                    action_index=index,
                    action=text,
                )
            player = self.player(first, index, text)
            kind = _PLAYER_VERBS.get(words[1]) if size > 1 else None
            if kind is None or size > 3:
                raise PHHError(
                    "not a PHH action (pN f, cc, cbr AMOUNT, sd [CARDS], sm [CARDS|-], pb)",
                    source=self.src,
                    action_index=index,
                    action=text,
                )
            amount = 0
            cards: tuple[int | None, ...] | None = None
            if kind == _CBR:
                if size != 3:
                    raise self.fail("cbr needs an amount", _Action(index, text, kind))
                try:
                    value: Number = int(words[2])
                except ValueError:
                    try:
                        value = Decimal(words[2])
                    except ArithmeticError:
                        value = Decimal("NaN")
                    if not value.is_finite() or value <= 0:
                        raise self.fail(
                            f"{words[2]!r} is not an amount", _Action(index, text, kind)
                        ) from None
                try:
                    amount = _chips(value, "the amount", self.src)
                except PHHError as e:
                    raise type(e)(
                        e.reason, source=self.src, action_index=index, action=text
                    ) from None
            elif size == 3:
                if kind in (_F, _CC, _PB):
                    raise self.fail("this action takes no argument", _Action(index, text, kind))
                if kind == _SM and words[2] == "-":
                    cards = ()  # show the cards dealt
                else:
                    cards = self.cards(words[2], index, text)
            acts.append(_Action(index, text, kind, player, cards, amount, timeout))
        return acts

    # ------------------------------------------------------------------ cards

    def deal_plan(
        self, acts: Sequence[_Action]
    ) -> tuple[list[list[int] | None], list[int], set[int]]:
        """``(hole, board, unknown)``: the cards per engine seat (``None`` to deal from the
        deck), the board, and the engine seats holding stand-in cards."""
        game = self.setup.game
        want = game.hole_cards
        dealt: dict[int, tuple[int | None, ...]] = {}
        revealed: dict[int, list[tuple[int, _Action]]] = {}
        board: list[int] = []
        first_seen: dict[int, _Action] = {}

        def see(code: int, act: _Action) -> None:
            before = first_seen.get(code)
            if before is not None:
                raise self.fail(
                    f"card {_NAMES[code]} is dealt twice (first at action {before.at})", act
                )
            first_seen[code] = act

        for act in acts:
            kind = act.kind
            if kind == _DH:
                assert act.cards is not None
                if act.player in dealt:
                    raise self.fail(
                        f"p{act.player + 1} is dealt hole cards a second time; "
                        f"{game.name} deals them once",
                        act,
                    )
                if len(act.cards) != want:
                    raise self.fail(
                        f"{game.name} deals {want} hole cards, not {len(act.cards)}", act
                    )
                dealt[act.player] = act.cards
                for c in act.cards:
                    if c is not None:
                        see(c, act)
            elif kind == _DB:
                assert act.cards is not None
                for c in act.cards:
                    if c is None:
                        raise self.fail("board cards must be known, not ??", act)
                    see(c, act)
                    board.append(c)
            elif kind in (_SM, _SD) and act.cards:
                for c in act.cards:
                    if c is not None:
                        revealed.setdefault(act.player, []).append((c, act))
        hole: list[list[int] | None] = [None] * self.setup.seat_count
        unknown: set[int] = set()
        missing: list[int] = []
        for k in range(self.hh.player_count):
            cards = dealt.get(k)
            known = [c for c in cards or () if c is not None]
            for code, act in revealed.get(k, ()):
                if code in known:
                    continue
                if cards is not None and len(known) == want:
                    raise self.fail(
                        f"p{k + 1} was dealt {''.join(_NAMES[c] for c in known)}, "
                        f"not {_NAMES[code]}",
                        act,
                    )
                if len(known) == want:
                    raise self.fail(f"p{k + 1} cannot hold {_NAMES[code]} as well", act)
                see(code, act)
                known.append(code)
            seat = self.setup.seat_of[k]
            if len(known) == want:
                hole[seat] = known
            else:
                unknown.add(seat)
                if known:
                    hole[seat] = known
                    missing.append(seat)
        if missing:  # partly known hands: complete them with stand-ins from the deck
            rest = [c for c in range(52) if c not in first_seen]
            random.Random(0).shuffle(rest)
            for seat in missing:
                cards_ = hole[seat]
                assert cards_ is not None
                while len(cards_) < want:
                    cards_.append(rest.pop())
        self.dealt_players = set(dealt)
        return hole, board, unknown

    # ------------------------------------------------------------------ driving

    def run(self) -> Hand:
        acts = self.parse()
        hole, board, unknown = self.deal_plan(acts)
        s = self.setup
        try:
            hand = Hand(
                s.game,
                s.structure,
                s.stacks,
                button=s.button,
                seed=0,
                hole=hole,
                board=board,
                antes=s.antes,
                blinds=s.blinds,
                dead_blinds=s.dead,
                rake=s.rake,
                timeout_policy=s.timeout_policy,
                auto_showdown=False,
            )
        except ValueError as e:
            raise self.fail(f"cannot start the hand: {e}") from None
        self.drive(hand, acts, unknown)
        return hand

    def drive(self, hand: Hand, acts: Sequence[_Action], unknown: set[int]) -> None:
        seat_of = self.setup.seat_of
        boundaries = _board_boundaries(self.setup.game)
        dealt = _street_boards(self.setup.game)  # cheaper than len(hand.board)
        announced = 0  # board cards the history has dealt so far
        started = False
        shows: dict[int, _Action] = {}
        for act in acts:
            kind = act.kind
            if kind == _NOOP:
                continue
            if kind == _DH:
                if started:
                    raise self.fail("hole cards dealt after the play began", act)
                continue
            if not started:
                started = True
                missing = [k for k in range(self.hh.player_count) if k not in self.dealt_players]
                if missing:
                    k = missing[0]
                    raise self.fail(
                        f"p{k + 1} is never dealt hole cards ('d dh p{k + 1} ...', with ?? "
                        "for unknown cards)",
                        act,
                    )
            if kind == _DB:
                assert act.cards is not None
                end = announced + len(act.cards)
                nxt = next((b for b in boundaries if b > announced), None)
                if nxt is None:
                    raise self.fail("every board card has been dealt already", act)
                if end != nxt:
                    raise self.fail(
                        f"this street deals {nxt - announced} board card(s), not {len(act.cards)}",
                        act,
                    )
                if dealt[hand.street] < end:
                    raise self.fail(f"board dealt too early: {self.waiting(hand)}", act)
                announced = end
                continue
            if kind == _SM:
                if act.player in shows:
                    raise self.fail(f"p{act.player + 1} shows or mucks a second time", act)
                shows[act.player] = act
                continue
            seat = seat_of[act.player]
            actor = hand.actor
            if actor != seat or hand.phase is Phase.SHOWDOWN:
                if kind == _SD and act.timeout and self.auto_discarded(hand, act, seat):
                    continue
                raise self.fail(f"out of turn: {self.waiting(hand)}", act)
            if dealt[hand.street] != announced:
                street = hand.street
                raise self.fail(f"p{act.player + 1} acts before the {street} is dealt", act)
            try:
                self.apply(hand, act, seat)
            except IllegalAction as e:
                raise self.fail(f"{e} (seat {seat} is p{act.player + 1})", act) from None
        if shows or hand.phase is Phase.SHOWDOWN:
            self.showdown(hand, shows, unknown)
        shown = sum(1 for e in hand.events if isinstance(e, Showing))
        if hand.is_over and len(hand.board) > announced and shown > 1:
            # One hand left at showdown wins whatever the board (a muck at an all-in
            # showdown ends the hand before the runout, as in PokerKit); two need it.
            raise self.fail(
                f"the showdown needs {len(hand.board)} board cards; the history deals "
                f"{announced} ('d db')"
            )

    def auto_discarded(self, hand: Hand, act: _Action, seat: int) -> bool:
        """Whether the engine already discarded for a seat that had timed out (it throws
        the last card dealt, spec/poker.md §7): the history's ``sd ... # timeout`` says so."""
        done = self.auto_discards.setdefault(seat, 0)
        found = [
            e
            for e in hand.events
            if isinstance(e, TimingOut) and e.seat == seat and e.outcome == "discard"
        ]
        if len(found) <= done:
            return False
        record = found[done]
        if act.cards and act.cards[0] not in (None, record.card.code if record.card else None):
            raise self.fail(f"a timed-out seat discards its last card, {record.card}", act)
        self.auto_discards[seat] = done + 1
        return True

    def waiting(self, hand: Hand) -> str:
        """Who the hand waits for, with PHH player labels."""
        player_of = {seat: k for k, seat in enumerate(self.setup.seat_of)}
        actor = hand.actor
        if actor is None:
            return "the hand is over"
        label = f"p{player_of[actor] + 1}"
        if hand.phase is Phase.DISCARD:
            return f"{label} is to discard"
        if hand.phase is Phase.SHOWDOWN:
            return f"the betting is over; {label} is to show or muck"
        return f"{label} is to act ({hand.street})"

    def apply(self, hand: Hand, act: _Action, seat: int) -> None:
        kind = act.kind
        if act.timeout:
            self.timeout(hand, act, seat)
        elif kind == _F:
            hand.fold()
        elif kind == _CC:
            hand.check_or_call()
        elif kind == _CBR:
            hand.bet_or_raise_to(act.amount)
        elif kind == _SD:
            hand.discard(self.discarded(hand, act, seat))
        elif kind == _PB:
            raise self.fail(f"{hand.game.name} has no bring-in; blinds open the betting", act)
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)

    def discarded(self, hand: Hand, act: _Action, seat: int) -> int:
        if hand.phase is not Phase.DISCARD:
            raise IllegalAction(f"no discard now: {self.waiting(hand)}")
        if not act.cards or len(act.cards) != 1:
            raise self.fail(f"{hand.game.name} discards exactly one card after the flop", act)
        code = act.cards[0]
        if code is None:  # an unknown card: one of the stand-ins
            return hand.hole(seat)[-1].code
        return code

    def timeout(self, hand: Hand, act: _Action, seat: int) -> None:
        """A timeout written as the action it amounted to (see the module docstring)."""
        phase = hand.phase
        if act.kind == _TIMEOUT_ALL_IN:
            want = "all_in"
        elif act.kind == _F:
            want = "fold"
        elif act.kind == _CC and phase is Phase.BETTING:
            want = "check"
        elif act.kind == _SD and phase is Phase.DISCARD:
            want = "discard"
            if act.cards and act.cards[0] not in (None, hand.hole(seat)[-1].code):
                raise self.fail("a timed-out discard throws the last card dealt", act)
        elif act.kind == _SM and act.cards is not None:
            want = "show"
        else:
            raise self.fail("a timeout amounts to a fold, check, discard or show", act)
        policy_default = "fold"
        if phase is Phase.BETTING:
            if self.setup.timeout_policy == "check_or_fold":
                policy_default = "check" if hand.legal_actions().check else "fold"
            elif hand.contributions[seat] > 0:
                policy_default = "all_in"
        protected = not (want == "fold" and policy_default != "fold")
        record = hand.timeout(protected=protected)
        if record.outcome != want:
            raise self.fail(f"a timeout here {record.outcome.replace('_', ' ')}s, not {want}", act)

    def showdown(self, hand: Hand, shows: dict[int, _Action], unknown: set[int]) -> None:
        """Apply the shows and mucks in the engine's order (spec/poker.md §5)."""
        player_of = {seat: k for k, seat in enumerate(self.setup.seat_of)}
        while hand.phase is Phase.SHOWDOWN:
            seat = hand.actor
            assert seat is not None
            act = shows.pop(player_of[seat], None)
            if act is None:
                if shows:
                    other = min(shows.values(), key=lambda a: a.at)
                    raise self.fail(
                        f"p{player_of[seat] + 1} must show or muck first, and the history "
                        f"has no showdown action for p{player_of[seat] + 1}",
                        other,
                    )
                return  # the history stops before this decision
            try:
                if act.cards is None:
                    hand.muck()
                    continue
                if seat in unknown:
                    raise self.fail(
                        f"p{act.player + 1}'s hole cards are unknown (??) and the showdown "
                        "needs them",
                        act,
                    )
                self.check_shown(hand, act, seat)
                if act.timeout:
                    record = hand.timeout()
                    assert record.outcome == "show"
                else:
                    hand.show()
            except IllegalAction as e:
                raise self.fail(str(e), act) from None
        for act in sorted(shows.values(), key=lambda a: a.at):
            seat = self.setup.seat_of[act.player]
            folded = hand.status(seat) is SeatStatus.FOLDED
            if folded or not hand.is_over or not self.contested(hand):
                raise self.fail(
                    f"p{act.player + 1} {'shows' if act.cards is not None else 'mucks'}, "
                    "but there is no showdown for it",
                    act,
                )
            if act.cards is None:
                raise self.fail(
                    f"p{act.player + 1} mucks, but every other hand was mucked: the last hand "
                    "wins without showing",
                    act,
                )
            self.check_shown(hand, act, seat)

    @staticmethod
    def contested(hand: Hand) -> bool:
        return any(isinstance(e, (Showing, Mucking)) for e in hand.events)

    def check_shown(self, hand: Hand, act: _Action, seat: int) -> None:
        assert act.cards is not None
        held = {c.code for c in hand.hole(seat)}
        for c in act.cards:
            if c is not None and c not in held:
                raise self.fail(
                    f"p{act.player + 1} shows {_NAMES[c]}, which it does not hold "
                    f"({''.join(_NAMES[h] for h in sorted(held))})",
                    act,
                )


@functools.lru_cache(maxsize=8192)
def _card_tuple(text: str) -> tuple[int | None, ...] | None:
    """The codes of a PHH card string (``None`` for ``??``), or ``None`` if it is not one."""
    if len(text) % 2:
        return None
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        code = _CODES.get(token)
        if code is None and token != "??":
            return None
        out.append(code)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _street_boards(game: Game) -> dict[str, int]:
    """Board cards dealt by the time each street is played (``showdown``: all of them)."""
    out = {}
    total = 0
    for street in game.streets:
        total += street.board
        out[street.name] = total
    out["showdown"] = total
    return out


def _board_boundaries(game: Game) -> list[int]:
    out = []
    total = 0
    for street in game.streets:
        if street.board:
            total += street.board
            out.append(total)
    return out


def replay(history: HandHistory) -> Hand:
    """Play every action of ``history`` through splitpot's :class:`~splitpot.hand.Hand`.

    Returns the hand (over, or where the history stops). Raises
    :class:`UnsupportedHistory` for a variant or feature splitpot does not play, and
    :class:`PHHError` naming the file, the action's index and the reason for anything that
    breaks the rules. How each field and action is read: see the module docstring.
    """
    return _Replayer(history).run()
