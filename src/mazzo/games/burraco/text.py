"""placeholder"""
from __future__ import annotations

from mazzo.engine.game import JSON, Action, Event


def describe_action(action: Action, lang: str = "en") -> str:
    return str(action)


def describe_event(event: Event, lang: str = "en") -> str:
    return event.kind


def render(view: JSON, lang: str = "en") -> str:
    return str(view)


def rules_summary(lang: str = "en") -> str:
    return "x" * 300
