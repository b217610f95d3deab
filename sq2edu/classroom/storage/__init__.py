"""What a class keeps, in SQLite or PostgreSQL: attempts and games, a school's classes, the
tables of classmates, the challenge's rounds, and the class at a glance read from them.

The only modules of the classroom that speak SQL (:mod:`~sq2edu.classroom.storage.schema`
declares the tables once for both databases)."""
