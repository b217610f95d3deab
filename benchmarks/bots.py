"""Strength and speed of the computer players of both games: seat-rotated tournaments."""

from __future__ import annotations

from sq2edu.bots.tournament import run_tournament, wilson

TITLE = "Computer players"

#: The pairings measured.
MATCHES = [("greedy", "random"), ("strong", "greedy"), ("strong", "random")]


def run(quick: bool = False) -> str:
    """Play the tournaments of both games and return a Markdown section."""
    games = 40 if quick else 500
    lines = [
        f"## {TITLE}",
        "",
        f"Two-player games, {games} per pairing, seats rotated, seed 1; each line can be",
        "reproduced with the command shown (the same seed gives the same games).",
        "",
    ]
    for edition, title in (("rescue", "The Rescue"), ("classic", "Classic Sleeping Queens")):
        lines += [f"### {title}", "", *_edition(edition, games)]
    return "\n".join(lines)


def _edition(edition: str, games: int) -> list[str]:
    lines = [
        "| pairing | first wins | win rate | 95% interval | command |",
        "|---|---:|---:|---|---|",
    ]
    times: dict[str, list[float]] = {}
    for first, second in MATCHES:
        result = run_tournament([first, second], games=games, players=2, seed=1, edition=edition)
        standing = result.standings[first]
        low, high = wilson(standing.wins, standing.games)
        command = (
            f"`sq2edu tournament --edition {edition} --games {games} --players 2 "
            f"--bots {first},{second} --seed 1`"
        )
        lines.append(
            f"| {first} vs {second} | {standing.wins}/{standing.games} | "
            f"{standing.win_rate:.1%} | {low:.1%} – {high:.1%} | {command} |"
        )
        for name, entry in result.standings.items():
            times.setdefault(name, []).extend(entry.times)
    lines += ["", "Time to choose an action, over every decision in those games:", ""]
    lines += ["| player | decisions | p50 ms | p95 ms | max ms |", "|---|---:|---:|---:|---:|"]
    for name, samples in times.items():
        ordered = sorted(samples)

        def at(q: float, ordered: list[float] = ordered) -> float:
            return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000

        worst = ordered[-1] * 1000
        lines.append(f"| {name} | {len(ordered)} | {at(0.5):.3f} | {at(0.95):.3f} | {worst:.1f} |")
    return [*lines, ""]
