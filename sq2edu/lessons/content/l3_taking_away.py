"""Lesson 3: taking away, fact families and the inverse of adding."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise, true_or_not
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

BOX = N_("Which card goes in the box?")

LESSON = Lesson(
    key="taking-away",
    number=3,
    title=W(N_("Taking away")),
    learn=(
        W(N_("Taking away is adding turned around.")),
        W(N_("Three numbers like 3, 5 and 8 make a family of four equations.")),
        W(N_("When you take away, the order matters.")),
    ),
    pages=(
        Page(
            W(N_("Adding turned around")),
            (
                Picture("bar", (8, 5, 3), W(N_("A bar of 8 made of 5 and 3"))),
                Say(W(N_("5 and 3 make 8. Take 3 away from 8, and 5 is left."))),
                Show("8 − 3 = 5"),
                Picture(
                    "number-line",
                    (0, 10, 8, -3),
                    W(N_("A number line: from 8, a jump of 3 back lands on 5")),
                ),
                Say(W(N_("On the number line: start at 8 and jump 3 back, to 5."))),
                Say(
                    W(
                        N_(
                            "The answer when we take away is the **difference**: in "
                            "8 − 3 = 5, the difference is 5."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("A fact family")),
            (
                Say(W(N_("3, 5 and 8 are a **family**: two adding, two taking away."))),
                Show("3 + 5 = 8"),
                Show("5 + 3 = 8"),
                Show("8 − 3 = 5"),
                Show("8 − 5 = 3"),
                Say(W(N_("A double has a smaller family: 4 + 4 = 8 and 8 − 4 = 4."))),
                Say(W(N_("To find 7 − □ = 4, think: 4 and what make 7?"))),
            ),
        ),
        Page(
            W(N_("The order matters")),
            (
                Say(
                    W(
                        N_(
                            "8 − 3 is 5. 3 − 8 would go below 0, and with our cards you "
                            "can't go below 0."
                        )
                    )
                ),
                Say(W(N_("With cards, start from the biggest number."))),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(
                    W(N_("Take away to make {number}."), number=4), (1, 3, 4, 7, 9), "−", makes=4
                ),
                Exercise(
                    W(N_("Take away to make {number}."), number=2), (2, 4, 6, 9, 10), "−", makes=2
                ),
                Exercise(
                    W(BOX),
                    (3, 4, 5),
                    "−",
                    box="9 − □ = 5",
                    hint=W(N_("Think: 5 and what make 9?")),
                ),
                Exercise(W(BOX), (3, 4, 5), "−", box="10 − □ = 6"),
                Exercise(W(BOX), (6, 7, 8), "−", box="□ − 3 = 4", hint=W(N_("Think: 3 + 4 = □."))),
                Exercise(
                    W(N_("Make the equation the picture shows.")),
                    (2, 3, 6, 9),
                    "−",
                    makes=3,
                    asks=W(N_("This task asks for the part of the bar that is not known.")),
                    picture=Picture(
                        "bar", (9, 6, 0), W(N_("A bar of 9: one part is 6, one is not known"))
                    ),
                ),
                Exercise(
                    W(N_("Take away twice: use four cards, with the answer card.")),
                    (1, 2, 3, 5, 10),
                    "−",
                    at_least=4,
                ),
                Choice(
                    W(N_("Which one is in the family of 3, 5 and 8?")),
                    ("5 − 3 = 8", "8 − 5 = 3", "8 + 3 = 5"),
                    1,
                    W(N_("8 − 5 = 3: from 8, take away 5, and 3 is left.")),
                    wrong=(
                        W(N_("5 − 3 makes 2, not 8.")),
                        None,
                        W(N_("8 + 3 makes 11, not 5.")),
                    ),
                ),
                true_or_not(
                    "8 − 3 = 3 − 8",
                    W(N_("8 − 3 makes 5, but 3 − 8 would go below 0: the order matters.")),
                ),
                Exercise(
                    W(N_("Last one: which card goes in the box?")),
                    (5, 6, 7),
                    "−",
                    box="8 − □ = 2",
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
        operations="+−",
        settings=W(N_("Operations: + and −.")),
        levels=("bonds-10", "missing"),
        goals=(
            W(N_("Subtraction as the inverse of addition; the four equations of a fact family.")),
            W(N_("Find a missing number by the inverse operation.")),
            W(N_("Take away on a number line; name the answer the difference.")),
        ),
        mistakes=(
            Mistake(
                "3 − 8 = 5",
                (3, 5, 8),
                "−",
                "not-true",
                W(N_("Taken the wrong way round: start from the biggest number.")),
            ),
            Mistake(
                "8 − 3 = 4",
                (3, 4, 8),
                "−",
                "not-true",
                W(N_("Check by adding back: 4 + 3 is not 8.")),
            ),
            Mistake(
                "3 + 1 = 4",
                (1, 3, 4, 7, 9),
                "−",
                "operation-not-asked",
                W(N_("Right sum, wrong sign for this task: turn it into a taking-away equation.")),
                exercise=1,
            ),
        ),
        in_class=W(
            N_(
                "Build 8 with two colours of cubes, break it into two parts and write the four "
                "equations of the family. Then the exercises."
            )
        ),
    ),
)
