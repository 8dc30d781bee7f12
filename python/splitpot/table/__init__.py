"""Tables and sessions: seats, players, the button and the blinds across hands.

:class:`Table` (in :mod:`splitpot.table.session`) runs hand after hand.
"""

from splitpot.table.session import (
    MAX_SEATS,
    MISSED_BIG_BLINDS_LIMIT,
    PlayerState,
    SeatView,
    Table,
)

__all__ = ["MAX_SEATS", "MISSED_BIG_BLINDS_LIMIT", "PlayerState", "SeatView", "Table"]
