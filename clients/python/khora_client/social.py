"""The operations around the play: table talk, pauses, nudges, substitutes, your settings,
holidays and webhooks. KhoraClient (khora_client.client) inherits them."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, Unpack, cast

from khora_client import operations as op
from khora_client.operations import Operation
from khora_client.transport import Transport
from khora_client.types import (
    Absence,
    ChatMessage,
    ChatMutes,
    ChatPage,
    ChatPreference,
    Holidays,
    Leaderboard,
    Nudge,
    Pause,
    PauseEnvelope,
    Player,
    Preferences,
    PreferencesChanges,
    PushDevice,
    PushDeviceInput,
    PushPreferencesInput,
    PushSettings,
    SeatTaken,
    SeatVote,
    SeatVotes,
    SubstituteInvite,
    WebhookDeliveryPage,
    WebhookEndpoint,
    WebhookEndpointCreated,
    WebhookEventType,
    WebhookSecretRotated,
)
from khora_client.types.inputs import (
    AbsenceInput,
    ChatMuteInput,
    SubstituteInviteInput,
    WebhookEndpointInput,
)


class SocialApi:
    transport: Transport

    def _game_call(
        self,
        operation: Operation,
        game_id: str,
        *,
        body: Mapping[str, object] | None = None,
        query: Mapping[str, str | int | None] | None = None,
        key: str | None = None,
        **params: str | int,
    ) -> Any:
        return self.transport.call(
            operation,
            params={"public_id": game_id, **params},
            body=body,
            query=query,
            idempotency_key=key,
        )

    # --- table talk -------------------------------------------------------------------------

    def chat(self, game_id: str, *, after: int | None = None, limit: int | None = None) -> ChatPage:
        """The table talk after message id `after`, oldest first."""
        query = {"after": after, "limit": limit}
        return cast(ChatPage, self._game_call(op.GAMES_CHAT_LIST, game_id, query=query))

    def say(self, game_id: str, text: str, *, idempotency_key: str | None = None) -> ChatMessage:
        """Say something at the table; like a decision, sent once however often it is tried."""
        key = idempotency_key or str(uuid.uuid4())
        body = {"text": text}
        return cast(ChatMessage, self._game_call(op.GAMES_CHAT_POST, game_id, body=body, key=key))

    def delete_message(self, game_id: str, message_id: int) -> ChatMessage:
        """Take back a message of yours (it stays, as deleted)."""
        called = self._game_call(op.GAMES_CHAT_DELETE, game_id, message_id=message_id)
        return cast(ChatMessage, called)

    def hide_message(self, game_id: str, message_id: int) -> ChatMessage:
        """Hide a message for everyone (the game's creator, staff)."""
        called = self._game_call(op.GAMES_CHAT_HIDE, game_id, body={}, message_id=message_id)
        return cast(ChatMessage, called)

    def mute(self, game_id: str, player: str, *, muted: bool = True) -> ChatMutes:
        """Stop (or, with `muted=False`, start again) showing you what `player` says here."""
        body: ChatMuteInput = {"player": player, "muted": muted}
        return cast(ChatMutes, self._game_call(op.GAMES_CHAT_MUTE, game_id, body=body))

    # --- pauses, nudges, substitutes --------------------------------------------------------

    def pause(self, game_id: str) -> Pause | None:
        """The pause proposed or running in the game, if any."""
        return cast(PauseEnvelope, self._game_call(op.GAMES_PAUSE_RETRIEVE, game_id))["pause"]

    def propose_pause(self, game_id: str, days: int) -> Pause:
        """Propose pausing the game; it starts once every player accepts."""
        body = {"days": days}
        return cast(Pause, self._game_call(op.GAMES_PAUSE_PROPOSE, game_id, body=body))

    def accept_pause(self, game_id: str) -> Pause:
        """Accept the proposed pause (while one runs: agree to end it now)."""
        return cast(Pause, self._game_call(op.GAMES_PAUSE_ACCEPT, game_id, body={}))

    def decline_pause(self, game_id: str) -> Pause:
        """Refuse the proposed pause: it is withdrawn."""
        return cast(Pause, self._game_call(op.GAMES_PAUSE_DECLINE, game_id, body={}))

    def nudge(self, game_id: str, seat: int) -> Nudge:
        """Email a player the game waits for (at most once every few hours per player)."""
        body = {"seat": seat}
        return cast(Nudge, self._game_call(op.GAMES_NUDGE, game_id, body=body))

    def invite_substitute(
        self, game_id: str, position: int, *, username: str | None = None
    ) -> SubstituteInvite:
        """A link that lets someone (`username`, or whoever has it) take over a seat a bot
        plays for its absent player."""
        body: SubstituteInviteInput = {} if username is None else {"username": username}
        called = self._game_call(
            op.GAMES_SEATS_SUBSTITUTE_INVITE, game_id, body=body, position=position
        )
        return cast(SubstituteInvite, called)

    def accept_substitute(self, game_id: str, token: str) -> SeatTaken:
        """Take over the seat an invitation's `token` names."""
        body = {"token": token}
        return cast(SeatTaken, self._game_call(op.GAMES_SUBSTITUTE_ACCEPT, game_id, body=body))

    def leave_substitute(self, game_id: str, position: int) -> SeatTaken:
        """Give the seat you play as a substitute back to its player."""
        called = self._game_call(
            op.GAMES_SEATS_SUBSTITUTE_LEAVE, game_id, body={}, position=position
        )
        return cast(SeatTaken, called)

    # --- the table's say ---------------------------------------------------------------------

    def seat_votes(self, game_id: str) -> list[SeatVote]:
        """The vote on each seat the game waits for: open once its player's time is up."""
        return cast(SeatVotes, self._game_call(op.GAMES_VOTES_LIST, game_id))["votes"]

    def vote_bot_for(self, game_id: str, position: int) -> SeatVote:
        """Vote to let a bot play seat `position` now; a majority of the players present
        decides. Voting twice counts once."""
        called = self._game_call(op.GAMES_SEATS_VOTE, game_id, body={}, position=position)
        return cast(SeatVote, called)

    def take_back(self, game_id: str) -> SeatTaken:
        """Play your seat again yourself: no bot answers for it from now on."""
        return cast(SeatTaken, self._game_call(op.GAMES_TAKE_BACK, game_id, body={}))

    # --- ratings ----------------------------------------------------------------------------

    def player(self, username: str) -> Player:
        """A player's ratings per game type (μ − 3σ, with history), counts and latest games."""
        params = {"username": username}
        return cast(Player, self.transport.call(op.PLAYERS_RETRIEVE, params=params))

    def leaderboard(self, game_type: str = "khora", players: int | None = None) -> Leaderboard:
        """The players of a game type with enough rated games, best first; `players`: of
        that player-count band (2, 3 or 4 seats), by the band's own rating."""
        params = {"game_type": game_type}
        query = {"players": players}
        return cast(
            Leaderboard, self.transport.call(op.RATINGS_LEADERBOARD, params=params, query=query)
        )

    # --- your settings ----------------------------------------------------------------------

    def preferences(self) -> Preferences:
        """Your email preferences per kind, quiet hours, digest hour and time zone."""
        return cast(Preferences, self.transport.call(op.ME_PREFERENCES_RETRIEVE))

    def update_preferences(self, **changes: Unpack[PreferencesChanges]) -> Preferences:
        """Change some preferences, e.g. `update_preferences(your_turn="off")`."""
        called = self.transport.call(op.ME_PREFERENCES_UPDATE, body=changes)
        return cast(Preferences, called)

    def chat_digest(self) -> bool:
        """Whether you get the chat digest by email."""
        return cast(ChatPreference, self.transport.call(op.ME_CHAT_RETRIEVE))["digest"]

    def set_chat_digest(self, digest: bool) -> bool:
        body = {"digest": digest}
        return cast(ChatPreference, self.transport.call(op.ME_CHAT_UPDATE, body=body))["digest"]

    def holidays(self) -> Holidays:
        """Your holiday bank and absences to come."""
        return cast(Holidays, self.transport.call(op.ME_HOLIDAYS_RETRIEVE))

    def announce_holiday(self, starts_at: datetime | str, ends_at: datetime | str) -> Holidays:
        """Mark yourself away from–to (datetimes with a time zone, or ISO 8601 text)."""
        body: AbsenceInput = {"starts_at": _when(starts_at), "ends_at": _when(ends_at)}
        return cast(Holidays, self.transport.call(op.ME_HOLIDAYS_ANNOUNCE, body=body))

    def set_automatic_holidays(self, automatic: bool) -> Holidays:
        """Whether a deadline you miss starts a holiday from your bank."""
        body = {"automatic": automatic}
        return cast(Holidays, self.transport.call(op.ME_HOLIDAYS_UPDATE, body=body))

    def cancel_holiday(self, absence_id: int) -> Absence:
        """End an absence now (or drop one to come)."""
        called = self.transport.call(op.ME_HOLIDAYS_CANCEL, params={"absence_id": absence_id})
        return cast(Absence, called)

    # --- webhooks ---------------------------------------------------------------------------

    def webhooks(self) -> list[WebhookEndpoint]:
        """Your webhook URLs."""
        return cast(list[WebhookEndpoint], self.transport.call(op.ME_WEBHOOKS_LIST))

    def add_webhook(
        self,
        url: str,
        event_types: Iterable[WebhookEventType] = ("game.your_turn", "game.over"),
    ) -> WebhookEndpointCreated:
        """Register a URL for your games' events; keep the answer's `secret` (shown this once)
        to verify each delivery (khora_client.webhooks.verify)."""
        body: WebhookEndpointInput = {"url": url, "event_types": list(event_types)}
        called = self.transport.call(op.ME_WEBHOOKS_CREATE, body=body)
        return cast(WebhookEndpointCreated, called)

    def rotate_webhook_secret(self, endpoint_id: int) -> WebhookSecretRotated:
        """A new secret for a URL (shown this once); deliveries are signed with the previous one
        too until `previous_secret_until`, so a receiver can switch over. Never sent twice:
        a second rotation would replace the secret a lost answer carried."""
        params = {"endpoint_id": endpoint_id}
        called = self.transport.call(op.ME_WEBHOOKS_SECRET_ROTATE, params=params, body={})
        return cast(WebhookSecretRotated, called)

    def delete_webhook(self, endpoint_id: int) -> None:
        self.transport.call(op.ME_WEBHOOKS_DELETE, params={"endpoint_id": endpoint_id})

    def enable_webhook(self, endpoint_id: int) -> WebhookEndpoint:
        """Send to an endpoint the server turned off (after failed deliveries) again."""
        called = self.transport.call(
            op.ME_WEBHOOKS_ENABLE, params={"endpoint_id": endpoint_id}, body={}
        )
        return cast(WebhookEndpoint, called)

    def webhook_deliveries(self, endpoint_id: int) -> WebhookDeliveryPage:
        """The newest deliveries to one URL, each with its attempts."""
        called = self.transport.call(op.ME_WEBHOOKS_DELIVERIES, params={"endpoint_id": endpoint_id})
        return cast(WebhookDeliveryPage, called)

    # --- Web Push -----------------------------------------------------------------------

    def push(self) -> PushSettings:
        """Whether the server pushes, its applicationServerKey, what you want pushed (a kind
        comes by email as set in `preferences`, by push as set here, or both), your devices."""
        return cast(PushSettings, self.transport.call(op.ME_PUSH_RETRIEVE))

    def update_push(self, **changes: Unpack[PushPreferencesInput]) -> PushSettings:
        """Turn the push of `your_turn` or `game_over` on or off."""
        return cast(PushSettings, self.transport.call(op.ME_PUSH_UPDATE, body=changes))

    def add_push_device(self, endpoint: str, p256dh: str, auth: str, label: str = "") -> PushDevice:
        """Receive pushes at a browser's push subscription (its endpoint and keys)."""
        body: PushDeviceInput = {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}}
        if label:
            body["label"] = label
        return cast(PushDevice, self.transport.call(op.ME_PUSH_DEVICES_CREATE, body=body))

    def delete_push_device(self, device_id: int) -> None:
        self.transport.call(op.ME_PUSH_DEVICES_DESTROY, params={"device_id": device_id})


def _when(moment: datetime | str) -> str:
    return moment.isoformat() if isinstance(moment, datetime) else moment
