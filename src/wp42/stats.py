"""Deprecated: moved to :mod:`wp42.report.stats` (issue 21); this alias goes in the next release."""

from wp42.moved import alias

alias(__name__)
