"""The command line: the display check, the data folder, then the game itself or the picture tour."""
