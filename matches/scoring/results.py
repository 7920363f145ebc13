"""Result notation: "=", "+1", "-2", or a plain trick count "10"."""

from __future__ import annotations

import re

from .contract import Contract, normalize


class ResultError(ValueError):
    """A result that cannot be, for this contract. ``code`` names the fault."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


_SHAPE = re.compile(r"^(=|[+-]\d{1,2}|\d{1,2})$")


# What a passed-out board has none of: every place that takes a result (the director's
# room sheet, the calculator, the home games) refuses a PASS with any of these filled in,
# rather than dropping what was typed.
PASSED_OUT_FIELDS = ("declarer", "lead", "result")


def passed_out_extras(contract: Contract, **typed: str | None) -> tuple[str, ...]:
    """Return the names of the fields typed beside a passed-out contract, which has none.

    ``typed`` maps field names ("declarer", "lead", "result") to what was typed; names not
    in PASSED_OUT_FIELDS are ignored. For any other contract, return ().
    """
    if not contract.is_pass:
        return ()
    return tuple(
        name for name in PASSED_OUT_FIELDS if name in typed and normalize(str(typed[name] or ""))
    )


def parse_result(text: str, contract: Contract) -> int:
    """Return the tricks declarer took, from "=", "+1", "-2" or a count such as "10".

    A passed-out board has no result: anything typed for it raises ResultError
    ("passed-out"), as declarer and lead do (see ``passed_out_extras``).
    """
    folded = normalize(text or "").replace("−", "-").replace("MADE", "=")
    if contract.is_pass:
        if not folded:
            return 0
        raise ResultError("a passed-out board has no result", "passed-out")
    if not folded:
        raise ResultError("a result is required", "empty")
    if _SHAPE.match(folded) is None:
        raise ResultError(
            f'a result is "=", "+1", "-2" or a number of tricks 0 to 13: {text}', "format"
        )
    if folded == "=" or folded in ("+0", "-0"):
        return contract.book
    if folded[0] == "+":
        tricks = contract.book + int(folded[1:])
        if tricks > 13:
            raise ResultError(
                f"{contract} {folded} would be {tricks} tricks; 13 is the most", "over"
            )
        return tricks
    if folded[0] == "-":
        tricks = contract.book - int(folded[1:])
        if tricks < 0:
            raise ResultError(f"{contract} {folded} would be fewer than 0 tricks", "under")
        return tricks
    tricks = int(folded)
    if tricks > 13:
        raise ResultError(f"tricks must be 0 to 13: {text}", "tricks")
    return tricks


def format_result(contract: Contract, tricks: int) -> str:
    """Return the result as a scoresheet writes it: "=", "+1" or "-2"."""
    if contract.is_pass:
        return ""
    over = tricks - contract.book
    if over == 0:
        return "="
    return f"{over:+d}"
