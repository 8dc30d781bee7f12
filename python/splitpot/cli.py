"""The ``splitpot`` command (also ``python -m splitpot``)."""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import splitpot as sp


def _describe_high(hand: sp.HighHand) -> str:
    five = " ".join(str(c) for c in hand.best_five())
    return f"{hand} [{five}] (strength {hand.strength} of 7462)"


def cmd_eval(args: argparse.Namespace) -> int:
    if args.omaha:
        if len(args.cards) != 2:
            raise sp.InvalidCards("--omaha takes two arguments: HOLE BOARD")
        hole, board = args.cards
        high, low = sp.evaluate_omaha_hilo(hole, board)
    else:
        high, low = sp.evaluate_hilo(" ".join(args.cards))
    print(f"High: {_describe_high(high)}")
    if args.low:
        if low is None:
            print("Low:  no qualifying 8-or-better low")
        else:
            five = " ".join(str(c) for c in low.best_five())
            print(f"Low:  {low} [{five}] (strength {low.strength} of 56)")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    print(sp.demo(args.seed))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    stakes = tuple(int(x) for x in args.stakes.split("/")) if args.stakes else None
    if stakes is not None and len(stakes) != 2:
        raise sp.SplitpotError(f"--stakes takes SMALL/BIG, got {args.stakes!r}")
    sp.play(
        args.game,
        args.structure,
        players=args.players,
        stack=args.stack,
        stakes=stakes,  # type: ignore[arg-type]
        seat=args.seat,
        seed=args.seed,
    )
    return 0


def cmd_equity(args: argparse.Namespace) -> int:
    try:
        result = sp.equity(
            args.game,
            args.players,
            board=args.board,
            dead=args.dead,
            exact=True if args.exact else None,
            samples=args.samples,
            seed=args.seed,
            progress=not args.quiet and sys.stderr.isatty(),
            time_limit=args.time,
            threads=args.threads,
        )
    except KeyboardInterrupt:
        print("splitpot: interrupted", file=sys.stderr)
        return 130
    print(result)
    if args.plot:
        try:
            result.plot(args.plot)
        except ImportError as e:
            print(f"splitpot: {e}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}")
    return 0


def _progress_bar(label: str, enabled: bool) -> Callable[[int, int], None] | None:
    """A one-line progress bar on stderr, redrawn at most every 1 % (or ``None``)."""
    if not enabled:
        return None
    shown = [-1]

    def draw(done: int, total: int) -> None:
        percent = done * 100 // max(total, 1)
        if percent == shown[0] and done != total:
            return
        shown[0] = percent
        filled = percent * 30 // 100
        bar = "#" * filled + "." * (30 - filled)
        end = "\n" if done == total else ""
        print(f"\r{label} [{bar}] {done}/{total}", end=end, file=sys.stderr, flush=True)

    return draw


def cmd_replay(args: argparse.Namespace) -> int:
    from splitpot import phh

    files = phh.find_files(args.paths)
    if not files:
        print("splitpot: no .phh or .phhs files found", file=sys.stderr)
        return 2
    progress = _progress_bar("replaying", not args.quiet and sys.stderr.isatty())
    outcomes = phh.check_files(files, jobs=args.jobs, progress=progress)
    counts = Counter(o.status for o in outcomes)
    unsupported = Counter(o.variant for o in outcomes if o.status == "unsupported")
    failed = [o for o in outcomes if o.status in ("mismatch", "error")]
    print(f"{len(outcomes)} hands in {len(files)} file{'' if len(files) == 1 else 's'}")
    print(f"{counts['match']:8} matched their finishing stacks exactly")
    print(f"{counts['odd_chip']:8} differed only by odd chips (a split pot recorded in half chips)")
    if counts["unchecked"]:
        print(f"{counts['unchecked']:8} replayed, with no finishing stacks to compare")
    kinds = ", ".join(f"{v or '?'} {n}" for v, n in sorted(unsupported.items()))
    print(f"{counts['unsupported']:8} not played by splitpot" + (f" ({kinds})" if kinds else ""))
    print(f"{len(failed):8} failed")
    if args.verbose:
        for o in outcomes:
            if o.status in ("odd_chip", "unsupported"):
                print(f"{o.status}: {o.detail}")
    for o in failed:
        print(f"{o.status}: {o.detail}")
    return 1 if failed else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from splitpot import phh
    from splitpot.betting import structure as make_structure
    from splitpot.bots import CallingStation, RandomBot, SimpleBot, play_bots
    from splitpot.hand import Hand

    game = sp.game(args.game)
    limit = args.structure.strip().lower() in ("limit", "fixed-limit", "fixed_limit", "fl")
    stakes = (2, 4) if limit else (1, 2)
    if args.stakes:
        parts = args.stakes.split("/")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise sp.SplitpotError(f"--stakes takes SMALL/BIG, got {args.stakes!r}")
        stakes = (int(parts[0]), int(parts[1]))
    structure = make_structure(args.structure, *stakes, ante=args.ante)
    if not 2 <= args.players <= game.max_players:
        raise sp.SplitpotError(
            f"{game.name} is played by 2 to {game.max_players} players, got {args.players}"
        )
    if args.hands < 0:
        raise sp.SplitpotError(f"--hands must be >= 0, got {args.hands}")
    rng = random.Random(args.seed)
    kinds = {"simple": SimpleBot, "random": RandomBot}
    progress = _progress_bar("simulating", not args.quiet and sys.stderr.isatty())

    def hands() -> Iterator[Hand]:
        for i in range(args.hands):
            hand = Hand(
                game,
                structure,
                [args.stack] * args.players,
                button=i % args.players,  # the button moves round the table
                seed=rng.randrange(1 << 63),
            )
            if args.bots == "calling":
                bots: list[Any] = [CallingStation() for _ in range(args.players)]
            else:
                bots = [kinds[args.bots](rng.randrange(1 << 63)) for _ in range(args.players)]
            yield play_bots(hand, bots)
            if progress is not None:
                progress(i + 1, args.hands)

    if args.out == "-":
        phh.dump_all(hands(), sys.stdout)
    else:
        phh.dump_all(hands(), args.out)
        print(f"wrote {args.hands} hands to {args.out}", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="splitpot", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("eval", help="evaluate a hand: splitpot eval 'AhKh QhJhTh 2c3d'")
    p.add_argument("cards", nargs="+", help="cards, or HOLE BOARD with --omaha")
    p.add_argument("--omaha", action="store_true", help="exactly two hole cards and three board")
    p.add_argument("--low", action="store_true", help="also the 8-or-better low")
    p.set_defaults(func=cmd_eval)
    p = sub.add_parser("demo", help="a seeded six-handed Omaha Hi/Lo hand among bots")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=cmd_demo)
    p = sub.add_parser("play", help="play a hand against the bots in the terminal")
    p.add_argument("--game", default="holdem", help=f"one of {', '.join(sorted(sp.GAMES))}")
    p.add_argument("--structure", default="no-limit", help="limit, pot-limit or no-limit")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--stack", type=int, default=200)
    p.add_argument("--stakes", help="SMALL/BIG: blinds, or the small and big bet in limit")
    p.add_argument("--seat", type=int, default=0, help="your seat")
    p.add_argument("--seed", type=int)
    p.set_defaults(func=cmd_play)
    p = sub.add_parser(
        "equity",
        help="who wins how often: splitpot equity --game omaha8 As2d3hKc KdKsQh7c --board 4c5s9d",
    )
    p.add_argument("players", nargs="+", help="each player's cards, or a Hold'em range ('QQ+,AKs')")
    p.add_argument(
        "--game",
        default="holdem",
        help="holdem, omaha, omaha5, omaha6, omaha8, omaha5-8, omaha6-8, crazy-pineapple, "
        "crazy-pineapple8, stud, stud8",
    )
    p.add_argument("--board", default="", help="board cards so far")
    p.add_argument("--dead", default="", help="cards out of play")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every remaining deal")
    how.add_argument("--samples", type=int, help="Monte Carlo deals")
    p.add_argument("--time", type=float, help="Monte Carlo time budget in seconds")
    p.add_argument("--seed", type=int, help="Monte Carlo seed")
    p.add_argument("--threads", type=int, help="worker threads (default: all cores)")
    p.add_argument("--plot", metavar="FILE.png", help="draw the equities (needs matplotlib)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_equity)
    p = sub.add_parser(
        "replay",
        help="replay PHH hand histories through splitpot and compare their finishing stacks",
    )
    p.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help=".phh/.phhs files or folders")
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--verbose", "-v", action="store_true", help="list odd chips, unsupported")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("simulate", help="play hands among the built-in bots and write them as PHH")
    p.add_argument("--game", default="holdem", help=f"one of {', '.join(sorted(sp.GAMES))}")
    p.add_argument("--structure", default="no-limit", help="limit, pot-limit or no-limit")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--stack", type=int, default=200, help="every player's chips at the start")
    p.add_argument("--stakes", help="SMALL/BIG: blinds, or the small and big bet in limit")
    p.add_argument("--ante", type=int, default=0)
    p.add_argument("--bots", choices=("simple", "random", "calling"), default="simple")
    p.add_argument("--seed", type=int)
    p.add_argument("--out", default="-", help="the .phhs file to write (default: stdout)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except sp.SplitpotError as e:
        print(f"splitpot: {e}", file=sys.stderr)
        return 2
