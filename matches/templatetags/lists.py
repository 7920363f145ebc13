"""Lists written the way the page's language writes them: "A, B" in English, "A、B" in
Chinese. A list is one translated separator, never a comma typed into a template."""

from django import template
from django.utils.translation import gettext

from matches.text import join, join_groups, sentence_gap

register = template.Library()


register.simple_tag(sentence_gap, name="sentence_gap")


@register.filter
def names(people) -> str:
    """Return the names of players (or of anything with a name) as a list."""
    return join(getattr(person, "name", person) for person in people)


@register.filter
def stage_entries(entries) -> str:
    """Return a stage's teams in seeding order as one line: "Teams: 1. A; 2. B (withdrew
    after round 4)" in English, "参赛队：1. 甲队；2. 乙队（第 4 轮后退赛）" in Chinese."""
    items = []
    for entry in entries:
        notes = []
        if entry.joined_round > 1:
            notes.append(gettext("from round %(round)s") % {"round": entry.joined_round})
        if entry.withdrawn_after is not None:
            notes.append(
                gettext("withdrew after round %(round)s") % {"round": entry.withdrawn_after}
            )
        item = f"{entry.seed}. {entry.team.name}"
        if notes:
            item = gettext("%(entry)s (%(notes)s)") % {"entry": item, "notes": join(notes)}
        items.append(item)
    return gettext("Teams: %(teams)s") % {"teams": join_groups(items)}
