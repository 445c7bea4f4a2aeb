"""The lobby's "Find me a game" form."""

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from matchmaking.services import GAME_TYPES, MAX_RATING_BAND, STEP_HOURS, seat_counts

# A game's name is its own in every language (a title, not translated).
GAME_TITLES = {game_type: engine.get_game(game_type).setup.title for game_type in GAME_TYPES}
# Every hosted game's seat counts; one the chosen game is not played with is refused by the
# service, with a message.
SEAT_COUNTS = sorted({count for game_type in GAME_TYPES for count in seat_counts(game_type)})


class FindGameForm(forms.Form):
    # Its fields are prefixed (id_find-step_hours, ...): the lobby's new-game form has the same
    # names on the same page.
    prefix = "find"

    game = forms.ChoiceField(
        label=_("Game"),
        choices=list(GAME_TITLES.items()),
        initial="khora",
        required=False,  # Khôra when not given (forms from before Khlor)
    )
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[("", _("any number")), *((str(n), str(n)) for n in SEAT_COUNTS)],
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

    def clean(self):
        """The service's terms: `game_type` is the game chosen (Khôra when none is)."""
        data = super().clean()
        if "game" not in self.errors:
            data["game_type"] = data.pop("game", "") or "khora"
        return data
