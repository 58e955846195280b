"""What the app does with games, without Flet: games being entered, figures over the history, import and export,
a result in words and as an image."""
