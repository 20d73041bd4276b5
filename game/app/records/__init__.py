"""What the player keeps: statistics and the hand history in SQLite, and the recorder that fills them."""
