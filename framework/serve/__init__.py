"""``18xx serve``: a local web app to create, play and watch games in the browser.

:mod:`framework.serve.app` is the Starlette app (pages, a JSON API, Server-Sent Events),
one function per endpoint, whose request bodies are the models of
:mod:`framework.serve.bodies`; :mod:`framework.serve.server` holds the titles offered
and the games open, :mod:`framework.serve.store` keeps the games in SQLite, :mod:`framework.serve.games`
plays them (the bots of bot seats included) and writes what a page shows.

It is a thin web layer over the record and the bots: it may import every layer but
``cli``.
"""
