"""Shared generation helpers for scenario generators (deterministic documents, fictional people, calendars, money).

Generators put ``benchmark/`` on ``sys.path`` and import from here; the framework never imports a generator.
"""
