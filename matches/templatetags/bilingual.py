"""Both languages at once, for the screens a whole room reads (the wall, its poster):
each phrase in Chinese, then in English, each in its own ``lang`` span.

    {% inboth %}{% translate "Standings" %}{% endinboth %}
    {% inboth %}{% blocktranslate %}Table {{ table }}{% endblocktranslate %}{% endinboth %}
    {% both_round stage number %}          a round's name: a knockout's ("决赛" / "Final"),
                                          a double elimination's, or "Round n"
    {% both_stage stage %}                 a stage's name: as the director typed it, or
                                          its kind's ("单循环赛" / "Round robin")

What is inside ``inboth`` is rendered once in each language, so its phrases are the
ordinary translated strings (``make messages`` finds them).
"""

from django import template
from django.utils import translation
from django.utils.html import conditional_escape, format_html_join

from matches.queries.knockout_words import stage_round_name

register = template.Library()

LANGUAGES = ("zh-hans", "en")


def _in_both(make) -> str:
    parts = []
    for code in LANGUAGES:
        with translation.override(code):
            parts.append((code, code.split("-")[0], make()))
    return format_html_join("", '<span lang="{}" class="in-{}">{}</span>', parts)


class InBothNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        return _in_both(lambda: self.nodelist.render(context))


@register.tag
def inboth(parser, token):
    """Render what is inside in Chinese, then in English, each in a ``lang`` span."""
    nodelist = parser.parse(("endinboth",))
    parser.delete_first_token()
    return InBothNode(nodelist)


@register.simple_tag
def both_round(stage, number):
    """Return the stage's round ``number`` by its name in both languages ("决赛" / "Final",
    "总决赛" / "Grand final", "第 3 轮" / "Round 3")."""
    return _in_both(lambda: stage_round_name(stage, number))


@register.simple_tag
def both_stage(stage):
    """Return a stage's name: the director's as typed (one language, as written), else
    its kind's in both languages ("单循环赛" / "Round robin")."""
    if stage.name:
        return conditional_escape(stage.name)
    return _in_both(lambda: str(stage.get_kind_display()))
