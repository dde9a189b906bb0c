"""``mazzo review RECORD --seat N``: the esperto's review of one seat of a saved match."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Final, TextIO

from mazzo.coach.review import CLASSES, Review, review_record
from mazzo.engine.game import MazzoError
from mazzo.engine.record import load_record, naming_file

#: the classes of a move, as a player reads them
CLASS_WORDS: Final = {
    "en": {"best": "best", "good": "good", "inaccuracy": "inaccuracy", "mistake": "mistake",
           "blunder": "blunder"},
    "it": {"best": "migliore", "good": "buona", "inaccuracy": "imprecisione",
           "mistake": "errore", "blunder": "errore grave"},
}
#: width of the progress bar on stderr, in characters
BAR: Final = 30


def cmd_review(args: argparse.Namespace, lang: str) -> int:
    """Review ``args.seat`` (1-based, as everywhere on the command line) of ``args.file``."""
    record = load_record(args.file)
    players = len(record["seats"])
    if not 1 <= args.seat <= players:
        raise MazzoError(
            f"--seat: {args.seat} is not a seat of this match; choose 1 to {players}",
            italian=f"--seat: {args.seat} non è un posto di questa partita; scegli da 1 a "
                    f"{players}",
        )
    if args.budget is not None and args.budget <= 0:
        raise MazzoError(f"--budget: seconds must be more than 0, not {args.budget}",
                         italian=f"--budget: i secondi devono essere più di 0, non {args.budget}")
    if args.worlds is not None and args.worlds < 2:
        raise MazzoError(f"--worlds: at least 2 (a standard error needs two), not {args.worlds}",
                         italian=f"--worlds: almeno 2 (l'errore standard ne vuole due), non "
                                 f"{args.worlds}")
    with naming_file(args.file):
        review = review_record(record, args.seat - 1, worlds=args.worlds, budget=args.budget,
                               progress=lambda done, total: progress_bar(done, total, sys.stderr))
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        print(format_review(review, record["seats"][args.seat - 1], lang))
    return 0


def progress_bar(done: int, total: int, out: TextIO) -> None:
    """``[#######-------] 12/45`` redrawn in place; a newline when done."""
    filled = BAR * done // total if total else BAR
    out.write(f"\r[{'#' * filled}{'-' * (BAR - filled)}] {done}/{total}")
    if done >= total:
        out.write("\n")
    out.flush()


def format_review(review: Review, name: str, lang: str) -> str:
    """The review as text: one line per decision that lost anything, then the summary."""
    it = lang == "it"
    game = review.game
    words = CLASS_WORDS[lang]
    unit = review.unit[lang]
    title = "Revisione dell'esperto" if it else "The esperto's review"
    lines = [f"{title}: {game.title(lang)}, {name}"]
    for d in review.decisions:
        hand = "mano" if it else "hand"
        played = game.describe_action(d.chosen, lang)
        mark = words[d.klass]
        lines.append(f"{hand} {d.hand:>2}  {played:<36} {mark:<13} {d.reason[lang]}")
    summary = review.summary()
    counts = ", ".join(f"{words[k]} {summary['classes'][k]}" for k in CLASSES)
    decisions = "decisioni" if it else "decisions"
    average = "perdita media" if it else "average loss"
    each = format_review_summary(summary, lang) or f"{_number(0.0, lang)} {unit}"
    lines.append(f"{summary['decisions']} {decisions}: {counts}; {average} {each}")
    return "\n".join(lines)


def format_review_summary(summary: dict[str, Any], lang: str) -> str:
    """The average loss in each unit of a review's summary, losses in different units never
    added ("0.25 points, 1.20 percentage points of win chance"); "" for a review without
    decisions."""
    return ", ".join(_loss(kept, lang) for kept in summary["losses"])


def _loss(kept: dict[str, Any], lang: str) -> str:
    """The average loss in one unit of the review ("0.25 points", "1.20 percentage points of
    win chance")."""
    it = lang == "it"
    unit = kept["unit_it"] if it else kept["unit"]
    if kept["percent"]:
        words = f"punti percentuali di {unit}" if it else f"percentage points of {unit}"
        return f"{_number(100 * kept['average_loss'], lang)} {words}"
    return f"{_number(kept['average_loss'], lang)} {unit}"


def _number(x: float, lang: str) -> str:
    text = f"{x:.2f}"
    return text.replace(".", ",") if lang == "it" else text
