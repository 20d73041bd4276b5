"""Where the game's files live and what the player chose: the data folder and the assets, the settings, the
closed vocabularies of the app. Imports nothing else of the app.
"""
