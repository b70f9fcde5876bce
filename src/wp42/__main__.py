"""``python -m wp42``: the same CLI as the ``wp42`` console script (useful from a checkout without an install)."""

from wp42.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
