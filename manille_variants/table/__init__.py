"""The table side: the terminal game, the score sheet and its session, rendering."""
