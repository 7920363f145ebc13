"""Every event has its stage 1, and every first-stage match, bye and VP penalty names it.

Until now the first stage's rows kept ``stage`` empty, and an event made after migration
0012 had no Stage row until a director opened its stages page. The next migration makes
``stage`` required.
"""

from django.db import migrations


def first_stage_rows(apps, schema_editor):
    Event = apps.get_model("matches", "Event")
    Stage = apps.get_model("matches", "Stage")
    have = set(Stage.objects.filter(number=1).values_list("event_id", flat=True))
    Stage.objects.bulk_create(
        Stage(
            event_id=event.pk,
            number=1,
            kind="round-robin",
            vp_scale=event.vp_scale,
            boards_per_match=event.boards_per_match,
            boards_per_segment=event.boards_per_segment,
            bye_vp=event.bye_vp,
        )
        for event in Event.objects.exclude(pk__in=have)
    )
    first = dict(Stage.objects.filter(number=1).values_list("event_id", "pk"))
    for name in ("Match", "Bye", "VpPenalty"):
        model = apps.get_model("matches", name)
        rows = model.objects.filter(stage__isnull=True)
        for event_id in set(rows.values_list("event_id", flat=True)):
            rows.filter(event_id=event_id).update(stage_id=first[event_id])


def back_to_empty(apps, schema_editor):
    Stage = apps.get_model("matches", "Stage")
    for name in ("Match", "Bye", "VpPenalty"):
        model = apps.get_model("matches", name)
        model.objects.filter(stage__in=Stage.objects.filter(number=1)).update(stage=None)


class Migration(migrations.Migration):
    dependencies = [("matches", "0013_vp_penalty_stage")]

    operations = [migrations.RunPython(first_stage_rows, back_to_empty)]
