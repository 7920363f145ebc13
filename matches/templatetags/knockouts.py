"""Template filters for knockouts: a match's round by its name ("Final", "半决赛"), a
stage's round by its name, and a match's carry-over's working in words
(``matches/queries/knockout_words.py``).

    {{ match|round_title }}    {% stage_round_title stage number %}    {{ match|carry_working }}
    {{ match|segments_won }}   "4 : 2 segments" (4 : 2 节) where segments won decide, else ""
    {% round_link stage number %}  a round's link text: a knockout's name, else its number
    {{ match|placing_title }}  a placing match's name ("Third place"), "" for another match
    {{ match|round_note }}     beside a match in its round's list: a placing match's name,
                               a double elimination's bracket round ("Losers' bracket round 1")
    {{ bracket|bracket_sections }}   a double elimination's rounds by bracket (winners',
                                     losers', the finals); {{ bracket|second_final_pending }}
"""

from django import template

from matches.queries import double_bracket_rounds as double_brackets
from matches.queries import knockout_words as knockouts

register = template.Library()

register.filter("round_title", knockouts.match_round_name)
register.filter("carry_working", knockouts.carry_over_text)
register.filter("segments_won", knockouts.segments_text)
register.filter("placing_title", knockouts.placing_match_name)
register.filter("round_note", knockouts.match_note)
register.simple_tag(knockouts.stage_round_name, name="stage_round_title")
register.simple_tag(knockouts.round_link_text, name="round_link")
register.simple_tag(knockouts.placing_text, name="placing_text")
register.filter("bracket_sections", double_brackets.sections)
register.filter("second_final_pending", double_brackets.second_final_pending)
register.simple_tag(knockouts.outcome_note, name="outcome_note")
