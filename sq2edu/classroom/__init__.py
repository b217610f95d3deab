"""The classroom: the class app, the teacher's dashboard, the classroom's servers and what a
class keeps, in folders by kind (``widgets``, ``server``, ``views``, ``storage``, ``domain``,
each importing only the ones after it).

The progress store and mastery are offered here too (the notebooks and tools build on these).
"""

from sq2edu.classroom.storage.store import (
    SCHEMA_VERSION,
    ProgressStore,
    SQLiteStore,
    StoreError,
    default_path,
    open_store,
)
from sq2edu.progress.mastery import RECENT, Level, SkillMastery, mastery, mastery_grid
from sq2edu.progress.records import SKILLS, Attempt, GameRecord, skill_of

__all__ = [
    "RECENT",
    "SCHEMA_VERSION",
    "SKILLS",
    "Attempt",
    "GameRecord",
    "Level",
    "ProgressStore",
    "SQLiteStore",
    "SkillMastery",
    "StoreError",
    "default_path",
    "mastery",
    "mastery_grid",
    "open_store",
    "skill_of",
]
