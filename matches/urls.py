from django.urls import path, register_converter

from matches.views import (
    accounts,
    adjustments,
    api,
    bulk,
    corrections,
    deals,
    director,
    directors,
    games,
    history,
    public,
    sheets,
    stages,
)


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
    path("events/<int:event_id>/cross-table/", public.cross_table, name="cross-table"),
    path("events/<int:event_id>/live/", public.live_standings, name="live-standings"),
    path("events/<int:event_id>/teams/<int:team_id>/", public.team, name="team"),
    path("events/<int:event_id>/rounds/<int:round_number>/", public.round_page, name="round"),
    path(
        "events/<int:event_id>/rounds/<int:round_number>/boards/<int:board_number>/",
        public.traveller,
        name="traveller",
    ),
    path("events/<int:event_id>/standings.json", api.standings, name="standings-json"),
    path("events/<int:event_id>/standings.csv", deals.standings_csv, name="standings-csv"),
    path("events/<int:event_id>/usebio.xml", deals.event_usebio, name="event-usebio"),
    path("events/<int:event_id>/butler/", deals.butler, name="butler"),
    path("events/<int:event_id>/rounds/<int:round_number>.pbn", deals.round_pbn, name="round-pbn"),
    path("events/<int:event_id>/rounds/<int:round_number>.csv", deals.round_csv, name="round-csv"),
    path(
        "events/<int:event_id>/rounds/<int:round_number>/hands/",
        deals.hand_record_sheet,
        name="hand-records",
    ),
    path("matches/<int:match_id>.pbn", deals.match_pbn, name="match-pbn"),
    path("events/<int:event_id>/stages.json", api.stages, name="stages-json"),
    path("events/<int:event_id>/stages/<int:number>/", stages.stage, name="stage"),
    path(
        "events/<int:event_id>/stages/<int:number>/cross-table/",
        stages.stage_cross_table,
        name="stage-cross-table",
    ),
    path(
        "events/<int:event_id>/stages/<int:number>/rounds/<int:round_number>/",
        stages.stage_round,
        name="stage-round",
    ),
    path("events/<int:event_id>/stages/<int:number>/draw/", stages.draw_screen, name="stage-draw"),
    path("events/<int:event_id>/stages/<int:number>/draw.json", api.draw, name="stage-draw-json"),
    path(
        "events/<int:event_id>/stages/<int:number>/bracket.json",
        api.bracket,
        name="stage-bracket-json",
    ),
    path("matches/<int:match_id>/", public.scorecard, name="scorecard"),
    path("matches/<int:match_id>.json", api.scorecard, name="scorecard-json"),
    path("games/", games.index, name="games"),
    path("games/<slug:kind>/", games.game, name="game"),
    path("games/<slug:kind>/deals/", games.deal, name="game-deal"),
    path("games/<slug:kind>/deals/<int:index>/", games.deal, name="game-deal-edit"),
    path("games/<slug:kind>/restart/", games.restart, name="game-restart"),
    path("games/<slug:kind>/settings/", games.settings, name="game-settings"),
    path("games/<slug:kind>/save/", games.save, name="game-save"),
    path("games/<slug:kind>/<int:game_id>/", games.game, name="game-saved"),
    path("games/<slug:kind>/<int:game_id>/deals/", games.deal, name="game-saved-deal"),
    path(
        "games/<slug:kind>/<int:game_id>/deals/<int:index>/",
        games.deal,
        name="game-saved-deal-edit",
    ),
    path("games/<slug:kind>/<int:game_id>/restart/", games.restart, name="game-saved-restart"),
    path("games/<slug:kind>/<int:game_id>/settings/", games.settings, name="game-saved-settings"),
    path("games/<slug:kind>/<int:game_id>/delete/", games.delete, name="game-saved-delete"),
    path("director/", directors.dashboard, name="director"),
    path("director/lockouts/", accounts.lockouts, name="director-lockouts"),
    path("director/lockouts/unlock/", accounts.unlock, name="director-unlock"),
    path("director/events/new/", director.event_new, name="director-event-new"),
    path("director/events/<int:event_id>/", director.event_manage, name="director-event"),
    path(
        "director/events/<int:event_id>/directors/",
        directors.add,
        name="director-event-directors",
    ),
    path(
        "director/events/<int:event_id>/directors/<int:user_id>/remove/",
        directors.remove,
        name="director-event-director-remove",
    ),
    path(
        "director/events/<int:event_id>/delete/",
        corrections.event_delete,
        name="director-event-delete",
    ),
    path(
        "director/events/<int:event_id>/history/",
        history.event_history,
        name="director-event-history",
    ),
    path(
        "director/events/<int:event_id>/export.json",
        corrections.event_export,
        name="director-event-export",
    ),
    path("director/events/<int:event_id>/teams/new/", director.team_form, name="director-team-new"),
    path(
        "director/events/<int:event_id>/teams/<int:team_id>/remove/",
        corrections.team_remove,
        name="director-team-remove",
    ),
    path(
        "director/events/<int:event_id>/teams/<int:team_id>/",
        director.team_form,
        name="director-team",
    ),
    path(
        "director/events/<int:event_id>/matches/new/", director.match_new, name="director-match-new"
    ),
    path("director/events/<int:event_id>/teams/list/", bulk.team_list, name="director-team-list"),
    path("director/events/<int:event_id>/deals/", deals.deals_upload, name="director-deals"),
    path(
        "director/events/<int:event_id>/deals/progress/<slug:token>/",
        deals.deals_progress,
        name="director-deals-progress",
    ),
    path(
        "director/events/<int:event_id>/results-file/",
        deals.results_upload,
        name="director-results-file",
    ),
    path(
        "director/events/<int:event_id>/rounds/<int:round_number>/lineups/",
        bulk.lineups,
        name="director-lineups",
    ),
    path(
        "director/events/<int:event_id>/rounds/<int:round_number>/table-sheets/",
        sheets.blank_sheets,
        name="director-table-sheets",
    ),
    path("director/matches/<int:match_id>/", director.match_manage, name="director-match"),
    path(
        "director/matches/<int:match_id>/delete/",
        corrections.match_delete,
        name="director-match-delete",
    ),
    path("director/matches/<int:match_id>/<room:room>/", sheets.room_sheet, name="director-sheet"),
    path(
        "director/matches/<int:match_id>/<room:room>/reopen/",
        sheets.reopen,
        name="director-sheet-reopen",
    ),
    path(
        "director/matches/<int:match_id>/<room:room>/<int:number>/",
        sheets.save_row,
        name="director-save-row",
    ),
    path(
        "director/matches/<int:match_id>/boards/<int:number>/history/",
        director.board_history,
        name="director-board-history",
    ),
    path(
        "director/matches/<int:match_id>/boards/<int:number>/adjust/",
        adjustments.board_adjust,
        name="director-board-adjust",
    ),
    path(
        "director/matches/<int:match_id>/status/", adjustments.match_status, name="director-status"
    ),
    path(
        "director/matches/<int:match_id>/forfeit/",
        adjustments.match_forfeit,
        name="director-forfeit",
    ),
    path(
        "director/matches/<int:match_id>/penalties/",
        adjustments.imp_penalty_add,
        name="director-imp-penalty",
    ),
    path(
        "director/matches/<int:match_id>/penalties/<int:penalty_id>/delete/",
        adjustments.imp_penalty_delete,
        name="director-imp-penalty-delete",
    ),
    path(
        "director/events/<int:event_id>/vp-penalties/",
        adjustments.vp_penalty_add,
        name="director-vp-penalty",
    ),
    path(
        "director/events/<int:event_id>/vp-penalties/<int:penalty_id>/delete/",
        adjustments.vp_penalty_delete,
        name="director-vp-penalty-delete",
    ),
    path("director/events/<int:event_id>/stages/", stages.stages, name="director-stages"),
    path(
        "director/events/<int:event_id>/stages/<int:number>/",
        stages.stage_manage,
        name="director-stage",
    ),
    *[
        path(
            f"director/events/<int:event_id>/stages/<int:number>/{name}/",
            view,
            name=f"director-stage-{name}",
        )
        for name, view in (
            ("start", stages.stage_start),
            ("seeding", stages.stage_seeding),
            ("draw", stages.stage_draw),
            ("swap", stages.stage_swap),
            ("publish", stages.stage_publish),
            ("withdraw", stages.stage_withdraw),
            ("enter", stages.stage_enter),
            ("next", stages.stage_next),
            ("tie", stages.stage_tie),
        )
    ],
    path(
        "director/matches/<int:match_id>/knockout-tie/",
        stages.knockout_tie,
        name="director-knockout-tie",
    ),
    path(
        "director/events/<int:event_id>/round-robin/",
        adjustments.round_robin,
        name="director-round-robin",
    ),
]
