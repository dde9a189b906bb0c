"""Making tables: a POST /api/tables body checked field by field (each bad field named, in
English and Italian), the secret links of the seats and the owner, and rematches.
:class:`TableCreation` is the second part of ``TableManager``."""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import secrets
import time
from typing import Any, Final

from mazzo.bots.levels import LEVELS
from mazzo.engine.game import JSON, ConfigError, Game, MazzoError, short
from mazzo.engine.registry import get_game
from mazzo.server.lifecycle import TableLifecycle
from mazzo.server.nicknames import impersonation
from mazzo.server.protocol import ProtocolError
from mazzo.server.storage.base import (
    OVER,
    OWNER_OPTION,
    PLAYING,
    WAITING,
    AccountRow,
    SeatRow,
    TableRow,
)
from mazzo.server.table import HUMAN, OPTIONS, BadRequest, Elsewhere, Table, new_token, token_hash

NAME_MAX: Final = 40
#: how long a rematch request waits for the process that made the rematch table to claim it
REMATCH_CLAIM_WAIT_S: Final = 2.0
#: the fields of a POST /api/tables body (only ``game`` is required)
TABLE_FIELDS: Final = ("game", "config", "seats", "names", "options", "start", "account_seat")
#: the turn time limit a table may set: 0 (none, the default) or this many seconds
TURN_SECONDS: Final = (1.0, 3600.0)


class TableCreation(TableLifecycle):
    """New tables, rematches, and who a token is (``TableManager``'s second part)."""

    # -- creating ---------------------------------------------------------------------------------

    async def create(self, request: JSON, account: AccountRow | None = None
                     ) -> tuple[Table, str, dict[int, str]]:
        """A new table from a POST /api/tables body; returns it, the owner token and the seat
        tokens. BadRequest names the bad field. Made by a logged-in ``account``, the table is
        also its to own, and the seat ``account_seat`` (default: the first person's) is its,
        under its username."""
        unknown = sorted(str(key) for key in request if key not in TABLE_FIELDS)
        if unknown:  # a misspelt field ("seat") would otherwise be a table not asked for
            known = ", ".join(TABLE_FIELDS)
            raise BadRequest(unknown[0][:40], f"unknown field; known: {known}",
                             f"campo sconosciuto; quelli noti: {known}")
        game, config = _parse_game_config(request)
        seats = _parse_seats(request, game, config.players, self.bot_tables)
        names = _parse_names(request, seats)
        options = self._parse_options(request.get("options", {}))
        start = request.get("start", False)
        if not isinstance(start, bool):
            raise BadRequest("start", "must be true or false", "dev'essere true o false")
        tokens = {i: new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        owner = new_token()
        mine = _parse_account_seat(request, seats) if account is not None else None
        if account is not None:
            options[OWNER_OPTION] = account.id
            if mine is not None:
                names[mine] = account.username
        row = TableRow(
            id=secrets.token_urlsafe(9), game=game.id, config=config.to_json(),
            seats=tuple(SeatRow(i, kind, names[i], token_hash(tokens[i]) if i in tokens else None,
                                account.id if account is not None and i == mine else None)
                        for i, kind in enumerate(seats)),
            owner_hash=token_hash(owner), status=WAITING, options=options, created=time.time(),
        )
        table = await self._add(row)
        if start:
            await self.start(table)
        return table, owner, tokens

    async def _add(self, row: TableRow) -> Table:
        game = get_game(row.game)
        table = Table(row, game.new_match(game.config_class.from_json(row.config)), [])
        # in memory before it is stored: a scan for orphaned tables running meanwhile must not
        # load a second copy of it (it did: "took over 1 tables" on a lone SQLite server)
        self.tables[row.id] = table
        try:
            await self._io(self.storage.create_table, row)
            await self._io(self.storage.claim, row.id, self.url)  # a new id: nobody has it
        except BaseException:
            self.tables.pop(row.id, None)
            raise
        return table

    def _parse_options(self, data: object) -> JSON:
        if not isinstance(data, dict):
            raise BadRequest("options", "must be an object", "dev'essere un oggetto")
        out: JSON = {}
        hints = data.get("hints", True)
        if not isinstance(hints, bool):
            raise BadRequest("options.hints", "must be true or false", "dev'essere true o false")
        out["hints"] = hints
        for name, (default, low, high) in OPTIONS.items():
            value = data.get(name, self.defaults.get(name, default))
            if isinstance(value, bool) or not isinstance(value, int | float) or not (
                low <= value <= high
            ):
                raise BadRequest(f"options.{name}", f"a number of seconds from {low} to {high}",
                                 f"un numero di secondi da {low} a {high}")
            out[name] = float(value)
        out["turn_seconds"] = _parse_turn_seconds(data.get("turn_seconds", 0))
        unknown = sorted(set(data) - set(OPTIONS) - {"hints", "turn_seconds"})
        if unknown:
            known = f"{', '.join(OPTIONS)}, hints, turn_seconds"
            raise BadRequest(f"options.{unknown[0]}", f"unknown; known: {known}",
                             f"sconosciuta; quelle note: {known}")
        return out

    async def rematch(self, table: Table) -> Table:
        """Offer a rematch: a new table with the same game, config, seats and links, started.
        Made atomically in storage, so however many requests race (in any process), exactly
        one rematch table exists and every caller gets that one."""
        async with self._holding(table) as table:
            await self._fresh(table)
            if table.status != OVER:
                raise ProtocolError("not_over")
            rematch_id = table.row.rematch
            if rematch_id is None:
                # playing from the start: whichever process claims it deals at once
                row = dataclasses.replace(table.row, id=secrets.token_urlsafe(9),
                                          status=PLAYING, rematch=None, created=time.time())
                made = await self._io(self.storage.create_rematch, table.id, row)
                table.row = dataclasses.replace(table.row, rematch=made)
                await self._broadcast(table, [])
                rematch_id = made
        return await self._rematch_table(rematch_id)

    async def _rematch_table(self, table_id: str) -> Table:
        """The rematch table, served here if no other process has claimed it. Another
        process that made it is about to claim it: wait a moment for its address."""
        deadline = time.monotonic() + REMATCH_CLAIM_WAIT_S
        while True:
            try:
                return await self.get(table_id)
            except Elsewhere as away:
                if away.url is not None or time.monotonic() > deadline:
                    raise
            await asyncio.sleep(0.05)

    # -- who is who -------------------------------------------------------------------------------

    @staticmethod
    def role(table: Table, token: str | None) -> tuple[int | None, bool]:
        """(seat, is_owner) for a token; no token: a spectator. ProtocolError if it is wrong."""
        if token is None or token == "":
            return None, False
        digest = token_hash(token)
        for seat in table.row.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat, hmac.compare_digest(table.row.owner_hash, digest)
        if hmac.compare_digest(table.row.owner_hash, digest):
            return None, True
        raise ProtocolError("bad_token")

    @staticmethod
    def is_owner(table: Table, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(
            table.row.owner_hash, token_hash(token)
        )

    # -- the play part's (mazzo.server.play) ------------------------------------------------------

    async def start(self, table: Table) -> None:
        """Start a waiting table (the play part's)."""
        raise NotImplementedError


def _parse_game_config(request: JSON) -> tuple[Game, Any]:
    game_id = request.get("game")
    if game_id is None:
        raise BadRequest("game", "missing; give a game id", "manca; indica l'id di un gioco")
    if not isinstance(game_id, str):
        raise BadRequest("game", f"a game id (a string), not {short(game_id)}",
                         f"l'id di un gioco (una stringa), non {short(game_id)}")
    try:
        game = get_game(game_id)
    except MazzoError as exc:
        raise BadRequest("game", str(exc), exc.text("it")) from None
    data = request.get("config", {})
    if not isinstance(data, dict):
        raise BadRequest("config", "must be an object", "dev'essere un oggetto")
    try:
        config = game.config_class.from_json(data)
    except ConfigError as exc:
        field = exc.field or str(exc).split(":", 1)[0]
        raise BadRequest(f"config.{field}", str(exc), exc.text("it")) from None
    except (TypeError, ValueError) as exc:
        raise BadRequest("config", str(exc), f"non valida: {exc}") from None
    return game, config


def _parse_seats(request: JSON, game: Game, players: int, bot_tables: bool) -> list[str]:
    seats = request.get("seats")
    if seats is None:
        return [HUMAN] + ["medio"] * (players - 1)
    allowed = (HUMAN, *LEVELS)
    if not isinstance(seats, list) or len(seats) != players:
        raise BadRequest("seats", f"a list of {players} seats, each one of {', '.join(allowed)}",
                         f"una lista di {players} posti, ognuno tra {', '.join(allowed)}")
    for i, kind in enumerate(seats):
        if kind not in allowed:
            raise BadRequest(f"seats.{i}", f"{short(kind)} is not one of {', '.join(allowed)}",
                             f"{short(kind)} non è tra {', '.join(allowed)}")
    if HUMAN not in seats and not bot_tables:
        raise BadRequest("seats", f"at least one seat must be {HUMAN!r} (a person): this server "
                         "does not play tables of bots only",
                         f"almeno un posto dev'essere {HUMAN!r} (una persona): questo server non "
                         "gioca tavoli di soli bot")
    return list(seats)


def _parse_account_seat(request: JSON, seats: list[str]) -> int | None:
    """The seat a logged-in maker takes: ``account_seat`` (an index, or null for none: an
    owner who only invites), by default the first person's seat."""
    people = [i for i, kind in enumerate(seats) if kind == HUMAN]
    if "account_seat" not in request:
        return people[0] if people else None
    value = request["account_seat"]
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in people:
        listed = ", ".join(map(str, people))
        raise BadRequest("account_seat", f"the index of a person's seat ({listed}) or null",
                         f"l'indice di un posto di una persona ({listed}) o null")
    return value


def _parse_turn_seconds(value: object) -> float:
    low, high = TURN_SECONDS
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
        value == 0 or low <= value <= high
    ):
        raise BadRequest("options.turn_seconds",
                         f"0 (no time limit) or a number of seconds from {low:g} to {high:g}",
                         f"0 (nessun limite di tempo) o un numero di secondi da {low:g} a "
                         f"{high:g}")
    return float(value)


def _parse_names(request: JSON, seats: list[str]) -> list[str]:
    names = request.get("names")
    default = [f"{kind} {i + 1}" if kind != HUMAN else f"player {i + 1}"
               for i, kind in enumerate(seats)]
    if names is None:
        return default
    if not isinstance(names, list) or len(names) != len(seats):
        raise BadRequest("names", f"a list of {len(seats)} nicknames",
                         f"una lista di {len(seats)} nomi")
    out = []
    for i, name in enumerate(names):
        if name is None or name == "":
            out.append(default[i])
        elif not isinstance(name, str) or len(name) > NAME_MAX or not name.isprintable():
            raise BadRequest(f"names.{i}", f"a nickname of at most {NAME_MAX} printable characters",
                             f"un nome di al massimo {NAME_MAX} caratteri stampabili")
        elif (why := impersonation(name)) is not None:
            raise BadRequest(f"names.{i}", f"{short(name)} {why[0]}", f"{short(name)} {why[1]}")
        else:
            out.append(name.strip() or default[i])
    return out
