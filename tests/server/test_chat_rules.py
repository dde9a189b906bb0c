"""The chat's rules without a server: what a message may be, the sliding rate window, how a
message is named and worded for each reader, and a room that forgets idle senders."""

from __future__ import annotations

import pytest

from mazzo.server.chat import (
    CHAT_BURST,
    CHAT_WINDOW_S,
    SENDERS_KEPT,
    ChatRoom,
    Window,
    chat_frame,
    clean_text,
)
from mazzo.server.protocol import ProtocolError, parse_message
from mazzo.server.storage.base import PLAYERS, SPECTATORS, ChatRow


@pytest.mark.parametrize(("text", "code"), [
    ("", "chat_empty"), (" \t ", "chat_empty"), ("x" * 201, "chat_too_long"),
    ("a\nb", "chat_control"), ("a\x00b", "chat_control"), ("a\x1bb", "chat_control"),
    ("\u202ereversed", "chat_control"), ("\u2066isolated", "chat_control"),
    ("a\u200fb", "chat_control"),
])
def test_a_message_that_cannot_be_sent_says_why(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        clean_text(text)
    assert refused.value.code == code


def test_a_message_is_trimmed_and_otherwise_kept() -> None:
    assert clean_text("  ciao <b>a tutti</b> ♥ 7♥  ") == "ciao <b>a tutti</b> ♥ 7♥"
    assert clean_text(" " + "é" * 200 + " ") == "é" * 200


def test_a_chat_message_names_text_or_phrase() -> None:
    assert parse_message('{"type": "chat", "text": "hi"}').fields == {"text": "hi"}
    assert parse_message('{"type": "chat", "phrase": "hi"}').fields == {"phrase": "hi"}
    for bad in ('{"type": "chat"}', '{"type": "chat", "text": "a", "phrase": "hi"}',
                '{"type": "chat", "text": 5}', '{"type": "chat", "text": "a", "to": 1}'):
        with pytest.raises(ProtocolError, match="bad_message"):
            parse_message(bad)


def test_the_window_slides() -> None:
    window = Window()
    for n in range(CHAT_BURST):
        assert window.wait(float(n)) == 0
        window.take(float(n))
    assert window.wait(CHAT_BURST) == pytest.approx(CHAT_WINDOW_S - CHAT_BURST)
    assert window.wait(CHAT_WINDOW_S) == 0  # the first message left the window
    assert window.counts(CHAT_WINDOW_S) == CHAT_BURST - 1


class Connection:
    """Stands for a websocket connection (a room keeps a weak reference to each)."""


def test_a_room_counts_a_connection_and_a_sender_and_forgets_idle_senders() -> None:
    room, phone, laptop = ChatRoom(), Connection(), Connection()
    for _ in range(CHAT_BURST - 1):
        room.admit(phone, ("seat", 0), 0.0)
    room.admit(laptop, ("seat", 0), 0.0)
    with pytest.raises(ProtocolError) as refused:
        room.admit(laptop, ("seat", 0), 1.0)
    assert refused.value.code == "chat_rate" and refused.value.params["wait"] == 9
    room.admit(laptop, ("seat", 1), 1.0)  # as another sender: its own count
    for n in range(SENDERS_KEPT + 1):
        room.admit(Connection(), ("guest", n), 100.0 + n * CHAT_WINDOW_S)
    assert len(room.by_sender) <= SENDERS_KEPT


def test_a_message_reads_in_each_readers_language() -> None:
    labels = ["Ada", "Giocatore 2"]
    phrase = ChatRow("m1", 5.0, 1, PLAYERS, "player 2", None, None, "thanks")
    assert chat_frame(phrase, "it", labels) == {
        "type": "chat", "id": "m1", "from": "Giocatore 2", "text": "Grazie!",
        "channel": PLAYERS, "seat": 1, "at": 5.0, "phrase": "thanks"}
    assert chat_frame(phrase, "en", ["Ada", "Player 2"])["text"] == "Thanks!"
    guest = ChatRow("m2", 6.0, None, SPECTATORS, "#3fa2", None, "<b>hi</b>")
    assert chat_frame(guest, "it", labels)["from"] == "Spettatore #3fa2"
    assert chat_frame(guest, "en", labels)["text"] == "<b>hi</b>"
    member = ChatRow("m3", 7.0, None, SPECTATORS, "Cleo", "acc1", "hello")
    assert chat_frame(member, "en", labels)["from"] == "Cleo"
