"""Screenshots of the browser app for docs/screenshots: the lobby (its "Play now" and its custom
form) and every game's table in the middle of a short match, at desktop (1280x800) and phone
(360x740) size (cribbage with a turn time limit, so its countdown shows), the hand history of
a cribbage match at both sizes, a Burraco match's hand history (its score sheets) on a phone,
and on a phone novantanove's bids and poker's chips a few deals in and the board at the end of
a Burraco match; the replay viewer at the last step of a 3-player Burraco match (desktop); and
every game's end-of-hand overlay at both sizes; the guided first hand (cribbage's first turn at a
desktop, Novantanove's a few moves in on a phone); the esperto's review of a cribbage seat in the
replay viewer, at its first mistake (both sizes).

    PYTHONPATH=src python scripts/screenshots.py [--out docs/screenshots] [--lang en]
        [--only lobby tables history burraco-sheets figures burraco-end replay summaries learn
                review]

Needs the `dev` extra (Playwright) and Debian's Chromium at /usr/bin/chromium. It starts its own
`mazzo serve` on a free port with a throwaway database.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests" / "server")]

from driver import (  # noqa: E402
    CORNER,
    close_summary,
    create_from_lobby,
    open_custom,
    play_one,
    wait_turn_or_end,
)

from mazzo.engine.registry import all_games  # noqa: E402

from live_server import LiveServer  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
#: moves to play before the picture, so each table shows a hand in progress
MOVES = {"cribbage": 3, "nebraska": 4, "novantanove": 5, "poker_italiano": 1, "burraco": 4}
#: lobby fields set per game (cribbage shows the turn countdown)
FILL = {"cribbage": {"opt-turn_seconds": "90", "name-0": "Ada"}}
#: the groups of pictures, in the order they are taken (``--only`` takes some of them)
SHOTS = ("lobby", "tables", "history", "burraco-sheets", "figures", "burraco-end", "replay",
         "summaries", "learn", "review")
#: the end-of-hand overlays: a match of bots per game, paced (seconds a bot move) so a hand's
#: overlay stays while both pictures are taken, and what the overlay must show before its
#: picture (poker: a showdown; its hands are short, so its bots are slower)
SUMMARIES: dict[str, tuple[dict[str, Any], float, str]] = {
    "nebraska": ({"players": 3, "hands": 2}, 0.4, "#hand-summary[open]"),
    "novantanove": ({"players": 3}, 0.4, "#hand-summary[open]"),
    "poker_italiano": ({"players": 4, "max_hands": 12}, 1.2, "#hand-summary[open] .showdown li"),
    "cribbage": ({"players": 2}, 0.4, "#hand-summary[open] .summary-table"),
    "burraco": ({"players": 4, "hands": 2}, 0.4, "#hand-summary[open]"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=("it", "en"), default="en")
    parser.add_argument("--only", nargs="+", choices=SHOTS, default=list(SHOTS),
                        help="take only these groups of pictures (default: all)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as home:
        # bots-only tables for the pictures of whole matches (score sheets, the end, the replay)
        server = LiveServer(Path(home), "--workers-bots", "1", "--allow-bot-tables").start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                            args=CHROMIUM_ARGS)
                shoot(browser, server.http, args.out, args.lang, set(args.only))
                browser.close()
        finally:
            server.stop()
    return 0


def shoot(browser: object, base: str, out: Path, lang: str, only: set[str]) -> None:
    # no motion: a picture never catches a card half way
    desktop = browser.new_context(viewport=DESKTOP, bypass_csp=True,  # type: ignore[attr-defined]
                                  reduced_motion="reduce")
    phone = browser.new_context(viewport=PHONE, bypass_csp=True,  # type: ignore[attr-defined]
                                is_mobile=True, has_touch=True, reduced_motion="reduce")
    page = desktop.new_page()
    small = phone.new_page()
    if "lobby" in only:
        for target, name in ((page, "desktop"), (small, "phone")):
            target.goto(f"{base}/?lang={lang}")
            target.wait_for_selector("body[data-ready=true]")
            target.screenshot(path=str(out / f"lobby-{name}.png"))
            open_custom(target)  # the custom form, with a game whose options all have help
            target.select_option("#game", "burraco")
            target.screenshot(path=str(out / f"lobby-custom-{name}.png"), full_page=True)
    if "tables" in only:
        shoot_tables(page, small, base, out, lang)
    if "history" in only:
        shoot_history(page, base, small, out, lang)
    if "burraco-sheets" in only:
        shoot_burraco_sheets(small, base, out, lang)
    if "figures" in only:
        shoot_figures_on_a_phone(small, base, out, lang)
    if "burraco-end" in only:
        shoot_burraco_end(small, base, out, lang)
    if "replay" in only:
        shoot_burraco_replay_end(page, base, out, lang)
    if "summaries" in only:
        shoot_summaries(page, small, base, out, lang)
    if "learn" in only:
        shoot_lessons(page, small, base, out, lang)
    if "review" in only:
        shoot_review(page, small, base, out, lang)
    desktop.close()
    phone.close()


def shoot_tables(page: Any, small: Any, base: str, out: Path, lang: str) -> None:
    """Every game's table a few moves into a short match, desktop and phone."""
    for game in all_games():
        create_from_lobby(page, base, game.id, lang=lang, fill=FILL.get(game.id))
        rng = random.Random(7)
        for _ in range(MOVES.get(game.id, 3)):
            if wait_turn_or_end(page) == "over":
                break
            play_one(page, rng)
        wait_turn_or_end(page)
        cards = page.locator("#hand button.card:not(.unplayable):not(.one-click)")
        if cards.count():  # show a card chosen, as a player would see it mid-choice
            cards.first.click(position=CORNER)  # its corner: the fan covers the rest
        page.screenshot(path=str(out / f"{game.id}-desktop.png"))
        small.goto(page.url)  # the same seat on a phone (the token is in the link)
        small.wait_for_selector("body[data-status]")
        small.wait_for_timeout(300)
        small.screenshot(path=str(out / f"{game.id}-phone.png"))
        print(f"{game.id}: saved", flush=True)


def shoot_history(page: object, base: str, small: object, out: Path, lang: str) -> None:
    """A cribbage match played into its third hand, then the hand history opened (desktop and
    phone)."""
    create_from_lobby(page, base, "cribbage", lang=lang, fill={"name-0": "Ada"})
    rng = random.Random(3)
    third = "Mano 3" if lang == "it" else "Hand 3"
    while not page.locator("#log .log-hand", has_text=third).count():  # type: ignore[attr-defined]
        if wait_turn_or_end(page) == "over":
            break
        play_one(page, rng)
    page.locator("#hand-history summary").click()  # type: ignore[attr-defined]
    page.wait_for_selector("#hand-history .hand-entry .hand-sheet")  # type: ignore[attr-defined]
    panel = page.locator("#history-panel")  # type: ignore[attr-defined]
    panel.screenshot(path=str(out / "hand-history-desktop.png"))
    small.goto(page.url)  # type: ignore[attr-defined]
    small.locator("#hand-history summary").click()  # type: ignore[attr-defined]
    small.wait_for_selector("#hand-history .hand-entry .hand-sheet")  # type: ignore[attr-defined]
    small.locator("#history-panel").screenshot(  # type: ignore[attr-defined]
        path=str(out / "hand-history-phone.png"))
    print("hand history: saved", flush=True)


def shoot_burraco_sheets(small: object, base: str, out: Path, lang: str) -> None:
    """Four bots play Burraco into its second hand; a phone watching opens the hand history."""
    import httpx

    created = httpx.post(f"{base}/api/tables", json={
        "game": "burraco", "config": {}, "seats": ["medio"] * 4, "start": True}, timeout=30)
    created.raise_for_status()
    spectate = created.json()["spectate"]
    url = spectate if spectate.startswith("http") else base + spectate
    small.goto(f"{url}{'&' if '?' in url else '?'}lang={lang}")  # type: ignore[attr-defined]
    second = "Smazzata 2" if lang == "it" else "Hand 2"
    small.wait_for_selector(  # type: ignore[attr-defined]
        f"#log .log-hand:has-text('{second}')", timeout=300_000)
    small.locator("#hand-history summary").click()  # type: ignore[attr-defined]
    small.wait_for_selector("#hand-history .hand-entry .hand-sheet table")  # type: ignore[attr-defined]
    small.locator("#hand-history .hand-entry").last.screenshot(  # type: ignore[attr-defined]
        path=str(out / "burraco-hand-history-phone.png"))
    print("burraco hand history: saved", flush=True)


#: a phone playing a few deals: the lobby fields, and the block to shoot (the one holding the
#: table of figures per player)
FIGURES = {
    "novantanove": ({"cfg-target": "300"}, "novantanove-bids-phone.png"),
    "poker_italiano": ({"cfg-max_hands": "4", "cfg-stack": "40"}, "poker_italiano-chips-phone.png"),
}


def shoot_figures_on_a_phone(small: object, base: str, out: Path, lang: str) -> None:
    """A phone plays novantanove (poker) against bots into the second deal, a few moves in:
    its bids (chips) block, one card per player."""
    second = "Mano 2" if lang == "it" else "Hand 2"
    for game, (fill, name) in FIGURES.items():
        create_from_lobby(small, base, game, lang=lang, fill=fill)
        rng = random.Random(4)
        extra = 3  # into the second deal: its bids made
        while extra:
            if wait_turn_or_end(small) == "over":
                break
            play_one(small, rng)
            if small.locator("#log .log-hand", has_text=second).count():  # type: ignore[attr-defined]
                extra -= 1
        wait_turn_or_end(small)
        block = small.locator(  # type: ignore[attr-defined]
            "#board .block", has=small.locator("table.stacking")).first  # type: ignore[attr-defined]
        block.screenshot(path=str(out / name))
        print(f"{name}: saved", flush=True)


def shoot_burraco_end(small: object, base: str, out: Path, lang: str) -> None:
    """Two bots play one hand of Burraco while a phone watches: the board at the end of the
    match (the table as the last hand closed, the final scores, the score lines)."""
    import httpx

    created = httpx.post(f"{base}/api/tables", json={
        "game": "burraco", "config": {"players": 2, "hands": 1}, "seats": ["medio"] * 2,
        "start": True, "options": {"bot_pause_s": 0.05}}, timeout=30)
    created.raise_for_status()
    spectate = created.json()["spectate"]
    url = spectate if spectate.startswith("http") else base + spectate
    small.goto(f"{url}{'&' if '?' in url else '?'}lang={lang}")  # type: ignore[attr-defined]
    small.wait_for_selector(  # type: ignore[attr-defined]
        "body[data-status=over] #board .block.side .melds", timeout=300_000)
    close_summary(small)  # the last hand's overlay, as the person watching would
    small.locator("#board").screenshot(path=str(out / "burraco-end-phone.png"))  # type: ignore[attr-defined]
    print("burraco end of match: saved", flush=True)


def shoot_burraco_replay_end(page: object, base: str, out: Path, lang: str) -> None:
    """Three bots play one hand of Burraco; the replay viewer at its last step (desktop): the
    final scores and each side's melds as the hand closed, the pair's under both its names."""
    import httpx

    created = httpx.post(f"{base}/api/tables", json={
        "game": "burraco", "config": {"players": 3, "hands": 1}, "seats": ["medio"] * 3,
        "start": True, "options": {"bot_pause_s": 0}}, timeout=30)
    created.raise_for_status()
    table = created.json()["table"]
    deadline = time.monotonic() + 300
    while httpx.get(f"{base}/api/tables/{table}", timeout=10).json()["status"] != "over":
        if time.monotonic() > deadline:
            raise SystemExit("the bots did not finish the Burraco match in 300 s")
        time.sleep(0.2)
    page.goto(f"{base}/replay/{table}?lang={lang}")  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-ready=true]")  # type: ignore[attr-defined]
    page.locator("#last").click()  # type: ignore[attr-defined]
    page.wait_for_selector("#board .block.side .melds")  # type: ignore[attr-defined]
    page.screenshot(path=str(out / "replay-burraco-end-desktop.png"),  # type: ignore[attr-defined]
                    full_page=True)
    print("burraco replay, last step: saved", flush=True)


def shoot_summaries(page: Any, small: Any, base: str, out: Path, lang: str) -> None:
    """Each game's end-of-hand overlay, watched at both sizes while bots play
    (`summary-<game>-desktop.png`, `summary-<game>-phone.png`)."""
    import httpx

    for game, (config, pause, ready) in SUMMARIES.items():
        created = httpx.post(f"{base}/api/tables", json={
            "game": game, "config": config, "seats": ["medio"] * config["players"],
            "start": False, "options": {"bot_pause_s": pause}}, timeout=30).json()
        for target in (page, small):
            target.goto(f"{created['spectate']}?lang={lang}")
            target.wait_for_selector("body[data-status=waiting]")
        httpx.post(f"{base}/api/tables/{created['table']}/start",
                   json={"owner": created["owner"]}, timeout=30).raise_for_status()
        for target, size in ((page, "desktop"), (small, "phone")):
            target.wait_for_selector(ready, timeout=600_000)
            target.screenshot(path=str(out / f"summary-{game}-{size}.png"))
        print(f"{game} end-of-hand overlay: saved", flush=True)


def shoot_lessons(page: Any, small: Any, base: str, out: Path, lang: str) -> None:
    """The guided first hand: cribbage's discard at a desktop (the felt and your hand, the
    coach beside them), and Novantanove on a phone after its bid and a few tricks (the coach
    under your hand)."""
    for target, game, moves, name in ((page, "cribbage", 0, "learn-cribbage-desktop"),
                                      (small, "novantanove", 6, "learn-novantanove-phone")):
        target.goto(f"{base}/learn/{game}?lang={lang}")
        target.wait_for_selector("body[data-ready=true]")
        for _ in range(moves):
            frames = target.get_attribute("body", "data-frames")
            target.click(".learn-moves button.suggested")
            target.wait_for_function(f"document.body.dataset.frames !== '{frames}'")
        target.screenshot(path=str(out / f"{name}.png"), full_page=game == "novantanove")


def shoot_review(page: Any, small: Any, base: str, out: Path, lang: str) -> None:
    """The esperto's review of the first seat of a cribbage match to 61 (a random bot against
    medio), in the replay viewer at the seat's first mistake: the class and reason, the summary
    and the chart (`review-cribbage-desktop.png`, `review-cribbage-phone.png`)."""
    import httpx

    created = httpx.post(f"{base}/api/tables", json={
        "game": "cribbage", "config": {"players": 2, "target": 61, "games_to_win": 1},
        "seats": ["random", "medio"], "start": True, "options": {"bot_pause_s": 0}},
        timeout=30).json()
    table = created["table"]
    deadline = time.monotonic() + 300
    while httpx.get(f"{base}/api/tables/{table}", timeout=10).json()["status"] != "over":
        if time.monotonic() > deadline:
            raise SystemExit("the bots did not finish the cribbage match in 300 s")
        time.sleep(0.2)
    for target, size in ((page, "desktop"), (small, "phone")):
        target.add_init_script(
            f"localStorage.setItem('mazzo.owner.{table}', '{created['owner']}')")
        target.goto(f"{base}/replay/{table}?lang={lang}&seat=0")
        target.wait_for_selector("body[data-ready=true]")
        target.locator("#review-start").click()
        target.wait_for_selector("#review-summary", timeout=300_000)
        target.locator("#next-mistake").click()
        target.wait_for_function("document.getElementById('review-note')?.dataset.class")
        target.screenshot(path=str(out / f"review-cribbage-{size}.png"), full_page=True)
    print("cribbage review: saved", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
