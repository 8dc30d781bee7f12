"""Tables and sessions: seats, players, the button and the blinds across hands.

:class:`Table` (:mod:`splitpot.table.session`) runs hand after hand; who posts what is
decided in :mod:`splitpot.table.blinds`; the players and the settings are in
:mod:`splitpot.table.seats`.
"""

from splitpot.table.seats import (
    MAX_SEATS,
    MISSED_BIG_BLINDS_LIMIT,
    BuyIn,
    Clock,
    PlayerState,
    SeatView,
)
from splitpot.table.session import Table

__all__ = [
    "MAX_SEATS",
    "MISSED_BIG_BLINDS_LIMIT",
    "BuyIn",
    "Clock",
    "PlayerState",
    "SeatView",
    "Table",
]
