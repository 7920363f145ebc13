"""The score in words, as the table's phones say it: "南北 4♠ 超一 +450" / "N-S 4♠ +1
+450", a side's name in full, a result's words (超一, 正好完成, 宕二 / +1, =, −2) and a score
with a real minus. ``phone_words()`` gives the phone's script the same sentence, result
words and each contract's score table from the scoring core, so that an entry it keeps
offline reads the same and no rule of scoring is written twice.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.translation import get_language, gettext, pgettext, pgettext_lazy

from matches import scoring
from matches.choices import SideChoice
from matches.models import TableSide
from matches.presenters.formatting import contract_html, contract_text, doubling_text, signed
from matches.scoring import Doubling, Seat

_NUMERALS = "一二三四五六七八九十"


SIDE_NAMES = {
    TableSide.NS: pgettext_lazy("side, in full", "North-South"),
    TableSide.EW: pgettext_lazy("side, in full", "East-West"),
}


def side_name(side) -> str:
    """Return a side's name in full ("North-South" / "南北"); blank for none."""
    try:
        return str(SIDE_NAMES[TableSide(side)])
    except ValueError:
        return ""


def _chinese() -> bool:
    return (get_language() or "").startswith("zh")


def count_word(count: int) -> str:
    """Return a count of tricks as the result words write it: 一 to 十三 in Chinese."""
    if not _chinese() or not 1 <= count <= 19:
        return str(count)
    if count <= 10:
        return _NUMERALS[count - 1]
    return "十" + _NUMERALS[count - 11]


def made_word() -> str:
    return pgettext("result in words", "=")


def over_word(count: int) -> str:
    return pgettext("result in words", "+%(count)s") % {"count": count_word(count)}


def down_word(count: int) -> str:
    return pgettext("result in words", "−%(count)s") % {"count": count_word(count)}


def result_words(contract: scoring.Contract, tricks: int) -> str:
    """Return a result in words: "超一", "正好完成", "宕二" / "+1", "=", "−2"."""
    over = tricks - contract.book
    if over > 0:
        return over_word(over)
    if over < 0:
        return down_word(-over)
    return made_word()


def declarer_score(contract, declarer, tricks: int, board_number: int) -> int:
    """Return the declaring side's score for the result on this board."""
    points = scoring.ns_score(contract, declarer, tricks, board_number)
    return points if Seat(declarer).side is scoring.Side.NS else -points


def _parts(contract, declarer, tricks, board_number) -> dict:
    return {
        "side": SideChoice(Seat(declarer).side.value).label,
        "result": result_words(contract, tricks),
        "score": signed(declarer_score(contract, declarer, tricks, board_number)),
    }


def sentence() -> str:
    return gettext("%(side)s %(contract)s %(result)s %(score)s")


def score_words(contract, declarer, tricks, board_number: int) -> str:
    """Return the score in words, from the declaring side: "南北 4♠ 超一 +450"."""
    if contract.is_pass:
        return gettext("Passed out")
    parts = _parts(contract, declarer, tricks, board_number)
    return sentence() % {**parts, "contract": contract_text(contract)}


def score_words_html(contract, declarer, tricks, board_number: int):
    """Return ``score_words`` with the suit symbol in its colour."""
    if contract.is_pass:
        return gettext("Passed out")
    parts = _parts(contract, declarer, tricks, board_number)
    text = sentence().replace("%(contract)s", "\x00") % parts
    before, _, after = text.partition("\x00")
    return format_html("{}{}{}", before, contract_html(contract), after)


def words_of(result) -> str:
    """Return the words of a saved result or of an entry (both have contract, declarer,
    tricks and a board)."""
    return score_words(result.contract, result.declarer, result.tricks, result.board.number)


def words_html_of(result):
    return score_words_html(result.contract, result.declarer, result.tricks, result.board.number)


def phone_words() -> dict:
    """Return what the phone's script needs to word an entry it keeps offline, in the
    page's language: the sentence, the sides, the result words, the doubling marks, and
    each contract's declarer scores for 0 to 13 tricks, not vulnerable and vulnerable."""
    return {
        "sentence": sentence(),
        "sides": {side.value: SideChoice(side.value).label for side in TableSide},
        "made": made_word(),
        "over": {count: over_word(count) for count in range(1, 7)},
        "down": {count: down_word(count) for count in range(1, 14)},
        "passed": gettext("Passed out"),
        "doubling": {d.value: doubling_text(d) for d in Doubling if d.value},
        "scores": {str(c): [list(row) for row in c.scores] for c in scoring.all_contracts()},
    }
