"""The login limits on a clock of the test's own: per account (failures only) and per address
(every try), each told apart, with the wait until the next try."""

from __future__ import annotations

from mazzo.server.login_limits import LoginLimits


def test_an_address_gets_its_burst_then_waits_for_the_refill() -> None:
    limits = LoginLimits(address_per_minute=6, address_burst=3)
    assert [limits.wait(None, "10.0.0.1", 0.0) for _ in range(3)] == [None] * 3
    assert limits.wait(None, "10.0.0.1", 0.0) == ("address", 10)  # one try per 10 s
    assert limits.wait(None, "10.0.0.2", 0.0) is None  # another address: its own bucket
    assert limits.wait(None, "10.0.0.1", 10.0) is None


def test_an_ipv6_address_is_counted_by_its_64() -> None:
    limits = LoginLimits(address_per_minute=1, address_burst=1)
    assert limits.wait(None, "2001:db8::1", 0.0) is None
    assert limits.wait(None, "2001:db8::2", 0.0) == ("address", 60)
    assert limits.wait(None, "2001:db8:0:1::1", 0.0) is None


def test_an_account_counts_only_its_failures() -> None:
    limits = LoginLimits(account_per_minute=2, account_burst=2)
    for _ in range(5):  # right passwords: never limited by the account
        assert limits.wait("ada", "10.0.0.1", 0.0) is None
        limits.succeeded("ada")
    assert limits.wait("ada", "10.0.0.2", 0.0) is None  # two wrong ones, checked at once:
    assert limits.wait("ada", "10.0.0.3", 0.0) is None  # each counted before its answer
    assert limits.wait("ada", "10.0.0.2", 0.0) == ("account", 30)
    assert limits.wait("bea", "10.0.0.2", 0.0) is None
    assert limits.wait("ada", "10.0.0.2", 30.0) is None


def test_zero_per_minute_is_no_limit() -> None:
    limits = LoginLimits(account_per_minute=0, address_per_minute=0)
    for _ in range(100):
        assert limits.wait("ada", "10.0.0.1", 0.0) is None
