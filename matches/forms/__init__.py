from matches.forms.events import EventForm, MatchForm, SeatingForm, TeamForm
from matches.forms.results import BoardForm, OptionalResultForm, ResultForm, SheetRowForm

__all__ = [
    "BoardForm",
    "EventForm",
    "MatchForm",
    "OptionalResultForm",
    "ResultForm",
    "SeatingForm",
    "SheetRowForm",
    "TeamForm",
]
