"""The program that ties the screens together: the window and its loop, the stack of scenes, the way between
screens (``Flow``, game night's part of it) and what the services hear of a match in play.
"""
