"""Who may do what: the PIN gate, invitations and seats, the host's grant, a device's identity from its connection."""
