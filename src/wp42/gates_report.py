"""Deprecated: moved to :mod:`wp42.gates.report` (issue 21); this alias goes in the next release."""

from wp42.moved import alias

alias(__name__)
