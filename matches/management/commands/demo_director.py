from django.core.management.base import BaseCommand

from matches import actions


class Command(BaseCommand):
    help = "Create (or reset) the demo director account and print its login."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")
        parser.add_argument("--url", default="http://127.0.0.1:8000/accounts/login/")

    def handle(self, *args, username, url, **options):
        password = actions.reset_demo_director(username)
        self.stdout.write(
            self.style.SUCCESS("Demo director login")
            + f"\n  page:     {url}\n  username: {username}\n  password: {password}\n"
        )
