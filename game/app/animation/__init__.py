"""Things that move on the table: tweens, the card sprites, the staged showdown and the celebrations."""
