"""How the esperto's review values Poker all'italiana: the chips the hand wins or loses."""

from __future__ import annotations

from mazzo.engine.review import ReviewRules

#: losses in chips of the hand (a hand moves some 50 chips): 2 good, 8 an inaccuracy, 20 a
#: mistake; chips are zero-sum, so a seat's own gain is its value
RULES = ReviewRules(thresholds=(2.0, 8.0, 20.0), unit_en="chips", unit_it="fiches",
                    expected_it="attese", relative=False, worlds=24)
