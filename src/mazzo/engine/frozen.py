"""Read-only JSON containers: the parts of a view that several views share.

Views are built after every move (the server sends one to every seat, an RL environment makes its
observation of one), so the games keep the parts that change rarely (the tricks of the deal, the
last hand's result) built between moves and put the same objects in every view. Those shared
parts are :class:`FrozenList` and :class:`FrozenDict`: a ``list`` and a ``dict`` in every way a
reader sees (``==``, ``isinstance``, ``json.dumps``, iteration), whose mutating methods raise
``TypeError``, so no caller can change what the next view (or another seat's) will say. Copies
(``copy``, ``deepcopy``, ``list(x)``, ``dict(x)``) are ordinary mutable containers, the caller's
to change. ``pickle`` keeps them read-only: it carries an object as it is, and a pickled state
must come back with its kept parts still safe to share (a plain list there would be handed out
by every later view, and a change to one would show in the others). Everything else in a view
is built fresh at each call and is the caller's to change.
"""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(f"this {type(self).__name__} is a shared, read-only part of a view; "
                    "copy it (list(x), dict(x)) to change it")


class FrozenList(list[Any]):
    """A list that refuses to change (see the module's text)."""

    __slots__ = ()

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        from copy import deepcopy

        return [deepcopy(item, memo) for item in self]


class FrozenDict(dict[str, Any]):
    """A dict that refuses to change (see the module's text)."""

    __slots__ = ()

    pop = popitem = clear = update = setdefault = _refuse
    __setitem__ = __delitem__ = __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        from copy import deepcopy

        return {key: deepcopy(value, memo) for key, value in self.items()}


def frozen(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, tuples, scalars) with every list and dict inside it,
    itself included, made read-only; tuples become frozen lists, as JSON reads them."""
    if isinstance(value, dict):
        return FrozenDict({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):  # a tuple of types: no union object built a call
        return FrozenList([frozen(item) for item in value])
    return value


class FrozenCopies:
    """Read-only copies of a state's JSON parts (a last hand's result, finished games), each made
    once, when a view first needs it: the state keeps its parts plain, so a search that plays
    thousands of hands without looking pays nothing for views. Copies are found by the identity
    of the part (a part is replaced, never changed, once the state has built it); only the latest
    few are kept."""

    __slots__ = ("_kept",)

    #: parts remembered (a view needs the latest hand's result and the games so far)
    KEEP = 32

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Any, Any]] = {}

    def __call__(self, value: Any) -> Any:
        if value is None:
            return None
        found = self._kept.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        if len(self._kept) >= self.KEEP:
            self._kept.clear()
        made = frozen(value)
        self._kept[id(value)] = (value, made)  # the part itself is held: its id stays its own
        return made
