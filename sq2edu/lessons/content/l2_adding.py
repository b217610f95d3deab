"""Lesson 2: doubles, near doubles, bridging through ten, adding three cards."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Exercise, compare
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

BOX = N_("Which card goes in the box?")

LESSON = Lesson(
    key="adding-more",
    number=2,
    title=W(N_("Doubles and making ten")),
    learn=(
        W(N_("Doubles: 4 + 4 = 8.")),
        W(N_("Near doubles: 4 + 5 is one more than 4 + 4.")),
        W(N_("Make ten first: 8 + 5 is 8 + 2 + 3.")),
    ),
    pages=(
        Page(
            W(N_("Doubles")),
            (
                Picture("dots", (4, 4), W(N_("4 dots and 4 rings"))),
                Say(W(N_("4 and 4 is a **double**. 4 + 4 = 8."))),
                Say(W(N_("4 + 5 is a **near double**: one more than 4 + 4. So it is 9."))),
                Show("4 + 5 = 9"),
                Say(
                    W(
                        N_(
                            "The answer when we add is the **sum**: in 4 + 5 = 9, the sum "
                            "of 4 and 5 is 9."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Make ten first")),
            (
                Picture(
                    "two-frames",
                    (8, 5, 2),
                    W(N_("Two ten-frames: 8 dots and 2 rings fill the first, 3 rings are left")),
                ),
                Say(W(N_("8 + 5: take 2 of the 5 to fill the frame. 8 + 2 = 10."))),
                Say(W(N_("3 are left. 10 + 3 = 13."))),
                Picture(
                    "number-line",
                    (0, 20, 8, 2, 3),
                    W(N_("A number line: from 8, a jump of 2 to 10, then a jump of 3 to 13")),
                ),
                Say(W(N_("On the number line: jump to 10 first, then on."))),
                Show("8 + 5 = 13"),
            ),
        ),
        Page(
            W(N_("Three cards")),
            (
                Say(W(N_("You can add three cards: 2 + 3 + 5 = 10."))),
                Say(W(N_("Add in any order. The sum stays the same."))),
                Show("3 + 5 = 5 + 3"),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(W(N_("Make 8 with a double.")), (3, 4, 4, 6, 8), makes=8),
                Exercise(W(N_("Make 10 with a double.")), (2, 5, 5, 7, 10), makes=10),
                Exercise(W(BOX), (5, 6, 7), box="6 + □ = 12"),
                Exercise(
                    W(BOX),
                    (8, 9, 10),
                    box="4 + 5 = □",
                    hint=W(N_("4 + 4 = 8. One more?")),
                ),
                Exercise(
                    W(BOX),
                    (12, 13, 14),
                    box="8 + 5 = □",
                    picture=Picture(
                        "two-frames",
                        (8, 5, 0),
                        W(N_("Two ten-frames: 8 dots in the first, 5 rings in the second")),
                    ),
                    hint=W(N_("Fill the frame first: 8 + 2 = 10.")),
                ),
                Exercise(
                    W(BOX),
                    (12, 13, 14),
                    box="9 + 4 = □",
                    picture=Picture(
                        "number-line", (0, 20, 9), W(N_("A number line with a dot at 9"))
                    ),
                    hint=W(N_("9 + 1 = 10. How many are left of the 4?")),
                ),
                Exercise(
                    W(N_("Add three cards to make {number}."), number=9),
                    (2, 3, 4, 8, 9),
                    makes=9,
                    at_least=4,
                ),
                Exercise(
                    W(N_("Use four cards or more, with the answer card.")),
                    (1, 2, 3, 6, 7),
                    at_least=4,
                ),
                compare(
                    "6 + 7",
                    "6 + 6",
                    W(N_("6 + 6 = 12, and 6 + 7 is one more: 13. So 6 + 7 > 6 + 6.")),
                ),
                Exercise(
                    W(N_("Last one: which card goes in the box?")),
                    (12, 13, 14),
                    box="7 + 6 = □",
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(6, 8),
        years={"no": (1, 2), "ru": (1, 2), "us": (1, 2)},
        minutes=25,
        before=("number-bonds",),
        operations="+",
        settings=W(N_("Operations: + only.")),
        levels=("add-three", "doubles"),
        goals=(
            W(N_("Know the doubles to 10 + 10 and use them for near doubles.")),
            W(N_("Add past ten by making ten first, with ten-frames and a number line.")),
            W(N_("Add three numbers, in any order; name the answer the sum.")),
            W(N_("Compare two sums with < and >.")),
        ),
        mistakes=(
            Mistake(
                "8 + 5 = 12",
                (5, 8, 12),
                "+",
                "not-true",
                W(N_("Lost count past ten: fill a ten-frame first, then count what is left.")),
            ),
            Mistake(
                "6 + 6 = 12",
                (6, 12),
                "+",
                "missing-card",
                W(N_("A double needs two cards of the number: one 6 is not enough.")),
            ),
        ),
        in_class=W(
            N_(
                "Chant the doubles with fingers. Show 8 + 5 with two ten-frames and move two "
                "counters across, then jump it on a number line on the floor. Then the "
                "exercises; quick finishers find every adding equation in one Lab deal."
            )
        ),
    ),
)
