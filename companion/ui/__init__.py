"""The Flet app: sessions, routes, the screens (views/) and the parts they share (widgets/)."""
