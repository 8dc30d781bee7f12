"""Replay: every action of a history through splitpot's :class:`~splitpot.hand.Hand`.

A :class:`~splitpot.hand.Hand` is given every card it deals when it starts, so a replay reads
the history twice. :meth:`_Replayer.plan` reads the card-bearing actions (``d dh``, ``d db``
and the cards that ``sm``/``sd`` reveal of unknown ``??`` hole cards), parsing each card
string once, with the core's tokenizer. :meth:`_Replayer.play` then reads every action once
more, with one ``match`` that checks it and calls the hand (as PokerKit's ``parse_action``).
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

from splitpot._core import Card, IllegalAction, InvalidCards
from splitpot.cards import DECK_SIZE, card_codes
from splitpot.games import Game
from splitpot.hand import Hand, HandStarting, SeatStatus, TimingOut
from splitpot.hand.records import _BETTING, _DISCARD, _RUNS, _SHOWDOWN
from splitpot.hand.setup import HandOptions
from splitpot.hand.state import dealt
from splitpot.limits import PHH_MAX_AMOUNT_DIGITS, shown
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory
from splitpot.phh.setup import _chips, _setup
from splitpot.phh.write import RUNOUT_COUNT

STAND_IN_SEED = 0
"""Seed of the shuffle that completes partly known hole cards with stand-ins from the rest of
the deck. No hand shown needs them; the seed is fixed so that a history always replays to the
same hand."""
DECK_SEED = 0
"""The :class:`~splitpot.hand.Hand` seed: it deals only what the history leaves out (the rest
of the board after a history stops, the runout of an uncontested all-in, unknown hole cards),
and is fixed for the same reason."""

Cards = tuple[int | None, ...]
"""Card codes of a PHH card string, ``None`` for an unknown card (``??``)."""
Show = tuple[int, int, Cards | None, bool]
"""A showdown action: its index, the PHH player, the cards (``()`` for the cards dealt,
``None`` for a muck) and whether it is a timeout."""

_NO_ACTION = -1  # errors about the whole history, not one action
# Card strings already read: a street of one card, or a pair of hole cards, comes back often.
_PARSED: dict[str, Cards] = {}
_PARSED_MAX = 1 << 14
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_ALL_IN_NOTE = re.compile(r"p([1-9][0-9]*) timeout all-in")


class _Replayer:
    """Reads a history's actions and drives a :class:`Hand` through them."""

    def __init__(self, hh: HandHistory) -> None:
        self.hh = hh
        self.src = hh.source
        self.setup = _setup(hh)
        self.n = len(hh.starting_stacks)  # players
        game = self.setup.game
        self.stud = game.forced_bets == "bring_in"
        # Hole cards of a player's first deal (stud: two down and the door), and in all.
        self.first = game.streets[0].hole + game.streets[0].up
        self.want = game.hole_cards
        # Read-only tables of the game and of the player count, shared by its hands.
        self.street_at, self.boards, self.bounds = _game_tables(game)
        self.deals: dict[int, int] = {}  # stud: the streets each player has been dealt
        self.labels = _LABELS.get(self.n) or _LABELS.setdefault(
            self.n, {f"p{k + 1}": k for k in range(self.n)}
        )
        self.at = _NO_ACTION  # the action being read
        self.lines: list[tuple[list[str], str]] = []  # words and commentary, per action
        self.cards_at: dict[int, Cards] = {}  # the cards of each card-bearing action
        self.seen: dict[int, int] = {}  # card code -> the action that first deals it
        self.hole: list[list[int] | None] = []  # per engine seat; None: dealt by the Hand
        self.unknown: set[int] = set()  # engine seats holding stand-in cards
        self.dealt: set[int] = set()  # PHH players dealt hole cards
        self.started = False  # a player action or board card was read
        self.board = _Board(self.bounds)  # the board cards the history has dealt
        self.player = 0  # the PHH player of the last turn()
        self.auto_discards: dict[int, int] = {}  # seat -> automatic discards matched so far

    def fail(self, reason: str, at: int | None = None) -> PHHError:
        """An error at action ``at`` (the one being read by default)."""
        at = self.at if at is None else at
        if at == _NO_ACTION:
            return PHHError(reason, source=self.src)
        return PHHError(reason, source=self.src, action_index=at, action=self.hh.actions[at])

    def not_player(self, label: str) -> PHHError:
        return self.fail(f"{shown(label)} is not a player (p1..p{self.n}) or the dealer (d)")

    def run(self) -> Hand:
        board = self.plan()
        s = self.setup
        if len(board) > self.boards["showdown"] * s.max_runs:
            raise self.fail(
                f"the history deals {len(board)} board cards, more than {s.game.name} deals "
                f"on {s.max_runs} run(s) of the board ({RUNOUT_COUNT} says how many)"
            )
        try:
            options: HandOptions = {
                **s.options,
                "seed": DECK_SEED,
                "hole": self.hole,
                "board": board,
                "auto_showdown": False,
            }
            start = HandStarting.build(s.game, s.structure, s.stacks, **options)
            hand = dealt(start)
        except ValueError as e:
            raise self.fail(f"cannot start the hand: {e}") from None
        shows = self.play(hand)
        self.finish(hand, shows)
        return hand

    # ------------------------------------------------------------------ the cards

    def cards(self, text: str) -> Cards:
        """The cards of a PHH card string: two characters each, ``??`` for an unknown one."""
        parsed = _PARSED.get(text)
        if parsed is None:
            parsed = self.parse_cards(text)
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[text] = parsed
        return parsed

    def parse_cards(self, text: str) -> Cards:
        if "?" not in text:
            try:
                codes = card_codes(text)
            except InvalidCards:
                pass  # a card twice is the deal's error; anything else is worded below
            else:
                if 2 * len(codes) == len(text):  # PHH writes a ten as T, never 10
                    return tuple(codes)
        if len(text) % 2:
            raise self.fail(f"{shown(text)} is not a list of two-character cards")
        out: list[int | None] = []
        for i in range(0, len(text), 2):
            token = text[i : i + 2]
            if token == "??":
                out.append(None)
                continue
            try:
                out.extend(card_codes(token))
            except InvalidCards:
                raise self.fail(
                    f"{token!r} is not a card (rank 2-9TJQKA or ?, then suit cdhs or ?)"
                ) from None
        return tuple(out)

    def see(self, deals: list[tuple[int, Cards]]) -> None:
        """Every known card is dealt once: ``deals`` are ``(action, cards)``, in order."""
        seen = self.seen
        for at, cards in deals:
            for code in cards:
                if code is None:
                    continue
                if code in seen:
                    self.at = at
                    raise self.fail(
                        f"card {Card(code)} is dealt twice (first at action {seen[code]})"
                    )
                seen[code] = at

    def plan(self) -> list[int]:
        """First pass: the words of every action, and the cards (:attr:`hole`, the board)."""
        game = self.setup.game
        want = self.want
        labels = self.labels
        deals: list[tuple[int, Cards]] = []  # the known cards, checked at once by see()
        dealt: dict[int, Cards] = {}
        revealed: dict[int, list[tuple[int, int]]] = {}  # player -> [(code, action)]
        board: list[int] = []
        for at, text in enumerate(self.hh.actions):
            self.at = at
            head, _, note = text.partition("#")
            words = head.split()
            self.lines.append((words, note.strip()))
            match words:
                case ["d", "dh", label, cards]:
                    k = labels.get(label)
                    if k is None:
                        raise self.not_player(label)
                    hole = self.cards_at[at] = self.cards(cards)
                    if k in dealt and not self.stud:
                        raise self.fail(
                            f"p{k + 1} is dealt hole cards a second time; "
                            f"{game.name} deals them once"
                        )
                    got = dealt.get(k, ())
                    # Stud deals a player's cards street by street: three, then one at a time.
                    count = 1 if got else self.first
                    if len(hole) != count or len(got) + count > want:
                        raise self.fail(
                            f"{game.name} deals {count if len(got) < want else 'no more'} "
                            f"card(s) here, not {len(hole)}"
                        )
                    dealt[k] = got + hole
                    deals.append((at, hole))
                case ["d", "db", cards]:
                    street = self.cards_at[at] = self.cards(cards)
                    if None in street:
                        raise self.fail("board cards must be known, not ??")
                    deals.append((at, street))
                    board.extend(street)  # type: ignore[arg-type]
                case ["d", *_]:
                    pass  # not a dealer action: play() says so, in its turn
                case [label, "sm" | "sd" as verb, cards] if cards != "-" or verb == "sd":
                    k = labels.get(label)
                    if k is None:
                        raise self.not_player(label)
                    shown = self.cards_at[at] = self.cards(cards)
                    revealed.setdefault(k, []).extend((c, at) for c in shown if c is not None)
        self.see(deals)
        self.dealt = set(dealt)
        if self.stud:
            self.fill_stud_hole(dealt, revealed)
        else:
            self.fill_hole(dealt, revealed)
        return board

    def fill_hole(
        self, dealt: dict[int, Cards], revealed: dict[int, list[tuple[int, int]]]
    ) -> None:
        """Each player's hole cards (per engine seat): as dealt, unknown ones filled in from what
        the player later shows or discards; a hand still partly unknown gets stand-ins."""
        want = self.want
        hole: list[list[int] | None] = [None] * self.setup.seat_count
        missing: list[int] = []
        for k in range(self.n):
            cards = dealt.get(k)
            if not cards:
                known: list[int] = []
            elif None in cards:
                known = [c for c in cards if c is not None]
            else:
                known = list(cards)  # type: ignore[arg-type]
            for code, at in revealed.get(k, ()):
                if code in known:
                    continue
                self.at = at
                if cards is not None and len(known) == want:
                    names = "".join(str(Card(c)) for c in known)
                    raise self.fail(f"p{k + 1} was dealt {names}, not {Card(code)}")
                if len(known) == want:
                    raise self.fail(f"p{k + 1} cannot hold {Card(code)} as well")
                self.see([(at, (code,))])
                known.append(code)
            seat = self.setup.seat_of[k]
            if len(known) < want:
                self.unknown.add(seat)
                if not known:
                    continue
                missing.append(seat)
            hole[seat] = known
        if missing:
            rest = [c for c in range(DECK_SIZE) if c not in self.seen]
            random.Random(STAND_IN_SEED).shuffle(rest)
            for seat in missing:
                cards_ = hole[seat]
                assert cards_ is not None
                cards_ += [rest.pop() for _ in range(want - len(cards_))]
        self.at = _NO_ACTION
        self.hole = hole

    def fill_stud_hole(
        self, dealt: dict[int, Cards], revealed: dict[int, list[tuple[int, int]]]
    ) -> None:
        """Stud: each player's cards as dealt, in order; a shown hand fills its unknown cards
        by position (``sm`` lists them in the order dealt). Stand-ins for cards still unknown
        keep the history's bring-in: an unknown door card is the one least likely to bring in
        (the highest; in Razz the lowest, docs/rules/poker.md §4.2)."""
        hole: list[list[int] | None] = [None] * self.setup.seat_count
        slots: list[tuple[int, int]] = []  # (seat, index) still unknown
        for k, cards in dealt.items():
            known = list(cards)
            if k in revealed:  # the last show holds every card dealt so far, in order
                last = revealed[k][-1][1]
                shown = [c for c, at in revealed[k] if at == last]
                for i in range(min(len(shown), len(known))):
                    if known[i] is None:
                        self.see([(last, (shown[i],))])
                        known[i] = shown[i]
            seat = self.setup.seat_of[k]
            slots += [(seat, i) for i, c in enumerate(known) if c is None]
            hole[seat] = known  # type: ignore[assignment]
        if slots:
            self.unknown.update(seat for seat, _ in slots)
            rest = [c for c in range(DECK_SIZE) if c not in self.seen]
            random.Random(STAND_IN_SEED).shuffle(rest)
            razz = self.setup.game.high is None
            doors = sorted(rest, key=lambda c: -((c // 4 + 1) % 13 * 4 + c % 4) if razz else c)
            for seat, i in slots:
                pool = doors if i == self.first - 1 else rest
                code = pool.pop()
                (rest if pool is doors else doors).remove(code)
                hole[seat][i] = code  # type: ignore[index]
        self.at = _NO_ACTION
        self.hole = hole

    # ------------------------------------------------------------------ the actions

    def play(self, hand: Hand) -> dict[int, Show]:
        """Second pass: each action checked and applied, in one ``match``; the showdown
        actions are returned, to be applied in the engine's order (:meth:`showdown`)."""
        shows: dict[int, Show] = {}
        for at, (words, note) in enumerate(self.lines):
            self.at = at
            timeout = note == "timeout"
            try:
                match words:
                    case []:
                        all_in = _ALL_IN_NOTE.fullmatch(note)
                        if all_in is not None:
                            self.timeout(hand, self.turn(hand, f"p{all_in[1]}"), "all_in")
                    case ["d", "dh", label, _]:
                        if self.stud:
                            self.deal_up_street(hand, label)
                        elif self.started:
                            raise self.fail("hole cards dealt after the play began")
                    case ["d", "db", _]:
                        self.deal_board(hand)
                    case ["d", *_]:
                        raise self.fail("a dealer action is 'd db CARDS' or 'd dh pN CARDS'")
                    case [label, "sm", *cards] if len(cards) < 2:
                        self.record_show(shows, label, cards, timeout)
                    case [label, "f"] if note == "sits out":
                        self.sit_out(hand, label)
                    case [label, "f" | "cc" as verb]:
                        self.decide(hand, label, verb, timeout)
                    case [label, "cbr", amount]:
                        self.turn(hand, label)
                        if timeout:
                            raise self.not_a_timeout()
                        chips = self.amount(amount)
                        try:
                            hand.bet_or_raise_to(chips)
                        except IllegalAction:
                            covered = _covering(hand, chips)
                            if covered == chips:
                                raise
                            hand.bet_or_raise_to(covered)
                    case [label, "sd", *cards] if len(cards) < 2:
                        self.discard(hand, label, bool(cards), timeout)
                    case [label, "pb"]:
                        self.turn(hand, label)
                        hand.bring_in()
                    case [label, *rest]:
                        raise self.not_an_action(label, rest)
            except IllegalAction as e:
                raise self.illegal(hand, e) from None
        return shows

    def not_an_action(self, label: str, rest: list[str]) -> PHHError:
        if label not in self.labels:
            return self.not_player(label)
        if rest == ["cbr"]:
            return self.fail("cbr needs an amount")
        if len(rest) == 2 and rest[0] in ("f", "cc", "pb"):
            return self.fail("this action takes no argument")
        return self.fail("not a PHH action (pN f, cc, cbr AMOUNT, sd [CARDS], sm [CARDS|-], pb)")

    def turn(self, hand: Hand, label: str) -> int:
        """The engine seat of player ``label``, who must be the one to act, on a street whose
        board the history has dealt."""
        if not self.started:
            self.begin()
        k = self.labels.get(label)
        if k is None:
            raise self.not_player(label)
        seat = self.setup.seat_of[k]
        if hand.actor != seat:
            raise self.fail(f"out of turn: {self.waiting(hand)}")
        street = hand.street
        if self.stud:
            self.check_street_dealt(hand, k)
        elif self.boards[street] != self.board.announced:
            if hand.phase is _SHOWDOWN:
                raise self.fail(f"out of turn: {self.waiting(hand)}")
            raise self.fail(f"p{k + 1} acts before the {street} is dealt")
        self.player = k
        return seat

    def decide(self, hand: Hand, label: str, verb: str, timeout: bool) -> None:
        """``pN f`` or ``pN cc``, or a timeout that amounts to one; a ``cc`` PokerKit writes
        for a player splitpot gives no turn changes nothing (:func:`_pokerkits_check`)."""
        if verb == "cc" and _pokerkits_check(self, hand, label):
            return
        seat = self.turn(hand, label)
        if timeout:
            self.timeout(hand, seat, "fold" if verb == "f" else "check")
        elif verb == "f":
            hand.fold()
        else:
            hand.check_or_call()

    def sit_out(self, hand: Hand, label: str) -> None:
        """``pN f # sits out``: splitpot's fold of a player who sat out during the hand, at
        once, in turn or not (docs/rules/poker.md §7)."""
        if not self.started:
            self.begin()
        k = self.labels.get(label)
        if k is None:
            raise self.not_player(label)
        if hand.sit_out(self.setup.seat_of[k], now=True) is None:
            raise self.fail(f"p{k + 1} has no hand to fold")

    def deal_up_street(self, hand: Hand, label: str) -> None:
        """Stud's ``d dh pN CARDS`` of a later street: only once the betting before it is over."""
        k = self.labels[label]
        street = self.deals.get(k, 0)
        self.deals[k] = street + 1
        if street and self.street_at[hand.street] < street:
            raise self.fail(f"cards dealt too early: {self.waiting(hand)}")

    def check_street_dealt(self, hand: Hand, k: int) -> None:
        """Stud: a player acts only once every player still in has his cards of the street."""
        street = self.street_at[hand.street]
        if self.board.announced and street == len(self.setup.game.streets) - 1:
            return  # the community card is everyone's seventh-street card (§4.2)
        for other in range(self.n):
            seat = self.setup.seat_of[other]
            if hand.status(seat) is not SeatStatus.FOLDED and self.deals.get(other, 0) <= street:
                raise self.fail(f"p{k + 1} acts before p{other + 1} is dealt the {hand.street}")

    def begin(self) -> None:
        """The first player action or board: every player has been dealt hole cards."""
        self.started = True
        for k in range(self.n):
            if k not in self.dealt:
                raise self.fail(
                    f"p{k + 1} is never dealt hole cards ('d dh p{k + 1} ...', with ?? "
                    "for unknown cards)"
                )

    def illegal(self, hand: Hand, error: IllegalAction) -> PHHError:
        """An action the engine refused: out of turn at a showdown, else its reason."""
        if hand.phase is _SHOWDOWN:
            return self.fail(f"out of turn: {self.waiting(hand)}")
        k = self.player
        return self.fail(f"{error} (seat {self.setup.seat_of[k]} is p{k + 1})")

    def amount(self, word: str) -> int:
        """A ``cbr`` amount: whole chips in plain ASCII digits, or a decimal (``100.0``), of
        at most :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits. No sign, exponent,
        ``_`` or other script's digits, which ``int()`` and ``Decimal()`` would read."""
        if len(word) <= PHH_MAX_AMOUNT_DIGITS and word.isascii() and word.isdigit():
            return int(word)
        if _AMOUNT.fullmatch(word) is None or len(word) > PHH_MAX_AMOUNT_DIGITS + 1:
            raise self.fail(
                f"{shown(word)} is not an amount (digits 0-9 and at most one decimal point, "
                f"at most {PHH_MAX_AMOUNT_DIGITS} digits)"
            )
        try:
            return _chips(Decimal(word), "the amount", self.src)
        except PHHError as e:
            action = self.hh.actions[self.at]
            raise type(e)(e.reason, source=self.src, action_index=self.at, action=action) from None

    def run_out(self, hand: Hand) -> None:
        """The runs of the board the hand waits for (docs/rules/poker.md §6): as many as
        ``_splitpot_runout_count`` says; each run's ``d db`` actions follow the last run's."""
        runs = self.setup.runs
        if runs is None:
            most = self.setup.max_runs
            raise self.fail(f"the board may be run 1 to {most} times: {RUNOUT_COUNT} says how many")
        try:
            hand.run_it(runs)
        except IllegalAction as e:
            raise self.fail(f"{RUNOUT_COUNT} {runs}: {e}") from None
        if runs > 1:
            self.board.runs_begin(runs)

    def deal_board(self, hand: Hand) -> None:
        """``d db``: the next street's board cards, once the betting before it is over; when
        the board is run more than once, each run's streets after the last run's."""
        if not self.started:
            self.begin()
        if self.setup.max_runs > 1 and hand.phase is _RUNS:
            self.run_out(hand)
        wrong = self.board.deal(len(self.cards_at[self.at]), self.boards[hand.street])
        if wrong is not None:
            raise self.fail(wrong.replace("{waiting}", self.waiting(hand)))

    def discard(self, hand: Hand, label: str, given: bool, timeout: bool) -> None:
        """``sd CARD``: the Crazy Pineapple discard (``??``: one of the stand-ins)."""
        card = self.cards_at[self.at] if given else ()
        if timeout and self.auto_discarded(hand, label, card):
            return
        seat = self.turn(hand, label)
        if hand.phase is not _DISCARD:
            if timeout and hand.phase is not _SHOWDOWN:
                raise self.not_a_timeout()
            raise IllegalAction(f"no discard now: {self.waiting(hand)}")
        if timeout:
            if card and card[0] not in (None, hand.hole(seat)[-1].code):
                raise self.fail("a timed-out discard throws the last card dealt")
            self.timeout(hand, seat, "discard")
            return
        if len(card) != 1:
            raise self.fail(f"{hand.game.name} discards exactly one card after the flop")
        code = card[0]
        hand.discard(hand.hole(seat)[-1].code if code is None else code)

    def auto_discarded(self, hand: Hand, label: str, card: Cards) -> bool:
        """Whether the engine already discarded for a seat that had timed out (it throws the
        last card dealt, docs/rules/poker.md §7): the history's ``sd ... # timeout`` says so."""
        k = self.labels.get(label)
        if k is None:
            return False
        seat = self.setup.seat_of[k]
        if hand.actor == seat and hand.phase is not _SHOWDOWN:
            return False  # the seat discards now: not an automatic discard
        done = self.auto_discards.get(seat, 0)
        discards = _timed_out_discards(hand, seat)
        if len(discards) <= done:
            return False
        thrown = discards[done]
        if card and card[0] not in (None, thrown.code if thrown else None):
            raise self.fail(f"a timed-out seat discards its last card, {thrown}")
        self.auto_discards[seat] = done + 1
        return True

    def timeout(self, hand: Hand, seat: int, want: str) -> None:
        """A timeout written as the action it amounted to (see the package docstring)."""
        phase = hand.phase
        if phase is _SHOWDOWN:
            raise self.fail(f"out of turn: {self.waiting(hand)}")
        if want == "check" and phase is not _BETTING:
            raise self.not_a_timeout()
        default = hand.timeout_outcome(protected=True)
        record = hand.timeout(protected=not (want == "fold" and default != "fold"))
        if record.outcome != want:
            raise self.fail(f"a timeout here {record.outcome.replace('_', ' ')}s, not {want}")

    def not_a_timeout(self) -> PHHError:
        return self.fail("a timeout amounts to a fold, check, discard or show")

    def waiting(self, hand: Hand) -> str:
        """Who the hand waits for, with PHH player labels."""
        actor = hand.actor
        if actor is None:
            return "the hand is over" if hand.is_over else "the board is to be run out"
        label = f"p{self.setup.seat_of.index(actor) + 1}"
        if hand.phase is _DISCARD:
            return f"{label} is to discard"
        if hand.phase is _SHOWDOWN:
            return f"the betting is over; {label} is to show or muck"
        return f"{label} is to act ({hand.street})"

    # ------------------------------------------------------------------ the showdown

    def record_show(
        self, shows: dict[int, Show], label: str, given: list[str], timeout: bool
    ) -> None:
        """``sm CARDS``, ``sm -`` (the cards dealt), ``sm`` (muck), kept for :meth:`showdown`."""
        if not self.started:
            self.begin()
        k = self.labels.get(label)
        if k is None:
            raise self.not_player(label)
        if k in shows and not self.stud:  # stud shows again after an all-in's later cards
            raise self.fail(f"p{k + 1} shows or mucks a second time")
        cards = None if not given else () if given[0] == "-" else self.cards_at[self.at]
        shows[k] = (self.at, k, cards, timeout)

    def showdown(self, hand: Hand, shows: dict[int, Show]) -> None:
        """Apply the shows and mucks in the engine's order (docs/rules/poker.md §5)."""
        while hand.phase is _SHOWDOWN:
            seat = hand.actor
            assert seat is not None
            k = self.setup.seat_of.index(seat)
            show = shows.pop(k, None)
            if show is None:
                if shows:
                    raise self.fail(
                        f"p{k + 1} must show or muck first, and the history has no showdown "
                        f"action for p{k + 1}",
                        min(shows.values())[0],
                    )
                return  # the history stops before this decision
            self.at, _, cards, timeout = show
            try:
                if cards is None:
                    hand.muck()
                    continue
                if seat in self.unknown:
                    raise self.fail(
                        f"p{k + 1}'s hole cards are unknown (??) and the showdown needs them"
                    )
                self.check_shown(seat, k, cards)
                if timeout:
                    record = hand.timeout()
                    assert record.outcome == "show"
                else:
                    hand.show()
            except IllegalAction as e:
                raise self.fail(str(e)) from None
        for self.at, k, cards, _ in sorted(shows.values()):
            seat = self.setup.seat_of[k]
            folded = hand.status(seat) is SeatStatus.FOLDED
            if folded or not hand.is_over or not (hand.result.shown or hand.result.mucked):
                raise self.fail(
                    f"p{k + 1} {'shows' if cards is not None else 'mucks'}, "
                    "but there is no showdown for it"
                )
            if cards is None:
                raise self.fail(
                    f"p{k + 1} mucks, but every other hand was mucked: the last hand "
                    "wins without showing"
                )
            self.check_shown(seat, k, cards)

    def check_shown(self, seat: int, k: int, cards: Cards) -> None:
        held = self.hole[seat] or ()
        for c in cards:
            if c is not None and c not in held:
                names = "".join(str(Card(h)) for h in sorted(held))
                raise self.fail(f"p{k + 1} shows {Card(c)}, which it does not hold ({names})")

    def finish(self, hand: Hand, shows: dict[int, Show]) -> None:
        if self.setup.runs is not None and hand.phase is _RUNS:
            self.at = _NO_ACTION
            self.run_out(hand)  # the history stops before the runs' boards
        if shows or hand.phase is _SHOWDOWN:
            self.showdown(hand, shows)
        self.at = _NO_ACTION
        if (self.setup.runs or 1) > 1 and hand.is_over and hand.runs == 1:
            raise self.fail(f"{RUNOUT_COUNT} {self.setup.runs}: no all-in left a board to run")
        # One hand left at showdown wins whatever the board (a muck at an all-in showdown
        # ends the hand before the runout, as in PokerKit); two need it.
        whole = not self.board.run and self.board.announced == self.boards["showdown"]
        if hand.is_over and not whole and len(hand.result.shown) > 1:
            need = self.board.needed(hand.boards)
            if need > self.board.read:
                raise self.fail(
                    f"the showdown needs {need} board cards; the history deals "
                    f"{self.board.read} ('d db')"
                )


class _Board:
    """The board cards a history deals (``d db``), street by street and, when the board is
    run more than once (docs/rules/poker.md §6), run by run: ``announced`` cards and
    ``streets`` on the current run's board, ``read`` in all; ``bounds`` are the board's
    totals after each street that deals some."""

    __slots__ = ("announced", "bounds", "read", "run", "run_from", "runs", "streets")

    def __init__(self, bounds: list[int]) -> None:
        self.bounds = bounds
        self.announced = self.streets = self.read = 0
        self.run = self.runs = 0  # the run being dealt, of how many; 0 while run once
        self.run_from = (0, 0)  # the streets and cards dealt before the runs

    def runs_begin(self, runs: int) -> None:
        self.run, self.runs, self.run_from = 1, runs, (self.streets, self.announced)

    def deal(self, count: int, ready: int) -> str | None:
        """A street of ``count`` cards, with ``ready`` board cards out in the hand: why it
        cannot come next (``{waiting}`` for whom the hand waits), or ``None`` once counted."""
        if self.streets == len(self.bounds) and 0 < self.run < self.runs:
            self.run += 1  # the next run deals the same streets again
            self.streets, self.announced = self.run_from
        if self.streets == len(self.bounds):
            return "every board card has been dealt already"
        bound = self.bounds[self.streets]
        if self.announced + count != bound:
            return f"this street deals {bound - self.announced} board card(s), not {count}"
        if ready < bound:
            return "board dealt too early: {waiting}"
        self.announced = bound
        self.streets += 1
        self.read += count
        return None

    def needed(self, boards: tuple[tuple[Card, ...], ...]) -> int:
        """The board cards the runs of ``boards`` deal in all (the shared ones once)."""
        shared = self.run_from[1]
        return sum([len(b) - shared for b in boards]) + shared


_LABELS: dict[int, dict[str, int]] = {}  # player count -> {"p1": 0, ...}; at most PHH_MAX_SEATS
_GAME_TABLES: dict[int, tuple[Game, dict[str, int], dict[str, int], list[int]]] = {}


def _game_tables(game: Game) -> tuple[dict[str, int], dict[str, int], list[int]]:
    """The street of each name, and :func:`_boards`, once per game (by identity: the entry
    holds the game, so its id is not reused while cached)."""
    cached = _GAME_TABLES.get(id(game))
    if cached is None or cached[0] is not game:
        street_at = {street.name: i for i, street in enumerate(game.streets)}
        street_at["showdown"] = len(game.streets)
        if len(_GAME_TABLES) >= 64:
            _GAME_TABLES.clear()
        cached = _GAME_TABLES[id(game)] = (game, street_at, *_boards(game))
    return cached[1:]


def _boards(game: Game) -> tuple[dict[str, int], list[int]]:
    """Board cards dealt by the time each street is played (``showdown``: all of them), and
    the totals after each street that deals some."""
    boards: dict[str, int] = {}
    bounds: list[int] = []
    total = 0
    for street in game.streets:
        if street.board:
            total += street.board
            bounds.append(total)
        boards[street.name] = total
    boards["showdown"] = total
    if game.community_card:  # stud's last card may be one for everyone (§4.2): ``d db``
        boards[game.streets[-1].name] = boards["showdown"] = 1
        bounds.append(1)
    return boards, bounds


# What the engine decided on its own (docs/rules/poker.md §7) is read back from the hand's own
# record of it: the TimingOut events say which card a timed-out seat threw.


def _timed_out_discards(hand: Hand, seat: int) -> list[Card | None]:
    """The cards the engine discarded for ``seat`` on a timeout (§7: the last card dealt)."""
    return [
        e.card
        for e in hand.events
        if isinstance(e, TimingOut) and e.seat == seat and e.outcome == "discard"
    ]


def _pokerkits_check(r: _Replayer, hand: Hand, label: str) -> bool:
    """Whether ``pN cc`` is the check of a player whose turn splitpot does not give
    (docs/rules/poker.md §3 DECISION, KNOWN DIFFERENCE): he had nothing to call and every
    other player still in was all-in, so no one could answer a bet of his, and the round was
    over. PokerKit still gives him the turn (he may only check) and writes the check right
    after the fold or call that left him so; it changes nothing."""
    k = r.labels.get(label)
    if k is None or r.at == 0 or (hand.phase is _BETTING and hand.actor is not None):
        return False
    seat = r.setup.seat_of[k]
    if hand.status(seat) is not SeatStatus.ACTIVE:
        return False
    if any(hand.status(s) is SeatStatus.ACTIVE for s in hand.seats if s != seat):
        return False
    who, *what = r.lines[r.at - 1][0] or [""]
    return who != label and who in r.labels and what in (["f"], ["cc"])


def _covering(hand: Hand, amount: int) -> int:
    """A bet or raise short of the minimum that already puts every other player all-in is
    written, by some histories, as the most they can call: it plays as the minimum, whose
    excess comes back uncalled (docs/rules/poker.md §6), to the same stacks."""
    la = hand.legal_actions()
    window = la.bet or la.raise_to
    if window is None or amount >= window[0] or la.seat is None:
        return amount
    others = [
        hand.bets[s] + hand.stacks[s]
        for s in hand.seats
        if s != la.seat and hand.status(s) is not SeatStatus.FOLDED
    ]
    return window[0] if others and amount >= max(others) > hand.bets[la.seat] else amount


def replay(history: HandHistory) -> Hand:
    """Play every action of ``history`` through splitpot's :class:`~splitpot.hand.Hand`.

    Returns the hand (over, or where the history stops). Raises ``TypeError`` for a
    ``history`` that is not a :class:`HandHistory`, :class:`UnsupportedHistory` for a
    variant or feature splitpot does not play, and
    :class:`PHHError` naming the file, the action's index and the reason for anything that
    breaks the rules. How each field and action is read: see the package docstring.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> replay(loads(dumps(hand))).final_stacks   # 4 of the raise returned, the blinds won
    [98, 102]
    """
    if not isinstance(history, HandHistory):  # as every reader of a history (show, sites)
        raise TypeError(f"history must be a splitpot.phh.HandHistory, got {shown(history)}")
    return _Replayer(history).run()
