"""The terminal games' words for an engine's refusal: what a card room's dealer would say.

The engines' messages are written for programmers (``call() (34) or fold()``, ``seat 0 is to
declare play() or sluff()``); the person at the terminal reads them without the method
calls, and as "you" where they name his seat.
"""

from __future__ import annotations

import re

_CALL = re.compile(r"\b([a-z_]+)\(\)")


def plain(message: str, seat: int) -> str:
    """``message`` without method-call parentheses, and ``seat N`` (the person's seat) as
    "you"; the first letter a capital.

    >>> plain("no melding now: seat 0 is to declare play() or sluff()", 0)
    'No melding now: you are to declare play or sluff'
    >>> plain("seat 2 faces a bet of 84: call() (34) or fold() instead of checking", 2)
    'You face a bet of 84: call (34) or fold instead of checking'
    >>> plain("seat 1 has no such meld; seat 10 does", 1)
    'You have no such meld; seat 10 does'
    """
    text = _CALL.sub(lambda m: m.group(1).replace("_", " "), message)
    text = re.sub(rf"\b[Ss]eat {seat} (\w+)\b", lambda m: f"you {_second(m.group(1))}", text)
    text = re.sub(rf"\b[Ss]eat {seat}'s\b", "your", text)
    text = re.sub(rf"\b[Ss]eat {seat}\b", "you", text)
    return text[:1].upper() + text[1:]


_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were"}


def _second(verb: str) -> str:
    """The verb after "you": ``faces`` -> ``face``, ``has`` -> ``have``; a word that is not
    a verb in the third person (``seat 0 and``) stays."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ches") or verb.endswith("shes") or verb.endswith("sses"):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
