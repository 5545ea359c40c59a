"""marshmallow schemas for every request and response body of the REST API, one module a concern.

values.py holds what every body may carry (64-bit integers, no U+0000, printable and visible
names); games.py, players.py, lobby.py and replays.py the bodies of their routes.
"""
