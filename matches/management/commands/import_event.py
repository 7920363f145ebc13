"""Create an event from a document that export_event wrote: a restore, or a move.

    manage.py import_event event-3.json

The event is created afresh, with new ids, in one transaction; every match's totals are
worked out again. A document with a fault (a format version this app does not read, a
missing key, a contract that is no contract, a row a database constraint refuses; a file
too big, or nested too deep, to be one) is refused with a message that says where, and
nothing is written. Importing the same file twice makes two events. Usernames this server
does not have are left empty.
"""

from django.core.management.base import BaseCommand, CommandError

from matches.interchange import backup


class Command(BaseCommand):
    help = (
        "Create a new event from a JSON document written by export_event (in one "
        "transaction: on any fault nothing is written); print its id and its page."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON document export_event wrote")

    def handle(self, *args, file, **options):
        try:
            try:
                document = backup.read_file(file)
            except OSError as error:
                raise CommandError(f"Cannot read {file}: {error.strerror or error}") from None
            event = backup.import_event(document)
        except backup.BackupError as error:
            raise CommandError(f"{file} was not imported, nothing was written: {error}") from None
        self.stdout.write(
            f"Event {event.pk}: {event.name}\n"
            f"  {event.teams.count()} teams, {event.matches.count()} matches\n"
            f"  {event.get_absolute_url()}"
        )
