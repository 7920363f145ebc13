from django.urls import path, register_converter

from matches.views import director, public


class RoomConverter:
    regex = "open|closed"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return str(value)


register_converter(RoomConverter, "room")

urlpatterns = [
    path("", public.home, name="home"),
    path("calculator/", public.calculator, name="calculator"),
    path("calculator/board/", public.board_info, name="board-info"),
    path("events/<int:event_id>/", public.event, name="event"),
    path("matches/<int:match_id>/", public.scorecard, name="scorecard"),
    path("director/", director.dashboard, name="director"),
    path("director/events/new/", director.event_new, name="director-event-new"),
    path("director/events/<int:event_id>/", director.event_manage, name="director-event"),
    path("director/events/<int:event_id>/teams/new/", director.team_form, name="director-team-new"),
    path(
        "director/events/<int:event_id>/teams/<int:team_id>/",
        director.team_form,
        name="director-team",
    ),
    path(
        "director/events/<int:event_id>/matches/new/", director.match_new, name="director-match-new"
    ),
    path("director/matches/<int:match_id>/", director.match_manage, name="director-match"),
    path(
        "director/matches/<int:match_id>/<room:room>/", director.room_sheet, name="director-sheet"
    ),
    path(
        "director/matches/<int:match_id>/<room:room>/<int:number>/",
        director.save_row,
        name="director-save-row",
    ),
    path(
        "director/matches/<int:match_id>/boards/<int:number>/history/",
        director.board_history,
        name="director-board-history",
    ),
]
