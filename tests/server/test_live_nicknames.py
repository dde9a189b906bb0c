"""Nicknames that would pass for a bot or a card are refused by a live ``mazzo serve``, each
with the field and the reason in the request's language; ordinary names (also ones that merely
begin like "Bot" or are a person's initials) are taken as they are."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from mazzo.engine.game import JSON

from live_server import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("names")).start()
    yield live
    live.stop()


def table(name: str) -> JSON:
    return {"game": "cribbage", "seats": ["human", "human"], "names": ["Ada", name]}


@pytest.mark.parametrize("name", [
    "Bot esperto", "bot medio", "Bot", "BOT facile (2)", "bot-difficile", "Bot random",
    "Ｂｏｔ esperto",  # full-width letters
    "Вот medio",  # a Cyrillic Ve, o and te
    "ΒΟΤ",  # Greek capitals
])
def test_a_name_that_reads_as_a_bot_is_refused(server: LiveServer, name: str) -> None:
    response = server.post("/api/tables", table(name))
    assert response.status_code == 422, name
    body = response.json()
    assert body["field"] == "names.1"
    assert body["message"].startswith("names.1: ") and "bot" in body["message"]
    italian = httpx.post(f"{server.http}/api/tables?lang=it", json=table(name), timeout=10)
    assert "sembra il nome di un bot" in italian.json()["message"]


@pytest.mark.parametrize("name", [
    "A♠", "7♥", "J★", "7 giallo", "7 Giallo", "9 green", "Q verde scuro", "10 di cuori",
    "10 of hearts", "7♡", "K♦'", "７♥",
])
def test_a_name_that_reads_as_a_card_is_refused(server: LiveServer, name: str) -> None:
    response = server.post("/api/tables", table(name))
    assert response.status_code == 422, name
    assert response.json()["field"] == "names.1"
    assert "reads as a card" in response.json()["message"]
    italian = httpx.post(f"{server.http}/api/tables?lang=it", json=table(name), timeout=10)
    assert "sembra una carta" in italian.json()["message"]


@pytest.mark.parametrize("name", ["Bea", "Botticelli", "Robot", "AS", "Asso", "7 nani",
                                  "Giallo", "Lucia 10"])
def test_ordinary_names_are_taken(server: LiveServer, name: str) -> None:
    created = server.create(table(name))
    assert created["seats"][1]["name"] == name
