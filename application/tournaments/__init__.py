"""Tournaments in the application (issue 30; the rules are domain/tournaments, docs/tournaments.md).

- stream.py: the tournament's stream, chained and stored like a game's, folded into its state;
- entry.py: create, join, withdraw, start (the creator only);
- jobs.py: the bus's handlers that create and link the games, record results, pair and end;
- documents.py: what the API shows of a tournament, its export and import;
- audit.py: the tournament's audit, its games' included.
"""
