"""`trailhead arena`: engines (the bot protocol) and bot levels against each other offline, on the pure rules.

document.py  an arena game as the service's replay document
engines.py   an engine process over the protocol, with takeovers on crash, lateness and nonsense
play.py      one game on domain.core.Table
run.py       the duplicate schedule and the worker processes
standings.py wins, places, scores, OpenSkill ratings, takeovers and the pairwise matrix
"""
