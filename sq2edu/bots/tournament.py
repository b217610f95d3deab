"""Play many seat-rotated games between computer players and measure them.

``sq2edu tournament --games 500 --players 2 --bots strong,greedy --seed 1`` prints each
player's win rate with a 95% confidence interval, and its decision times. The same seed
gives the same games and the same numbers, however many processes play them.
"""

from __future__ import annotations

import itertools
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TextIO

__all__ = ["GameResult", "Standing", "TournamentResult", "play_game", "run_tournament", "wilson"]


@dataclass(frozen=True)
class GameResult:
    """One finished game: who sat where, who won, how long it took."""

    index: int
    lineup: tuple[str, ...]
    winner: int | None
    actions: int
    #: Seconds each seat spent deciding, one entry per decision.
    decision_times: tuple[tuple[float, ...], ...]


@dataclass
class Standing:
    """One computer player's record over the tournament."""

    name: str
    games: int = 0
    wins: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def percentile(self, q: float) -> float:
        """The ``q`` quantile (0 to 1) of this player's decision times, in seconds."""
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class TournamentResult:
    """Every game, and each player's standing."""

    games: list[GameResult]
    standings: dict[str, Standing]
    players: int
    seed: int
    seconds: float
    edition: str = "rescue"

    def report(self) -> str:
        """A plain-text table of the results."""
        lines = [
            f"{len(self.games)} games of {self.edition}, {self.players} players each, "
            f"seed {self.seed}, "
            f"{self.seconds:.1f} s",
            f"{'player':<10} {'games':>6} {'wins':>6} {'win rate':>9}  {'95% interval':<15} "
            f"{'p50 ms':>8} {'p95 ms':>8}",
        ]
        for standing in self.standings.values():
            low, high = wilson(standing.wins, standing.games)
            lines.append(
                f"{standing.name:<10} {standing.games:>6} {standing.wins:>6} "
                f"{standing.win_rate:>9.1%}  {low:>6.1%} – {high:<6.1%} "
                f"{standing.percentile(0.5) * 1000:>8.2f} {standing.percentile(0.95) * 1000:>8.2f}"
            )
        unfinished = sum(1 for game in self.games if game.winner is None)
        if unfinished:
            lines.append(f"{unfinished} games reached the action limit without a winner")
        return "\n".join(lines)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


MAX_ACTIONS = 20_000


def play_game(index: int, lineup: Sequence[str], seed: int, edition: str = "rescue") -> GameResult:
    """Play one game between the named computer players, seated in ``lineup`` order."""
    from sq2edu import editions
    from sq2edu.bots import make_bot

    game_seed = seed * 1_000_003 + index
    game = editions.load(edition).new_game(len(lineup), seed=game_seed, first_player=0)
    bots = [
        make_bot(name, seed=game_seed * 7 + seat, edition=edition)
        for seat, name in enumerate(lineup)
    ]
    times: list[list[float]] = [[] for _ in lineup]
    actions = 0
    while not game.is_over and actions < MAX_ACTIONS:
        seat = game.current_player
        started = time.perf_counter()
        action = bots[seat].choose(game)
        times[seat].append(time.perf_counter() - started)
        game.apply(action)
        actions += 1
    return GameResult(index, tuple(lineup), game.winner, actions, tuple(map(tuple, times)))


def _lineups(bots: Sequence[str], players: int, games: int) -> list[tuple[str, ...]]:
    """Each game's seating: every group of players in turn, every seat rotated through."""
    if len(bots) >= players:
        groups = list(itertools.combinations(bots, players))
    else:
        groups = [tuple(itertools.islice(itertools.cycle(bots), players))]
    lineups = []
    for index in range(games):
        group = groups[index % len(groups)]
        shift = (index // len(groups)) % players
        lineups.append(group[shift:] + group[:shift])
    return lineups


def _play_packed(job: tuple[int, tuple[str, ...], int, str]) -> GameResult:
    return play_game(*job)


def run_tournament(
    bots: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    edition: str = "rescue",
) -> TournamentResult:
    """Play ``games`` seat-rotated games and total each player's record.

    :param bots: the players' names (each distinct name is one entrant).
    :param edition: a registered edition's name (:mod:`sq2edu.editions`).
    :param jobs: processes to play in parallel; by default one per core.
    :param progress: called with (games done, games in all) as games finish.
    """
    from sq2edu import editions
    from sq2edu.bots import BOT_NAMES, LEVELS

    for name in bots:
        if name not in BOT_NAMES and name not in LEVELS:
            raise ValueError(f"unknown computer player {name!r}")
    editions.load(edition)
    if not 2 <= players <= 5:
        raise ValueError("both games are for 2 to 5 players")
    if games < 1:
        raise ValueError("play at least one game")
    jobs = jobs or os.cpu_count() or 1
    work = [
        (index, lineup, seed, edition)
        for index, lineup in enumerate(_lineups(bots, players, games))
    ]
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs == 1:
        for job in work:
            results.append(_play_packed(job))
            if progress:
                progress(len(results), games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for result in pool.map(_play_packed, work, chunksize=max(1, games // (jobs * 8))):
                results.append(result)
                if progress:
                    progress(len(results), games)
    standings = {name: Standing(name) for name in dict.fromkeys(bots)}
    for result in results:
        for seat, name in enumerate(result.lineup):
            standing = standings[name]
            standing.games += 1
            standing.wins += int(result.winner == seat)
            standing.times.extend(result.decision_times[seat])
    seconds = time.perf_counter() - started
    return TournamentResult(results, standings, players, seed, seconds, edition)


def progress_bar(stream: TextIO = sys.stderr) -> Callable[[int, int], None]:
    """A progress bar drawn on ``stream`` (a terminal line redrawn in place)."""

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            stream.write("\n")
        stream.flush()

    return draw
