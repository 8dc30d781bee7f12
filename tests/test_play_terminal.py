"""``splitpot play`` through a pseudo-terminal, as a person meets it: the prompts speak as a
card room does (no API text, no grammar slips), ``help`` and ``?`` work in every game, stud's
up cards are marked from the first line, and the line can be edited and recalled (readline).
"""

from __future__ import annotations

import os
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from splitpot.pan import text as pan_text
from splitpot.tui import play_session

pty = pytest.importorskip("pty", reason="pseudo-terminals are a POSIX feature")

THIRD_PERSON = re.compile(
    r"\bYou (has|is|was|pays|wins|calls|checks|folds|bets|raises|posts|shows|mucks|draws|"
    r"rejects|melds|discards|takes|goes|claims|lays|splits|borrows|sluffs|plays|brings)\b"
)
API_TEXT = re.compile(r"\w\(\)|\bseat \d+ (is|faces|may)\b")
LEFT, UP = "\x1b[D", "\x1b[A"


class Terminal:
    """``splitpot ARGS`` on a pseudo-terminal: :meth:`send` types, :meth:`expect` reads."""

    def __init__(self, fd: int, process: subprocess.Popen[bytes]) -> None:
        self.fd, self.process, self.seen, self.mark = fd, process, "", 0

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def expect(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        """Read until ``pattern`` appears after what earlier calls matched."""
        start = self.mark
        deadline = time.monotonic() + timeout
        while True:
            found = re.compile(pattern).search(self.seen, start)
            if found:
                self.mark = found.end()
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not seen; the screen:\n{self.seen[-2000:]}")
            if self._ready(min(left, 0.5)) and not self._read():
                raise AssertionError(f"{pattern!r} not seen before the end:\n{self.seen[-2000:]}")

    def _ready(self, timeout: float) -> bool:
        return bool(select.select([self.fd], [], [], timeout)[0])

    def _read(self) -> bool:
        """Read what is there; whether the terminal is still open."""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            chunk = b""
        self.seen += chunk.decode(errors="replace").replace("\r\n", "\n")
        return bool(chunk)

    def rest(self) -> str:
        """Everything until the program ends."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self._ready(0.2) and not self._read():
                self.process.wait(10)
                return self.seen
        raise AssertionError(f"still running; the screen:\n{self.seen[-2000:]}")


@contextmanager
def terminal(*args: str) -> Iterator[Terminal]:
    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "LINES": "50"}
    process = subprocess.Popen(
        [sys.executable, "-m", "splitpot", *args],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
        start_new_session=True,
    )
    os.close(child)
    try:
        yield Terminal(main, process)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        os.close(main)


def test_holdem_at_the_terminal_speaks_as_a_card_room() -> None:
    with terminal("play", "--seed", "3", "--players", "3", "--hands", "1") as t:
        t.expect(r"No-limit Hold'em, blinds 1/2; 3 players.*Type help for the commands")
        t.expect(r"--- Hand 1: you have the button ---")
        t.expect(r"You may: fold, call 2, raise to 4\.\.200\n> ")
        t.send("k\r")  # checking while facing the big blind
        t.expect(r"You cannot check: there is a bet of 2 to you\. You may: fold, call 2")
        t.send("r 5000\r")
        t.expect(r"The raise here is to an amount from 4 to 200, not 5000\.")
        t.send(f"elp{LEFT * 3}h\r")  # the arrows edit the line: "help"
        t.expect(r"Commands: f or fold; k or check")
        t.send("?\r")  # "?" too
        t.expect(r"Commands: f or fold")
        t.expect(r"\n> ")
        t.send(f"{UP}{UP}\r")  # two lines back in the history: "help" again
        t.expect(r"help\n.*Commands: f or fold")
        t.send("f\r")
        t.expect(r"Stacks: You 200, Bob")
        out = t.rest()
    assert t.process.returncode == 0
    assert not THIRD_PERSON.search(out) and not API_TEXT.search(out), out


def test_stud_marks_the_up_cards_from_the_first_line() -> None:
    args = ("play", "--game", "stud8", "--structure", "limit", "--seed", "5", "--players", "3")
    with terminal(*args, "--hands", "1") as t:
        first = t.expect(r"Your cards: (\S\S) (\S\S) / (\S\S) up\n")
        door = first.group(3)
        prompt = t.expect(r"\[third street\] pot \d+; your stack \d+; your cards .* / (\S\S) up")
        assert prompt.group(1) == door
        t.expect(r"Showing: Bob \S\S; Cy \S\S\n")
        t.send("c\r")
        dealt = t.expect(r"You are dealt (\S\S) up\n").group(1)
        prompt = t.expect(r"\[fourth street\] .*your cards (\S\S) (\S\S) / (\S\S) (\S\S) up")
        assert prompt.group(3, 4) == (door, dealt)  # the up cards, in the order dealt
        t.send("q\r")
        out = t.rest()
    assert "board" not in out  # stud has no board to show
    assert not THIRD_PERSON.search(out) and not API_TEXT.search(out), out


def test_pan_at_the_terminal_has_help_and_speaks_in_the_second_person() -> None:
    with terminal("play", "--game", "pan", "--seed", "2", "--players", "3") as t:
        t.expect(r"Type help for the commands, moves for what you may do\.")
        t.send("help\r")
        t.expect(r"Commands: play or sluff.*\nYou may: play; sluff\n")
        t.send("?\r")
        t.expect(r"Commands: play or sluff.*\nYou may: play; sluff\n")
        t.send("meld AcAdAs\r")
        t.expect(r"Not allowed: No melding now: you are to declare play or sluff\.")
        t.send("play\r")
        t.send("q\r")  # the bots play the rest of the hand for the person
        out = t.rest()
    assert "Settlement:" in out and "You pay" in out
    assert not THIRD_PERSON.search(out) and not API_TEXT.search(out), out


@pytest.mark.parametrize("game", ["holdem", "omaha8", "stud8", "razz", "crazy-pineapple"])
def test_no_grammar_slip_or_api_text_over_many_hands(game: str) -> None:
    # A player who answers at random, seeded: every line the game prints, in every game.
    rng = random.Random(game)
    words = ["f", "k", "c", "b", "r", "b 3", "r 9", "r 1000", "i", "d", "s", "m", "?", "x y"]
    lines: list[str] = []
    structure = "limit" if game in ("stud8", "razz") else "no-limit"

    def answer(prompt: str) -> str:
        lines.append(prompt)
        if len(lines) > 600:
            raise EOFError
        return "" if prompt.startswith("Enter") else rng.choice(words)

    play_session(game, structure, players=4, seed=7, hands=12, input=answer, output=lines.append)
    text = "\n".join(lines)
    assert not THIRD_PERSON.search(text), THIRD_PERSON.search(text)
    assert not API_TEXT.search(text), API_TEXT.search(text)
    if game == "stud8":
        assert "you have the button" not in text and " up" in text


def test_pan_has_no_grammar_slip_over_many_turns() -> None:
    rng = random.Random(3)
    lines: list[str] = []

    def answer(prompt: str) -> str:
        lines.append(prompt)
        if len(lines) > 400:
            raise EOFError
        return rng.choice(["play", "sluff", "draw", "take", "reject", "help", "claim", "?"])

    pan_text.play(players=4, seed=11, input=answer, output=lines.append)
    text = "\n".join(lines)
    assert not THIRD_PERSON.search(text) and not API_TEXT.search(text)
