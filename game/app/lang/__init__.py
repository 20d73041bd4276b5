"""Text and languages: translations, fonts and fitting, right-to-left Persian, the Jalali calendar."""
