"""The errors of the site readers: a broken hand names the file, the hand and the line."""

from __future__ import annotations

from typing import Any

from splitpot.phh.errors import PHHError, UnsupportedHistory


class SiteError(PHHError):
    """A hand of a site's file that cannot be read: ``source`` is the file, ``hand_id`` the
    site's number of the hand (``None`` before the header is read), ``line`` the 1-based line
    of the file, ``reason`` what is wrong, ``site`` and ``game`` the site's name and its
    name of the game, where known. The reader goes on with the next hand.

    A :class:`~splitpot.phh.PHHError` (a ``ValueError``); :func:`~splitpot.sites.read_text`
    and :func:`~splitpot.sites.read_file` yield it in the hand's place rather than raise it.
    It pickles, so worker processes can return it.

    >>> from splitpot.sites import read_text
    >>> [error] = read_text("no hand here", source="notes.txt")
    >>> type(error).__name__, str(error)
    ('SiteError', 'notes.txt: no hand of a site splitpot reads was found')
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        hand_id: str | None = None,
        line: int | None = None,
        site: str = "",
        game: str = "",
    ) -> None:
        where = source or "<string>"
        if hand_id is not None:
            where += f": hand {hand_id}"
        if line is not None:
            where += f", line {line}"
        super().__init__(reason, source=where)
        self.reason = reason
        self.source = source
        self.hand_id = hand_id
        self.line = line
        self.site = site
        self.game = game

    def __reduce__(self) -> tuple[Any, ...]:
        args = (type(self), self.reason, self.source, self.hand_id, self.line)
        return (_rebuild, (*args, self.site, self.game))


class UnsupportedHand(SiteError, UnsupportedHistory):
    """A hand of a game or with a feature splitpot does not play (short deck, draw games,
    all-in insurance...): ``reason`` says which. Never guessed.

    Both a :class:`SiteError` and an :class:`~splitpot.phh.UnsupportedHistory`, yielded by
    the readers like any :class:`SiteError`.

    >>> from splitpot.sites import read_text
    >>> [error] = read_text("PokerStars Hand #7:  Razz (1/2) - 2024/01/01 0:00:00 UTC\\n")
    >>> type(error).__name__, error.hand_id, error.line
    ('UnsupportedHand', '7', 1)
    """


class DamagedHand(SiteError):
    """A hand whose text is damaged: cut off (the file ends inside it, or the next hand's
    header is glued into one of its lines), lines lost (its summary contradicts its play), or
    the site contradicting itself (a flop of four cards, more paid out than was put in, a
    negative raise, a player acting who is not seated). ``reason`` starts with
    ``"damaged: "`` and says which.

    Neither a rule splitpot does not play nor a gap of the reader: its own outcome,
    ``"damaged"``, in :func:`splitpot.sites.check.check_file` and the replay report.

    >>> error = DamagedHand("cut off", source="x.txt", hand_id="7", line=3)
    >>> isinstance(error, SiteError), str(error)
    (True, 'x.txt: hand 7, line 3: damaged: cut off')
    """

    def __init__(self, reason: str, **where: Any) -> None:
        super().__init__(
            reason if reason.startswith("damaged: ") else f"damaged: {reason}", **where
        )


def _rebuild(
    cls: type[SiteError],
    reason: str,
    source: str | None,
    hand_id: str | None,
    line: int | None,
    site: str,
    game: str,
) -> SiteError:
    return cls(reason, source=source, hand_id=hand_id, line=line, site=site, game=game)
