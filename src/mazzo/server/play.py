"""Playing at the tables: clients joining and leaving, their messages (moves, hints, start,
rematch), the driver that plays chance, bots and stand-ins, and the frames broadcast after each
change. Every accepted action is stored before any frame about it is sent. :class:`TablePlay`
is the last part of ``TableManager``."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import secrets
import time
from collections.abc import Sequence
from typing import Final

from mazzo.engine.game import JSON, Action, Event, Game, IllegalAction
from mazzo.server.bots import HINT, MOVE
from mazzo.server.fairness import commitment, fair_chance, new_seed
from mazzo.server.history import (
    SeatLog,
    TimedOut,
    ended_hand,
    event_hands,
    hand_sheet,
    notice_json,
)
from mazzo.server.protocol import Message, ProtocolError, cards_in, encode_frame, error_frame
from mazzo.server.ratings import forfeit_seat
from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    WAITING,
    ActionRow,
    NotOwner,
    StorageError,
    StorageUnavailable,
)
from mazzo.server.table import HUMAN, LOG_INLINE_ACTIONS, STAND_IN, ChanceEntry, Client, Table
from mazzo.server.table_chat import TableChat
from mazzo.server.watch import BOT as BY_BOT
from mazzo.server.watch import CHANCE as BY_CHANCE
from mazzo.server.watch import PERSON as BY_PERSON
from mazzo.text import seat_names

log = logging.getLogger("mazzo.server")

#: why a bot moves for a seat: it is a bot, a stand-in for an absent person, or a time-out
BOT, AWAY, TIMEOUT = "bot", "away", "timeout"
#: a table whose driver failed unexpectedly tries again after the first of these seconds,
#: twice as long after each failure in a row, up to the second
DRIVER_RETRY_S: Final = (1.0, 60.0)
#: seconds a seat waits after one hint's answer before it may ask for the next
#: (``mazzo serve --hint-cooldown``): a hint is an esperto search, seconds of a bot worker
HINT_COOLDOWN_S: Final = 3.0


class TablePlay(TableChat):
    """Connections, messages, moves and broadcasts (``TableManager``'s last part)."""

    # -- connections ------------------------------------------------------------------------------

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
        table.views[client.seat] = view
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

    # -- messages ---------------------------------------------------------------------------------

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
            await self.send_chat_history(table, client)
        elif kind == "sync":
            await self.send_state(table, client, with_log=True)
        elif kind == "ping":
            client.send({"type": "pong", "version": table.version})
        elif kind == "act":
            await self.act(table, client, fields)
        elif kind == "hint":
            await self.hint(table, client)  # returns at once: the answer comes later
        elif kind == "chat":
            await self.chat(table, client, fields)
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
            log.exception("table %s: a hint failed", table.id, extra={"table": table.id})
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

    # -- playing ----------------------------------------------------------------------------------

    async def _commit(self, table: Table, action: Action, seed: bytes | None = None,
                      notice: TimedOut | None = None, by: str = BY_PERSON) -> None:
        """Apply, store (committed), then tell everyone (``notice``: why a bot made the move,
        told first; ``by``: who made it, a person or a bot, for the metrics; an act with a
        ``seed`` is chance's). Call with the table's lock held."""
        state = table.state
        before, chance = state.hand_number, state.is_chance
        state.apply(action)  # IllegalAction here changes nothing
        version = len(state.history) - 1
        promise = commitment(seed) if seed is not None else None
        row = ActionRow(version, action.to_json(), seed.hex() if seed is not None else None,
                        promise, state.hand_number,
                        None if notice is None else notice_json(notice))
        handed = time.perf_counter()
        try:
            await self.committer.append(table.id, row)  # returns once committed
            committed = time.perf_counter()
            if state.is_terminal:
                await self._rate(table)  # before the status: a reload after a crash rates it
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
        stored = time.perf_counter()  # with a match's end recorded too
        if seed is not None and promise is not None:
            table.chance.append(ChanceEntry(version, seed.hex(), promise, state.hand_number))
        table.clock_turn()
        events = list(state.events)
        hands = event_hands(table.game, before, state.hand_number, chance, events)
        ended, table.log_hand = ended_hand(table.log_hand, before, state.hand_number, chance,
                                           hands, state.is_terminal)
        if notice is not None:
            table.timeouts[version + 1] = notice  # keyed by the version of the frame
            events.insert(0, notice)
            hands.insert(0, state.hand_number if chance else before)
        await self._broadcast(table, events, hands=hands, ended=ended)
        self.metrics.acted(BY_CHANCE if seed is not None else by, committed - handed,
                           time.perf_counter() - stored)

    async def _broadcast(self, table: Table, events: list[Event],
                         skip: Client | None = None, hands: Sequence[int] | None = None,
                         ended: tuple[int, bool] | None = None) -> None:
        """Send each client its frame; ``ended``: the hand this change ended (its number, and
        whether its sheet is the seat's view before it): its score sheet goes with the frame,
        so the end-of-hand overlay needs no second round trip."""
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
                    seat, client.lang, events, views[seat], allowed, public, hands,
                    self._hand_sheet(table, seat, views[seat], ended)))
            # never waits: a client whose socket is full gets it from its own outbox later
            # (and is hung up on if it falls too far behind), so no client holds up the
            # others, and a task per send would cost more than the send itself
            client.send(text)
        table.seen.update(seen)
        table.views.update(views)

    @staticmethod
    def _hand_sheet(table: Table, seat: int | None, view: JSON,
                    ended: tuple[int, bool] | None) -> JSON | None:
        """The score sheet of the hand just ended, from ``seat``'s own view (None when no
        hand ended, or the view before a deal was never sent to that seat: the client then
        asks for the log, which has it)."""
        if ended is None:
            return None
        number, before = ended
        end_view = table.views.get(seat) if before else view
        if end_view is None:
            return None
        return {"hand": number, "sheet": hand_sheet(table.game, end_view)}

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
            log.info("table %s waits for storage: %s", table.id, exc, extra={"table": table.id})
        except Exception:
            # unforeseen (a bot worker's failure, say): the table must not stop for good, and
            # a failure that comes back must not fill the log, so each retry waits longer
            first, most = DRIVER_RETRY_S
            delay = min(first * 2 ** table.failures, most)
            table.failures += 1
            log.exception("table %s stopped moving: trying again in %g s", table.id, delay,
                          extra={"table": table.id})
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
                if table.row.options.get("rated"):  # the seat's person loses the match
                    await self._io(forfeit_seat, self.storage, table.row, seat)
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
            await self._commit(table, table.state.legal_actions()[index], notice=notice,
                               by=BY_BOT)
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


def _explain(game: Game, exc: IllegalAction, lang: str) -> str:
    """The engine's reason, in the client's language where the game can say it."""
    explain = getattr(game, "explain_illegal", None)
    if callable(explain):
        return str(explain(exc, lang))
    return str(exc)
