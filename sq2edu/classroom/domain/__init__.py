"""A class's own rules, with no database, server or widget: the teacher's settings, the class
challenge's rounds and verdicts, the mistakes in a teacher's words, and the spreadsheet's rows."""
