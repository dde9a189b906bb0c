"""Frames are encoded with their shared parts (a table's commitments) spliced in from text
computed once per change: the result must parse to exactly the frame."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from mazzo.server.protocol import Encoded, encode_frame

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(st.dictionaries(st.text(), json_values, max_size=6),
       st.dictionaries(st.text(), st.lists(json_values, max_size=4), max_size=2))
def test_an_encoded_frame_parses_to_the_frame(plain: dict[str, object],
                                               shared: dict[str, list[object]]) -> None:
    frame = {**plain, **{key: Encoded(value) for key, value in shared.items()}}
    assert json.loads(encode_frame(frame)) == {**plain, **shared}


def test_a_shared_part_is_encoded_once_not_per_frame() -> None:
    commitments = Encoded([{"version": 1, "commitment": "ab", "seed": None}])
    commitments.append({"version": 9, "commitment": "late", "seed": "♥"})  # not in its text
    text = encode_frame({"type": "state", "card": "5♥", "commitments": commitments})
    assert "5♥" in text  # not escaped, as before
    assert json.loads(text) == {"type": "state", "card": "5♥",
                                "commitments": [{"version": 1, "commitment": "ab",
                                                 "seed": None}]}
