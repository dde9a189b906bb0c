"""One table in memory: its stored row, its state rebuilt from the log, who is connected, and
the frames it sends (a seat's view, its legal moves, the game's notes, the events it may see).
Tokens and the errors a table request may meet live here too. ``TableManager``
(``mazzo.server.tables``) keeps every table of the process."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import secrets
import time
from collections.abc import Sequence
from typing import Final, Protocol

from mazzo.engine.game import JSON, Event, Game, MazzoError, State
from mazzo.engine.record import make_record
from mazzo.engine.registry import get_game
from mazzo.server.chat import ChatRoom
from mazzo.server.history import TimedOut, describe_event, notice_from_json, seat_labels
from mazzo.server.protocol import Encoded, may_see
from mazzo.server.storage.base import OVER, PLAYING, SeatRow, StoredTable, TableRow
from mazzo.text import seat_names

HUMAN: Final = "human"
#: the level that plays a human seat whose person is away past the grace period
STAND_IN: Final = "medio"
#: table options and their (default, low, high)
OPTIONS: Final[dict[str, tuple[float, float, float]]] = {
    "grace_s": (60.0, 0.0, 86_400.0),
    "bot_pause_s": (0.6, 0.0, 10.0),
}
#: a seat's log is caught up in the event loop when this few actions are missing, else in a
#: worker thread (a long Burraco match replays in a few hundred ms)
LOG_INLINE_ACTIONS: Final = 64


def new_token() -> str:
    """A secret of 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Client(Protocol):
    """One connection: the seat it plays (None: spectator), its language, and how to reach it.
    Neither method waits for the client: a table never waits for one of its clients (the
    server's connections queue what their socket cannot take yet, in a bounded outbox)."""

    seat: int | None
    lang: str

    def send(self, frame: JSON | str) -> None:
        """Send a frame: a JSON object, or its text already encoded (shared by clients)."""

    def close(self, code: int) -> None:
        """Close the connection after the frames sent before."""


class BadRequest(MazzoError):
    """A table request with a bad field (HTTP 422), naming the field; ``italian`` says the
    message in Italian (the answer is in the request's language)."""

    def __init__(self, field: str, message: str, italian: str) -> None:
        super().__init__(f"{field}: {message}", italian=f"{field}: {italian}")
        self.field = field


class Elsewhere(MazzoError):
    """Another server process owns the table (several processes on one PostgreSQL); ``url`` is
    where it said it can be reached (None: not known yet)."""

    def __init__(self, table_id: str, url: str | None) -> None:
        super().__init__(f"table {table_id} is served by {url or 'another process'}")
        self.table_id = table_id
        self.url = url


@dataclasses.dataclass(frozen=True)
class ChanceEntry:
    version: int
    seed: str
    commitment: str
    #: hand number right after the chance action: the hand whose cards the seed placed
    hand: int


class Table:
    """One table in memory: its row, its state rebuilt from the log, and who is connected."""

    def __init__(self, row: TableRow, state: State, chance: list[ChanceEntry]) -> None:
        self.row = row
        self.state = state
        self.chance = chance
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.away_since: dict[int, float] = {
            s.seat: time.monotonic() for s in row.seats if s.kind == HUMAN
        }
        self.stand_ins: set[int] = set()
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        #: card tokens of each connected seat's last view (the event filter's "before")
        self.seen: dict[int | None, set[str]] = {}
        #: each connected seat's last view sent (a deal's frame takes the hand just over's
        #: score sheet from it: the hand ended with the view before the deal)
        self.views: dict[int | None, JSON] = {}
        #: the hand the seat logs have open (None until an action is committed here)
        self.log_hand: int | None = None
        self._commitments: tuple[tuple[int, int, bool], Encoded] | None = None
        #: frame version -> the time-out notice told with the stand-in's move there (kept in
        #: memory only: a restarted server's logs lack the notices from before the restart)
        self.timeouts: dict[int, TimedOut] = {}
        #: when the person to move must have moved (monotonic, and wall clock for clients)
        self.turn_deadline: float | None = None
        self.turn_deadline_wall: float | None = None
        self._labels: dict[str, list[str]] = {}
        #: the in-memory state may differ from the log (a write failed and the log could not
        #: be read back): nothing is shown or played until it is reloaded
        self.stale = False
        #: the driver stopped on a storage error: set it going again once storage answers
        self.stalled = False
        #: the driver's unexpected failures in a row (each retry waits longer)
        self.failures = 0
        #: since when (monotonic) nothing has used the table: no client connected, no request,
        #: no move; a finished table idle for ``forget_after`` is dropped from memory
        self.idle_since = time.monotonic()
        #: dropped from memory: whoever still holds this copy must get the table again
        self.forgotten = False
        #: seats with a hint being computed (one at a time each)
        self.hinting: set[int] = set()
        #: seat -> when (monotonic) its last hint was answered or given up
        self.hinted_at: dict[int, float] = {}
        #: a player or the owner has connected (ever): the table never expires unstarted
        self.joined = row.joined is not None
        #: its chat's last messages and rate limits
        self.chat = ChatRoom()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def status(self) -> str:
        return self.row.status

    def option(self, name: str) -> float:
        return float(self.row.options.get(name, OPTIONS[name][0]))

    @property
    def turn_seconds(self) -> float:
        """The turn time limit in seconds; 0: none."""
        return float(self.row.options.get("turn_seconds", 0.0))

    def replace_seat(self, seat: SeatRow) -> None:
        """Put ``seat`` in place of the seat of its number (its account or name changed: the
        labels texts use are made again)."""
        seats = list(self.row.seats)
        seats[seat.seat] = seat
        self.row = dataclasses.replace(self.row, seats=tuple(seats))
        self._labels.clear()

    def labels(self, lang: str) -> list[str]:
        """How texts in ``lang`` name each seat (nicknames, "Bot medio")."""
        if lang not in self._labels:
            self._labels[lang] = seat_labels(self.row.seats, lang)
        return self._labels[lang]

    def clock_turn(self) -> None:
        """Start the turn clock when a person is to move at a table with a time limit (each
        move gets the whole limit); otherwise stop it."""
        state, limit = self.state, self.turn_seconds
        if (limit and self.status == PLAYING and not state.is_terminal and not state.is_chance
                and self.is_human(state.current_player)):
            self.turn_deadline = time.monotonic() + limit
            self.turn_deadline_wall = time.time() + limit
        else:
            self.turn_deadline = self.turn_deadline_wall = None

    def turn(self) -> JSON | None:
        """The running turn clock for frames: whose, the limit, the deadline (server wall clock,
        seconds since the epoch, the same for every client) and the seconds left now."""
        if self.turn_deadline is None or self.turn_deadline_wall is None:
            return None
        left = max(0.0, self.turn_deadline - time.monotonic())
        return {"seat": self.state.current_player, "seconds": self.turn_seconds,
                "deadline": round(self.turn_deadline_wall, 3), "remaining": round(left, 2)}

    @property
    def hints(self) -> bool:
        """Whether a seat may ask the esperto bot for a hint (``hints: false`` at creation)."""
        return bool(self.row.options.get("hints", True))

    def is_human(self, seat: int) -> bool:
        return self.row.seats[seat].kind == HUMAN

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients)

    @property
    def open_seats(self) -> list[int]:
        """The human seats nobody has taken yet (a public table's, which have no token until
        someone joins), in seat order."""
        return [s.seat for s in self.row.seats if s.kind == HUMAN and s.token_hash is None]

    def seat_taken(self, seat: SeatRow) -> None:
        """Someone took an open seat: ``seat`` replaces the row's, and texts name it anew."""
        self.row = dataclasses.replace(self.row, seats=tuple(
            seat if s.seat == seat.seat else s for s in self.row.seats))
        self._labels.clear()

    # -- public data ------------------------------------------------------------------------------

    def public_seats(self) -> list[JSON]:
        return [
            {"seat": s.seat, "kind": s.kind, "name": s.name,
             "connected": s.kind != HUMAN or self.connected(s.seat),
             "stand_in": STAND_IN if s.seat in self.stand_ins else None}
            for s in self.row.seats
        ]

    def commitments(self) -> list[JSON]:
        """Every chance commitment so far, with its seed once nothing it placed is still
        secret: at the end of the match, or once its hand is over in a game whose rules show
        every card of a hand by its end (``Game.seeds_public_after_hand``). The list only
        changes with a chance action, a new hand or the end, so it is rebuilt only then (it
        grows through a match and goes into every frame); callers must not change it."""
        over = self.state.is_terminal
        hand = self.state.hand_number
        per_hand = self.game.seeds_public_after_hand
        key = (len(self.chance), hand, over)
        if self._commitments is None or self._commitments[0] != key:
            self._commitments = (key, Encoded([
                {"version": c.version, "hand": c.hand, "commitment": c.commitment,
                 "seed": c.seed if over or (per_hand and hand > c.hand) else None}
                for c in self.chance
            ]))
        return self._commitments[1]

    def summary(self, lang: str = "en") -> JSON:
        """The public summary; each seat's ``label`` (the name texts use) in ``lang``."""
        labels = self.labels(lang)
        return {
            "table": self.id, "game": self.game.id, "config": self.state.config.to_json(),
            "status": self.status, "version": self.version,
            "seats": [{**s, "label": labels[s["seat"]]} for s in self.public_seats()],
            "scores": self.state.scores(), "hand_number": self.state.hand_number,
            "options": {**{k: self.option(k) for k in OPTIONS}, "hints": self.hints,
                        "turn_seconds": self.turn_seconds,
                        "public": bool(self.row.options.get("public")),
                        "rated": bool(self.row.options.get("rated"))},
            "rematch": self.row.rematch,
            "result": self.state.returns() if self.status == OVER else None,
        }

    def record(self) -> JSON:
        """The full record with every seed: public only once the match is over."""
        record = make_record(self.state, [s.name for s in self.row.seats])
        chance = [dataclasses.asdict(c) for c in self.chance]
        for entry in chance:
            entry.pop("hand")
        record["meta"] = {"table": self.id, "chance": chance}
        return record

    # -- frames -----------------------------------------------------------------------------------

    def frame(self, seat: int | None, lang: str, events: list[Event], view: JSON,
              allowed: set[str], public: JSON | None = None,
              hands: Sequence[int] | None = None, hand_sheet: JSON | None = None) -> JSON:
        """The state frame for one client: its view, its legal moves, the game's notes on its
        view, the events it may see (``hands``: the hand of the log each event belongs to).
        ``public`` is :meth:`public_parts`, when the caller builds it once for many frames;
        ``hand_sheet`` (``{hand, sheet}``) goes only on the frame that ends a hand."""
        state = self.state
        labels = self.labels(lang)
        legal: list[JSON] = []
        shown = []
        with seat_names(labels):  # texts name the seats by their nicknames
            if self.status == PLAYING and seat is not None and state.current_player == seat:
                legal = [
                    {"index": i, "action": a.to_json(),
                     "text": self.game.describe_action(a, lang)}
                    for i, a in enumerate(state.legal_actions())
                ]
            for i, event in enumerate(events):
                data = event.to_json()
                if may_see(data, allowed):  # an event naming a card this seat cannot see stays
                    data["text"] = describe_event(self.game, event, lang)
                    if hands is not None:
                        data["log_hand"] = hands[i]
                    shown.append(data)
        if public is None:
            public = self.public_parts()
        # notes speak of the seat's own view, so a spectator gets none; none once it is over
        notes = self.game.notes(view, lang) if seat is not None and self.status == PLAYING else None
        frame = {
            "type": "state", "table": self.id, "game": self.game.id, "version": self.version,
            "status": self.status, "seat": seat, "view": view, "legal": legal, "notes": notes,
            "events": shown, "commitments": public["commitments"],
            "seats": self._labelled(public, lang),
            "rematch": self.row.rematch, "hints": self.hints, "turn": public["turn"],
        }
        if hand_sheet is not None:
            frame["hand_sheet"] = hand_sheet
        return frame

    def public_parts(self) -> JSON:
        """The parts of a frame that are the same for every client (built once per change)."""
        return {"commitments": self.commitments(), "seats": self.public_seats(),
                "turn": self.turn(), "labelled": {}}

    def _labelled(self, public: JSON, lang: str) -> list[JSON]:
        """The public seats with their labels in ``lang``, built once per change and language."""
        by_lang: dict[str, list[JSON]] = public.setdefault("labelled", {})
        if lang not in by_lang:
            labels = self.labels(lang)
            by_lang[lang] = [{**s, "label": labels[s["seat"]]} for s in public["seats"]]
        return by_lang[lang]


def replay_table(stored: StoredTable) -> Table:
    """Rebuild a table from its stored log by applying every action."""
    row = stored.table
    game = get_game(row.game)
    state = game.new_match(game.config_class.from_json(row.config))
    chance = []
    timeouts: dict[int, TimedOut] = {}
    for action in stored.actions:
        state.apply(game.action_from_json(action.action))
        if action.seed is not None and action.commitment is not None:
            chance.append(ChanceEntry(action.version, action.seed, action.commitment,
                                      state.hand_number))
        notice = notice_from_json(action.note)
        if notice is not None:
            timeouts[action.version + 1] = notice  # keyed by the version of its frame
    table = Table(row, state, chance)
    table.timeouts = timeouts
    return table
