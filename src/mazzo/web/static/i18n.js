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
    reviewChart: "Punti attesi di ogni mossa giocata", reviewSummary: "{decisions} decisioni: {classes}; perdita media {loss}",
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
    reviewChart: "Expected points of each move played", reviewSummary: "{decisions} decisions: {classes}; average loss {loss}",
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

// where a game's rules name a thing otherwise (docs/rules/*.it.md: Nebraska's "manche",
// Burraco's "smazzata", as the terminal and the log say), its own words for the table's keys
const GAME_WORDS = {
  nebraska: { it: {
    handNo: "Manche {n}", lastHand: "Ultima manche", handCol: "Manche", history: "Storia delle manche",
    historyIntro: "Manche per manche: cosa è successo e il foglio dei punti.",
    handScores: "Punti a fine manche", inProgress: "manche in corso",
    omittedHands: ["{n} manche precedente non mostrata", "{n} manche precedenti non mostrate"],
    hiddenHand: "nascosto fino a fine manche",
    fairnessIntroHand: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a manche finita.",
    bids: "Puntate", // the rules' and the log's word: "puntata", "Puntate scoperte"
    handWon: "vince la manche",
  } },
  burraco: { it: {
    handNo: "Smazzata {n}", lastHand: "Ultima smazzata", handCol: "Smazzata", history: "Storia delle smazzate",
    historyIntro: "Smazzata per smazzata: cosa è successo e il foglio dei punti.",
    handScores: "Punti a fine smazzata", inProgress: "smazzata in corso",
    omittedHands: ["{n} smazzata precedente non mostrata", "{n} smazzate precedenti non mostrate"],
    tableAtClose: "Il tavolo a fine smazzata", closedWith: "a fine smazzata {n}: {points} punti in tavola",
    hiddenHand: "nascosto fino a fine smazzata",
    fairnessIntroHand: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a smazzata finita.",
  } },
  // the rules and the log say "scommessa", "carte scommessa"
  novantanove: { it: { bids: "Scommesse", bidStatus: "Scommessa" } },
  // a seat's score is its stack of chips
  poker_italiano: { it: { score: "Fiches", handScores: "Fiches a fine mano" },
    en: { score: "Chips", handScores: "Chips after the hand" } },
};

// The end-of-hand overlay (summary.js) and the game aids (aids.js, games/<id>.js `aids`): their
// words, kept together and added to the page's words below.
const SUMMARY_WORDS = {
  it: {
    summaryTitle: "{hand} finita", summaryNext: "Prossima mano", summaryClose: "Vedi il tavolo finale",
    summaryAuto: "Prossima mano da sola dopo qualche secondo", summaryClosing: "Si chiude tra {s} s",
    summaryWon: "vince", summaryAnd: "e", summaryWins: "Vince {names}", summaryWinMany: "Vincono {names}",
    summaryNobody: "Nessuno prende punti", handPointsCol: "Punti",
    nebCards: "Carte personali", nebValid: "Carte valide", nebMatches: "Abbinamenti",
    nebWhyValid: ["più carte valide di tutti ({n})", "più carte valide di tutti ({n})"],
    nebWhyMatches: ["più abbinamenti di tutti ({n})", "più abbinamenti di tutti ({n})"],
    nebTieWon: "pari: {names} vince allo spareggio, alla {place} carta {mine} contro {theirs} ({rival})",
    nebTieWonMany: "pari: {names} vincono allo spareggio, alla {place} carta {mine} contro {theirs} ({rival})",
    nebTieStands: "pari anche allo spareggio: {names} prendono il punto", nebNoCard: "nessuna carta",
    nnMade: "Scommessa riuscita: {names}", nnMadeMany: "Scommesse riuscite: {names}", nnNobody: "Nessuna scommessa riuscita",
    nnBidCards: "Carte scommessa", nnMadeMark: "riuscita", nnLegend: "Valore delle carte scommessa",
    nnBidValue: "La tua scommessa: {cards} = {n}",
    pkMainPot: "Piatto", pkSidePot: "Piatto laterale {n}", pkPots: "Piatti", pkShowdown: "Mani mostrate, dalla migliore",
    pkNoShow: "Nessuna mano mostrata.", pkTakes: "{names} prende il piatto", pkTakeMany: "{names} si dividono i piatti",
    pkYourHand: "La tua mano: {name}", pkCallCost: "Vedere ti costa {n}", pkCallAllIn: "Vedere ti costa {n}: tutte le tue fiches",
    crNoShow: "La mano finisce prima della conta: un giocatore ha raggiunto il traguardo nel gioco.",
    crShow: "Conta", crCards: "Carte + starter", crCombos: "Combinazioni", crNothing: "niente",
    crFifteens: "quindici {n}", crPairs: "coppie {n}", crRuns: "scale {n}", crFlush: "colore {n}", crNobs: "fante (nobs) {n}",
    crVerdict: ["Conta migliore: {names} con {n} punto", "Conta migliore: {names} con {n} punti"],
    buVerdict: "{names} vincono la smazzata: {n} contro {rest}", buVerdictTie: "Smazzata pari: {names} con {n}",
    buCanAttach: "si può attaccare", buAttachable: ["{n} carta si può attaccare a una combinazione in tavola (segnata)",
      "{n} carte si possono attaccare a una combinazione in tavola (segnate)"],
  },
  en: {
    summaryTitle: "{hand} is over", summaryNext: "Next hand", summaryClose: "See the final table",
    summaryAuto: "Next hand by itself after a few seconds", summaryClosing: "Closes in {s} s",
    summaryWon: "won", summaryAnd: "and", summaryWins: "{names} wins", summaryWinMany: "{names} win",
    summaryNobody: "Nobody scores", handPointsCol: "Points",
    nebCards: "Personal cards", nebValid: "Valid cards", nebMatches: "Matches",
    nebWhyValid: ["the most valid cards ({n})", "the most valid cards ({n})"],
    nebWhyMatches: ["the most matches ({n})", "the most matches ({n})"],
    nebTieWon: "tied: {names} wins on the tie-break, at the {place} card {mine} against {theirs} ({rival})",
    nebTieWonMany: "tied: {names} win on the tie-break, at the {place} card {mine} against {theirs} ({rival})",
    nebTieStands: "still level after the tie-break: {names} each score", nebNoCard: "no card",
    nnMade: "Bid made: {names}", nnMadeMany: "Bids made: {names}", nnNobody: "Nobody made their bid",
    nnBidCards: "Bid cards", nnMadeMark: "made it", nnLegend: "What bid cards are worth",
    nnBidValue: "Your bid: {cards} = {n}",
    pkMainPot: "Pot", pkSidePot: "Side pot {n}", pkPots: "Pots", pkShowdown: "Hands shown, best first",
    pkNoShow: "No hand was shown.", pkTakes: "{names} takes the pot", pkTakeMany: "{names} share the pots",
    pkYourHand: "Your hand: {name}", pkCallCost: "A call costs you {n}", pkCallAllIn: "A call costs you {n}: all your chips",
    crNoShow: "The hand ends before the show: a player reached the target in the play.",
    crShow: "Show", crCards: "Cards + starter", crCombos: "Combinations", crNothing: "nothing",
    crFifteens: "fifteens {n}", crPairs: "pairs {n}", crRuns: "runs {n}", crFlush: "flush {n}", crNobs: "his nobs {n}",
    crVerdict: ["Best show: {names} with {n} point", "Best show: {names} with {n} points"],
    buVerdict: "{names} take the hand: {n} against {rest}", buVerdictTie: "A level hand: {names} on {n}",
    buCanAttach: "can attach", buAttachable: ["{n} card can attach to a meld on the table (marked)",
      "{n} cards can attach to a meld on the table (marked)"],
  },
};
Object.assign(WORDS.it, SUMMARY_WORDS.it);
Object.assign(WORDS.en, SUMMARY_WORDS.en);
// where Nebraska and Burraco name a hand otherwise
const SUMMARY_GAME_WORDS = {
  nebraska: { it: { summaryNext: "Prossima manche", summaryAuto: "Prossima manche da sola dopo qualche secondo" } },
  burraco: { it: { summaryNext: "Prossima smazzata", summaryAuto: "Prossima smazzata da sola dopo qualche secondo" },
    en: { summaryNext: "Next hand" } },
};
for (const [id, langs] of Object.entries(SUMMARY_GAME_WORDS)) {
  for (const [code, words] of Object.entries(langs)) {
    GAME_WORDS[id] = GAME_WORDS[id] || {};
    GAME_WORDS[id][code] = { ...GAME_WORDS[id][code], ...words };
  }
}

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

// where a value means one thing in one game and another in the next (the variants), its words
// per game: value -> [Italian, English]
const GAME_VALUES = {
  nebraska: { variant: { family: ["family: contano le carte valide", "family: the valid cards count"],
    expert: ["expert: conta ogni carta comune abbinata", "expert: every common card matched counts"],
    poker: ["poker: le combinazioni di poker", "poker: poker hands"] } },
  novantanove: { variant: { revised: ["revised: la versione rivista (1990)", "revised: the revised game (1990)"],
    classic: ["classic: l'originale, 37 carte con il jolly", "classic: the original, 37 cards with a joker"] } },
  burraco: { variant: { classic: ["classic: jolly 25, niente semipulito", "classic: jolly 25, no semipulito"],
    fibur: ["fibur: regole FIBur (jolly 30, semipulito 150)", "fibur: FIBur rules (jolly 30, semipulito 150)"] } },
};

/** A config value's words in the page's language, in ``gameId``'s where they are its own. */
export function valueLabel(name, value, gameId = game) {
  const pair = GAME_VALUES[gameId]?.[name]?.[String(value)] ?? VALUES[name]?.[String(value)];
  return pair ? pair[lang === "it" ? 0 : 1] : String(value);
}

// where a game names the thing a field counts otherwise (Nebraska's "manche", Burraco's
// "smazzata", as GAME_WORDS, the terminal and docs/rules/*.it.md say), its own label: [it, en]
const GAME_FIELDS = {
  // cribbage's target is a choice of two, with no 0 among them
  cribbage: { target: ["traguardo", "target"] },
  nebraska: { hands: ["manche da giocare (0: fino al traguardo)", "hands to play (0: up to the target)"] },
  burraco: { hands: ["smazzate da giocare (0: fino al traguardo)", "hands to play (0: up to the target)"] },
};

/** A config field's label in the page's language, in the words of ``gameId`` where it has its own. */
export function fieldLabel(name, gameId = game) {
  const pair = GAME_FIELDS[gameId]?.[name] ?? FIELDS[name];
  return pair ? pair[lang === "it" ? 0 : 1] : name.replaceAll("_", " ");
}

// each config field's help line in Italian; the English is the field's own documentation, which
// /api/games sends as ``help`` (the config modules' ``#:`` comments): game -> field -> text
const HELP_IT = {
  nebraska: {
    variant: "quali carte contano: family le carte valide, expert ogni carta comune abbinata, poker le combinazioni di poker",
    target: "i punti che chiudono la partita; 0: il traguardo suggerito per i giocatori e la variante",
    hands: "gioca esattamente tante manche invece (vince il totale più alto); 0: fino al traguardo",
    ace_low_in_runs: "in una scala l'asso può stare anche sotto il 2",
    tiebreak: "un pareggio in family o expert si scioglie con tutte le carte personali, o solo con quelle valide",
  },
  novantanove: {
    variant: "revised: il gioco del 1990; classic: l'originale, 37 carte con il jolly (2 o 3 giocatori)",
    deck: "carte nel mazzo; 0: il mazzo delle regole per i giocatori (36; 52 in 4)",
    first_trump: "la briscola della prima mano di ogni partita: nessuna, o quadri",
    target: "i punti che vincono una partita",
    mode: "una partita, o un rubber: partite finché qualcuno ne ha vinte tre",
  },
  poker_italiano: {
    ante: "l'invito: lo paga ogni giocatore nel piatto prima di ogni mano",
    cip: "l'unità minima di puntata",
    stack: "le fiches iniziali di ogni giocatore (si gioca con quelle in tavola); a credito, il massimo che si rischia per mano",
    raise_limit: "pot: un rilancio non supera il piatto dopo aver visto; none: fino a tutte le proprie fiches",
    open_exact_pot: "l'apertura deve essere pari al piatto invece che al massimo il piatto",
    blind_base: "il buio paga blind_base × P₀, il controbuio il doppio, l'over il quadruplo",
    blinds: "ammette buio, controbuio e over",
    max_hands: "il numero massimo di mani (la partita finisce anche quando uno ha tutte le fiches)",
    escalate_opening: "dopo ogni mano morta l'apertura chiede QQ, poi KK (finché il piatto non è vinto)",
    suit_before_kickers: "confronta il seme della combinazione prima delle carte spaiate",
    flush_by_suit: "tra due colori vince senz'altro il seme più alto",
    cyclic_straight_flush: "tra esattamente due scale colore: minima > massima > media > minima",
    credit: "niente fiches fisse: i saldi possono andare sotto zero; in ogni mano si rischia al massimo stack",
    bet_menu: "le puntate proposte: un breve elenco esatto (minimo, ¼ ½ ¾ del piatto, massimo) o ogni somma",
  },
  cribbage: {
    target: "i punti che vincono una partita: 121, o 61 per la partita corta",
    games_to_win: "le partite che una parte deve vincere per vincere l'incontro",
    match_scoring: "i punti d'incontro per una partita vinta, uno skunk e un doppio skunk",
    muggins: "ognuno dichiara i propri punti; quelli che sfuggono vanno all'avversario",
  },
  burraco: {
    variant: "classic: jolly 25 e niente semipulito; fibur: le regole FIBur (jolly 30, semipulito 150)",
    target: "i punti che chiudono la partita; 0: il traguardo delle regole (2005; in 3 secondo i traguardi a tre)",
    switch: "in 3: il punteggio da cui si danno tre pozzetti; 0: quello delle regole (1500 / 1000)",
    three_player_targets: "in 3: cambio e traguardo del gioco libero (1500 / 2005) o da torneo (1000 / 1505)",
    hands: "gioca esattamente tante smazzate invece che fino al traguardo (3 o 4: a punti vittoria)",
    vp_table: "con 3 o 4 smazzate, la tabella che trasforma i punti in punti vittoria",
    clean_burraco_to_close: "per chiudere serve un burraco pulito (Burraco Internazionale)",
  },
};

/** A config field's help line in the page's language ("" where it has none). */
export function fieldHelp(gameId, field) {
  if (lang === "it") return HELP_IT[gameId]?.[field.name] ?? field.help ?? "";
  return field.help ?? "";
}
