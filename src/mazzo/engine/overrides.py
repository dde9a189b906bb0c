"""``FIELD=VALUE`` texts (the command line's ``--set``) read into config field values.

A value is read as JSON when it parses (``10``, ``true``, ``"text"``, ``["a", "b"]``), else as
text. A field whose default is a tuple (e.g. Nebraska's ``suit_order``) also takes a plain
comma-separated list, ``--set suit_order=oro,giallo,...``; a single-valued field given a list is
an error naming the field, so ``--set target=3,4`` never reaches the game as a string.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from mazzo.engine.game import Config, ConfigError, unknown_field


def parse_overrides(config_class: type[Config], items: Iterable[str]) -> dict[str, Any]:
    """Each ``FIELD=VALUE`` item as a field value of ``config_class`` (not yet validated)."""
    fields = {f.name: f for f in dataclasses.fields(config_class)}
    values: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ConfigError(f"--set {item!r}: write FIELD=VALUE, e.g. --set target=10",
                              italian="scrivi CAMPO=VALORE, per esempio --set target=10")
        if name not in fields:
            raise unknown_field(name, fields)
        values[name] = parse_value(name, raw, _is_list_field(fields[name]))
    return values


def add_flag(fields: dict[str, Any], name: str, value: Any) -> None:
    """Put the value of ``--NAME`` (``--players``, ``--variant``) into ``fields``; a different
    value given as ``--set NAME=...`` as well is a ConfigError naming both, not silently
    replaced by the flag's."""
    if value is None:
        return
    if name in fields and fields[name] != value:
        raise ConfigError(f"{name}: given twice, --{name} {value} and --set {name}="
                          f"{fields[name]}; give one",
                          italian=f"dato due volte, --{name} {value} e --set {name}="
                                  f"{fields[name]}; danne uno")
    fields[name] = value


def parse_value(name: str, raw: str, is_list: bool) -> Any:
    """One value: a tuple for a list field, a single JSON value or text for the others."""
    value = _json_or_text(name, raw)
    if is_list:
        if isinstance(value, list):
            return tuple(value)
        return tuple(_json_or_text(name, part.strip()) for part in raw.split(","))
    if isinstance(value, list) or (isinstance(value, str) and "," in value):
        raise ConfigError(f"{name}: takes a single value, not a list ({raw!r})",
                          italian=f"vuole un solo valore, non una lista ({raw!r})")
    return value


def _json_or_text(name: str, raw: str) -> Any:
    """``raw`` as JSON, else as text; JSON that Python will not read (nested past its recursion
    limit, an integer of more digits than it converts) is a ConfigError naming the field."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw
    except RecursionError:
        raise ConfigError(f"{name}: the value is nested too deep",
                          italian="il valore è annidato troppo in profondità") from None
    except ValueError:  # int max str digits: a plain ValueError, not a JSONDecodeError
        raise ConfigError(f"{name}: a number has too many digits",
                          italian="un numero ha troppe cifre") from None


def _is_list_field(field: dataclasses.Field[Any]) -> bool:
    """Whether the field holds a tuple: by its default, else by its annotation."""
    if isinstance(field.default, tuple):
        return True
    annotation = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    return annotation.startswith("tuple")
