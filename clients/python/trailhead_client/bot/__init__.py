"""trailhead-bot: plays seats of Trailhead games with an engine (an external program, or a built-in level).

runner.py is the command line, protocol.py the line protocol an external engine speaks (documented
in docs/bot-protocol.md), engines.py the engines: a subprocess speaking the protocol, or a built-in one.
"""
