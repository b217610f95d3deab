"""The classic game's computer players: legal, repeatable, fair, and sensible."""

from __future__ import annotations

import random

import pytest

from sq2edu import classic
from sq2edu.bots import Bot, ClassicGreedyBot, ClassicStrongBot, make_bot
from sq2edu.bots.tournament import run_tournament
from sq2edu.classic.position import position
from sq2edu.classic.sampling import sample_from_view


def play(names: list[str], seed: int) -> classic.Game:
    game = classic.new_game(len(names), seed=seed)
    bots = [make_bot(name, seed=seed + seat, edition="classic") for seat, name in enumerate(names)]
    for _ in range(5000):
        if game.is_over:
            break
        action = bots[game.current_player].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_only_chooses_legal_actions_and_games_end(players: int) -> None:
    names = ["greedy", "random", "easy", "greedy", "random"][:players]
    for seed in range(6):
        assert play(names, seed).is_over


def test_the_strong_player_plays_whole_games_legally() -> None:
    game = classic.new_game(2, seed=5)
    bots: list[Bot] = [ClassicStrongBot(seed=1, worlds=2, candidates=2), ClassicGreedyBot(seed=2)]
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    assert game.winner is not None


@pytest.mark.slow  # fifteen games' choices twice over: make test, not make check
def test_the_same_seed_gives_the_same_choices() -> None:
    for seed in range(5):
        game = classic.new_game(3, seed=seed)
        for _ in range(10):
            if game.is_over:
                break
            first = ClassicStrongBot(seed=seed, worlds=3).choose(game)
            assert ClassicStrongBot(seed=seed, worlds=3).choose(game) == first
            game.apply(ClassicGreedyBot(seed=seed).choose(game))


def test_the_strong_player_does_not_peek_at_hidden_cards() -> None:
    """Two games that look the same from its seat, with the hidden cards dealt differently."""
    for seed in range(8):
        game = classic.new_game(2, seed=seed)
        mover = ClassicGreedyBot(seed=seed)
        for _ in range(seed * 3):  # some games a little way in, with cards in the discard pile
            if not game.is_over:
                game.apply(mover.choose(game))
        if game.is_over:
            continue
        seat = game.current_player
        view = game.view(seat)
        one = sample_from_view(view, game.rules, random.Random(1))
        other = sample_from_view(view, game.rules, random.Random(2))
        assert one.view(seat) == other.view(seat) == view
        assert one.zones() != other.zones()
        choice = ClassicStrongBot(seed=seed, worlds=4).choose(one)
        assert ClassicStrongBot(seed=seed, worlds=4).choose(other) == choice


def test_greedy_blocks_a_knight_with_its_dragon() -> None:
    game = position(
        hands={0: ["n2a", "n3a"], 1: ["dragon1", "n5a"]},
        queens={1: ["q-heart"]},
        attack=("knight1", 1, "q-heart"),
        current=1,
        turn_player=0,
        phase="block",
    )
    assert ClassicGreedyBot(seed=0).choose(game) == classic.Block("dragon1")


def test_greedy_steals_the_leaders_best_queen() -> None:
    game = position(
        ["Mia", "Leo", "Ava"],
        hands={0: ["knight1", "n2a", "n3a", "n9a", "n10a"]},
        queens={1: ["q-rose", "q-cake"], 2: ["q-heart", "q-moon"]},
    )
    assert ClassicGreedyBot(seed=0).choose(game) == classic.PlayKnight("knight1", 2, "q-heart")


def test_greedy_wakes_a_remembered_valuable_queen_and_never_a_rival() -> None:
    game = position(
        hands={0: ["k-fire", "n2a", "n3a", "n9a", "n10a"]},
        queens={0: ["q-cat"]},
        known=["q-heart", "q-dog"],
    )
    slots = {queen: slot for slot, queen in enumerate(game.state.centre)}
    assert ClassicGreedyBot(seed=0).choose(game) == classic.PlayKing("k-fire", slots["q-heart"])


def test_easy_sometimes_overlooks_a_king_so_a_child_can_win() -> None:
    game = position(hands={0: ["k-fire", "n2a", "n3a", "n9a", "n10a"]})
    easy = make_bot("easy", seed=3, edition="classic")
    choices = [type(easy.choose(game)).__name__ for _ in range(200)]
    assert 40 < choices.count("Discard") < 120
    assert choices.count("PlayKing") > 80


def test_an_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown edition 'chess'"):
        make_bot("greedy", edition="chess")


def test_a_classic_tournament_is_repeatable() -> None:
    one = run_tournament(["greedy", "random"], games=12, seed=4, jobs=1, edition="classic")
    two = run_tournament(["greedy", "random"], games=12, seed=4, jobs=1, edition="classic")
    assert [g.winner for g in one.games] == [g.winner for g in two.games]
    assert one.report().startswith("12 games of classic")
