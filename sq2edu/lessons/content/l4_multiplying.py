"""Lesson 4: multiplying, equal groups and arrays."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise, true_or_not
from sq2edu.lessons.model import Groups, Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

BOX = N_("Which card goes in the box?")
MAKE = N_("Make {number} by multiplying.")

LESSON = Lesson(
    key="multiplying",
    number=4,
    title=W(N_("Multiplying")),
    learn=(
        W(N_("Multiplying is adding equal groups.")),
        W(N_("An array shows it: rows and columns.")),
        W(N_("3 × 4 and 4 × 3 give the same answer.")),
    ),
    pages=(
        Page(
            W(N_("Equal groups")),
            (
                Picture("groups", (6, 2), W(N_("3 groups of 2 dots"))),
                Say(W(N_("3 groups of 2: 2 + 2 + 2 = 6. We write 3 × 2 = 6."))),
                Show(Groups(3, 2)),
                Say(
                    W(
                        N_(
                            "The answer when we multiply is the **product**: the product "
                            "of 3 and 2 is 6."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Arrays")),
            (
                Picture("array", (3, 4), W(N_("3 rows of 4 dots"))),
                Say(W(N_("3 rows of 4 dots: 3 × 4 = 12."))),
                Picture("array", (4, 3), W(N_("4 rows of 3 dots"))),
                Say(W(N_("Turn the picture: 4 rows of 3. Still 12 dots. So 3 × 4 = 4 × 3."))),
            ),
        ),
        Page(
            W(N_("Multiply twice")),
            (
                Say(
                    W(
                        N_(
                            "In the Rescue you may multiply more than once. 2 × 2 × 2 = 8 "
                            "uses four cards: three 2s and the 8."
                        )
                    )
                ),
                Show("2 × 2 × 2 = 8"),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(
                    W(N_("How many dots? Make the equation.")),
                    (2, 3, 5, 6),
                    "×",
                    makes=6,
                    asks=W(N_("This task asks how many dots there are.")),
                    picture=Picture("array", (2, 3), W(N_("2 rows of 3 dots"))),
                    example=Groups(2, 3),
                ),
                Exercise(W(MAKE, number=8), (2, 3, 4, 5, 8), "×", makes=8),
                Exercise(W(MAKE, number=10), (2, 3, 4, 5, 10), "×", makes=10),
                Exercise(
                    W(BOX),
                    (3, 4, 5),
                    "×",
                    box="3 × □ = 12",
                    hint=W(N_("Count in threes: 3, 6, 9, …")),
                ),
                Exercise(W(BOX), (3, 4, 5), "×", box="□ × 5 = 20"),
                Exercise(W(BOX), (6, 7, 8), "×", box="2 × □ = 14"),
                Exercise(
                    W(N_("Multiply three cards: use four cards, with the answer card.")),
                    (2, 2, 2, 3, 8),
                    "×",
                    at_least=4,
                ),
                true_or_not(
                    "3 × 4 = 4 × 3",
                    W(N_("Turn the array: 3 rows of 4 are 4 rows of 3. Both are 12.")),
                    picture=Picture("array", (3, 4), W(N_("3 rows of 4 dots"))),
                ),
                Choice(
                    W(N_("Which is the same as 4 + 4 + 4?")),
                    (Groups(3, 4, equals=False), "4 + 3", "4 × 4"),
                    0,
                    W(N_("3 groups of 4: 3 × 4 = 12.")),
                    wrong=(
                        None,
                        W(N_("4 + 3 adds 3 once: it makes 7, not 12.")),
                        W(N_("4 × 4 is 4 groups of 4: that is 16, one 4 too many.")),
                    ),
                ),
                Exercise(
                    W(N_("Last one: make {number} by multiplying."), number=12),
                    (2, 5, 6, 12),
                    "×",
                    makes=12,
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(7, 9),
        years={"no": (3, 4), "ru": (2, 2), "us": (2, 3)},
        minutes=30,
        before=("adding-more",),
        operations="×",
        settings=W(N_("Operations: × (with + for a mixed class).")),
        levels=("tables-2-5-10",),
        goals=(
            W(N_("Multiplication as equal groups and as an array; name the answer the product.")),
            W(N_("Commutativity: 3 × 4 = 4 × 3, seen by turning an array.")),
            W(N_("Multiplying three numbers takes four cards.")),
        ),
        mistakes=(
            Mistake(
                "3 × 4 = 7",
                (3, 4, 7),
                "×",
                "not-true",
                W(N_("Added instead of multiplied: draw 3 rows of 4.")),
            ),
            Mistake(
                "2 × 2 × 2 = 8",
                (2, 2, 8),
                "×",
                "missing-card",
                W(N_("Three 2s need three cards: count the cards in the equation.")),
            ),
        ),
        in_class=W(
            N_(
                "Lay out counters in rows and columns, turn the tray and count again. Skip-count "
                "aloud in 2s, 5s and 10s. Then the exercises."
            )
        ),
    ),
)
