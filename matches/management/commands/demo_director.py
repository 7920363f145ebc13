import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand

from matches.constants import CHIEF_DIRECTORS_GROUP, DIRECTORS_GROUP


class Command(BaseCommand):
    help = "Create (or reset) the demo director account and print its login."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")
        parser.add_argument("--url", default="http://127.0.0.1:8000/accounts/login/")

    def handle(self, *args, username, url, **options):
        password = secrets.token_urlsafe(9)
        user, _ = get_user_model().objects.get_or_create(username=username)
        user.set_password(password)
        user.is_staff = True
        user.save()
        # The demo director changes every event (the demo's included): a chief director.
        for name in (DIRECTORS_GROUP, CHIEF_DIRECTORS_GROUP):
            user.groups.add(Group.objects.get_or_create(name=name)[0])
        self.stdout.write(
            self.style.SUCCESS("Demo director login")
            + f"\n  page:     {url}\n  username: {username}\n  password: {password}\n"
        )
