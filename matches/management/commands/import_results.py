"""Fill both rooms of a round's matches from a PBN file of played boards.

    manage.py import_results 3 round-2-results.pbn --round 2 [--confirm]
    manage.py import_results 3 semis.pbn --stage 2 --round 1   # the knockout's round 1

Each game needs [Board], [Room] (Open or Closed), [HomeTeam] and [VisitTeam] (as the
teams are named in the event), [Contract], [Declarer] and [Result] (tricks taken), as
table devices and online play export them. Every result goes through the same checks and
the same action as one typed on the room sheet; if any is refused, nothing is imported.
A [Dealer], [Vulnerable] or [Score] that disagrees with the board and the app's scoring
is listed, and nothing is imported without --confirm (then the app's scoring decides).
A room's empty line-up is filled from the file's [North]…[West] names.
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
        parser.add_argument(
            "--round", type=int, required=True, help="the round number, within its stage"
        )
        parser.add_argument(
            "--stage", type=int, default=1, help="the stage whose round it is (default 1)"
        )
        parser.add_argument(
            "--confirm",
            action="store_true",
            help="import though the file's dealer, vulnerability or scores disagree with the "
            "app's (the app's scoring decides)",
        )

    def handle(self, *args, **options):
        with translation.override("en"):  # as the other commands: English on the console
            self._import(**options)

    def _import(self, *, event_id, file, round, stage, confirm, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"There is no event {event_id}.")
        number = stage
        stage = event.stages.filter(number=number).first()
        if stage is None:
            raise CommandError(f"Event {event_id} has no stage {number}.")
        stage.event = event
        path = Path(file)
        try:
            stream = path.open("rb")
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        try:
            with stream:
                imported = deal_files.import_results_file(
                    stage, round, stream, user=None, confirm=confirm
                )
        except deal_files.FileNeedsConfirmation as asked:
            raise CommandError(
                _nothing(asked.messages) + "\nRun again with --confirm to import it anyway."
            ) from None
        except deal_files.FileRefused as refused:
            raise CommandError(_nothing(refused.messages)) from None
        except ResultsRefused as refused:
            messages = [deal_files.refusal_message(r) for r in refused.refusals]
            raise CommandError(_nothing(deal_files.capped(messages))) from None
        except actions.ActionError as refused:
            raise CommandError(str(refused)) from None
        for message in deal_files.imported_messages(imported):
            self.stdout.write(message)
        self.stdout.write(
            self.style.SUCCESS(f"Round {round} of {event}: {imported.saved} results saved.")
        )


def _nothing(messages) -> str:
    return "Nothing was imported:\n" + "\n".join(f"  {m}" for m in messages)
