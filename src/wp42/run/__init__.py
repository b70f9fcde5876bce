"""Running attempts: one attempt (runner), the sandbox around its worker, the worker specs, and many attempts.

Modules: :mod:`~wp42.run.runner` (one attempt: workspace, sandbox, portal, time limit, run.json, receipt),
:mod:`~wp42.run.sandbox` and :mod:`~wp42.run.sandbox_init` (keeping a worker away from the answers and the
network), :mod:`~wp42.run.attempt_services` and :mod:`~wp42.run.recording_proxy` (the services a sandboxed
worker reaches), :mod:`~wp42.run.workers` and :mod:`~wp42.run.builtin_workers` (worker specs into command
lines), :mod:`~wp42.run.executor` (many attempts in a local pool, re-grading), :mod:`~wp42.run.oracle_rebuild` (the oracle
a stored attempt is re-graded with, rebuilt from its generator when the oracle root lost it),
:mod:`~wp42.run.executor_ray` (the same on Ray) and :mod:`~wp42.run.executor_protocol` (what both executors share).

This ``__init__`` imports nothing on purpose: ``python -m wp42.run.sandbox_init`` and ``python -m
wp42.run.builtin_workers`` start inside every sandbox, and importing the runner (Flask, the evaluation
service) there would slow every attempt's start. Import from the modules.
"""
