"""A home game's sheet as the rules see it: deals they refuse are named, never a crash.

A kind's ``score(deals, settings)`` raises ``SheetProblem`` for the first deal the rules
refuse. ``score_leniently`` scores a stored sheet anyway, leaving such deals out of the
totals and listing them with a message and the way to fix them; ``refusal`` tells whether a
change (add, correct or delete a deal, or new settings) would leave a deal the rules refuse
that was not refused before, and says why in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from matches.scoring import Contract, format_result

UNREADABLE = "unreadable"  # a stored deal the scoring core cannot read any more


class SheetProblem(ValueError):
    """A deal the rules refuse on this sheet.

    ``index`` is its place among the deals given to ``score`` (0 up); ``code`` says why, as
    the kind's ``problems`` and PROBLEM_MESSAGES name it.
    """

    def __init__(self, index: int, code: str, cause: Exception | None = None) -> None:
        super().__init__(f"deal {index + 1}: {code} ({cause})")
        self.index = index
        self.code = code
        self.cause = cause


def read_deals(deals: Iterable[dict], deal_of: Callable[[dict], Any]) -> list:
    """Return the core's deals from the stored ones; SheetProblem names one that won't read."""
    read = []
    for index, stored in enumerate(deals):
        try:
            read.append(deal_of(stored))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SheetProblem(index, getattr(error, "sheet_code", UNREADABLE), error) from error
    return read


def core_problem(error: Exception) -> SheetProblem:
    """Return the SheetProblem for a scoring-core error that names its deal (``deal``, 1 up)."""
    return SheetProblem(error.deal - 1, error.code, error)


# Messages for any kind; a kind's ``problems`` say more for its own codes. Placeholders:
# number and deal (the refused deal's number on the sheet as shown, and what it is),
# changed (the number of the deal being corrected or deleted).
PROBLEM_MESSAGES = {
    UNREADABLE: {
        "stored": _(
            "Deal %(number)s cannot be read any more, so it is left out of the totals: "
            "delete it and enter it again."
        ),
    },
    None: {  # any other reason
        "stored": _(
            "Deal %(number)s (%(deal)s) does not fit the deals before it, so it is left out of "
            "the totals: correct it or delete it."
        ),
        "add": _("This deal does not fit the deals on the sheet."),
        "correct": _(
            "Correcting deal %(changed)s this way would leave deal %(number)s (%(deal)s) "
            "that does not fit the deals before it."
        ),
        "delete": _(
            "Deleting deal %(changed)s would leave deal %(number)s (%(deal)s) that does not "
            "fit the deals before it."
        ),
        "settings": _(
            "With these settings deal %(number)s (%(deal)s) would not fit the deals before it."
        ),
    },
}


@dataclass(frozen=True)
class LeftOut:
    """A stored deal the sheet leaves out of its totals, and why."""

    index: int  # its place in the stored deals, 0 up
    code: str

    @property
    def number(self) -> int:
        """Return the deal's number on the sheet, 1 up."""
        return self.index + 1


@dataclass(frozen=True)
class ScoredSheet:
    sheet: Any  # what the kind's score gives for the deals kept
    positions: tuple[int, ...]  # the stored index of each deal scored, in order
    left_out: tuple[LeftOut, ...]  # the deals the rules refuse, by stored index


def score_leniently(kind, deals: list[dict], settings: dict) -> ScoredSheet:
    """Return the sheet of the deals the rules accept, and the ones they refuse."""
    kept = list(range(len(deals)))
    left_out = []
    while True:
        try:
            sheet = kind.score([deals[i] for i in kept], settings)
        except SheetProblem as problem:
            position = problem.index if 0 <= problem.index < len(kept) else len(kept) - 1
            if position < 0:
                raise
            left_out.append(LeftOut(kept.pop(position), problem.code))
        else:
            return ScoredSheet(sheet, tuple(kept), tuple(sorted(left_out, key=_index)))


def _index(item: LeftOut) -> int:
    return item.index


def _describe(kind, stored: Any) -> str:
    if kind.describe is None:
        return ""
    try:
        return str(kind.describe(stored))
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def message(kind, action: str, code: str, **params) -> str:
    """Return the translated message for a deal refused for ``code`` on ``action``."""
    for messages in (kind.problems.get(code, {}), PROBLEM_MESSAGES.get(code, {})):
        if action in messages:
            return str(messages[action]) % params
    return str(PROBLEM_MESSAGES[None][action]) % params


def stored_problems(kind, deals: list[dict], scored: ScoredSheet) -> list[dict]:
    """Return what the page says of each deal left out: its index, number and message."""
    return [
        {
            "index": item.index,
            "number": item.number,
            "message": message(
                kind,
                "stored",
                item.code,
                number=item.number,
                deal=_describe(kind, deals[item.index]),
            ),
        }
        for item in scored.left_out
    ]


def refusal(
    kind,
    before: list[dict],
    after: list[dict],
    action: str,
    *,
    settings: dict,
    new_settings: dict | None = None,
    changed: int | None = None,
) -> str | None:
    """Return why a change is refused (translated), or None when the rules accept it.

    ``before`` and ``after`` are the stored deals; ``changed`` the index of the deal added,
    corrected or deleted. A change is refused when it leaves a deal the rules refuse that
    they accepted before: so a sheet that already holds such a deal can still be mended.
    """
    already = set()
    for item in score_leniently(kind, before, settings).left_out:
        if action == "delete" and item.index == changed:
            continue
        shift = action == "delete" and item.index > changed
        already.add(item.index - shift)
    scored = score_leniently(kind, after, settings if new_settings is None else new_settings)
    new = [item for item in scored.left_out if item.index not in already]
    if not new:
        return None
    item = new[0]
    if action == "add" and item.index != changed:
        action = "correct"  # cannot happen with the kinds here: adding changes no earlier deal
    # Number the refused deal as the page shows it now: after a deleted deal, one more.
    number = item.number + (action == "delete" and item.index >= changed)
    params = {
        "number": number,
        "deal": _describe(kind, after[item.index]),
        "changed": (changed or 0) + 1,
    }
    return message(kind, action, item.code, **params)


def deal_rows(deals: list[dict], scored: ScoredSheet) -> list[dict]:
    """Return each stored deal as a list of deals shows it, whatever it holds: index,
    number, contract (None when it does not read), declarer, result and whether the rules
    left it out."""
    left_out = {item.index for item in scored.left_out}
    rows = []
    for index, stored in enumerate(deals):
        try:
            contract = Contract.parse(stored["contract"])
            result = format_result(contract, stored["tricks"])
        except (KeyError, TypeError, ValueError, AttributeError):
            contract, result = None, "?"
        rows.append(
            {
                "index": index,
                "number": index + 1,
                "contract": contract,
                "declarer": stored.get("declarer"),
                "result": result,
                "left_out": index in left_out,
            }
        )
    return rows
