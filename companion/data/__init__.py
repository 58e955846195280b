"""The data: the store (the only module that touches TinyDB), its files, checks, repair and backups, and who is told of a change."""
