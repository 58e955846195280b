"""Browserless harness for Flet 1.0.5: a real Session + Page over a fake Connection.

Usage:
    h = Harness(main, route="/history/abc", width=390)   # runs main(page)
    h.click(h.find(ft.Button, text="Add point"))
    h.type(h.find(ft.TextField, label="Player name"), "Ana")
    assert h.find_semantics("total-Ana").content.value == "1"
    h.close()
"""

import asyncio
import collections.abc
import dataclasses
import enum
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    InvokeMethodRequestBody,
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.server import flet_seams


class FakeConnection(Connection):
    """Records every outbound message; emulates the client for invoke_method."""

    def __init__(self, loop: asyncio.AbstractEventLoop, pubsubhub: PubSubHub):
        super().__init__()
        self.loop = loop
        self.pubsubhub = pubsubhub
        self.page_name = ""
        self.page_url = "http://test"
        self.sent: list[Message] = []
        self.session: Session | None = None
        # method name -> result (or callable(args) -> result) for client calls
        self.method_results: dict[str, Any] = {}
        self.invoked: list[tuple[str, Any]] = []
        self.bytes_sent = 0
        self.tasks: set[asyncio.Future] = set()  # the loop holds tasks weakly: keep each until it is done

    _encode = staticmethod(configure_encode_object_for_msgpack(BaseControl))

    def send_message(self, message: Message):
        # MUST serialize like the real transport: the msgpack encoder records
        # the __prev_* snapshots that the next ObjectPatch diff is computed from.
        self.bytes_sent += len(msgpack.packb([message.action, message.body], default=self._encode))
        self.sent.append(message)
        if message.action == MessageAction.INVOKE_METHOD:
            body: InvokeMethodRequestBody = message.body
            self.invoked.append((body.name, body.args))
            self.loop.call_soon(self._reply, body)

    def _reply(self, body: InvokeMethodRequestBody):
        s = self.session
        if body.name == "push_route":  # emulate the Flutter router
            route = body.args["route"]
            s.handle_invoke_method_results(body.control_id, body.call_id, None, None)
            s.apply_page_patch({"route": route})
            task = asyncio.ensure_future(s.dispatch_event(s.page._i, "route_change", {"route": route}))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            return
        res = self.method_results.get(body.name)
        if callable(res):
            res = res(body.args)
        s.handle_invoke_method_results(body.control_id, body.call_id, res, None)

    @property
    def errors(self) -> list[str]:
        return [m.body.message for m in self.sent if m.action == MessageAction.SESSION_CRASHED]


_FIELDS: dict[type, tuple[str, ...] | None] = {}
_LEAVES = (str, int, float, bool, type(None))


def _holds_no_control(annotation: Any) -> bool:
    """True when a field's declared type (as its dataclass holds it) admits only plain values (text,
    numbers, flags, enums) or handlers: walking into it can never reach a control. Anything else (a
    control, a list, a style object, Any, a name not yet resolved) is walked."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal or origin is collections.abc.Callable or annotation is collections.abc.Callable:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_holds_no_control(a) for a in typing.get_args(annotation))
    return isinstance(annotation, type) and (issubclass(annotation, _LEAVES) or issubclass(annotation, enum.Enum))


def _fields(cls: type) -> tuple[str, ...] | None:
    """The public fields of a dataclass type that may hold a control (None for any other type),
    looked up once per type. Fields declared as plain values are left out: the model tests walk
    big screens thousands of times, and reading every colour and size was most of their time."""
    if cls not in _FIELDS:
        is_data = dataclasses.is_dataclass(cls) and not issubclass(cls, type)
        _FIELDS[cls] = (
            tuple(
                f.name
                for f in dataclasses.fields(cls)
                if not f.name.startswith("_") and not f.metadata.get("skip") and not _holds_no_control(f.type)
            )
            if is_data
            else None
        )
    return _FIELDS[cls]


def walk(obj: Any, seen: set | None = None):
    """Yield every BaseControl reachable from obj (views, appbar, nav bar...), in drawing order.
    A loop over a stack, not recursion: the model tests walk big screens thousands of times."""
    seen = seen if seen is not None else set()
    stack = [obj]
    while stack:
        obj = stack.pop()
        if obj is None or id(obj) in seen:
            continue
        if isinstance(obj, ft.Component):  # a screen drawn by a component: what it drew
            seen.add(id(obj))
            stack.append(ft.unwrap_component(obj))
        elif isinstance(obj, (list, tuple)):
            seen.add(id(obj))
            stack.extend(reversed(obj))
        elif isinstance(obj, dict):
            seen.add(id(obj))
            stack.extend(reversed(list(obj.values())))
        elif (names := _fields(type(obj))) is not None:
            seen.add(id(obj))
            if isinstance(obj, BaseControl):
                yield obj
            stack.extend(getattr(obj, name, None) for name in reversed(names))


BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton, ft.IconButton)


def tappable(control) -> bool:
    """A control a person taps: a button, or a card (a box with a click handler, card_button)."""
    return isinstance(control, BUTTONS) or (isinstance(control, ft.Container) and control.on_click is not None)


def card_state(control) -> str:
    """What a card button shows: "held", "free" or "taken" (card_button keys end with it; a taken
    card stays tappable, so that its tap is answered with whose it is)."""
    return str(control.key).rsplit(":", 1)[-1]


def accessible_name(control) -> str | None:
    """What a screen reader (and Playwright's get_by_role) calls a button."""
    content = control.icon if isinstance(control, ft.IconButton) else control.content
    if isinstance(content, ft.Semantics):  # a card's state for screen readers, around its text
        content = content.content
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return content.semantics_label or content.value
    if isinstance(content, ft.Icon):
        return content.semantics_label
    return getattr(control, "tooltip", None)


def switch_label(control: ft.Switch) -> str | None:
    """A switch's label: its text (controls.option_switch draws it as a Text, to wrap)."""
    label = control.label
    return label.value if isinstance(label, ft.Text) else label


class Harness:
    def __init__(
        self,
        main: Callable,
        route: str = "/",
        width: float = 390,
        height: float = 844,
        web: bool = True,
        share_with: "Harness | None" = None,
        browser_storage: dict | None = None,
        languages: list[str] | None = None,
    ):
        if share_with:  # second "browser tab": same loop + PubSubHub
            self.loop, self.hub = share_with.loop, share_with.hub
        else:
            self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self.loop)
            self.hub = PubSubHub(loop=self.loop, executor=None)
        self._owns_loop = share_with is None
        self.conn = FakeConnection(self.loop, self.hub)
        if browser_storage is not None:  # what ft.SharedPreferences reads and writes in this "browser"
            self.conn.method_results["get"] = lambda args: browser_storage.get(args["key"])
            self.conn.method_results["set"] = lambda args: browser_storage.__setitem__(args["key"], args["value"]) or True
        if languages is not None:  # what the browser says of itself (page.get_device_info): its preferred languages
            self.conn.method_results["get_device_info"] = {
                "browser_name": "chrome",
                "locales": [{"language_code": tag.split("-")[0], "country_code": (tag.split("-") + [None])[1]} for tag in languages],
            }
        self.session = Session(self.conn)
        self.conn.session = self.session
        self.page: ft.Page = self.session.page
        # what the real client sends in REGISTER_CLIENT before main() runs
        self.session.apply_page_patch({"route": route, "width": width, "height": height, "web": web})
        # REGISTER_CLIENT response: serializes + mounts the initial page tree.
        # Without this, later diffs are computed against nothing and controls
        # never get indexed/parented (events & auto-update silently fail).
        self.conn.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=self.session.id,
                    page_patch=self.session.get_page_patch(),
                    error="",
                ),
            )
        )
        self.run(self._start(main))

    async def _start(self, main):
        flet_seams.set_current_page(self.page)  # services (ft.Wakelock() etc.) need this
        context.reset_auto_update()
        if inspect.iscoroutinefunction(main):
            await main(self.page)
        else:
            main(self.page)
        await self.session.after_event(self.page)  # auto-update like FletApp
        await asyncio.sleep(0)

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def settle_until(self, done: Callable[[], Any], timeout: float = 10.0) -> None:
        """Run the loop until `done()` is true: for work a handler hands to a thread (a PIN's hash)."""
        deadline = self.loop.time() + timeout
        while not done():
            assert self.loop.time() < deadline, "the screen did not get there in time"
            self.run(asyncio.sleep(0.02))
        self.settle()

    def settle(self, rounds: int = 5, horizon: float = 0.2):
        """Let scheduled tasks (navigate, route_change, pubsub) run, and timers due within `horizon` seconds."""
        for _ in range(rounds):
            self.run(asyncio.sleep(0))
        deadline = self.loop.time() + horizon
        while True:
            due = [h.when() for h in self.loop._scheduled if not h.cancelled() and h.when() <= deadline]
            if not due:
                return
            self.run(asyncio.sleep(max(0.0, min(due) - self.loop.time()) + 0.001))
            for _ in range(rounds):
                self.run(asyncio.sleep(0))

    # ---- events, exactly as the client would send them ------------------
    def fire(self, control: BaseControl, name: str, data: Any = None):
        self.run(self.session.dispatch_event(control._i, name, data))
        self.settle()

    def click(self, control: BaseControl):
        self.fire(control, "click")

    def type(self, control: ft.TextField, text: str):
        # client: UPDATE_CONTROL_PROPS {value} then CONTROL_EVENT "change"
        self.session.apply_patch(control._i, {"value": text})
        self.fire(control, "change", text)

    def enter(self, control: ft.TextField, text: str):
        """Type `text` and press Enter, as Chromium sends it: the field's submit, then at once its blur
        (Flutter takes the focus from a field after Enter). FletApp starts a task for each event as it
        arrives, so both run before the first one's answer is drawn."""
        self.type(control, text)
        events = (("submit", text), ("blur", None))
        self.run(asyncio.gather(*(self.session.dispatch_event(control._i, name, data) for name, data in events)))
        self.settle()

    def choose(self, control, value, event: str = "change"):
        """A person picks `value` in a dropdown, switch or picker: the browser writes it, then says so."""
        self.session.apply_patch(control._i, {"value": value})
        self.fire(control, event, value)

    def resize(self, width: float, height: float):
        self.session.apply_page_patch({"width": width, "height": height})
        self.fire(self.page, "resize", {"width": width, "height": height})

    # ---- queries --------------------------------------------------------
    def top_view(self) -> ft.View:
        """The view on top of the stack, as drawn (the app's views are components)."""
        return ft.unwrap_component(ft.unwrap_component(self.page.views)[-1])

    def controls(self):
        return list(walk(self.page.views))

    def find_all(self, cls=BaseControl, **props):
        return [c for c in self.controls() if isinstance(c, cls) and all(getattr(c, k, None) == v for k, v in props.items())]

    def find(self, cls=BaseControl, **props):
        found = self.find_all(cls, **props)
        assert len(found) == 1, f"expected 1 {cls.__name__} {props}, got {len(found)}"
        return found[0]

    def switch(self, label: str) -> ft.Switch:
        """The switch labelled `label`, the only one."""
        (found,) = self.switches(label)
        return found

    def switches(self, label: str) -> list[ft.Switch]:
        return [c for c in self.find_all(ft.Switch) if switch_label(c) == label]

    def find_semantics(self, identifier: str) -> ft.Semantics:
        return self.find(ft.Semantics, identifier=identifier)

    def text_of(self, identifier: str) -> str:
        """The text inside `ft.Semantics(identifier=...)`, as a browser would read it."""
        return self.find_semantics(identifier).content.value

    def shown_text(self, identifier: str) -> str:
        """The text a browser shows under `identifier`; "" when none is on the screen (absent or hidden:
        a browser's accessibility tree has neither)."""
        found = [c for c in self.find_all(ft.Semantics, identifier=identifier) if c.visible]
        assert len(found) <= 1, f"{len(found)} controls say {identifier!r}"
        return found[0].content.value if found else ""

    def patched_since(self, count: int) -> str:
        """Everything the browser was sent after its first `count` messages, as text (what a tap cost)."""
        return " ".join(repr(m.body) for m in self.conn.sent[count:])

    def buttons(self, name: str):
        return [c for c in self.controls() if tappable(c) and accessible_name(c) == name]

    def tap(self, name: str):
        """Click the one enabled button whose accessible name is `name`."""
        found = self.buttons(name)
        assert len(found) == 1, f"expected 1 button named {name!r}, got {len(found)}"
        assert not found[0].disabled, f"button {name!r} is disabled"
        self.click(found[0])

    def close(self):
        async def _close():
            self.session.close()  # uses asyncio.create_task -> needs a running loop
            await asyncio.sleep(0)

        self.run(_close())
        self.settle()
        if self._owns_loop:
            self.loop.close()
            asyncio.set_event_loop(None)
