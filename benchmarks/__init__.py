"""Benchmarks: ``make bench`` (``python -m benchmarks``)."""
