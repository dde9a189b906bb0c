"""The wire-secrecy checker of the live tests: every frame a seat received must show exactly the
engine's view at its version and name no card that seat could not have seen by then — in any
JSON value or text of the frame, so every field is covered, the ``log`` a (re)connecting client
gets included (its events and score sheets)."""

from __future__ import annotations

import re

from mazzo.engine.game import JSON
from mazzo.engine.registry import get_game
from mazzo.server.protocol import cards_in

from live_server import Player

WILD_STANDS_FOR = re.compile(r"\(=[^)]*\)")
#: the marks that tell the two decks' copies of a card apart (Burraco): sentences leave them out
COPY_MARKS = re.compile("(?<=[♠♥♦♣★])'+")


def plain(token: str) -> str:
    """A card as a sentence names it: either copy of a two-deck card reads the same."""
    return COPY_MARKS.sub("", token)


def views_by_version(record: JSON, seats: list[int | None]) -> list[dict[int | None, JSON]]:
    """The engine's own view of every seat at every version of the finished record."""
    game = get_game(record["game"])
    state = game.new_match(game.config_class.from_json(record["config"]))
    out = [{s: state.view(s) for s in seats}]
    for data in record["history"]:
        state.apply(game.action_from_json(data))
        out.append({s: state.view(s) for s in seats})
    return out


def texts_in(data: object) -> list[str]:
    if isinstance(data, dict):
        return [t for k, v in data.items() for t in ([v] if k == "text" and isinstance(v, str)
                                                   else texts_in(v))]
    if isinstance(data, list):
        return [t for item in data for t in texts_in(item)]
    return []


def check_frames(player: Player, seat: int | None, views: list[dict[int | None, JSON]],
                 every_card: set[str]) -> None:
    seen: set[str] = set()
    seen_upto: list[set[str]] = []
    for by_seat in views:
        seen |= cards_in(by_seat[seat])
        seen_upto.append(set(seen))
    for frame in player.frames:
        version = frame["version"]
        assert frame["seat"] == seat
        assert frame["view"] == views[version][seat], f"seat {seat} v{version}: not the view"
        leaked = cards_in(frame) - seen_upto[version]
        assert not leaked, f"seat {seat} v{version}: frame shows unseen cards {leaked}"
        # texts are compared in the form sentences use (no copy marks): a text names a card
        # the seat cannot know when no copy of it is known; which copy a known card is, the
        # tokens in the frame's JSON (checked above) tell exactly
        known_plain = {plain(c) for c in seen_upto[version]}
        hidden = {plain(c) for c in every_card} - known_plain
        known = sorted(seen_upto[version] | known_plain, key=len, reverse=True)
        for text in texts_in(frame):
            # "(=J♦)" after a wild card says which rank and suit it stands for, not a card
            text = WILD_STANDS_FOR.sub("", text)
            for token in known:
                text = text.replace(token, "")
            named = {c for c in hidden if c in text}
            assert not named, f"seat {seat} v{version}: text {text!r} names {named}"
        if seat is None:
            assert frame["legal"] == []
