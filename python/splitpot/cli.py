"""The ``splitpot`` command (also ``python -m splitpot``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except sp.SplitpotError as e:
        print(f"splitpot: {e}", file=sys.stderr)
        return 2
