"""What the browser is told to change in place (browserless tests): Flutter's web engine keeps a
semantics node's first identifier when a patch changes only that property (issue 40: after a player
switch four Lost Cities heads of five still said expedition-<the other player>-<colour>). A control
whose identifier changes must therefore be a new control (keyed by its identifier), never patched."""

from typing import Any

from flet.controls.object_patch import Operation
from flet.messaging.protocol import MessageAction

IN_PLACE_UNSEEN = ("identifier",)  # properties a browser does not take from an in-place patch


def changed_in_place(messages: list, names: tuple[str, ...] = IN_PLACE_UNSEEN) -> list[tuple[str, Any]]:
    """(property, new value) of every in-place change of `names` in the patches among `messages`."""
    found = []
    for message in messages:
        if message.action != MessageAction.PATCH_CONTROL:
            continue
        for op in message.body.patch[1:]:  # [the path table, op, op, …] (ObjectPatch.to_message)
            if op[0] == Operation.Replace and op[2] in names:
                found.append((op[2], op[3]))
    return found
