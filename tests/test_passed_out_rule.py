"""One rule for a passed-out board wherever a result is typed: PASS has no declarer, lead or
result, and a PASS with any of them is refused beside each field, never saved with them dropped.

The rule is the scoring core's ``passed_out_extras``; ResultForm applies it, so the calculator,
the director's room sheet (SheetRowForm) and the home games all refuse the same input.
"""

import pytest

from matches.forms import ResultForm, SheetRowForm


def errors(form_class, **data):
    form = form_class(data)
    assert not form.is_valid()
    return {name: [e.code for e in errs.as_data()] for name, errs in form.errors.items()}


def test_the_room_sheet_refuses_pass_with_declarer_lead_and_result(english):
    found = errors(SheetRowForm, contract="PASS", declarer="N", lead="SQ", result="=", version=0)
    assert found == {"declarer": ["passed-out"], "lead": ["passed-out"], "result": ["passed-out"]}


def test_the_calculator_refuses_pass_with_a_declarer(english):
    assert errors(ResultForm, contract="pass", declarer="n", result="") == {
        "declarer": ["passed-out"]
    }


@pytest.mark.parametrize("form_class", [ResultForm, SheetRowForm])
def test_a_bare_pass_is_accepted(form_class):
    form = form_class({"contract": "PASS", "declarer": "", "result": "", "version": 0})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["declarer"] is None
    assert form.cleaned_data["tricks"] == 0


def test_a_declarer_that_is_no_seat_gets_that_message_not_the_passed_out_one(english):
    assert errors(ResultForm, contract="PASS", declarer="Z", result="") == {"declarer": ["seat"]}
