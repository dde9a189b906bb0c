"""Tables: one authoritative ``State`` each, its seats and connections, and the loop that plays
chance and bots. Every accepted action is stored before any frame about it is sent."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import math
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any, Final, Protocol, TypeVar

from mazzo.bots.levels import LEVELS
from mazzo.engine.game import (
    JSON,
    Action,
    ConfigError,
    Event,
    Game,
    IllegalAction,
    MazzoError,
    State,
    short,
)
from mazzo.engine.record import make_record
from mazzo.engine.registry import get_game
from mazzo.server.bots import HINT, MOVE, BotPool
from mazzo.server.fairness import commitment, fair_chance, new_seed
from mazzo.server.history import (
    LogCache,
    SeatLog,
    TimedOut,
    describe_event,
    event_hands,
    notice_from_json,
    notice_json,
    seat_labels,
)
from mazzo.server.nicknames import impersonation
from mazzo.server.protocol import (
    CLOSE_RECONNECT,
    Encoded,
    Message,
    ProtocolError,
    cards_in,
    encode_frame,
    error_frame,
    may_see,
)
from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    WAITING,
    ActionRow,
    NotOwner,
    SeatRow,
    Storage,
    StorageError,
    StorageUnavailable,
    StoredTable,
    TableRow,
    UnknownTable,
)
from mazzo.server.storage.group import GroupCommit
from mazzo.text import plural, seat_names

log = logging.getLogger("mazzo.server")
T = TypeVar("T")

HUMAN: Final = "human"
#: the level that plays a human seat whose person is away past the grace period
STAND_IN: Final = "medio"
NAME_MAX: Final = 40
#: how long a rematch request waits for the process that made the rematch table to claim it
REMATCH_CLAIM_WAIT_S: Final = 2.0
#: table options and their (default, low, high)
OPTIONS: Final[dict[str, tuple[float, float, float]]] = {
    "grace_s": (60.0, 0.0, 86_400.0),
    "bot_pause_s": (0.6, 0.0, 10.0),
}
#: what a table id may be: every id is ``secrets.token_urlsafe(9)`` (12 characters of these)
TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: the fields of a POST /api/tables body (only ``game`` is required)
TABLE_FIELDS: Final = ("game", "config", "seats", "names", "options", "start")
#: the turn time limit a table may set: 0 (none, the default) or this many seconds
TURN_SECONDS: Final = (1.0, 3600.0)
#: a seat's log is caught up in the event loop when this few actions are missing, else in a
#: worker thread (a long Burraco match replays in a few hundred ms)
LOG_INLINE_ACTIONS: Final = 64
#: why a bot moves for a seat: it is a bot, a stand-in for an absent person, or a time-out
BOT, AWAY, TIMEOUT = "bot", "away", "timeout"
#: an idle table (nothing running, nobody connected, not asked for) this long is dropped from
#: memory (``mazzo serve --forget-after``); it is loaded from storage again when asked for
FORGET_AFTER_S: Final = 600.0
#: the sweep for such tables runs every quarter of that time, within these bounds (seconds)
SWEEP_EVERY_S: Final = (0.1, 30.0)
#: a table whose driver failed unexpectedly tries again after the first of these seconds,
#: twice as long after each failure in a row, up to the second
DRIVER_RETRY_S: Final = (1.0, 60.0)
#: the sweep lets the event loop run other work after every this many tables it checked
SWEEP_BATCH: Final = 100
#: seconds a seat waits after one hint's answer before it may ask for the next
#: (``mazzo serve --hint-cooldown``): a hint is an esperto search, seconds of a bot worker
HINT_COOLDOWN_S: Final = 3.0
#: a table never started that no player and not the owner joined is deleted this long after
#: it was made (``mazzo serve --waiting-expiry``; 0: never): links made and never used
WAITING_EXPIRY_S: Final = 86_400.0
#: the sweep for them runs every quarter of that time, within these bounds (seconds), and
#: deletes at most this many tables each time
EXPIRE_EVERY_S: Final = (0.1, 600.0)
EXPIRE_BATCH: Final = 1000


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

    # -- public data --------------------------------------------------------------------------

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
                        "turn_seconds": self.turn_seconds},
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

    # -- frames -------------------------------------------------------------------------------

    def frame(self, seat: int | None, lang: str, events: list[Event], view: JSON,
              allowed: set[str], public: JSON | None = None,
              hands: Sequence[int] | None = None) -> JSON:
        """The state frame for one client: its view, its legal moves, the game's notes on its
        view, the events it may see (``hands``: the hand of the log each event belongs to).
        ``public`` is :meth:`public_parts`, when the caller builds it once for many frames."""
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
        return {
            "type": "state", "table": self.id, "game": self.game.id, "version": self.version,
            "status": self.status, "seat": seat, "view": view, "legal": legal, "notes": notes,
            "events": shown, "commitments": public["commitments"],
            "seats": self._labelled(public, lang),
            "rematch": self.row.rematch, "hints": self.hints, "turn": public["turn"],
        }

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


class TableManager:
    """Every table of this server process, and the moves of chance, bots and people."""

    def __init__(self, storage: Storage, bots: BotPool, *, bot_pause: float = 0.6,
                 grace: float = 60.0, url: str = "",
                 forget_after: float = FORGET_AFTER_S,
                 hint_cooldown: float = HINT_COOLDOWN_S,
                 bot_tables: bool = False,
                 waiting_expiry: float = WAITING_EXPIRY_S) -> None:
        self.storage = storage
        #: where this process is reached: other processes send clients of our tables here
        self.url = url
        self.bots = bots
        self.defaults = {"bot_pause_s": bot_pause, "grace_s": grace}
        self.tables: dict[str, Table] = {}
        self.committer = GroupCommit(storage)
        self._tasks: set[asyncio.Task[Any]] = set()
        #: the seats' logs for (re)connecting clients, replayed incrementally
        self.logs = LogCache()
        #: seconds a finished table stays in memory with nobody connected
        self.forget_after = forget_after
        #: finished tables dropped from memory since the start
        self.forgotten = 0
        self.hint_cooldown = hint_cooldown
        #: whether a table may have no person at all (``mazzo serve --allow-bot-tables``): a
        #: table of bots only is work for the bot pool that nobody is there to watch
        self.bot_tables = bot_tables
        #: each client's hint being computed: cancelled when the client goes
        self._hints: dict[Client, asyncio.Task[None]] = {}
        #: seconds after which a table never started that nobody joined is deleted (0: never)
        self.waiting_expiry = waiting_expiry
        #: such tables deleted since the start
        self.expired = 0

    async def _io(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call in a worker thread: the event loop never waits for the disk."""
        return await asyncio.to_thread(fn, *args)

    # -- loading ------------------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every table being played by replay and set it moving again. Waiting tables
        have nothing to run until someone asks for them (there can be many: links made and
        never used), so they are loaded then, by :meth:`get`."""
        ids = await self._io(self.storage.playing_tables)
        restored = 0
        for table_id in ids:
            if table_id in self.tables:
                continue
            try:
                await self.get(table_id)  # claims it, replays it and sets it moving
                restored += 1
            except Elsewhere:
                pass  # another process serves it
        return restored

    async def adopt_orphans(self, every: float) -> None:
        """Forever: take over every table being played that no process owns (its owner died),
        so a match goes on even when none of its clients comes back to this process."""
        while True:
            await asyncio.sleep(max(every, 0.1))
            try:
                adopted = await self.restore()
            except StorageUnavailable:
                continue  # the storage logs the outage once
            except Exception:
                log.exception("could not look for tables without an owner")
                continue
            if adopted:
                log.warning("mazzo: took over %s whose server stopped",
                            plural(adopted, "table", "tables"))

    async def get(self, table_id: str) -> Table:
        """A table, from memory or rebuilt from storage; ProtocolError if there is none,
        :class:`Elsewhere` if another process owns it. Taking a table over replays its log and
        sets it moving; a finished table is read by any process."""
        table = self.tables.get(table_id)
        if table is not None:
            table.idle_since = time.monotonic()  # asked for: in use
            return table
        if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
            # not an id this server makes: none such is stored, and storage need not be asked
            # (PostgreSQL refuses a NUL in text: a 500 for /api/tables/%00)
            raise ProtocolError("unknown_table", table=str(table_id)[:64])
        try:
            stored = await self._io(self.storage.load_table, table_id)
        except UnknownTable:
            raise ProtocolError("unknown_table", table=table_id) from None
        if stored.table.status != OVER:
            if not await self._io(self.storage.claim, table_id, self.url):
                owner = await self._io(self.storage.owner_url, table_id)
                # our own address: a previous run of this server, whose lock is going away
                raise Elsewhere(table_id, None if owner == self.url else owner)
            # claimed: read again, the previous owner may have appended meanwhile
            stored = await self._io(self.storage.load_table, table_id)
        # a long match (a forgotten Burraco table: hundreds of ms) replays in a worker thread
        fresh = (replay_table(stored) if len(stored.actions) <= LOG_INLINE_ACTIONS
                 else await asyncio.to_thread(replay_table, stored))
        table = self.tables.get(table_id)  # another caller may have loaded it meanwhile
        if table is None:
            table = self.tables[table_id] = fresh
            await self._settle_finished(table)
            if table.status != OVER:  # a finished table is only read: nothing to drive
                table.clock_turn()  # a table taken over gives the person to move a whole turn
                self.kick(table)
        return table

    async def watch(self, every: float = 1.0) -> None:
        """Forever: check the database connection (the storage reconnects and takes back this
        process's tables), let go of tables another process took meanwhile, and reload and
        restart tables a storage error left stale or stopped."""
        while True:
            await asyncio.sleep(every)
            try:
                await self._io(self.storage.check_connection)
                lost = await self._io(self.storage.lost_tables)
            except StorageError:
                continue  # still down: the storage logged it once
            for table_id in lost:
                table = self.tables.get(table_id)
                if table is not None:
                    log.warning("mazzo: table %s is served by another process now", table_id)
                    await self._drop(table)
            for table in list(self.tables.values()):
                if table.stale or table.stalled:
                    await self._recover(table)

    async def _recover(self, table: Table) -> None:
        """Reload a stale table from the log and tell every client what is stored; restart a
        stalled driver."""
        try:
            async with table.lock:
                if table.stale:
                    await self._reload(table)
                    await self._broadcast(table, [])
                table.stalled = False
        except NotOwner:
            await self._drop(table)
            return
        except StorageError:
            return  # not yet: the next round tries again
        self.kick(table)

    async def _reload(self, table: Table) -> None:
        """Make the table what its log says (after a failed or in-doubt write). Call with the
        table's lock held; StorageError if the log cannot be read."""
        fresh = replay_table(await self._io(self.storage.load_table, table.id))
        table.state, table.chance, table.row = fresh.state, fresh.chance, fresh.row
        table._commitments = None
        await self._settle_finished(table)  # if this fails the table stays stale: retried
        table.stale = False

    async def _settle_finished(self, table: Table) -> None:
        """A log that ends the match while the table's status was not yet set to over (the
        status write failed after the last action was stored): finish it now."""
        if table.state.is_terminal and table.status != OVER:
            await self._io(self.storage.set_status, table.id, OVER)
            table.row = dataclasses.replace(table.row, status=OVER)
            await self._io(self.storage.release, table.id)

    async def _fresh(self, table: Table) -> None:
        """Reload a stale table before anything reads its state (StorageUnavailable while the
        database is away). Call with the table's lock held."""
        if table.stale:
            await self._reload(table)

    async def _drop(self, table: Table) -> None:
        """Stop serving a table another process owns now: its clients are asked to reconnect
        (1012), which brings them to the new owner."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if table.driver is not None and table.driver is not asyncio.current_task():
            table.driver.cancel()
        if table.timer is not None:
            table.timer.cancel()
        for client in list(table.clients):
            client.close(CLOSE_RECONNECT)
        table.clients.clear()

    # -- forgetting idle tables ---------------------------------------------------------------

    async def forget_idle(self) -> None:
        """Forever: drop from memory the tables nobody uses and that have nothing running
        (:meth:`sweep`), so a long-running server does not grow with every table it ever
        served or had created."""
        low, high = SWEEP_EVERY_S
        every = min(max(self.forget_after / 4, low), high)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("could not forget idle tables")

    async def sweep(self) -> int:
        """Drop every table that has been idle for ``forget_after`` seconds (see
        :meth:`_idle`); returns how many. Each is re-checked under its lock, so a client
        joining at that moment either keeps it or, finding its copy forgotten, gets the table
        again from storage (:meth:`_holding`). A table not over gives up its claim first, so
        whichever process is asked for it next serves it."""
        due = [t for t in self.tables.values() if self._idle(t)]
        dropped = 0
        for checked, table in enumerate(due, 1):
            async with table.lock:
                if self._idle(table) and self.tables.get(table.id) is table:
                    if table.status != OVER:  # a finished table's claim went when it ended
                        try:
                            await self._io(self.storage.release, table.id)
                        except StorageError:
                            continue  # kept; the next sweep tries again
                    self._forget(table)
                    dropped += 1
            if checked % SWEEP_BATCH == 0:
                await asyncio.sleep(0)  # thousands due at once: let the clients be served too
        self.forgotten += dropped
        if log.isEnabledFor(logging.DEBUG):
            over = sum(t.status == OVER for t in self.tables.values())
            log.debug("mazzo: %d tables in memory (%d over), %d forgotten now, %d since start",
                      len(self.tables), over, dropped, self.forgotten)
        return dropped

    def _idle(self, table: Table) -> bool:
        """Nothing about the table is running or waiting to run, and nobody has used it for
        ``forget_after``: no client connected, no request for it, no driver task (chance,
        bots, stand-ins), no timer (a grace period or a turn clock running out), no storage
        trouble pending (a stale table's state is in doubt, a stalled one must move again:
        the watch sees to both first). In practice: finished tables, tables never started
        (or left waiting), and tables being played whose next move is nobody's to make."""
        if table.clients or table.stale or table.stalled:
            return False
        if table.status != OVER:  # a finished table has nothing left to run: any driver or
            driver = table.driver  # timer of its last moments is cancelled with it
            if (driver is not None and not driver.done()) or table.timer is not None:
                return False
        return time.monotonic() - table.idle_since >= self.forget_after

    def _forget(self, table: Table) -> None:
        """Drop an idle table and everything kept for it (with its lock held). Its row and
        log stay in storage, where :meth:`get` finds it again."""
        del self.tables[table.id]
        table.forgotten = True
        if table.driver is not None:
            table.driver.cancel()
            table.driver = None
        if table.timer is not None:
            table.timer.cancel()  # a pending timer holds the table: let it go
            table.timer = None
        self.logs.forget(table.id)

    # -- expiring tables nobody joined --------------------------------------------------------

    async def mark_joined(self, table: Table) -> None:
        """A player or the owner connected: the table is in use, and never expires unstarted."""
        if table.joined:
            return
        try:
            await self._io(self.storage.mark_joined, table.id, time.time())
        except StorageError:  # told at the next connection; meanwhile a connected table is
            return            # never deleted (expire keeps a table with clients)
        table.joined = True

    async def expire_waiting(self) -> None:
        """Forever (while ``waiting_expiry`` is set): delete the tables nobody joined
        (:meth:`expire`), so links made and never used do not pile up in the database."""
        if not self.waiting_expiry > 0:
            return
        low, high = EXPIRE_EVERY_S
        every = min(max(self.waiting_expiry / 4, low), high)
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except StorageUnavailable:
                continue  # the storage logs the outage once
            except Exception:
                log.exception("could not delete expired tables")

    async def expire(self) -> int:
        """Delete every table made ``waiting_expiry`` seconds ago or more, never started, that
        no player and not the owner ever connected to (spectators do not count: the link to
        watch is the one shared widely); returns how many. A table another process serves is
        left to it; one in memory here with a spectator connected is kept for now."""
        before = time.time() - self.waiting_expiry
        ids = await self._io(self.storage.unjoined_waiting, before, EXPIRE_BATCH)
        deleted = 0
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is None:
                if await self._io(self.storage.claim, table_id, self.url):
                    deleted += await self._io(self.storage.delete_waiting, table_id)
                continue
            async with table.lock:
                if (table.clients or table.joined or table.status != WAITING
                        or self.tables.get(table_id) is not table):
                    continue
                if await self._io(self.storage.delete_waiting, table_id):
                    self._forget(table)
                    deleted += 1
        self.expired += deleted
        if deleted:
            log.info("mazzo: deleted %d tables nobody joined in %g s", deleted,
                     self.waiting_expiry)
        return deleted

    @contextlib.asynccontextmanager
    async def _holding(self, table: Table) -> AsyncIterator[Table]:
        """The table's lock, held on the copy this process serves: if ``table`` was forgotten
        while the caller held it (or waited for its lock), the table is got again (from
        storage) and that copy is locked and yielded instead."""
        while True:
            async with table.lock:
                if not table.forgotten:
                    yield table
                    return
            table = await self.get(table.id)

    # -- creating -----------------------------------------------------------------------------

    async def create(self, request: JSON) -> tuple[Table, str, dict[int, str]]:
        """A new table from a POST /api/tables body; returns it, the owner token and the seat
        tokens. BadRequest names the bad field."""
        unknown = sorted(str(key) for key in request if key not in TABLE_FIELDS)
        if unknown:  # a misspelt field ("seat") would otherwise be a table not asked for
            known = ", ".join(TABLE_FIELDS)
            raise BadRequest(unknown[0][:40], f"unknown field; known: {known}",
                             f"campo sconosciuto; quelli noti: {known}")
        game, config = _parse_game_config(request)
        seats = _parse_seats(request, game, config.players, self.bot_tables)
        names = _parse_names(request, seats)
        options = self._parse_options(request.get("options", {}))
        start = request.get("start", False)
        if not isinstance(start, bool):
            raise BadRequest("start", "must be true or false", "dev'essere true o false")
        tokens = {i: new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        owner = new_token()
        row = TableRow(
            id=secrets.token_urlsafe(9), game=game.id, config=config.to_json(),
            seats=tuple(SeatRow(i, kind, names[i], token_hash(tokens[i]) if i in tokens else None)
                        for i, kind in enumerate(seats)),
            owner_hash=token_hash(owner), status=WAITING, options=options, created=time.time(),
        )
        table = await self._add(row)
        if start:
            await self.start(table)
        return table, owner, tokens

    async def _add(self, row: TableRow) -> Table:
        game = get_game(row.game)
        table = Table(row, game.new_match(game.config_class.from_json(row.config)), [])
        # in memory before it is stored: a scan for orphaned tables running meanwhile must not
        # load a second copy of it (it did: "took over 1 tables" on a lone SQLite server)
        self.tables[row.id] = table
        try:
            await self._io(self.storage.create_table, row)
            await self._io(self.storage.claim, row.id, self.url)  # a new id: nobody has it
        except BaseException:
            self.tables.pop(row.id, None)
            raise
        return table

    def _parse_options(self, data: object) -> JSON:
        if not isinstance(data, dict):
            raise BadRequest("options", "must be an object", "dev'essere un oggetto")
        out: JSON = {}
        hints = data.get("hints", True)
        if not isinstance(hints, bool):
            raise BadRequest("options.hints", "must be true or false", "dev'essere true o false")
        out["hints"] = hints
        for name, (default, low, high) in OPTIONS.items():
            value = data.get(name, self.defaults.get(name, default))
            if isinstance(value, bool) or not isinstance(value, int | float) or not (
                low <= value <= high
            ):
                raise BadRequest(f"options.{name}", f"a number of seconds from {low} to {high}",
                                 f"un numero di secondi da {low} a {high}")
            out[name] = float(value)
        out["turn_seconds"] = _parse_turn_seconds(data.get("turn_seconds", 0))
        unknown = sorted(set(data) - set(OPTIONS) - {"hints", "turn_seconds"})
        if unknown:
            known = f"{', '.join(OPTIONS)}, hints, turn_seconds"
            raise BadRequest(f"options.{unknown[0]}", f"unknown; known: {known}",
                             f"sconosciuta; quelle note: {known}")
        return out

    # -- who is who ---------------------------------------------------------------------------

    @staticmethod
    def role(table: Table, token: str | None) -> tuple[int | None, bool]:
        """(seat, is_owner) for a token; no token: a spectator. ProtocolError if it is wrong."""
        if token is None or token == "":
            return None, False
        digest = token_hash(token)
        for seat in table.row.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat, hmac.compare_digest(table.row.owner_hash, digest)
        if hmac.compare_digest(table.row.owner_hash, digest):
            return None, True
        raise ProtocolError("bad_token")

    @staticmethod
    def is_owner(table: Table, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(
            table.row.owner_hash, token_hash(token)
        )

    # -- connections --------------------------------------------------------------------------

    async def join(self, table: Table, client: Client) -> Table:
        """A client arrives (or comes back): it gets the current state at once, with the log
        of the match so far as its seat saw it. Returns the table it joined: ``table``, or
        the copy loaded again if ``table`` was forgotten meanwhile (a finished table)."""
        while True:
            log = self.logs.get(table.id, table.game, table.state.config, client.seat,
                                table.version)
            async with log.lock:  # always taken before the table's lock, never inside it
                await self._advance_log(table, log)
                async with table.lock:
                    if not table.forgotten:
                        await self._seat_client(table, client, log)
                        return table
            table = await self.get(table.id)  # forgotten while we waited: load it again

    async def _seat_client(self, table: Table, client: Client, log: SeatLog) -> None:
        """Add a client to the table and tell everyone (with the table's lock held)."""
        table.clients.add(client)
        seat = client.seat
        if seat is not None:
            table.away_since.pop(seat, None)
            table.stand_ins.discard(seat)  # the person is back: the stand-in leaves
            await self._broadcast(table, [], skip=client)  # "connected" changed
        await self._send_state(table, client, log)

    async def _advance_log(self, table: Table, log: SeatLog) -> None:
        """Bring a seat's log near the table's version: the actions are read under the
        table's lock (so only stored ones), a long stretch is replayed in a worker thread."""
        async with table.lock:
            actions = table.state.history[log.version:]
            notices = dict(table.timeouts)
        if len(actions) > LOG_INLINE_ACTIONS:
            await asyncio.to_thread(log.advance, actions, notices)
        else:
            log.advance(actions, notices)

    async def leave(self, table: Table, client: Client) -> None:
        hint = self._hints.pop(client, None)
        if hint is not None:
            hint.cancel()  # nobody to tell: the search is dropped if it has not started
        async with table.lock:
            table.clients.discard(client)
            if not table.clients:
                table.idle_since = time.monotonic()
            seat = client.seat
            if seat is not None and table.is_human(seat) and not table.connected(seat):
                table.away_since[seat] = time.monotonic()
                await self._broadcast(table, [])
        if table.status != OVER:  # a finished table has nothing left to drive
            self.kick(table)

    async def _send_state(self, table: Table, client: Client, log: SeatLog | None = None) -> None:
        """The current state frame (with the lock held); with ``log`` (its lock held too), the
        seat's log caught up to exactly this version goes with it."""
        if table.stale:
            try:
                await self._reload(table)
            except StorageError:  # its state follows when the table is reloaded
                client.send(error_frame("storage_unavailable", client.lang))
                return
        view = table.state.view(client.seat)
        table.seen[client.seat] = cards_in(view)
        frame = table.frame(client.seat, client.lang, [], view, set())
        if log is not None:
            log.advance(table.state.history[log.version:], table.timeouts)
            frame["log"] = log.to_json(client.lang, table.labels(client.lang))
        client.send(frame)

    async def send_state(self, table: Table, client: Client, with_log: bool = False) -> None:
        if not with_log:
            async with table.lock:
                await self._send_state(table, client)
            return
        log = self.logs.get(table.id, table.game, table.state.config, client.seat,
                            table.version)
        async with log.lock:
            await self._advance_log(table, log)
            async with table.lock:
                await self._send_state(table, client, log)

    async def send_known_state(self, table: Table, client: Client) -> None:
        """After a storage_unavailable error: the current state if the table's log is known
        (else it follows when the table is reloaded)."""
        async with table.lock:
            if not table.stale:
                await self._send_state(table, client)

    # -- messages -----------------------------------------------------------------------------

    async def handle(self, table: Table, client: Client, message: Message, owner: bool) -> None:
        """Do what a validated message asks; ProtocolError for the client otherwise (a storage
        outage is ``storage_unavailable``)."""
        try:
            await self._handle(table, client, message, owner)
        except NotOwner:
            await self._drop(table)  # the client is asked to reconnect, to the new owner
        except StorageUnavailable:
            raise ProtocolError("storage_unavailable") from None

    async def _handle(self, table: Table, client: Client, message: Message, owner: bool
                      ) -> None:
        kind, fields = message.type, message.fields
        if kind == "hello":  # the log comes again, in the new language
            client.lang = fields.get("lang", client.lang)
            await self.send_state(table, client, with_log=True)
        elif kind == "sync":
            await self.send_state(table, client, with_log=True)
        elif kind == "ping":
            client.send({"type": "pong", "version": table.version})
        elif kind == "act":
            await self.act(table, client, fields)
        elif kind == "hint":
            await self.hint(table, client)  # returns at once: the answer comes later
        elif kind in ("start", "rematch"):
            if not (owner or self.is_owner(table, fields.get("owner"))):
                raise ProtocolError("not_owner")
            if kind == "start":
                await self.start(table)
            else:
                await self.rematch(table)

    async def act(self, table: Table, client: Client, fields: JSON) -> None:
        seat = client.seat
        async with table.lock:
            if seat is None:
                raise ProtocolError("spectator")
            await self._fresh(table)
            if table.status != PLAYING:
                raise ProtocolError("not_playing", status=table.status)
            if fields["version"] != table.version:
                raise ProtocolError("stale_version", sent=fields["version"],
                                    current=table.version)
            state = table.state
            if state.current_player != seat:
                raise ProtocolError("not_your_turn")
            action = self._chosen(table, client.lang, fields)
            try:
                await self._commit(table, action)
            except IllegalAction as exc:
                raise ProtocolError("illegal_action", reason=_explain(table.game, exc,
                                                                       client.lang)) from None
        self.kick_after_move(table)

    async def hint(self, table: Table, client: Client) -> None:
        """Start finding what the esperto bot would play for the client's seat, and return:
        the answer comes as a ``hint`` message, so a search of seconds never holds up the
        client's other messages (its moves, its pings). Computed in the bot pool from that
        seat's turn (a fair bot: it decides from the seat's view, never the hidden cards),
        one hint at a time per seat and :attr:`hint_cooldown` seconds after the last."""
        seat = client.seat
        async with table.lock:
            if not table.hints:
                raise ProtocolError("hints_off")
            if seat is None:
                raise ProtocolError("spectator")
            await self._fresh(table)
            if table.status != PLAYING:
                raise ProtocolError("not_playing", status=table.status)
            if table.state.current_player != seat:
                raise ProtocolError("not_your_turn")
            if seat in table.hinting:
                raise ProtocolError("hint_pending")
            wait = table.hinted_at.get(seat, -math.inf) + self.hint_cooldown - time.monotonic()
            if wait > 0:
                raise ProtocolError("hint_cooldown", seconds=math.ceil(wait))
            table.hinting.add(seat)
            version = table.version
            history = [a.to_json() for a in table.state.history]
            config = table.state.config.to_json()
        task = asyncio.get_running_loop().create_task(
            self._hint(table, client, seat, version, (config, history)))
        self._hints[client] = task

    async def _hint(self, table: Table, client: Client, seat: int, version: int,
                    match: tuple[JSON, list[JSON]]) -> None:
        """The hint's search and answer (a task of its own; see :meth:`hint`)."""
        config, history = match
        try:
            index = await self.bots.choose(table.game.id, config, history, seat, "esperto",
                                           secrets.randbits(31), table=table.id, kind=HINT)
            async with table.lock:
                if table.version != version:
                    return  # the moment passed: the client has a newer frame already
                action = table.state.legal_actions()[index]
                with seat_names(table.labels(client.lang)):
                    text = table.game.describe_action(action, client.lang)
                client.send({"type": "hint", "version": version, "index": index,
                             "text": text})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: a hint failed", table.id)
            client.send(error_frame("server_error", client.lang))
        finally:
            table.hinting.discard(seat)
            table.hinted_at[seat] = time.monotonic()
            if self._hints.get(client) is asyncio.current_task():
                del self._hints[client]

    @staticmethod
    def _chosen(table: Table, lang: str, fields: JSON) -> Action:
        if "index" in fields:
            legal = table.state.legal_actions()
            index = fields["index"]
            if index >= len(legal):
                reason = (f"nessuna mossa con indice {index} (ce ne sono {len(legal)})"
                          if lang == "it" else
                          f"no legal move has index {index} (there are {len(legal)})")
                raise ProtocolError("illegal_action", reason=reason)
            return legal[index]
        try:
            return table.game.action_from_json(fields["action"])
        except IllegalAction as exc:
            raise ProtocolError("illegal_action",
                                reason=_explain(table.game, exc, lang)) from None

    async def start(self, table: Table) -> None:
        async with self._holding(table) as table:  # a waiting table may have been forgotten
            await self._fresh(table)
            if table.status != WAITING:
                raise ProtocolError("already_started")
            try:
                await self._io(self.storage.set_status, table.id, PLAYING)
            except StorageUnavailable:
                table.stale = True  # the write may have happened: read the row back first
                raise
            table.row = dataclasses.replace(table.row, status=PLAYING)
            now = time.monotonic()
            for seat in table.away_since:
                table.away_since[seat] = now
            table.clock_turn()
            await self._broadcast(table, [])
        self.kick(table)

    async def rematch(self, table: Table) -> Table:
        """Offer a rematch: a new table with the same game, config, seats and links, started.
        Made atomically in storage, so however many requests race (in any process), exactly
        one rematch table exists and every caller gets that one."""
        async with self._holding(table) as table:
            await self._fresh(table)
            if table.status != OVER:
                raise ProtocolError("not_over")
            rematch_id = table.row.rematch
            if rematch_id is None:
                # playing from the start: whichever process claims it deals at once
                row = dataclasses.replace(table.row, id=secrets.token_urlsafe(9),
                                          status=PLAYING, rematch=None, created=time.time())
                made = await self._io(self.storage.create_rematch, table.id, row)
                table.row = dataclasses.replace(table.row, rematch=made)
                await self._broadcast(table, [])
                rematch_id = made
        return await self._rematch_table(rematch_id)

    async def _rematch_table(self, table_id: str) -> Table:
        """The rematch table, served here if no other process has claimed it. Another
        process that made it is about to claim it: wait a moment for its address."""
        deadline = time.monotonic() + REMATCH_CLAIM_WAIT_S
        while True:
            try:
                return await self.get(table_id)
            except Elsewhere as away:
                if away.url is not None or time.monotonic() > deadline:
                    raise
            await asyncio.sleep(0.05)

    # -- playing ------------------------------------------------------------------------------

    async def _commit(self, table: Table, action: Action, seed: bytes | None = None,
                      notice: TimedOut | None = None) -> None:
        """Apply, store (committed), then tell everyone (``notice``: why a bot made the move,
        told first). Call with the table's lock held."""
        state = table.state
        before, chance = state.hand_number, state.is_chance
        state.apply(action)  # IllegalAction here changes nothing
        version = len(state.history) - 1
        promise = commitment(seed) if seed is not None else None
        row = ActionRow(version, action.to_json(), seed.hex() if seed is not None else None,
                        promise, state.hand_number,
                        None if notice is None else notice_json(notice))
        try:
            await self.committer.append(table.id, row)  # returns once committed
            if state.is_terminal:
                await self._io(self.storage.set_status, table.id, OVER)
                table.row = dataclasses.replace(table.row, status=OVER)
                table.idle_since = time.monotonic()  # its idle time counts from the end
                await self._io(self.storage.release, table.id)
        except BaseException:
            # the state ran ahead of the log, or the commit is in doubt: take it back to what
            # is stored; while the log cannot be read the table is stale (shows nothing)
            try:
                await self._reload(table)
            except Exception:
                table.stale = True
            raise
        if seed is not None and promise is not None:
            table.chance.append(ChanceEntry(version, seed.hex(), promise, state.hand_number))
        table.clock_turn()
        events = list(state.events)
        hands = event_hands(table.game, before, state.hand_number, chance, events)
        if notice is not None:
            table.timeouts[version + 1] = notice  # keyed by the version of the frame
            events.insert(0, notice)
            hands.insert(0, state.hand_number if chance else before)
        await self._broadcast(table, events, hands=hands)

    async def _broadcast(self, table: Table, events: list[Event],
                         skip: Client | None = None, hands: Sequence[int] | None = None) -> None:
        if table.stale:
            return  # its state is unknown; everyone hears when it has been reloaded
        # each view, card set and frame is built and encoded once per seat (and language),
        # not per client: spectators and a seat's second device share one text
        views: dict[int | None, JSON] = {}
        seen: dict[int | None, set[str]] = {}
        frames: dict[tuple[int | None, str], str] = {}
        public = table.public_parts()
        for client in list(table.clients):
            if client is skip:
                continue
            seat = client.seat
            if seat not in views:
                views[seat] = table.state.view(seat)
                seen[seat] = cards_in(views[seat])
            key = (seat, client.lang)
            text = frames.get(key)
            if text is None:
                allowed = table.seen.get(seat, set()) | seen[seat]
                text = frames[key] = encode_frame(table.frame(
                    seat, client.lang, events, views[seat], allowed, public, hands))
            # never waits: a client whose socket is full gets it from its own outbox later
            # (and is hung up on if it falls too far behind), so no client holds up the
            # others, and a task per send would cost more than the send itself
            client.send(text)
        table.seen.update(seen)

    def kick(self, table: Table) -> None:
        """Make sure the table's driver runs (chance, bots, stand-ins) if there is work."""
        if table.driver is None or table.driver.done():
            table.driver = asyncio.get_running_loop().create_task(self._drive(table))

    def _wake(self, table: Table) -> None:
        """A table's timer ran out (a grace period, a turn clock, a retry after a failure): no
        timer is pending now."""
        table.timer = None
        self.kick(table)

    def kick_after_move(self, table: Table) -> None:
        """:meth:`kick` after a person's move, unless a connected person is to move next: then
        the driver has nothing to do, and a task to find that out costs more than the check
        (it is the common case of a table of people)."""
        state = table.state
        if (table.status == PLAYING and not state.is_terminal and not state.is_chance
                and not table.stale and table.is_human(state.current_player)
                and state.current_player not in table.stand_ins
                and table.connected(state.current_player)):
            return
        self.kick(table)

    async def _drive(self, table: Table) -> None:
        try:
            more = True
            while more:
                more = await self._step(table)
                table.failures = 0  # the step went through: any failures before it are over
        except NotOwner:
            await self._drop(table)
        except StorageError as exc:
            table.stalled = True  # the watch sets it going again once storage answers
            log.info("table %s waits for storage: %s", table.id, exc)
        except Exception:
            # unforeseen (a bot worker's failure, say): the table must not stop for good, and
            # a failure that comes back must not fill the log, so each retry waits longer
            first, most = DRIVER_RETRY_S
            delay = min(first * 2 ** table.failures, most)
            table.failures += 1
            log.exception("table %s stopped moving: trying again in %g s", table.id, delay)
            if table.timer is not None:
                table.timer.cancel()
            table.timer = asyncio.get_running_loop().call_later(delay, self._wake, table)

    async def _step(self, table: Table) -> bool:
        """Play one chance or bot move if one is due; False when people must act (or it's over)."""
        async with table.lock:
            await self._fresh(table)
            state = table.state
            if table.status != PLAYING or state.is_terminal:
                return False
            if state.is_chance:
                seed = new_seed()
                await self._commit(table, fair_chance(state, seed), seed)
                return True
            seat = state.current_player
            mover = self._bot_mover(table, seat)
            if mover is None:
                return False
            level, why = mover
            version = table.version
            history = [a.to_json() for a in state.history]
            config = state.config.to_json()
            if why == AWAY and seat not in table.stand_ins:
                table.stand_ins.add(seat)
                await self._broadcast(table, [])  # everyone sees the stand-in take the seat
        # the pause lets people follow a bot; a time-out has made everyone wait already
        pause = 0.0 if why == TIMEOUT else table.option("bot_pause_s")
        if pause:
            await asyncio.sleep(pause)
        index = await self.bots.choose(table.game.id, config, history, seat, level,
                                       secrets.randbits(31), table=table.id, kind=MOVE)
        async with table.lock:
            if table.version != version or self._bot_mover(table, seat) != mover:
                return True  # someone moved meanwhile, or the person came back
            notice = TimedOut(seat, level) if why == TIMEOUT else None
            await self._commit(table, table.state.legal_actions()[index], notice=notice)
        return True

    def _bot_mover(self, table: Table, seat: int) -> tuple[str, str] | None:
        """Who plays ``seat`` now and why: (a bot level, :data:`BOT`), the stand-in for a
        person away past the grace period (:data:`AWAY`) or whose turn time ran out
        (:data:`TIMEOUT`); None while its person is to act (a timer then wakes the table when
        the grace period or the turn time will run out)."""
        kind = table.row.seats[seat].kind
        if kind != HUMAN:
            return kind, BOT
        now = time.monotonic()
        waits = []
        if not table.connected(seat):
            if seat in table.stand_ins:
                return STAND_IN, AWAY
            away = table.away_since.setdefault(seat, now)
            wait = away + table.option("grace_s") - now
            if wait <= 0:
                return STAND_IN, AWAY
            waits.append(wait)
        if table.turn_deadline is not None:
            wait = table.turn_deadline - now
            if wait <= 0:
                return STAND_IN, TIMEOUT
            waits.append(wait)
        if waits:
            if table.timer is not None:
                table.timer.cancel()
            table.timer = asyncio.get_running_loop().call_later(min(waits), self._wake, table)
        return None

    async def close(self) -> None:
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.cancel()
            if table.timer is not None:
                table.timer.cancel()


def _explain(game: Game, exc: IllegalAction, lang: str) -> str:
    """The engine's reason, in the client's language where the game can say it."""
    explain = getattr(game, "explain_illegal", None)
    if callable(explain):
        return str(explain(exc, lang))
    return str(exc)


def _parse_game_config(request: JSON) -> tuple[Game, Any]:
    game_id = request.get("game")
    if game_id is None:
        raise BadRequest("game", "missing; give a game id", "manca; indica l'id di un gioco")
    if not isinstance(game_id, str):
        raise BadRequest("game", f"a game id (a string), not {short(game_id)}",
                         f"l'id di un gioco (una stringa), non {short(game_id)}")
    try:
        game = get_game(game_id)
    except MazzoError as exc:
        raise BadRequest("game", str(exc), exc.text("it")) from None
    data = request.get("config", {})
    if not isinstance(data, dict):
        raise BadRequest("config", "must be an object", "dev'essere un oggetto")
    try:
        config = game.config_class.from_json(data)
    except ConfigError as exc:
        field = exc.field or str(exc).split(":", 1)[0]
        raise BadRequest(f"config.{field}", str(exc), exc.text("it")) from None
    except (TypeError, ValueError) as exc:
        raise BadRequest("config", str(exc), f"non valida: {exc}") from None
    return game, config


def _parse_seats(request: JSON, game: Game, players: int, bot_tables: bool) -> list[str]:
    seats = request.get("seats")
    if seats is None:
        return [HUMAN] + ["medio"] * (players - 1)
    allowed = (HUMAN, *LEVELS)
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest("seats", f"a list of {players} seats, each one of {', '.join(allowed)}",
                         f"una lista di {players} posti, ognuno tra {', '.join(allowed)}")
    for i, kind in enumerate(seats):
        if kind not in allowed:
            raise BadRequest(f"seats.{i}", f"{short(kind)} is not one of {', '.join(allowed)}",
                             f"{short(kind)} non è tra {', '.join(allowed)}")
    if HUMAN not in seats and not bot_tables:
        raise BadRequest("seats", f"at least one seat must be {HUMAN!r} (a person): this server "
                         "does not play tables of bots only",
                         f"almeno un posto dev'essere {HUMAN!r} (una persona): questo server non "
                         "gioca tavoli di soli bot")
    return list(seats)


def _parse_turn_seconds(value: object) -> float:
    low, high = TURN_SECONDS
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        value == 0 or low <= value <= high
    ):
        raise BadRequest("options.turn_seconds",
                         f"0 (no time limit) or a number of seconds from {low:g} to {high:g}",
                         f"0 (nessun limite di tempo) o un numero di secondi da {low:g} a "
                         f"{high:g}")
    return float(value)


def _parse_names(request: JSON, seats: list[str]) -> list[str]:
    names = request.get("names")
    default = [f"{kind} {i + 1}" if kind != HUMAN else f"player {i + 1}"
               for i, kind in enumerate(seats)]
    if names is None:
        return default
    if not isinstance(names, list) or len(names) != len(seats):
        raise BadRequest("names", f"a list of {len(seats)} nicknames",
                         f"una lista di {len(seats)} nomi")
    out = []
    for i, name in enumerate(names):
        if name is None or name == "":
            out.append(default[i])
        elif not isinstance(name, str) or len(name) > NAME_MAX or not name.isprintable():
            raise BadRequest(f"names.{i}", f"a nickname of at most {NAME_MAX} printable characters",
                             f"un nome di al massimo {NAME_MAX} caratteri stampabili")
        elif (why := impersonation(name)) is not None:
            raise BadRequest(f"names.{i}", f"{short(name)} {why[0]}", f"{short(name)} {why[1]}")
        else:
            out.append(name.strip() or default[i])
    return out
