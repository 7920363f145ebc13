"""Names and reasons are what they look like on a page: none made only of invisible
characters, none turning the text after it around, none on two lines; a table code typed
or pasted with a zero-width character in it is still the code."""

import pytest
from django.utils import translation

from matches import actions
from matches.actions import ActionError
from matches.forms.adjustments import StatusForm
from matches.forms.tables import CallForm, TableCodeForm, normalize_code
from matches.text import text_errors
from tests.factories import make_event, make_team

pytestmark = pytest.mark.django_db

ZERO_WIDTH_SPACE, RIGHT_TO_LEFT_OVERRIDE, HANGUL_FILLER = "\u200b", "\u202e", "\u3164"


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (ZERO_WIDTH_SPACE, "it holds only invisible characters"),
        (ZERO_WIDTH_SPACE * 3 + " ", "it holds only invisible characters"),
        (HANGUL_FILLER, "it holds only invisible characters"),
        (f"Lions{RIGHT_TO_LEFT_OVERRIDE}srengiT", "a bidirectional override"),
        ("Lions\u2066", "a bidirectional override"),
        ("Lions\nTigers", "a line break"),
        ("Lions\u2028Tigers", "a line break"),
    ],
)
def test_a_name_that_is_not_what_it_looks_like_is_refused(text, message):
    assert any(message in str(error) for error in text_errors(text, required=True))


@pytest.mark.parametrize("text", ["Lions", "狮子队", "Équipe d'Été", "👨‍👩‍👧 family", "A\tB"])
def test_names_as_people_write_them_are_taken(text):
    assert text_errors(text, required=True) == []


@pytest.mark.parametrize("name", [ZERO_WIDTH_SPACE, f"{RIGHT_TO_LEFT_OVERRIDE}snoiL", "Li\nons"])
def test_team_and_event_names_are_refused_by_the_actions(td, name):
    event = make_event(user=td)
    with pytest.raises(ActionError):
        make_team(event, name, user=td)
    with pytest.raises(ActionError):
        make_event(user=td, name=name)
    assert event.teams.count() == 0


def test_a_player_name_made_of_a_zero_width_space_is_refused(td):
    event = make_event(user=td)
    with pytest.raises(ActionError):
        actions.add_team(event, name="Lions", players=["Ann", ZERO_WIDTH_SPACE], user=td)


def test_a_reason_with_a_direction_override_or_a_line_break_is_refused_beside_it():
    for reason in (f"typo{RIGHT_TO_LEFT_OVERRIDE}", "typo\nfixed", ZERO_WIDTH_SPACE):
        form = StatusForm({"status": "provisional", "reason": reason})
        assert not form.is_valid() and "reason" in form.errors


def test_a_tables_device_name_of_nothing_visible_is_refused():
    form = CallForm({"key": "k" * 20, "device": ZERO_WIDTH_SPACE, "reason": ""})
    assert not form.is_valid() and "device" in form.errors


def test_a_tables_reason_typed_on_two_lines_is_kept_on_one():
    form = CallForm({"key": "k" * 20, "device": "Ann's phone", "reason": "Revoke\r\nplease"})
    assert form.is_valid() and form.cleaned_data["reason"] == "Revoke please"


def test_a_typed_table_code_drops_its_zero_width_characters():
    assert normalize_code(f"K7P{ZERO_WIDTH_SPACE}3MX\u2060") == "K7P3MX"
    form = TableCodeForm({"code": f"k7p {ZERO_WIDTH_SPACE}3mx\ufeff"})
    assert form.is_valid() and form.cleaned_data["code"] == "K7P3MX"
