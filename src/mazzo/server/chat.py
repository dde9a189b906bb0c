"""A table's chat: what a message may be (its length, no control characters, the quick phrases),
how often one may be sent, and a table's room (the last messages of each channel, kept for
whoever connects). Players and spectators talk in separate channels: a seat's message reaches
the seated players only, a spectator's the spectators only, from the first move to the last and
after it (spectators see every hand's cards face down, but could still tell a player what the
others said or did while they looked away). docs/server.md ("Chat") describes the messages."""

from __future__ import annotations

import asyncio
import collections
import re
import weakref
from collections.abc import Hashable
from typing import Final

from mazzo.engine.game import JSON
from mazzo.server.protocol import ProtocolError
from mazzo.server.storage.base import DELETED_NAME, PLAYERS, SPECTATORS, ChatRow

#: the longest message, in characters, once trimmed of spaces at both ends
CHAT_MAX_CHARS: Final = 200
#: messages one connection, and one seat (or account) on all its devices, may send per window
CHAT_BURST: Final = 5
#: the window of that limit, in seconds
CHAT_WINDOW_S: Final = 10.0
#: senders' windows a room keeps before it drops those with nothing left to count
SENDERS_KEPT: Final = 256
#: the messages of each channel sent to a client when it connects (and kept in memory)
CHAT_HISTORY: Final = 50
#: characters a message may not hold: control characters (a line break included: a message is
#: one line) and the bidirectional overrides and isolates, which make text read other than it is
#: stored (a name or a message could seem to say something else, or to come from someone else)
FORBIDDEN: Final = re.compile("[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e"
                              "\u2066-\u2069]")
#: quick phrases: key -> (Italian, English), sent as the key and shown in each reader's language
PHRASES: Final[dict[str, tuple[str, str]]] = {
    "hi": ("Ciao!", "Hi!"),
    "good_luck": ("Buona fortuna!", "Good luck!"),
    "well_played": ("Ben giocato!", "Well played!"),
    "thanks": ("Grazie!", "Thanks!"),
    "sorry": ("Scusa!", "Sorry!"),
    "one_moment": ("Un momento, torno subito.", "One moment, back soon."),
    "good_game": ("Bella partita!", "Good game!"),
    "bye": ("Ciao, alla prossima!", "Bye, see you next time!"),
}
#: how a guest spectator is named in chat, (Italian, English), before their tag ("Spectator #a3f")
SPECTATOR_WORD: Final = ("Spettatore", "Spectator")


def channel_of(seat: int | None) -> str:
    """The channel a connection talks and listens in: its seat's, or the spectators'."""
    return SPECTATORS if seat is None else PLAYERS


def clean_text(text: str) -> str:
    """A typed message as stored: trimmed; ProtocolError ``chat_empty``, ``chat_too_long`` or
    ``chat_control`` (naming the character) when it cannot be sent."""
    text = text.strip()
    if not text:
        raise ProtocolError("chat_empty")
    if len(text) > CHAT_MAX_CHARS:
        raise ProtocolError("chat_too_long", size=len(text), limit=CHAT_MAX_CHARS)
    found = FORBIDDEN.search(text)
    if found:
        raise ProtocolError("chat_control", char=f"U+{ord(found[0]):04X}")
    return text


def check_phrase(key: str) -> str:
    if key not in PHRASES:
        raise ProtocolError("chat_phrase", phrase=key[:40], known=", ".join(PHRASES))
    return key


class Window:
    """At most ``burst`` events in any ``window`` seconds (a sliding window: a flood waits for
    its oldest message to leave the window, not for a whole new period)."""

    def __init__(self, burst: int = CHAT_BURST, window: float = CHAT_WINDOW_S) -> None:
        self.burst = burst
        self.window = window
        self.times: collections.deque[float] = collections.deque()

    def counts(self, now: float) -> int:
        """How many events of the window are still counted at ``now``."""
        while self.times and now - self.times[0] >= self.window:
            self.times.popleft()
        return len(self.times)

    def wait(self, now: float) -> float:
        """Seconds until one more event is allowed (0: now)."""
        if self.counts(now) < self.burst:
            return 0.0
        return self.times[0] + self.window - now

    def take(self, now: float) -> None:
        self.times.append(now)


class ChatRoom:
    """A table's chat in memory: each channel's last :data:`CHAT_HISTORY` messages (read from
    storage the first time someone connects), and the rate windows of its connections and
    seats. ``lock`` keeps messages in one order: stored, then sent, one at a time."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.history: dict[str, collections.deque[ChatRow]] = {}
        #: a connection's window goes with the connection
        self.by_client: weakref.WeakKeyDictionary[object, Window] = weakref.WeakKeyDictionary()
        #: a seat's (``("seat", n)``) or account's (``("account", id)``) window
        self.by_sender: dict[Hashable, Window] = {}

    def loaded(self, channel: str) -> bool:
        return channel in self.history

    def load(self, channel: str, rows: list[ChatRow]) -> None:
        self.history[channel] = collections.deque(rows, maxlen=CHAT_HISTORY)

    def add(self, row: ChatRow) -> None:
        if row.channel in self.history:  # else it is read from storage, with this one
            self.history[row.channel].append(row)

    def admit(self, client: object, sender: Hashable, now: float) -> None:
        """Count one message of ``client`` (speaking as ``sender``), or ProtocolError
        ``chat_rate`` saying how long to wait."""
        if len(self.by_sender) > SENDERS_KEPT:  # guests come and go: keep only busy windows
            self.by_sender = {key: w for key, w in self.by_sender.items() if w.counts(now)}
        windows = [self.by_client.setdefault(client, Window()),
                   self.by_sender.setdefault(sender, Window())]
        wait = max(w.wait(now) for w in windows)
        if wait > 0:
            raise ProtocolError("chat_rate", n=CHAT_BURST, seconds=f"{CHAT_WINDOW_S:g}",
                                wait=max(1, round(wait)))
        for w in windows:
            w.take(now)


def chat_frame(row: ChatRow, lang: str, labels: list[str]) -> JSON:
    """A message as a reader in ``lang`` gets it: ``from`` is the seat's label (its nickname)
    for a player, the account's name or "Spectator #tag" for a spectator; a quick phrase's
    ``text`` is in the reader's language."""
    italian = lang == "it"
    if row.seat is not None and 0 <= row.seat < len(labels):
        sender = labels[row.seat]
    elif row.account is None:
        sender = f"{SPECTATOR_WORD[0 if italian else 1]} {row.name}"
    elif row.name == DELETED_NAME["en"]:  # the account was deleted, its name with it
        sender = DELETED_NAME.get(lang, row.name)
    else:
        sender = row.name
    if row.phrase is not None:
        text = PHRASES.get(row.phrase, (row.phrase, row.phrase))[0 if italian else 1]
    else:
        text = row.text or ""
    frame: JSON = {"type": "chat", "id": row.id, "from": sender, "text": text,
                   "channel": row.channel, "seat": row.seat, "at": row.at}
    if row.phrase is not None:
        frame["phrase"] = row.phrase
    return frame

