"""What each game shuffles, as docs/server.md ("What each game shuffles") states it: the vectors
there are recomputed here by a re-implementation that reads nothing but the docs (hashlib, the
documented generator, each game's list written out from the text) and checked against the
engine's own chance actions; so is what the docs say the order means (who gets which card), and
the rule for the list of poker's reshuffle on every reshuffle of seventy-two hands."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mazzo.engine.game import JSON, Action, State
from mazzo.engine.registry import get_game
from mazzo.server.fairness import fair_chance

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"
#: the seed of the docs' worked example, which every vector uses
SEED = bytes(range(32))


def doc_blocks(kind: str) -> list[dict[str, str]]:
    text = DOCS.read_text(encoding="utf-8")
    blocks = re.findall(rf"```{kind}\n(.*?)```", text, re.S)
    assert blocks, f"docs/server.md lost its {kind} blocks"
    out = []
    for block in blocks:
        pairs = (line.split(" = ", 1) for line in block.strip().splitlines())
        out.append({key.strip(): value.strip() for key, value in pairs})
    return out


def cards(text: str) -> list[str]:
    """A list of cards as the docs write it: comma-separated when cards hold spaces."""
    return text.split(", ") if "," in text else text.split()


# -- the generator and the lists, from the docs only ------------------------------------------


class DocRandom:
    """The generator of "The generator, exactly": SHA-256 counter blocks, read byte by byte."""

    def __init__(self, seed: bytes) -> None:
        self.seed, self.block, self.buffer = seed, 0, b""

    def bits(self, k: int) -> int:
        if k == 0:
            return 0
        n = (k + 7) // 8
        while len(self.buffer) < n:
            self.buffer += hashlib.sha256(self.seed + self.block.to_bytes(8, "big")).digest()
            self.block += 1
        taken, self.buffer = self.buffer[:n], self.buffer[n:]
        return int.from_bytes(taken, "big") >> (8 * n - k)

    def below(self, n: int) -> int:
        k = (n - 1).bit_length()
        while (x := self.bits(k)) >= n:
            pass
        return x

    def random(self) -> float:
        return self.bits(53) / 2**53

    def shuffle(self, x: list[str]) -> list[str]:
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]
        return x

    def sample(self, population: Sequence[str], k: int) -> list[str]:
        pool = list(population)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
COLOURS = ["giallo", "verde", "verde scuro", "blu", "azzurro", "rosso", "rosa", "oro"]
JOKERS = ["J★", "J★'", "J★''", "J★'''"]


def french_from(lowest: str) -> list[str]:
    """"The French pack from r"."""
    ranks = RANKS[RANKS.index(lowest):]
    return [rank + suit for suit in "♥♦♣♠" for rank in ranks]


def doc_list(game: str, config: JSON) -> list[str]:
    """The list a game's deal shuffles, as the docs give it, for a match's first deal."""
    players = config["players"]
    if game == "burraco":
        return french_from("2") + [c + "'" for c in french_from("2")] + JOKERS
    if game == "cribbage":
        return french_from("2")
    if game == "nebraska":
        return [f"{rank} {colour}" for colour in COLOURS for rank in RANKS]
    if game == "novantanove":
        size = config.get("deck") or (52 if players == 4 else 36)
        pack = french_from({36: "6", 48: "3", 52: "2"}[size])
        return pack + ["J★"] if config.get("variant") == "classic" else pack
    assert game == "poker_italiano"
    return french_from(str(11 - players))


def doc_chance(game: str, config: JSON, kind: str) -> Any:
    """A chance action's outcome by the docs, with the vectors' seed."""
    rng, players = DocRandom(SEED), config["players"]
    pack = doc_list(game, config)
    if kind == "choose_dealer":
        return rng.below(players)
    if kind == "cut_for_deal":
        return rng.sample(pack, players)
    if game == "cribbage":  # the deal: drawn by position until enough different cards
        kept: list[str] = []
        while len(kept) < {2: 12, 3: 16, 4: 20}[players]:
            card = pack[int(rng.random() * 52)]
            if card not in kept:
                kept.append(card)
        return kept
    return rng.shuffle(pack)


def doc_dealt(game: str, config: JSON, order: list[str], dealer: int) -> dict[str, Any]:
    """What the docs say the deal's order gives: each seat's hand and what is face up."""
    n = config["players"]

    def round_robin(cards: list[str]) -> list[set[str]]:
        hands: list[set[str]] = [set() for _ in range(n)]
        for k, card in enumerate(cards):
            hands[(dealer + 1 + k) % n].add(card)
        return hands

    if game == "burraco":
        at = 29 if n == 3 else 22  # the pozzetti first
        return {"hand": round_robin(order[at:at + 11 * n]), "pile": [order[at + 11 * n]]}
    if game == "cribbage":
        return {"hand": round_robin(order[:(6 if n == 2 else 5) * n])}
    if game == "nebraska":
        return {"hand": round_robin(order[:10 * n]), "candidate": order[10 * n]}
    if game == "novantanove":
        if n == 2:  # three hands: the non-dealer, the dealer, the dummy
            size = (len(order) - 1 if "J★" in order else len(order)) // 3
            hands = [{order[k] for k in range(j, 3 * size, 3)} for j in range(3)]
            return {"hand": [hands[0], hands[1]] if dealer == 1 else [hands[1], hands[0]]}
        size = len(order) // n
        return {"hand": round_robin(order[:size * n])}
    return {"hand": round_robin(order[:5 * n])}


def doc_dealer(game: str, config: JSON, outcomes: dict[str, Any]) -> int:
    if game == "burraco":
        return int(config["players"]) - 1  # the last seat deals first
    if game == "cribbage":  # the lowest cut, ace low
        low = ["A", *RANKS[:-1]]
        ranks = [low.index(card[:-1]) for card in outcomes["cut_for_deal"]]
        return ranks.index(min(ranks))
    return int(outcomes["choose_dealer"])


# -- the vectors ----------------------------------------------------------------------------


def engine_chances(game_id: str, config: JSON) -> tuple[State, list[JSON]]:
    """The table's chance actions up to its first deal, every one made with the seed (the first
    legal move for any player before it); and the state right after that deal."""
    game = get_game(game_id)
    state = game.new_match(game.config_class.from_json(config))
    made: list[JSON] = []
    while not made or made[-1]["type"] != "deal":
        action: Action = (fair_chance(state, SEED) if state.is_chance
                          else state.legal_actions()[0])
        if state.is_chance:
            made.append(action.to_json())
        state.apply(action)
    return state, made


def order_of(data: JSON) -> list[str]:
    value: list[str] = data.get("order") or data["cards"]
    return value


VECTORS = doc_blocks("fair-deal")


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['game']} {v['config']}")
def test_each_documented_deal_is_what_the_docs_and_the_engine_give(vector: dict[str, str]
                                                                   ) -> None:
    game, config = vector["game"], json.loads(vector["config"])
    state, made = engine_chances(game, config)
    assert [m["type"] for m in made] == [k for k in vector if k not in (
        "game", "config", "deal sha256")]
    outcomes: dict[str, Any] = {}
    for data in made:
        kind = data["type"]
        mine = doc_chance(game, config, kind)
        outcomes[kind] = mine
        if kind == "choose_dealer":
            assert mine == data["seat"] == int(vector[kind])
            continue
        assert mine == order_of(data)
        said = vector[kind]
        if kind == "deal":
            parts = re.fullmatch(r"(\d+) cards, first 10: (.*)", said)
            assert parts is not None, said
            count, first = parts.groups()
            assert (len(mine), mine[:10]) == (int(count), cards(first))
            digest = hashlib.sha256(" ".join(mine).encode("utf-8")).hexdigest()
            assert digest == vector["deal sha256"]
        else:
            assert mine == cards(said)
    dealt = doc_dealt(game, config, outcomes["deal"], doc_dealer(game, config, outcomes))
    for seat, hand in enumerate(dealt["hand"]):
        view = state.view(seat)
        assert set(view["hand"]) == hand, f"seat {seat}"
        for key in ("pile", "candidate"):
            if key in dealt:
                assert view[key] == dealt[key]


def test_the_documented_reshuffle_vector() -> None:
    (vector,) = doc_blocks("fair-reshuffle")
    assert DocRandom(SEED).shuffle(cards(vector["list"])) == cards(vector["reshuffle"])


# -- poker's reshuffle: the list by the docs' rule, on real draws ----------------------------


#: a player who mostly stays in and changes all the cards he may: with six players such draws
#: empty the stock both while players change and when those who changed four get the fourth
PREFERRED = {"call": 5, "stay": 4, "open": 4, "parola": 3, "bet": 2, "fold": 0}


def keen_move(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    data = [a.to_json() for a in legal]
    if data[0]["type"] == "draw":
        most = max(len(d["cards"]) for d in data)
        return rng.choice([a for a, d in zip(legal, data, strict=True)
                           if len(d["cards"]) == most])
    best = max(PREFERRED.get(d["type"], 1) for d in data)
    return rng.choice([a for a, d in zip(legal, data, strict=True)
                       if PREFERRED.get(d["type"], 1) == best])


class DocDraw:
    """The docs' account of poker's stock through a draw, from the actions alone: who changed
    what, who still owes cards, and so each reshuffle's list."""

    def __init__(self, order: list[str]) -> None:
        players = len(order) // 4 - 4
        self.stock = len(order) - 5 * players
        self.discards: list[tuple[str, int]] = []  # (card, who) not yet reshuffled
        self.fourth: list[int] = []  # who changed four: owed the fourth card at the end
        self.owing: tuple[int, int] | None = None  # (seat, cards) the stock could not give

    def changed(self, seat: int, changed: list[str]) -> None:
        self.discards += [(card, seat) for card in changed]
        owed = 3 if len(changed) == 4 else len(changed)
        if len(changed) == 4:
            self.fourth.append(seat)
        self.owing = self._give(seat, owed)

    def _give(self, seat: int, owed: int) -> tuple[int, int] | None:
        taken = min(owed, self.stock)
        self.stock -= taken
        return (seat, owed - taken) if owed > taken else None

    def reshuffle_list(self) -> tuple[int, list[str]]:
        """Who is being served, and the list the reshuffle shuffles."""
        if self.owing is None:  # everybody has changed: the fourth cards, in order
            while self.owing is None:
                self.owing = self._give(self.fourth.pop(0), 1)
        seat = self.owing[0]
        return seat, [card for card, who in self.discards if who != seat]

    def reshuffled(self, order: list[str]) -> None:
        seat, owed = self.owing or (-1, 0)
        self.discards = [(card, who) for card, who in self.discards if who == seat]
        self.stock = len(order)
        self.owing = self._give(seat, owed)
        assert self.owing is None


def test_poker_reshuffles_take_the_documented_list() -> None:
    game = get_game("poker_italiano")
    checked, fourths = 0, 0
    for match in range(12):
        state = game.new_match(game.config_class.from_json({"players": 6, "max_hands": 6}))
        rng, draw = random.Random(match), None
        while not state.is_terminal:
            if not state.is_chance:
                seat, action = state.current_player, keen_move(state, rng)
                if action.to_json()["type"] == "draw" and draw is not None:
                    draw.changed(seat, action.to_json()["cards"])
                state.apply(action)
                continue
            chance = state.sample_chance(rng)
            data = chance.to_json()
            if data["type"] == "deal":
                draw = DocDraw(data["order"])
            elif data["type"] == "reshuffle":
                assert draw is not None
                fourths += draw.owing is None
                _, listed = draw.reshuffle_list()
                assert DocRandom(SEED).shuffle(listed) == fair_chance(state, SEED).to_json()[
                    "order"], f"match {match}, version {len(state.history)}"
                draw.reshuffled(data["order"])
                checked += 1
            state.apply(chance)
    # both kinds came: a player who had just changed, and one owed his fourth card
    assert checked - fourths > 20 and fourths > 20, (checked, fourths)
