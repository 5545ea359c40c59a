"""Benchmarks for the Trailhead service (see bench/README.md)."""
