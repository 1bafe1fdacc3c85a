"""The table side: the human-against-bots session (both fronts play it), the terminal game, the
score sheet and its terminal session, one deal across rulesets, rendering."""
