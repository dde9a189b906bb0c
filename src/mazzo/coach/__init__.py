"""The coach: the esperto's post-match review (and what else teaches a player)."""
