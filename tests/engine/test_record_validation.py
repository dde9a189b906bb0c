"""Records refuse damage clearly: every kind of damage is a RecordError naming its place.

A real record of every game (bots, seeded) is damaged one way at a time; the error must name the
exact place (``history[17].order[2]``) and say what is wrong, in one short line. A hypothesis test
damages random places with random values: only MazzoError may come out, never a TypeError,
KeyError, AttributeError or RecursionError.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import random
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazzo.bots import RandomAgent
from mazzo.cards import Card, card_by_id, parse_card
from mazzo.engine import (
    Action,
    Game,
    IllegalAction,
    MazzoError,
    all_games,
    get_game,
    play_match,
    replay,
)
from mazzo.engine.game import (
    JSON,
    SHORT_LIMIT,
    MalformedAction,
    State,
    action_from_json,
    field_decoders,
)
from mazzo.engine.record import (
    MAX_RECORD_BYTES,
    RecordError,
    check_record,
    load_record,
    save_record,
)
from playout import random_move

GAMES = [pytest.param(game, id=game.id) for game in all_games()]


@functools.cache
def _record(game_id: str) -> str:
    """The record of the game's first test config whose actions include an int field (cribbage
    announces points only with muggins), as JSON text."""
    game = get_game(game_id)
    for config in game.test_configs():
        agents = [RandomAgent(seat + 1) for seat in range(config.players)]
        record = play_match(game, config, agents, seed=11).record
        if any(is_int(name, value) for action in record["history"]
               for name, value in action.items() if name != "type"):
            break
    return json.dumps(record)


def fresh(game: Game) -> JSON:
    """A new copy of the game's valid, finished record (JSON round-tripped, as from a file)."""
    record: JSON = json.loads(_record(game.id))
    return record


def find(record: JSON, wanted: Callable[[str, Any], bool]) -> tuple[int, str]:
    """The index and field name of the first history action with a field that ``wanted``."""
    for index, action in enumerate(record["history"]):
        for name, value in action.items():
            if name != "type" and wanted(name, value):
                return index, name
    raise AssertionError("the record has no such field")


def is_int(_name: str, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_card_list(_name: str, value: Any) -> bool:
    return isinstance(value, list) and len(value) > 2


# --- the table of damage -----------------------------------------------------------------------

Damage = Callable[[JSON], tuple[str, str]]  # damages the record; returns (place, problem regex)


def set_top(name: str, value: Any, place: str, problem: str) -> Damage:
    def damage(record: JSON) -> tuple[str, str]:
        record[name] = value
        return place, problem

    return damage


def drop_top(name: str) -> Damage:
    def damage(record: JSON) -> tuple[str, str]:
        del record[name]
        return name, "missing"

    return damage


def in_config(name: str, value: Any, problem: str) -> Damage:
    def damage(record: JSON) -> tuple[str, str]:
        record["config"][name] = value
        return f"config.{name}", problem

    return damage


def seats_wrong_length(record: JSON) -> tuple[str, str]:
    record["seats"].append("intruder")
    return "seats", r"expected \d names \(one per player\), got \d"


def seat_not_text(record: JSON) -> tuple[str, str]:
    record["seats"][1] = 7
    return "seats[1]", "expected a string, got 7"


def action_not_object(record: JSON) -> tuple[str, str]:
    record["history"][3] = 5
    return "history[3]", "expected an object, got 5"


def action_without_type(record: JSON) -> tuple[str, str]:
    del record["history"][2]["type"]
    return "history[2].type", "missing"


def action_of_unknown_type(record: JSON) -> tuple[str, str]:
    record["history"][4]["type"] = "fly"
    return "history[4].type", "unknown action type 'fly'; this game knows: "


def action_type_not_text(record: JSON) -> tuple[str, str]:
    record["history"][4]["type"] = ["deal"]
    return "history[4].type", r"expected a string, got \['deal'\]"


def card_overflows(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name][2] = float("inf")  # what json reads 1e309 as
    return f"history[{index}].{name}[2]", "expected a card, got inf"


def card_is_float(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name][1] = 17.0
    return f"history[{index}].{name}[1]", "expected a card, got 17.0"


def card_is_list(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name][0] = ["7♥"]
    return f"history[{index}].{name}[0]", r"expected a card, got \['7♥'\]"


def card_list_is_text(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name] = "7♥ 8♥"
    return f"history[{index}].{name}", "expected a list, got '7♥ 8♥'"


def card_is_no_card(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name][3] = "ZZ"
    return f"history[{index}].{name}[3]", "expected a card, got 'ZZ'"


def int_is_text(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_int)
    record["history"][index][name] = "1"
    return f"history[{index}].{name}", "expected an integer, got '1'"


def int_is_float(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_int)
    record["history"][index][name] = float(record["history"][index][name])
    return f"history[{index}].{name}", r"expected an integer, got \d+\.0"


def int_is_bool(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_int)
    record["history"][index][name] = True
    return f"history[{index}].{name}", "expected an integer, got True"


def field_missing(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    del record["history"][index][name]
    return f"history[{index}].{name}", "missing"


def field_unknown(record: JSON) -> tuple[str, str]:
    record["history"][1]["colour"] = "blue"
    return "history[1]", "unknown field 'colour'; this action has "


def huge_list_is_shortened(record: JSON) -> tuple[str, str]:
    index, name = find(record, is_card_list)
    record["history"][index][name] = {"x": list(range(1_000_000))}
    return f"history[{index}].{name}", r"expected a list, got \{'x': \[0, 1, 2,"


def action_refused_by_rules(record: JSON) -> tuple[str, str]:
    record["history"][0], record["history"][1] = record["history"][1], record["history"][0]
    return "history[0]", "cannot be replayed: "


def result_tampered(record: JSON) -> tuple[str, str]:
    record["result"]["scores"][0] += 1
    return "result", "the replayed result .* differs from the recorded"


def result_not_number(record: JSON) -> tuple[str, str]:
    record["result"]["returns"][1] = float("nan")
    return "result.returns[1]", "expected a finite number, got nan"


def result_bool(record: JSON) -> tuple[str, str]:
    record["result"]["scores"][0] = False
    return "result.scores[0]", "expected a finite number, got False"


def result_short(record: JSON) -> tuple[str, str]:
    record["result"]["scores"].pop()
    return "result.scores", r"expected a list of \d numbers"


def result_without_returns(record: JSON) -> tuple[str, str]:
    del record["result"]["returns"]
    return "result.returns", "missing"


def result_extra(record: JSON) -> tuple[str, str]:
    record["result"]["winner"] = 0
    return "result", "unknown field 'winner'"


DAMAGE: dict[str, Damage] = {
    "version missing": drop_top("version"),
    "version text": set_top("version", "1", "version", "reads records of version 1, got '1'"),
    "version float": set_top("version", 1.0, "version", "got 1.0"),
    "version bool": set_top("version", True, "version", "got True"),
    "version newer": set_top("version", 2, "version", "got 2"),
    "game missing": drop_top("game"),
    "game unknown": set_top("game", "scopa", "game", "unknown game 'scopa'; known: "),
    "game not text": set_top("game", ["nebraska"], "game", r"unknown game \['nebraska'\]"),
    "unknown field": set_top("winner", 1, "", "unknown field 'winner'; a record has "),
    "meta not object": set_top("meta", [1], "meta", r"expected an object, got \[1\]"),
    "config missing": drop_top("config"),
    "config list": set_top("config", [], "config", r"expected an object, got \[\]"),
    "config players float": in_config("players", 2.0, "expected int, got 2.0"),
    "config players inf": in_config("players", float("inf"), "expected int, got inf"),
    "config players huge": in_config("players", 10**300, "1000000000.*out of range|not allowed"),
    "config unknown field": in_config("colour", 3, "unknown field"),
    "seats missing": drop_top("seats"),
    "seats text": set_top("seats", "ab", "seats", "expected a list of names, got 'ab'"),
    "seats wrong length": seats_wrong_length,
    "seat not text": seat_not_text,
    "history missing": drop_top("history"),
    "history object": set_top("history", {}, "history", r"expected a list of actions, got \{\}"),
    "action not object": action_not_object,
    "action without type": action_without_type,
    "action of unknown type": action_of_unknown_type,
    "action type not text": action_type_not_text,
    "card 1e309": card_overflows,
    "card float": card_is_float,
    "card list": card_is_list,
    "card no card": card_is_no_card,
    "cards text": card_list_is_text,
    "int text": int_is_text,
    "int float": int_is_float,
    "int bool": int_is_bool,
    "field missing": field_missing,
    "field unknown": field_unknown,
    "huge value shortened": huge_list_is_shortened,
    "action refused by the rules": action_refused_by_rules,
    "result tampered": result_tampered,
    "result nan": result_not_number,
    "result bool": result_bool,
    "result short": result_short,
    "result without returns": result_without_returns,
    "result extra field": result_extra,
    "result not object": set_top("result", [1], "result", r"expected null or an object"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("damage", list(DAMAGE.values()), ids=list(DAMAGE))
def test_damage_is_named_at_its_place(game: Game, damage: Damage) -> None:
    record = fresh(game)
    place, problem = damage(record)
    with pytest.raises(RecordError) as caught:
        replay(record)
    error = caught.value
    assert error.place == place
    assert re.search(problem, error.problem), error.problem
    assert str(error) == (f"{place}: {error.problem}" if place else error.problem)
    assert len(str(error)) < 2 * SHORT_LIMIT + 200


@pytest.mark.parametrize("game", GAMES)
def test_a_valid_record_passes_with_meta_and_without_result(game: Game, tmp_path: Path) -> None:
    record = fresh(game)
    record["meta"] = {"seat_kinds": ["human", "medio"], "seed": 11}
    path = tmp_path / "ok.json"
    save_record(record, path)
    assert replay(load_record(path)).is_terminal
    del record["result"]
    replay(record)
    record["result"] = None
    assert check_record(record).result is None


def test_a_record_must_be_an_object() -> None:
    values: list[Any] = [[], "record", 3, None]
    for value in values:
        with pytest.raises(RecordError, match="not a mazzo record: expected an object"):
            replay(value)


def test_replay_upto_is_checked() -> None:
    record = fresh(get_game(all_games()[0].id))
    assert len(replay(record, upto=3).history) == 3
    for bad in (-1, 2.0, "3"):
        with pytest.raises(MazzoError, match="upto"):
            replay(record, upto=bad)  # type: ignore[arg-type]


# --- files -------------------------------------------------------------------------------------


def write_damaged_text(tmp_path: Path, game: Game, old: str, new: str) -> Path:
    text = _record(game.id)
    assert old in text
    path = tmp_path / "damaged.json"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_a_file_number_too_big_is_named_with_its_text(game: Game, tmp_path: Path) -> None:
    record = fresh(game)
    index, name = find(record, is_card_list)
    record["history"][index][name][2] = "@@"
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record).replace('"@@"', "1e309"), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.place == f"history[{index}].{name}[2]"
    assert "NaN and Infinity are not allowed in a record, got 1e309" in caught.value.problem
    assert str(path) in caught.value.problem


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_file_with_nan_or_infinity_is_refused(constant: str, tmp_path: Path) -> None:
    game = all_games()[0]
    path = write_damaged_text(tmp_path, game, '"returns": [', f'"returns": [{constant}, ')
    with pytest.raises(RecordError, match=f"result.returns\\[0\\]: NaN and Infinity .* {constant}"):
        load_record(path)
    record = fresh(game)
    record["meta"] = {"deep": {"list": [1, 2, "@@"]}}
    path.write_text(json.dumps(record).replace('"@@"', constant), encoding="utf-8")
    with pytest.raises(RecordError, match=r"meta.deep.list\[2\]: NaN and Infinity"):
        load_record(path)


@pytest.mark.parametrize(("where", "place"), [
    (lambda r: r["seats"].__setitem__(1, "@@"), "seats[1]"),
    (lambda r: r.__setitem__("meta", {"saved": "@@"}), "meta.saved"),
    (lambda r: r.__setitem__("meta", {"@@": 1}), "meta"),
])
def test_a_lone_surrogate_in_a_file_is_refused_with_its_place(
        where: Any, place: str, tmp_path: Path) -> None:
    """JSON may escape a lone surrogate ("\\ud800"), which is no character: printing such a
    seat name ('mazzo matches'), or saving it again, raised UnicodeEncodeError."""
    record = fresh(all_games()[0])
    where(record)
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(record).replace('"@@"', '"\\ud800"'), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert caught.value.place == place and "lone surrogate" in caught.value.problem
    assert str(path) in caught.value.problem


def test_a_file_checked_like_a_dict_names_the_file(tmp_path: Path) -> None:
    game = all_games()[0]
    path = write_damaged_text(tmp_path, game, '"version": 1', '"version": 7')
    with pytest.raises(RecordError, match=f"^version: .*got 7 \\(in record {re.escape(str(path))}"):
        load_record(path)


def test_deep_nesting_is_refused_without_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="nesting too deep"):
        load_record(path)
    path.write_text('{"game": ' + "[" * 100_000)
    with pytest.raises(RecordError, match=r"nesting too deep|not JSON"):
        load_record(path)


def test_deep_values_from_python_are_shortened_not_recursed() -> None:
    record = fresh(all_games()[0])
    record["history"][1] = nested(100_000)
    shown = r"^history\[1\]: expected an object, got \[\[\[\["
    with pytest.raises(RecordError, match=shown) as caught:
        replay(record)
    assert len(str(caught.value)) < SHORT_LIMIT + 50


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: no disk is used
    with pytest.raises(RecordError, match="over 64 MiB, too big for a record"):
        load_record(path)


def test_a_big_valid_file_is_read_quickly(tmp_path: Path) -> None:
    """A few MiB of history, malformed at the end: the whole structure is checked first."""
    game = all_games()[0]
    record = fresh(game)
    record["history"] = record["history"] * 200
    record["history"].append({"type": "deal", "order": 3.5})
    path = tmp_path / "long.json"
    save_record(record, path)
    assert path.stat().st_size > 2_000_000
    with pytest.raises(RecordError, match=rf"^history\[{len(record['history']) - 1}\]"):
        load_record(path)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "not JSON: Expecting property name"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b'{"version": ' + b"9" * 5000 + b"}", "a number has too many digits"),
        (b"", "not JSON"),
    ],
)
def test_unreadable_files(content: bytes, problem: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=f"cannot read record {re.escape(str(path))}: {problem}"):
        load_record(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read record .*: No such file"):
        load_record(tmp_path / "nothing.json")
    with pytest.raises(RecordError, match=r"cannot read record .*: Is a directory"):
        load_record(tmp_path)


# --- random damage ------------------------------------------------------------------------------

def nested(depth: int) -> list[Any]:
    """``[[[...]]]``, ``depth`` lists deep."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


VALUES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-3, max_value=300),
    st.integers(min_value=2**63, max_value=10**400),
    st.text(max_size=12),
    st.sampled_from(["deal", "play", "7♥", "J★", "10 verde scuro", "", "players"]),
    st.none(),
    st.booleans(),
    st.lists(st.integers(0, 200), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.integers(1, 300).map(lambda depth: nested(depth)),
)


def damage_at_random(record: Any, data: st.DataObject) -> None:
    """Walk down a random path; at its end replace a value or delete a key."""
    node = record
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        descend = isinstance(child, dict | list) and child and data.draw(st.booleans())
        if descend:
            node = child
            continue
        if isinstance(node, dict) and data.draw(st.integers(0, 4)) == 0:
            del node[key]
        else:
            node[key] = data.draw(VALUES)
        return


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_damage_gives_only_mazzo_errors(
    game: Game, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    record = fresh(game)
    for _ in range(data.draw(st.integers(1, 3))):
        damage_at_random(record, data)
    try:
        replay(record)
    except MazzoError as exc:
        assert len(str(exc)) < 1000
    try:
        text = json.dumps(record)
    except ValueError:  # an int past the str-digits limit cannot be written at all
        return
    path = tmp_path_factory.mktemp("damaged") / "record.json"
    path.write_text(text, encoding="utf-8")
    with contextlib.suppress(MazzoError):
        replay(load_record(path))


# --- the state's events -------------------------------------------------------------------------


def test_a_failing_apply_leaves_the_events_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    game = all_games()[0]
    record = fresh(game)
    state = replay(record, upto=5)
    while not state.events and not state.is_terminal:
        state = replay(record, upto=len(state.history) + 1)
    before = list(state.events)
    assert before
    action = game.action_from_json(record["history"][len(state.history)])

    def broken(self: State, action: Any) -> None:
        self.events = []  # as real games do first, then fail part way
        raise RuntimeError("rule bug")

    monkeypatch.setattr(type(state), "_apply", broken)
    with pytest.raises(RuntimeError, match="rule bug"):
        state.apply(action)
    assert state.events == before
    assert len(state.history) == len(record["history"][: len(state.history)])


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_leaves_the_events_unchanged(game: Game) -> None:
    record = fresh(game)
    state = replay(record, upto=1)
    for upto in range(2, len(record["history"])):
        if state.events:
            break
        state = replay(record, upto=upto)
    before, history = list(state.events), list(state.history)
    assert before
    done = game.action_from_json(record["history"][0])  # the first chance outcome, again
    with pytest.raises(MazzoError):
        state.apply(done)
    assert state.events == before and state.history == history


# --- action JSON strictness ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Every(Action):
    """An action with every kind of field the decoder knows."""

    kind: ClassVar[str] = "every"
    count: int
    flag: bool
    name: str
    card: Card
    cards: tuple[Card, ...]
    maybe: Card | None
    pairs: tuple[tuple[int, Card], ...]


GOOD: JSON = {"type": "every", "count": 3, "flag": True, "name": "x", "card": "7♥",
              "cards": ["7♥", 50], "maybe": None, "pairs": [[1, "A♠"], [2, "J★"]]}


def test_every_field_kind_round_trips() -> None:
    action = action_from_json([Every], GOOD)
    assert isinstance(action, Every)
    assert action.cards == (parse_card("7♥"), card_by_id(50)) and action.maybe is None
    assert action.pairs == ((1, parse_card("A♠")), (2, parse_card("J★")))
    assert action_from_json([Every], action.to_json()) == action
    assert action_from_json([Every], {**GOOD, "maybe": "K♦"}).maybe == parse_card("K♦")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"count": 1.0}, "count: expected an integer, got 1.0"),
        ({"count": "1"}, "count: expected an integer, got '1'"),
        ({"count": True}, "count: expected an integer, got True"),
        ({"count": None}, "count: expected an integer, got None"),
        ({"flag": 1}, "flag: expected true or false, got 1"),
        ({"name": 5}, "name: expected a string, got 5"),
        ({"card": ["7♥"]}, r"card: expected a card, got \['7♥'\]"),
        ({"card": 7.0}, "card: expected a card, got 7.0"),
        ({"card": 5000}, "card: expected a card, got 5000"),
        ({"card": "7♥" * 100}, "card: expected a card, got '7♥7♥"),
        ({"cards": "7♥"}, "cards: expected a list, got '7♥'"),
        ({"cards": ["7♥", float("inf")]}, r"cards\[1\]: expected a card, got inf"),
        ({"maybe": 1.5}, "maybe: expected a card, got 1.5"),
        ({"pairs": [[1, "A♠"], [2]]}, r"pairs\[1\]: expected a list of 2, got \[2\]"),
        ({"pairs": [[1, "A♠"], ["2", "A♠"]]}, r"pairs\[1\]\[0\]: expected an integer"),
        ({"pairs": [[1, "A♠"], [2, {}]]}, r"pairs\[1\]\[1\]: expected a card, got \{\}"),
        ({"extra": 1}, "unknown field 'extra'; this action has count, flag, name, card"),
    ],
)
def test_wrong_fields_name_the_field(change: JSON, message: str) -> None:
    with pytest.raises(MalformedAction, match=f"^malformed 'every' action: {message}"):
        action_from_json([Every], {**GOOD, **change})


@pytest.mark.parametrize("missing", ["count", "cards", "maybe"])
def test_missing_fields_are_named(missing: str) -> None:
    data = {key: value for key, value in GOOD.items() if key != missing}
    with pytest.raises(MalformedAction, match=f"^malformed 'every' action: {missing}: missing$"):
        action_from_json([Every], data)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([GOOD], r"malformed action: expected an object, got \[\{"),
        ("every", "malformed action: expected an object, got 'every'"),
        (None, "malformed action: expected an object, got None"),
        ({"count": 3}, "malformed action: type: missing"),
        ({"type": 3}, "malformed action: type: expected a string, got 3"),
        ({"type": "fly"}, "type: unknown action type 'fly'; this game knows: every"),
    ],
)
def test_not_an_action_object(data: Any, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        action_from_json([Every], data)


def test_unsupported_field_types_are_a_programming_error() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Odd(Action):
        kind: ClassVar[str] = "odd"
        ratio: float

    with pytest.raises(TypeError, match="cannot be read from JSON"):
        action_from_json([Odd], {"type": "odd", "ratio": 0.5})


@pytest.mark.parametrize("game", GAMES)
def test_every_game_action_decodes_its_own_json(game: Game) -> None:
    record = fresh(game)
    for data in record["history"]:
        assert game.action_from_json(data).to_json() == data
    for action_type in game.action_types:
        assert [name for name, _ in field_decoders(action_type)] == [
            f.name for f in dataclasses.fields(action_type)
        ]


def nonsense(kind: Any, rng: random.Random, deck: list[Card]) -> Any:
    """A value of the right type for a field, chosen with no regard to the rules."""
    if kind is int:
        return rng.choice([-100, -1, 0, 1, 2, 5, 40, 10**30])
    if kind is Card:
        return rng.choice(deck)
    return tuple(rng.choices(deck, k=rng.randrange(6)))


@pytest.mark.parametrize("game", GAMES)
def test_well_typed_nonsense_actions_are_only_illegal(game: Game) -> None:
    """Actions of the right shape but absurd values (negative meld numbers, huge amounts,
    repeated cards) are refused by the rules with IllegalAction, never a crash."""
    rng = random.Random(5)
    state = game.new_match(game.test_configs()[0])
    deck = state.cards_in_play()
    for _ in range(150):
        if state.is_terminal:
            break
        for action_type in game.action_types:
            hints = typing.get_type_hints(action_type)
            for _ in range(3):
                fields = {name: nonsense(hints[name], rng, deck)
                          for name, _ in field_decoders(action_type)}
                with contextlib.suppress(IllegalAction):
                    state.clone().apply(action_type(**fields))
        state.apply(random_move(state, rng))


def test_config_tuple_items_are_checked() -> None:
    """Nebraska's suit_order must hold strings: a number in it was a TypeError in sorted()."""
    record = fresh(get_game("nebraska"))
    record["config"]["suit_order"] = [1, *record["config"]["suit_order"][1:]]
    with pytest.raises(RecordError, match=r"^config\.suit_order\[0\]: expected str, got 1$"):
        replay(record)
    record["config"]["suit_order"][0] = [[]]
    with pytest.raises(RecordError, match=r"^config\.suit_order\[0\]: expected str, got \[\[\]\]"):
        replay(record)


def test_action_class_from_json_checks_its_kind_and_shape() -> None:
    every = Every.from_json(GOOD)
    assert isinstance(every, Every) and every.count == 3
    with pytest.raises(MalformedAction, match="unknown action type 'deal'; this game knows: every"):
        Every.from_json({**GOOD, "type": "deal"})
    with pytest.raises(MalformedAction, match=r"^malformed 'every' action: expected an object"):
        Every.from_fields(["count"])  # type: ignore[arg-type]


def test_config_field_names_must_be_strings() -> None:
    record = fresh(all_games()[0])
    record["config"][1] = 2
    with pytest.raises(RecordError, match=r"^config: field names are strings, got 1$"):
        replay(record)
