"""The program around the scenes: the window and loop, the way between screens, the services.

Also sound, the crash log, giving memory back, pygame-gui's managers and the command line.
"""
