"""The per-connection rate limit (``TokenBucket``), on a clock the test controls: a flood is told
once, however the client spreads it and however slowly the server reads it."""

from __future__ import annotations

from mazzo.server.protocol import TokenBucket

RATE, BURST = 20.0, 40


def verdicts(times: list[float], bucket: TokenBucket | None = None) -> list[str]:
    bucket = bucket or TokenBucket(RATE, BURST)
    return [bucket.admit(now) for now in times]


def test_a_burst_within_the_limit_passes() -> None:
    assert verdicts([0.0] * BURST) == ["pass"] * BURST


def test_a_flood_gets_one_warning_and_the_rest_is_dropped() -> None:
    got = verdicts([0.0] * 200)
    assert got == ["pass"] * BURST + ["warn"] + ["drop"] * (200 - BURST - 1)


def test_a_flood_read_slowly_is_still_one_flood() -> None:
    # the server reads 200 queued messages ten at a time with a 60 ms stall between (a loaded
    # machine): a token trickles back in each stall, so one message in ten passes, but the
    # client never let its burst refill
    got = verdicts([(i // 10) * 0.06 for i in range(200)])
    assert got.count("warn") == 1
    assert got.count("pass") == BURST + int(19 * 0.06 * RATE)  # the burst, and what 19 stalls
    # refilled (22.8 tokens)


def test_a_client_steadily_over_the_rate_hears_once() -> None:
    got = verdicts([i / (2 * RATE) for i in range(int(20 * RATE))])  # twice the rate for 10 s
    assert got.count("warn") == 1
    # what the limit lets through: the burst and the rate's tokens over the 10 s (the last
    # trickle may not have come yet)
    assert BURST + 10 * RATE - 2 <= got.count("pass") <= BURST + 10 * RATE


def test_a_client_at_the_rate_is_never_limited() -> None:
    assert set(verdicts([i / RATE for i in range(500)])) == {"pass"}


def test_a_second_flood_after_a_rest_is_told_again() -> None:
    bucket = TokenBucket(RATE, BURST)
    first = verdicts([0.0] * 100, bucket)
    rest = BURST / RATE  # the whole burst back
    second = verdicts([rest + 0.001] * 100, bucket)
    assert first.count("warn") == 1 and second.count("warn") == 1
    assert second[:BURST] == ["pass"] * BURST


def test_a_flood_is_not_over_until_the_burst_has_refilled() -> None:
    bucket = TokenBucket(RATE, BURST)
    verdicts([0.0] * 100, bucket)
    half = BURST / RATE / 2
    again = verdicts([half] * 100, bucket)  # half the burst back: the same flood goes on
    assert "warn" not in again and again.count("pass") == BURST // 2
