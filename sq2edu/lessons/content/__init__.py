"""The lessons, in the order a class takes them."""

from sq2edu.lessons.content import (
    l1_bonds,
    l2_adding,
    l3_taking_away,
    l4_multiplying,
    l5_dividing,
    l6_signs,
    l7_stories,
    l8_chance,
)

ALL = (
    l1_bonds.LESSON,
    l2_adding.LESSON,
    l3_taking_away.LESSON,
    l4_multiplying.LESSON,
    l5_dividing.LESSON,
    l6_signs.LESSON,
    l7_stories.LESSON,
    l8_chance.LESSON,
)
