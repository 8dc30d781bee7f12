"""The chips of a Pan hand (docs/rules/pan.md §4, §5): stacks, the pot, the house's collection.

:class:`PanMoney` owns every chip and logs every payment (:class:`~splitpot.pan.records.Paying`):
the tops and the collection each seat posts (§5.1), a sluff forfeit (§5.3), the pays of
conditions, lay-offs and outs from each active opponent (§4.1 to §4.4), the pays waiting
for a claim (§4.5), and the pot to the winner or carried over (§5.2, §6.6).
"""

from __future__ import annotations

from splitpot.pan.records import PanEvent, PanStarting, Paying, Posting

__all__ = ["PanMoney"]


class PanMoney:
    """Each seat's ``stacks``, the ``pot`` (tops, forfeits, a carry), the ``house``'s
    collection, and the pays ``unclaimed`` (``must_claim_before_discard``, §4.5)."""

    __slots__ = ("_events", "_rules", "house", "pot", "stacks", "unclaimed")

    def __init__(self, start: PanStarting, events: list[PanEvent]) -> None:
        self._rules = start.rules
        self._events = events  # the hand's records: each payment is logged there
        self.stacks = [s or 0 for s in start.stacks]
        self.pot = start.carry
        self.house = self.unclaimed = 0

    def post(self, order: list[int]) -> None:
        """Each seat dealt in posts the tops to the pot and the collection to the house (§5.1)."""
        rules = self._rules
        for seat in order:
            self.stacks[seat] -= rules.tops_amount + rules.collection_fee
            self.pot += rules.tops_amount
            self.house += rules.collection_fee
            self._events.append(Posting(seat, rules.tops_amount, rules.collection_fee))

    def forfeit(self, seat: int) -> None:
        """A sluff's drop forfeit into the pot (§5.3 HOUSE), what he has if short."""
        forfeit = min(self._rules.sluff_forfeit, self.stacks[seat])
        self.stacks[seat] -= forfeit
        self.pot += forfeit
        self._events.append(Paying(seat, None, forfeit, "sluff forfeit"))

    def refund(self, order: list[int]) -> None:
        """Everyone sluffed and the tops go back (§5.2, ``tops_all_sluff = refund``)."""
        for seat in order:
            self.stacks[seat] += self._rules.tops_amount
            self.pot -= self._rules.tops_amount

    def collect(self, seat: int, players: list[int], pays: int, why: str) -> None:
        """Each active opponent (``players``) pays ``pays`` to ``seat`` (§4.1 to §4.3); with
        ``must_claim_before_discard`` the pays of conditions wait for a claim (§4.5). A
        player short of chips pays what he has (docs/rules/pan.md §4 DECISION)."""
        if not pays:
            return
        if self._rules.must_claim_before_discard and why == "conditions":
            self.unclaimed += pays
            return
        stacks, events = self.stacks, self._events
        for other in players:
            if other != seat:
                amount = min(pays, stacks[other])
                if amount:
                    stacks[other] -= amount
                    stacks[seat] += amount
                    events.append(Paying(other, seat, amount, why))

    def claim(self, seat: int, players: list[int]) -> None:
        """The pays waiting for a claim, collected now (§4.5)."""
        pays, self.unclaimed = self.unclaimed, 0
        self.collect(seat, players, pays, "claimed conditions")

    def pay_out(self, seat: int, amount: int, why: str) -> None:
        """Chips from the pot to ``seat`` (the pot won, the tops split)."""
        if amount:
            self.stacks[seat] += amount
            self._events.append(Paying(None, seat, amount, why))
        self.pot -= amount

    def settle(self, winner: int | None) -> int:
        """The pot to the winner, or carried over without one (§5.2, §6.6); the carry."""
        if winner is None:
            carry, self.pot = self.pot, 0  # §5.2, §6.6: the tops carry over
            return carry
        self.pay_out(winner, self.pot, "the pot")
        return 0
