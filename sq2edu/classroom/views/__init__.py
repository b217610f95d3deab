"""What the teacher and the projector see, as HTML escaped by default (no widget): the
dashboard's panels and charts, the projector's wall, and the class's worksheets. Shown by the
widgets and served by the teacher's server alike."""
