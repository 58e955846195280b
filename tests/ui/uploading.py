"""A browser's PUT to an upload URL, through the server's own route (companion/server/upload_route.py), for
the browserless screens' tests: the file is kept (or refused) exactly as the real server does it."""

from companion.server.upload_route import UploadRoute


def put(h, upload_url: str, data: bytes, part: int = 64 * 1024, said_size: int | None = None) -> int:
    """PUT `data` to `upload_url` (as the screen gave it to the picker) on `h`'s loop, in parts as a socket
    delivers them; the answer's status. `said_size`: the Content-Length sent, where it is not the data's."""
    path, _, query = upload_url.partition("?")
    scope = {
        "type": "http",
        "method": "PUT",
        "path": path,
        "query_string": query.encode(),
        "headers": [(b"content-length", str(len(data) if said_size is None else said_size).encode())],
    }
    parts = [data[i : i + part] for i in range(0, len(data), part)] or [b""]
    messages = [{"type": "http.request", "body": p, "more_body": i < len(parts) - 1} for i, p in enumerate(parts)]
    answered: list[dict] = []

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        answered.append(message)

    async def unknown_path(scope, receive, send) -> None:
        raise AssertionError(f"not the upload route's path: {scope['path']}")

    h.run(UploadRoute(unknown_path, h.uploads)(scope, receive, send))
    return answered[0]["status"] if answered else 0
