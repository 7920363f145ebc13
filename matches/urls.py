"""The app's URLs, grouped by what they are about: an event's public pages and files, its
stages, a match, the home games, and the director's pages (events, stages, matches).

Every name is the one the templates and tests reverse; the groups only share prefixes.
"""

from django.urls import include, path, register_converter

from matches.views import (
    accounts,
    adjustments,
    api,
    bulk,
    corrections,
    deals,
    event_directors,
    event_tables,
    games,
    history,
    jobs,
    manage,
    monitor,
    public,
    public_stages,
    round_clock,
    rounds,
    sheets,
    stages,
    table_codes,
    table_places,
    tables,
    wall,
)


class RoomConverter:
    regex = "open|closed"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return str(value)


class DealFormatConverter(RoomConverter):
    """A deals file's format in a path, kept as its text (as a room is)."""

    regex = "pbn|dup|dlm|bri|dge"


class NumberConverter:
    """A number in a path, at most 18 digits: it fits every integer column (a 64-bit
    integer holds 19), so a longer one is a page not found, not a database error."""

    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


register_converter(RoomConverter, "room")
register_converter(NumberConverter, "number")
register_converter(DealFormatConverter, "deal_format")

# /events/<event_id>/stages/<number>/…: a stage's public pages and feeds.
stage_pages = [
    path("", public_stages.stage, name="stage"),
    path("cross-table/", public_stages.stage_cross_table, name="stage-cross-table"),
    path("rounds/<number:round_number>/", public_stages.stage_round, name="stage-round"),
    path(
        "rounds/<number:round_number>/boards/<number:board_number>/",
        public.traveller,
        name="stage-traveller",
    ),
    path("draw/", public_stages.draw_screen, name="stage-draw"),
    path("rounds/<number:round_number>/poster/", wall.poster, name="round-poster"),
    path("rounds/<number:round_number>/hands/", deals.hand_record_sheet, name="hand-records"),
    path("rounds/<number:round_number>.pbn", deals.round_pbn, name="round-pbn"),
    path("rounds/<number:round_number>.csv", deals.round_csv, name="round-csv"),
    path("draw.json", api.draw, name="stage-draw-json"),
    path("bracket.json", api.bracket, name="stage-bracket-json"),
]

# /events/<event_id>/rounds/…: a round's pages (its hand records and files are a stage's:
# the old addresses go on to stage 1's).
round_pages = [
    path("<number:round_number>/", public.round_page, name="round"),
    path("<number:round_number>/boards/<number:board_number>/", public.traveller, name="traveller"),
    *[
        path(f"<number:round_number>{rest}", rounds.public_round_moved, {"rest": rest})
        for rest in rounds.OLD_PUBLIC_PAGES
    ],
]

# /events/<event_id>/…: an event's public pages, feeds and files.
event_pages = [
    path("", public.event, name="event"),
    path("cross-table/", public.cross_table, name="cross-table"),
    path("live/", public.live_standings, name="live-standings"),
    path("wall/", wall.wall, name="wall"),
    path("teams/<number:team_id>/", public.team, name="team"),
    path("rounds/", include(round_pages)),
    path("standings.json", api.standings, name="standings-json"),
    path("standings.csv", deals.standings_csv, name="standings-csv"),
    path("usebio.xml", deals.event_usebio, name="event-usebio"),
    path("butler/", deals.butler, name="butler"),
    path("stages.json", api.stages, name="stages-json"),
    path("stages/<number:number>/", include(stage_pages)),
]

# /matches/…: a match's scorecard, as a page and as files.
match_pages = [
    path("<number:match_id>/", public.scorecard, name="scorecard"),
    path("<number:match_id>.json", api.scorecard, name="scorecard-json"),
    path("<number:match_id>.pbn", deals.match_pbn, name="match-pbn"),
]

# /games/<kind>/…: a home game in the session, or (…/<game_id>/…) a saved one.
game_pages = [
    path("", games.game, name="game"),
    path("deals/", games.deal, name="game-deal"),
    path("deals/<number:index>/", games.deal, name="game-deal-edit"),
    path("restart/", games.restart, name="game-restart"),
    path("settings/", games.settings, name="game-settings"),
    path("save/", games.save, name="game-save"),
    path("<number:game_id>/", games.game, name="game-saved"),
    path("<number:game_id>/deals/", games.deal, name="game-saved-deal"),
    path("<number:game_id>/deals/<number:index>/", games.deal, name="game-saved-deal-edit"),
    path("<number:game_id>/restart/", games.restart, name="game-saved-restart"),
    path("<number:game_id>/settings/", games.settings, name="game-saved-settings"),
    path("<number:game_id>/delete/", games.delete, name="game-saved-delete"),
]

# /director/events/<event_id>/stages/<number>/…: running a stage and its rounds (a round
# counts within its stage: its tables, line-ups, sheets, monitor, clock, deals).
director_stage_pages = [
    path("", stages.stage_manage, name="director-stage"),
    path(
        "rounds/<number:round_number>/clock/",
        round_clock.round_clock,
        name="director-round-clock",
    ),
    path("rounds/<number:round_number>/lineups/", bulk.lineups, name="director-lineups"),
    path(
        "rounds/<number:round_number>/table-sheets/",
        sheets.blank_sheets,
        name="director-table-sheets",
    ),
    path(
        "rounds/<number:round_number>/scorecards/",
        sheets.round_scorecards_page,
        name="director-round-scorecards",
    ),
    path(
        "rounds/<number:round_number>/table-cards/",
        monitor.table_cards,
        name="director-table-cards",
    ),
    path(
        "rounds/<number:round_number>/tables/open/",
        monitor.open_tables,
        name="director-open-tables",
    ),
    path("rounds/<number:round_number>/monitor/", monitor.monitor, name="director-monitor"),
    path(
        "rounds/<number:round_number>/calls/<number:call_id>/answer/",
        monitor.answer_call,
        name="director-answer-call",
    ),
    path(
        "rounds/<number:round_number>/publish-hands/",
        deals.publish_hands,
        name="director-publish-hands",
    ),
    path(
        "rounds/<number:round_number>/deals.<deal_format:code>",
        deals.deals_file,
        name="director-deals-file",
    ),
    *[
        path(f"{name}/", view, name=f"director-stage-{name}")
        for name, view in (
            ("start", stages.stage_start),
            ("seeding", stages.stage_seeding),
            ("draw", stages.stage_draw),
            ("swap", stages.stage_swap),
            ("publish", stages.stage_publish),
            ("withdraw", stages.stage_withdraw),
            ("enter", stages.stage_enter),
            ("restart", stages.stage_restart),
            ("next", stages.stage_next),
            ("tie", stages.stage_tie),
        )
    ],
]

# /director/events/<event_id>/…: an event's settings, teams, matches, files and stages.
director_event_pages = [
    path("", manage.event_manage, name="director-event"),
    path("directors/", event_directors.add, name="director-event-directors"),
    path(
        "directors/<number:user_id>/remove/",
        event_directors.remove,
        name="director-event-director-remove",
    ),
    path("delete/", corrections.event_delete, name="director-event-delete"),
    path("history/", history.event_history, name="director-event-history"),
    path("export.json", corrections.event_export, name="director-event-export"),
    path("teams/new/", manage.team_form, name="director-team-new"),
    path("teams/list/", bulk.team_list, name="director-team-list"),
    path("teams/<number:team_id>/", manage.team_form, name="director-team"),
    path("teams/<number:team_id>/remove/", corrections.team_remove, name="director-team-remove"),
    path("matches/new/", manage.match_new, name="director-match-new"),
    path("deals/", deals.deals_upload, name="director-deals"),
    path("deals/make/", deals.deals_make, name="director-deals-make"),
    path("results-file/", deals.results_upload, name="director-results-file"),
    # an event's round's old addresses (a round is a stage's now): on to stage 1's round
    path("rounds/<number:round_number>/<path:rest>", rounds.director_round_moved),
    path("tables/", event_tables.table_cards, name="director-event-table-cards"),
    path("tables/open/", event_tables.open_tables, name="director-open-event-tables"),
    path("tables/move/", event_tables.move_match, name="director-move-match"),
    path(
        "tables/cards/<number:table_id>/renew/",
        event_tables.renew_card,
        name="director-renew-card",
    ),
    path(
        "tables/cards/<number:table_id>/revoke/",
        event_tables.revoke_card,
        name="director-revoke-card",
    ),
    path("tables/<number:table_id>/qr.svg", monitor.table_qr, name="director-table-qr"),
    path("tables/<number:table_id>/renew/", monitor.renew_table, name="director-renew-table"),
    path("tables/<number:table_id>/revoke/", monitor.revoke_table, name="director-revoke-table"),
    path("vp-penalties/", adjustments.vp_penalty_add, name="director-vp-penalty"),
    path(
        "vp-penalties/<number:penalty_id>/delete/",
        adjustments.vp_penalty_delete,
        name="director-vp-penalty-delete",
    ),
    path("round-robin/", adjustments.round_robin, name="director-round-robin"),
    path("stages/", stages.stages, name="director-stages"),
    path("stages/<number:number>/", include(director_stage_pages)),
]

# /director/matches/<match_id>/…: a match's room sheets, boards, status and penalties.
director_match_pages = [
    path("", manage.match_manage, name="director-match"),
    path("delete/", corrections.match_delete, name="director-match-delete"),
    path("<room:room>/", sheets.room_sheet, name="director-sheet"),
    path("<room:room>/reopen/", sheets.reopen, name="director-sheet-reopen"),
    path("<room:room>/<number:number>/", sheets.save_row, name="director-save-row"),
    path("boards/<number:number>/history/", manage.board_history, name="director-board-history"),
    path("boards/<number:number>/adjust/", adjustments.board_adjust, name="director-board-adjust"),
    path("status/", adjustments.match_status, name="director-status"),
    path("forfeit/", adjustments.match_forfeit, name="director-forfeit"),
    path("penalties/", adjustments.imp_penalty_add, name="director-imp-penalty"),
    path("release/", adjustments.release_board, name="director-release-board"),
    path(
        "penalties/<number:penalty_id>/delete/",
        adjustments.imp_penalty_delete,
        name="director-imp-penalty-delete",
    ),
    path("knockout-tie/", stages.knockout_tie, name="director-knockout-tie"),
]

# /t/…: the tables' own pages, for the players' phones (no login): a table's page, its
# state and what its phones post, found by the link's token; the form for a table's code;
# the service worker that keeps the table's page working offline.
table_pages = [
    path("", table_codes.code, name="table-code"),
    path("sw.js", table_codes.service_worker, name="table-service-worker"),
    path("<slug:token>/", table_places.page, name="table"),
    path("<slug:token>/state.json", tables.state, name="table-state"),
    path("<slug:token>/enter/", tables.enter, name="table-enter"),
    path("<slug:token>/accept/", tables.accept, name="table-accept"),
    path("<slug:token>/dispute/", tables.dispute, name="table-dispute"),
    path("<slug:token>/call/", tables.call, name="table-call"),
]

director_pages = [
    path("", event_directors.dashboard, name="director"),
    path("lockouts/", accounts.lockouts, name="director-lockouts"),
    path("lockouts/unlock/", accounts.unlock, name="director-unlock"),
    path("lockouts/codes/lift/", accounts.lift_code_lockout, name="director-lift-code-lockout"),
    path("events/new/", manage.event_new, name="director-event-new"),
    path("events/restore/", jobs.restore, name="director-restore-event"),
    path("events/generate/", jobs.generate, name="director-generate-event"),
    path("jobs/<number:job_id>/", jobs.job, name="director-job"),
    path("jobs/<number:job_id>.json", jobs.job_state, name="director-job-state"),
    path("jobs/<number:job_id>/again/", jobs.job_again, name="director-job-again"),
    path("events/<number:event_id>/", include(director_event_pages)),
    path("matches/<number:match_id>/", include(director_match_pages)),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("calculator/", public.calculator, name="calculator"),
    path("calculator/board/", public.board_info, name="board-info"),
    path("events/<number:event_id>/", include(event_pages)),
    path("matches/", include(match_pages)),
    path("games/", games.index, name="games"),
    path("games/<slug:kind>/", include(game_pages)),
    path("director/", include(director_pages)),
    path("t/", include(table_pages)),
]
