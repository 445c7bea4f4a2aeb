"""The lobby's "Find me a game" form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matchmaking.services import MAX_RATING_BAND, STEP_HOURS


class FindGameForm(forms.Form):
    # Its fields are prefixed (id_find-step_hours, ...): the lobby's new-game form has the same
    # names on the same page.
    prefix = "find"

    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[("", _("any number")), ("2", "2"), ("3", "3"), ("4", "4")],
        coerce=int,
        empty_value=None,
        required=False,
    )
    step_hours = forms.TypedChoiceField(
        label=_("Hours per step"),
        choices=[(str(hours), str(hours)) for hours in STEP_HOURS],
        coerce=int,
        initial="48",
    )
    language = forms.ChoiceField(
        label=_("Table language"), choices=[("en", "English"), ("uk", "Українська")]
    )
    rating_band = forms.IntegerField(
        label=_("Rating band"),
        min_value=1,
        max_value=MAX_RATING_BAND,
        required=False,
        help_text=_("Only players whose rating is at most this far from yours; empty: anyone."),
    )
