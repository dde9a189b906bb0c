"""The chat's quick phrases read the same in the drawer's buttons (``static/i18n.js``) as in
the messages the server sends (``server/chat.py``), in both languages; the drawer offers
exactly the server's phrases and its limit on a message. Read as text; no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

from mazzo.server.chat import CHAT_MAX_CHARS, PHRASES

STATIC = Path(__file__).resolve().parents[2] / "src" / "mazzo" / "web" / "static"


def chat_words() -> dict[str, dict[str, str]]:
    """``CHAT_WORDS`` of i18n.js: {lang: {key: text}} (plain strings only)."""
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    block = re.search(r"^const CHAT_WORDS = \{\n(.*?)^\};", source, re.S | re.M)
    assert block, "no CHAT_WORDS in i18n.js"
    words = {}
    for lang, body in re.findall(r"^  (it|en): \{\n(.*?)^  \},", block[1], re.S | re.M):
        words[lang] = dict(re.findall(r'(\w+): "([^"]*)"', body))
    assert set(words) == {"it", "en"}
    return words


def test_the_buttons_say_the_phrases_as_the_server_does() -> None:
    words = chat_words()
    for key, (italian, english) in PHRASES.items():
        assert words["it"][f"chatPhrase_{key}"] == italian, key
        assert words["en"][f"chatPhrase_{key}"] == english, key
    for lang in ("it", "en"):
        shown = {k.removeprefix("chatPhrase_") for k in words[lang] if k.startswith("chatPhrase_")}
        assert shown == set(PHRASES), lang
    assert set(words["it"]) == set(words["en"])


def test_the_drawer_offers_the_servers_phrases_and_limit() -> None:
    source = (STATIC / "chat.js").read_text(encoding="utf-8")
    offered = re.search(r"^const PHRASES = \[(.*?)\];", source, re.M)
    assert offered and re.findall(r'"(\w+)"', offered[1]) == list(PHRASES)
    assert re.search(rf"^const MAX_CHARS = {CHAT_MAX_CHARS};", source, re.M)
