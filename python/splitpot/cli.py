"""The ``splitpot`` command (also ``python -m splitpot``)."""

from __future__ import annotations

import argparse
import random
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
    rng = random.Random(args.seed)
    for deal in range(1, 4):
        deck = list(range(52))
        rng.shuffle(deck)
        board = deck[:5]
        players = [deck[5 + 2 * i : 7 + 2 * i] for i in range(3)]
        print(f"Deal {deal}: board {' '.join(str(sp.Card(c)) for c in board)}")
        hands = [sp.evaluate_high(p + board) for p in players]
        for seat, (p, hand) in enumerate(zip(players, hands, strict=True)):
            print(f"  seat {seat}: {' '.join(str(sp.Card(c)) for c in p)}  {hand}")
        best = max(hands)
        winners = [seat for seat, hand in enumerate(hands) if hand == best]
        print(f"  wins: seat {', '.join(map(str, winners))} with {best}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="splitpot", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("eval", help="evaluate a hand: splitpot eval 'AhKh QhJhTh 2c3d'")
    p.add_argument("cards", nargs="+", help="cards, or HOLE BOARD with --omaha")
    p.add_argument("--omaha", action="store_true", help="exactly two hole cards and three board")
    p.add_argument("--low", action="store_true", help="also the 8-or-better low")
    p.set_defaults(func=cmd_eval)
    p = sub.add_parser("demo", help="a seeded demonstration")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except sp.SplitpotError as e:
        print(f"splitpot: {e}", file=sys.stderr)
        return 2
