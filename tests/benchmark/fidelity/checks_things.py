"""Checks about what is in the scene: counts, sizes, colours and materials, floor and wall
finishes, doors and windows, room size, furnishing, outdoor ground, labelled boxes, phantom
objects, variety of sizes."""

from __future__ import annotations

from typing import Any

from .quant import Outcome, describe, unary
from .scene import WALLS, View


def count(v: View, spec: dict[str, Any]) -> Outcome:
    """``eq`` / ``min`` / ``max`` objects of the selector."""
    found = v.select(spec["what"])
    n = len(found)
    ok = (n == spec["eq"] if "eq" in spec else True) and n >= spec.get("min", 0) and n <= spec.get("max", n)
    ids = ", ".join(t.id for t in found[:6]) + (" ..." if n > 6 else "")
    return ok, f"{n} {describe(spec['what'])}" + (f" ({ids})" if n else "")


def size(v: View, spec: dict[str, Any]) -> Outcome:
    """Dimension bounds: ``long_min``/``long_max`` (longer side of the footprint),
    ``short_min``/``short_max``, ``height_min``/``height_max`` in metres."""
    def pred(t: Any) -> Outcome:
        measures = {"long": t.long, "short": t.short, "height": t.h}
        for key, value in spec.items():
            if key.endswith(("_min", "_max")) and key.split("_")[0] in measures:
                got = measures[key.split("_")[0]]
                if (key.endswith("_min") and got < value) or (key.endswith("_max") and got > value):
                    return False, f"{key.split('_')[0]} {got:.2f} m, wanted {key.split('_')[1]} {value}"
        return True, f"{t.long:.2f} x {t.short:.2f} x {t.h:.2f} m"
    return unary(v, spec, pred)


def _colour_evidence(raw: dict[str, Any]) -> list[Any]:
    return [raw[k] for k in ("color", "colour", "words") if raw.get(k) is not None]


def colour(v: View, spec: dict[str, Any]) -> Outcome:
    """The object shows the colour (its layout colour words or RGB)."""
    wanted = v.vocab.colour_family(spec["colour"])

    def pred(t: Any) -> Outcome:
        shown = set().union(*(v.vocab.colour_family(e) for e in _colour_evidence(t.raw))) if _colour_evidence(t.raw) \
            else set()
        return bool(shown & wanted), f"colour {sorted(shown) or 'not set'}"
    return unary(v, spec, pred)


def material(v: View, spec: dict[str, Any]) -> Outcome:
    """The object is made of the material (its layout material or words)."""
    wanted = v.vocab.material_family(spec["material"])

    def pred(t: Any) -> Outcome:
        shown = v.vocab.material_family(t.raw.get("material")) | v.vocab.material_family(t.raw.get("words"))
        return bool(shown & wanted), f"material {sorted(shown) or 'not set'}"
    return unary(v, spec, pred)


def finish(v: View, spec: dict[str, Any]) -> Outcome:
    """The room's floor or walls show the colour and/or material asked for."""
    part = (v.room or {}).get(spec["part"])
    if not isinstance(part, dict):
        return False, f"no {spec['part']} finish in the layout"
    evidence = [part.get("color"), part.get("words"), part.get("material")]
    if "colour" in spec:
        shown = set().union(*(v.vocab.colour_family(e) for e in evidence if e is not None))
        if not shown & v.vocab.colour_family(spec["colour"]):
            return False, f"{spec['part']} colour {sorted(shown) or 'not set'}"
    if "material" in spec:
        shown = set().union(*(v.vocab.material_family(e) for e in evidence[1:] if e is not None))
        if not shown & v.vocab.material_family(spec["material"]):
            return False, f"{spec['part']} material {sorted(shown) or 'not set'}"
    return True, f"{spec['part']} {part.get('words') or part.get('material') or part.get('color')}"


def opening(v: View, spec: dict[str, Any]) -> Outcome:
    """Doors or windows (``opening``) on a wall (any wall when none is named): openings
    cut in a v2 room, or door/window objects standing flush against that wall."""
    kind, wall = spec["opening"], spec.get("wall")
    cut = v.openings(kind, wall)
    walls = [wall] if wall else list(WALLS)
    hung = [t for t in v.select(kind) if v.bounds and any(-0.05 <= v.wall_gap(t, w) <= 0.12 for w in walls)]
    n = len(cut) + len(hung)
    ok = (n == spec["eq"]) if "eq" in spec else n >= spec.get("min", 1)
    where = f" on the {wall} wall" if wall else ""
    return ok, f"{n} {kind}(s){where}" + (f" ({len(hung)} as objects)" if hung else "")


def furnished(v: View, spec: dict[str, Any]) -> Outcome:
    """Between ``min`` and ``max`` objects in the scene (a furnished room; a minimal one)."""
    n = len(v.things)
    return spec.get("min", 0) <= n <= spec.get("max", n), f"{n} objects"


def outdoor(v: View, spec: dict[str, Any]) -> Outcome:
    """An outdoor scene: a v2 room says ``kind: outdoor`` (v1 layouts have no room to judge)."""
    if v.room is None:
        return True, "v1 layout: no room record"
    return v.room.get("kind") == "outdoor", f"room kind {v.room.get('kind', 'indoor')}"


def no_boxes(v: View, spec: dict[str, Any]) -> Outcome:
    """No object is shown as a labelled grey box."""
    return not v.box_labels, ("boxes: " + ", ".join(v.box_labels)) if v.box_labels else "none"


def no_phantoms(v: View, spec: dict[str, Any]) -> Outcome:
    """No object whose category names a place, part, shape or direction ("headboard",
    "l shape", "front", "chair diagonally")."""
    bad = sorted({t.category for t in v.things if v.vocab.is_phantom(t.category)})
    return not bad, ("phantoms: " + ", ".join(bad)) if bad else "none"


def room_size(v: View, spec: dict[str, Any]) -> Outcome:
    """The room's floor is ``width`` x ``depth`` metres (either way round, within ``tol``, 0.3 m);
    ``square: true`` wants equal sides (within 5%)."""
    if not v.bounds:
        return False, "no room bounds"
    b = v.bounds
    w, d = b[3] - b[0], b[4] - b[1]
    if spec.get("square") and abs(w - d) > 0.05 * max(w, d):
        return False, f"{w:.2f} x {d:.2f} m is not square"
    if "width" in spec:
        tol, want = spec.get("tol", 0.3), sorted((spec["width"], spec["depth"]))
        if any(abs(g - x) > tol for g, x in zip(sorted((w, d)), want)):
            return False, f"{w:.2f} x {d:.2f} m, wanted {want[0]} x {want[1]}"
    return True, f"{w:.2f} x {d:.2f} m"


def varied(v: View, spec: dict[str, Any]) -> Outcome:
    """The subjects differ in size: the largest's volume at least ``ratio`` (1.3) times the smallest's."""
    things = v.select(spec["what"])
    if len(things) < 2:
        return False, f"{len(things)} {describe(spec['what'])}"
    vols = [t.w * t.d * t.h for t in things]
    ratio = max(vols) / max(min(vols), 1e-9)
    return ratio >= spec.get("ratio", 1.3), f"largest/smallest volume {ratio:.2f}"
