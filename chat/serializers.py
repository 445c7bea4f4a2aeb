"""The chat API's shapes: strict inputs (unknown members refused) and the outputs."""

from rest_framework import serializers

from chat.selectors import PAGE_MAX
from common.inputs import StrictInput, StrictQuery


class ChatQuery(StrictQuery):
    after = serializers.IntegerField(
        min_value=0, default=0, help_text="Only messages with an id above this one."
    )
    limit = serializers.IntegerField(min_value=1, max_value=PAGE_MAX, default=100)


class ChatPostInput(StrictInput):
    text = serializers.CharField(
        max_length=100_000,
        trim_whitespace=False,
        allow_blank=True,
        help_text="Plain text, at most 1,000 characters (CHAT_MESSAGE_MAX_CHARS); web addresses "
        "become links where it is shown.",
    )


class ChatMuteInput(StrictInput):
    player = serializers.CharField(max_length=150, help_text="Whose messages to stop seeing.")
    muted = serializers.BooleanField(default=True, help_text="false: see them again.")


class ChatMessageOutput(serializers.Serializer):
    id = serializers.IntegerField()
    channel = serializers.ChoiceField(
        choices=["players", "spectators"],
        help_text="players: the seated players' table talk; spectators: the spectators' own, "
        "which players read only once the game is over.",
    )
    author = serializers.CharField()
    seat = serializers.IntegerField(
        allow_null=True, help_text="The author's seat; null: a spectator."
    )
    text = serializers.CharField(allow_null=True, help_text="null once deleted or hidden.")
    created_at = serializers.DateTimeField()
    deleted = serializers.BooleanField(help_text="Deleted by its author.")
    hidden = serializers.BooleanField(help_text="Hidden by the game's creator or staff.")
    yours = serializers.BooleanField()


class ChatPageOutput(serializers.Serializer):
    messages = ChatMessageOutput(many=True)
    next_after = serializers.IntegerField(
        allow_null=True, help_text="Pass as `after` for the next page; null: this was the last."
    )
    can_post = serializers.BooleanField()
    channel = serializers.CharField(
        allow_null=True, help_text="Where your messages go (players or spectators); null: nowhere."
    )
    muted = serializers.ListField(
        child=serializers.CharField(),
        help_text="The players you muted: their messages are left out.",
    )


class ChatMutesOutput(serializers.Serializer):
    muted = serializers.ListField(child=serializers.CharField())


class ChatPreferenceInput(StrictInput):
    digest = serializers.BooleanField(
        required=False,
        help_text="Left out: unchanged. "
        "true: an email per game at most once an hour with what was said at the "
        "table since you last looked; false (the default): what is said rides along in the "
        "emails you get anyway.",
    )


class ChatPreferenceOutput(serializers.Serializer):
    digest = serializers.BooleanField()
