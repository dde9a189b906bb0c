"""How fast logins may be tried: per account (the wrong passwords for the username asked for,
whether it exists or not) and per client address (every try). Both are token buckets
(:class:`~mazzo.server.protocol.TokenBucket`): a person who mistypes a few times never meets
them; a guesser is slowed to a few tries a minute per account and a few dozen per address.
The counts live in this process's memory: several server processes on one database each keep
their own (a guesser spread over them gets the sum, still a few a minute per process)."""

from __future__ import annotations

import math
from typing import Final

from mazzo.server.gate import CreationLimit
from mazzo.server.protocol import TokenBucket

#: failed logins one account may have at once, and per minute after that
ACCOUNT_BURST: Final = 5
ACCOUNT_PER_MINUTE: Final = 2.0
#: logins and registrations (failed or not) one client address may try at once, and per minute
ADDRESS_BURST: Final = 20
ADDRESS_PER_MINUTE: Final = 10.0
#: buckets kept per kind; past this, the refilled ones are dropped (a full bucket is what a
#: newcomer gets anyway)
KEPT: Final = 10_000


class Buckets:
    """One token bucket per key, ``burst`` tokens refilled at ``per_minute``."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.buckets: dict[str, TokenBucket] = {}

    def _bucket(self, key: str, now: float) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= KEPT:
                self._drop_full(now)
            bucket = self.buckets[key] = TokenBucket(self.per_minute / 60, self.burst)
        return bucket

    def wait(self, key: str, now: float) -> int:
        """0 if ``key`` has a try left at ``now`` (monotonic seconds), else the whole seconds
        until it has one. Takes nothing."""
        if self.per_minute <= 0:
            return 0
        bucket = self._bucket(key, now)
        since = now - (bucket.stamp if bucket.stamp is not None else now)
        tokens = min(bucket.burst, bucket.tokens + since * bucket.rate)
        return 0 if tokens >= 1 else max(1, math.ceil((1 - tokens) / bucket.rate))

    def take(self, key: str, now: float) -> None:
        """Count one try of ``key``."""
        if self.per_minute > 0:
            self._bucket(key, now).allow(now)

    def give_back(self, key: str) -> None:
        """Undo one :meth:`take` of ``key`` (the try turned out not to count)."""
        bucket = self.buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(bucket.burst), bucket.tokens + 1)

    def _drop_full(self, now: float) -> None:
        def full(bucket: TokenBucket) -> bool:
            since = now - (bucket.stamp if bucket.stamp is not None else now)
            return bucket.tokens + since * bucket.rate >= bucket.burst

        self.buckets = {k: b for k, b in self.buckets.items() if not full(b)}


class LoginLimits:
    """The two limits of logging in: failures per account, tries per address (an IPv6
    address is counted by its /64, as table creation counts it)."""

    def __init__(self, account_per_minute: float = ACCOUNT_PER_MINUTE,
                 account_burst: int = ACCOUNT_BURST,
                 address_per_minute: float = ADDRESS_PER_MINUTE,
                 address_burst: int = ADDRESS_BURST) -> None:
        self.accounts = Buckets(account_per_minute, account_burst)
        self.addresses = Buckets(address_per_minute, address_burst)

    def wait(self, account_key: str | None, address: str, now: float) -> tuple[str, int] | None:
        """("account" or "address", seconds to wait) if a try now is over a limit; else None,
        and the try is counted against the address and, until :meth:`succeeded` says it was
        right, against the account: tries made at once cannot all pass the check before the
        first of them fails."""
        address = CreationLimit.key(address)
        wait = self.addresses.wait(address, now)
        if wait:
            return "address", wait
        if account_key is not None:
            wait = self.accounts.wait(account_key, now)
            if wait:
                return "account", wait
            self.accounts.take(account_key, now)
        self.addresses.take(address, now)
        return None

    def succeeded(self, account_key: str) -> None:
        """The try counted against ``account_key`` had the right password: it does not count."""
        self.accounts.give_back(account_key)
