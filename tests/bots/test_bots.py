"""Computer players: legal, repeatable, never peeking, always finishing."""

from __future__ import annotations

import math
import random

import pytest

from sq2edu import rescue
from sq2edu.bots import EASY_MISS_RATE, Bot, GreedyBot, StrongBot, make_bot
from sq2edu.bots.rescue_policy import score_actions
from sq2edu.bots.tournament import MAX_ACTIONS, run_tournament, wilson
from sq2edu.rescue.position import position
from sq2edu.rescue.sampling import sample_from_view
from tests.contract import TABLE_SIZES


def _untimed(bot: Bot) -> Bot:
    """``bot`` with its search run to the end: a time limit stops it sooner on a busy machine
    than on a quiet one, and the same position then gets another choice."""
    if isinstance(bot, StrongBot):
        bot.time_limit = math.inf
    return bot


def play(game: rescue.Game, names: list[str], seed: int, *, untimed: bool = False) -> rescue.Game:
    bots = [make_bot(name, seed=seed + seat) for seat, name in enumerate(names)]
    if untimed:
        bots = [_untimed(bot) for bot in bots]
    steps = 0
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
        steps += 1
        assert steps < MAX_ACTIONS, f"seed {seed}: no winner after {steps} actions"
    return game


@pytest.mark.parametrize("players", TABLE_SIZES)
@pytest.mark.parametrize("name", ["random", "greedy", "easy"])
def test_quick_bots_only_choose_legal_actions_and_games_end(players: int, name: str) -> None:
    for seed in range(15):
        game = play(rescue.new_game(players, seed=seed), [name] * players, seed)
        assert game.winner is not None


@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.slow)])
def test_strong_bot_only_chooses_legal_actions_and_games_end(players: int) -> None:
    for seed in range(2):
        names = ["strong", *["greedy"] * (players - 1)]
        game = play(rescue.new_game(players, seed=seed), names, seed)
        assert game.winner is not None


@pytest.mark.parametrize(("first", "second"), [("random", "strong"), ("easy", "greedy")])
def test_a_game_between_any_two_bots_ends(first: str, second: str) -> None:
    game = play(rescue.new_game(2, seed=11), [first, second], 11)
    assert game.is_over


@pytest.mark.parametrize("name", ["random", "greedy", "easy", "strong"])
def test_the_same_seed_gives_the_same_choices(name: str) -> None:
    histories = []
    for _run in range(2):
        game = play(rescue.new_game(2, seed=5), [name, "greedy"], 40, untimed=True)
        histories.append([action.to_dict() for action in game.history])
    assert histories[0] == histories[1]


def _positions(count: int, seed: int) -> list[rescue.Game]:
    """Positions from the middle of random games, each with a real choice to make."""
    rng = random.Random(seed)
    found: list[rescue.Game] = []
    while len(found) < count:
        game = rescue.new_game(rng.randint(2, 5), seed=rng.getrandbits(32))
        for _step in range(rng.randint(10, 200)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over and len(game.legal_actions()) > 1:
            found.append(game)
    return found


@pytest.mark.parametrize("name", ["random", "greedy", "easy", "strong"])
def test_no_peeking_the_choice_ignores_hidden_cards(name: str) -> None:
    rng = random.Random(99)
    for index, game in enumerate(_positions(25 if name != "strong" else 8, seed=3)):
        seat = game.current_player
        # Same view, different draw pile, face-down companions and rivals' sleeping queens.
        other = sample_from_view(game.view(seat), game.rules, rng)
        assert other.view(seat) == game.view(seat)
        assert other.zones() != game.zones() or not other.state.deck
        first = _untimed(make_bot(name, seed=index)).choose(game)
        second = _untimed(make_bot(name, seed=index)).choose(other)
        assert first == second, (name, index, game.phase)


def test_easy_bot_overlooks_equations_and_rescues_sometimes() -> None:
    game = position(realms={0: ["n2a", "n3a", "n5a"]}, phase="actions")
    never_misses = GreedyBot(seed=1, miss_rate=0.0)
    always_misses = GreedyBot(seed=1, miss_rate=1.0)
    assert never_misses.choose(game).kind == "make-equation"
    assert always_misses.choose(game).kind == "end-actions"
    easy = make_bot("easy", seed=2)
    choices = [easy.choose(game).kind for _ in range(200)]
    missed = choices.count("end-actions") / len(choices)
    assert abs(missed - EASY_MISS_RATE) < 0.12


def test_greedy_rescues_as_soon_as_it_can() -> None:
    game = position(
        realms={0: ["q-apple", "n2a", "n3a", "n5a"]},
        companions={0: ["c-koala"]},
        phase="actions",
    )
    assert make_bot("greedy", seed=0).choose(game) == rescue.Rescue("q-apple", "c-koala")


def test_greedy_wakes_sleeping_queens_with_a_pair() -> None:
    game = position(realms={0: ["n4a", "n4b", "n9a"]}, sleeping={0: ["q-owl"]}, phase="actions")
    assert make_bot("greedy", seed=0).choose(game) == rescue.WakeWithPair("n4a", "n4b")


def test_greedy_discards_its_least_useful_card() -> None:
    # It keeps the queen its companion can rescue a king with, and the equation 2 + 3 = 5.
    game = position(
        realms={0: ["q-owl", "book1", "n2a", "n3a", "n5a", "n9a"]},
        companions={0: ["c-lion"]},
        knights=["blue", "white"],
        phase="discard",
    )
    choice = make_bot("greedy", seed=0).choose(game)
    assert choice in (rescue.Discard("n9a"), rescue.Discard("book1"))


def test_greedy_judges_discards_by_the_position_they_leave() -> None:
    game = position(realms={0: ["q-owl", "n2a", "n3a", "n5a", "n9a", "n9b"]}, phase="discard")
    scored = {action: score for score, action in score_actions(game, random.Random(0))}
    assert scored[rescue.Discard("n9a")] > scored[rescue.Discard("n2a")]


def test_unknown_bot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer player 'wizard'"):
        make_bot("wizard")


def test_strong_bot_effort_is_counted_in_imagined_games() -> None:
    bot = StrongBot(seed=1, worlds=3, candidates=2)
    assert (bot.worlds, bot.candidates) == (3, 2)


def test_wilson_interval() -> None:
    low, high = wilson(85, 100)
    assert low == pytest.approx(0.7672, abs=1e-3)
    assert high == pytest.approx(0.9069, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_is_reproducible_whatever_the_number_of_processes() -> None:
    one = run_tournament(["greedy", "random"], games=12, players=2, seed=4, jobs=1)
    two = run_tournament(["greedy", "random"], games=12, players=2, seed=4, jobs=2)
    assert [(g.lineup, g.winner, g.actions) for g in one.games] == [
        (g.lineup, g.winner, g.actions) for g in two.games
    ]
    assert one.standings["greedy"].games == 12
    assert one.standings["greedy"].wins + one.standings["random"].wins == 12


@pytest.mark.slow  # a tournament of the strong player: make test, not make check
def test_tournament_rotates_seats_and_groups() -> None:
    result = run_tournament(["strong", "greedy", "random"], games=6, players=2, seed=1, jobs=1)
    lineups = [game.lineup for game in result.games]
    assert lineups == [
        ("strong", "greedy"),
        ("strong", "random"),
        ("greedy", "random"),
        ("greedy", "strong"),
        ("random", "strong"),
        ("random", "greedy"),
    ]
    assert "95% interval" in result.report()


def test_tournament_refuses_unknown_players() -> None:
    with pytest.raises(ValueError, match="unknown computer player"):
        run_tournament(["greedy", "wizard"], games=2)
