// Every word the browser shows, in Italian and English (Italian game terms are canonical).
// t(key, params) fills {name} fields; plural keys are [one, many] pairs chosen by params.n.
const WORDS = {
  it: {
    app: "mazzo", lobbyTitle: "mazzo — gioca a carte nel browser",
    lobbyIntro: "Gioca subito contro i bot, o prepara un tavolo su misura: le regole, chi siede dove, gli amici che entrano con il loro link.",
    language: "Lingua", game: "Gioco", players: "Giocatori", variant: "Variante", options: "Opzioni",
    seats: "Posti", seat: "Posto {n}", you: "tu", friend: "un amico (con un link)",
    bot: "bot {level} — {desc}", nickname: "Nome", create: "Crea il tavolo", creating: "Creo il tavolo…",
    created: "Tavolo creato", invite: "Link d'invito per il posto {n} ({name})", copy: "Copia",
    copied: "Copiato", spectate: "Link per guardare", goToSeat: "Vai al tuo posto",
    goToTable: "Apri il tavolo", yourTables: "I tuoi tavoli", noTables: "Nessun tavolo per ora.",
    rejoin: "Rientra", forget: "Dimentica", botPause: "Pausa dei bot (secondi)",
    grace: "Attesa prima del sostituto (secondi)", hints: "Suggerimenti permessi",
    needHuman: "Almeno un posto deve essere tuo o di un amico.",
    youOnce: "Solo un posto può essere «tu».",
    levels: {
      random: "mosse a caso", facile: "euristica con errori voluti", medio: "euristica del gioco",
      difficile: "ricerca veloce, ~0,2 s a mossa",
      esperto: "il più forte, fino a ~1 s a mossa",
    },
    connecting: "Connessione…", connected: "Connesso", reconnecting: "Connessione persa: riconnessione…",
    movesOffline: "Senza connessione le mosse aspettano: tornano appena il server risponde.",
    spectator: "Stai guardando", yourTurn: "Tocca a te", turnOf: "Tocca a {name}",
    waiting: "In attesa dell'inizio", over: "Partita finita", start: "Comincia la partita",
    rematch: "Rivincita", toRematch: "Vai alla rivincita",
    moves: "Le tue mosse", allMoves: "Tutte le mosse ({n})", noMoves: "Nessuna mossa da fare ora.",
    select: "Scegli le carte, poi conferma.", noMatch: "Nessuna mossa con queste carte.",
    more: "Aggiungi altre carte.", clear: "Annulla la scelta", hand: "La tua mano",
    log: "Cronaca", scores: "Punteggi", score: "Punti", rules: "Regole", hint: "Suggerimento",
    hintIs: "L'esperto giocherebbe: {text}", hintsOff: "Suggerimenti disattivati a questo tavolo",
    thinking: "L'esperto ci pensa…",
    fairness: "Mescolate eque", fairnessIntro: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a partita finita, quando niente di ciò che ha distribuito è più segreto.",
    fairnessIntroHand: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a mano finita.",
    handCol: "Mano", version: "versione", commitment: "impegno", seed: "seed", hidden: "nascosto fino a fine partita",
    hiddenHand: "nascosto fino a fine mano",
    verify: "Verifica i seed", verified: ["{ok} seed su {n} verificato: SHA-256(seed) = impegno.", "{ok} seed su {n} verificati: SHA-256(seed) = impegno."],
    verifyBad: "Seed non valido alla versione {v}!", record: "Scarica il verbale (per «mazzo verify»)",
    replay: "Rivedi la partita", standIn: "sostituito da un bot ({level})", away: "assente",
    online: "presente", botSeat: "bot {level}", cards: ["{n} carta", "{n} carte"],
    stock: "Tallone", pile: "Scarti", result: "Risultato", handNo: "Mano {n}",
    winner: "Vince {name}", winners: "Vincono {names}",
    lastHand: "Ultima mano", timer: "{s} s", turnTime: "Tempo del turno",
    backLobby: "Torna all'ingresso", langSwitch: "English", tableOf: "Tavolo di {game}",
    you_: "(tu)", dealer: "mazziere", trump: "Briscola", board: "Tavolo", seatsTitle: "Al tavolo",
    settings: "Impostazioni", setMotion: "Niente animazioni", setSounds: "Suoni (il tuo turno, una carta giocata, una mano vinta)",
    setFourColour: "Semi in quattro colori", sortLabel: "Ordina la mano:", sortSuit: "per seme", sortRank: "per valore",
    arrangeHelp: "Trascina una carta, o Alt+← / Alt+→, per spostarla.",
    step: "Passo", first: "Inizio", prev: "Indietro", next: "Avanti", last: "Fine", viewAs: "Vista di",
    everyone: "chi guarda", replayTitle: "Replay di {game}", replayNotOver: "Il replay si apre a partita finita.",
    review: "Revisione dell'esperto", reviewing: "L'esperto rivede le mosse: {done} di {total}",
    reviewSeat: "Scegli un posto per la sua revisione.", prevMistake: "Errore precedente", nextMistake: "Errore successivo",
    reviewChart: "Punti attesi di ogni mossa giocata", reviewChartChance: "Probabilità di vittoria dopo ogni mossa giocata",
    percentagePoints: "punti percentuali di {unit}", reviewSummary: "{decisions} decisioni: {classes}; perdita media {loss}",
    review_best: "migliore", review_good: "buona", review_inaccuracy: "imprecisione", review_mistake: "errore",
    review_blunder: "errore grave",
    // game boards
    candidate: "Candidata", common: "Carte comuni", rejected: "Respinte", spentBids: "puntate giocate", bids: "Offerte",
    bidHidden: "coperta", counts: "conta", notCounts: "non conta", suitsKey: "Colori",
    hands: "Mani", handColumn: "Mano", received: "Ricevute",
    count: "Conteggio", crib: "Crib", showHand: "mano", showCrib: "crib", premiumDeclare: "dichiarata", premiumReveal: "scoperta", starter: "Starter", cribCards: ["{n} carta nel crib", "{n} carte nel crib"],
    skunk: "linea dello skunk ({n})", target: "traguardo {n}", sequence: "In tavola", shown: "Conteggi",
    gamesWon: "partite vinte", go: "go",
    bidStatus: "Offerta", bidDown: ["coperta ({n} carta)", "coperta ({n} carte)"], declared: "dichiarata: {n}", revealed: "scoperta: {n}",
    tricks: "Prese", tricksOf: ["{n} presa su {bid}", "{n} prese su {bid}"], trick: "Presa in corso", noTrump: "nessuna",
    turnUp: "Carta girata", dummy: "morto", gameScore: "Punti della partita", totalScore: "Totale con i premi", lastTrick: "Ultima presa",
    handRow: "Mano (giocatore o morto)", player: "Giocatore",
    pot: "Piatto", sidePots: "Piatti", potOf: "{amount} (tra {seats})", chips: "Fiches", bet: "Puntata nel giro",
    toMatch: "Da pareggiare", folded: "ha lasciato", draw: "Cambio", drew: ["cambia {n} carta", "cambia {n} carte"],
    stood: "servito", showdown: "Mostra", opening: "Apertura con {req}", openingReq: "Si apre con almeno", openingPair: "coppia di {req}", phase: "Fase", blinds: "Buio",
    melds: "Combinazioni", side: "Coppia {n}", pozzetti: "Pozzetti", pozzettoTaken: "pozzetto preso",
    pozzettoNotTaken: "pozzetto non preso", running: "Punti in tavola",
    tableAtClose: "Il tavolo a fine mano", finalScores: "punteggio finale",
    closedWith: "a fine mano {n}: {points} punti in tavola",
    burraco: "burraco", wildAt: "matta al posto di {card}",
    known: "Carte note", handPoints: ["+{n} punto", "+{n} punti"], handWon: "vince la mano",
    turnLimit: "Tempo per mossa (secondi)", turnLimitHelp: "0 = senza limite; allo scadere gioca il bot medio al tuo posto",
    timeLeft: "Tempo rimasto", timeUp: "Tempo scaduto", urgent: ["Resta {n} secondo per la mossa di {name}!", "Restano {n} secondi per la mossa di {name}!"],
    urgentMine: ["Resta {n} secondo per la tua mossa!", "Restano {n} secondi per la tua mossa!"],
    history: "Storia delle mani", historyIntro: "Mano per mano: cosa è successo e il foglio dei punti.",
    handScores: "Punti a fine mano", inProgress: "mano in corso",
    omittedEvents: ["{n} evento precedente non mostrato", "{n} eventi precedenti non mostrati"],
    omittedHands: ["{n} mano precedente non mostrata", "{n} mani precedenti non mostrate"],
    oneClick: "si gioca con un clic", whatHappened: "Cosa è successo ({n})", clickToPlay: "Tocca una carta per giocarla.",
    learnToPlay: "Impara a giocare",
    playNow: "Gioca subito", playNowIntro: "Un clic: tu contro i bot medi, con le regole solite del gioco; la partita comincia subito.",
    playNowSeats: ["{players} giocatori: tu e {n} bot medio", "{players} giocatori: tu e {n} bot medi"],
    customTable: "Tavolo su misura: regole, posti, amici", linksLater: "I link restano anche al tavolo, sotto «Link del tavolo».",
    stateWaiting: "in attesa dell'inizio", statePlaying: "in corso", stateGone: "non più sul server",
    tableLinks: "Link del tavolo", inviteOf: "Link d'invito per il posto {n} ({name})",
    startEmpty: ["Il posto di {names} è ancora vuoto: se cominci, dopo l'attesa del tavolo ci gioca un bot sostituto finché non arriva. Cominciare lo stesso?",
      "I posti di {names} sono ancora vuoti: se cominci, dopo l'attesa del tavolo ci giocano bot sostituti finché non arrivano. Cominciare lo stesso?"],
    numberRange: "{field}: serve un numero da {min} a {max}.", numberFrom: "{field}: serve un numero da {min} in su.",
    wholeRange: "{field}: serve un numero intero da {min} a {max}.", wholeFrom: "{field}: serve un numero intero da {min} in su.",
  },
  en: {
    app: "mazzo", lobbyTitle: "mazzo — card games in the browser",
    lobbyIntro: "Play at once against the bots, or set up a table of your own: the rules, who sits where, friends who join with their own link.",
    language: "Language", game: "Game", players: "Players", variant: "Variant", options: "Options",
    seats: "Seats", seat: "Seat {n}", you: "you", friend: "a friend (by link)",
    bot: "{level} bot — {desc}", nickname: "Name", create: "Create the table", creating: "Creating the table…",
    created: "Table created", invite: "Invite link for seat {n} ({name})", copy: "Copy",
    copied: "Copied", spectate: "Spectator link", goToSeat: "Go to your seat",
    goToTable: "Open the table", yourTables: "Your tables", noTables: "No tables yet.",
    rejoin: "Rejoin", forget: "Forget", botPause: "Bot pause (seconds)",
    grace: "Wait before a stand-in (seconds)", hints: "Hints allowed",
    needHuman: "At least one seat must be you or a friend.",
    youOnce: "Only one seat can be “you”.",
    levels: {
      random: "random legal moves", facile: "heuristic with deliberate mistakes", medio: "the game's heuristic",
      difficile: "quick search, ~0.2 s per move", esperto: "the strongest, up to ~1 s per move",
    },
    connecting: "Connecting…", connected: "Connected", reconnecting: "Connection lost: reconnecting…",
    movesOffline: "No connection: your moves wait until the server answers again.",
    spectator: "You are watching", yourTurn: "Your turn", turnOf: "{name} to play",
    waiting: "Waiting for the start", over: "Match over", start: "Start the match",
    rematch: "Rematch", toRematch: "Go to the rematch",
    moves: "Your moves", allMoves: "All moves ({n})", noMoves: "Nothing to do now.",
    select: "Pick the cards, then confirm.", noMatch: "No move uses these cards.",
    more: "Add more cards.", clear: "Clear the choice", hand: "Your hand",
    log: "Log", scores: "Scores", score: "Score", rules: "Rules", hint: "Hint",
    hintIs: "The esperto would play: {text}", hintsOff: "Hints are off at this table",
    thinking: "The esperto is thinking…",
    fairness: "Fair shuffles", fairnessIntro: "Each shuffle's SHA-256 commitment is published at once; its seed is revealed when the match is over, once nothing it dealt is secret.",
    fairnessIntroHand: "Each shuffle's SHA-256 commitment is published at once; its seed is revealed when the hand is over.",
    handCol: "Hand", version: "version", commitment: "commitment", seed: "seed", hidden: "hidden until the match is over",
    hiddenHand: "hidden until the hand is over",
    verify: "Verify the seeds", verified: ["{ok} of {n} seed verified: SHA-256(seed) = commitment.", "{ok} of {n} seeds verified: SHA-256(seed) = commitment."],
    verifyBad: "Bad seed at version {v}!", record: "Download the record (for “mazzo verify”)",
    replay: "Replay the match", standIn: "played by a stand-in bot ({level})", away: "away",
    online: "here", botSeat: "{level} bot", cards: ["{n} card", "{n} cards"],
    stock: "Stock", pile: "Discard pile", result: "Result", handNo: "Hand {n}",
    winner: "{name} wins", winners: "{names} win",
    lastHand: "Last hand", timer: "{s} s", turnTime: "Turn time",
    backLobby: "Back to the lobby", langSwitch: "Italiano", tableOf: "{game} table",
    you_: "(you)", dealer: "dealer", trump: "Trump (briscola)", board: "Table", seatsTitle: "At the table",
    settings: "Settings", setMotion: "No animations", setSounds: "Sounds (your turn, a card played, a hand won)",
    setFourColour: "Four-colour suits", sortLabel: "Sort the hand:", sortSuit: "by suit", sortRank: "by rank",
    arrangeHelp: "Drag a card, or Alt+← / Alt+→, to move it.",
    step: "Step", first: "Start", prev: "Back", next: "Forward", last: "End", viewAs: "View of",
    everyone: "a spectator", replayTitle: "{game} replay", replayNotOver: "The replay opens once the match is over.",
    review: "The esperto's review", reviewing: "The esperto is reviewing the moves: {done} of {total}",
    reviewSeat: "Choose a seat for its review.", prevMistake: "Previous mistake", nextMistake: "Next mistake",
    reviewChart: "Expected points of each move played", reviewChartChance: "Chance of winning the game after each move played",
    percentagePoints: "percentage points of {unit}", reviewSummary: "{decisions} decisions: {classes}; average loss {loss}",
    review_best: "best", review_good: "good", review_inaccuracy: "inaccuracy", review_mistake: "mistake",
    review_blunder: "blunder",
    candidate: "Candidate", common: "Common cards", rejected: "Rejected", spentBids: "spent bids", bids: "Bids",
    bidHidden: "face down", counts: "counts", notCounts: "does not count", suitsKey: "Colours",
    hands: "Hands", handColumn: "Hand", received: "Received",
    count: "Count", crib: "Crib", showHand: "hand", showCrib: "crib", premiumDeclare: "declared", premiumReveal: "revealed", starter: "Starter", cribCards: ["{n} card in the crib", "{n} cards in the crib"],
    skunk: "skunk line ({n})", target: "target {n}", sequence: "On the table", shown: "Counts",
    gamesWon: "games won", go: "go",
    bidStatus: "Bid", bidDown: ["face down ({n} card)", "face down ({n} cards)"], declared: "declared: {n}", revealed: "revealed: {n}",
    tricks: "Tricks", tricksOf: ["{n} trick of {bid}", "{n} tricks of {bid}"], trick: "Current trick", noTrump: "none",
    turnUp: "Turn-up", dummy: "dummy", gameScore: "Game score", totalScore: "Total with bonuses", lastTrick: "Last trick",
    handRow: "Hand (player or dummy)", player: "Player",
    pot: "Pot", sidePots: "Pots", potOf: "{amount} (among {seats})", chips: "Chips", bet: "Bet this round",
    toMatch: "To call", folded: "folded", draw: "Draw", drew: ["changes {n} card", "changes {n} cards"],
    stood: "servito (stands pat)", showdown: "Showdown", opening: "Opening with {req}", openingReq: "Open with at least", openingPair: "a pair of {req}s", phase: "Phase", blinds: "Buio (blinds)",
    melds: "Melds", side: "Side {n}", pozzetti: "Pozzetti", pozzettoTaken: "pozzetto taken",
    pozzettoNotTaken: "pozzetto not taken", running: "Points on the table",
    tableAtClose: "The table as the hand closed", finalScores: "final scores",
    closedWith: "at the end of hand {n}: {points} points on the table",
    burraco: "burraco", wildAt: "wild standing for {card}",
    known: "Known cards", handPoints: ["+{n} point", "+{n} points"], handWon: "wins the hand",
    turnLimit: "Time per move (seconds)", turnLimitHelp: "0: no limit; when it runs out the medio bot moves for you",
    timeLeft: "Time left", timeUp: "Time's up", urgent: ["{n} second left for {name}'s move!", "{n} seconds left for {name}'s move!"],
    urgentMine: ["{n} second left for your move!", "{n} seconds left for your move!"],
    history: "Hand history", historyIntro: "Hand by hand: what happened and the score sheet.",
    handScores: "Scores after the hand", inProgress: "hand in progress",
    omittedEvents: ["{n} earlier event not shown", "{n} earlier events not shown"],
    omittedHands: ["{n} earlier hand not shown", "{n} earlier hands not shown"],
    oneClick: "plays with one click", whatHappened: "What happened ({n})", clickToPlay: "Click a card to play it.",
    learnToPlay: "Learn to play",
    playNow: "Play now", playNowIntro: "One click: you against medio bots, with the game's usual rules; the match starts at once.",
    playNowSeats: ["{players} players: you and {n} medio bot", "{players} players: you and {n} medio bots"],
    customTable: "Custom table: rules, seats, friends", linksLater: "The links stay on the table page too, under “Table links”.",
    stateWaiting: "waiting for the start", statePlaying: "in progress", stateGone: "no longer on the server",
    tableLinks: "Table links", inviteOf: "Invite link for seat {n} ({name})",
    startEmpty: ["{names}'s seat is still empty: if you start, after the table's wait a stand-in bot plays it until they come. Start anyway?",
      "The seats of {names} are still empty: if you start, after the table's wait stand-in bots play them until they come. Start anyway?"],
    numberRange: "{field}: needs a number from {min} to {max}.", numberFrom: "{field}: needs a number of {min} or more.",
    wholeRange: "{field}: needs a whole number from {min} to {max}.", wholeFrom: "{field}: needs a whole number of {min} or more.",
  },
};

// finding a game: the lobby's open tables, the tables to watch, quick match, and the custom
// form's public and rated choices
const FIND_WORDS = {
  it: {
    openTables: "Tavoli aperti", openTablesIntro: "Tavoli pubblici che aspettano giocatori: entra in un posto libero.",
    noOpenTables: "Nessun tavolo aperto adesso: creane uno pubblico, o usa la partita veloce.",
    watchTables: "Da guardare", watchTablesIntro: "Partite pubbliche in corso.", noWatchTables: "Nessuna partita pubblica in corso.",
    seatsFree: ["{n} posto libero", "{n} posti liberi"], openSeat: "posto libero", rated: "con punteggio",
    join: "Siediti", joinTable: "Siediti al tavolo {n}", watch: "Guarda", joining: "Entro…",
    yourNickname: "Il tuo nome (per gli ospiti)", nicknameHelp: "Con un account giochi con il tuo nome utente; senza, con questo nome.",
    quickMatch: "Partita veloce", quickMatchIntro: "Trova altre persone con un punteggio vicino al tuo; se l'attesa si allunga, i bot possono riempire i posti.",
    findGame: "Cerca", findGameFor: "Cerca una partita di {game}", botsAfter: "Bot dopo",
    botsAfter30: "30 s", botsAfter120: "2 min", botsNever: "mai",
    waitingFor: "In attesa di giocatori per {game}: {time}", queuePlace: "posto in coda: {n}", cancel: "Annulla",
    matched: "Trovata! Vado al tavolo…",
    publicTable: "Pubblico", publicHelp: "Il tavolo compare tra i tavoli aperti della sala: i posti «amico» li prende chi entra dalla lista, e la partita comincia da sé quando sono tutti presi.",
    youFirst: "A un tavolo pubblico il tuo posto è il primo delle persone: mettilo prima dei posti «amico».",
    openSeatsLater: "I posti liberi li prende chi entra dalla lista dei tavoli aperti; la partita comincia da sé quando sono tutti presi.",
    ratedTable: "Con punteggio", ratedHelp: "La partita conta per la classifica: solo persone con un account, le regole predefinite del gioco (o una sua variante); dev'essere pubblico.",
  },
  en: {
    openTables: "Open tables", openTablesIntro: "Public tables waiting for players: take a free seat.",
    noOpenTables: "No open tables right now: make a public one, or use quick match.",
    watchTables: "Watch", watchTablesIntro: "Public matches being played.", noWatchTables: "No public match being played.",
    seatsFree: ["{n} seat free", "{n} seats free"], openSeat: "free seat", rated: "rated",
    join: "Join", joinTable: "Join table {n}", watch: "Watch", joining: "Joining…",
    yourNickname: "Your nickname (for guests)", nicknameHelp: "With an account you play under your username; without one, under this name.",
    quickMatch: "Quick match", quickMatchIntro: "Find people rated near you; if the wait grows long, bots can fill the seats.",
    findGame: "Find", findGameFor: "Find a game of {game}", botsAfter: "Bots after",
    botsAfter30: "30 s", botsAfter120: "2 min", botsNever: "never",
    waitingFor: "Waiting for players for {game}: {time}", queuePlace: "place in the queue: {n}", cancel: "Cancel",
    matched: "Found! Going to the table…",
    publicTable: "Public", publicHelp: "The table is listed among the lobby's open tables: its “friend” seats are taken by whoever joins from the list, and the match starts by itself once all are taken.",
    youFirst: "At a public table your seat is the first person's: put it before the “friend” seats.",
    openSeatsLater: "The free seats are taken by whoever joins from the open tables list; the match starts by itself once all are taken.",
    ratedTable: "Rated", ratedHelp: "The match counts for the leaderboard: people with accounts only, the game's default rules (or one of its variants); it must be public.",
  },
};
for (const code of ["it", "en"]) Object.assign(WORDS[code], FIND_WORDS[code]);

// The end-of-hand overlay (summary.js) and the game aids (aids.js, games/<id>.js `aids`): their
// words, kept together and added to the page's words below.
const SUMMARY_WORDS = {
  it: {
    summaryTitle: "{hand} finita", summaryNext: "Prossima mano", summaryClose: "Vedi il tavolo finale",
    summaryAuto: "Prossima mano da sola dopo qualche secondo", summaryClosing: "Si chiude tra {s} s",
    summaryWon: "vince", summaryAnd: "e", summaryWins: "Vince {names}", summaryWinMany: "Vincono {names}",
    summaryNobody: "Nessuno prende punti", handPointsCol: "Punti",
  },
  en: {
    summaryTitle: "{hand} is over", summaryNext: "Next hand", summaryClose: "See the final table",
    summaryAuto: "Next hand by itself after a few seconds", summaryClosing: "Closes in {s} s",
    summaryWon: "won", summaryAnd: "and", summaryWins: "{names} wins", summaryWinMany: "{names} win",
    summaryNobody: "Nobody scores", handPointsCol: "Points",
  },
};
Object.assign(WORDS.it, SUMMARY_WORDS.it);
Object.assign(WORDS.en, SUMMARY_WORDS.en);
// the account area (account.js) and "My tables" from the server
const ACCOUNT_WORDS = {
  it: {
    accLogIn: "Entra", accRegister: "Registrati", accUsername: "Nome utente", accPassword: "Password",
    accUsernameHelp: "Da 3 a 20 lettere, cifre, _ o -.", accPasswordHelp: "Almeno 8 caratteri.",
    accRegisterIntro: "Basta un nome e una password, niente e-mail. I tavoli di questo browser passano al tuo account.",
    accCancel: "Annulla", accMenu: "Account di {name}", accProfile: "Il mio profilo",
    accChangePassword: "Cambia la password", accOldPassword: "Password attuale", accNewPassword: "Password nuova",
    accPasswordChanged: "Password cambiata: le altre sessioni sono chiuse.",
    accLogOut: "Esci", accLogOutAll: "Esci da tutti i dispositivi", accLoggedOut: "Sei uscito.",
    accLoggedOutAll: "Sei uscito da tutti i dispositivi.",
    accDelete: "Elimina l'account",
    accDeleteIntro: "Nome utente, password e sessioni spariscono; nelle partite finite resti come «giocatore eliminato». Non si torna indietro.",
    accDeleteConfirm: "Sì, elimina il mio account per sempre", accDeleteUnconfirmed: "Spunta la conferma per eliminare l'account.",
    accDeleted: "Account eliminato.", accOnAccount: "sul tuo account",
  },
  en: {
    accLogIn: "Log in", accRegister: "Register", accUsername: "Username", accPassword: "Password",
    accUsernameHelp: "3 to 20 letters, digits, _ or -.", accPasswordHelp: "At least 8 characters.",
    accRegisterIntro: "A name and a password are all it takes, no e-mail. This browser's tables move to your account.",
    accCancel: "Cancel", accMenu: "{name}'s account", accProfile: "My profile",
    accChangePassword: "Change password", accOldPassword: "Current password", accNewPassword: "New password",
    accPasswordChanged: "Password changed: your other sessions are closed.",
    accLogOut: "Log out", accLogOutAll: "Log out everywhere", accLoggedOut: "You are logged out.",
    accLoggedOutAll: "You are logged out on every device.",
    accDelete: "Delete account",
    accDeleteIntro: "Your username, password and sessions go; finished matches keep you as “deleted player”. This cannot be undone.",
    accDeleteConfirm: "Yes, delete my account for good", accDeleteUnconfirmed: "Tick the confirmation to delete the account.",
    accDeleted: "Account deleted.", accOnAccount: "on your account",
  },
};
Object.assign(WORDS.it, ACCOUNT_WORDS.it);
Object.assign(WORDS.en, ACCOUNT_WORDS.en);
// The table's chat drawer (chat.js): its words, kept together and added to the page's words.
// chatPhrase_* are the quick phrases, as the server says them (server/chat.py PHRASES).
const CHAT_WORDS = {
  it: {
    chatPlayers: "Chat dei giocatori", chatSpectators: "Chat degli spettatori",
    chatPlayersNote: "La leggono solo i giocatori seduti: gli spettatori hanno la loro.",
    chatSpectatorsNote: "La leggono solo gli spettatori: i giocatori non la vedono.",
    chatMessages: "Messaggi", chatNone: "Nessun messaggio per ora.", chatMessage: "Messaggio", chatSend: "Invia",
    chatPhrases: "Frasi rapide", chatYou: "{name} (tu)", chatMute: "Silenzia", chatMuteName: "Silenzia {name}",
    chatUnmute: "Riattiva", chatUnmuteName: "Riattiva {name}",
    chatMutedCount: ["{n} giocatore silenziato", "{n} giocatori silenziati"],
    chatHidden: ["{n} messaggio nascosto (silenziato)", "{n} messaggi nascosti (silenziati)"],
    chatUnread: ["{n} messaggio non letto", "{n} messaggi non letti"],
    chatOffline: "Senza connessione: il messaggio non è partito.",
    chatReport: "Segnala un giocatore", chatReportWho: "Giocatore", chatReportReason: "Motivo",
    chatReportSend: "Invia la segnalazione", chatReportDone: "Segnalazione inviata: grazie. Un amministratore la esaminerà.",
    chatPhrase_hi: "Ciao!", chatPhrase_good_luck: "Buona fortuna!", chatPhrase_well_played: "Ben giocato!",
    chatPhrase_thanks: "Grazie!", chatPhrase_sorry: "Scusa!", chatPhrase_one_moment: "Un momento, torno subito.",
    chatPhrase_good_game: "Bella partita!", chatPhrase_bye: "Ciao, alla prossima!",
  },
  en: {
    chatPlayers: "Players' chat", chatSpectators: "Spectators' chat",
    chatPlayersNote: "Only the seated players read it: spectators have their own.",
    chatSpectatorsNote: "Only spectators read it: the players do not see it.",
    chatMessages: "Messages", chatNone: "No messages yet.", chatMessage: "Message", chatSend: "Send",
    chatPhrases: "Quick phrases", chatYou: "{name} (you)", chatMute: "Mute", chatMuteName: "Mute {name}",
    chatUnmute: "Unmute", chatUnmuteName: "Unmute {name}",
    chatMutedCount: ["{n} muted player", "{n} muted players"],
    chatHidden: ["{n} message hidden (muted)", "{n} messages hidden (muted)"],
    chatUnread: ["{n} unread message", "{n} unread messages"],
    chatOffline: "Not connected: the message was not sent.",
    chatReport: "Report a player", chatReportWho: "Player", chatReportReason: "Reason",
    chatReportSend: "Send the report", chatReportDone: "Report sent: thank you. An admin will look at it.",
    chatPhrase_hi: "Hi!", chatPhrase_good_luck: "Good luck!", chatPhrase_well_played: "Well played!",
    chatPhrase_thanks: "Thanks!", chatPhrase_sorry: "Sorry!", chatPhrase_one_moment: "One moment, back soon.",
    chatPhrase_good_game: "Good game!", chatPhrase_bye: "Bye, see you next time!",
  },
};
Object.assign(WORDS.it, CHAT_WORDS.it);
Object.assign(WORDS.en, CHAT_WORDS.en);
// Each game's own words, which its renderer (games/<id>.js) registers as it loads
// (addGameWords): by game, by language, the shared keys it words otherwise (Nebraska's
// "manche", Burraco's "smazzata", poker's "Fiches", as the rules and the log say).
const GAME_WORDS = {};

/** Register ``id``'s words, ``{ it: {...}, en: {...} }``: a shared key (one of WORDS) is said
 * so on this game's pages only (setGame); a key of the game's own (its overlay's, its aids')
 * joins the shared words. */
export function addGameWords(id, words) {
  for (const [code, table] of Object.entries(words)) {
    for (const [key, text] of Object.entries(table)) {
      if (key in WORDS[code]) {
        GAME_WORDS[id] = GAME_WORDS[id] || {};
        GAME_WORDS[id][code] = { ...GAME_WORDS[id][code], [key]: text };
      } else {
        WORDS[code][key] = text;
      }
    }
  }
}

// Ratings, leaderboards and profiles (ratings.js, leaderboard.js, profile.js): their words.
const RATING_WORDS = {
  it: {
    leaderboards: "Classifiche", leaderboardTitle: "Classifica di {game}", rankCol: "Posizione",
    playerCol: "Giocatore", ratingCol: "Punteggio", matchesCol: "Partite", winsCol: "Vinte",
    provisional: "provvisorio: meno di {n} partite valutate", noRated: "Nessuna partita valutata per ora.",
    prevPage: "Precedenti", nextPage: "Successivi", profileTitle: "Profilo di {name}",
    memberSince: "Gioca qui dal {date}", ratingsTitle: "Punteggi", ratingOverTime: "Il punteggio di {game} nel tempo",
    chartSummary: ["{n} partita valutata, da {first} a {last}", "{n} partite valutate, da {first} a {last}"],
    recentTitle: "Partite recenti", noRecent: "Nessuna partita finita per ora.", ratedMatch: "valutata",
    friendlyMatch: "amichevole", wonMatch: "vinta", lostMatch: "persa", replayOf: "Rivedi",
    botReference: "(~{rating})", ratingAfter: "punteggio dopo: {rating}",
    unknownPage: "Pagina non trovata.",
  },
  en: {
    leaderboards: "Leaderboards", leaderboardTitle: "{game} leaderboard", rankCol: "Rank",
    playerCol: "Player", ratingCol: "Rating", matchesCol: "Matches", winsCol: "Won",
    provisional: "provisional: fewer than {n} rated matches", noRated: "No rated matches yet.",
    prevPage: "Previous", nextPage: "Next", profileTitle: "{name}'s profile",
    memberSince: "Playing here since {date}", ratingsTitle: "Ratings", ratingOverTime: "{game} rating over time",
    chartSummary: ["{n} rated match, from {first} to {last}", "{n} rated matches, from {first} to {last}"],
    recentTitle: "Recent matches", noRecent: "No finished matches yet.", ratedMatch: "rated",
    friendlyMatch: "friendly", wonMatch: "won", lostMatch: "lost", replayOf: "Replay",
    botReference: "(~{rating})", ratingAfter: "rating after: {rating}",
    unknownPage: "Page not found.",
  },
};
Object.assign(WORDS.it, RATING_WORDS.it);
Object.assign(WORDS.en, RATING_WORDS.en);

let game = null;

/** The game of the page (the table, the replay): its own words for a hand, where it has them. */
export function setGame(id) { game = id; }

export function currentLang() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl === "it" || fromUrl === "en") {
    localStorage.setItem("mazzo.lang", fromUrl);
    return fromUrl;
  }
  const stored = localStorage.getItem("mazzo.lang");
  if (stored === "it" || stored === "en") return stored;
  return (navigator.language || "en").startsWith("it") ? "it" : "en";
}

let lang = currentLang();

export function setLang(value) {
  lang = value;
  localStorage.setItem("mazzo.lang", value);
  const url = new URL(location.href);
  url.searchParams.set("lang", value);
  history.replaceState(null, "", url);
  document.documentElement.lang = value;
}

export function getLang() { return lang; }

export function t(key, params = {}) {
  let text = GAME_WORDS[game]?.[lang]?.[key] ?? WORDS[lang][key] ?? WORDS.en[key] ?? key;
  if (Array.isArray(text)) text = params.n === 1 ? text[0] : text[1];
  return String(text).replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

export function levelDescription(level) {
  return WORDS[lang].levels[level] ?? level;
}

// the games' config fields, for the lobby form: [Italian, English]
const FIELDS = {
  variant: ["variante", "variant"], target: ["traguardo (0: quello del gioco)", "target (0: the game's own)"],
  hands: ["mani da giocare (0: fino al traguardo)", "hands to play (0: up to the target)"],
  suit_order: ["ordine dei colori", "colour order"], ace_low_in_runs: ["asso basso nelle scale", "ace low in runs"],
  tiebreak: ["spareggio", "tie-break"], deck: ["mazzo (0: quello giusto per i giocatori)", "deck (0: the right one for the players)"],
  first_trump: ["prima briscola", "first trump"], mode: ["modo", "mode"], ante: ["invito (ante)", "ante"],
  cip: ["cip", "cip (minimum bet)"], stack: ["fiches iniziali", "starting chips"], raise_limit: ["limite ai rilanci", "raise limit"],
  open_exact_pot: ["apertura esatta al piatto", "open exactly the pot"], blind_base: ["base del buio", "blind base"],
  blinds: ["buio", "buio (blinds)"], max_hands: ["mani al massimo", "at most this many hands"],
  escalate_opening: ["apertura crescente", "escalating opening"], suit_before_kickers: ["seme prima delle carte spaiate", "suit before kickers"],
  flush_by_suit: ["colore per seme", "flush by suit"], cyclic_straight_flush: ["scala colore ciclica", "cyclic straight flush"],
  credit: ["credito", "credit"], bet_menu: ["puntate proposte", "bet menu"], games_to_win: ["partite da vincere", "games to win"],
  match_scoring: ["punteggio dell'incontro", "match scoring"], muggins: ["muggins", "muggins"],
  switch: ["cambio", "switch"], three_player_targets: ["traguardi a tre", "three-player targets"],
  vp_table: ["tabella dei punti vittoria", "victory points table"], clean_burraco_to_close: ["burraco pulito per chiudere", "clean burraco to close"],
};

// the words among the games' choice values, for the lobby's lists: value -> [Italian, English]
// (the value itself is what the config, the CLI's --set and the rules pages use, so a list shows
// it first and says what it is after it; names such as "rubber" are shown as they are)
const VALUES = {
  tiebreak: { all: ["tutte le carte personali", "all personal cards"], valid: ["solo le carte valide", "valid cards only"] },
  first_trump: { none: ["nessuna", "none"], diamonds: ["quadri ♦", "diamonds ♦"] },
  mode: { game: ["una partita", "one game"] },
  raise_limit: { pot: ["il piatto", "the pot"], none: ["nessuno (solo le fiches)", "none (only your chips)"] },
  bet_menu: { pot_fractions: ["frazioni del piatto", "pot fractions"], all: ["tutte le somme", "every sum"] },
  match_scoring: { acc: ["acc: da torneo ACC (2, skunk 3)", "acc: ACC tournament (2, skunk 3)"],
    long: ["long: incontro lungo (3, skunk 4)", "long: long match (3, skunk 4)"],
    free: ["free: gioco libero (1, skunk 2, doppio 3)", "free: free play (1, skunk 2, double 3)"],
    free_triple: ["free triple: gioco libero, lo skunk triplo vince l'incontro",
      "free triple: free play, a triple skunk wins the match"] },
  three_player_targets: { free: ["libere (1500 / 2005)", "free (1500 / 2005)"],
    tournament: ["da torneo (1000 / 1505)", "tournament (1000 / 1505)"] },
  vp_table: { published: ["tabella pubblicata", "published table"],
    seed_wiki: ["fasce del vecchio testo italiano", "bands of the older Italian text"] },
};

// the words a game gives its own config fields and values (Nebraska's "manche", the variants),
// from its description in GET /api/games (each game's config.py holds them):
// game -> {labels: name -> {it, en}, values: name -> value -> {it, en}}
const GAME_WORDS_OF_FIELDS = {};

/** Keep the lobby words a game's description carries (``addGameFields(game.id, game.config)``). */
export function addGameFields(gameId, fields) {
  const words = { labels: {}, values: {} };
  for (const field of fields) {
    if (field.label) words.labels[field.name] = field.label;
    if (field.value_labels) words.values[field.name] = field.value_labels;
  }
  GAME_WORDS_OF_FIELDS[gameId] = words;
}

/** A config value's words in the page's language, in ``gameId``'s where they are its own. */
export function valueLabel(name, value, gameId = game) {
  const own = GAME_WORDS_OF_FIELDS[gameId]?.values[name]?.[String(value)];
  if (own) return own[lang === "it" ? "it" : "en"];
  const pair = VALUES[name]?.[String(value)];
  return pair ? pair[lang === "it" ? 0 : 1] : String(value);
}

/** A config field's label in the page's language, in the words of ``gameId`` where it has its own. */
export function fieldLabel(name, gameId = game) {
  const own = GAME_WORDS_OF_FIELDS[gameId]?.labels[name];
  if (own) return own[lang === "it" ? "it" : "en"];
  const pair = FIELDS[name];
  return pair ? pair[lang === "it" ? 0 : 1] : name.replaceAll("_", " ");
}

/** A config field's help line in the page's language ("" where it has none): the field's own
 * documentation, which /api/games sends as ``help`` and, in Italian, ``help_it``. */
export function fieldHelp(gameId, field) {
  if (lang === "it") return field.help_it ?? field.help ?? "";
  return field.help ?? "";
}
