"""The classroom: the progress store and mastery (the app and dashboard build on these)."""

from sq2edu.classroom.mastery import RECENT, Level, SkillMastery, mastery, mastery_grid
from sq2edu.classroom.records import SKILLS, Attempt, GameRecord, skill_of
from sq2edu.classroom.store import (
    SCHEMA_VERSION,
    ProgressStore,
    SQLiteStore,
    StoreError,
    default_path,
    open_store,
)

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
