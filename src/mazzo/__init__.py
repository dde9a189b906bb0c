"""mazzo: traditional card games with exact rules."""
