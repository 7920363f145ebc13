"""Every event made before stages existed becomes one round-robin stage.

Its matches and byes keep ``stage`` empty, which is what the first stage's are: the first
stage plays by the event's own settings (matches/models/stages.py).
"""

from django.db import migrations


def one_stage_each(apps, schema_editor):
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


class Migration(migrations.Migration):
    dependencies = [("matches", "0011_stages")]

    operations = [migrations.RunPython(one_stage_each, migrations.RunPython.noop)]
