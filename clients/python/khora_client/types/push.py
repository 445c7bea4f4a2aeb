"""Web Push: what the server pushes to your browsers, and the browsers that receive it
(`me/push/`)."""

from typing import NotRequired, TypedDict


class PushDevice(TypedDict):
    """A browser that receives your pushes."""

    id: int
    label: str
    created_at: str
    last_success_at: str | None
    stopped: bool  # the last several pushes to it got no answer or an error
    last_error: str


class PushRemovedDevice(TypedDict):
    """The last device its push service said is gone: the server removed it."""

    label: str
    removed_at: str


class PushSettings(TypedDict):
    """`GET me/push/`: whether the server pushes, its key, your choices, your devices."""

    available: bool
    public_key: str  # the applicationServerKey (base64url); "" when not available
    your_turn: bool
    game_over: bool
    chat: bool  # another player wrote at your table (at most one push an hour per game)
    devices: list[PushDevice]
    removed_device: PushRemovedDevice | None


class PushKeysInput(TypedDict):
    p256dh: str
    auth: str


class PushDeviceInput(TypedDict):
    """The body of `POST me/push/devices/` (me_push_devices_create): a PushSubscription."""

    endpoint: str
    keys: PushKeysInput
    label: NotRequired[str]


class PushPreferencesInput(TypedDict, total=False):
    """The body of `PATCH me/push/` (me_push_update)."""

    your_turn: bool
    game_over: bool
    chat: bool
