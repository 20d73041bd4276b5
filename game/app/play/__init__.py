"""The play scene's parts, split by who owns the data: the model they all read, input turned into
intents, the bot driver and turn clock, the event log's wording, and the HUD drawing."""
