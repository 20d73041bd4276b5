"""The screens of the game: menu, deal, play, hand result, match over, and the overlays."""
