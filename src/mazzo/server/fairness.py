"""Provably fair chance: every chance node gets a fresh 32-byte seed from ``secrets``; the server
publishes the SHA-256 of the seed when the chance action is played and reveals the seed once
nothing it placed is secret any more (the game says when: ``Game.seeds_public_after_hand``);
anyone can then recompute the outcome with :class:`FairRandom`.

The procedure is written out in ``docs/server.md`` ("Fair shuffles") so it can be re-implemented
in any language; ``tests/server/test_fairness.py`` checks the worked example given there.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, Final, NoReturn, TypeVar

from mazzo.engine.game import JSON, Action, IllegalAction, MazzoError, State, short
from mazzo.engine.record import check_record
from mazzo.engine.registry import get_game

T = TypeVar("T")

SEED_BYTES: Final = 32
#: the methods of random.Random that FairRandom implements; every other public one raises
DOCUMENTED: Final = frozenset(
    {"random", "getrandbits", "randrange", "randint", "choice", "shuffle", "sample"}
)


class FairnessError(MazzoError):
    """A record whose chance actions do not match their revealed seeds or commitments."""


def new_seed() -> bytes:
    """A fresh seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: lowercase hex SHA-256 of its 32 bytes."""
    return hashlib.sha256(seed).hexdigest()


class FairRandom(random.Random):
    """A ``random.Random`` whose every draw comes from a SHA-256 counter stream of one seed.

    Stream: block ``i`` (i = 0, 1, 2, ...) is ``SHA-256(seed || i)`` with ``i`` as 8 bytes
    big-endian; the stream is the blocks concatenated, read byte by byte, never reused.
    """

    def __init__(self, seed: bytes) -> None:  # random.Random's is bypassed
        if len(seed) != SEED_BYTES:
            raise FairnessError(f"a seed has {SEED_BYTES} bytes, not {len(seed)}")
        self._fair_seed = bytes(seed)
        self._block = 0
        self._buffer = b""

    # -- the stream ---------------------------------------------------------------------------

    def _take(self, count: int) -> bytes:
        """The next ``count`` bytes of the stream."""
        while len(self._buffer) < count:
            counter = self._block.to_bytes(8, "big")
            self._buffer += hashlib.sha256(self._fair_seed + counter).digest()
            self._block += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def getrandbits(self, k: int) -> int:
        """k random bits: take ceil(k/8) bytes, read them big-endian, keep the high k bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        nbytes = (k + 7) // 8
        return int.from_bytes(self._take(nbytes), "big") >> (8 * nbytes - k)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` by rejection: k = bit length of n-1; draw k bits until
        the number is below n (n = 1 takes nothing and gives 0)."""
        if n <= 0:
            raise ValueError(f"empty range below {n}")
        k = (n - 1).bit_length()
        while True:
            x = self.getrandbits(k)
            if x < n:
                return x

    _randbelow = below

    # -- the documented methods ---------------------------------------------------------------

    def random(self) -> float:
        """A float in [0, 1): 53 bits as above, divided by 2**53."""
        return self.getrandbits(53) / (1 << 53)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """``randrange(n)`` = below(n); ``randrange(a, b)`` = a + below(b - a); step 1 only."""
        if step != 1:
            raise FairnessError("FairRandom.randrange supports step 1 only")
        if stop is None:
            start, stop = 0, start
        return start + self.below(stop - start)

    def randint(self, a: int, b: int) -> int:
        """a + below(b - a + 1)."""
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        """seq[below(len(seq))]."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Fisher–Yates from the end: for i = len-1 down to 1, j = below(i + 1), swap x[i], x[j]."""
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(  # type: ignore[override]
        self, population: Sequence[T], k: int, *, counts: None = None
    ) -> list[T]:
        """Partial Fisher–Yates from the front on a copy: for i = 0..k-1, j = i + below(n - i),
        swap pool[i], pool[j]; the result is pool[:k] in that order."""
        if counts is not None:
            raise FairnessError("FairRandom.sample does not take counts")
        if isinstance(population, set | frozenset | dict):
            raise TypeError("population must be a sequence")
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        for i in range(k):
            j = i + self.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def seed(self, *args: Any, **kwargs: Any) -> None:
        raise FairnessError("a FairRandom is seeded once, at creation")


def _undocumented(name: str) -> Callable[..., NoReturn]:
    def refuse(self: FairRandom, *args: object, **kwargs: object) -> NoReturn:
        raise FairnessError(
            f"random.{name} is not part of the documented fair procedure (docs/server.md); "
            f"a game's sample_chance may use only: {', '.join(sorted(DOCUMENTED))}"
        )

    return refuse


# Every other public method of random.Random raises, so a game cannot silently draw its chance
# outcome by a procedure nobody can re-implement from the docs.
for _name in dir(random.Random):
    public = not _name.startswith("_") and _name not in DOCUMENTED and _name != "seed"
    if public and callable(getattr(random.Random, _name)):
        setattr(FairRandom, _name, _undocumented(_name))


def fair_chance(state: State, seed: bytes) -> Action:
    """The chance outcome of ``state`` for ``seed``: ``state.sample_chance(FairRandom(seed))``."""
    return state.sample_chance(FairRandom(seed))


# -- verifying a record -----------------------------------------------------------------------


def verify_record(record: JSON) -> int:
    """Check every commitment and recompute every chance action from its revealed seed.

    ``record["meta"]["chance"]`` lists ``{"version", "seed", "commitment"}`` for every chance
    action. The record's structure is checked first (:func:`check_record`).
    Returns the number of chance actions verified; raises :class:`FairnessError` naming the first
    bad version.
    """
    check_record(record)
    game = get_game(str(record.get("game")))
    config = game.config_class.from_json(record["config"])
    state = game.new_match(config)
    chance = _chance_entries(record)
    history = record.get("history")
    if not isinstance(history, list):
        raise FairnessError("the record has no history", italian="il record non ha la storia")
    verified = 0
    for version, data in enumerate(history):
        if state.is_chance:
            _verify_chance(state, version, data, chance.pop(version, None))
            verified += 1
        elif version in chance:
            raise FairnessError(f"version {version}: a seed is given but it is not a chance action",
                                italian=f"versione {version}: c'è un seed ma non è un'azione "
                                        "del caso")
        try:
            state.apply(game.action_from_json(data))
        except MazzoError as exc:
            why = (game.explain_illegal(exc, "it") if isinstance(exc, IllegalAction)
                   else exc.text("it"))
            raise FairnessError(f"version {version}: the action cannot be played: {exc}",
                                italian=f"versione {version}: l'azione non si può giocare: {why}"
                                ) from exc
    if chance:
        raise FairnessError(f"version {min(chance)}: a seed for an action not in the history",
                            italian=f"versione {min(chance)}: un seed per un'azione che non è "
                                    "nella storia")
    result = record.get("result")
    if result is not None and result != {"returns": state.returns(), "scores": state.scores()}:
        raise FairnessError(f"version {len(history)}: the recorded result is not the replayed one",
                            italian=f"versione {len(history)}: il risultato registrato non è "
                                    "quello rigiocato")
    return verified


def _chance_entries(record: JSON) -> dict[int, JSON]:
    meta = record.get("meta")
    entries = meta.get("chance") if isinstance(meta, dict) else None
    if not isinstance(entries, list):
        raise FairnessError("the record has no 'meta.chance' list of seeds and commitments",
                            italian="il record non ha la lista 'meta.chance' dei seed e degli "
                                    "impegni")
    out: dict[int, JSON] = {}
    for index, entry in enumerate(entries):
        where = f"meta.chance[{index}]"
        if not isinstance(entry, dict):
            raise FairnessError(f"{where}: expected an object with version, seed and "
                                f"commitment, got {short(entry)}",
                                italian=f"{where}: serve un oggetto con version, seed e "
                                        f"commitment, non {short(entry)}")
        version = entry.get("version")
        if type(version) is not int:  # not a bool, not 1.0
            raise FairnessError(f"{where}.version: expected an integer, got {short(version)}",
                                italian=f"{where}.version: serve un intero, non {short(version)}")
        if version in out:  # two commitments for one action: neither can be the one published
            raise FairnessError(f"{where}.version: a second entry for version {version}",
                                italian=f"{where}.version: una seconda voce per la versione "
                                        f"{version}")
        out[version] = entry
    return out


def _verify_chance(state: State, version: int, data: JSON, entry: JSON | None) -> None:
    if entry is None:
        raise FairnessError(f"version {version}: no commitment for this chance action",
                            italian=f"versione {version}: nessun impegno per questa azione del "
                                    "caso")
    seed_hex, promised = entry.get("seed"), entry.get("commitment")
    if not isinstance(seed_hex, str):
        raise FairnessError(f"version {version}: the seed was not revealed",
                            italian=f"versione {version}: il seed non è stato svelato")
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError as exc:
        raise FairnessError(f"version {version}: the seed is not hex",
                            italian=f"versione {version}: il seed non è esadecimale") from exc
    if commitment(seed) != promised:
        raise FairnessError(f"version {version}: the seed does not match its commitment",
                            italian=f"versione {version}: il seed non corrisponde al suo "
                                    "impegno")
    try:
        expected = fair_chance(state, seed).to_json()
    except MazzoError as exc:
        raise FairnessError(f"version {version}: {exc}",
                            italian=f"versione {version}: {exc.text('it')}") from exc
    if expected != data:
        raise FairnessError(f"version {version}: the chance action is not what its seed gives",
                            italian=f"versione {version}: l'azione del caso non è quella che "
                                    "dà il suo seed")
