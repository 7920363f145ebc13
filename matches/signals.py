"""Any change to an event's records marks the event changed (Event.revision goes up).

The public pages cache their expensive parts keyed on the revision, so nothing stale is
ever served: a saved result shows on the very next request. Bulk updates that bypass
save() (Match.refresh_totals) always follow a save that sent a signal.
"""

from django.db.models.signals import post_delete, post_save

from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
    Team,
    VpPenalty,
)

# model -> how to find the event id from an instance, without a query where possible
EVENT_OF = {
    Team: lambda obj: obj.event_id,
    Bye: lambda obj: obj.event_id,
    VpPenalty: lambda obj: obj.event_id,
    Match: lambda obj: obj.event_id,
    Player: lambda obj: Team.objects.filter(pk=obj.team_id).values_list("event_id").first(),
    ImpPenalty: lambda obj: Match.objects.filter(pk=obj.match_id).values_list("event_id").first(),
    Seating: lambda obj: Match.objects.filter(pk=obj.match_id).values_list("event_id").first(),
    Board: lambda obj: Match.objects.filter(pk=obj.match_id).values_list("event_id").first(),
    BoardAdjustment: lambda obj: (
        Board.objects.filter(pk=obj.board_id).values_list("match__event_id").first()
    ),
    Result: lambda obj: (
        Board.objects.filter(pk=obj.board_id).values_list("match__event_id").first()
    ),
}


def event_changed(sender, instance, **kwargs):
    found = EVENT_OF[sender](instance)
    event_id = found[0] if isinstance(found, tuple) else found
    if event_id:
        Event.touch(event_id)


def event_saved(sender, instance, **kwargs):
    Event.touch(instance.pk)


def connect() -> None:
    """Connect the handlers (called once, from the app's ready())."""
    for model in EVENT_OF:
        post_save.connect(event_changed, sender=model, dispatch_uid=f"touch-{model.__name__}")
        post_delete.connect(event_changed, sender=model, dispatch_uid=f"untouch-{model.__name__}")
    post_save.connect(event_saved, sender=Event, dispatch_uid="touch-Event")
