"""Actions' and events' fields in JSON: cards as tokens, untrusted values quoted short, and each
field of an action read from JSON checked against its annotated type.

:mod:`mazzo.engine.game` builds :class:`~mazzo.engine.game.Action` and
:class:`~mazzo.engine.game.Event` on these (and re-exports the public names).
"""

from __future__ import annotations

import dataclasses
import inspect
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from mazzo.cards import TOKEN, Card, card_by_id, parse_card

# --- quoting untrusted values --------------------------------------------------------------------

#: the most characters of any one value that an error message quotes
SHORT_LIMIT: Final = 200

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = 80
_SHORT.maxother = 80
_SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 8


def short(value: object, limit: int = SHORT_LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters.

    Error messages quote values from files and clients: a 10 MB list or a thousand nested lists
    must give a line, not a wall of text (``reprlib`` also stops at a few levels of nesting).
    """
    try:
        text = _SHORT.repr(value)
    except Exception:  # an int past Python's str-digits limit, or any failing repr of a
        text = f"<{type(value).__name__}>"  # client's object: it must not hide the real error
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- cards in JSON -----------------------------------------------------------------------------


#: ``card_token`` itself, bound once: the token table's lookup, without a Python-level call
_token_of: Final[Callable[[int], str]] = TOKEN.__getitem__


def card_token(c: Card) -> str:
    """Exact, readable card text for JSON: ``7♥``, its twin ``7♥'``, ``J★''``, ``7 giallo``."""
    return TOKEN[c]


_TOKEN_CACHE: dict[str, Card] = {}


def card_from_token(token: str) -> Card:
    """Inverse of :func:`card_token` (cached: bots read views often)."""
    found = _TOKEN_CACHE.get(token)
    if found is None:
        found = parse_card(token)
        if card_token(found) == token:  # only exact tokens: spaced variants from files would
            _TOKEN_CACHE[token] = found  # otherwise grow the cache without bound
    return found


def tokens(cards: Iterable[Card]) -> list[str]:
    """The tokens of ``cards``, in order (``map`` over the table: views call this a lot)."""
    return list(map(_token_of, cards))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, once per class: ``to_json`` runs for every legal move and
    event of every frame the server sends, and ``dataclasses.fields`` rebuilds its tuple on
    every call."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def encode_value(value: Any) -> Any:
    if isinstance(value, Card):
        return card_token(value)
    if isinstance(value, tuple | list):
        return [encode_value(v) for v in value]
    return value


# --- decoding action fields ----------------------------------------------------------------------
#
# Each field is checked against its annotation: JSON from files and clients must not slip a float,
# a bool or a list into an int or card field (it would fail later, far from its cause, or worse,
# compare equal to a legal move: ``1.0 == 1``). The decoders of a class are built once.

#: longer strings cannot be a card token (the longest, ``10 verde scuro``, has 14 characters)
_MAX_TOKEN: Final = 32


class BadField(Exception):
    """A field decoder's complaint; ``place`` grows (``[2]``) as it travels out of lists."""

    def __init__(self, problem: str, italian: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.italian = italian
        self.place = ""


Decoder = Callable[[Any], Any]


def _decode_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise BadField(f"expected an integer, got {short(value)}",
                   f"serve un intero, non {short(value)}")


def _decode_bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise BadField(f"expected true or false, got {short(value)}",
                   f"serve true o false, non {short(value)}")


def _decode_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise BadField(f"expected a string, got {short(value)}",
                   f"serve una stringa, non {short(value)}")


def _decode_card(value: Any) -> Card:
    """A card token (``7♥'``) or a card id; nothing else (not ``7.0``, not ``[7]``)."""
    if isinstance(value, str):
        found = _TOKEN_CACHE.get(value)
        if found is not None:
            return found
        if len(value) <= _MAX_TOKEN:
            try:
                return card_from_token(value)
            except ValueError:
                pass
    elif isinstance(value, int) and not isinstance(value, bool):
        try:
            return card_by_id(value)
        except ValueError:
            pass
    raise BadField(f"expected a card, got {short(value)}", f"serve una carta, non {short(value)}")


def _tuple_of(item: Decoder) -> Decoder:
    def decode(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise BadField(f"expected a list, got {short(value)}",
                           f"serve una lista, non {short(value)}")
        try:
            return tuple(map(item, value))
        except BadField:
            for index, element in enumerate(value):  # rare: find which element, for the place
                try:
                    item(element)
                except BadField as bad:
                    bad.place = f"[{index}]{bad.place}"
                    raise bad from None
            raise

    return decode


def _fixed_tuple(items: Sequence[Decoder]) -> Decoder:
    def decode(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or len(value) != len(items):
            raise BadField(f"expected a list of {len(items)}, got {short(value)}",
                           f"serve una lista di {len(items)}, non {short(value)}")
        out = []
        for index, (item, element) in enumerate(zip(items, value, strict=True)):
            try:
                out.append(item(element))
            except BadField as bad:
                bad.place = f"[{index}]{bad.place}"
                raise
        return tuple(out)

    return decode


def _optional(item: Decoder) -> Decoder:
    def decode(value: Any) -> Any:
        return None if value is None else item(value)

    return decode


_SIMPLE_DECODERS: Final[dict[Any, Decoder]] = {
    int: _decode_int, bool: _decode_bool, str: _decode_str, Card: _decode_card,
}


def _decoder_for(tp: Any) -> Decoder:
    """The decoder of one annotation: int, bool, str, Card, ``X | None``, ``tuple[X, ...]``,
    ``tuple[X, Y]``, nested as needed. Any other type is a programming error (TypeError)."""
    simple = _SIMPLE_DECODERS.get(tp)
    if simple is not None:
        return simple
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(_decoder_for(args[0]))
        return _fixed_tuple([_decoder_for(a) for a in args])
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return _optional(_decoder_for(next(a for a in args if a is not type(None))))
    raise TypeError(f"action fields of type {tp!r} cannot be read from JSON")


_FIELD_DECODERS: dict[type, tuple[tuple[str, Decoder], ...]] = {}


def field_decoders(cls: type) -> tuple[tuple[str, Decoder], ...]:
    """``(field name, decoder)`` of a dataclass, in field order, built once per class."""
    found = _FIELD_DECODERS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, localns={"Card": Card})
        found = tuple((f.name, _decoder_for(hints[f.name])) for f in dataclasses.fields(cls))
        _FIELD_DECODERS[cls] = found
    return found


#: each config class's field docs, read once (finding a class's source parses its module)
_FIELD_DOCS: dict[type, dict[str, str]] = {}


def field_docs(cls: type) -> dict[str, str]:
    """A config class's field docs: the ``#:`` comment lines just above each field in the
    class's source, joined (fields without one are left out); read once per class."""
    if cls not in _FIELD_DOCS:
        _FIELD_DOCS[cls] = _read_field_docs(cls)
    return dict(_FIELD_DOCS[cls])


def _read_field_docs(cls: type) -> dict[str, str]:
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):  # no source shipped: no help lines, nothing else lost
        return {}
    names = {f.name for f in dataclasses.fields(cls)}
    docs: dict[str, str] = {}
    comment: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("#:"):
            comment.append(text[2:].strip())
            continue
        name = text.split(":", 1)[0].strip()
        if comment and name in names:
            docs[name] = " ".join(comment).replace("``", "")
        comment = []
    return docs
