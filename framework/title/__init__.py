"""Titles as data: the title format's models, loading a title folder, and its checks.

It owns the pydantic models of every section (:mod:`~framework.title.model`), loading a
folder with overlays and variants at ``file:line:col`` (:mod:`~framework.title.loader`)
and keeping it in the title cache (:mod:`~framework.title.cache`),
the checks that relate sections (:mod:`~framework.title.checks`), the JSON Schema
(:mod:`~framework.title.schema`), a tile's track as laid (:mod:`~framework.title.faces`,
:mod:`~framework.title.upgrades`), a title's hooks, their moments and the data part of its own layer
(:mod:`~framework.title.hooks`, :mod:`~framework.title.moments`,
:mod:`~framework.title.extension`), where titles are found
(:mod:`~framework.title.paths`) and the starter of ``18xx new``
(:mod:`~framework.title.starter`).

It may import ``base``.
"""
