"""What the screens stand on: the scene contract (``Scene``, ``Host``, ``Navigator``), the services (files,
statistics, sound, the crash log) and pygame-gui's managers and theme.  Nothing here knows a screen.
"""
