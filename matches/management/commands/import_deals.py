"""Attach a file of deals to a stage's round: hands, double dummy and par for each board.

    manage.py import_deals 3 round-2.pbn --round 2
    manage.py import_deals 3 round-2.dup --round 2 --replace   # the round had deals
    manage.py import_deals 3 semis.pbn --stage 2 --round 1     # the knockout's round 1

A round counts within its stage: ``--stage`` (default 1) says whose round it is.

The file is PBN or a dealing machine's DUP, DLM, BRI or DGE, recognised from what it holds.

A file with a broken deal is refused whole, naming each board and what is wrong.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from matches import actions
from matches.interchange import deal_files
from matches.models import Event


class Command(BaseCommand):
    help = (
        "Read a file of deals (PBN in any encoding: UTF-8, GBK/GB18030, Latin-1; or a dealing "
        "machine's DUP, DLM, BRI or DGE) into a round of an event, with each deal's "
        "double-dummy table and par."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the event's id (as in /events/<id>/)")
        parser.add_argument("file", help="the file of deals (PBN, DUP, DLM, BRI or DGE)")
        parser.add_argument(
            "--round", type=int, required=True, help="the round number, within its stage"
        )
        parser.add_argument(
            "--stage", type=int, default=1, help="the stage whose round it is (default 1)"
        )
        parser.add_argument(
            "--replace", action="store_true", help="replace the deals the round already has"
        )

    def handle(self, *args, **options):
        with translation.override("en"):  # as the other commands: English on the console
            self._import(**options)

    def _import(self, *, event_id, file, round, stage, replace, **options):
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
                found = deal_files.read_deals(stream, path.name)
            deal_files.check_boards(found, stage.settings)
        except deal_files.FileRefused as refused:
            raise CommandError(
                "Nothing was imported:\n" + "\n".join(f"  {m}" for m in refused.messages)
            ) from None
        for warning in found.warnings:
            self.stderr.write(f"warning: {warning}")

        def progress(done, total):
            self.stdout.write(f"analysed {done}/{total}", ending="\r")

        analysed = deal_files.analyse_deals(found.deals, progress)
        self.stdout.write("")
        try:
            made = actions.import_deals(
                stage, round, analysed, source=path.name, user=None, confirm=replace
            )
        except actions.NeedsConfirmation as refused:
            raise CommandError(f"{refused} Run again with --replace to replace them.") from None
        except actions.ActionError as refused:
            raise CommandError(str(refused)) from None
        boards = ", ".join(str(deal.board) for deal in made)
        self.stdout.write(
            self.style.SUCCESS(
                f"Stage {number}, round {round} of {event}: {len(made)} deals (boards {boards})."
                if number > 1
                else f"Round {round} of {event}: {len(made)} deals (boards {boards})."
            )
        )
