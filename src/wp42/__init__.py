"""WP42: realistic white-collar assignments for AI agents, with proved scenarios and deterministic receipts."""

__version__ = "0.1.0"
