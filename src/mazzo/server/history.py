"""The log a (re)connecting client gets: every event of the match so far as its seat saw it
live, hand by hand, with each finished hand's score sheet; and the names texts give the seats.

The log is derived by replaying the table's actions on a fresh state (never by sending the
actions, which hold every card): after each action the seat's view is taken, and an event is
kept only if every card it names is in the seat's view before or after that action — the very
filter live frames use (``protocol.may_see``), so the log equals what the seat was sent. A seat's
log is advanced incrementally and kept in a small cache, so a reload or a language switch
replays only the actions since. Documented in docs/server.md ("The log").
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from mazzo.engine.game import JSON, Action, Config, Event, Game
from mazzo.server.protocol import cards_in, may_see
from mazzo.server.storage.base import DELETED_NAME, SeatRow
from mazzo.text import seat_label, seat_names

#: the log keeps the last this many events (older ones are counted, not sent) ...
MAX_LOG_EVENTS: Final = 500
#: ... and the last this many hands (with their score sheets)
MAX_LOG_HANDS: Final = 40

@dataclasses.dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """A server notice, not a game event: ``seat``'s turn time ran out and ``level`` played
    its move (told in the same frame as that move, and kept in the log before its events)."""

    kind: ClassVar[str] = "timeout"
    seat: int
    level: str


def notice_json(notice: TimedOut) -> JSON:
    """The notice as stored with its action."""
    return {"type": TimedOut.kind, "seat": notice.seat, "level": notice.level}


def notice_from_json(data: JSON | None) -> TimedOut | None:
    """The stored notice, or None (none stored, or one this server does not know)."""
    if not data or data.get("type") != TimedOut.kind:
        return None
    seat, level = data.get("seat"), data.get("level")
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(level, str):
        return None
    return TimedOut(seat, level)


def describe_event(game: Game, event: Event, lang: str) -> str:
    """An event in words: the game's own text, or the server's for its notices."""
    if isinstance(event, TimedOut):
        name = seat_label(event.seat, lang)
        if lang == "it":
            return f"Tempo scaduto per {name}: il bot {event.level} gioca al suo posto"
        return f"Time's up for {name}: the {event.level} bot plays for them"
    return game.describe_event(event, lang)


def seat_labels(seats: Sequence[SeatRow], lang: str) -> list[str]:
    """The names texts give the seats: each person's nickname, "Giocatore 2" / "Player 2" for
    a person created without one, "Bot medio" for a bot, "giocatore eliminato" / "deleted
    player" for the seat of a deleted account; a name used twice gets its seat number, "Bot
    medio (3)", so no two seats read alike."""
    labels = []
    for seat in seats:
        # the names the server gives seats created without one (creation._parse_names)
        default = f"{'player' if seat.kind == 'human' else seat.kind} {seat.seat + 1}"
        if seat.account is not None and seat.name == DELETED_NAME["en"]:
            labels.append(DELETED_NAME.get(lang, DELETED_NAME["en"]))
        elif seat.name != default:
            labels.append(seat.name)
        elif seat.kind == "human":
            labels.append(seat_label(seat.seat, lang))
        else:
            labels.append(f"Bot {seat.kind}")
    counts = collections.Counter(labels)
    return [f"{label} ({i + 1})" if counts[label] > 1 else label for i, label in enumerate(labels)]


def event_hands(game: Game, before: int, after: int, chance: bool,
                events: Sequence[Event]) -> list[int]:
    """The hand each of an action's events belongs to. An action belongs to the hand being
    played when it was taken, a deal (a chance action) to the hand it deals: so a hand's last
    action, which scores it, stays with it even when it moves the hand number on. Where the
    engine opens the next hand inside that same action (``Game.hand_openers``), the events from
    the opener on belong to the new hand."""
    hand = after if chance else before
    if chance or before == after:
        return [hand] * len(events)
    openers = game.hand_openers
    out = []
    for event in events:
        if event.kind in openers:
            hand = after
        out.append(hand)
    return out


def hand_sheet(game: Game, view: JSON) -> JSON:
    """A finished hand's score sheet: the parts of the seat's view once it was scored that
    the game names (its ``sheet_keys``) and the scores."""
    keys = ("scores", *game.sheet_keys)
    return {key: view[key] for key in keys if key in view}


def ended_hand(open_hand: int | None, before: int, after: int, chance: bool,
               hands: Sequence[int], terminal: bool) -> tuple[tuple[int, bool] | None, int]:
    """The hand an action ended, as :class:`SeatLog` closes it, and the hand open after it.
    ``open_hand``: the log's open hand before the action (None: not known, as after a
    restart; nothing is then said to end first); ``hands``: each of its events' hand. The hand
    ended is (its number, whether its sheet is the view before the action: a deal opens the
    next hand with the view before it), or None."""
    ended = None
    start = after if chance else before
    if open_hand is not None and start != open_hand:
        ended = (open_hand, True)
    current = start
    for hand in hands:
        if hand != current:
            ended, current = (current, False), hand
    if terminal:
        ended = (current, False)
    return ended, current


@dataclasses.dataclass
class Hand:
    """One hand of a seat's log: its events (with the frame version that carried each), how
    many older ones were dropped, and its score sheet once it is over."""

    number: int
    entries: collections.deque[tuple[int, Event]] = dataclasses.field(
        default_factory=collections.deque)
    omitted: int = 0
    sheet: JSON | None = None


class SeatLog:
    """One seat's log (None: a spectator's), built by replaying the table's actions."""

    def __init__(self, game: Game, config: Config, seat: int | None, *,
                 max_events: int = MAX_LOG_EVENTS, max_hands: int = MAX_LOG_HANDS) -> None:
        self.state = game.new_match(config)
        self.seat = seat
        self.max_events = max_events
        self.max_hands = max_hands
        self.hands: collections.deque[Hand] = collections.deque()
        self.kept = 0
        self.omitted_hands = 0
        self._view = self.state.view(seat)
        self._seen = cards_in(self._view)
        #: held while the log is advanced (in a worker thread for a long stretch)
        self.lock = asyncio.Lock()
        #: the last log made for the wire, by (version, language, names): a client asking
        #: again and again (``sync``) costs no texts
        self._wire: tuple[tuple[int, str, tuple[str, ...]], JSON] | None = None

    @property
    def version(self) -> int:
        return len(self.state.history)

    def advance(self, actions: Sequence[Action], notices: Mapping[int, Event]) -> None:
        """Apply ``actions`` (the table's next ones); ``notices`` maps a version to the server
        notice told with the action that made it."""
        for action in actions:
            self._apply(action, notices.get(len(self.state.history) + 1))
        if self.state.is_terminal and self.hands and self.hands[-1].sheet is None:
            self.hands[-1].sheet = self._sheet(self._view)

    def _apply(self, action: Action, notice: Event | None) -> None:
        state = self.state
        before, chance = state.hand_number, state.is_chance
        state.apply(action)
        version = len(state.history)
        view = state.view(self.seat)
        seen = cards_in(view)
        allowed = self._seen | seen  # the live filter: the seat's view before or after
        events = list(state.events)
        hands = event_hands(state.game, before, state.hand_number, chance, events)
        # a deal opens its hand: the hand before ended with the view before the deal
        self._enter(state.hand_number if chance else before, self._view)
        if notice is not None:
            self._keep(version, notice)
        for event, hand in zip(events, hands, strict=True):
            if hand != self.hands[-1].number:
                self._enter(hand, view)  # this action closed a hand and opened the next
            if may_see(event.to_json(), allowed):
                self._keep(version, event)
        self._view, self._seen = view, seen

    def _enter(self, number: int, end_view: JSON) -> None:
        """Open hand ``number``; the hand before gets its sheet from ``end_view`` (the view
        once it was scored)."""
        if self.hands and self.hands[-1].number == number:
            return
        if self.hands and self.hands[-1].sheet is None:
            self.hands[-1].sheet = self._sheet(end_view)
        self.hands.append(Hand(number))
        while len(self.hands) > self.max_hands:
            dropped = self.hands.popleft()
            self.kept -= len(dropped.entries)
            self.omitted_hands += 1

    def _keep(self, version: int, event: Event) -> None:
        self.hands[-1].entries.append((version, event))
        self.kept += 1
        while self.kept > self.max_events:  # drop the oldest event still kept
            oldest = next(h for h in self.hands if h.entries)
            oldest.entries.popleft()
            oldest.omitted += 1
            self.kept -= 1

    def _sheet(self, view: JSON) -> JSON:
        return hand_sheet(self.state.game, view)

    def to_json(self, lang: str, labels: Sequence[str]) -> JSON:
        """The log for the wire, its texts in ``lang`` naming the seats by ``labels`` (callers
        must not change it: it is kept for the next client asking at the same version)."""
        key = (self.version, lang, tuple(labels))
        if self._wire is not None and self._wire[0] == key:
            return self._wire[1]
        game = self.state.game
        hands = []
        with seat_names(labels):
            for hand in self.hands:
                events = []
                for version, event in hand.entries:
                    data = event.to_json()
                    data["text"] = describe_event(game, event, lang)
                    data["log_hand"] = hand.number
                    data["version"] = version
                    events.append(data)
                hands.append({"hand": hand.number, "events": events, "omitted": hand.omitted,
                              "sheet": hand.sheet})
        wire = {"version": self.version, "hands": hands, "omitted_hands": self.omitted_hands,
                "limits": {"events": self.max_events, "hands": self.max_hands}}
        self._wire = (key, wire)
        return wire


class LogCache:
    """The most recently used seat logs of every table (least recently used dropped first),
    so a reload, a language switch or a new hand replays only the actions since."""

    def __init__(self, capacity: int = 128) -> None:
        self.capacity = capacity
        self._logs: collections.OrderedDict[tuple[str, int | None], SeatLog] = (
            collections.OrderedDict())

    def get(self, table_id: str, game: Game, config: Config, seat: int | None,
            version: int) -> SeatLog:
        """The cached log of that seat if it is not past ``version``, else a fresh one."""
        key = (table_id, seat)
        log = self._logs.get(key)
        if log is None or log.version > version:  # a table rebuilt from storage went back
            log = SeatLog(game, config, seat)
            self._logs[key] = log
        self._logs.move_to_end(key)
        while len(self._logs) > self.capacity:
            self._logs.popitem(last=False)
        return log

    def forget(self, table_id: str) -> None:
        for key in [k for k in self._logs if k[0] == table_id]:
            del self._logs[key]
