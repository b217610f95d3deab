"""Lesson 8: chance and strategy, for older children (enrichment)."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise, compare
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

DRAGON_COUNT = N_("Count the faces with the dragon again: there is only one.")
DIE = Picture("die", (1, 1, 2, 2, 3, 0), W(N_("The six faces: 1, 1, 2, 2, 3 and a dragon")))

LESSON = Lesson(
    key="chance",
    number=8,
    title=W(N_("Chance and strategy")),
    learn=(
        W(N_("How likely each face of the die is.")),
        W(N_("What to expect when you roll many times.")),
        W(N_("Why long equations help you win.")),
    ),
    pages=(
        Page(
            W(N_("The die")),
            (
                DIE,
                Say(
                    W(
                        N_(
                            "In sq2edu the die has six faces: two show 1, two show 2, one "
                            "shows 3 and one shows a dragon."
                        )
                    )
                ),
                Say(
                    W(
                        N_(
                            "1 is on 2 of the 6 faces. Roll many times, and about a third of "
                            "the rolls show 1: in 60 rolls, about 20."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Many rolls")),
            (
                Say(
                    W(
                        N_(
                            "The dragon is on 1 face of 6. In 60 rolls expect about 10 "
                            "dragons: 60 ÷ 6 = 10."
                        )
                    )
                ),
                Say(
                    W(
                        N_(
                            "About, not exactly: that is chance. In 6 rolls there may be no "
                            "dragon at all, or three."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Long equations")),
            (
                Say(
                    W(
                        N_(
                            "An equation with more cards clears more of your realm, so there "
                            "is room for new cards."
                        )
                    )
                ),
                Say(W(N_("1 + 2 + 3 = 6 uses 4 cards. 2 + 3 = 5 uses 3."))),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Choice(
                    W(N_("Which comes up more often?")),
                    ("1", "3"),
                    0,
                    W(N_("Two faces show 1, one face shows 3.")),
                    wrong=(None, W(N_("Only one face shows 3, and two faces show 1."))),
                    picture=DIE,
                ),
                Choice(
                    W(N_("How many faces show the dragon?")),
                    ("1", "2", "3"),
                    0,
                    W(N_("One face of six shows the dragon.")),
                    wrong=(None, W(DRAGON_COUNT), W(DRAGON_COUNT)),
                ),
                Choice(
                    W(N_("Which is more likely: 1 or 2?")),
                    ("1", "2", W(N_("The same"))),
                    2,
                    W(N_("Each is on two faces, so they are the same.")),
                    wrong=(
                        W(N_("1 is on two faces, but so is 2.")),
                        W(N_("2 is on two faces, but so is 1.")),
                        None,
                    ),
                ),
                Exercise(
                    W(
                        N_(
                            "In 30 rolls, about how many dragons do you expect? Make the "
                            "equation that works it out."
                        )
                    ),
                    (3, 5, 6, 30),
                    "÷",
                    makes=5,
                    asks=W(N_("This task asks how many dragons to expect.")),
                    hint=W(N_("The dragon is on 1 face of 6: share the 30 rolls into 6.")),
                ),
                compare(
                    "60 ÷ 6",
                    "60 ÷ 3",
                    W(
                        N_(
                            "In 60 rolls expect about 60 ÷ 6 = 10 dragons and about "
                            "60 ÷ 3 = 20 ones: fewer dragons."
                        )
                    ),
                ),
                Choice(
                    W(N_("Which equation clears more cards from your realm?")),
                    ("2 + 3 = 5", "1 + 2 + 3 = 6"),
                    1,
                    W(N_("1 + 2 + 3 = 6 uses 4 cards, 2 + 3 = 5 uses 3.")),
                    wrong=(W(N_("2 + 3 = 5 uses only 3 cards.")), None),
                ),
                Exercise(
                    W(N_("Use as many cards as you can: at least 5, with the answer card.")),
                    (1, 2, 3, 4, 10),
                    at_least=5,
                ),
                Exercise(
                    W(N_("Use at least 4 cards, with the answer card.")),
                    (2, 2, 3, 5, 12),
                    "×",
                    at_least=4,
                ),
                Exercise(
                    W(
                        N_(
                            "Make the longest equation you can: at least 4 cards, with the "
                            "answer card."
                        )
                    ),
                    (1, 2, 3, 6, 9),
                    "+−",
                    at_least=4,
                ),
                Exercise(
                    W(
                        N_(
                            "Last one: roll the die 60 times. About how many times do you "
                            "expect a 2? Make the equation."
                        )
                    ),
                    (3, 6, 20, 60),
                    "÷",
                    makes=20,
                    asks=W(N_("This task asks how many times to expect a 2.")),
                    hint=W(N_("2 is on 2 of the 6 faces: that is a third of them.")),
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(9, 11),
        years={"no": (4, 6), "ru": (4, 4), "us": (4, 6)},
        minutes=30,
        before=("stories",),
        operations="+−×÷",
        enrichment=True,
        settings=W(
            N_(
                "Operations: all four. The rulebook does not say how often each result of the die "
                "comes up: the faces 1, 1, 2, 2, 3 and a dragon are sq2edu's choice (see RULES.md)."
            )
        ),
        goals=(
            W(
                N_(
                    "Chance as “how many faces out of 6”; expected counts in many rolls, and "
                    "why they are only about right."
                )
            ),
            W(N_("Strategy: long equations clear more cards.")),
        ),
        mistakes=(
            Mistake(
                "1 + 2 + 3 + 4 = 10",
                (1, 2, 3, 4),
                "+",
                "missing-card",
                W(N_("A long equation needs its answer card too.")),
            ),
            Mistake(
                "2 × 2 × 3 = 10",
                (2, 2, 3, 10),
                "×",
                "not-true",
                W(N_("Multiply two at a time: 2 × 2 = 4, then 4 × 3.")),
            ),
        ),
        in_class=W(
            N_(
                "Each pair rolls a paper die with the game's six faces 30 times and tallies the "
                "faces; put the class's tallies together and compare them with what to expect. "
                "Then the exercises."
            )
        ),
    ),
)
