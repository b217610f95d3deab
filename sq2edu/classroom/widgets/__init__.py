"""What runs in a child's or the teacher's kernel: the student app (joining, the menu, a seat
at a table, the challenge's banner) and the teacher's dashboard with its tabs."""
