"""Fair shuffles: the documented generator, every game's chance through it, the verifier."""

from __future__ import annotations

import copy
import hashlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

from mazzo.engine.game import JSON
from mazzo.engine.record import make_record
from mazzo.engine.registry import all_games, get_game
from mazzo.server.fairness import (
    FairnessError,
    FairRandom,
    commitment,
    fair_chance,
    new_seed,
    verify_record,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def doc_vector() -> dict[str, str]:
    block = re.search(r"```fair-vector\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert block is not None, "docs/server.md lost its worked example"
    pairs = (line.split(" = ", 1) for line in block.group(1).strip().splitlines())
    return {key.strip(): value.strip() for key, value in pairs}


def test_the_documented_worked_example_is_what_the_code_computes() -> None:
    vector = doc_vector()
    seed = bytes.fromhex(vector["seed"])
    assert seed == bytes(range(32))
    assert commitment(seed) == vector["commitment"]
    for i in (0, 1):
        block = hashlib.sha256(seed + i.to_bytes(8, "big")).hexdigest()
        assert block == vector[f"block{i}"]
    rng = FairRandom(seed)
    assert [rng.below(52) for _ in range(5)] == [int(v) for v in vector["below52 x5"].split()]
    deck = list(range(10))
    FairRandom(seed).shuffle(deck)
    assert deck == [int(v) for v in vector["shuffle 0..9"].split()]
    sample = FairRandom(seed).sample(list(range(20)), 3)
    assert sample == [int(v) for v in vector["sample 0..19, k=3"].split()]
    assert repr(FairRandom(seed).random()) == vector["random"]


def test_below_is_uniform_and_in_range() -> None:
    rng = FairRandom(new_seed())
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts
    assert FairRandom(new_seed()).below(1) == 0
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_and_sample_are_permutations() -> None:
    rng = FairRandom(new_seed())
    cards = list(range(52))
    rng.shuffle(cards)
    assert sorted(cards) == list(range(52))
    picked = rng.sample(list(range(52)), 10)
    assert len(set(picked)) == 10


@pytest.mark.parametrize("method, args", [
    ("uniform", (0, 1)), ("choices", ([1, 2],)), ("gauss", ()), ("randbytes", (4,)),
    ("getstate", ()), ("expovariate", (1.0,)), ("seed", (1,)),
])
def test_undocumented_methods_raise(method: str, args: tuple[object, ...]) -> None:
    with pytest.raises(FairnessError):
        getattr(FairRandom(new_seed()), method)(*args)


def play_fair(game_id: str, config_index: int, seed: int) -> JSON:
    """A whole match: chance by fresh seeds through FairRandom, players at random; its record
    with every seed revealed, as the server publishes it."""
    game = get_game(game_id)
    state = game.new_match(game.test_configs()[config_index])
    moves = random.Random(seed)
    chance: list[JSON] = []
    while not state.is_terminal:
        if state.is_chance:
            fresh = new_seed()
            chance.append({"version": len(state.history), "seed": fresh.hex(),
                           "commitment": commitment(fresh)})
            state.apply(fair_chance(state, fresh))
        else:
            legal = state.legal_actions()
            state.apply(legal[moves.randrange(len(legal))])
    record = make_record(state)
    record["meta"] = {"chance": chance}
    return record


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_draws_its_chance_only_through_documented_methods(game_id: str) -> None:
    game = get_game(game_id)
    for index in range(len(game.test_configs())):
        record = play_fair(game_id, index, seed=index)
        assert verify_record(record) == len(record["meta"]["chance"]) > 0


@pytest.fixture(scope="module")
def record() -> JSON:
    return play_fair("cribbage", 0, seed=3)


def test_a_fair_record_verifies(record: JSON) -> None:
    assert verify_record(record) == len(record["meta"]["chance"])


def tampered(record: JSON) -> tuple[JSON, JSON]:
    bad = copy.deepcopy(record)
    return bad, bad["meta"]["chance"][1]


def test_a_changed_seed_is_caught(record: JSON) -> None:
    bad, entry = tampered(record)
    entry["seed"] = new_seed().hex()
    with pytest.raises(FairnessError, match=f"version {entry['version']}: .*commitment"):
        verify_record(bad)


def test_a_changed_commitment_is_caught(record: JSON) -> None:
    bad, entry = tampered(record)
    entry["commitment"] = commitment(new_seed())
    with pytest.raises(FairnessError, match=f"version {entry['version']}:"):
        verify_record(bad)


def test_a_changed_deal_is_caught(record: JSON) -> None:
    bad, entry = tampered(record)
    version = entry["version"]
    fresh = new_seed()  # a consistent seed and commitment that did not make this deal
    entry["seed"], entry["commitment"] = fresh.hex(), commitment(fresh)
    with pytest.raises(FairnessError, match=f"version {version}: the chance action is not"):
        verify_record(bad)


def test_a_deal_swapped_for_another_legal_one_is_caught(record: JSON) -> None:
    bad, entry = tampered(record)
    order = bad["history"][entry["version"]]
    key = next(k for k in order if isinstance(order[k], list))
    order[key] = order[key][1:] + order[key][:1]  # still a deal, not the seed's deal
    with pytest.raises(FairnessError, match=f"version {entry['version']}:"):
        verify_record(bad)


def test_a_missing_reveal_is_caught(record: JSON) -> None:
    bad, entry = tampered(record)
    entry["seed"] = None
    with pytest.raises(FairnessError, match=f"version {entry['version']}: the seed was not"):
        verify_record(bad)
    bad, entry = tampered(record)
    bad["meta"]["chance"].remove(entry)
    with pytest.raises(FairnessError, match=f"version {entry['version']}: no commitment"):
        verify_record(bad)


#: a chance list's place in messages, as a regular expression
CHANCE = r"^meta\.chance\["


@pytest.mark.parametrize("change, message", [
    (lambda chance: chance.__setitem__(1, "x" * 10_000), CHANCE + r"1\]: expected an object"),
    (lambda chance: chance[1].update(version=True),
     CHANCE + r"1\]\.version: expected an integer, got True"),
    (lambda chance: chance[1].update(version=1.0), CHANCE + r"1\]\.version: expected an integer"),
    (lambda chance: chance.append(dict(chance[0])),
     CHANCE + r"\d+\]\.version: a second entry for version 0$"),
])
def test_a_malformed_chance_list_is_refused_naming_the_place(
        record: JSON, change: Any, message: str) -> None:
    bad = copy.deepcopy(record)
    change(bad["meta"]["chance"])
    with pytest.raises(FairnessError, match=message) as caught:
        verify_record(bad)
    assert len(str(caught.value)) < 300  # the bad value is quoted short


def test_mazzo_verify_command(record: JSON, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    from mazzo.cli.main import main
    from mazzo.engine.record import save_record

    good = tmp_path / "good.json"
    save_record(record, good)
    assert main(["--lang", "en", "verify", str(good)]) == 0
    assert f"{len(record['meta']['chance'])} chance actions verified" in capsys.readouterr().out
    bad_record, entry = tampered(record)
    entry["seed"] = new_seed().hex()
    bad = tmp_path / "bad.json"
    save_record(bad_record, bad)
    assert main(["verify", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mazzo: error: version {entry['version']}: ")
