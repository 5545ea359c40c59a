"""The four Casino cities and their three games: High Roll Craps, Blackjack, Texas Hold'em."""
