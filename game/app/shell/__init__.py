"""The program around the scenes: the window and loop, the way between screens, the services.

Also the settings, the data paths, sound and the command line.
"""
