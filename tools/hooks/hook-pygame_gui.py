"""pygame-gui's data files for the standalone build, without its Japanese, Chinese and Korean fonts.

pygame-gui loads those only in those languages, which the game does not speak; they were 37 MB of the
119 that the one-file program unpacks every time it starts.  Found through ``--additional-hooks-dir``,
this hook takes the place of the one pygame-gui ships.
"""
from PyInstaller.utils.hooks import collect_data_files  # type: ignore[import-not-found]

UNUSED_FONTS = ["**/NotoSansJP-*", "**/NotoSansSC-*", "**/NotoSansKR-*"]

datas = collect_data_files("pygame_gui", excludes=UNUSED_FONTS)
