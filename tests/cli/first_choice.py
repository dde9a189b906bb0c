"""A scripted player for terminal tests: the first choice everywhere, as few cards as allowed."""

from __future__ import annotations


class FirstChoice:
    """Answers every prompt with its first option. When picking cards (poker's draw, the crib)
    it confirms, and after each refusal picks one more card and confirms again."""

    def __init__(self, then_quit_after: int | None = None) -> None:
        self.moves = 0
        self.limit = then_quit_after
        self.last = ""
        self.picked = 0

    def __call__(self, prompt: str) -> str:
        if prompt.startswith(("Scelte", "Chosen")):
            if self.last == "ok":
                self.picked += 1
                answer = str(self.picked)
            else:
                answer = "ok"
        else:
            self.picked = 0
            self.moves += 1
            answer = "q" if self.limit is not None and self.moves > self.limit else "1"
        self.last = answer
        return answer
