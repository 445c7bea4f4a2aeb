"""Which pushes a change to a game calls for, and writing them.

The same causes as the emails' (notifications.game_emails): a player hears "your turn" when
they are asked after waiting on others (`GameWritten.called`), never for the prompts that
follow straight from their own answer, and every player hears of the game's end. The writer's
transaction is left alone (no query, so a decision costs no extra round trip): once it commits,
the email queue's task writes one `PushMessage` per subscription and cause (unique, so once per
wait and device) and sends each.
"""

from __future__ import annotations

from functools import partial

from django.db import transaction

from chat.models import ChatMessage, ChatMute
from common import clock
from common.reliability import enqueue
from games import events
from games.models import Seat
from notifications import attention
from notifications.kinds import kind_of
from webpush.models import PushMessage, PushPreference, PushSubscription

YOUR_TURN = "your_turn"
GAME_OVER = "game_over"
# Table talk: no email kind of its own (the chat digest collects it), so its own name here.
CHAT = "chat"


def game_written(written: events.GameWritten) -> None:
    """games.events.GameWritten: hand the players to push to, once the change commits."""
    if written.ends_now:
        people = [seat.user_id for seat in written.seats if seat.user_id and not seat.is_bot]
        asks = [[user_id, "", "end"] for user_id in people]
        kind = GAME_OVER
    elif written.called and written.step is not None and not written.finished:
        pending = written.rules.pending(written.state)
        asks = [
            [seat.user_id, pending[seat.position].id, f"{written.step.number}:{prompt}"]
            for seat in written.called
            if seat.user_id and not seat.is_bot and seat.position in pending
            for prompt in [pending[seat.position].id]
        ]
        kind = YOUR_TURN
    else:
        return
    if asks:
        transaction.on_commit(partial(hand_over, written.game.pk, kind, asks))


def hand_over(game_id: int, kind: str, asks: list[list]) -> None:
    """To the email queue, after the commit: a worker writes and sends the pushes."""
    from webpush.tasks import push_game  # the tasks module imports this one

    enqueue(push_game, game_id, kind, asks)


def write(game_id: int, kind: str, asks: list[list]) -> list[int]:
    """Write the pushes of `kind` for (user id, prompt id, cause) triples: one per device of
    each user who wants this kind pushed; return the ids of the rows new and pending."""
    # The same record as the email of this kind ("your turn", "game over"); chat is push's own.
    family = CHAT if kind == CHAT else kind_of(kind).family
    users = {user_id for user_id, _prompt, _cause in asks}
    off = set(
        PushPreference.objects.filter(user_id__in=users, **{family: False}).values_list(
            "user_id", flat=True
        )
    )
    by_user: dict[int, list[int]] = {}
    for user_id, subscription_id in PushSubscription.objects.filter(
        user_id__in=users - off
    ).values_list("user_id", "id"):
        by_user.setdefault(user_id, []).append(subscription_id)
    rows = [
        PushMessage(
            subscription_id=subscription_id,
            game_id=game_id,
            kind=kind,
            cause=cause[:100],
            prompt=prompt,
        )
        for user_id, prompt, cause in asks
        for subscription_id in by_user.get(user_id, [])
    ]
    if not rows:
        return []
    PushMessage.objects.bulk_create(rows, ignore_conflicts=True)
    return list(
        PushMessage.objects.filter(
            game_id=game_id,
            kind=kind,
            status=PushMessage.Status.PENDING,
            attempts=0,
            subscription_id__in=[row.subscription_id for row in rows],
            cause__in=[row.cause for row in rows],
        ).values_list("id", flat=True)
    )


def chat_written(sender, instance, created: bool, **kwargs) -> None:
    """post_save of chat.ChatMessage: once it commits, the email queue works out whom to tell
    (the players' channel only; spectators' words reach players when the game is over)."""
    if created and instance.channel == instance.Channel.PLAYERS:
        from webpush.tasks import push_chat  # the tasks module imports this one

        transaction.on_commit(partial(enqueue, push_chat, instance.pk))


def chat_asks(message_id: int) -> tuple[int, list[list]]:
    """The game and the (user, prompt, cause) of the other players to tell of a message: not
    its author, not who muted them, not who has the game's page open (they read it there);
    one push an hour per game and player (the cause names the hour)."""
    message = ChatMessage.objects.filter(pk=message_id).select_related("game").first()
    if message is None:
        return 0, []
    game = message.game
    muted_by = set(
        ChatMute.objects.filter(game=game, muted_id=message.author_id).values_list(
            "user_id", flat=True
        )
    )
    hour = clock.now().strftime("%Y%m%d%H")
    asks = [
        [user_id, "", f"chat:{hour}"]
        for user_id in Seat.objects.filter(game=game, is_bot=False, user__isnull=False)
        .exclude(user_id=message.author_id)
        .values_list("user_id", flat=True)
        if user_id not in muted_by and not attention.page_open(game, user_id)
    ]
    return game.pk, asks
