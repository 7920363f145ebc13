"""User names and login lock-outs.

User names are compared as people read them: after NFKC (full-width ``ｔｄ`` is ``td``) and
case-insensitively. A new name is refused when it mixes alphabets that look alike (a
Cyrillic ``і`` among Latin letters) or when it reads like an existing name.
"""

from __future__ import annotations

import functools
import unicodedata

from axes.handlers.cache import AxesCacheHandler
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from confusable_homoglyphs import categories, confusables
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from matches.text import text_errors

# Scripts whose letters look like no Latin letter: they mix with Latin freely (张三Zhang).
_SAFE_SCRIPTS = {"COMMON", "INHERITED", "HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"}


def username_key(name: str) -> str:
    """Return what two user names are compared by: NFKC, then case folded."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def mixes_lookalike_scripts(name: str) -> bool:
    """Return True when a name mixes alphabets whose letters look alike (Latin, Cyrillic,
    Greek...), as in ``dіrA`` with a Cyrillic ``і``. Chinese characters mix with any."""
    return len(categories.unique_aliases(name) - _SAFE_SCRIPTS) > 1


@functools.cache
def _latin_lookalike(char: str) -> str:
    """Return the ASCII letter or digit a character looks like, or the character itself."""
    if char.isascii():
        return char
    for entry in confusables.confusables_data.get(char, ()):
        if len(entry["c"]) == 1 and entry["c"].isascii() and entry["c"].isalnum():
            return entry["c"]
    return char


def lookalike_key(name: str) -> str:
    """Return a name as it looks: case folded, each look-alike letter read as Latin."""
    return "".join(_latin_lookalike(char) for char in username_key(name))


def lookalike_of_existing(name: str) -> str | None:
    """Return the existing user name that ``name`` reads like, or None."""
    wanted = lookalike_key(name)
    names = get_user_model().objects.values_list("username", flat=True)
    for existing in names.iterator(chunk_size=2000):
        if lookalike_key(existing) == wanted:
            return existing
    return None


MIXED_SCRIPTS = _(
    "This name mixes letters of alphabets that look alike (such as Latin and Cyrillic). "
    "Use the letters of one alphabet."
)
LOOKALIKE = _("This name looks the same as an existing user's. Choose another.")


def check_username(name) -> None:
    """Raise a ValidationError (its first message the reason) unless ``name`` may be an
    account's user name: storable text (checked before any query: PostgreSQL refuses a NUL
    even in a look-up), of the length and characters Django's user name field takes."""
    errors = text_errors(name, required=True)
    if errors:
        raise ValidationError(errors[0], code="text")
    field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    try:
        field.run_validators(name)
    except ValidationError as errors:
        raise errors.error_list[0] from None


def check_new_username(name) -> None:
    """Raise a ValidationError unless ``name`` may be a new account's user name: as
    ``check_username``, not mixing look-alike alphabets, not reading like an existing
    name. The sign-up form and the account actions check this."""
    check_username(name)
    if mixes_lookalike_scripts(name):
        raise ValidationError(MIXED_SCRIPTS, code="mixed_scripts")
    if lookalike_of_existing(name):
        raise ValidationError(LOOKALIKE, code="lookalike")


def find_user(name: str):
    """Return the user a login name means (exact, else the one same after NFKC and case
    folding), or None."""
    users = get_user_model()._default_manager
    name = unicodedata.normalize("NFKC", name)
    try:
        return users.get(username=name)
    except users.model.DoesNotExist:
        pass
    key = username_key(name)
    same = [
        user for user in users.filter(username__iexact=name) if username_key(user.username) == key
    ]
    return same[0] if len(same) == 1 else None


class UsernameBackend(ModelBackend):
    """Django's model backend, with user names compared by ``username_key``."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = find_user(username)
        if user is None:
            get_user_model()().set_password(password)  # as long as a real check takes
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


def lockout_username(request, credentials) -> str | None:
    """Return the user name a login attempt is counted under (axes' AXES_USERNAME_CALLABLE):
    ``TD`` and ``td`` are one name, and no name is longer than the login form allows."""
    field = get_user_model().USERNAME_FIELD
    if credentials:
        name = credentials.get(field)
    else:
        name = getattr(request, "data", request.POST).get(field)
    if name is None:
        return None
    max_length = get_user_model()._meta.get_field(field).max_length
    return username_key(str(name))[:max_length]


class CachedLockouts(AxesCacheHandler):
    """axes' cache handler (counts in Redis, shared by every app server), which also keeps
    each lock-out as a row of axes' AccessAttempt table, for the superusers' list.

    While Redis does not answer, failures are counted in the database instead (axes'
    database handler), and a name and address are locked when either count reaches the
    limit: a lock-out holds through an outage, and one reached during it after."""

    def __init__(self):
        super().__init__()
        self.database = AxesDatabaseHandler()

    def _cache_answers(self) -> bool:
        return getattr(self.cache, "available", True)

    def get_failures(self, request, credentials: dict | None = None) -> int:
        counted = super().get_failures(request, credentials) if self._cache_answers() else 0
        return max(counted, self.database.get_failures(request, credentials))

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        if not self._cache_answers():
            self.database.user_login_failed(sender, credentials, request, **kwargs)
            return
        already_locked = getattr(request, "axes_locked_out", False)
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or already_locked or not getattr(request, "axes_locked_out", False):
            return
        AccessAttempt.objects.update_or_create(
            username=get_client_username(request, credentials),
            ip_address=request.axes_ip_address,
            user_agent="",
            defaults={
                "failures_since_start": request.axes_failures_since_start,
                "attempt_time": request.axes_attempt_time,
                "http_accept": request.axes_http_accept[:1025],
                "path_info": request.axes_path_info[:255],
                "get_data": "",
                "post_data": "",
            },
        )

    def post_save_access_attempt(self, instance, **kwargs):
        """The rows are a record for the list only: the counts are in the cache."""

    def post_delete_access_attempt(self, instance, **kwargs):
        """As post_save_access_attempt."""

    def reset_attempts(self, *, ip_address=None, username=None, ip_or_username=False) -> int:
        if ip_address is None and username is None:  # every lock-out (manage.py axes_reset)
            count = self.cache.delete_matching("axes-*")
            AccessAttempt.objects.all().delete()
            return count
        count = super().reset_attempts(
            ip_address=ip_address, username=username, ip_or_username=ip_or_username
        )
        rows = AccessAttempt.objects.filter(username=username, ip_address=ip_address)
        rows.delete()
        return count


def current_lockouts(limit: int) -> list[dict]:
    """Return the lock-outs in force, newest first: username, ip_address, failures,
    last_attempt and locked_until (an hour after the failure that completed the count)."""
    cool_off = get_cool_off()
    rows = (
        AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - cool_off)
        .values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last_attempt=Max("attempt_time"))
        .filter(failures__gte=limit)
        .order_by("-last_attempt")[:200]
    )
    return [{**row, "locked_until": row["last_attempt"] + cool_off} for row in rows]
