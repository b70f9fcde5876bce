"""``python -m wp42.cli``: the ``wp42`` command, as the console script and ``python -m wp42`` run it."""

from wp42.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
