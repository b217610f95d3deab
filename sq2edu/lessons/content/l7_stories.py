"""Lesson 7: story problems set in the Rescue, with bar pictures, and stories of one's own."""

from sq2edu.i18n import N_
from sq2edu.lessons.exercises import Choice, Exercise, true_or_not
from sq2edu.lessons.model import Groups, Guide, Lesson, Mistake, Page, Picture, Say, Show
from sq2edu.lessons.model import Words as W  # noqa: N817 - a lesson reads as its words

LESSON = Lesson(
    key="stories",
    number=7,
    title=W(N_("Stories from the Rescue")),
    learn=(
        W(N_("How a turn of the Rescue goes.")),
        W(N_("How to turn a story into an equation.")),
        W(N_("A bar picture shows the whole and its parts.")),
    ),
    pages=(
        Page(
            W(N_("The game in short")),
            (
                Say(
                    W(
                        N_(
                            "- Roll the die: it says how many cards you draw.\n"
                            "- Make an equation with your number cards: you get a **companion**.\n"
                            "- A queen and a companion with the same symbol rescue a **king**.\n"
                            "- Rescue enough kings to win."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("A story as a picture")),
            (
                Say(W(N_("Mia has 5 cards. 3 are red and the rest are blue. How many are blue?"))),
                Picture("bar", (5, 3, 0), W(N_("A bar of 5: one part is 3, one is not known"))),
                Say(W(N_("The whole is 5. One part is 3. The other part: 5 − 3 = 2."))),
            ),
        ),
        Page(
            W(N_("Your own story")),
            (
                Show("7 − 3 = 4"),
                Say(
                    W(
                        N_(
                            "Make up a story of the Rescue for 7 − 3 = 4 and tell it to a "
                            "friend. What are the 7, the 3 and the 4 in your story? Then your "
                            "friend makes up one for 2 + 6 = 8."
                        )
                    )
                ),
            ),
        ),
        Page(
            W(N_("Your turn")),
            (
                Exercise(
                    W(N_("Mia has 3 cards. She draws 2 more. How many cards does she have now?")),
                    (2, 3, 5, 6),
                    makes=5,
                    asks=W(N_("This task asks how many cards Mia has now.")),
                    picture=Picture("bar", (0, 3, 2), W(N_("Parts 3 and 2, the whole not known"))),
                ),
                Exercise(
                    W(N_("Leo has 8 cards. He plays 3 in an equation. How many are left?")),
                    (2, 3, 5, 8),
                    "−",
                    makes=5,
                    asks=W(N_("This task asks how many cards Leo has left.")),
                    picture=Picture(
                        "bar", (8, 3, 0), W(N_("A bar of 8: one part is 3, one is not known"))
                    ),
                ),
                Exercise(
                    W(N_("Mia has 6 cards. She needs 10. How many more must she draw?")),
                    (3, 4, 5),
                    box="6 + □ = 10",
                ),
                Exercise(
                    W(N_("4 friends share 12 cards fairly. How many does each get?")),
                    (2, 3, 4, 12),
                    "÷",
                    makes=3,
                    asks=W(N_("This task asks how many cards each friend gets.")),
                ),
                Exercise(
                    W(N_("Leo rolls 2 three times. How many cards does he draw in all?")),
                    (2, 3, 5, 6),
                    "×",
                    makes=6,
                    asks=W(N_("This task asks how many cards Leo draws in all.")),
                    example=Groups(3, 2),
                ),
                Exercise(
                    W(N_("Mia has 9 cards. She plays 4, then 2 more. How many are left?")),
                    (2, 3, 4, 9),
                    "−",
                    makes=3,
                    asks=W(N_("This task asks how many cards Mia has left.")),
                    at_least=4,
                    example="9 − 4 − 2 = 3",
                ),
                Choice(
                    W(N_("Leo has 7 cards and Mia has 4. Who has more, and how many more?")),
                    (
                        W(N_("Leo, {number} more"), number=3),
                        W(N_("Mia, {number} more"), number=3),
                        W(N_("Leo, {number} more"), number=11),
                    ),
                    0,
                    W(N_("7 − 4 = 3: Leo has 3 more.")),
                    wrong=(
                        None,
                        W(N_("Mia has 4 cards, fewer than Leo's 7.")),
                        W(
                            N_(
                                "7 + 4 = 11 puts all the cards together. How many more is what "
                                "is left when you take away: 7 − 4."
                            )
                        ),
                    ),
                ),
                Exercise(
                    W(N_("Mia played 5 cards and has 4 left. How many did she have?")),
                    (8, 9, 10),
                    "−",
                    box="□ − 5 = 4",
                    hint=W(N_("Put them back: 4 + 5.")),
                ),
                true_or_not("2 + 3 + 4 = 10", W(N_("2 + 3 + 4 makes 9, not 10."))),
                Exercise(
                    W(
                        N_(
                            "Last one: Leo has 9 cards. He plays 4 of them. How many does he "
                            "have left? Make the equation."
                        )
                    ),
                    (3, 4, 5, 9),
                    "+−",
                    makes=5,
                    asks=W(N_("This task asks how many cards Leo has left.")),
                    hint=W(N_("Does Leo end up with more cards, or fewer? Then choose + or −.")),
                    exit=True,
                ),
            ),
        ),
    ),
    guide=Guide(
        ages=(7, 10),
        years={"no": (2, 4), "ru": (1, 3), "us": (2, 4)},
        minutes=30,
        before=("taking-away",),
        operations="+−×÷",
        settings=W(
            N_(
                "Operations: those the class has learnt; stories 4 and 5 need × and ÷, the "
                "others and the exit question + and −."
            )
        ),
        goals=(
            W(N_("Turn a short story into an equation; draw the whole and its parts as a bar.")),
            W(N_("Make up a story for an equation, and tell what each number means.")),
            W(N_("Know a turn of the Rescue well enough to play it.")),
        ),
        mistakes=(
            Mistake(
                "2 + 3 + 4 = 10",
                (2, 3, 4, 10),
                "+",
                "not-true",
                W(N_("Counted one too many: add two numbers first, then the third.")),
            ),
            Mistake(
                "8 + 3 = 5",
                (3, 5, 8),
                "+−",
                "not-true",
                W(N_("The story takes away, the child added: ask what happens to the cards.")),
            ),
            Mistake(
                "5 + 4 = 9",
                (3, 4, 5, 9),
                "+−",
                "off-task",
                W(
                    N_(
                        "True, but it makes 9, and the story asks how many are left: ask "
                        "which number the story wants."
                    )
                ),
                exercise=10,
            ),
        ),
        in_class=W(
            N_(
                "Act out a story with real cards, then draw its bar together: the whole on top, "
                "the parts below. Pairs make up stories for each other's equations. Then the "
                "exercises, and a game of the Rescue in pairs."
            )
        ),
    ),
)
