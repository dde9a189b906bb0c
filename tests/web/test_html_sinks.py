"""User text (names, chat) reaches the browser's pages as text only: no script or page of the
app uses an HTML sink (``innerHTML``, ``outerHTML``, ``insertAdjacentHTML``,
``document.write``, ``createContextualFragment``, ``DOMParser``), where a name or a message
would become markup. The app builds every element with ``h()`` (text nodes) or
``textContent``, so the sinks are forbidden outright rather than checked one by one: a new use
must make its case here. Read as text; no browser needed."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "mazzo" / "web" / "static"
#: the HTML sinks of the DOM: any of these names, read or written, in the app's code
SINKS = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?|"
                   r"createContextualFragment|DOMParser|srcdoc)\b")


def sources() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*") if p.suffix in (".js", ".html", ".mjs"))


def test_the_app_has_scripts_to_check() -> None:
    names = {p.name for p in sources()}
    assert {"table.js", "chat.js", "lobby.js", "replay.js", "i18n.js", "table.html"} <= names


def test_no_script_or_page_uses_an_html_sink() -> None:
    found = [f"{path.relative_to(STATIC)}:{n}: {line.strip()[:100]}"
             for path in sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if SINKS.search(line)]
    assert found == [], "HTML sinks (user text must go through textContent):\n" + "\n".join(found)


def test_the_check_sees_each_sink() -> None:
    for line in ("el.innerHTML = name;", "el.outerHTML=x", "el.insertAdjacentHTML('beforeend', t)",
                 "document.write(x)", "range.createContextualFragment(t)",
                 "new DOMParser().parseFromString(t, 'text/html')", "frame.srcdoc = t"):
        assert SINKS.search(line), line
    assert not SINKS.search("el.textContent = name; el.innerText; h('p', {}, text)")
