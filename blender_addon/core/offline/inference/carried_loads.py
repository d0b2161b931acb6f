"""Small things that a with-phrase hands to a host and that rest on something the text names but
does not place (issue 14): "a long table with a roast turkey on a big platter in the middle" (the
platter stands on the table, the turkey on the platter), "a desk with a laptop on a stand" (the
stand on the desk), and "a plate of cookies with a glass of milk on the coffee table" (the plate
on the coffee table too, as the small host goes where what came with it goes). What fits on a top
is the catalog model's size (:func:`..relations.surfaces.fits_on`), never a word list here.
"""

from __future__ import annotations

from ..reading.place_hosts import CARRIED
from ..referents.world import INFERRED, World
from ..relations.surfaces import fits_on
from .inferring import NOT_PLACING


def carried_loads(world: World) -> list[str]:
    """Put the unplaced carrier of a hosted thing on the host's top, and an unplaced small host on
    the surface its companion stands on; returns the ids placed."""
    placed = [c[0] for c in _carriers_on_hosts(world) if _put(world, *c)]
    return placed + [h[0] for h in _hosts_with_companions(world) if _put(world, *h)]


def _carriers_on_hosts(world: World) -> list[tuple[str, str, str]]:
    """(carrier, host, why) for "a table with a turkey on a platter": the turkey's host is a surface,
    the turkey rests on a platter no relation places, and the platter fits on the host."""
    supports, out = world.supports(), []
    for thing, host in world.hosts.items():
        carrier, holder = supports.get(thing), world.entities.get(host)
        if carrier is None or carrier == host or holder is None or "surface" not in holder.roles:
            continue
        if _free(world, carrier, supports) and fits_on(world, carrier, host):
            out.append((carrier, host, f"a {world.entities[carrier].category} carrying what came with a "
                                       f"{world.entities[host].category} stands on it"))
    return out


def _hosts_with_companions(world: World) -> list[tuple[str, str, str]]:
    """(host, surface, why) for "a plate of cookies with a glass on the coffee table": a small host
    (a thing that stands on furniture) no relation places goes on the surface its companion is on."""
    supports, out = world.supports(), []
    for thing, host in world.hosts.items():
        surface = supports.get(thing)
        if host not in world.entities or surface is None or surface == host or not world.entities[host].roles & CARRIED:
            continue
        on_top = "surface" in world.entities[surface].roles and _free(world, host, supports)
        if on_top and fits_on(world, host, surface):
            out.append((host, surface, f"a {world.entities[host].category} goes where what came with it stands"))
    return out


def _free(world: World, entity_id: str, supports: dict[str, str]) -> bool:
    """Whether no relation places the object itself: no support, no mount, no placing relation with
    it as the subject, and not hosted by another thing."""
    entity = world.entities[entity_id]
    if entity_id in supports or entity.mount is not None or entity_id in world.hosts:
        return False
    return not any(r.args[:1] == (entity_id,) and r.relation not in NOT_PLACING for r in world.relations)


def _put(world: World, thing: str, surface: str, why: str) -> bool:
    return thing not in world.supports() and world.relate("on_top_of", [thing, surface], {}, INFERRED + why,
                                                          inferred=True)
