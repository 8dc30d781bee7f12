"""Equity: who wins how often, exactly or by Monte Carlo (`splitpot.equity`, rust/equity/).

:func:`equity` enumerates every remaining deal exactly when that is cheap, and deals random
completions (Monte Carlo) otherwise; the Rust core does the work on every core, with the GIL
released, and Ctrl-C stops it.

>>> import splitpot as sp
>>> r = sp.equity("holdem", ["AcAd", "KhKs"])   # exact: all 1,712,304 boards
>>> r.exact, r.deals, round(r.players[0].equity, 4)
(True, 1712304, 0.8126)
>>> print(r)  # doctest: +NORMALIZE_WHITESPACE
Texas Hold'em, exact over 1,712,304 deals
hand    equity     win    tie
AcAd    81.26%  81.06%  0.38%
KhKs    18.74%  18.55%  0.38%

Hold'em players may hold ranges (``"QQ+, AKs, AQo+, T9s-76s, AhKh"``, weights ``"AKs:0.5"``);
ranges and hands remove each other's cards. Hi/lo games also give each player's share won
with the high and with the low hand, how often they scoop and how often they are quartered:

>>> r = sp.equity("omaha8", ["As2d3hKc", "KdKsQh7c"], board="4c5s9d")
>>> print(r)  # doctest: +NORMALIZE_WHITESPACE
Omaha Hi/Lo 8 or Better, board 4c5s9d, exact over 820 deals
hand      equity    high     low   scoop  quarter
As2d3hKc  64.15%  26.95%  37.20%  53.90%    0.00%
KdKsQh7c  35.85%  35.85%   0.00%  25.61%    0.00%

Razz is dealt as Stud, and the whole pot goes to the best ace-to-five low
(:func:`splitpot.evaluate_razz`: every hand has one, no qualifier; a made wheel cannot lose):

>>> print(sp.equity("razz", ["As2d3c4h5s6d", "KcKdQsQhJcJd"]))  # doctest: +NORMALIZE_WHITESPACE
Razz, exact over 1,560 deals
hand           equity     win     tie
As2d3c4h5s6d  100.00%  100.00%   0.00%
KcKdQsQhJcJd    0.00%   0.00%   0.00%

A card given twice is refused before any work, naming both places:

>>> sp.equity("holdem", ["AhAd", "KsKc"], board="Ah7c2d")
Traceback (most recent call last):
...
splitpot.InvalidCards: card Ah is both on the board and in player 1's hand
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple, TypeVar

from splitpot import _check, _core, _equity_units, _log, _progress, _tabular, limits
from splitpot._core import Card, CardSet, EquityError
from splitpot._extras import install_hint
from splitpot.cards import bounded
from splitpot.limits import shown

__all__ = ["EquityResult", "PlayerEquity", "equity", "range_hands"]

_logger = _log.logger(__name__)

CardsLike = str | CardSet | Iterable[Card | str | int]
"""Cards as text (``"AhKd 7c"``), a :class:`CardSet`, or an iterable of cards, text or ints."""

HandLike = str | CardSet | Iterable[Card | str | int]
"""One player's cards, or (Hold'em) a range as text."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pot over every deal considered.

    ``equity`` is the expected share of the pot (the players' equities sum to 1). ``win`` is
    how often the player takes the whole pot alone, ``tie`` how often part of it. In hi/lo
    games ``high`` and ``low`` are the shares won with the high and with the low hand
    (``equity == high + low``; ``low`` is 0 when no low qualifies), ``scoop`` how often the
    player takes the whole pot (the same as ``win``) and ``quarter`` how often the player ties
    the low with exactly one other player; they are ``None`` in high-only games. ``stderr``
    is the standard error of ``equity`` (0 when enumerated exactly).

    >>> p = equity("omaha8", ["As2d3hKc", "KdKsQh7c"], board="4c5s9d").players[0]
    >>> p.hand, round(p.equity, 4), round(p.high + p.low, 4), round(p.scoop, 4), p.stderr
    ('As2d3hKc', 0.6415, 0.6415, 0.539, 0.0)
    """

    hand: str
    equity: float
    win: float
    tie: float
    stderr: float
    high: float | None = None
    low: float | None = None
    scoop: float | None = None
    quarter: float | None = None


@dataclass(frozen=True)
class EquityResult:
    """The answer of :func:`equity`: one :class:`PlayerEquity` per player, in order.

    ``deals`` is how many deals were evaluated (with ranges: every compatible choice of hands
    times every board); ``seed`` is the Monte Carlo seed (``None`` when exact), so a run can be
    repeated exactly. ``str()`` gives a table, and so does a notebook (``_repr_html_``);
    :meth:`to_dict` gives plain data (JSON) and :meth:`to_pandas` a DataFrame. ``game`` is the
    game's code, ``game_name`` its name, ``board`` and ``dead`` the cards given, ``hi_lo``
    whether the players' entries carry the high and low shares. Made only by :func:`equity`,
    which raises the errors (``InvalidCards``, ``EquityError``).

    >>> r = equity("holdem", ["AcAd", "KhKs"], board="Kd7c2s")   # the aces need an ace
    >>> r.exact, r.deals, [round(e, 4) for e in r.equities]
    (True, 990, [0.0859, 0.9141])
    >>> r.players[1].hand, r.players[1].win
    ('KhKs', 0.9141414141414141)
    """

    game: str
    game_name: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    deals: int
    seed: int | None
    hi_lo: bool

    @property
    def equities(self) -> tuple[float, ...]:
        """Each player's equity, in order."""
        return tuple(p.equity for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data, ``players`` a list of dicts (the keys of
        :class:`PlayerEquity`); the CLI's ``equity --json`` prints this.

        >>> import splitpot as sp
        >>> d = sp.equity("holdem", ["AcAd", "KhKs"]).to_dict()
        >>> d["deals"], d["players"][0]["hand"], round(d["players"][0]["equity"], 4)
        (1712304, 'AcAd', 0.8126)
        """
        data = asdict(self)
        data["players"] = list(data["players"])
        return data

    def _rows(self) -> list[dict[str, Any]]:
        """One row per player: the columns of ``str()`` (hi/lo or win/tie), and ``stderr``."""
        columns = ["high", "low", "scoop", "quarter"] if self.hi_lo else ["win", "tie"]
        return [
            {"hand": p.hand, "equity": p.equity, **{c: getattr(p, c) for c in columns}}
            | ({} if self.exact else {"stderr": p.stderr})
            for p in self.players
        ]

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame``, one row per player indexed by hand; needs pandas (the
        optional extra ``splitpot[pandas]``)."""
        return _tabular.data_frame(self._rows(), index="hand")

    def _repr_html_(self) -> str:
        rows = [
            {k: f"{v:.2%}" if isinstance(v, float) else v for k, v in row.items()}
            for row in self._rows()
        ]
        return _tabular.html_table(self._heading(), rows)

    def _heading(self) -> str:
        head = [self.game_name]
        if self.board:
            head.append(f"board {self.board}")
        if self.dead:
            head.append(f"dead {self.dead}")
        if self.exact:
            head.append(f"exact over {self.deals:,} deals")
        else:
            head.append(f"Monte Carlo over {self.deals:,} deals (seed {self.seed})")
        return ", ".join(head)

    def __str__(self) -> str:
        columns = ["high", "low", "scoop", "quarter"] if self.hi_lo else ["win", "tie"]
        width = max(4, *(len(p.hand) for p in self.players))
        se = not self.exact
        eq_width = 14 if se else 7
        lines = [
            self._heading(),
            f"{'hand':<{width}}  {'equity':>{eq_width}}"
            + "".join(f"  {c:>{max(6, len(c))}}" for c in columns),
        ]
        for p in self.players:
            eq = f"{p.equity:.2%}" + (f" ±{p.stderr:.2%}" if se else "")
            cells = "".join(f"  {getattr(p, c):>{max(6, len(c))}.2%}" for c in columns)
            lines.append(f"{p.hand:<{width}}  {eq:>{eq_width}}{cells}")
        return "\n".join(lines)

    def plot(self, path: str) -> None:
        """Draws :meth:`figure` into an image file (PNG, SVG, PDF by the suffix); needs
        matplotlib (an optional dependency)."""
        fig = self.figure()  # ImportError naming the extra without matplotlib
        import matplotlib.pyplot as plt

        fig.savefig(path)
        plt.close(fig)

    def figure(self) -> Any:
        """Each player's equity as a bar on an axis that is the pot, 0 to 100 % (hi/lo: the
        high and low shares stacked, with the scoop frequency), as a matplotlib ``Figure``
        (shown by a notebook); needs matplotlib (an optional dependency)."""
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
            from matplotlib.ticker import PercentFormatter
        except ImportError as e:
            raise ImportError(
                f"plotting needs matplotlib: {install_hint('matplotlib', 'plot')}"
            ) from e
        hands = [p.hand for p in self.players]
        fig, ax = plt.subplots(figsize=(7, 1.6 + 0.5 * len(hands)))
        y = list(range(len(hands)))
        if self.hi_lo:
            high = [p.high or 0.0 for p in self.players]
            low = [p.low or 0.0 for p in self.players]
            ax.barh(y, high, label="high share", color="#3b6ea5")
            ax.barh(y, low, left=high, label="low share", color="#e39b3b")
            labels = [f"{p.equity:.1%} (scoop {p.scoop or 0.0:.1%})" for p in self.players]
        else:
            win = [p.win for p in self.players]
            split = [p.equity - p.win for p in self.players]
            ax.barh(y, win, label="wins", color="#3b6ea5")
            ax.barh(y, split, left=win, label="share of ties", color="#9cb8d8")
            labels = [f"{p.equity:.1%}" for p in self.players]
        for i, (p, label) in enumerate(zip(self.players, labels, strict=True)):
            # Beside the bar, or inside its end when the bar leaves no room: the axis is the
            # pot, 0 to 100 %, and nothing is drawn past it.
            inside = p.equity > 0.6
            x = p.equity - 0.01 if inside else p.equity + 0.01
            color = "white" if inside else "black"
            ax.text(x, i, label, va="center", ha="right" if inside else "left", color=color)
        ax.set_yticks(y, hands)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel("share of the pot")
        how = "exact" if self.exact else f"Monte Carlo, {self.deals:,} deals"
        ax.set_title(
            f"{self.game_name}" + (f", board {self.board}" if self.board else "") + f" ({how})"
        )
        fig.legend(loc="lower center", ncol=2, fontsize="small", frameon=False)
        fig.tight_layout(rect=(0, 0.1, 1, 1))  # the legend below the axis's label
        return fig

    @classmethod
    def _from_core(cls, raw: _core._Equity) -> EquityResult:
        fields, players = raw._fields()
        fields["players"] = tuple([_made(PlayerEquity, p) for p in players])
        return _made(cls, fields)


_T = TypeVar("_T")


def _made(cls: type[_T], fields: dict[str, object]) -> _T:
    """An instance of the frozen dataclass ``cls`` holding ``fields`` (every field, of the
    right type: they come from the core), made without the generated ``__init__``, whose
    ``object.__setattr__`` per field cost a third of a hand-against-range equity on the
    river (issue 17); tests/test_equity.py checks the result equals the ``__init__``'s."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


class _Options(NamedTuple):
    exact: bool | None
    samples: int | None
    seed: int | None
    time_limit: float | None
    threads: int | None


def _options(
    exact: object, samples: object, seed: object, time_limit: object, threads: object
) -> _Options:
    """The run options, checked against :mod:`splitpot.limits` before the core converts
    them (a 100-digit ``samples`` would overflow there): each names itself when wrong."""
    if exact is not None and not isinstance(exact, bool):  # 1 == True: test the type
        raise EquityError(f"exact must be True, False or None, got {shown(exact)}")
    if seed is not None:
        seed = _check.integer(seed, "seed", error=EquityError, kind="an int")
        if not 0 <= seed < limits.SEED_LIMIT:  # as a Hand's: 2**64 is not seed 0 again
            raise EquityError(f"seed must be 0 <= seed < 2**64, got {shown(seed)}")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise EquityError(f"time_limit must be a number of seconds, got {shown(time_limit)}")
        try:  # a 400-digit int has no float
            time_limit = float(time_limit)
        except OverflowError:
            raise EquityError(
                f"time_limit must be a finite number of seconds, got {shown(time_limit)}"
            ) from None
    return _Options(
        exact,
        _at_most(samples, "samples", limits.EQUITY_MAX_SAMPLES),
        seed,
        time_limit,
        _at_most(threads, "threads", limits.EQUITY_MAX_THREADS),
    )


def _at_most(value: object, what: str, most: int) -> int | None:
    """``None``, or an ``int`` from 1 to ``most``."""
    if value is None:
        return None
    return _check.count(value, what, 1, most=most, error=EquityError)


def _cards_read(players: object, board: object, dead: object) -> tuple[list[Any], Any, Any]:
    """The card arguments: the players read up to one past the most that can play (an
    endless iterator is refused, issue 15); the core reads each card argument lazily itself,
    refusing a duplicate as it comes."""
    hands = bounded(players, "players", most=limits.EQUITY_MAX_PLAYERS, error=EquityError)
    return list(hands), board, dead


def _game_code(game: object) -> str:
    code = game if isinstance(game, str) else getattr(game, "code", None)
    if not isinstance(code, str):
        raise EquityError(f"game must be a game name such as 'holdem', got {shown(game)}")
    return code


def equity(
    game: str | Any,
    players: Sequence[HandLike],
    board: CardsLike = "",
    dead: CardsLike = "",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    progress: _progress.ProgressLike = False,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    executor: object = None,
) -> EquityResult:
    """Each player's equity in ``game`` from the cards known so far: an :class:`EquityResult`.

    Arguments:
        game: ``"holdem"``, ``"omaha"``, ``"omaha5"``, ``"omaha6"``, ``"omaha8"``,
            ``"omaha5-8"``, ``"omaha6-8"``, ``"crazy-pineapple"``, ``"crazy-pineapple8"``,
            ``"stud"``, ``"stud8"``, ``"razz"`` (aliases too), or a ``splitpot.games.Game``.
        players: one entry per player: the cards the player holds (Hold'em 2; Omaha 4, 5
            or 6; Crazy Pineapple the 2 kept *after* the discard; Stud and Razz the known up
            and down cards, up to 7), or in Hold'em a range such as ``"QQ+, AKs, AQo+:0.5"``.
        board: the board so far (0, 3, 4 or 5 cards; Crazy Pineapple at least the flop; Stud
            and Razz none, or the one community card dealt when the deck runs out).
        dead: cards known to be out of play (folded, burned and seen).
        exact: ``True`` enumerates every remaining deal, ``False`` deals random ones;
            ``None`` enumerates when that is cheap and no ``samples``/``time_limit`` is given.
        samples: Monte Carlo deals (default 1,000,000).
        seed: Monte Carlo seed; the same seed gives the same answer on any thread count.
            ``None`` picks one (reported in the result).
        progress: ``True`` draws a bar on stderr when the run takes over half a second; a
            function is called as ``progress(done, 1000)`` (thousandths of the work) as it
            advances (the protocol every long call shares: :mod:`splitpot._progress`).
        time_limit: stop Monte Carlo after this many seconds (and ``samples``, if given).
        threads: worker threads (default: all cores; with ``executor``, each worker's).
        executor: run in chunks on a ``concurrent.futures.Executor``, a pool with ``imap``, a
            ``dask.distributed.Client`` or the ``ray`` module (docs/distributed.md): the same
            answer to the bit as ``None``, which runs here.

    Raises:
        InvalidCards: a bad or repeated card, or the wrong number of cards for the game.
        EquityError: an unknown game, a bad range or one that leaves a player no possible
            hand, Crazy Pineapple before the discard, or options that do not fit (the
            bounds are in :mod:`splitpot.limits`: ``EQUITY_MAX_SAMPLES``...), or a
            ``time_limit`` with an ``executor`` (a time cannot be split in chunks).
        splitpot.work.ExecutorError: an ``executor`` of an unknown kind (a ValueError, as
            all these are).

    >>> [round(e, 4) for e in equity("holdem", ["AcAd", "KhKs"], board="Kd7c2s").equities]
    [0.0859, 0.9141]
    """
    code = _game_code(game)
    _check_players(players)
    options = _options(exact, samples, seed, time_limit, threads)
    raw = _computed(code, _cards_read(players, board, dead), options, executor, progress)
    return _logged(EquityResult._from_core(raw), options)


def _computed(
    code: str,
    cards: tuple[list[Any], Any, Any],
    options: _Options,
    executor: object,
    progress: _progress.ProgressLike,
) -> _core._Equity:
    """The answer, computed here or on ``executor``, told to ``progress`` as it advances."""
    told = _progress.fraction(progress, "equity")
    try:
        if executor is None:
            return _core._equity(code, *cards, **options._asdict(), progress=told)
        return _equity_units.distributed(code, cards, options._asdict(), executor, told)
    finally:
        if told is not None:
            told.close()


def _check_players(players: object) -> None:
    """A list of hands, not one hand's string: ``EquityError`` otherwise."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise EquityError(
            f"players must be a list with one hand per player, such as ['AhKh', 'QQ+'], "
            f"got {shown(players)}"
        )


def range_hands(game: str | Any, text: str) -> tuple[tuple[str, float], ...]:
    """The hands a player's ``text`` stands for in ``game``, each with its weight: a Hold'em
    range (``"QQ+, AKs:0.5"``), an Omaha range (``"AA**ds, JT98-5432"``; docs/equity.md,
    "Omaha ranges") or cards (one hand, weight 1). Each hand's cards are highest first.

    >>> len(range_hands("omaha", "AA**ds")), range_hands("holdem", "AKs:0.5")[0]
    (864, ('AcKc', 0.5))

    Raises:
        EquityError: an unknown game or a range that cannot be read, naming the bad item.
        InvalidCards: cards that cannot be read.
    """
    if not isinstance(text, str):
        raise EquityError(f"a range is text such as 'QQ+, AKs', got {shown(text)}")
    return tuple(_core._range_hands(_game_code(game), text))


def _logged(result: EquityResult, options: _Options) -> EquityResult:
    """Logs Monte Carlo where the caller left the choice to :func:`equity`: the slow path."""
    chosen = options.exact is None and options.samples is None and options.time_limit is None
    if chosen and not result.exact:
        _logger.info(
            "%s: exact enumeration would be too slow; Monte Carlo over %d deals (seed %d)",
            result.game_name,
            result.deals,
            result.seed,
        )
    return result
