"""The classroom: the progress store and mastery (the app and dashboard build on these)."""

from sq2edu.classroom.store import (
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
