"""How a contract and a result are written in the page's language, for every layer: the
pages (through ``presenters/formatting.py``) and the messages of the actions alike."""

from __future__ import annotations

from django.utils.translation import get_language, gettext

from matches.choices import SeatChoice
from matches.scoring import Contract, Doubling, format_result

MINUS = "\u2212"  # a real minus sign, as the printed tables write a negative number


def doubling_text(doubling: Doubling) -> str:
    """Return a double or redouble as the page's language writes it: X / XX, or × / ×× in
    Chinese, as the seeds print them."""
    if not doubling.value:
        return ""
    mark = "×" if (get_language() or "").startswith("zh") else "X"
    return mark * len(doubling.value)


def contract_text(contract: Contract) -> str:
    """Return the contract as plain text with its suit symbol ("4♠X"; "4♠×" in Chinese)."""
    if contract.is_pass:
        return gettext("Passed out")
    return f"{contract.level}{contract.strain.symbol}{doubling_text(contract.doubling)}"


def result_words(result, *, contract: str | None = None, lead: str = "") -> str:
    """Return a result (a saved one or a table's entry: contract, declarer, tricks, lead and
    a board) in words, with North-South's score or East-West's: "2♥X by West, −2 (N-S 500)",
    "… −2, lead ♠Q (N-S 500)"; "passed out". ``contract`` and ``lead``: as the caller writes
    them (HTML, on a page), by default the contract's text and no lead."""
    if not result.level:
        return gettext("passed out")
    score = result.ns_score
    side = gettext("N-S %(score)s") if score >= 0 else gettext("E-W %(score)s")
    words = gettext("%(contract)s by %(declarer)s, %(result)s") % {
        "contract": contract_text(result.contract) if contract is None else contract,
        "declarer": SeatChoice(result.declarer).label,
        "result": format_result(result.contract, result.tricks).replace("-", MINUS),
    }
    if lead:
        words = gettext("%(result)s, lead %(lead)s") % {"result": words, "lead": lead}
    return gettext("%(result)s (%(score)s)") % {
        "result": words,
        "score": side % {"score": abs(score)},
    }
