"""Fill both rooms of a round's matches from a PBN file of played boards.

    manage.py import_results 3 round-2-results.pbn --round 2

Each game needs [Board], [Room] (Open or Closed), [HomeTeam] and [VisitTeam] (as the
teams are named in the event), [Contract], [Declarer] and [Result] (tricks taken), as
table devices and online play export them. Every result goes through the same checks and
the same action as one typed on the room sheet; if any is refused, nothing is imported.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from matches import actions
from matches.actions.deals import ResultsRefused
from matches.interchange import deal_files
from matches.models import Event


class Command(BaseCommand):
    help = "Read played results (PBN, one game per board and room) into a round's matches."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the event's id (as in /events/<id>/)")
        parser.add_argument("file", help="the PBN file of played boards")
        parser.add_argument("--round", type=int, required=True, help="the round number")

    def handle(self, *args, **options):
        with translation.override("en"):  # as the other commands: English on the console
            self._import(**options)

    def _import(self, *, event_id, file, round, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event {event_id}.")
        path = Path(file)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        try:
            entries = deal_files.read_results(data)
            saved = actions.import_results(event, round, entries, user=None)
        except deal_files.FileRefused as refused:
            raise CommandError(_nothing(refused.messages)) from None
        except ResultsRefused as refused:
            messages = [deal_files.refusal_message(r) for r in refused.refusals]
            raise CommandError(_nothing(messages)) from None
        except actions.ActionError as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(self.style.SUCCESS(f"Round {round} of {event}: {saved} results saved."))


def _nothing(messages) -> str:
    return "Nothing was imported:\n" + "\n".join(f"  {m}" for m in messages)
