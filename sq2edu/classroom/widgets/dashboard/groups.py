"""The dashboard's Groups tab: children picked by the teacher, with a focus of their own (the
signs and levels their Lab and games use); everyone else keeps the class settings."""

from __future__ import annotations

import ipywidgets as widgets

from sq2edu.classroom.domain.settings import ClassSettings, Focus
from sq2edu.classroom.widgets.dashboard.desk import (
    WIDE,
    ChildPicker,
    Desk,
    Reading,
    Tab,
    in_class_language,
    level_boxes,
    level_grid,
    levels_words,
    sign_boxes,
    ticked,
)
from sq2edu.classroom.widgets.dashboard.roster import PAGE, Roster
from sq2edu.i18n import N_, _, local_signs
from sq2edu.markup import html, joined

__all__ = ["GroupsTab"]


class GroupsTab(Tab):
    """Make a group, see the class's groups, put one away."""

    title = N_("Groups")

    def __init__(self, desk: Desk, roster: Roster) -> None:
        super().__init__(desk)
        self.name = widgets.Text(description=_("Group"), placeholder=_("Small sums"), style=WIDE)
        self.members = ChildPicker(_("Students"))
        self.signs = sign_boxes("+−×÷")
        self.match_signs(desk.built_with)
        #: The group's levels of practice: none ticked is the class's levels.
        self.levels = level_boxes(())
        save = widgets.Button(
            description=_("Save the group"), button_style="primary", layout={"width": "auto"}
        )
        save.on_click(lambda _button: self.save())
        self.listing = widgets.HTML()
        self.put_away_pick = widgets.Dropdown(
            description=_("Put away"), options=[], style=WIDE, layout={"width": "auto"}
        )
        put_away = widgets.Button(description=_("Put the group away"), layout={"width": "auto"})
        put_away.on_click(lambda _button: self.put_away())
        self.message = widgets.Label()
        about = _("A group practises a focus of its own; everyone else keeps the class settings.")
        self.children = [
            roster,
            widgets.HTML(html("<p>{}</p>", about)),
            self.name,
            self.members,
            widgets.HBox(list(self.signs.values())),
            widgets.HTML(html("{}", _("Lab levels (none ticked: the class's levels)"))),
            level_grid(self.levels),
            save,
            self.message,
            self.listing,
            widgets.HBox([self.put_away_pick, put_away]),
        ]

    def match_signs(self, settings: ClassSettings, *, tick_all: bool = False) -> None:
        """Offer only the class's signs: one it does not use is neither shown nor ticked.

        :param tick_all: tick each offered sign again (the class's signs have just changed).
        """
        for sign, box in self.signs.items():
            used = sign in settings.operations
            box.value = used and (tick_all or box.value)
            box.layout.display = "" if used else "none"

    def refresh(self, reading: Reading) -> None:
        self._offer_members(reading.students, reading.shown)
        self.show()

    def _offer_members(self, students: list[str], shown: list[str]) -> None:
        """The children the group editor offers: the class, or in a class of more than one
        page, the page shown and those ticked already (a box for each of a thousand names
        made the dashboard's page slow to open)."""
        members = students
        if len(students) > PAGE:
            everyone = set(students)
            chosen = [name for name in self.members.value if name in everyone]
            members = [*chosen, *(name for name in shown if name not in chosen)]
        if list(self.members.options) != members:
            self.members.options = members

    def show(self) -> None:
        """List the class's groups, and offer them to put away."""
        groups = {} if self.desk.archived else self.desk.store.groups()
        items = []
        for name, (members, data) in groups.items():
            focus = Focus.from_dict(data) or Focus()
            signs = " ".join(local_signs(sign) for sign in focus.operations)
            what = (
                _("{signs}; Lab levels: {levels}", signs=signs, levels=levels_words(focus))
                if focus.has_levels
                else _("{signs}; the class's Lab levels", signs=signs)
            )
            who = ", ".join(members) or "—"
            items.append(html("<li><b>{}</b>: {} — {}</li>", name, who, what))
        self.listing.value = html("<ul>{}</ul>", joined(items)) if items else ""
        if list(self.put_away_pick.options) != list(groups):
            self.put_away_pick.options = list(groups)
            self.put_away_pick.value = next(iter(groups), None)

    @in_class_language
    def save(self) -> None:
        """Save the group as the editor shows it."""
        name = " ".join(self.name.value.split())[:40]
        if not name:
            self.message.value = _("Give the group a name first.")
            return
        signs = "".join(sign for sign, box in self.signs.items() if box.value)
        try:
            focus = Focus(signs, practice_levels=ticked(self.levels))
        except ValueError:
            self.message.value = _("Choose at least one sign.")
            return
        self.desk.store.save_group(name, list(self.members.value), focus.to_dict())
        self.message.value = _(
            "Saved. {name} practises its focus from its next game or Lab.", name=name
        )
        self.show()

    @in_class_language
    def put_away(self) -> None:
        """Put the chosen group away: its students practise with the class settings again."""
        if self.put_away_pick.value:
            self.desk.store.delete_group(self.put_away_pick.value)
            self.message.value = _("The group is put away.")
            self.show()
