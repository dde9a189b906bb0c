"""The generic suite every registered game must pass unchanged (DESIGN.md, Conformance).

Each game lists its configs (every player count and variant) in ``Game.test_configs()`` and how
many random matches to play for each in ``Game.conformance_plan()``; hypothesis draws the seeds.
Cheap invariants are checked at every step; the expensive ones (clone independence, illegal
actions, multi-card actions named in another order, view secrecy) at a random sample of steps.
``test_determinized_worlds`` samples every seat's world at many decision points: each keeps what
the seat knows, including a legal move for whoever is to move.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mazzo.cards import Card
from mazzo.engine import CHANCE, TERMINAL, Game, IllegalAction, State, all_games, replay
from mazzo.engine.game import Action, Config
from mazzo.engine.record import make_record

SCALE = float(os.environ.get("MAZZO_CONFORMANCE_SCALE", "1"))
DEEP_CHECKS_PER_MATCH = 2.0  # expected number of steps per match given the expensive checks
_MATCH_LENGTH: dict[str, int] = {}  # actions in the last match of a config, to aim the rate

PLAN = [
    pytest.param(game, config, matches, id=f"{game.id}-{i}-{config.players}p")
    for game in all_games()
    for i, (config, matches) in enumerate(game.conformance_plan())
]
CASES = [pytest.param(*p.values[:2], id=p.id) for p in PLAN]


def snapshot(state: State) -> str:
    """Everything observable about a state, as one string."""
    views = [state.view(s) for s in range(state.num_players)] + [state.view(None)]
    return json.dumps(
        {
            "views": views,
            "player": state.current_player,
            "history": len(state.history),
            "last": state.history[-1].to_json() if state.history else None,
            "scores": state.scores(),
            "cards": sorted(int(c) for c in state.cards_in_play()),
        },
        ensure_ascii=False,
        sort_keys=True,
    )


def check_illegal(game: Game, state: State, rng: random.Random) -> None:
    """A handful of actions not in the legal list are rejected and change nothing."""
    legal = set(state.legal_actions())
    space = game.action_space(state.config)
    before = snapshot(state)
    tried = 0
    for _ in range(20):
        candidate = game.action_at(state.config, rng.randrange(space))
        if candidate in legal:
            continue
        with pytest.raises(IllegalAction):
            state.apply(candidate)
        tried += 1
        if tried >= 3:
            break
    assert snapshot(state) == before, "an illegal action changed the state"


def check_clone(state: State, rng: random.Random) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    if twin.current_player == CHANCE:
        twin.apply(twin.sample_chance(rng))
    elif twin.current_player >= 0:
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert snapshot(state) == before, "applying to a clone changed the original"


def check_world(state: State, seat: int, world: State) -> None:
    """A world ``determinize(seat, ...)`` sampled keeps everything ``seat`` knows: its view (so
    no hidden card is in it), who moves, the phase and hand, the cards, and a legal move for the
    player to move (a mover left without one would stop every playout from that world)."""
    assert world.view(seat) == state.view(seat), f"seat {seat}'s view shows cards it cannot see"
    assert world.history == [], "a sampled world must not carry the true history"
    assert Counter(world.cards_in_play()) == Counter(state.cards_in_play())
    assert world.current_player == state.current_player
    assert world.phase == state.phase
    assert world.hand_number == state.hand_number
    if state.current_player >= 0:
        assert world.legal_actions(), (
            f"seat {seat}'s world leaves seat {state.current_player} without a legal move "
            f"in phase {state.phase}"
        )
    if state.current_player == seat:
        assert world.legal_actions() == state.legal_actions()


def play_out_hand(world: State, rng: random.Random) -> None:
    """Random moves from a sampled world to the end of its hand (or of the match): the hidden
    cards it redealt are played through; later hands are fresh chance draws, as in any match."""
    hand = world.hand_number
    steps = 0
    while world.current_player != TERMINAL and world.hand_number == hand:
        if world.current_player == CHANCE:
            world.apply(world.sample_chance(rng))
        else:
            legal = world.legal_actions()
            assert legal, f"a sampled world reached phase {world.phase} with no legal move"
            world.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < 100_000, "a sampled world's hand does not end"


def check_secrecy(state: State, rng: random.Random) -> None:
    """view(seat) is unchanged when hidden cards are redealt: the view holds no hidden card."""
    for seat in range(state.num_players):
        json.dumps(state.view(seat))
        check_world(state, seat, state.determinize(seat, random.Random(rng.random())))


def card_lists(action: Action) -> list[str]:
    """The fields of ``action`` naming two or more cards (a crib discard, a meld, a draw)."""
    names = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, tuple) and len(value) > 1 and all(isinstance(c, Card) for c in value):
            names.append(f.name)
    return names


def check_permuted(state: State, rng: random.Random) -> None:
    """A legal action naming its cards in another order is the same action or is refused
    clearly; either way only the canonical form is ever recorded."""
    candidates = [a for a in state.legal_actions() if card_lists(a)]
    for action in rng.sample(candidates, min(3, len(candidates))):
        for name in card_lists(action):
            cards = getattr(action, name)
            permuted = dataclasses.replace(action, **{name: tuple(reversed(cards))})
            twin = state.clone()
            before = snapshot(twin)
            try:
                twin.apply(permuted)
            except IllegalAction as refused:
                assert str(refused), "a refusal must say why"
                assert snapshot(twin) == before, "a refused action changed the state"
                continue
            recorded = twin.history[-1]
            assert recorded == action and recorded.to_json() == action.to_json(), (
                f"{permuted!r} was recorded as {recorded!r}, not as the legal {action!r}"
            )
            reference = state.clone()
            reference.apply(action)
            assert snapshot(twin) == snapshot(reference)


def check_actions(game: Game, config: Config, state: State) -> None:
    legal = state.legal_actions()
    assert legal, "a player node must have legal actions"
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    space = game.action_space(config)
    for action in legal:
        data = action.to_json()
        assert game.action_from_json(json.loads(json.dumps(data))) == action
        index = game.action_index(config, action)
        assert 0 <= index < space
        assert game.action_at(config, index) == action
        assert game.describe_action(action, "it") and game.describe_action(action, "en")


def play_checked(game: Game, config: Config, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_match(config)
    deck = Counter(state.cards_in_play())
    steps = 0
    key = config.dumps()
    rate = DEEP_CHECKS_PER_MATCH / max(_MATCH_LENGTH.get(key, 20), 20)
    talk = rng.random() < 0.1  # one match in ten checks every event's JSON and text
    while state.current_player != TERMINAL:
        deep = rng.random() < rate
        if state.current_player == CHANCE:
            if deep:  # a player's move at a chance node is refused and changes nothing
                before = snapshot(state)
                with pytest.raises(IllegalAction):
                    state.apply(game.action_at(config, 0))
                assert snapshot(state) == before
            action = state.sample_chance(rng)
        else:
            assert 0 <= state.current_player < config.players
            if deep:
                check_actions(game, config, state)
                check_illegal(game, state, rng)
                check_permuted(state, rng)
            legal = state.legal_actions()
            assert legal
            action = legal[rng.randrange(len(legal))]
        if deep:
            check_clone(state, rng)
            check_secrecy(state, rng)
        state.apply(action)
        if deep or talk:
            for event in state.events:
                json.dumps(event.to_json())
                assert game.describe_event(event, "it") and game.describe_event(event, "en")
        if deep:
            assert Counter(state.cards_in_play()) == deck, "cards were created or lost"
            game.render(state.view(0), "it")
        steps += 1
        assert steps < 200_000, "match does not end"
    _MATCH_LENGTH[key] = steps
    assert Counter(state.cards_in_play()) == deck, "cards were created or lost"
    assert state.legal_actions() == []
    result = state.returns()
    assert len(result) == config.players
    assert state.winners()
    return state


@pytest.mark.parametrize(("game", "config"), CASES)
def test_config_round_trip(game: Game, config: Config) -> None:
    config.validate()
    data = json.loads(json.dumps(config.to_json()))
    assert game.config_class.from_json(data) == config


@pytest.mark.soak
@pytest.mark.parametrize(("game", "config", "planned"), PLAN)
def test_random_matches(game: Game, config: Config, planned: int) -> None:
    matches = max(1, round(planned * SCALE))

    @settings(
        max_examples=matches,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(0, 2**32 - 1))
    def run(seed: int) -> None:
        play_checked(game, config, seed)

    run()


WORLD_MATCHES = 2  # random matches per config for the determinize check (times the scale)
WORLD_POINTS = 25  # decision points per match where every seat's world is sampled
PLAY_ON_RATE = 0.15  # share of sampled worlds then played to the end of their hand
_DECISIONS: dict[str, int] = {}  # player decisions in the last such match, to aim the rate


@pytest.mark.parametrize(("game", "config"), CASES)
def test_determinized_worlds(game: Game, config: Config) -> None:
    """At random decision points of random matches, every seat's sampled world keeps the player
    to move, the phase, the hand, the seat's view and a legal move for the mover (whoever the
    seat is), and a sample of worlds plays on to the end of the hand."""
    matches = max(1, round(WORLD_MATCHES * SCALE))
    points = 0
    for seed in range(matches):
        rng = random.Random(7_000 + seed)
        state = game.new_match(config)
        length = 0
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            length += 1
            rate = WORLD_POINTS / max(_DECISIONS.get(config.dumps(), 100), WORLD_POINTS)
            if rng.random() < rate:
                points += 1
                for seat in range(config.players):
                    world = state.determinize(seat, random.Random(rng.random()))
                    check_world(state, seat, world)
                    if rng.random() < PLAY_ON_RATE:
                        play_out_hand(world, rng)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        _DECISIONS[config.dumps()] = length
    assert points, "no decision point was checked"


@pytest.mark.parametrize(("game", "config"), CASES)
def test_replay_identity(game: Game, config: Config) -> None:
    for seed in range(3):
        state = play_checked(game, config, 10_000 + seed)
        record = json.loads(json.dumps(make_record(state)))
        again = replay(record)
        assert snapshot(again) == snapshot(state)
        middle = replay(record, upto=len(record["history"]) // 2)
        assert len(middle.history) == len(record["history"]) // 2


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_game_has_text(game: Game) -> None:
    for lang in ("it", "en"):
        assert game.title(lang)
        assert len(game.rules_summary(lang)) > 200
