"""The ``mazzo`` command's help pages in Italian and English: the description, every option's
help, the metavars and the epilog, one table per language (argparse's own words, ``usage:`` and
its errors, are :mod:`mazzo.argtext`'s). The English table is what ``mazzo --help`` has always
said; ``%%`` is a percent sign (argparse formats every help with ``%``); ``{levels}`` is filled
in with the bot levels. Metavars name what goes in an option: ``--seat POSTO``."""

from __future__ import annotations

#: every phrase of the command's help pages, per language
#: the main help's examples, the same commands in both languages (the files named in each)
_EXAMPLES = """\
  mazzo games
  mazzo rules nebraska --lang it
  mazzo rules nebraska --full
  mazzo play nebraska --players 4 --variant poker --bots medio
  mazzo simulate nebraska --matches 1000 --seed 1 --bots heuristic,random
  mazzo arena cribbage --bots esperto,medio,random --matches 200 --seed 7
  mazzo replay {match} --seat 1
  mazzo matches
  mazzo play --resume ~/.mazzo/matches/cribbage-20261123-101500-1a2b3c4d.json
  mazzo serve --port 8000
  mazzo verify {record}
  mazzo cribbage analyze 5H 5D JS QC 4S 6D --dealer
"""

HELP: dict[str, dict[str, str]] = {
    "en": {
        "description": "Five traditional card games with exact rules, bots and a clean engine.",
        "epilog": "examples:\n" + _EXAMPLES.format(match="match.json", record="table-record.json")
                  + "Run 'mazzo' alone for a menu. Colour only on a terminal; --no-color or "
                    "NO_COLOR turns it off.\n",
        "game_commands": "game commands ('mazzo GAME --help' for a game's):",
        "lang": "language of the texts (default: from MAZZO_LANG or LANG)",
        "no_color": "no colour even on a terminal (also: NO_COLOR set to anything)",
        "games": "list the games with player counts and variants",
        "rules": "a readable summary of a game's rules (--full: all)",
        "rules.full": "the full rules page: every option, the tie rules, worked examples",
        "learn": "the game's guided first hand: each step explained, your move by the same "
                 "prompts as play; then a real hand against facile",
        "play": "play a match at the terminal against bots (saved after every move; "
                "--resume FILE continues one)",
        "play.game": "the game (not needed with --resume)",
        "play.resume": "continue a saved match exactly where it stopped ('mazzo matches' "
                       "lists them)",
        "play.seat": "your seat, 1-based (default 1)",
        "play.bots": "bot level(s) for the other seats, comma-separated, in seat order; at most "
                     "one per other seat, the last fills the rest: {levels} or a game bot "
                     "such as heuristic (default medio)",
        "play.seed": "fixed seed (default: a fair, secure shuffle)",
        "play.save": "save the match to this file (after every move; a file already there is "
                     "never replaced: the match then goes to the default place, a file named "
                     "after the match in ~/.mazzo/matches, or $MAZZO_HOME/matches)",
        "play.no_autoplay": "ask even when you have only one legal move (default: play it)",
        "config.players": "number of players",
        "config.variant": "variant or preset of the game",
        "config.set": "any other config field, e.g. --set target=10 (repeatable; a list field "
                      "takes comma-separated values: --set suit_order=oro,giallo,...)",
        "matches": "list saved matches, newest first",
        "matches.all": "also list finished matches (default: only unfinished ones)",
        "simulate": "bots play many matches: win rates with 95%% CI",
        "simulate.matches": "at least 1 (default 1000)",
        "simulate.bots": "comma-separated distinct bots, seats rotating (default "
                         "heuristic,random); more than the seats: every group of them plays",
        "simulate.workers": "parallel workers, at least 1 (default: every core)",
        "simulate.out": "write the results as JSON",
        "arena": "tournaments between bots (see 'mazzo arena --help')",
        "admin": "a server's accounts (bans, mutes, password resets, the admin log) and old "
                 "finished tables (export, prune): see 'mazzo admin --help'",
        "replay": "step through a saved match record",
        "replay.seat": "see the match as this seat (1-based); default: spectator",
        "replay.all": "print every step without pausing",
        "menu": "the terminal menu (also what 'mazzo' alone opens)",
        "serve": "run the table server (needs the web extra)",
        "serve.db": "sqlite:///PATH or postgresql://... (default ~/.mazzo/mazzo.db)",
        "serve.processes": "server processes sharing the port (PostgreSQL only; default 1): a "
                           "supervisor restarts one that dies, and SIGTERM drains them all",
        "serve.workers_bots": "processes computing bot moves and hints (default: one per core, "
                              "at least 2, or with --processes N the cores shared among the N; "
                              "0: a thread)",
        "serve.bot_pause": "seconds a bot waits before moving, so people can follow",
        "serve.grace": "seconds before a stand-in plays for a disconnected person",
        "serve.rate": "messages per second allowed per connection",
        "serve.burst": "messages allowed at once",
        "serve.advertise": "where other server processes on the same PostgreSQL reach this one "
                           "(default http://HOST:PORT)",
        "serve.takeover": "how often to take over the tables of a server process that stopped "
                          "(several processes on one PostgreSQL)",
        "serve.forget_after": "drop a finished table from memory once nobody has used it this "
                              "long (default 600; inf: never); it is loaded from the database "
                              "again when asked for",
        "serve.send_timeout": "hang up (1013) on a client whose socket has not taken a frame for "
                              "this long: it is not reading (default 10)",
        "serve.outbox": "hang up (1013) on a client with more frames than this waiting for its "
                        "socket (default 64)",
        "serve.hint_cooldown": "seconds a seat waits after a hint before asking for the next "
                               "(default 3)",
        "serve.allow_bot_tables": "accept tables with no person at all, only bots (they use the "
                                  "bot workers with nobody watching)",
        "serve.create_rate": "tables one client address may create per minute (default 30; "
                             "0: no limit)",
        "serve.create_burst": "tables one client address may create at once (default 30)",
        "serve.waiting_expiry": "delete a table never started that no player or owner joined "
                                "this long after it was made (default 86400; 0: never)",
        "serve.allowed_hosts": "comma-separated names (or name:port) requests may be sent to, "
                               "besides the bind address, localhost and the advertised one; *: "
                               "any (behind a proxy: the public name)",
        "serve.allowed_origins": "comma-separated origins (https://example.com) of other sites "
                                 "whose pages may create tables and connect; *: any",
        "serve.api_docs": "serve the OpenAPI schema at /openapi.json",
        "serve.https": "clients reach this server over HTTPS (a TLS proxy in front): session "
                       "cookies are sent as Secure",
        "serve.trust_proxy": "trust the proxy in front: its X-Forwarded-Proto: https makes "
                             "session cookies Secure",
        "serve.header_timeout": "close a connection that has not sent a whole request line and "
                                "headers this long after it opened (default 10)",
        "serve.idle_timeout": "close a kept-alive HTTP connection idle this long (default 5)",
        "serve.max_connections": "connections open at once, in all; more are answered 503 "
                                 "(default: what ulimit -n leaves room for)",
        "serve.max_connections_per_address": "connections open at once from one client address "
                                             "(IPv6: one /64); more are answered 503 (default "
                                             "64; 0: no cap, e.g. behind a proxy)",
        "serve.log_format": "text (default: as always) or json: one JSON object per line, "
                            "uvicorn's lines included (docs/server.md, \"Watching it\")",
        "serve.log_level": "log from this level up: debug, info (adds uvicorn's access "
                           "lines), warning (default) or error",
        "serve.metrics_token": "let clients that are not on this machine read /metrics with "
                               "Authorization: Bearer TOKEN (default: $MAZZO_METRICS_TOKEN; "
                               "none: only this machine reads it)",
        "verify": "check a server record's fair-shuffle commitments",
        "backup": "copy a server's SQLite database to a file, safely while the server runs "
                  "(PostgreSQL: pg_dump -Fc)",
        "backup.path": "the copy to write (a folder, or a path ending in /: a file named for "
                       "the time in it)",
        "restore": "replace a server's SQLite database by a backup; stop the server first (the "
                   "replaced database is kept beside it; PostgreSQL: pg_restore)",
        "restore.path": "the backup to restore",
        "keep.db": "sqlite:///PATH (default ~/.mazzo/mazzo.db), as mazzo serve",
        "review": "the esperto's review of one seat of a saved match record",
        "review.seat": "the seat to review (1-based)",
        "review.json": "print the review as JSON (docs/review.md)",
        "review.budget": "seconds of CPU the review may take; later decisions get fewer worlds "
                         "(default: the game's full depth)",
        "review.worlds": "worlds behind each value (default: the game's depth, docs/review.md)",
        # what a value must be (mazzo's own argument types)
        "seconds.not_number": "not a number of seconds: {text!r}",
        "seconds.negative": "seconds must be 0 or more: {text!r}",
        "frames.not_number": "not a number of frames: {text!r}",
        "frames.too_few": "frames must be 1 or more: {text!r}",
        "connections.not_number": "not a number of connections: {text!r}",
        "connections.negative": "connections must be 0 or more: {text!r}",
        # metavars: what goes in a positional or after an option
        "m.worlds": "WORLDS",
        "m.command": "COMMAND", "m.game": "game", "m.file": "file", "m.FILE": "FILE",
        "m.field": "FIELD=VALUE", "m.players": "PLAYERS", "m.variant": "VARIANT",
        "m.seat": "SEAT", "m.bots": "BOTS", "m.seed": "SEED", "m.matches": "MATCHES",
        "m.workers": "WORKERS", "m.out": "OUT", "m.host": "HOST", "m.port": "PORT",
        "m.db": "DB", "m.processes": "PROCESSES", "m.workers_bots": "WORKERS_BOTS",
        "m.bot_pause": "BOT_PAUSE",
        "m.grace": "GRACE", "m.rate": "RATE", "m.burst": "BURST", "m.url": "URL",
        "m.seconds": "SECONDS", "m.tables": "TABLES", "m.names": "NAMES",
        "m.origins": "ORIGINS", "m.frames": "FRAMES", "m.connections": "CONNECTIONS",
        "m.path": "PATH",
        "m.format": "FORMAT", "m.level": "LEVEL", "m.token": "TOKEN",
    },
    "it": {
        "description": "Cinque giochi di carte tradizionali con regole esatte, bot e un motore "
                       "pulito.",
        "epilog": "esempi:\n" + _EXAMPLES.format(match="partita.json", record="record-tavolo.json")
                  + "'mazzo' da solo apre un menu. Colori solo su un terminale; --no-color o "
                    "NO_COLOR li toglie.\n",
        "game_commands": "comandi dei giochi ('mazzo GIOCO --help' per quelli di un gioco):",
        "lang": "lingua dei testi (predefinita: da MAZZO_LANG o LANG)",
        "no_color": "niente colori nemmeno su un terminale (anche: NO_COLOR con un valore "
                    "qualsiasi)",
        "games": "elenca i giochi con numero di giocatori e varianti",
        "rules": "un riassunto leggibile delle regole di un gioco (--full: tutte)",
        "rules.full": "la pagina completa delle regole: ogni opzione, gli spareggi, esempi "
                      "svolti",
        "learn": "la prima mano guidata del gioco: ogni passo spiegato, la tua mossa con le "
                 "stesse domande di play; poi una mano vera contro facile",
        "play": "gioca una partita al terminale contro i bot (salvata dopo ogni mossa; "
                "--resume FILE ne riprende una)",
        "play.game": "il gioco (non serve con --resume)",
        "play.resume": "riprendi una partita salvata esattamente da dove si era fermata "
                       "('mazzo matches' le elenca)",
        "play.seat": "il tuo posto, contando da 1 (predefinito 1)",
        "play.bots": "livello dei bot negli altri posti, separati da virgole, in ordine di "
                     "posto; al massimo uno per ogni altro posto, l'ultimo occupa i restanti: "
                     "{levels} o un bot del gioco come heuristic (predefinito medio)",
        "play.seed": "seed fisso (predefinito: un mescolamento equo e sicuro)",
        "play.save": "salva la partita in questo file (dopo ogni mossa; un file che c'è già "
                     "non viene mai sostituito: la partita va allora nel posto predefinito, un "
                     "file col nome della partita in ~/.mazzo/matches, o $MAZZO_HOME/matches)",
        "play.no_autoplay": "chiedi anche quando c'è una sola mossa possibile (predefinito: "
                            "la gioca da sé)",
        "config.players": "numero di giocatori",
        "config.variant": "variante o configurazione predefinita del gioco",
        "config.set": "ogni altro campo della configurazione, p. es. --set target=10 "
                      "(ripetibile; un campo lista prende valori separati da virgole: --set "
                      "suit_order=oro,giallo,...)",
        "matches": "elenca le partite salvate, dalla più recente",
        "matches.all": "elenca anche le partite concluse (predefinito: solo quelle in corso)",
        "simulate": "i bot giocano molte partite: quote di vittorie con IC 95%%",
        "simulate.matches": "almeno 1 (predefinito 1000)",
        "simulate.bots": "bot diversi separati da virgole, che ruotano nei posti (predefinito "
                         "heuristic,random); più bot che posti: gioca ogni loro gruppo",
        "simulate.workers": "worker in parallelo, almeno 1 (predefinito: uno per core)",
        "simulate.out": "scrivi i risultati in JSON",
        "arena": "tornei tra bot (vedi 'mazzo arena --help')",
        "admin": "gli account di un server (sospensioni, silenziamenti, password nuove, il "
                 "registro) e i vecchi tavoli finiti (export, prune): vedi 'mazzo admin --help'",
        "replay": "rivedi passo passo il record di una partita salvata",
        "replay.seat": "guarda la partita da questo posto (contando da 1); predefinito: da "
                       "spettatore",
        "replay.all": "stampa ogni passo senza pause",
        "menu": "il menu al terminale (quello che apre anche 'mazzo' da solo)",
        "serve": "avvia il server dei tavoli (vuole l'extra web)",
        "serve.db": "sqlite:///PERCORSO o postgresql://... (predefinito ~/.mazzo/mazzo.db)",
        "serve.processes": "processi server che si dividono la porta (solo PostgreSQL; "
                           "predefinito 1): un supervisore riavvia quello che muore, e SIGTERM "
                           "li fa chiudere tutti con calma",
        "serve.workers_bots": "processi che calcolano mosse dei bot e suggerimenti "
                              "(predefinito: uno per core, almeno 2, o con --processes N i core "
                              "divisi fra gli N; 0: un thread)",
        "serve.bot_pause": "secondi che un bot aspetta prima di muovere, perché le persone "
                           "possano seguire",
        "serve.grace": "secondi prima che un sostituto giochi per una persona disconnessa",
        "serve.rate": "messaggi al secondo ammessi per connessione",
        "serve.burst": "messaggi ammessi tutti insieme",
        "serve.advertise": "dove gli altri processi server sullo stesso PostgreSQL raggiungono "
                           "questo (predefinito http://HOST:PORTA)",
        "serve.takeover": "ogni quanto prendere i tavoli di un processo server che si è fermato "
                          "(più processi su un PostgreSQL)",
        "serve.forget_after": "togli dalla memoria un tavolo concluso quando nessuno lo usa da "
                              "tanto così (predefinito 600; inf: mai); se richiesto, viene "
                              "ricaricato dal database",
        "serve.send_timeout": "chiudi (1013) la connessione di un client il cui socket non "
                              "prende un frame da tanto così: non sta leggendo (predefinito 10)",
        "serve.outbox": "chiudi (1013) la connessione di un client con più frame di così in "
                        "attesa sul suo socket (predefinito 64)",
        "serve.hint_cooldown": "secondi che un posto aspetta dopo un suggerimento prima di "
                               "chiederne un altro (predefinito 3)",
        "serve.allow_bot_tables": "accetta tavoli senza nessuna persona, di soli bot (usano i "
                                  "processi dei bot senza che nessuno guardi)",
        "serve.create_rate": "tavoli che un indirizzo può creare al minuto (predefinito 30; "
                             "0: nessun limite)",
        "serve.create_burst": "tavoli che un indirizzo può creare tutti insieme (predefinito "
                              "30)",
        "serve.waiting_expiry": "cancella un tavolo mai iniziato in cui nessun giocatore né chi "
                                "l'ha creato è entrato dopo tanto così (predefinito 86400; 0: "
                                "mai)",
        "serve.allowed_hosts": "nomi (o nome:porta), separati da virgole, a cui si possono "
                               "mandare richieste, oltre all'indirizzo d'ascolto, a localhost e "
                               "a quello annunciato; *: qualsiasi (dietro un proxy: il nome "
                               "pubblico)",
        "serve.allowed_origins": "origini (https://example.com), separate da virgole, di altri "
                                 "siti le cui pagine possono creare tavoli e collegarsi; *: "
                                 "qualsiasi",
        "serve.api_docs": "servi lo schema OpenAPI su /openapi.json",
        "serve.https": "i client raggiungono questo server in HTTPS (un proxy TLS davanti): i "
                       "cookie di sessione sono Secure",
        "serve.trust_proxy": "fidati del proxy davanti: il suo X-Forwarded-Proto: https rende "
                             "Secure i cookie di sessione",
        "serve.header_timeout": "chiudi una connessione che non ha mandato una riga di richiesta "
                                "e le intestazioni complete entro tanto così da quando si è "
                                "aperta (predefinito 10)",
        "serve.idle_timeout": "chiudi una connessione HTTP tenuta aperta e inattiva da tanto così "
                              "(predefinito 5)",
        "serve.max_connections": "connessioni aperte insieme, in tutto; alle altre risponde 503 "
                                 "(predefinito: quante ne lascia aprire ulimit -n)",
        "serve.max_connections_per_address": "connessioni aperte insieme da un indirizzo (IPv6: "
                                             "un /64); alle altre risponde 503 (predefinito 64; "
                                             "0: nessun limite, per esempio dietro un proxy)",
        "serve.log_format": "text (predefinito: come sempre) o json: un oggetto JSON per riga, "
                            "comprese le righe di uvicorn (docs/server.md, \"Watching it\")",
        "serve.log_level": "scrivi nel log da questo livello in su: debug, info (aggiunge le "
                           "righe d'accesso di uvicorn), warning (predefinito) o error",
        "serve.metrics_token": "lascia leggere /metrics a chi non è su questa macchina con "
                               "Authorization: Bearer TOKEN (predefinito: $MAZZO_METRICS_TOKEN; "
                               "nessuno: la legge solo questa macchina)",
        "verify": "controlla gli impegni di mescolamento equo nel record di un server",
        "backup": "copia il database SQLite di un server in un file, senza rischi anche a "
                  "server acceso (PostgreSQL: pg_dump -Fc)",
        "backup.path": "la copia da scrivere (una cartella, o un percorso che finisce in /: "
                       "dentro un file col nome dell'ora)",
        "restore": "sostituisci il database SQLite di un server con una copia; prima ferma il "
                   "server (il database sostituito resta accanto; PostgreSQL: pg_restore)",
        "restore.path": "la copia da ripristinare",
        "keep.db": "sqlite:///PERCORSO (predefinito ~/.mazzo/mazzo.db), come mazzo serve",
        "review": "la revisione dell'esperto di un posto di una partita salvata",
        "review.seat": "il posto da rivedere (contando da 1)",
        "review.json": "stampa la revisione in JSON (docs/review.md)",
        "review.budget": "secondi di CPU che la revisione può prendere; le decisioni successive "
                         "hanno meno mondi (predefinito: la profondità piena del gioco)",
        "review.worlds": "mondi dietro ogni valore (predefinito: la profondità del gioco, "
                         "docs/review.md)",
        "seconds.not_number": "non è un numero di secondi: {text!r}",
        "seconds.negative": "i secondi devono essere 0 o più: {text!r}",
        "frames.not_number": "non è un numero di frame: {text!r}",
        "frames.too_few": "i frame devono essere 1 o più: {text!r}",
        "connections.not_number": "non è un numero di connessioni: {text!r}",
        "connections.negative": "le connessioni devono essere 0 o più: {text!r}",
        "m.worlds": "MONDI",
        "m.command": "COMANDO", "m.game": "gioco", "m.file": "file", "m.FILE": "FILE",
        "m.field": "CAMPO=VALORE", "m.players": "GIOCATORI", "m.variant": "VARIANTE",
        "m.seat": "POSTO", "m.bots": "BOT", "m.seed": "SEED", "m.matches": "PARTITE",
        "m.workers": "WORKER", "m.out": "FILE", "m.host": "HOST", "m.port": "PORTA",
        "m.db": "DB", "m.processes": "PROCESSI", "m.workers_bots": "PROCESSI",
        "m.bot_pause": "SECONDI",
        "m.grace": "SECONDI", "m.rate": "MESSAGGI", "m.burst": "MESSAGGI", "m.url": "URL",
        "m.seconds": "SECONDI", "m.frames": "FRAME",
        "m.tables": "TAVOLI", "m.names": "NOMI", "m.origins": "ORIGINI",
        "m.connections": "CONNESSIONI", "m.path": "PERCORSO",
        "m.format": "FORMATO", "m.level": "LIVELLO", "m.token": "TOKEN",
    },
}


def help_words(lang: str) -> dict[str, str]:
    """The help table for ``lang`` (English unless "it")."""
    return HELP["it" if lang == "it" else "en"]
