"""Write an event, everything in it, as one JSON document: a backup, or to move it.

    manage.py export_event 3 --output event-3.json
    manage.py export_event 3 > event-3.json

What the document holds and what it leaves out: matches/interchange/backup/.
``import_event`` reads it back as a new event.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from matches.interchange import backup
from matches.models import Event


class Command(BaseCommand):
    help = (
        "Write an event (settings, teams, players, byes, penalties, matches, every board and "
        "result, and their change history) as one JSON document, for import_event."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the event's id (as in /events/<id>/)")
        parser.add_argument(
            "--output", "-o", metavar="FILE", help="write to FILE (default: standard output)"
        )

    def handle(self, *args, event_id, output, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event {event_id}.")
        document = backup.export_event(event)
        text = backup.dumps(document)
        if output is None:
            self.stdout.write(text, ending="")
            return
        path = Path(output)
        partial = path.with_name(f"{path.name}.part")
        try:
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)  # never a half-written backup under the real name
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise CommandError(f"Cannot write {path}: {error}") from None
        results = sum(
            room in board
            for match in document["matches"]
            for board in match["boards"]
            for room in backup.ROOMS
        )
        self.stdout.write(
            f"Event {event.pk}: {event.name}\n"
            f"  {len(document['teams'])} teams, {len(document['matches'])} matches, "
            f"{results} results written to {path}"
        )
