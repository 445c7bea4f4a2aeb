"""Forms of the web pages. They check shape; the services check the rules and say why."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

import bots
import engine
from accounts import time_zones
from notifications.models import Delivery
from web import setup_fields

HOURS = [(hour, f"{hour:02d}:00") for hour in range(24)]
OPTIONAL_HOURS = [("", _("none")), *HOURS]
TIME_ZONE_REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}
DELIVERY_CHOICES = [
    (Delivery.IMMEDIATELY, _("right away")),
    (Delivery.DIGEST, _("in the daily digest")),
    (Delivery.OFF, _("never")),
]


class Form(forms.Form):
    label_suffix = ""  # labels sit above their fields; no colon needed


class SignUpForm(Form):
    username = forms.RegexField(
        label=_("Username"),
        max_length=150,
        regex=r"^[\w.@+-]+\Z",
        error_messages={
            "invalid": _("Use letters, digits and @ . + - _ only, without spaces."),
        },
    )
    email = forms.EmailField(label=_("Email"), help_text=_("For your turns and a lost password."))
    password = forms.CharField(
        label=_("Password"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )
    # Filled by the page's script with the browser's own zone; a guess, so never an error.
    time_zone = forms.CharField(
        required=False,
        max_length=64,
        widget=forms.HiddenInput(attrs={"data-browser-time-zone": ""}),
    )

    def clean_time_zone(self) -> str:
        return time_zones.canonical(self.cleaned_data.get("time_zone", "")) or "UTC"


class PreferencesForm(Form):
    your_turn = forms.ChoiceField(label=_("It is my turn"), choices=DELIVERY_CHOICES)
    reminder = forms.ChoiceField(label=_("Reminders before a deadline"), choices=DELIVERY_CHOICES)
    game_started = forms.ChoiceField(label=_("A game starts"), choices=DELIVERY_CHOICES)
    game_over = forms.ChoiceField(label=_("A game ends"), choices=DELIVERY_CHOICES)
    invitations = forms.ChoiceField(
        label=_("A player invites me to take over a seat"), choices=DELIVERY_CHOICES
    )
    digest_hour = forms.TypedChoiceField(label=_("Daily digest at"), choices=HOURS, coerce=int)
    quiet_hours_start = forms.TypedChoiceField(
        label=_("Quiet hours from"),
        choices=OPTIONAL_HOURS,
        coerce=int,
        empty_value=None,
        required=False,
    )
    quiet_hours_end = forms.TypedChoiceField(
        label=_("Quiet hours until"),
        choices=OPTIONAL_HOURS,
        coerce=int,
        empty_value=None,
        required=False,
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        widget=forms.Select(
            attrs={"data-searchable": _("Type to narrow the list: Kyiv, London, New York…")}
        ),
    )
    # Each language by its own name ("Українська"), as the footer's switch names them: a reader
    # looks for the language they read.
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[
            (code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES
        ],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zones.grouped_choices(
            TIME_ZONE_REGIONS, self.initial.get("time_zone")
        )


OPPONENTS = [
    ("", _("a player who joins")),
    ("random", _("bot: random moves")),
    ("standard", _("bot: standard")),
    ("strong", _("bot: strong (thinks a second a move)")),
]


class CreateGameForm(Form):
    game = forms.ChoiceField(
        label=_("Game"),
        choices=list(setup_fields.GAME_TITLES.items()),
        initial="khora",
        required=False,  # Khôra when not given (forms from before Khlor)
        widget=forms.Select(attrs={"data-game-choice": ""}),
    )
    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    seats = forms.TypedChoiceField(
        label=_("Seats"), choices=[(n, n) for n in setup_fields.SEAT_COUNTS], coerce=int, initial=3
    )
    step_hours = forms.IntegerField(
        label=_("Hours per step"),
        min_value=1,
        max_value=14 * 24,
        initial=48,
        help_text=_("How long each player has for a decision (1 to 336)."),
    )
    # Then each game's own options (setup_fields), after step_hours.
    private = forms.BooleanField(
        label=_("Private: only people with the invitation link can join"), required=False
    )
    opponent_1 = forms.ChoiceField(label=_("Opponent 1"), choices=OPPONENTS, required=False)
    opponent_2 = forms.ChoiceField(label=_("Opponent 2"), choices=OPPONENTS, required=False)
    opponent_3 = forms.ChoiceField(
        label=_("Opponent 3"),
        choices=OPPONENTS,
        required=False,
        help_text=_("Bots take their seats at once; a game they fill starts at once."),
    )
    bots = forms.BooleanField(
        label=_("Start at once, with standard bots in the empty seats"), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        fields = list(self.fields.items())
        at = [name for name, _field in fields].index("step_hours") + 1
        self.fields = dict(fields[:at] + list(setup_fields.option_fields().items()) + fields[at:])

    def clean(self):
        data = super().clean()
        if "game" not in self.errors:
            data["game"] = data.get("game") or "khora"
        game_type, seats = data.get("game"), data.get("seats")
        if not game_type:
            return data
        game = engine.get_game(game_type)
        if seats is not None and seats not in game.setup.seat_counts:
            counts = game.setup.seat_counts
            self.add_error(
                "seats",
                _("%(game)s is played by %(least)s to %(most)s players.")
                % {"game": game.setup.title, "least": counts[0], "most": counts[-1]},
            )
        offered = bots.levels_of(game_type)
        for n in range(1, seats or 1):
            level = data.get(f"opponent_{n}")
            if level and level not in offered:
                self.add_error(
                    f"opponent_{n}",
                    _("%(game)s has no such bot; its bots: %(levels)s.")
                    % {"game": game.setup.title, "levels": ", ".join(offered)},
                )
        return data

    def game_options(self) -> dict:
        """The chosen game's options (those its setup offers on the form)."""
        return setup_fields.chosen_options(self.cleaned_data["game"], self.cleaned_data)

    def bot_levels(self) -> list[str]:
        """The bots chosen for the other seats (those beyond the game's seats left out)."""
        data = self.cleaned_data
        chosen = [data[f"opponent_{n}"] for n in range(1, data["seats"])]
        return [level for level in chosen if level]
