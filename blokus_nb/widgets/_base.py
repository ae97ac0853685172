"""What the board widget and the puzzle widget share: one base class.

Python is the authority and a view only draws and asks. The base class holds
the parts of that contract both widgets need, written once:

* the static front-end files (:data:`STATIC`) and an SVG of the position
  beside the live view, for places that cannot run widgets (GitHub, nbviewer);
* the guard on traits a view sends (only view preferences get through; the
  true values of the rest are sent back);
* requests from views: read by the widget's protocol module, refused with a
  :class:`~blokus_nb.widgets._protocol.Refusal` that sets :attr:`error` and
  tells the views why, with the tag the asking view put on its request (the
  other views leave the refusal alone);
* the refresh that pushes a new state to every view in one message and moves
  :attr:`version` on (a request carrying an older version is stale);
* searches in the background (:mod:`._jobs`), whose answers are dropped when
  the position they were asked about is gone, and whose failures, whatever
  they raise, reach the widget as an answer's error (a thread that died would
  leave it "thinking" for ever);
* options checked when they are given: a trait set to a value it cannot take
  raises :class:`WidgetOptionError`, a :class:`~blokus_nb.errors.BlokusError`.

Subclasses say what differs: how to read a request, how to handle it, what a
job's answer does, and what stamps a position.
"""

from __future__ import annotations

import difflib
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..errors import ArgumentTypeError, BlokusError
from ._jobs import Job, Jobs
from ._protocol import Refusal, request_tag

#: The bundled front-end (built from js/ by esbuild).
STATIC = Path(__file__).resolve().parent.parent / "static"
#: How many views' request numbers a widget remembers to put their requests in order.
_VIEWS_REMEMBERED = 64


class WidgetOptionError(BlokusError, traitlets.TraitError):
    """A widget option (a trait) given a value it cannot take.

    A :class:`~blokus_nb.errors.BlokusError` for Python, and a traitlets
    ``TraitError`` so that traitlets and ipywidgets treat it as theirs (a
    view's bad value is refused and sent back, not raised).

    >>> import blokus_nb as bn
    >>> bn.BlokusWidget("duo", palette="sepia")
    Traceback (most recent call last):
    ...
    blokus_nb.widgets._base.WidgetOptionError: The 'palette' trait of a BlokusWidget instance expected any of ['standard', 'colorblind'], not the str 'sepia'.
    """


class BackgroundFailure(Exception):
    """A background search raised something that is not an :class:`Exception` (``SystemExit``,
    ``KeyboardInterrupt`` raised by a player's own code): ``original`` is what it raised."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(f"{type(original).__name__}: {original}")
        self.original = original


def _reported(compute: Callable[[], Any]) -> Callable[[], Any]:
    """``compute``, with anything it raises turned into an :class:`Exception` that a job reports
    (also while its steps run, when it returns them: see :mod:`._jobs`)."""
    def guarded() -> Any:
        try:
            answer = compute()
        except Exception:
            raise
        except BaseException as error:  # in a background thread this stops nothing but the search
            raise BackgroundFailure(error) from error
        return _reported_steps(answer) if isinstance(answer, Generator) else answer
    return guarded


def _reported_steps(steps: Generator[Any, None, Any]) -> Generator[Any, None, Any]:
    """``steps``, with anything they raise turned into an :class:`Exception` as :func:`_reported` does.

    Stepped here rather than with ``yield from``: what the steps raise comes out of ``next``,
    while the job's cancel closes them at this ``yield`` (a ``GeneratorExit`` that must pass).
    """
    try:
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value
            except Exception:
                raise
            except BaseException as error:  # a player's own SystemExit, even its own GeneratorExit
                raise BackgroundFailure(error) from error
            yield
    finally:
        steps.close()


def _raise_ours(trait: traitlets.TraitType) -> None:
    """Make ``trait`` raise :class:`WidgetOptionError` (with traitlets' own message) for a bad value."""
    if getattr(trait, "_raises_ours", False):
        return
    theirs = trait.error

    def error(obj: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return theirs(obj, value, *args, **kwargs)
        except WidgetOptionError:
            raise
        except traitlets.TraitError as refused:
            raise WidgetOptionError(str(refused)) from None

    trait.error = error  # type: ignore[method-assign]
    trait._raises_ours = True  # type: ignore[attr-defined]


class WidgetBase(anywidget.AnyWidget):
    """An anywidget whose state comes from a live Python object and whose views only ask."""

    error = traitlets.Unicode(help="Why the last request from a view was refused ('' after a good one).").tag(sync=True)
    thinking = traitlets.Unicode(help="What is searched for in the background, else ''.").tag(sync=True)
    hint = traitlets.Dict(help="The hint shown for this version, or {}.").tag(sync=True)
    version = traitlets.Int(0, help="Increases whenever what the views show changes.").tag(sync=True)

    #: Traits a view may set itself: view preferences only. Everything else comes from Python.
    _view_writable: frozenset[str] = frozenset()
    #: The subclass's own keyword options that are not traits (suggested for a misspelt one).
    _options: tuple[str, ...] = ()
    #: Request kinds where the latest a view sent wins: one it sent before one already
    #: handled is dropped (see :meth:`_superseded`).
    _latest_wins: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Only the traits this class defines: those of ipywidgets are shared with every other widget.
        for value in vars(cls).values():
            if isinstance(value, traitlets.TraitType):
                _raise_ours(value)

    def __init__(self, **kwargs: Any) -> None:
        unknown = sorted(set(kwargs) - set(type(self).class_trait_names()))
        if unknown:  # traitlets would ignore them: a misspelt option would silently do nothing
            close = difflib.get_close_matches(unknown[0], [*type(self).class_trait_names(), *self._options], n=1)
            raise ArgumentTypeError(f"{type(self).__name__} has no option {unknown[0]!r}"
                                    + (f"; did you mean {close[0]!r}?" if close else ""))
        # Changes come from the kernel's thread and from background searches: one lock orders them.
        self._lock = threading.RLock()
        self._jobs = Jobs(self._job_done)
        self._batch_depth = 0
        #: View id -> the number of its latest request handled by :meth:`_superseded`.
        self._latest_requests: dict[str, int] = {}
        super().__init__(**kwargs)

    # ---------------------------------------------------------------- for subclasses
    def _svg(self) -> str:
        """The position as an SVG picture (shown where widgets cannot run)."""
        raise NotImplementedError

    def _read_request(self, content: Any) -> Any:
        """Check the shape of a view's message (the widget's protocol); raise :class:`Refusal` if it is none."""
        raise NotImplementedError

    def _handle(self, request: Any) -> None:
        """Act on a well-formed request; raise :class:`Refusal` to change nothing and say why."""
        raise NotImplementedError

    def _stamp(self) -> Any:
        """What identifies the position now; a job's answer is used only while it is unchanged."""
        raise NotImplementedError

    def _answer(self, job: Job, result: Any, error: BaseException | None) -> Any:
        """Use the answer of ``job`` (called with the lock held, only if the position is unchanged)."""
        raise NotImplementedError

    def _locked(self) -> AbstractContextManager[Any]:
        """The lock every change takes (a subclass may put its model's lock in front of the widget's)."""
        return self._lock

    def _superseded(self, tag: str) -> bool:
        """Whether the request tagged ``tag`` was sent before one of its view's already handled here.

        Called with the lock held for the kinds in :attr:`_latest_wins` (a seek).
        A view numbers its requests (``"<view id>:<n>"``), but they may arrive out
        of order: JupyterLab sends a new comm's messages on the kernel's main shell
        until the comm's subshell is ready, then on the subshell, and the two run
        on two threads. An untagged request, or one without a number, is never
        superseded. The views remembered are bounded (a forged message may name any).
        """
        view, _, number = tag.rpartition(":")
        if not view or not (number.isascii() and number.isdigit()):  # int() refuses "²"
            return False
        if int(number) <= self._latest_requests.get(view, -1):
            return True
        self._latest_requests.pop(view, None)  # moved to the end: the oldest view goes first
        self._latest_requests[view] = int(number)
        while len(self._latest_requests) > _VIEWS_REMEMBERED:
            del self._latest_requests[next(iter(self._latest_requests))]
        return False

    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Several changes as one, with the lock held: the widget skips its reactions to each
        (a refresh, an AI's turn) and reacts once after the batch."""
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1

    # ---------------------------------------------------------------- notebook output
    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus an SVG picture for places that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        # anywidget gives (data, metadata), or None for a widget with no view; a bare dict is the data.
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        data["image/svg+xml"] = self._svg()
        return data, metadata

    def close(self) -> None:
        jobs = getattr(self, "_jobs", None)  # None when __init__ failed before it began
        if jobs is not None:
            jobs.cancel()
        super().close()

    # ---------------------------------------------------------------- Python -> views
    def _publish(self, state: dict[str, Any]) -> None:
        """Send every view ``state`` in one message; forget any error, hint or search; move the version on.

        The version moves on last, so a view that sees it has seen the rest.
        """
        with self._lock, self.hold_sync():
            for name, value in state.items():
                setattr(self, name, value)
            self.error = ""
            self.hint = {}
            self.thinking = ""
            self.version += 1

    # ---------------------------------------------------------------- background searches
    def _ask(self, kind: str, compute: Callable[[], Any], *, color: str = "", pause: float = 0.0,
             cancelled: threading.Event | None = None, background: bool = True) -> Any:
        """Search for an answer (``compute()``) about the position now, shown as :attr:`thinking`.

        In the background the answer reaches :meth:`_answer` later, if the
        position is still the same; with ``background`` False it is searched
        here and what :meth:`_answer` returns is returned. ``cancelled`` is set
        when the answer is no longer wanted (a search may watch it to stop early).
        """
        with self._locked():
            job = Job(kind, _reported(compute) if background else compute, self._stamp(), color=color,
                      pause=pause, cancelled=cancelled or threading.Event())
            self.thinking = color or kind
        if background:
            self._jobs.start(job)
            return None
        try:
            return self._jobs.run(job)
        except BaseException:  # a failed or interrupted search (Ctrl-C) is not still thinking
            with self._locked():
                if self.thinking == (color or kind):
                    self.thinking = ""
            raise

    def _job_done(self, job: Job, result: Any, error: BaseException | None) -> Any:
        # The check and the use are one step under the lock: nothing changes the position in between.
        with self._locked():
            if job.asked != self._stamp():
                return None  # an answer about a position that no longer exists
            self.thinking = ""
            return self._answer(job, result, error)

    # ---------------------------------------------------------------- views -> Python
    def set_state(self, sync_data: dict) -> None:
        """A view may only change view preferences; any other trait it sends is put back.

        A view may echo a value it was sent (marimo re-runs the cells that use
        a widget when its view writes a trait, so the views echo ``progress``):
        that changes nothing and needs no answer.
        """
        allowed = {k: v for k, v in sync_data.items() if k in self._view_writable}
        refused = [k for k, v in sync_data.items()
                   if k not in self._view_writable and k in self.keys and not self._is_echo(k, v)]
        try:
            super().set_state(allowed)
        except traitlets.TraitError:
            refused += list(allowed)
        if refused:
            self.send_state(refused)

    def _is_echo(self, name: str, value: Any) -> bool:
        """Is ``value`` what trait ``name`` holds (as the view was sent it)?"""
        try:
            return bool(getattr(self, name) == value)
        except Exception:  # a value that cannot even be compared is no echo
            return False

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        super()._handle_custom_msg(content, buffers)
        tag = ""
        try:
            tag = request_tag(content)
            request = self._read_request(content)
            if request.kind not in self._latest_wins:
                self._dispatch(request)
                return
            with self._locked():  # the check and the change as one: another thread may bring a later one
                if not self._superseded(tag):
                    self._dispatch(request)
        except Refusal as refusal:
            self._refuse(refusal, tag)

    def _dispatch(self, request: Any) -> None:
        """Handle a well-formed request, the last refusal forgotten first.

        Every request of every widget passes here, so :attr:`error` is ``''``
        after any accepted one, also one that redraws nothing (a hint, Stop,
        Review). It is cleared before, not after: what the handling itself
        reports (a seat that failed while its job ran in turn) stays, and a
        refusal sets its own reason.
        """
        with self._locked():  # not between a background job's report and its check
            self.error = ""
        self._handle(request)

    def _refuse(self, refusal: Refusal, request: str = "") -> None:
        """Say why a request changed nothing; ``request`` (its view's tag) tells the views whose it was."""
        self.error = refusal.reason
        self.send(refusal.message(request))


for _trait in vars(WidgetBase).values():
    if isinstance(_trait, traitlets.TraitType):
        _raise_ours(_trait)
