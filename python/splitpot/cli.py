"""The ``splitpot`` command (also ``python -m splitpot``)."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

import splitpot as sp
from splitpot import (
    _check,
    _cli_db,
    _cli_table,
    _progress,
    _replay_report,
    _scheduler,
    _seeds,
    _summary,
)
from splitpot._cli_histories import cmd_convert, cmd_show
from splitpot._cli_output import WriteFailed, one_line, output, printable
from splitpot._extras import install_hint
from splitpot.betting import DEFAULT_STAKES, STRUCTURE_NAMES, BettingStructure, structure_kind
from splitpot.betting import structure as make_structure
from splitpot.limits import CLI_MAX_TOURNAMENT_PLAYERS, shown


def _five(cards: Sequence[sp.Card], pretty: bool) -> str:
    """The best five as the CLI prints them: ``Ah Kh`` or, ``--pretty``, ``A♥ K♥``."""
    from splitpot.cards import pretty as with_symbols

    return with_symbols(cards) if pretty else " ".join(map(str, cards))


def _describe_high(hand: sp.HighHand, pretty: bool = False) -> str:
    five = _five(hand.best_five(), pretty)
    return f"{hand} [{five}] (strength {hand.strength} of 7462)"


def cmd_eval(args: argparse.Namespace) -> int:
    if args.omaha:
        if len(args.cards) != 2:
            raise sp.InvalidCards("--omaha takes two arguments: HOLE BOARD")
        hole, board = args.cards
        high, low = sp.evaluate_omaha_hilo(hole, board)
    else:
        high, low = sp.evaluate_hilo(" ".join(args.cards))
    if args.json:
        cards = " ".join(args.cards)
        _summary.emit({"cards": cards, "high": _summary.high(high), "low": _summary.low(low)})
        return 0
    print(f"High: {_describe_high(high, args.pretty)}")
    if args.low:
        if low is None:
            print("Low:  no qualifying 8-or-better low")
        else:
            five = _five(low.best_five(), args.pretty)
            print(f"Low:  {low} [{five}] (strength {low.strength} of 56)")
    return 0


def _poker_game(name: str) -> sp.Game | None:
    """``--game``, resolved once for every command: a poker game (any of its names), or
    ``None`` for Pan, which has its own hands, tables and bots."""
    return None if name.strip().lower() == "pan" else sp.game(name)


def _table_game(args: argparse.Namespace) -> sp.Game | None:
    """``--game`` of ``play`` and ``simulate`` (:func:`_poker_game`). Pan has no betting
    structure, stakes, ante or tournament (docs/rules/pan.md), so those options given with it
    are refused by name rather than ignored; for poker they get their defaults here."""
    game = _poker_game(args.game)
    if game is not None:
        args.structure = args.structure or "no-limit"
        if getattr(args, "ante", 0) is None:
            args.ante = 0
        return game
    poker_only = {
        "--structure": args.structure,
        "--stakes": args.stakes,
        "--ante": getattr(args, "ante", None),
        "--tournament": getattr(args, "tournament", None) or None,
    }
    given = [option for option, value in poker_only.items() if value is not None]
    if given:
        what = "is a poker option" if len(given) == 1 else "are poker options"
        raise sp.SplitpotError(f"{' and '.join(given)} {what}, not for --game pan")
    return None


def cmd_demo(args: argparse.Namespace) -> int:
    game = _poker_game(args.game)
    if game is None:
        from splitpot.pan import text

        print(text.demo(args.seed))
        return 0
    if not game.hi_lo:
        raise sp.SplitpotError(
            f"the demo is omaha8 or stud8 (a hi/lo split) or pan, not {args.game}"
        )
    print(sp.demo(args.seed, game))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    _check.chips(args.stack, "--stack", positive=True)
    from splitpot.tui import line_editing

    line_editing()
    game = _table_game(args)
    if game is None:
        from splitpot.pan import text

        text.play(players=args.players, stack=args.stack, seat=args.seat, seed=args.seed)
        return 0
    from splitpot.tui import play_session

    _check_players(game, args.players)
    if args.hands is not None and args.hands < 1:
        raise sp.SplitpotError(
            f"--hands must be >= 1 (or left out: until you quit), got {args.hands}"
        )
    play_session(
        game,
        args.structure,
        players=args.players,
        stack=args.stack,
        stakes=_stakes(args.stakes, args.structure),
        seat=args.seat,
        seed=args.seed,
        hands=args.hands,
    )
    return 0


def _check_players(game: sp.Game, players: int) -> None:
    """The player count, before a list of stacks per player is made (``--players 10**9``)."""
    if not 2 <= players <= game.max_players:
        raise sp.SplitpotError(
            f"{game.name} is played by 2 to {game.max_players} players, got {players}"
        )


def _stakes(text: str | None, structure: str) -> tuple[int, int]:
    """``--stakes SMALL/BIG``, or the default stakes of the structure named."""
    if text is None:
        return DEFAULT_STAKES[structure_kind(structure)]
    parts = text.split("/")
    if len(parts) != 2 or not all(p.isdecimal() and p.isascii() for p in parts):
        raise sp.SplitpotError(f"--stakes takes SMALL/BIG, got {text!r}")
    small, big = int(parts[0]), int(parts[1])
    if small > big:  # docs/rules/poker.md: the big blind (bet) is the larger
        raise sp.SplitpotError(f"--stakes takes SMALL/BIG with SMALL <= BIG, got {text!r}")
    return small, big


def cmd_equity(args: argparse.Namespace) -> int:
    if args.exact and args.time is not None:  # the library's message names time_limit
        raise sp.SplitpotError("--time is for Monte Carlo; --exact visits every deal")
    if args.plot:
        _check_plot(args.plot)
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
    if args.json:
        _summary.emit(result.to_dict())
    else:
        print(result)
    if args.plot:
        try:
            result.plot(args.plot)
        except ImportError as e:
            print(f"splitpot: {e}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}", file=sys.stderr if args.json else sys.stdout)
    return 0


def _check_plot(path: str) -> None:
    """``--plot``, refused before the work rather than after it."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise sp.SplitpotError(f"--plot needs matplotlib: {install_hint('matplotlib', 'plot')}")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise sp.SplitpotError(f"--plot {path}: no such folder {folder!r}")


def _check_history_file(path: str) -> list[Any]:
    """The outcomes of one file of ``splitpot replay``: OHH (``.ohh``, ``.json``), else PHH or
    a poker site's (:func:`splitpot.sites.check.check_file`). Module level: workers import it."""
    from splitpot import ohh
    from splitpot.sites import check

    if path.lower().endswith(ohh.SUFFIXES):
        return ohh.check_file(path)
    return check.check_file(path)


def cmd_replay(args: argparse.Namespace) -> int:
    from splitpot import ohh, phh
    from splitpot.sites import check

    if args.scheduler is not None and args.jobs != 1:
        raise sp.SplitpotError("--jobs or --scheduler, not both: the cluster's workers do the work")
    for path in args.paths:
        if not os.path.exists(path):
            raise sp.SplitpotError(f"FILE_OR_DIR {path}: no such file or folder")
    skipped: list[str] = []
    files = phh.find_files(args.paths, skipped=skipped, suffixes=check.SUFFIXES + ohh.SUFFIXES)
    for name in skipped:  # a FIFO named x.phh would block the reader: not opened
        print(f"splitpot: skipped {name}: not a regular file", file=sys.stderr)
    if not files:
        if skipped:
            return 1
        print(
            "splitpot: no hand history files (.phh, .phhs, .txt, .xml, .ohh, .json) found",
            file=sys.stderr,
        )
        return 2
    progress = None if args.quiet else _progress.Counted("replaying", "file")
    try:
        with _scheduler.connect(args.scheduler) as client:
            outcomes = phh.check_files(
                files,
                jobs=args.jobs,
                executor=client,
                progress=progress,
                checker=_check_history_file,
            )
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        _summary.emit(_summary.replay(outcomes, len(files), skipped))
        return 1 if any(o.status in ("mismatch", "error") for o in outcomes) or skipped else 0
    print(printable(_replay_report.summary(outcomes, len(files))))
    failed = _replay_report.failed(outcomes)
    for o in outcomes:
        if o.status == "damaged" or (args.verbose and o.status in ("odd_chip", "unsupported")):
            print(f"{o.status}: {printable(o.detail)}")
    for o in failed:
        print(f"{o.status}: {printable(o.detail)}")
    return 1 if failed or skipped else 0


def _simulate_pan(args: argparse.Namespace) -> int:
    """``simulate --game pan``: hands at a :class:`~splitpot.pan.table.PanTable` among the Pan
    bots, written in the Pan history format (:mod:`splitpot.pan.history`)."""
    from splitpot.pan import history
    from splitpot.pan.bots import GreedyPanBot, PanBot, RandomPanBot, play_pan_bots
    from splitpot.pan.game import PanHand
    from splitpot.pan.rules import PanRules
    from splitpot.pan.table import PanTable
    from splitpot.pan.text import NAMES

    if args.bots == "calling":
        raise sp.SplitpotError("--bots calling is a poker bot; Pan has greedy and random")
    if args.hands < 0:
        raise sp.SplitpotError(f"--hands must be >= 0, got {args.hands}")
    rules = PanRules()
    if not rules.players_min <= args.players <= rules.players_max:
        raise sp.SplitpotError(
            f"Pan is played by {rules.players_min} to {rules.players_max} players, "
            f"got {args.players}"
        )
    kind: Callable[[int], PanBot] = RandomPanBot if args.bots == "random" else GreedyPanBot
    rng = random.Random(args.seed)
    table = PanTable(rules, seats=args.players, seed=_seeds.draw(rng))
    for name in NAMES[: args.players]:
        table.join(name, args.stack)
    hands: list[PanHand] = []
    for _ in range(args.hands):
        try:
            hand = table.start_hand()
        except sp.SplitpotError as e:  # too few players can post
            print(f"splitpot: stopped after {len(hands)} hands: {e}", file=sys.stderr)
            break
        play_pan_bots(hand, [kind(_seeds.draw(rng)) for _ in range(args.players)])
        table.settle()
        hands.append(hand)
    with output(args.out) as out:
        out.write(history.dumps_all(hands))
    if args.json:
        _summary.emit({**_simulated(args), "hands": len(hands)})
    elif args.out != "-":
        print(f"wrote {len(hands)} hands to {args.out}", file=sys.stderr)
    return 0


def _simulated(args: argparse.Namespace) -> dict[str, Any]:
    """The settings a ``simulate --json`` summary starts with."""
    return {
        "game": args.game,
        "structure": None if _poker_game(args.game) is None else args.structure,
        "players": args.players,
        "seed": args.seed,
        "out": args.out,
    }


def _simulate_tournament(args: argparse.Namespace, game: sp.Game) -> int:
    """``simulate --tournament``: bot tournaments played to the end, every hand written."""
    from splitpot import phh
    from splitpot.tournament import play_tournament

    if args.players > CLI_MAX_TOURNAMENT_PLAYERS:
        raise sp.SplitpotError(
            f"--players for a tournament: at most {CLI_MAX_TOURNAMENT_PLAYERS}, got {args.players}"
        )
    result = play_tournament(
        args.players,
        game=game,
        structure=args.structure,
        starting_stack=args.stack,
        bots=args.bots,
        seed=args.seed,
    )
    t = result.tournament
    histories = (phh.HandHistory.from_hand(h, players=t.players_of(h)) for h in result.hands)
    with output(args.out) as out:
        phh.dump_all(histories, out)
    if args.out != "-":
        print(f"wrote {len(result.hands)} hands to {args.out}", file=sys.stderr)
    places = ", ".join(
        f"{f.place}{'=' if f.tied > 1 else ''} {f.name}"
        + (f" ({result.payouts[f.name]})" if result.payouts and result.payouts.get(f.name) else "")
        for f in sorted(result.standings, key=lambda f: f.place)
    )
    state = "finished" if result.finished else "stopped at the hand limit"
    print(f"tournament {state} after {len(result.hands)} hands: {places}", file=sys.stderr)
    if args.json:
        summary = _summary.Hands(None)  # players change seats: no net per seat
        for hand in result.hands:
            summary.add(hand)
        _summary.emit({**_simulated(args), **summary.to_dict(), **result.to_dict()})
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    _check.chips(args.stack, "--stack", positive=True)  # by name, before any hand is dealt
    if args.json and args.out == "-":
        raise sp.SplitpotError("--json needs --out FILE: the hands go there, the summary to stdout")
    game = _table_game(args)
    if args.scheduler is not None and (game is None or args.tournament):
        raise sp.SplitpotError("--scheduler: Pan and --tournament run here only")
    if game is None:
        return _simulate_pan(args)
    if args.tournament:
        return _simulate_tournament(args, game)
    from splitpot import simulation

    _check_players(game, args.players)
    structure = make_structure(
        args.structure, *_stakes(args.stakes, args.structure), ante=args.ante
    )
    if args.hands < 0:
        raise sp.SplitpotError(f"--hands must be >= 0, got {args.hands}")
    stacks = [args.stack] * args.players
    progress = None if args.quiet else _progress.Counted("simulating", "hand")
    try:
        with _scheduler.connect(args.scheduler) as client:
            parts = simulation.played(
                game,
                structure,
                stacks,
                args.hands,
                seed=args.seed,
                bots=args.bots,
                executor=client,
                progress=progress,
            )
            with output(args.out) as out:
                summary = simulation.write(parts, out, args.players)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        _summary.emit({**_simulated(args), **summary.to_dict()})
    elif args.out != "-":
        print(f"wrote {args.hands} hands to {args.out}", file=sys.stderr)
    return 0


def _table_options(p: argparse.ArgumentParser) -> None:
    """The options ``play`` and ``simulate`` share: the game, the stakes, the table."""
    p.add_argument("--game", default="holdem", help=f"one of {', '.join(sorted(sp.GAMES))}, or pan")
    p.add_argument(
        "--structure", help=f"{_one_of(STRUCTURE_NAMES.values())} (default no-limit; not for pan)"
    )
    p.add_argument("--players", type=int, default=6, help="players at the table (default 6)")
    p.add_argument("--stack", type=int, default=200, help="every player's chips at the start")
    limit = DEFAULT_STAKES[BettingStructure.FIXED_LIMIT]
    blinds = DEFAULT_STAKES[BettingStructure.NO_LIMIT]
    p.add_argument(
        "--stakes",
        help=f"SMALL/BIG: blinds (default {blinds[0]}/{blinds[1]}), or the small and big bet "
        f"in limit (default {limit[0]}/{limit[1]})",
    )
    p.add_argument("--seed", type=_seed, help="a seed >= 0, to play the same hands again")


def _seed(text: str) -> int:
    """``--seed``: Python's ``random.Random`` takes ``abs(seed)``, so ``-1`` would silently
    deal the hands of ``1``; a negative seed is refused."""
    if not (text.isdecimal() and text.isascii()) or len(text) > 20:
        raise argparse.ArgumentTypeError(f"a whole number >= 0, got {shown(text)}")
    seed = int(text)
    if seed >= _seeds.SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed below 2**64, got {shown(text)}")
    return seed


def _one_of(names: Iterable[str]) -> str:
    *first, last = names
    return f"{', '.join(first)} or {last}"


class _Parser(argparse.ArgumentParser):
    """argparse's own errors (a missing argument, ``--players abc``) as one line on stderr
    with status 2, like every other bad argument, instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        if "required: command" in message:
            message = f"a command is needed: one of {', '.join(_COMMANDS)}"
        self.exit(2, f"splitpot: {one_line(message)} (see {self.prog} --help)\n")


_COMMANDS: list[str] = []
"""The subcommands' names, for the message that a command is missing."""


def _version() -> str:
    """The installed distribution's version (the wheel's metadata), or the extension's when
    run from a source tree that was never installed."""
    from importlib import metadata

    try:
        return metadata.version("splitpot")
    except metadata.PackageNotFoundError:
        return sp.__version__


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="splitpot", description="The splitpot command (also python -m splitpot).")
    parser.add_argument("--version", action="version", version=f"splitpot {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("eval", help="evaluate a hand: splitpot eval 'AhKh QhJhTh 2c3d'")
    p.add_argument("cards", nargs="+", help="cards, or HOLE BOARD with --omaha")
    p.add_argument("--omaha", action="store_true", help="exactly two hole cards and three board")
    p.add_argument("--low", action="store_true", help="also the 8-or-better low")
    p.add_argument("--pretty", action="store_true", help="cards with suit symbols: A♥ K♥")
    p.set_defaults(func=cmd_eval)
    p = sub.add_parser(
        "demo", help="a seeded six-handed Omaha or Stud Hi/Lo hand, or a Pan game, among bots"
    )
    p.add_argument("--seed", type=_seed, default=1, help="a seed >= 0 (default 1)")
    p.add_argument(
        "--game", default="omaha8", help="omaha8 (pot limit), stud8 (limit) or pan (Panguingue)"
    )
    p.set_defaults(func=cmd_demo)
    p = sub.add_parser("play", help="play hand after hand against the bots in the terminal")
    _table_options(p)
    p.add_argument("--seat", type=int, default=0, help="your seat")
    p.add_argument("--hands", type=int, help="stop after this many hands (default: until you quit)")
    p.set_defaults(func=cmd_play)
    _equity_parser(sub)
    _history_parsers(sub)
    _cli_table.add_parser(sub)
    _cli_db.add_parsers(sub)
    p = sub.add_parser("simulate", help="play hands among the built-in bots and write them as PHH")
    _table_options(p)
    p.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
    p.add_argument("--ante", type=int, help="every player's ante (default 0; not for pan)")
    p.add_argument(
        "--bots",
        choices=("simple", "random", "calling", "greedy"),
        default="simple",
        help="poker: simple, random or calling; pan: greedy (also simple) or random",
    )
    p.add_argument("--out", default="-", help="the .phhs file to write (default: stdout)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--tournament",
        action="store_true",
        help="play one tournament to the end (blinds rising every 10 hands; --stack is the "
        "starting stack) and write every hand",
    )
    _scheduler.add_option(p)
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("show", help="replay one hand street by street, or as an HTML page")
    p.add_argument(
        "file",
        metavar="FILE",
        help="a hand history: .phh or .phhs (PHH, or Pan's from simulate --game pan), .ohh "
        "(Open Hand History), or a poker site's .txt or .xml",
    )
    p.add_argument("--hand", metavar="ID", help="the hand's id, or its number in the file")
    p.add_argument("--html", metavar="OUT.html", help="write a self-contained page instead")
    p.set_defaults(func=cmd_show)
    _json_options(sub)
    _COMMANDS[:] = sub.choices
    return parser


def _json_options(sub: Any) -> None:
    """``--json`` on the commands whose result is a summary (keys: splitpot/_summary.py)."""
    for name in ("eval", "equity", "replay", "simulate"):
        note = " (needs --out: the hands go there)" if name == "simulate" else ""
        sub.choices[name].add_argument(
            "--json",
            action="store_true",
            help=f"print the result as one JSON object on stdout{note}",
        )


def _history_parsers(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="replay hand histories (PHH or poker sites') through splitpot and compare the results",
    )
    p.add_argument(
        "paths",
        nargs="+",
        metavar="FILE_OR_DIR",
        help=".phh/.phhs files, Open Hand History (.ohh/.json), poker sites' files (PokerStars, "
        "Full Tilt, GGPoker, Winamax, partypoker text, iPoker XML) or folders of them",
    )
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--verbose", "-v", action="store_true", help="list odd chips, unsupported")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _scheduler.add_option(p)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser(
        "convert",
        help="convert poker sites' hand histories and OHH to PHH, or PHH to PokerStars text or "
        "Open Hand History",
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="hand histories: poker sites' .txt or .xml, PHH's .phh or .phhs, OHH's .ohh, or "
        "Pan's .phhs",
    )
    p.add_argument(
        "--to",
        choices=("phh", "phhs", "pokerstars", "ohh"),
        default="phhs",
        help="phhs: every hand in one file (the default); phh: one hand; pokerstars: "
        "PokerStars text; ohh: Open Hand History (poker hands only, those two)",
    )
    p.add_argument("--out", default="-", help="the file to write (default: stdout)")
    p.set_defaults(func=cmd_convert)


def _equity_parser(sub: Any) -> None:
    p = sub.add_parser(
        "equity",
        help="who wins how often: splitpot equity --game omaha8 As2d3hKc KdKsQh7c --board 4c5s9d",
    )
    p.add_argument("players", nargs="+", help="each player's cards, or a Hold'em range ('QQ+,AKs')")
    p.add_argument("--game", default="holdem", help=", ".join(sp.games.VARIANTS))
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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # the reader left (`splitpot demo | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error at exit
        return 0
    except (ValueError, OverflowError) as e:  # bad input (SplitpotError is a ValueError)
        print(f"splitpot: {one_line(e)}", file=sys.stderr)
        return 2
    except WriteFailed as e:
        print(f"splitpot: {one_line(e)}", file=sys.stderr)
        return 1
    except OSError as e:  # a file that cannot be read
        where = f"{e.filename}: " if e.filename else ""
        print(f"splitpot: {where}{one_line(e.strerror or e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("splitpot: interrupted", file=sys.stderr)
        return 130
