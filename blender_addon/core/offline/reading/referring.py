"""What a noun phrase of a sentence refers to: a pronoun's earlier objects, an ellipsis' group ("three
on each side"), a scene, a part of the room (a wall, a corner, the middle of a table), a named surface
("the top shelf of the bookcase"), an arrangement ("the rows"), or the objects it names: an earlier one
("the chair"), or new ones, as many as it counts.

:class:`PhraseReferents` is a mixin of :class:`.grammar.SentenceReader`; it reads ``self.world``,
``self.vocab`` and adds to ``self.unparsed``.
"""

from __future__ import annotations

from ..distributions.modifiers import apply_collective
from ..referents.described_ones import earlier_one, presume_earlier
from ..referents.each_one import unnamed_one
from ..referents.presumed import create_or_adopt
from ..referents.proforms import OTHER, all_of, other_of
from ..referents.scene_roles import scene_reading
from ..referents.world import Group, Place, World
from ..relations.onlookers import onlookers
from ..relations.openings import OPENINGS, finish_room, opening_place
from ..relations.surfaces import names_surface, owner_phrase, surface_reference
from ..relations.wall_refs import opening_wall
from .clause import Clause, nearest_subject, one_each, owner_of, part_owner, place_side, resolve_pronoun
from .closed_words import ARRANGEMENTS
from .items import Item
from .lexicon import Vocabulary
from .phrases import NounPhrase
from .phrase_groups import ellipsis_group, fill_holder, one_each_owned, phrase_count


class PhraseReferents:
    """Noun phrases -> groups of the world (the sentence reader's)."""

    world: World
    vocab: Vocabulary
    unparsed: list[str]

    def _resolve(self, item: Item, state: Clause) -> Group | None:
        if item.kind == "PRON":
            assert item.token is not None
            group = resolve_pronoun(self.world, state, str(item.token.value))
            return all_of(group) if item.text.split()[0] == "all" else group  # "on all of them"
        np = item.np
        assert np is not None
        if np.kind == "ellipsis":  # "six chairs, three on each side"; "Two sofas. One faces the TV."
            return ellipsis_group(self.world, state, np, item.of)
        if np.kind == "scene" and (scene := scene_reading(self.world, state, np)) is not None:
            return scene  # "in a forge": the place; "next to a forge": the thing, and still the place it names
        if np.kind in ("nothing", "zone"):  # a zone stands for what the next relation names ("in front of the door")
            return Group(ids=[], np=np)
        if np.kind == "nonobject":
            self.unparsed.append(np.text)  # never a labelled box: the user sees it was not understood
            return Group(ids=[], np=np)
        if np.kind == "part":
            return part_owner(self.world, state, np)
        if np.kind == "location":
            return self._location(item, np, state)
        shaped = self.world.ring_place(np)  # "inside the L", "in the circle": the shape a group makes
        if shaped is not None:
            return shaped
        if np.definite and np.head in ARRANGEMENTS and not self.world.find(np):
            found = self.world.arrangement() or self.world.largest_group(state.subject)  # "in front of the rows"
            if found is None:
                self.unparsed.append(np.text)  # no rows named, no group to be them: never boxes called "row"
            return Group(ids=found.ids if found else [], np=np)  # "Each row has four desks" (.row_counts)
        if (surface := self._surface(item, np)) is not None:
            return surface
        done, one = unnamed_one(self.world, state, np)  # "each one": each window, each of the tables...
        if done:
            return one
        if state.relation is not None and state.subject is not None:
            one_each(self.world, state, np)
        if state.relation is not None and np.definite and len(state.parts) > 1:
            narrowed = nearest_subject(self.world, state, np)
            if narrowed is not None:
                return narrowed
        return self._named_thing(np, state)

    def _named_thing(self, np: NounPhrase, state: Clause) -> Group:
        """The objects a phrase names: earlier or new ones; "(facing) the audience" the people who watch."""
        if state.subject is not None and (watching := onlookers(self.world, _kind(state), np, state.subject,
                                                                 np.text)) is not None:
            return watching  # the scene's people, else nothing: the side they watch from (relations.onlookers)
        return self._lookup_or_create(np, state.subject if state.relation is not None else None)

    def _location(self, item: Item, np: NounPhrase, state: Clause) -> Group:
        """A part of the room: a wall, corner, the floor...; a door or window is cut in a wall."""
        of_group = owner_of(self.world, state, item.of, self._lookup_or_create)  # "the middle of the table / of it"
        distributive = np.determiner in ("each", "all") or np.plural
        side = opening_wall(self.world, np) or place_side(self.world, np, of_group)  # or "the window wall"
        if np.location in OPENINGS and of_group is None:
            return Group(ids=[], np=np, place=opening_place(self.world, np, side), distributive=distributive)
        self.unparsed += finish_room(self.world, np, of_group)  # "blue walls", "a wooden floor"
        return Group(ids=[], np=np, place=Place(np.location or "", side, of_group), distributive=distributive)

    def _surface(self, item: Item, np: NounPhrase) -> Group | None:
        """"the top shelf of the bookcase", "the sofa's seat": a named surface of an object."""
        of = item.of if item.of is not None and item.of.kind == "asset" and names_surface(self.vocab, np) else \
            owner_phrase(self.vocab, np)
        surface = surface_reference(self.world, np, self._lookup_or_create(of) if of is not None else None)
        if surface is not None:
            self.world.mention(Group(ids=list(dict.fromkeys(surface.ids))))  # "it" later is the bookcase, not its shelf
        return surface

    def _lookup_or_create(self, np: NounPhrase, exclude: Group | None = None) -> Group:
        if np.determiner == OTHER and (other := other_of(self.world, np)) is not None:
            return other  # "the other chair"; "the other one" when only one was named is a new one
        found = earlier_one(self.world, np, exclude)  # "the chair"; "the keys" of the piano named: the piano
        if found is not None:
            self.world.mention(found)
            return found
        presume_earlier(self.world, np)  # "a second sofa" with none named: the first one too
        count = phrase_count(np)
        if np.determiner == "each" and exclude is not None and not exclude.fresh and np.count is None:
            count = max(count, -(-len(exclude.ids) // (exclude.share or 1)))  # "two lamps, one on each
            # nightstand": two nightstands; "twelve chairs, four at each table": three tables
        count = one_each_owned(self.vocab, np, exclude) or count  # "five students sit at their desks": five
        group = create_or_adopt(self.world, np, count)  # "two desks" after "a lamp on each desk": those
        group.distributive = np.determiner in ("each", "both")
        apply_collective(self.world, group, np.text)
        fill_holder(self.world, group)  # "a plate of cookies": the cookies, on it
        return group


def _kind(state: Clause) -> str | None:
    """The kind of the clause's relation ("facing"), if it has one."""
    token = state.relation.token if state.relation is not None else None
    return str(token.value) if token is not None else None
