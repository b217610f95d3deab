"""Lesson 1: number bonds, two parts that make every number to 10."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

MAKE = N_("Add two cards to make {number}.")
BOX = N_("Which card goes in the box?")

LESSON = Lesson(
    key="number-bonds",
    number=1,
    title=W(N_("Number bonds")),
    learn=(
        W(N_("Every number to 10 is made of two parts.")),
        W(N_("How to write it: 2 + 3 = 5.")),
        W(N_("How to find a missing part: 2 + □ = 7.")),
    ),
    pages=(
        Page(
            W(N_("Two parts make a number")),
            (
                Picture("dots", (2, 3), W(N_("2 dots and 3 rings: 5 in all"))),
                Say(W(N_("2 and 3 make 5. We write it like this:"))),
                Show("2 + 3 = 5"),
                Picture("bond", (5, 2, 3), W(N_("A number bond: 5 on top, 2 and 3 below"))),
                Say(
                    W(
                        N_(
                            "A **number bond** shows it too: the whole on top, its two parts "
                            "below. 5 is also 1 and 4, and 4 and 1. A number can be split up "
                            "in many ways."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Ten in a frame")),
            (
                Picture("ten-frame", (7, 3), W(N_("A ten-frame: 7 dots and 3 rings"))),
                Say(W(N_("7 dots and 3 rings fill the frame. 7 and 3 make 10."))),
                Show("7 + 3 = 10"),
                Say(W(N_("The **equals sign** = says: both sides are the same amount."))),
            ),
        ),
        Page(
            W(N_("Count on")),
            (
                Picture(
                    "number-line",
                    (0, 10, 4, 3),
                    W(N_("A number line: start at 4, a jump of 3 lands on 7")),
                ),
                Say(
                    W(
                        N_(
                            "4 + 3: start at 4 on the **number line** and count on 3: "
                            "5, 6, 7. 4 + 3 = 7."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(W(MAKE, number=5), (1, 4, 5, 6, 8), makes=5),
                Exercise(W(MAKE, number=6), (2, 4, 6, 7, 9), makes=6),
                Exercise(
                    W(MAKE, number=7),
                    (3, 4, 7, 8, 10),
                    makes=7,
                    hint=W(N_("Start at the bigger card and count on.")),
                ),
                Exercise(W(MAKE, number=8), (1, 5, 7, 8, 9), makes=8),
                Exercise(W(MAKE, number=9), (2, 4, 5, 7, 9), makes=9),
                Exercise(
                    W(MAKE, number=10),
                    (2, 3, 6, 8, 10),
                    makes=10,
                    picture=Picture("ten-frame", (2,), W(N_("A ten-frame with 2 dots"))),
                    hint=W(N_("Count the empty places in the frame.")),
                ),
                Exercise(
                    W(BOX),
                    (4, 5, 6),
                    box="2 + □ = 7",
                    picture=Picture(
                        "bond", (7, 2, 0), W(N_("A number bond: 7 on top, 2 and ? below"))
                    ),
                ),
                Exercise(
                    W(BOX),
                    (5, 6, 7),
                    box="□ + 4 = 10",
                    picture=Picture(
                        "bond", (10, 0, 4), W(N_("A number bond: 10 on top, ? and 4 below"))
                    ),
                ),
                Choice(
                    W(N_("Which two numbers make 10?")),
                    (W(N_("{a} and {b}"), a=4, b=5), W(N_("{a} and {b}"), a=3, b=7)),
                    1,
                    W(N_("3 and 7 make 10. 4 and 5 make 9.")),
                    wrong=(W(N_("4 + 5 is 9: one short of 10.")), None),
                ),
                Exercise(
                    W(N_("Last one: which card goes in the box?")),
                    (4, 5, 6),
                    box="3 + □ = 8",
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(6, 7),
        years={"no": (1, 2), "ru": (1, 1), "us": (1, 1)},
        minutes=25,
        before=(),
        operations="+",
        settings=W(N_("Operations: + only. Hints: free.")),
        levels=("bonds-10",),
        goals=(
            W(N_("Split every number to 10 into two parts, and find a missing part.")),
            W(N_("Read and write a + b = c; the equals sign as “the same amount”.")),
            W(N_("Show a bond with a number bond picture; count on along a number line.")),
        ),
        mistakes=(
            Mistake(
                "4 + 5 = 10",
                (4, 5, 10),
                "+",
                "not-true",
                W(N_("One off: count on from the bigger number, or fill a ten-frame.")),
            ),
            Mistake(
                "3 + 7 = 10",
                (3, 7),
                "+",
                "missing-card",
                W(N_("The answer must be a card too: the 10 is not on the table.")),
            ),
            Mistake(
                "5 = 5",
                (5, 5),
                "+",
                "no-operation",
                W(N_("An equation to play needs a sign: two cards and an answer.")),
            ),
        ),
        in_class=W(
            N_(
                "Fill ten-frames with counters and say the two parts aloud. Then pairs of "
                "children turn over two cards at a time and look for a bond of the number "
                "on a third card. Then the exercises."
            )
        ),
    ),
)
