"""What playing answers: prompts and their options, decisions, the log, the history, and the
data of the streams' events.

Each TypedDict is one component of the server's OpenAPI schema (see `khora_client.types`).
"""

from typing import Any, NotRequired, TypedDict

from khora_client.types.enums import BotLevel, GameOverStatus, GameStatus, StreamEndReason


class LeftOut(TypedDict):
    """An option left out of a prompt now, with why."""

    id: str
    label: str
    reasons: list[str]


class OptionData(TypedDict):
    """What an option stands for; which members appear depends on the prompt's kind."""

    card: NotRequired[str]
    tile: NotRequired[int]
    cost: NotRequired[int]
    citizens: NotRequired[int]
    philosophy: NotRequired[int]
    drachma: NotRequired[int]
    track: NotRequired[str]
    troops: NotRequired[int]
    space: NotRequired[str]
    colour: NotRequired[str | None]
    tax: NotRequired[int]
    glory: NotRequired[int]
    level: NotRequired[int]
    vp: NotRequired[int]
    token: NotRequired[str]
    piece: NotRequired[str]
    side: NotRequired[str]
    turn: NotRequired[int]
    demons: NotRequired[list[str]]
    egg: NotRequired[str]
    catches: NotRequired[list[str]]
    remove: NotRequired[bool]
    squares: NotRequired[list[str]]


class Change(TypedDict):
    """How an option would change one resource (in a preview)."""

    resource: str
    delta: int


class PreviewWarning(TypedDict):
    """A warning of a preview (e.g. a resource would run short)."""

    code: str
    params: dict[str, Any]
    text: str


class Preview(TypedDict):
    """What an option would do, told before you choose it."""

    text: str
    changes: list[Change]
    warnings: list[PreviewWarning]


class Option(TypedDict):
    """One option of a prompt: its `id` is what you answer with."""

    id: str
    label: str
    data: OptionData
    preview: NotRequired[Preview]


class Prompt(TypedDict):
    """What the game asks you now: answer with one of `options` by its `id`."""

    id: str
    kind: str
    text: str
    options: list[Option]
    unavailable: NotRequired[list[LeftOut]]
    default: str
    deadline: str | None


class PromptEnvelope(TypedDict):
    """Your prompt, or null when nothing waits for you."""

    prompt: Prompt | None


class AcceptedDecision(TypedDict):
    """A decision the server applied, with the seq of its log entry."""

    prompt: str
    option: str
    seq: int


class Decisions(TypedDict):
    """The answer to `decide` and `decide_many`: what was applied, and your next prompt if
    you have one now (`advancing`: the server plays chance or bots first; the stream tells
    you)."""

    accepted: list[AcceptedDecision]
    last_seq: int
    status: GameStatus
    advancing: bool
    prompt: Prompt | None


class Revision(TypedDict):
    """A sealed choice taken back, and the prompt asked again."""

    revised: str
    seq: int
    prompt: Prompt | None


class EventData(TypedDict):
    """A log entry's data: a decision's `kind`, `prompt`, `option` (and `bot`, with the
    `playouts` of a bot that searched), or a chance
    outcome; what you may not see is replaced by counts until the game ends."""

    kind: str
    prompt: NotRequired[str]
    option: NotRequired[str]
    bot: NotRequired[BotLevel]
    playouts: NotRequired[int]
    seat: NotRequired[int | None]
    stacks: NotRequired[Any]
    circle: NotRequired[Any]
    cities: NotRequired[Any]
    hands: NotRequired[Any]
    dice: NotRequired[Any]
    cards: NotRequired[Any]
    event: NotRequired[Any]
    hidden: NotRequired[bool]
    step: NotRequired[str]
    reason: NotRequired[str]
    down_from: NotRequired[str]
    down_until: NotRequired[str]
    by_seconds: NotRequired[int]
    deadline: NotRequired[str]
    until: NotRequired[str | None]
    days_left: NotRequired[float]
    days: NotRequired[int]
    player: NotRequired[str]
    original: NotRequired[str]
    votes: NotRequired[int]
    needed: NotRequired[int]


class Line(TypedDict):
    """One narrated line: structured (never translated), plus its `text` in your language."""

    msg: str
    seat: int | None
    params: dict[str, Any]
    cause: list[Any] | None
    before: NotRequired[Any]
    after: NotRequired[Any]
    text: str


class Actor(TypedDict):
    """Who made a decision, as it was when it was made: kind player, substitute, bot or
    deadline (the server's default); the player who decided, missed the deadline or whom
    the bot played for (None: a bot's own seat); and how the lines name it."""

    kind: str
    player: str | None
    text: str


class LogEntry(TypedDict):
    """One entry of a game's log, as the log and the game stream give it."""

    seq: int
    created_at: str
    type: str
    version: int
    seat: int | None
    data: EventData
    auto: NotRequired[bool]
    actor: Actor | None
    lines: list[Line]


class Log(TypedDict):
    """A page of the log (`log`): follow `next_after` for more."""

    events: list[LogEntry]
    last_seq: int
    next_after: int | None


class HistoryLine(TypedDict):
    """One narrated line of the history, with the seq of the event that caused it."""

    msg: str
    seat: int | None
    params: dict[str, Any]
    cause: list[Any] | None
    before: NotRequired[Any]
    after: NotRequired[Any]
    text: str
    seq: int
    created_at: str


class History(TypedDict):
    """What happened since a seq, told to you (`history`)."""

    after: int
    viewer: int | None
    lines: list[HistoryLine]
    last_seq: int
    next_after: int | None


class StreamPrompt(TypedDict):
    """The data of a `prompt` event (streams yield PromptEvent)."""

    game: str
    prompt: Prompt | None


class StreamGameOver(TypedDict):
    """The data of a `game_over` event (streams yield GameOver)."""

    game: str
    status: GameOverStatus


class StreamEnd(TypedDict):
    """The data of a stream's `end` event: its credential stopped holding (streams raise
    StreamEnded)."""

    reason: StreamEndReason
    detail: str
