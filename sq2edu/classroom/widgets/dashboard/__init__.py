"""The teacher's dashboard: who is here, what to teach next, and the class's settings.

``notebooks/teacher.ipynb`` shows :meth:`Dashboard.from_environment`; ``sq2edu serve`` runs
it on the teacher's own machine only, behind the teacher's token. Each tab is a small widget
of its own module: the class now (who is online, the address and QR code for the class, the
tables of classmates, what was refused at the door; :mod:`.now`), the class challenge
(:mod:`.challenge`), skills, mistakes in plain words with what to teach again, games and
progress over days (:mod:`.glance`), groups that practise a focus of their own
(:mod:`.groups`), lessons (:mod:`.lessons`), worksheets to print (:mod:`.worksheets`), one
student with a printable report (:mod:`.student`), and the class's settings
(:mod:`.settings`). :mod:`.board` puts them together; :mod:`.desk` is what they share.

Every name and equation shown came from a student's browser, so all of it is escaped. A
refresh reads only the attempts written since the last one
(:class:`~sq2edu.classroom.storage.summary.ClassSummary`), so it stays quick however many a
class has made; the CSV and the reports are served by the teacher's server.
"""

from sq2edu.classroom.widgets.dashboard.board import Dashboard
from sq2edu.classroom.widgets.dashboard.now import SHOWN_TABLES
from sq2edu.classroom.widgets.dashboard.settings import CSV_PATH
from sq2edu.classroom.widgets.dashboard.student import REPORT_PATH

__all__ = ["CSV_PATH", "REPORT_PATH", "SHOWN_TABLES", "Dashboard"]
