"""The explanation under each home-game sheet: which rules it applies, in numbered points.

The source documents ("seeds", the five Chinese scoring documents in ``../shared/seeds/``)
are named by their titles, never by their file numbers, marked as Chinese on English pages.
"""

from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe

# The titles of the source documents, as printed on their first line.
SCORING_GUIDE = "《桥牌记分方法》"  # seeds 000 and 001: scoring tables, rubber bridge, 贴点
SCORING_RULES = "《桥牌计分规则》"  # seed 002: the printed team sheet, the single-table sheet
SIMPLIFIED_GUIDE = "《简明计分法具体设置说明》"  # seed 003: 简明计分法


def title(text: str) -> SafeString:
    """Return a document's title marked as Chinese, for a sentence in either language."""
    return format_html('<cite lang="zh-Hans" class="fst-normal">{}</cite>', text)


def chinese(text: str) -> SafeString:
    """Return a Chinese term marked as Chinese, for an English sentence."""
    return format_html('<span lang="zh-Hans">{}</span>', text)


def point(message, **params) -> SafeString:
    """Return one point of an explanation: a translated sentence with its values filled in.

    ``message`` uses %(name)s placeholders, as every translated string here does; ``params``
    that are SafeStrings (document titles, terms) go in as HTML, the rest are escaped.
    """
    values = {name: conditional_escape(value) for name, value in params.items()}
    return mark_safe(conditional_escape(str(message)) % values if values else escape(message))
