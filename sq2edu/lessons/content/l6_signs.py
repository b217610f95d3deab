"""Lesson 6: the equals sign as a balance, true or not, < and >, one kind of sign, brackets."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Exercise, compare, odd_one_out, true_or_not
from sq2edu.lessons.model import Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

LESSON = Lesson(
    key="equals-and-signs",
    number=6,
    title=W(N_("Equals and signs")),
    learn=(
        W(N_("The equals sign is like a balance.")),
        W(N_("How to tell if an equation is true, and compare with < and >.")),
        W(N_("Why the Rescue uses one kind of sign, and what brackets do.")),
    ),
    pages=(
        Page(
            W(N_("A balance")),
            (
                Picture(
                    "balance",
                    (3, 4, 7),
                    W(N_("A balance: 3 + 4 on one side, 7 on the other, level")),
                ),
                Say(
                    W(N_("= says both sides are the same amount, like a balance that stays level."))
                ),
                Show("3 + 4 = 7"),
                Say(W(N_("The answer may come first: 7 = 3 + 4 is true too."))),
            ),
        ),
        Page(
            W(N_("More or less")),
            (
                Picture(
                    "balance",
                    (3, 4, 8),
                    W(N_("A balance: 3 + 4 on one side, 8 on the other; the 8 side is lower")),
                ),
                Say(
                    W(
                        N_(
                            "3 + 4 is 7, and 7 is less than 8: the balance tips to the 8. We "
                            "write 3 + 4 < 8. The open side of < and > faces the bigger amount."
                        )
                    )
                ),
                Show("3 + 4 < 8"),
                Show("8 > 3 + 4"),
            ),
        ),
        Page(
            W(N_("One kind of sign")),
            (
                Say(W(N_("In the Rescue an equation uses one kind of sign, on one side of =."))),
                Show("2 + 3 + 3 = 8"),
                Say(
                    W(
                        N_(
                            "4 + 3 = 5 + 2 is true: both sides make 7. But the game wants the "
                            "signs on one side."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Which comes first")),
            (
                Say(
                    W(
                        N_(
                            "With + alone, or × alone, any order gives the same answer. With − "
                            "or ÷, work from left to right: 10 − 4 − 2 is 6 − 2, which is 4."
                        )
                    )
                ),
                Show("10 − 4 − 2 = 4"),
                Say(W(N_("With two kinds of sign, the order you work in can change the answer."))),
                Say(W(N_("The rule: × and ÷ before + and −. Brackets first of all."))),
                Show("2 + 3 × 4 = 14"),
                Show("(2 + 3) × 4 = 20"),
                Say(
                    W(
                        N_(
                            "The Rescue keeps one kind of sign in an equation, so you never "
                            "have to choose between × and +."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                true_or_not(
                    "3 + 4 = 7",
                    W(N_("3 + 4 makes 7: the balance stays level.")),
                    picture=Picture("weighing", (3, 4, 7), W(N_("3 + 4 and 7 on a balance"))),
                ),
                true_or_not(
                    "3 + 4 = 8",
                    W(N_("3 + 4 makes 7, not 8: the balance tips.")),
                    picture=Picture("weighing", (3, 4, 8), W(N_("3 + 4 and 8 on a balance"))),
                ),
                compare("3 + 4", "8", W(N_("3 + 4 is 7, and 7 is less than 8."))),
                true_or_not(
                    "7 = 3 + 4", W(N_("The answer may come first: 7 and 3 + 4 are the same."))
                ),
                Exercise(
                    W(N_("Make 10 with one kind of sign.")), (2, 3, 5, 7, 10), "+−×÷", makes=10
                ),
                Exercise(
                    W(N_("Make 7. Put the signs on one side.")), (2, 4, 5, 7, 9), "+−", makes=7
                ),
                odd_one_out(
                    ("4 + 3 = 5 + 2", "6 + 4 = 12 − 2", "5 + 4 = 8 + 2"),
                    W(N_("5 + 4 makes 9, but 8 + 2 makes 10: not the same.")),
                ),
                Exercise(
                    W(
                        N_(
                            "Sam wrote 10 − 4 − 2 = 8. That is not true. Make it true: use "
                            "the 10, the 4 and the 2, and the answer card."
                        )
                    ),
                    (2, 4, 4, 8, 10),
                    "−",
                    makes=4,
                    at_least=4,
                    hint=W(N_("Left to right: 10 − 4 first.")),
                    example="10 − 4 − 2 = 4",
                ),
                compare(
                    "2 + 3 × 4",
                    "(2 + 3) × 4",
                    W(N_("× first: 2 + 3 × 4 is 2 + 12 = 14. Brackets first: 5 × 4 = 20.")),
                ),
                compare(
                    "6 + 4",
                    "12 − 2",
                    W(N_("Both sides make 10: the balance stays level.")),
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(8, 11),
        years={"no": (3, 5), "ru": (2, 4), "us": (3, 5)},
        minutes=25,
        before=("taking-away", "multiplying"),
        operations="+−×÷",
        settings=W(
            N_(
                "Operations: all four. Question 9 (which sign first, brackets) is for the "
                "older children."
            )
        ),
        goals=(
            W(N_("The equals sign as “the same amount” (a balance), not “the answer comes next”.")),
            W(N_("Judge equations true or not, with the answer on either side.")),
            W(N_("Compare two amounts with <, = and >; spot the equation that is not true.")),
            W(N_("Order of operations with brackets; why the Rescue avoids it.")),
        ),
        mistakes=(
            Mistake(
                "5 × 2 − 8 = 2",
                (2, 2, 5, 8),
                "+−×÷",
                "mixed-operations",
                W(N_("Two kinds of sign: the game takes one. Ask what each order gives.")),
            ),
            Mistake(
                "4 + 3 = 5 + 2",
                (2, 3, 4, 5),
                "+",
                "operators-both-sides",
                W(N_("True, but the game wants the signs on one side.")),
            ),
            Mistake(
                "10 − 4 − 2 = 8",
                (2, 4, 8, 10),
                "−",
                "not-true",
                W(N_("Worked from the right: 4 − 2 first. Take away from left to right.")),
            ),
        ),
        in_class=W(
            N_(
                "Use a real balance or a drawn one: put 3 and 4 cubes on one side and 7 on the "
                "other, then 8. Let children invent true and false equations for a partner, "
                "and write < or > between two sums. Older children: work out 2 + 3 × 4 both "
                "ways and agree on the rule."
            )
        ),
    ),
)
