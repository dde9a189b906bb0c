"""Nebraska configuration: players, scoring variant, target, and the documented options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import COLOURS, SUIT_NAME_IT
from mazzo.engine.game import Config, ConfigError, check_choice, check_range

VARIANTS = ("family", "expert", "poker")
TIEBREAKS = ("all", "valid")
#: [D] default suit order for equal bids, highest first: the order printed on the cards could
#: not be recovered, so this is mazzo's fixed choice (docs/rules/nebraska.md, section 4)
DEFAULT_SUIT_ORDER = tuple(SUIT_NAME_IT[c] for c in COLOURS)

#: suggested targets by player count [S]
FAMILY_TARGETS = {2: 6, 3: 6, 4: 4, 5: 4, 6: 3, 7: 3}
POKER_TARGETS = {2: 31, 3: 31, 4: 21, 5: 21, 6: 16, 7: 16}


@dataclass(frozen=True)
class NebraskaConfig(Config):
    """``target`` 0 means the suggested target for the player count and variant.

    ``hands`` > 0 plays exactly that many hands instead (highest total wins).
    ``tiebreak`` "all" compares all personal cards for family/expert ties [D]; "valid" only the
    valid (matching) ones.
    """

    game_id: ClassVar[str] = "nebraska"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6, 7)
    italian_docs: ClassVar[dict[str, str]] = {
        "variant": "quali carte contano: family le carte valide, expert ogni carta comune "
                   "abbinata, poker le combinazioni di poker",
        "target": "i punti che chiudono la partita; 0: il traguardo suggerito per i giocatori e "
                  "la variante",
        "hands": "gioca esattamente tante manche invece (vince il totale più alto); 0: fino al "
                 "traguardo",
        "ace_low_in_runs": "in una scala l'asso può stare anche sotto il 2",
        "tiebreak": "un pareggio in family o expert si scioglie con tutte le carte personali, o "
                    "solo con quelle valide",
    }
    field_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "hands": ("manche da giocare (0: fino al traguardo)",
                  "hands to play (0: up to the target)"),
    }
    value_labels: ClassVar[dict[str, dict[str, tuple[str, str]]]] = {"variant": {
        "family": ("family: contano le carte valide", "family: the valid cards count"),
        "expert": ("expert: conta ogni carta comune abbinata",
                   "expert: every common card matched counts"),
        "poker": ("poker: le combinazioni di poker", "poker: poker hands"),
    }}

    players: int = 4
    #: which cards count: family the valid cards, expert each common card matched, poker poker hands
    variant: str = "family"
    #: points that end the match; 0: the suggested target for the players and the variant
    target: int = 0
    #: play exactly this many hands instead (highest total wins); 0: up to the target
    hands: int = 0
    suit_order: tuple[str, ...] = DEFAULT_SUIT_ORDER
    #: an ace may also stand below the 2 in a run
    ace_low_in_runs: bool = False
    #: a family or expert tie is broken by all personal cards, or by the valid ones only
    tiebreak: str = "all"

    def validate(self) -> None:
        super().validate()
        check_choice("variant", self.variant, VARIANTS)
        check_range("target", self.target, 0)
        check_range("hands", self.hands, 0)
        check_choice("tiebreak", self.tiebreak, TIEBREAKS)
        if sorted(self.suit_order) != sorted(DEFAULT_SUIT_ORDER):
            raise ConfigError(
                "suit_order: must list each of the eight colours once, highest first: "
                + ", ".join(DEFAULT_SUIT_ORDER),
                italian="deve elencare una volta ciascuno degli otto colori, dal più alto: "
                + ", ".join(DEFAULT_SUIT_ORDER),
            )

    @property
    def match_target(self) -> int:
        """The points that end the match (0 when ``hands`` fixes the length instead)."""
        if self.hands:
            return 0
        if self.target:
            return self.target
        table = POKER_TARGETS if self.variant == "poker" else FAMILY_TARGETS
        return table[self.players]
