"""Double-dummy tricks and par for deals, from the DDS library that endplay bundles.

``analyse`` solves a whole round's deals in one call to DDS (which spreads the work over
the machine's cores) and returns plain values: nothing of endplay leaks out, so what is
stored and shown never depends on endplay's types. endplay is imported on first use only:
it is slow to import and only an import of deals needs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .boards import Seat, Side, Vulnerability
from .contract import Contract, Doubling, Strain
from .deals import SEATS, Deal

STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
# Deals solved per call to DDS: enough to keep both cores busy, few enough to report
# progress often (DDS takes up to 200 a call).
BATCH = 4

_PAR_SHAPE = re.compile(r"^([1-7])(C|D|H|S|NT)(X{0,2})([+-]\d+)? by ([NESW])$")


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract, its declarer and the tricks over (or under) it."""

    contract: Contract
    declarer: Seat
    result: int = 0  # overtricks (+) or undertricks (-) of a par sacrifice

    def __str__(self) -> str:
        result = f"{self.result:+d}" if self.result else ""
        return f"{self.contract}{result} by {self.declarer.value}"

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """Return the par contract written as str() writes it ("4S by N", "5HX-2 by E")."""
        match = _PAR_SHAPE.match(text)
        if match is None:
            raise ValueError(f"not a par contract: {text!r}")
        level, strain, doubling, result, declarer = match.groups()
        contract = Contract.of(int(level), strain, doubling)
        return cls(contract, Seat(declarer), int(result or 0))


@dataclass(frozen=True, slots=True)
class Analysis:
    """A deal's double-dummy tricks for each declarer and strain, and its par."""

    tricks: dict  # {Seat: {Strain: tricks}}
    par_score: int  # from North-South's side, like a result's ns_score
    par_contracts: tuple[ParContract, ...]

    def tricks_for(self, declarer: Seat | str, strain: Strain | str) -> int:
        """Return the tricks ``declarer`` takes double dummy with ``strain`` as trumps."""
        return self.tricks[Seat(declarer)][Strain(strain)]

    def as_json(self) -> dict:
        """Return the analysis as /matches/<id>.json gives it (without the deal)."""
        return {
            "double_dummy": {
                seat.value: {strain.value: self.tricks[seat][strain] for strain in STRAINS}
                for seat in SEATS
            },
            "par": {
                "score": self.par_score,
                "contracts": [str(contract) for contract in self.par_contracts],
            },
        }

    @classmethod
    def from_json(cls, data: dict) -> Analysis:
        """Return the analysis that as_json() gave."""
        tricks = {
            Seat(seat): {Strain(strain): int(n) for strain, n in row.items()}
            for seat, row in data["double_dummy"].items()
        }
        par = data["par"]
        contracts = tuple(ParContract.parse(text) for text in par["contracts"])
        return cls(tricks, int(par["score"]), contracts)


def analyse(
    deals: Sequence[tuple[Deal, Seat, Vulnerability]],
    progress: Callable[[int, int], None] | None = None,
) -> list[Analysis]:
    """Return the analysis of each (deal, dealer, vulnerability), in the same order.

    ``progress(done, total)`` is called after each batch of deals is solved.
    """
    from endplay import dds, types  # noqa: PLC0415  (slow to import: only when needed)

    results: list[Analysis] = []
    total = len(deals)
    for start in range(0, total, BATCH):
        batch = deals[start : start + BATCH]
        tables = dds.calc_all_tables([types.Deal(deal.pbn()) for deal, _, _ in batch])
        for index, (_, dealer, vulnerability) in enumerate(batch):
            results.append(_analysis(tables[index], dealer, vulnerability, dds, types))
        if progress is not None:
            progress(len(results), total)
    return results


# endplay's enums by value (their abbreviations may be suit symbols).
_DENOMS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
_PLAYERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_PENALTIES = {1: Doubling.UNDOUBLED, 2: Doubling.DOUBLED, 4: Doubling.REDOUBLED}
_VULS = {
    Vulnerability.NONE: "none",
    Vulnerability.NS: "ns",
    Vulnerability.EW: "ew",
    Vulnerability.ALL: "both",
}


def _analysis(table, dealer: Seat, vulnerability: Vulnerability, dds, types) -> Analysis:
    tricks = {
        seat: {
            strain: table[types.Player(_PLAYERS.index(seat)), types.Denom(_DENOMS.index(strain))]
            for strain in STRAINS
        }
        for seat in SEATS
    }
    vul = getattr(types.Vul, _VULS[vulnerability])
    par = dds.par(table, vul, types.Player(_PLAYERS.index(dealer)))
    # endplay's par list reuses one record for "N and S" contracts: read each as it comes.
    contracts = tuple(_par_contract(contract, types) for contract in par)
    # DDS's DealerParBin gives the score from North-South's side already.
    return Analysis(tricks, par.score, contracts)


def _par_contract(contract, types) -> ParContract:
    strain = _DENOMS[int(contract.denom)]
    doubling = _PENALTIES[int(contract.penalty)]
    declarer = _PLAYERS[int(contract.declarer)]
    return ParContract(Contract.of(contract.level, strain, doubling), declarer, contract.result)


def side_of(contract: ParContract) -> Side:
    """Return the partnership that declares a par contract."""
    return contract.declarer.side
