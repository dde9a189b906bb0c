"""argparse's own words (``usage:``, ``options:``, its errors) in Italian, for the parsers of
an Italian run: ``mazzo --lang it --help``, ``mazzo --lang it play --seat x``.

Bottom layer (like ``text``): imports nothing from mazzo, so the CLI, the arena and the games'
own commands all build their parsers with :func:`parser_class`. English is argparse itself,
untouched: :func:`parser_class` gives the plain ``argparse.ArgumentParser``. Italian is a
subclass whose methods run with argparse's ``_`` and ``ngettext`` (the ``gettext`` functions it
looks every phrase up through) swapped for :func:`gettext_it` and :func:`ngettext_it` and put
back afterwards, so argparse is unchanged for every other parser in the process (the swap is
not meant for threads parsing at the same moment; the CLI parses once, at the start).

:data:`ARGPARSE_IT` holds the exact msgids of CPython 3.11-3.13's argparse (3.12's are 3.11's;
3.13 adds a few). One is kept as it is: ``%(prog)s: error: %(message)s``, the error line every
``mazzo`` error shares in both languages (``mazzo: error: ...``). A msgid missing from the table
(a later Python's) stays English, as gettext leaves a phrase it has no translation for.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NoReturn, TypeVar, overload

_N = TypeVar("_N")

#: argparse's phrases in Italian: exact msgid -> translation (same placeholders)
ARGPARSE_IT: dict[str, str] = {
    # help pages
    "usage: ": "uso: ",
    "positional arguments": "argomenti posizionali",
    "options": "opzioni",
    "show this help message and exit": "mostra questo aiuto ed esci",
    "show program's version number and exit": "mostra la versione del programma ed esci",
    "subcommands": "sottocomandi",
    "%(heading)s:": "%(heading)s:",
    " (default: %(default)s)": " (predefinito: %(default)s)",
    # errors a user meets
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",  # mazzo's error line
    "%(prog)s: warning: %(message)s\n": "%(prog)s: avviso: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argomento %(argument_name)s: %(message)s",
    "unrecognized arguments: %s": "argomenti non riconosciuti: %s",
    "the following arguments are required: %s": "argomenti obbligatori mancanti: %s",
    "one of the arguments %s is required": "serve uno degli argomenti %s",
    "not allowed with argument %s": "non ammesso con l'argomento %s",
    "ignored explicit argument %r": "argomento esplicito ignorato: %r",
    "expected one argument": "serve un valore",
    "expected at most one argument": "al massimo un valore",
    "expected at least one argument": "serve almeno un valore",
    "ambiguous option: %(option)s could match %(matches)s":
        "opzione ambigua: %(option)s può essere %(matches)s",
    "unexpected option string: %s": "opzione inattesa: %s",
    "invalid %(type)s value: %(value)r": "valore non valido: %(value)r (serve %(type)s)",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "scelta non valida: %(value)r (scegli tra %(choices)s)",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "comando sconosciuto %(parser_name)r (scegli tra %(choices)s)",
    "command '%(parser_name)s' is deprecated": "il comando '%(parser_name)s' è deprecato",
    "option '%(option)s' is deprecated": "l'opzione '%(option)s' è deprecata",
    "argument '%(argument_name)s' is deprecated": "l'argomento '%(argument_name)s' è deprecato",
    "can't open '%(filename)s': %(error)s": "non posso aprire '%(filename)s': %(error)s",
    'argument "-" with mode %r': 'argomento "-" con modalità %r',
    # a parser built wrong (the programmer's errors, said all the same)
    "%r is not callable": "%r non si può chiamare",
    ".__call__() not defined": ".__call__() non definito",
    "conflicting subparser: %s": "sottocomando in conflitto: %s",
    "conflicting subparser alias: %s": "alias di sottocomando in conflitto: %s",
    "cannot have multiple subparser arguments": "non si possono avere più argomenti di "
                                                "sottocomandi",
    "cannot merge actions - two groups are named %r":
        "non posso unire le azioni: due gruppi si chiamano %r",
    "'required' is an invalid argument for positionals":
        "'required' non vale per gli argomenti posizionali",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r":
        "opzione non valida %(option)r: deve cominciare con un carattere %(prefix_chars)r",
    "dest= is required for options like %r": "dest= serve per opzioni come %r",
    "invalid conflict_resolution value: %r": "valore di conflict_resolution non valido: %r",
    "mutually exclusive arguments must be optional":
        "gli argomenti che si escludono devono essere opzioni",
}

#: argparse's phrases with a singular and a plural: (singular msgid, plural msgid) -> Italian
ARGPARSE_PLURALS_IT: dict[tuple[str, str], tuple[str, str]] = {
    ("expected %s argument", "expected %s arguments"): ("serve %s valore", "servono %s valori"),
    ("conflicting option string: %s", "conflicting option strings: %s"):
        ("opzione in conflitto: %s", "opzioni in conflitto: %s"),
}

#: what a value of a type must be, for "invalid %(type)s value" (the type's __name__ -> words)
TYPE_NAMES_IT: dict[str, str] = {
    "int": "un numero intero",
    "float": "un numero",
}


class _TypeNamed(str):
    """The Italian "invalid %(type)s value" phrase: argparse fills in the type's Python name
    (``int``), which this says in words (``un numero intero``) as it is filled in."""

    __slots__ = ()

    def __mod__(self, values: Any) -> str:
        if isinstance(values, dict) and "type" in values:
            values = {**values, "type": TYPE_NAMES_IT.get(values["type"], values["type"])}
        said: str = str(self) % values
        return said


def gettext_it(message: str) -> str:
    """argparse's phrase ``message`` in Italian (itself when the table has none)."""
    said = ARGPARSE_IT.get(message, message)
    return _TypeNamed(said) if message == "invalid %(type)s value: %(value)r" else said


def ngettext_it(singular: str, plural: str, count: int) -> str:
    """argparse's counted phrase in Italian, in the number ``count`` calls for."""
    one, many = ARGPARSE_PLURALS_IT.get((singular, plural), (singular, plural))
    return one if count == 1 else many


@contextlib.contextmanager
def italian_argparse() -> Iterator[None]:
    """Within the block, argparse says its words in Italian; restored after, even on exit."""
    names = vars(argparse)  # argparse's module globals, where its methods look the two up
    saved = names["_"], names["ngettext"]
    names["_"], names["ngettext"] = gettext_it, ngettext_it
    try:
        yield
    finally:
        names["_"], names["ngettext"] = saved


class ItalianArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser that speaks Italian: its headings, its ``-h`` line, its usage line and
    its errors (its subparsers are of this class too). Only argparse's own words: the
    descriptions and each option's help are given in Italian by whoever builds it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with italian_argparse():  # "options", "show this help message and exit"
            super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        with italian_argparse():
            return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        with italian_argparse():
            return super().add_subparsers(**kwargs)

    @overload
    def parse_args(self, args: Iterable[str] | None = None,
                   namespace: None = None) -> argparse.Namespace: ...
    @overload
    def parse_args(self, args: Iterable[str] | None, namespace: _N) -> _N: ...
    @overload
    def parse_args(self, *, namespace: _N) -> _N: ...

    def parse_args(self, args: Iterable[str] | None = None, namespace: Any = None) -> Any:
        with italian_argparse():  # "unrecognized arguments" is said here, not below
            return super().parse_args(args, namespace)

    @overload
    def parse_known_args(self, args: Iterable[str] | None = None,
                         namespace: None = None) -> tuple[argparse.Namespace, list[str]]: ...
    @overload
    def parse_known_args(self, args: Iterable[str] | None, namespace: _N) -> tuple[_N, list[str]]:
        ...
    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...

    def parse_known_args(self, args: Iterable[str] | None = None,
                         namespace: Any = None) -> tuple[Any, list[str]]:
        with italian_argparse():
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with italian_argparse():
            return super().format_usage()

    def format_help(self) -> str:
        with italian_argparse():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with italian_argparse():
            super().error(message)


def parser_class(lang: str) -> type[argparse.ArgumentParser]:
    """The parser class for ``lang``: Italian for "it", else argparse's own (English)."""
    return ItalianArgumentParser if lang == "it" else argparse.ArgumentParser


def usage_prefix(lang: str) -> str:
    """How a usage line starts in ``lang``: ``usage: `` or ``uso: ``."""
    return gettext_it("usage: ") if lang == "it" else "usage: "


def find_lang(argv: Sequence[str]) -> tuple[int, int, str] | None:
    """Where ``--lang it|en`` (or ``--lang=it``) is first given in ``argv``: its index, how many
    items it takes and the language; None where it is not (or names no language this reads)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("it", "en"):
            return i, 2, argv[i + 1]
        if arg in ("--lang=it", "--lang=en"):
            return i, 1, arg.removeprefix("--lang=")
    return None


def lang_in(argv: Sequence[str], default: str) -> str:
    """The language ``--lang`` names in ``argv``, else ``default``: a parser is built for its
    language before it parses."""
    found = find_lang(argv)
    return found[2] if found else default
