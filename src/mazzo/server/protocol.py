"""The wire protocol: client messages validated strictly, error frames in the client's language,
and the config description behind ``GET /api/games``. Documented in ``docs/server.md``."""

from __future__ import annotations

import dataclasses
import functools
import json
import math
from collections.abc import AsyncIterator
from typing import Any, Final, Literal

from mazzo.cards import ACE, COLOURS, FRENCH_SUITS, Card, card, joker
from mazzo.engine.game import JSON, Config, ConfigError, Game, card_from_token, card_token
from mazzo.engine.record import lone_surrogate_place

#: the largest client message accepted, in bytes of UTF-8 (larger ones get a ``too_large`` error)
MAX_MESSAGE_BYTES: Final = 64 * 1024
LANGS: Final = ("it", "en")
#: websocket close code "service restart": the table is served by another process now, or the
#: process serving it went away; reconnect (to any process)
CLOSE_RECONNECT: Final = 1012
TOKEN_MAX_CHARS: Final = 200

#: error code -> (Italian, English) message; ``{name}`` fields are filled per error
ERRORS: Final[dict[str, tuple[str, str]]] = {
    "bad_json": ("Il messaggio non è JSON valido: {detail}.",
                 "The message is not valid JSON: {detail}."),
    "bad_message": ("Messaggio non valido: {detail}.", "Invalid message: {detail}."),
    "unknown_type": ("Tipo di messaggio sconosciuto {kind!r}; tipi ammessi: {known}.",
                     "Unknown message type {kind!r}; known types: {known}."),
    "too_large": ("Messaggio troppo grande ({size} byte; massimo {limit}).",
                  "Message too large ({size} bytes; at most {limit})."),
    "rate_limited": ("Troppi messaggi: rallenta (al massimo {rate} al secondo).",
                     "Too many messages: slow down (at most {rate} per second)."),
    "bad_token": ("Il gettone non vale per questo tavolo: il link d'invito è sbagliato.",
                  "The token is not valid for this table: the invite link is wrong."),
    "unknown_table": ("Il tavolo {table!r} non esiste.", "There is no table {table!r}."),
    "stale_version": ("Il tavolo è andato avanti mentre sceglievi (la mossa era per la "
                      "versione {sent}, il tavolo è alla {current}): guarda la situazione di "
                      "adesso e, se tocca ancora a te, rifai la mossa.",
                      "The table moved on while you chose (the move was for version {sent}, "
                      "the table is at {current}): look at where it stands now and, if it is "
                      "still your turn, move again."),
    "illegal_action": ("Mossa non ammessa: {reason}", "Illegal move: {reason}"),
    "not_your_turn": ("Non è il tuo turno.", "It is not your turn."),
    "spectator": ("Chi guarda non può giocare.", "Spectators cannot play."),
    "not_owner": ("Solo chi ha creato il tavolo può farlo.",
                  "Only the table's owner can do that."),
    "not_playing": ("La partita non è in corso (stato: {status}).",
                    "The match is not being played (status: {status})."),
    "already_started": ("La partita è già cominciata.", "The match has already started."),
    "not_over": ("La partita non è ancora finita.", "The match is not over yet."),
    "unknown_command": ("Comando sconosciuto {command!r}: un tavolo accetta start e rematch.",
                        "Unknown command {command!r}: a table takes start and rematch."),
    "hints_off": ("A questo tavolo i suggerimenti sono disattivati.",
                  "Hints are switched off at this table."),
    "hint_pending": ("Il suggerimento di prima è ancora in calcolo: aspetta la risposta.",
                     "Your last hint is still being worked out: wait for its answer."),
    "hint_cooldown": ("Troppi suggerimenti: chiedi il prossimo tra {seconds} s.",
                      "Too many hints: ask for the next one in {seconds} s."),
    "server_error": ("Errore del server; riprova.", "Server error; please try again."),
    "not_public": ("Il tavolo non è pubblico: ci si siede solo con il link d'invito.",
                   "The table is not public: its seats are taken with invite links only."),
    "table_full": ("Il tavolo è al completo: ogni posto è già preso.",
                   "The table is full: every seat is taken."),
    "account_needed": ("Per sedersi a un tavolo con punteggio bisogna accedere con un account.",
                       "Log in with an account to sit at a rated table."),
    "already_seated": ("Sei già seduto a questo tavolo (posto {seat}).",
                       "You already have a seat at this table (seat {seat})."),
    "unknown_ticket": ("Nessuna attesa {ticket!r} per la partita veloce: è scaduta (nessuno "
                       "l'ha chiesta per un po') o è stata annullata.",
                       "No quick match ticket {ticket!r}: it expired (nobody asked for it for "
                       "a while) or was cancelled."),
    "already_matched": ("La partita veloce ha già trovato un tavolo: il posto è tuo.",
                        "The quick match has found a table already: the seat is yours."),
    "too_many_tables": ("Troppi tavoli creati da questo indirizzo (al massimo {rate} al "
                        "minuto): riprova tra {wait} s.",
                        "Too many tables created from this address (at most {rate} a minute): "
                        "try again in {wait} s."),
    "bad_host": ("Questo server non serve il nome {host!r}: aggiungilo a --allowed-hosts se è "
                 "suo.",
                 "This server does not serve the name {host!r}: add it to --allowed-hosts if "
                 "it is its own."),
    "foreign_origin": ("Richiesta rifiutata: viene da una pagina di un altro sito ({origin}).",
                       "Request refused: it comes from a page of another site ({origin})."),
    "form_body": ("Il corpo dev'essere JSON (Content-Type: application/json), non {kind}.",
                  "The body must be JSON (Content-Type: application/json), not {kind}."),
    "too_many_connections": ("Troppe connessioni aperte; riprova tra poco.",
                             "Too many connections open; try again in a moment."),
    "chat_empty": ("Il messaggio è vuoto.", "The message is empty."),
    "chat_too_long": ("Messaggio troppo lungo ({size} caratteri; al massimo {limit}).",
                      "Message too long ({size} characters; at most {limit})."),
    "chat_control": ("Il messaggio contiene un carattere di controllo ({char}): scrivi solo "
                     "testo, su una riga.",
                     "The message holds a control character ({char}): write plain text, on "
                     "one line."),
    "chat_phrase": ("Frase rapida sconosciuta {phrase!r}; frasi ammesse: {known}.",
                    "Unknown quick phrase {phrase!r}; known phrases: {known}."),
    "chat_rate": ("Troppi messaggi in chat (al massimo {n} ogni {seconds} s): riprova tra "
                  "{wait} s.",
                  "Too many chat messages (at most {n} every {seconds} s): try again in "
                  "{wait} s."),
    "chat_muted": ("Il tuo account è silenziato: non puoi scrivere in chat.",
                   "Your account is muted: you cannot write in the chat."),
    "storage_unavailable": ("Il database non risponde: niente è stato confermato. Riprova tra "
                            "poco; lo stato attuale arriverà appena il database risponde.",
                            "The database is not answering: nothing was confirmed. Try again "
                            "in a moment; the current state will follow as soon as the "
                            "database answers."),
    # watching the server (mazzo.server.watch)
    "metrics_refused": ("Le metriche si leggono solo da questa macchina, senza proxy in mezzo, "
                        "o con il token di --metrics-token (Authorization: Bearer ...).",
                        "The metrics are read only from this machine, with no proxy between, "
                        "or with the --metrics-token token (Authorization: Bearer ...)."),
    "schema_behind": ("Il database è alla versione {found} dello schema, questo server vuole la "
                      "{expected}: le migrazioni non sono applicate (le applica un riavvio).",
                      "The database is at schema version {found}, this server needs "
                      "{expected}: its migrations are not applied (a restart applies them)."),
    "schema_ahead": ("Il database è alla versione {found} dello schema, più nuova della "
                     "{expected} di questo server: l'ha migrato un mazzo più recente; "
                     "aggiorna questo.",
                     "The database is at schema version {found}, newer than this server's "
                     "{expected}: a newer mazzo migrated it; upgrade this one."),
    # accounts (mazzo.server.account_api, mazzo.server.account_seats)
    "not_logged_in": ("Non sei entrato in un account.", "You are not logged in."),
    "username_taken": ("Il nome utente {username!r} è già preso: scegline un altro.",
                       "The username {username!r} is taken: choose another."),
    "bad_login": ("Nome utente o password sbagliati.", "Wrong username or password."),
    "wrong_password": ("La password non è giusta.", "The password is wrong."),
    "banned": ("Questo account è sospeso: non può entrare né sedersi a un tavolo.",
               "This account is banned: it cannot log in or take a seat."),
    "account_banned": ("Questo posto è di un account sospeso.",
                       "This seat belongs to a banned account."),
    "not_your_seat": ("Questo posto non è del tuo account: entra nell'account che lo tiene, o "
                      "usa il link d'invito.",
                      "This seat is not your account's: log in to the account that holds it, "
                      "or use the invite link."),
    "too_many_logins_account": ("Troppi tentativi sbagliati per questo account: riprova tra "
                                "{wait} s.",
                                "Too many wrong tries for this account: try again in {wait} s."),
    "too_many_logins_address": ("Troppi tentativi di accesso da questo indirizzo: riprova tra "
                                "{wait} s.",
                                "Too many login tries from this address: try again in {wait} s."),
}

#: client message type -> {field: (python types, required)}
MESSAGES: Final[dict[str, dict[str, tuple[tuple[type, ...], bool]]]] = {
    "hello": {"lang": ((str,), False)},
    "sync": {},
    "ping": {},
    "hint": {},
    "act": {"version": ((int,), True), "index": ((int,), False), "action": ((dict,), False)},
    "start": {"owner": ((str,), False)},
    "rematch": {"owner": ((str,), False)},
    "chat": {"text": ((str,), False), "phrase": ((str,), False)},
}


#: a field's Python type as a client's JSON calls it, for messages ("must be an integer")
JSON_TYPES: Final[dict[type, str]] = {int: "an integer", str: "a string", dict: "an object"}


class ProtocolError(Exception):
    """A client error: a code from :data:`ERRORS` with the fields its message needs."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def frame(self, lang: str) -> JSON:
        return error_frame(self.code, lang, **self.params)


#: a table's status (a ``{status}`` of :data:`ERRORS`) in words: status -> (Italian, English)
STATUS_WORDS: Final[dict[str, tuple[str, str]]] = {
    "waiting": ("in attesa dell'inizio", "waiting for the start"),
    "playing": ("in corso", "being played"), "over": ("finita", "over"),
}


def error_frame(code: str, lang: str, **params: Any) -> JSON:
    italian, english = ERRORS[code]
    if "status" in params and params["status"] in STATUS_WORDS:
        params["status"] = STATUS_WORDS[params["status"]][0 if lang == "it" else 1]
    text = (italian if lang == "it" else english).format(**params)
    return {"type": "error", "code": code, "message": text}


@dataclasses.dataclass(frozen=True)
class Message:
    """A validated client message."""

    type: str
    fields: JSON


class BadJSON(ValueError):
    """Text a client sent that is not JSON this server reads; the message says why."""


class TooLarge(BadJSON):
    """A client's body over :data:`MAX_MESSAGE_BYTES`, refused before it is all read."""


async def read_body(chunks: AsyncIterator[bytes], limit: int = MAX_MESSAGE_BYTES) -> bytes:
    """An HTTP request's body from its stream, refused (:class:`TooLarge`) as soon as it grows
    over ``limit`` bytes: a body is read whole into memory and parsed in the event loop, so an
    unbounded one held every table up (76 MiB of JSON: 3 s, a gigabyte of memory) to be told
    in the end that the field was wrong. The limit is the websocket message's: no request the
    API takes comes near it."""
    parts: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"over {limit} bytes")
        parts.append(chunk)
    return b"".join(parts)


def load_json(raw: str | bytes) -> Any:
    """Parse JSON a client sent (a websocket message, an HTTP body): the one place that does,
    so every kind of bad text is :class:`BadJSON` and never a server error. Besides text that
    is not JSON: invalid UTF-8, nesting too deep for the parser (RecursionError), an integer
    of more digits than Python converts (``sys.get_int_max_str_digits``, a plain ValueError)
    and a lone surrogate escaped in a string (``"\\ud800"``: JSON's grammar allows it, but
    it is no character and cannot be encoded again)."""
    if isinstance(raw, bytes):  # strictly: json.loads would take UTF-16 and, in UTF-8,
        try:                      # encoded surrogates (it decodes with "surrogatepass")
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJSON(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(raw)
    except RecursionError:
        raise BadJSON("nesting too deep") from None
    except json.JSONDecodeError as exc:
        raise BadJSON(str(exc)[:200]) from None
    except ValueError:
        raise BadJSON("a number has too many digits") from None
    # only a \u escape can make a lone surrogate (raw UTF-8 cannot hold one): such a string is
    # no text, and hashing it (a token) or sending it back (a field's name) raised
    if "\\u" in raw and lone_surrogate_place(data) is not None:
        raise BadJSON("a string holds a lone surrogate (\\ud800-\\udfff), which is no character")
    return data


def parse_message(raw: str | bytes) -> Message:
    """Decode and check one client message; :class:`ProtocolError` says what is wrong."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", size=size, limit=MAX_MESSAGE_BYTES)
    try:
        data = load_json(raw)
    except BadJSON as exc:
        raise ProtocolError("bad_json", detail=str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", detail="a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise ProtocolError("unknown_type", kind=str(kind)[:40], known=", ".join(MESSAGES))
    spec = MESSAGES[kind]
    for name in data:
        if name != "type" and name not in spec:
            raise ProtocolError("bad_message", detail=f"{kind}: unknown field {str(name)[:40]!r}")
    for name, (types, required) in spec.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_message", detail=f"{kind}: field {name!r} is missing")
            continue
        value = data[name]
        if not isinstance(value, types) or isinstance(value, bool):
            wanted = " or ".join(JSON_TYPES[t] for t in types)
            raise ProtocolError("bad_message", detail=f"{kind}: {name!r} must be {wanted}")
    _check_values(kind, data)
    return Message(kind, {k: v for k, v in data.items() if k != "type"})


def _check_values(kind: str, data: JSON) -> None:
    if kind == "hello" and "lang" in data and data["lang"] not in LANGS:
        raise ProtocolError("bad_message", detail=f"hello: lang must be one of {', '.join(LANGS)}")
    if kind == "act":
        if ("index" in data) == ("action" in data):
            raise ProtocolError("bad_message", detail="act: give exactly one of index or action")
        for name in ("version", "index"):
            if name in data and data[name] < 0:
                raise ProtocolError("bad_message", detail=f"act: {name} must be >= 0")
    if kind == "chat" and ("text" in data) == ("phrase" in data):
        raise ProtocolError("bad_message", detail="chat: give exactly one of text or phrase")
    owner = data.get("owner")
    if isinstance(owner, str) and len(owner) > TOKEN_MAX_CHARS:
        raise ProtocolError("bad_message", detail="owner: token too long")


class TokenBucket:
    """Per-connection rate limit: ``burst`` messages at once, refilled at ``rate`` per second.

    A flood (messages over the limit) is told once: :meth:`admit` warns at its first message
    and drops the rest. The flood lasts until the client has let the whole burst refill, not
    merely until a token trickles back: a client that keeps sending over the rate (or whose
    flood the server reads slowly, on a loaded machine) hears once, not at every refill."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp: float | None = None
        self.flooding = False

    def allow(self, now: float) -> bool:
        """Take a token for a message at ``now`` (monotonic seconds) if there is one."""
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def admit(self, now: float) -> Literal["pass", "warn", "drop"]:
        """``pass`` a message within the limit; over it, ``warn`` at a flood's first message
        (the caller sends one error) and ``drop`` the rest of the flood silently."""
        if self.allow(now):
            if self.tokens >= self.burst - 1:  # the bucket was full: any flood is over
                self.flooding = False
            return "pass"
        if self.flooding:
            return "drop"
        self.flooding = True
        return "warn"


# -- encoding frames -------------------------------------------------------------------------------


class Encoded(list[Any]):
    """A list that keeps its own JSON text, for a part shared by many frames (a table's
    commitments: most of a late frame's bytes, the same for every seat until the next chance
    action or hand), so :func:`encode_frame` does not encode it again for every frame."""

    def __init__(self, items: list[Any]) -> None:
        super().__init__(items)
        self.text = json.dumps(items, ensure_ascii=False)


def encode_frame(frame: JSON) -> str:
    """``frame`` as JSON text; :class:`Encoded` values are spliced in from their own text (the
    result parses to the same object, with those keys last)."""
    shared = [(key, value.text) for key, value in frame.items() if isinstance(value, Encoded)]
    if not shared:
        return json.dumps(frame, ensure_ascii=False)
    rest = {key: value for key, value in frame.items() if not isinstance(value, Encoded)}
    head = json.dumps(rest, ensure_ascii=False)[:-1]  # without its closing brace
    tail = ", ".join(f"{json.dumps(key)}: {text}" for key, text in shared)
    return f"{head}{', ' if rest else ''}{tail}}}"


# -- cards in frames ------------------------------------------------------------------------------


def cards_in(data: Any) -> set[str]:
    """Every exact card token among the string leaves of a JSON value. Every frame's view goes
    through here (the event filter), so it tests exact types first and each string against the
    set of all card tokens (one hash lookup) instead of parsing it."""
    tokens = card_tokens()
    found: set[str] = set()
    stack = [data]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is str:
            if item in tokens:
                found.add(item)
        elif kind is dict:
            extend(item.values())
        elif kind is list or kind is tuple:
            extend(item)
        elif isinstance(item, str):  # subclasses (rare): the same, slower
            if item in tokens:
                found.add(item)
        elif isinstance(item, dict):
            extend(item.values())
        elif isinstance(item, list | tuple):
            extend(item)
    return found


def may_see(event: JSON, allowed: set[str]) -> bool:
    """The per-seat event filter, for live frames and for the log alike: an event (as JSON)
    reaches a seat only if every card it names is in ``allowed``, the cards of that seat's view
    before or after the action that caused it. No game can leak a card through its events."""
    return cards_in(event) <= allowed


@functools.cache
def card_tokens() -> frozenset[str]:
    """The token of every card there can be: every rank of every suit and colour, both copies,
    and the four jokers, keeping those that read back as themselves (colour cards have no
    twins). A string is a card token exactly when it is in this set."""
    candidates = [card(rank, suit, copy) for suit in (*FRENCH_SUITS, *COLOURS)
                  for rank in range(2, ACE + 1) for copy in (0, 1)]
    candidates += [joker(copy) for copy in range(4)]
    return frozenset(t for t in map(card_token, candidates) if as_card(t) is not None)


def is_card_token(text: str) -> bool:
    """Whether ``text`` is exactly some card's token."""
    return text in card_tokens()


def as_card(text: str) -> Card | None:
    """The card whose exact token is ``text``, else None."""
    if not text or len(text) > 20:
        return None
    try:
        card = card_from_token(text)
    except (ValueError, KeyError):
        return None
    return card if card_token(card) == text else None


# -- describing configs ---------------------------------------------------------------------------


def describe_game(game: Game) -> JSON:
    """A game for the lobby: titles, player counts, variants, every config field, and when
    its seeds are revealed (``hand``: as each hand ends; ``match``: at the end of the match).

    A field gets ``help``, its own ``#:`` documentation (English), ``help_it`` (the config's
    ``italian_docs``), ``label`` and ``value_labels`` (``{"it", "en"}`` words) where the game
    names the field or its values its own way, and ``allowed_by_players`` where what it allows
    depends on the player count (Novantanove's 4 players choose the 52 or the 48 card deck), so
    the form offers what the engine accepts."""
    cls = game.config_class
    config = describe_config(cls())
    docs = cls.field_docs()
    by_players = {n: describe_config(game.config_class(players=n)) for n in game.player_counts}
    for i, entry in enumerate(config):
        name = entry["name"]
        if name in docs:
            entry["help"] = docs[name]
        if name in cls.italian_docs:
            entry["help_it"] = cls.italian_docs[name]
        if name in cls.field_labels:
            entry["label"] = dict(zip(("it", "en"), cls.field_labels[name], strict=True))
        if name in cls.value_labels:
            entry["value_labels"] = {value: dict(zip(("it", "en"), words, strict=True))
                                     for value, words in cls.value_labels[name].items()}
        differ = {str(n): fields[i].get("allowed") for n, fields in by_players.items()
                  if fields[i].get("allowed") != entry.get("allowed")}
        if differ:
            entry["allowed_by_players"] = differ
    return {
        "id": game.id,
        "title": {"it": game.title("it"), "en": game.title("en")},
        "players": list(game.player_counts),
        "variants": list(game.variants),
        "config": config,
        "seeds": "hand" if game.seeds_public_after_hand else "match",
    }


def describe_config(config: Config) -> list[JSON]:
    """Each field of a config with its JSON type, default and allowed values (for the default
    config; found by asking ``validate`` about an out-of-range value, so nothing is duplicated)."""
    out: list[JSON] = []
    for f in dataclasses.fields(config):
        default = getattr(config, f.name)
        kind = _json_type(default)
        entry: JSON = {"name": f.name, "type": kind, "default": config.to_json()[f.name]}
        allowed = _probe_allowed(config, f.name, kind)
        if allowed is not None:
            entry["allowed"] = allowed
        out.append(entry)
    return out


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, tuple | list):
        return "array"
    return "string" if value is None else type(value).__name__


_PROBES: Final[dict[str, tuple[object, ...]]] = {
    "integer": (-(10**9), 10**12),
    "number": (-math.inf,),
    "string": ("\u0000?",),
}


def _probe_allowed(config: Config, name: str, kind: str) -> Any:
    if kind == "boolean":
        return [False, True]
    allowed: Any = None
    for probe in _PROBES.get(kind, ()):
        try:
            config.replace(**{name: probe})
        except ConfigError as exc:
            if exc.field != name or exc.allowed is None:
                continue
            if isinstance(exc.allowed, dict) and isinstance(allowed, dict):
                allowed = {k: allowed[k] if v is None else v for k, v in exc.allowed.items()}
            else:
                allowed = exc.allowed
        except (TypeError, ValueError):
            continue
    if isinstance(allowed, list) and kind != "boolean":
        # a value the field lists may still clash with the rest of this config (Novantanove's
        # classic variant is for 2 or 3 players): only the values the config accepts are offered
        allowed = [value for value in allowed if _accepts(config, name, value)]
    return allowed


def _accepts(config: Config, name: str, value: object) -> bool:
    try:
        config.replace(**{name: value})
    except (ConfigError, TypeError, ValueError):
        return False
    return True
