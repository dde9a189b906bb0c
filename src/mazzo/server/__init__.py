"""The table server: one authoritative ``State`` per table, persisted, over HTTP and websockets.

Needs the ``web`` extra (FastAPI, uvicorn). The engine and games know nothing of it; it knows the
games only through the engine protocol. See ``docs/server.md``.
"""
