"""The "Chief directors" group, and directors for the events that existed before events had
their own: the user who created each (from its history), else every member of the
Directors group, who could all change every event until now."""

from django.db import migrations

CHIEF_DIRECTORS_GROUP = "Chief directors"
DIRECTORS_GROUP = "Directors"


def forwards(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name=CHIEF_DIRECTORS_GROUP)
    Event = apps.get_model("matches", "Event")
    HistoricalEvent = apps.get_model("matches", "HistoricalEvent")
    EventDirector = apps.get_model("matches", "EventDirector")
    User = apps.get_model("auth", "User")
    everyone = list(User.objects.filter(groups__name=DIRECTORS_GROUP).distinct())
    rows = []
    for event in Event.objects.all():
        created = (
            HistoricalEvent.objects.filter(id=event.pk, history_type="+")
            .exclude(history_user=None)
            .order_by("history_date")
            .first()
        )
        users = [created.history_user] if created else everyone
        rows += [EventDirector(event=event, user=user) for user in users]
    EventDirector.objects.bulk_create(rows, ignore_conflicts=True)


def backwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=CHIEF_DIRECTORS_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [("matches", "0008_event_directors")]

    operations = [migrations.RunPython(forwards, backwards)]
