"""How the esperto's review values Novantanove: the hand's points against the other seats'."""

from __future__ import annotations

from mazzo.engine.review import ReviewRules

#: losses in points of the hand (a hand swings by some 60 points): 3 good, 10 an inaccuracy,
#: 25 a mistake
RULES = ReviewRules(thresholds=(3.0, 10.0, 25.0), worlds=24)
