"""How many objects a noun phrase makes and which objects a bare count stands for: "chairs" (three),
"a 3 by 4 grid of desks" (twelve), "six chairs, three on each side" (those six, three a side), "three of
them stacked", "four white and two blue" (parts of those named), "and two more"; "their desks" (one
each); "a plate of cookies" (the cookies, on it). Read by :mod:`.referring`.
"""

from __future__ import annotations

from .clause import Clause, all_placed, more_of
from .lexicon import Vocabulary
from .phrases import NounPhrase
from ..referents.portions import next_part, share_of_total, take_part
from ..relations.anchor_phrases import apply_relation
from ..referents.world import Group, World

DEFAULT_PLURAL = 3  # "chairs", "some books": a plural without a count
DEFAULT_ROW_LENGTH = 4  # "two rows of chairs"


def phrase_count(np: NounPhrase) -> int:
    """How many objects a phrase introduces."""
    if np.count is not None:
        return np.count
    if np.determiner == "both":
        return 2
    rows, cols = np.collective_params.get("rows"), np.collective_params.get("cols")
    if np.collective == "grid" and rows:
        return int(rows) * int(cols or DEFAULT_ROW_LENGTH)
    return DEFAULT_PLURAL if (np.plural or np.collective) else 1


def ellipsis_group(world: World, state: Clause, np: NounPhrase, of: NounPhrase | None = None) -> Group | None:
    """The objects a bare count stands for: those named before ("six chairs, three on each side"),
    part of them ("three of them stacked", "two of the chairs"; the next part: "and two are
    blue"), or more of their kind ("and one at each end", "five bicycles and two more")."""
    named = state.previous if state.subject is None else None
    if named is not None and named.parts:  # "three beds and three lamps, one by each bed": the lamps
        named = next((p for p in reversed(named.parts) if len(p.ids) > (np.count or 1)), named)
    if np.hints and not np.partitive and np.count:  # "six chairs, four white and two blue"
        return described_part(world, named or world.pronoun("them", None), np)
    if np.partitive and of is not None:  # "two of the chairs": of the chairs named before
        named = world.find(of) or named or world.create(of, phrase_count(of))  # "Three of the five chairs ..."
    elif np.partitive and named is None and state.relation is not None:  # "a campfire in front of one of
        named = world.pronoun("them", state.subject)  # them": of the things named before (multi15)
    elif named is None and state.subject is None:
        earlier = world.pronoun("them", None)
        if earlier is not None and not (np.partitive or np.shares or np.more) and len(earlier.ids) > (np.count or 1):
            first = take_part(world, list(earlier.ids), np.count or 1)  # "Two sofas. One faces the TV": the first
            return Group(ids=first.ids, share=np.count or 1)  # "6 chairs. Two go on each side": four
        if earlier is not None:
            whole = np.partitive or np.shares  # "Six chairs: two on each long side ...": the six to share out
            named = Group(ids=list(earlier.ids if whole else earlier.ids[:np.count or 1]))
    if np.partitive and named is not None:  # "three of them stacked": three of those named
        return take_part(world, list(named.ids), np.count or 1)
    part = next_part(world, named, np.shares or np.count) if not np.more else None
    if part is None and not np.more and state.subject is None:  # "six chairs: two on each long side and ..."
        part = share_of_total(world, named, np.shares, named is not None and all_placed(world, named.ids))
    if part is not None:  # "four of them are white and two are blue": the next two
        return Group(ids=part.ids, share=np.count)
    if np.more and state.subject is not None and state.subject.ids:  # "a row of five bicycles and 2 more"
        return more_of(world, state.subject.ids[-1], np)
    if named is not None and named.ids and state.subject is None and (np.more or all_placed(world, named.ids)):
        return more_of(world, named.ids[0], np)  # "four chairs down each side and one at each end"
    return _named_share(world, named, np.count)


def described_part(world: World, named: Group | None, np: NounPhrase) -> Group | None:
    """"four white" after six chairs: the first four of them (the next part when a part of them
    was taken: "and two blue"), described by the phrase's words as if said before their noun."""
    if named is None or not named.ids or not np.count:
        return None
    part = next_part(world, named, np.count) or take_part(world, list(named.ids), np.count)
    for entity_id in part.ids:
        entity = world.entities.get(entity_id)
        if entity is not None:
            new = [w for w in np.hints if w not in entity.hints]
            entity.hints = (*entity.hints, *new)
            entity.description = " ".join([*new, entity.description])
    return Group(ids=part.ids)


def one_each_owned(vocab: Vocabulary, np: NounPhrase, owners: Group | None) -> int | None:
    """"five students sit at their desks": an uncounted plural said as the owners' own is one
    thing each (a known thing, not people: "their parents" are not one per child); so is a singular
    said as one owner's of several ("a monk at each desk with a candle beside his book"); else None."""
    first = np.text.split()[:1]
    apiece = not np.plural and first in (["his"], ["her"]) and len(owners.ids) > 1 if owners is not None else False
    if owners is None or not owners.ids or np.count is not None or not (np.plural and first == ["their"] or apiece):
        return None
    found = vocab.match(np.head)
    return len(owners.ids) if found.known and found.asset != "procedural:person" else None


def _named_share(world: World, named: Group | None, count: int | None) -> Group | None:
    """A bare count over objects named before ("six chairs, three on each side"): those of them
    no part took yet, with the count as their share (the relation says how many it takes)."""
    if named is None or not named.ids:
        return None
    ids = list(named.ids)
    if world.parted is not None and world.parted[0] == ids:
        ids = [i for i in ids if i not in world.parted[1]] or ids
    return Group(ids=ids, share=count)


def fill_holder(world: World, group: Group) -> None:
    """"a plate of cookies", "two baskets of apples": what a holder holds are objects of their
    own (as many as the phrase says, a lot for each holder), on it."""
    contents = group.np.contents if group.np is not None else None
    if contents is None or not group.fresh:
        return
    per = phrase_count(contents)
    lot = world.create(contents, per * len(group.ids))
    kind, params = world.vocab.lexicon.relation_phrases["on"]
    for k, holder in enumerate(group.ids):
        apply_relation(world, kind, dict(params), Group(ids=lot.ids[k * per:(k + 1) * per]), [Group(ids=[holder])],
                       f"{contents.text} on the {group.np.head if group.np else holder}")
    world.mention(group)  # "it" after "a plate of cookies" is the plate
