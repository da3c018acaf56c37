"""Many puzzles at once: solving and grading lists and files, records, progress."""
