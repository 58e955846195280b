"""The server: what it lets in (guard, admission), what it sends (static files, fonts), its addresses and its log."""
