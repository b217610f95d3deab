"""Lesson 5: dividing, as sharing and as grouping, and what is left over."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

BOX = N_("Which card goes in the box?")
REST = N_("Divide, and say what is left over.")

LESSON = Lesson(
    key="dividing",
    number=5,
    title=W(N_("Dividing")),
    learn=(
        W(N_("Dividing is sharing fairly, or making equal groups.")),
        W(N_("Dividing is multiplying turned around.")),
        W(N_("Sometimes some are left over: the remainder.")),
    ),
    pages=(
        Page(
            W(N_("Sharing")),
            (
                Picture("share", (8, 2), W(N_("8 dots shared on 2 plates: 4 on each"))),
                Say(W(N_("Share 8 between 2 plates: each plate gets 4."))),
                Show("8 ÷ 2 = 4"),
                Say(
                    W(
                        N_(
                            "The answer when we divide is the **quotient**: in 8 ÷ 2 = 4, "
                            "the quotient is 4."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Groups")),
            (
                Picture("groups", (12, 3), W(N_("12 dots in groups of 3: 4 groups"))),
                Say(W(N_("How many groups of 3 are in 12? 4 groups."))),
                Show("12 ÷ 3 = 4"),
                Say(W(N_("It is multiplying turned around: 4 × 3 = 12."))),
            ),
        ),
        Page(
            W(N_("Left over")),
            (
                Picture("share", (7, 2), W(N_("7 dots on 2 plates: 3 on each, 1 ring left"))),
                Say(
                    W(
                        N_(
                            "Share 7 between 2: each gets 3, and 1 is **left over**. We "
                            "write it like this:"
                        )
                    )
                ),
                Show("7 ÷ 2 = 3", rest=1),
                Say(W(N_("What is left over must be smaller than the number you share by."))),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(
                    W(N_("Share 6 between 3. Make the equation.")),
                    (2, 3, 4, 6),
                    "÷",
                    makes=2,
                    asks=W(N_("This task asks how many go on each plate.")),
                    picture=Picture("plates", (6, 3), W(N_("6 dots and 3 empty plates"))),
                ),
                Exercise(
                    W(N_("How many groups of 2 are in 10? Make the equation.")),
                    (2, 3, 5, 10),
                    "÷",
                    makes=5,
                    asks=W(N_("This task asks how many groups there are.")),
                    picture=Picture("counters", (10,), W(N_("10 dots"))),
                ),
                Exercise(W(N_("Make a dividing equation.")), (3, 3, 5, 9), "÷"),
                Exercise(W(BOX), (7, 8, 9), "÷", box="□ ÷ 2 = 4", hint=W(N_("Think: 4 × 2 = □."))),
                Exercise(W(BOX), (3, 4, 5), "÷", box="12 ÷ □ = 3"),
                Exercise(W(REST), (1, 2, 3, 5, 7), "÷", rest="7 ÷ 2 = 3 r 1"),
                Exercise(W(REST), (2, 3, 3, 11), "÷", rest="11 ÷ 3 = 3 r 2"),
                Exercise(W(REST), (2, 3, 4, 6, 11), "÷", rest="11 ÷ 4 = 2 r 3"),
                Choice(
                    W(N_("Share 8 sweets between 3 friends. How many are left over?")),
                    ("0", "1", "2"),
                    2,
                    W(N_("Each friend gets 2. 3 × 2 = 6, so 2 are left over.")),
                    wrong=(
                        W(
                            N_(
                                "Then the friends would share all 8, and 8 does not share fairly "
                                "between 3."
                            )
                        ),
                        W(
                            N_(
                                "Then the friends would share 7, and 7 does not share fairly "
                                "between 3."
                            )
                        ),
                        None,
                    ),
                    picture=Picture("plates", (8, 3), W(N_("8 dots and 3 empty plates"))),
                ),
                Exercise(
                    W(N_("Last one: divide, and say what is left over.")),
                    (2, 4, 5, 14),
                    "÷",
                    rest="14 ÷ 5 = 2 r 4",
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(8, 10),
        years={"no": (3, 4), "ru": (2, 3), "us": (3, 4)},
        minutes=30,
        before=("multiplying",),
        operations="×÷",
        settings=W(N_("Operations: × and ÷.")),
        levels=("division-100", "remainders"),
        goals=(
            W(N_("Division as fair sharing and as grouping; the inverse of multiplication.")),
            W(N_("Division with a remainder, written as the class writes it (7 ÷ 2 = 3 r 1).")),
            W(N_("Remainders from 1 to 4, always smaller than the number shared by.")),
        ),
        mistakes=(
            Mistake(
                "2 ÷ 8 = 4",
                (2, 4, 8),
                "÷",
                "not-whole",
                W(N_("The numbers the wrong way round: the biggest number is shared.")),
            ),
            Mistake(
                "7 ÷ 2 = 3",
                (2, 3, 7),
                "÷",
                "not-whole",
                W(N_("Something is left over: share it out with counters, then write the rest.")),
            ),
            Mistake(
                "8 ÷ 2 = 3",
                (2, 3, 8),
                "÷",
                "not-true",
                W(N_("Check by multiplying back: 3 × 2 is not 8.")),
            ),
        ),
        in_class=W(
            N_(
                "Share counters between 2, 3 and 4 children, then make groups of 3 from a pile: "
                "two ways to divide. Share 7 between 2 and talk about the one left over. Then "
                "the exercises."
            )
        ),
    ),
)
