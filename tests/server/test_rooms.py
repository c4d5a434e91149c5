"""What tables and parties share (parlour.server.rooms): a move tried on a
clone with one sentence for a line that runs past the mover's turn, and the
refusals of the limits on unfinished rooms."""

from __future__ import annotations

import pytest

import parlour
from parlour.server.errors import BAD_REQUEST, TOO_MANY_REQUESTS, ApiError
from parlour.server.rooms import check_room, played


def test_a_move_is_played_on_a_clone_and_the_state_is_left_alone() -> None:
    state = parlour.make("polignac").new_state(seed=1)
    seat, action = state.current_player(), state.legal_actions()[0]
    after = played(state, seat, [action])
    assert after.history == [action] and state.history == []


def test_actions_past_the_movers_turn_are_refused_and_change_nothing() -> None:
    state = parlour.make("polignac").new_state(seed=1)
    seat, first = state.current_player(), state.legal_actions()[0]
    second = played(state, seat, [first]).legal_actions()[0]
    with pytest.raises(ApiError) as refused:
        played(state, seat, [first, second])
    assert (refused.value.status, refused.value.message) == (
        BAD_REQUEST, "this line runs on past your turn: send one turn's actions at a time")
    assert state.history == []


def test_an_illegal_action_is_refused_with_the_engines_sentence() -> None:
    state = parlour.make("polignac").new_state(seed=1)
    seat = state.current_player()
    illegal = next(action for action in range(state.game.num_actions)
                   if action not in state.legal_actions())
    with pytest.raises(ApiError) as refused:
        played(state, seat, [illegal])
    assert refused.value.status == BAD_REQUEST
    with pytest.raises(parlour.ParlourError) as engine:
        state.clone().apply(illegal)
    assert refused.value.message == str(engine.value)


@pytest.mark.parametrize(("mine", "held", "message"), [
    (2, 2, "you already have 2 unfinished parties here, the most one address may have (2): "
           "finish one before opening another"),
    (1, 5, "this server already has 5 unfinished parties, its limit (5): try again when "
           "some are finished"),
])
def test_the_limits_on_unfinished_rooms_name_the_limit_passed(
    mine: int, held: int, message: str
) -> None:
    with pytest.raises(ApiError) as refused:
        check_room(mine, held, 2, 5, "unfinished party", "unfinished parties")
    assert (refused.value.status, refused.value.message) == (TOO_MANY_REQUESTS, message)


def test_rooms_under_the_limits_are_let_open() -> None:
    check_room(1, 4, 2, 5, "unfinished table", "unfinished tables")
