"""Add-on preferences: the LLM endpoint, its key, a model per stage, budgets, review engine.

Preferences live in Blender's ``userpref.blend``, never in a scene's ``.blend``; the key
is also read from ``OPENAI_API_KEY`` (preferred: then it is never written anywhere). With
nothing configured the add-on runs offline. ``bpy.app.online_access`` is respected: when
the user has turned online access off, no request leaves the machine (a loopback endpoint
such as a local Ollama or llama.cpp server is not "online" and stays allowed).
"""

import os
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import urlsplit

import bpy
from bpy.props import EnumProperty, FloatProperty, IntProperty, StringProperty

# The root package: "setdresser" when imported as a package, "bl_ext.<repo>.setdresser" as an extension.
ROOT_PACKAGE = __package__.rpartition(".")[0] if __package__ and "." in __package__ else (__package__ or "setdresser")
LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}
REVIEW_ENGINE_ITEMS = (
    ("workbench", "Workbench", "Fast solid-shaded review renders"),
    ("cycles", "Cycles", "Path-traced review renders on the CPU (slower)"),
)


class SETDRESSER_AP_preferences(bpy.types.AddonPreferences):
    """Edit > Preferences > Add-ons > Set Dresser."""

    bl_idname = ROOT_PACKAGE

    base_url: StringProperty(name="Endpoint", default="",
                             description="OpenAI-compatible base URL (empty: $OPENAI_BASE_URL, else api.openai.com)")  # type: ignore[valid-type]
    api_key: StringProperty(name="API key", subtype="PASSWORD", default="",
                            description="Empty: read $OPENAI_API_KEY. Stored in the preferences, never in a .blend")  # type: ignore[valid-type]
    model: StringProperty(name="Model", default="gpt-4o", description="Model for every stage")  # type: ignore[valid-type]
    planner_model: StringProperty(  # type: ignore[valid-type]
        name="Planner", default="", description="Model for the planning stages (empty: Model)")
    coder_model: StringProperty(name="Coder", default="", description="Model for the coder stage (empty: Model)")  # type: ignore[valid-type]
    reviewer_model: StringProperty(  # type: ignore[valid-type]
        name="Reviewer", default="", description="Vision model for the reviewer (empty: Model)")
    timeout: FloatProperty(name="Timeout", default=120.0, min=1.0, max=1800.0,
                           description="Seconds per LLM request")  # type: ignore[valid-type]
    max_iterations: IntProperty(name="Max iterations", default=5, min=1, max=10,
                                description="Budget: the panel's iterations are capped at this")  # type: ignore[valid-type]
    max_tokens: IntProperty(name="Max tokens", default=0, min=0,
                            description="Budget: once a run has used this many tokens the reviewer's next "
                                        "verdict is 'accept' (0: no limit)")  # type: ignore[valid-type]
    review_engine: EnumProperty(name="Review renders", items=REVIEW_ENGINE_ITEMS, default="workbench")  # type: ignore[valid-type]

    def draw(self, context: bpy.types.Context) -> None:
        layout = self.layout
        choice = choose_backend("auto", read_prefs(context), os.environ, online_access())
        col = layout.column()
        col.prop(self, "base_url")
        col.prop(self, "api_key")
        col.label(text="The key is never saved into a .blend; $OPENAI_API_KEY is used when this is empty.",
                  icon="INFO")
        models = layout.box()
        models.label(text="Models")
        models.prop(self, "model")
        models.prop(self, "planner_model")
        models.prop(self, "coder_model")
        models.prop(self, "reviewer_model")
        budgets = layout.box()
        budgets.label(text="Budgets")
        budgets.prop(self, "max_iterations")
        budgets.prop(self, "max_tokens")
        budgets.prop(self, "timeout")
        layout.prop(self, "review_engine")
        layout.label(text=f"Backend: {choice.backend} ({choice.reason})",
                     icon="WORLD" if choice.backend == "openai" else "CHECKMARK")


@dataclass(frozen=True)
class PrefValues:
    """The preferences as plain values (defaults when the add-on is not enabled as one)."""

    base_url: str = ""
    api_key: str = field(default="", repr=False)
    model: str = "gpt-4o"
    planner_model: str = ""
    coder_model: str = ""
    reviewer_model: str = ""
    timeout: float = 120.0
    max_iterations: int = 5
    max_tokens: int = 0
    review_engine: str = "workbench"


@dataclass(frozen=True)
class BackendChoice:
    """Which backend a run uses and why (shown in the panel); ``error`` refuses the run."""

    backend: str  # "offline" | "openai"
    reason: str
    error: str = ""


def read_prefs(context: Any = None) -> PrefValues:
    """The add-on's preferences, or the defaults when it was registered without being enabled
    as an add-on (``import setdresser; setdresser.register()``)."""
    context = context or bpy.context
    addon = context.preferences.addons.get(ROOT_PACKAGE)
    prefs = getattr(addon, "preferences", None)
    if prefs is None:
        return PrefValues()
    names = PrefValues.__dataclass_fields__
    return PrefValues(**{name: getattr(prefs, name) for name in names})


def online_access() -> bool:
    """Blender's "Allow Online Access" (always True before 4.2, which had no such switch)."""
    return bool(getattr(bpy.app, "online_access", True))


def is_loopback(url: str) -> bool:
    """True for an endpoint on this machine (not "online")."""
    return (urlsplit(url).hostname or "") in LOOPBACK_HOSTS


def choose_backend(mode: str, prefs: PrefValues, environ: Mapping[str, str], online: bool) -> BackendChoice:
    """Offline unless an endpoint or key is configured; never online when ``online`` is False."""
    if mode == "offline":
        return BackendChoice("offline", "chosen in the panel")
    base_url = prefs.base_url or environ.get("OPENAI_BASE_URL", "")
    configured = bool(base_url or prefs.api_key or environ.get("OPENAI_API_KEY"))
    if not configured:
        if mode == "openai":
            return BackendChoice("offline", "no endpoint", error="no LLM endpoint or API key is configured "
                                 "(add-on preferences or $OPENAI_API_KEY)")
        return BackendChoice("offline", "no LLM endpoint configured")
    if not online and not is_loopback(base_url):
        why = "online access is off (Preferences > System > Network)"
        if mode == "openai":
            return BackendChoice("offline", why, error=f"{why}: the LLM endpoint cannot be used")
        return BackendChoice("offline", f"{why}; running offline")
    return BackendChoice("openai", "local endpoint" if is_loopback(base_url) else "endpoint configured")


def llm_settings(prefs: PrefValues) -> Any:
    """The typed LLM settings (``services.llm_config.LLMSettings``, as the CLI flags make them)
    from the preferences; empty values fall back to the environment there."""
    from .services.llm_config import LLMSettings

    return LLMSettings(base_url=prefs.base_url or None, api_key=prefs.api_key or None, model=prefs.model or None,
                       planner_model=prefs.planner_model or None, coder_model=prefs.coder_model or None,
                       reviewer_model=prefs.reviewer_model or None, timeout_s=float(prefs.timeout))


CLASSES = (SETDRESSER_AP_preferences,)
