"""``splitpot convert`` and ``splitpot show``: hand histories read as a stream and written
in another format, or told street by street (kept out of cli.py, which registers them)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

import splitpot as sp
from splitpot._cli_output import one_line, output, printable


def cmd_convert(args: argparse.Namespace) -> int:
    """``splitpot convert FILE... --to phh|phhs|pokerstars|ohh``: every hand that can be read,
    written in the target format as it is read (one hand held at a time); each hand that
    cannot is one line on stderr (exit 1)."""
    from splitpot import ohh, phh
    from splitpot.pan import files as pan_files
    from splitpot.sites import to_pokerstars
    from splitpot.sites.write_stars import HAND_SEPARATOR

    pan = [pan_files.is_pan_file(name) for name in args.files]
    if any(pan):
        return _convert_pan(args, pan)
    failed = [0]
    histories = _readable(args.files, failed)
    if args.to == "phh":
        first, more = next(histories, None), next(histories, None)
        if first is None or more is not None:
            read = "none was" if first is None else "more were"
            raise ValueError(f"--to phh writes one hand, and {read} read: use --to phhs")
        with output(args.out) as out:
            out.write(first.dumps())
    else:
        with output(args.out) as out:
            if args.to == "phhs":
                phh.dump_all(histories, out)
            elif args.to == "ohh":  # a hand OHH cannot hold, or that does not replay: skipped
                _write_each(histories, out, failed, ohh.dumps, "\n", "")
            else:  # a hand splitpot cannot write as PokerStars text: skipped
                _write_each(histories, out, failed, to_pokerstars, HAND_SEPARATOR, "\n")
    return 1 if failed[0] else 0


def _write_each(
    histories: Iterator[Any],
    out: TextIO,
    failed: list[int],
    convert: Callable[[Any], str],
    between: str,
    after: str,
) -> None:
    """Each hand converted and written as it is read, ``between`` two and ``after`` the last;
    a hand ``convert`` refuses (a ``PHHError``) is one line on stderr."""
    from splitpot import phh

    written = 0
    for hh in histories:
        try:
            text = convert(hh)
        except phh.PHHError as e:
            failed[0] += 1
            print(f"splitpot: skipped {one_line(e)}", file=sys.stderr)
            continue
        out.write((between if written else "") + text)
        written += 1
    if written:
        out.write(after)


def _readable(files: Sequence[str], failed: list[int]) -> Iterator[Any]:
    """The hands of ``files`` in order, read as they are asked for; each hand that cannot be
    read is one line on stderr as it is met, and counted in ``failed[0]``."""
    from splitpot import show

    skipped: list[Any] = []
    for name in files:
        for hh in show.histories(name, skipped):
            _report(skipped, failed)
            yield hh
        _report(skipped, failed)


def _report(skipped: list[Any], failed: list[int]) -> None:
    for error in skipped:
        print(f"splitpot: skipped {one_line(error)}", file=sys.stderr)
    failed[0] += len(skipped)
    skipped.clear()


def _convert_pan(args: argparse.Namespace, pan: list[bool]) -> int:
    """``convert`` of Pan history files: Pan has one format (:mod:`splitpot.pan.history`),
    so ``--to phhs`` and ``--to phh`` write it again, checked; no site writes Pan."""
    from splitpot.pan import files as pan_files
    from splitpot.pan import history

    if not all(pan):
        poker = args.files[pan.index(False)]
        raise sp.SplitpotError(
            f"{poker} is not Pan: convert Pan and poker histories in separate runs"
        )
    if args.to not in ("phh", "phhs"):
        raise sp.SplitpotError(
            f"--to {args.to} is for poker hands: a Pan history is written --to phhs or phh"
        )
    records = [r for name in args.files for r in pan_files.histories(name)]
    if args.to == "phh":
        if len(records) != 1:
            raise sp.SplitpotError(
                f"--to phh writes one hand, and {len(records)} were read: use --to phhs"
            )
        text = history.dumps(records[0])
    else:
        text = history.dumps_all(records)
    with output(args.out) as out:
        out.write(text)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from splitpot import show
    from splitpot.pan import files as pan_files

    if pan_files.is_pan_file(args.file):
        return _show_pan(args)
    skipped: list[Any] = []
    unshown = [0, None]  # how many hands could not be shown, and the first's error
    hands = _kept(show.histories(args.file, skipped), skipped, unshown)
    try:
        if args.hand is None:
            hand = next(hands, None)
            if hand is not None and next(hands, None) is not None:
                print(f"splitpot: {args.file} has more hands; showing the first", file=sys.stderr)
        else:
            hand = _pick_hand(hands, args.hand, args.file)
    finally:  # why hands are missing, also when the one asked for is not found
        if unshown[0]:
            print(
                f"splitpot: {unshown[0]} hand{'s' if unshown[0] > 1 else ''} of {args.file} "
                f"cannot be shown; the first: {one_line(unshown[1])}",
                file=sys.stderr,
            )
    if hand is None:
        raise sp.SplitpotError(f"{args.file}: no hands in the file that splitpot can show")
    if args.html is None:
        print(printable(show.render_text(hand)))
        return 0
    _write_page(show.render_html(hand), args.html)
    return 0


def _show_pan(args: argparse.Namespace) -> int:
    """``show`` of a Pan history file (``simulate --game pan``): the hand told as text, or
    its page (:mod:`splitpot.show.pan`)."""
    from splitpot.pan import files as pan_files

    hands = pan_files.histories(args.file)
    if not hands:
        raise sp.SplitpotError(f"{args.file}: no hands in the file")
    if args.hand is None and len(hands) > 1:
        print(f"splitpot: {args.file} has {len(hands)} hands; showing the first", file=sys.stderr)
    record = hands[0] if args.hand is None else _pick_hand(hands, args.hand, args.file)
    if args.html is None:
        print(pan_files.render_text(record))
        return 0
    from splitpot.show.pan import render_html

    _write_page(render_html(record), args.html)
    return 0


def _write_page(page: str, path: str) -> None:
    """``show --html PATH``: the page written whole (``-``: stdout)."""
    with output(path) as out:
        out.write(page)
    if path != "-":
        print(f"wrote {path}", file=sys.stderr)


def _kept(hands: Iterator[Any], skipped: list[Any], unshown: list[Any]) -> Iterator[Any]:
    """``hands`` as they are read, keeping of the errors in ``skipped`` only their count and
    the first (``unshown``): a file of bad hands is not held in memory either."""
    for hand in hands:
        _count(skipped, unshown)
        yield hand
    _count(skipped, unshown)


def _count(skipped: list[Any], unshown: list[Any]) -> None:
    if skipped and unshown[1] is None:
        unshown[1] = skipped[0]
    unshown[0] += len(skipped)
    skipped.clear()


def _pick_hand(hands: Iterable[Any], wanted: str, file: str) -> Any:
    """``--hand``: the hand with that id (the history's ``hand``, or the site's hand id),
    else the hand of that 1-based number in the file. Read as a stream: it stops at the id,
    and keeps only the hand of that number while it looks for one."""
    number = int(wanted) if wanted.isdecimal() and wanted.isascii() and len(wanted) < 10 else 0
    by_number, count = None, 0
    for h in hands:
        count += 1
        if not hasattr(h, "user_fields"):  # a Pan history: numbered only
            ids: tuple[Any, ...] = ()
        else:
            ids = (h.hand, h.user_fields.get("_site_hand_id"))
        if any(i is not None and str(i) == wanted for i in ids):
            return h
        if count == number:
            by_number = h
    if by_number is not None:
        return by_number
    if count == 0:
        return None
    raise sp.SplitpotError(f"{file}: no hand {wanted!r} (an id, or a number 1..{count})")
