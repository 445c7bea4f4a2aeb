"""The rules page: every phase, action, track, city, card, event and space, and our rulings,
in the page's language, each entry with a stable anchor the game page links to."""

from __future__ import annotations

from django.shortcuts import render

import engine
from web import presenters

RULES = engine.get_game("khora")


def rules_page(request):
    page = RULES.rules_page(presenters.page_language())
    return render(request, "web/rules.html", {"page": page})


def khlor_rules_page(request):
    """Khlor's rules in the page's language (the rulebook's turn and scoring, our readings)."""
    return render(request, "web/khlor/rules.html", {"lang": presenters.page_language()})
