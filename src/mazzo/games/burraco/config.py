"""Burraco configuration: players, preset, match length and the documented options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from mazzo.engine.game import Config, ConfigError, check_choice, check_range
from mazzo.games.burraco.scoring import PRESETS, VP_TABLES

VARIANTS: Final = PRESETS
THREE_PLAYER_MODES: Final = ("free", "tournament")
#: 3 players: (switch to three pozzetti of 11, match end) [S]
THREE_PLAYER_TARGETS: Final = {"free": (1500, 2005), "tournament": (1000, 1505)}
TARGET: Final = 2005


@dataclass(frozen=True)
class BurracoConfig(Config):
    """``variant``: ``classic`` (the seed: jolly 25, no semipulito) or ``fibur`` (jolly 30,
    semipulito 150).

    ``target`` 0 means the rules' target (2005; 3 players: by ``three_player_targets``), and
    ``switch`` 0 the rules' 3-player threshold for three pozzetti (1500 / 1000).
    ``hands`` > 0 plays exactly that many hands instead; with 3 or 4 hands the result is in
    victory points (``vp_table``: ``published`` or the seed's ``seed_wiki`` band edges).
    ``clean_burraco_to_close``: closing needs a clean burraco (Burraco Internazionale).
    """

    game_id: ClassVar[str] = "burraco"
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)
    italian_docs: ClassVar[dict[str, str]] = {
        "variant": "classic: jolly 25 e niente semipulito; fibur: le regole FIBur (jolly 30, "
                   "semipulito 150)",
        "target": "i punti che chiudono la partita; 0: il traguardo delle regole (2005; in 3 "
                  "secondo i traguardi a tre)",
        "switch": "in 3: il punteggio da cui si danno tre pozzetti; 0: quello delle regole "
                  "(1500 / 1000)",
        "three_player_targets": "in 3: cambio e traguardo del gioco libero (1500 / 2005) o da "
                                "torneo (1000 / 1505)",
        "hands": "gioca esattamente tante smazzate invece che fino al traguardo (3 o 4: a punti "
                 "vittoria)",
        "vp_table": "con 3 o 4 smazzate, la tabella che trasforma i punti in punti vittoria",
        "clean_burraco_to_close": "per chiudere serve un burraco pulito (Burraco Internazionale)",
    }
    field_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "hands": ("smazzate da giocare (0: fino al traguardo)",
                  "hands to play (0: up to the target)"),
    }
    value_labels: ClassVar[dict[str, dict[str, tuple[str, str]]]] = {"variant": {
        "classic": ("classic: jolly 25, niente semipulito", "classic: jolly 25, no semipulito"),
        "fibur": ("fibur: regole FIBur (jolly 30, semipulito 150)",
                  "fibur: FIBur rules (jolly 30, semipulito 150)"),
    }}

    players: int = 4
    #: classic: jolly 25 and no semipulito; fibur: the FIBur rules (jolly 30, semipulito 150)
    variant: str = "classic"
    #: points that end the match; 0: the rules' target
    #: (2005; 3 players: by the three-player targets)
    target: int = 0
    #: 3 players: the score from which three pozzetti are dealt; 0: the rules' (1500 / 1000)
    switch: int = 0
    #: 3 players: the switch and target of free play (1500 / 2005) or tournaments (1000 / 1505)
    three_player_targets: str = "free"
    #: play exactly this many hands instead of up to the target (3 or 4: in victory points)
    hands: int = 0
    #: with 3 or 4 hands, the table that turns the points into victory points
    vp_table: str = "published"
    #: closing needs a clean burraco (Burraco Internazionale)
    clean_burraco_to_close: bool = False

    def validate(self) -> None:
        super().validate()
        check_choice("variant", self.variant, VARIANTS)
        check_range("target", self.target, 0)
        check_range("switch", self.switch, 0)
        check_choice("three_player_targets", self.three_player_targets, THREE_PLAYER_MODES)
        check_range("hands", self.hands, 0, 100)
        check_choice("vp_table", self.vp_table, VP_TABLES)
        if self.players == 3 and self.switch and self.target and self.switch > self.target:
            raise ConfigError("switch: must not exceed target (three pozzetti come before the end)",
                              italian="non può superare il traguardo (i tre pozzetti vengono "
                                      "prima della fine)")

    @property
    def match_target(self) -> int:
        """Points that end the match (0 when ``hands`` fixes the length)."""
        if self.hands:
            return 0
        if self.target:
            return self.target
        if self.players == 3:
            return THREE_PLAYER_TARGETS[self.three_player_targets][1]
        return TARGET

    @property
    def switch_target(self) -> int:
        """3 players: the total from which every hand is dealt with three pozzetti of 11."""
        if self.switch:
            return self.switch
        return THREE_PLAYER_TARGETS[self.three_player_targets][0]

    @property
    def uses_vp(self) -> bool:
        return self.hands in (3, 4)
