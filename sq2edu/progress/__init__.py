"""What a child did and what it shows: the records of attempts and games, mastery of each
skill, and the rules of nicknames.

Plain data and rules, below the practice, the widgets, the classroom and the hub: nothing
here opens a store, a server or a widget, so each of those can import it cheaply.
"""
