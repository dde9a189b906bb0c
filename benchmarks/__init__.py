"""Benchmarks: ``python -m benchmarks`` (``make bench``), one sub-command per tool; see
:mod:`benchmarks.cli`."""
