"""Account passwords: what a username and a password may be, and their Argon2id hashes.

The parameters are OWASP's first recommended Argon2id profile (19 MiB of memory, 2 passes, one
lane): one hash takes about 70 ms of one core on the development machine (150-400 ms while
other work loads its two cores), slow enough to make guessing from a stolen database costly
and cheap enough for a login. A hash
made with other parameters is checked with its own (they are written in it) and replaced at
the next successful login (:meth:`Passwords.verify` says when).

Hashing runs in a worker thread, at most :data:`HASHING_AT_ONCE` at a time, so logins neither
stall the event loop nor take the server's memory (19 MiB each) without bound."""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Final

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from mazzo.server.nicknames import impersonation

#: Argon2id's cost: memory in KiB, passes, lanes (see the module docstring)
MEMORY_KIB: Final = 19 * 1024
TIME_COST: Final = 2
PARALLELISM: Final = 1
#: hashes computed at once; more wait their turn
HASHING_AT_ONCE: Final = 2
#: a username's length, in characters
USERNAME_LENGTH: Final = (3, 20)
#: a password's length, in characters: long enough to resist guessing, short enough that
#: nobody makes the server hash megabytes
PASSWORD_LENGTH: Final = (8, 256)
#: the characters a username may have besides letters and digits
USERNAME_MARKS: Final = "_-"


class BadCredentials(ValueError):
    """A username or password that cannot be taken: ``field`` and why, in both languages."""

    def __init__(self, field: str, english: str, italian: str) -> None:
        super().__init__(english)
        self.field = field
        self.italian = italian

    def text(self, lang: str) -> str:
        return self.italian if lang == "it" else str(self)


def _latin_letter(char: str) -> bool:
    """A letter of the Latin script (with its accents: "Niccolò"); Cyrillic and Greek look-alikes
    and the rest of Unicode are left out, so no two names look the same."""
    return char.isalpha() and unicodedata.name(char, "").startswith("LATIN ")


def check_username(name: object) -> str:
    """The username as stored (NFC), or :class:`BadCredentials` saying what is wrong."""
    low, high = USERNAME_LENGTH
    rule = (f"{low} to {high} letters, digits, _ or -",
            f"da {low} a {high} lettere, cifre, _ o -")
    if not isinstance(name, str):
        raise BadCredentials("username", f"a username: {rule[0]}",
                             f"un nome utente: {rule[1]}")
    name = unicodedata.normalize("NFC", name)
    if not low <= len(name) <= high:
        raise BadCredentials("username", f"{len(name)} characters; give {rule[0]}",
                             f"{len(name)} caratteri; dai {rule[1]}")
    wrong = [c for c in name if not (_latin_letter(c) or (c.isdigit() and c.isascii())
                                     or c in USERNAME_MARKS)]
    if wrong:
        shown = repr(wrong[0])
        raise BadCredentials("username", f"{shown} is not allowed; give {rule[0]}",
                             f"{shown} non è ammesso; dai {rule[1]}")
    why = impersonation(name)
    if why is not None:
        raise BadCredentials("username", why[0], why[1])
    return name


def check_password(password: object, field: str = "password") -> str:
    """The password, or :class:`BadCredentials` if it is too short, too long or not text."""
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        size = f"{len(password)} characters; " if isinstance(password, str) else ""
        raise BadCredentials(field, f"{size}a password of {low} to {high} characters",
                             f"{size}una password da {low} a {high} caratteri")
    return password


class Passwords:
    """Argon2id hashing with this server's parameters, off the event loop."""

    def __init__(self, memory_kib: int = MEMORY_KIB, time_cost: int = TIME_COST,
                 parallelism: int = PARALLELISM) -> None:
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib,
                                     parallelism=parallelism, type=Type.ID)
        self._turns = asyncio.Semaphore(HASHING_AT_ONCE)
        #: a hash of no one's password: an unknown username is checked against it, so that
        #: answering takes as long as for a real account (no telling which names exist)
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        async with self._turns:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> tuple[bool, bool]:
        """(whether ``password`` matches ``stored``, whether the hash should be made again with
        this server's parameters). ``stored`` None (no such account) checks a dummy hash."""
        async with self._turns:
            return await asyncio.to_thread(self._verify, stored, password)

    def _verify(self, stored: str | None, password: str) -> tuple[bool, bool]:
        if stored is None:
            if self._dummy is None:
                self._dummy = self.hasher.hash("mazzo: nobody's password")
            self._matches(self._dummy, password)  # the time of a real check; never a match
            return False, False
        if not self._matches(stored, password):
            return False, False
        return True, self.hasher.check_needs_rehash(stored)

    def _matches(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
