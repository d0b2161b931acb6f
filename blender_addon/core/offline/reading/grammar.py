"""The sentence reader: tokens -> objects and relations in the :class:`World`.

A sentence is read left to right as a chain of clauses. A clause has a *subject* (a noun phrase, or several
joined by "and") and relation phrases, each with its object ("a chair in front of the desk"). Connectors
decide what comes next:

* ``,`` ends a clause; a clause that starts with a relation ("..., facing it") goes on with the previous subject;
* ``and`` joins noun phrases (subjects, or the two ends of "between"), or starts a new clause when a new
  object is introduced;
* ``with`` / ``has`` makes the subject a *host*: what follows belongs to it ("a desk with a lamp" -> the lamp
  stands on the desk, decided by the inference rules).
What each noun phrase refers to (an earlier object, new ones, a part of the room, a surface) is
:mod:`.referring`. Every item the reader could not use is reported back as unparsed text.
"""

from __future__ import annotations

import logging

from .attachment import (each_earlier, end_hosting, finish_before_with, one_apiece, side_anchor, with_ends,
                         with_host)
from .chunks import Item, group_items, relation_source, unparsed_spans
from ..relations.directions import anchor_bare_sides, fronted_anchor
from ..distributions.arranged import face_direction
from .clause import Clause, host_for_place, opens_fronted_clause, participle_subject
from .clause_relation import (acting_subject, clause_landmark, keep_subjectless, measured_gap, occasion_place,
                              own_group, record_outcome, with_measure)
from .measures import GAP_BETWEEN, MEASURED
from ..relations.hanging import hang
from ..inference.figures import lie_down
from .lexicon import Vocabulary
from ..distributions.modifiers import apply_modifier
from ..referents.portions import starts_part, taken_part
from .predicates import loose_words, own_verb, said_of_subject
from .colon_lists import generic_subject
from .purposes import purpose_spans
from .referring import PhraseReferents
from .reader_steps import (attach_to_host, last_two, list_agrees, colon_host, join_groups, joins_objects,
                           objects_complete, opening_faces, read_apart, relative_subject, replay_fronted, second_end,
                           scope_fronted, subject_hangs_or_opens, joins_subject)
from ..relations.anchor_phrases import apply_relation
from ..referents.scene_roles import scene_heading
from ..relations.other_side import KIND as OTHER_SIDE, other_side
from ..relations.wall_refs import along_host_wall, open_wall, openings_on_walls, walls_named_after
from ..relations.surfaces import held_by
from .closed_words import EVERY_ONE, MAIN_VERBS, PLURAL_VERBS, RELATION_VERBS
from .tokens import Token
from ..referents.world import Group, World

log = logging.getLogger(__name__)

GROUP_MODS = frozenset({"row", "stacked", "grid", "aligned", "size_order"})
WALL_DEFAULT = "against"  # the relation of a wall said after a subject with no relation word known
NEEDS_OBJECT_FREE = frozenset({"each_side", "one_side", "on_top_bare", "other_side"})  # may stand without an object


class SentenceReader(PhraseReferents):
    """Reads one sentence into the world; ``unparsed`` lists what it could not use."""

    def __init__(self, world: World, vocab: Vocabulary) -> None:
        self.world = world
        self.vocab = vocab
        self.unparsed: list[str] = []
        self.host: Group | None = None
        self.loose: list[Item] = []  # unknown words since the last phrase: "backed up" (to the wall)
        self.generic: Group | None = None
        self.before: Item | None = None  # the item read before the current one

    def read(self, tokens: list[Token], host: Group | None = None, colon: bool = False) -> list[str]:
        """Read ``tokens`` (one sentence; after a colon, what it lists belongs to ``host``; ended
        by one, ``self.host`` is what the next lists for); returns the unparsed spans."""
        items = group_items(tokens, self.vocab)
        walls_named_after(items := openings_on_walls(scene_heading(items, self.world, colon)))  # "windows on the wall"
        state = Clause(host=host, carried=host)
        reasons = purpose_spans(items, {e.category for e in self.world.entities.values()})  # "so everyone can see it"
        ends = with_ends(items, self.vocab)  # "12 desks, each with a chair, and one teacher's desk": not one each
        for index, item in enumerate(items):
            end_hosting(state, self._finish_relation) if index in ends else None
            if index not in reasons:
                self.before = items[index - 1] if index else None
                self._step(state, item, items[index + 1:])
        self._finish_relation(state)
        scope_fronted(self.world, state, self._finish_relation)  # "Against the north wall, a piano ..., and a bookcase"
        self.host = colon_host(self.world, state, colon)  # "a desk: a laptop in the middle, ..." (or ". Laptop in ...")
        self.generic = generic_subject(self.world, state.subject) if colon else None  # "three things: a, b and c"
        self.unparsed += unparsed_spans(items)
        log.debug("read %s -> unparsed %s", [f"{i.kind}:{i.text}" for i in items], self.unparsed)
        return self.unparsed

    # -- one item -------------------------------------------------------------------------
    def _step(self, state: Clause, item: Item, rest: list[Item]) -> None:
        kind = item.kind
        item.used = item.used or kind in ("FILL", "SEP", "AND", "WITH")
        if kind == "FILL" and state.subject is not None:  # "a woman lying on the sofa": she lies down
            lie_down(self.world, state.subject.ids, item.text)
        if kind == "FILL" and item.text in PLURAL_VERBS | self.vocab.lexicon.plural_verbs:
            list_agrees(state)
        if kind == "REL" and item.text.split()[0] in RELATION_VERBS and not self._relative():
            self._main_verb(state, item.text.split()[0])  # "A desk with two monitors on it faces the wall": the desk
        if kind == "FILL" and item.text in MAIN_VERBS:
            self._main_verb(state, item.text)
        elif kind == "FILL" and item.text in self.vocab.lexicon.mount_verbs:
            self._mount_verb(state)
        elif kind == "FILL":
            relative_subject(self.world, state, item.text)  # ", which is on the south wall"
        elif kind in ("NP", "PRON"):
            open_wall(item, rest)  # "against the wall opposite the sofa": not the wall named last
            if starts_part(self.world, state, item):
                self._comma(state, rest)  # "four of them red and the rest white": each part a clause of its own
            self._noun(state, item)
        elif kind == "SEP":
            self._comma(state, rest)
            if item.token is not None and item.token.value == "purpose":
                state.objects = []  # "..., so it is within reach": "it" goes on about the clause's subject
        elif kind == "AND":
            self._and(state, rest)
        elif kind == "WITH":
            self._with(state, item)
        elif kind == "REL":
            self._relation(state, item, rest)
        elif kind == "MOD":
            self._modifier(state, item)
        elif kind == "MEASURE":
            state.measure, state.measure_item = item.token, item
        elif kind == "UNKNOWN":  # "five tables, each surrounded by chairs"; "The sofa is red."
            item.used = loose_words(self.world, state, item, rest)
            self.loose = [] if item.used else [*self.loose, item]  # "backed up (to) the east wall"
        if kind not in ("UNKNOWN", "FILL"):
            self.loose = []

    def _comma(self, state: Clause, rest: list[Item]) -> None:
        state.last_object = state.objects[-1] if state.objects else None
        if state.fronted and state.objects and state.subject is None:
            return  # "Next to the bed, a nightstand": the subject comes after the comma
        if state.fronted and state.subject is not None and rest and rest[0].kind == "NP":
            state.joining = True  # "On the dresser sit a mirror, a vase and a box."
            return
        if state.subject is not None and not state.related and state.relation is None:
            state.listed.append(state.subject)  # "A cube, a ball and a cone in a row"
        else:
            state.listed = []
        self._finish_relation(state)
        state.previous = state.subject or state.previous
        state.subject, state.joining, state.related, state.introduced = None, False, False, None

    def _with(self, state: Clause, item: Item) -> None:
        placed = occasion_place(self.world, state)  # "a tea party at a table, with a teapot in the centre"
        finish_before_with(state, self._finish_relation)  # "Behind them, a bench with a rack": the bench is behind
        said = item.token.value if item.token is not None else None  # "that both have": the nightstands'
        host = placed or with_host(state, item.text, said) or state.previous or each_earlier(self.world, item.text)
        if host is not None:
            every = host.np is not None and (host.np.determiner in EVERY_ONE or one_apiece(
                host.np, self.vocab.roles(host.np.head))) \
                or taken_part(self.world, host)  # "three of them have an awning": an awning apiece
            each = (item.text.startswith("each ") or every) and len(host.ids) > 1  # "both beds have a lamp"
            state.host = Group(ids=host.ids, np=host.np, distributive=True) if each else host
            self.world.mention(held_by(self.world, item.text, state.host))  # "each table holds five plants"
        state.previous, state.subject, state.joining, state.listed, state.hang_next = host, None, False, [], False

    def _modifier(self, state: Clause, item: Item) -> None:
        self._finish_relation(state)
        token = item.token
        assert token is not None
        subject = state.subject or state.previous
        if subject is not None and state.listed and token.value in GROUP_MODS and not own_group(state, subject):
            subject = Group(ids=list(dict.fromkeys([i for g in state.listed for i in g.ids] + subject.ids)))
            state.listed = []
        subject = host_for_place(self.world, state, subject, centered=token.value == "centered")
        if token.value == "grid" and subject is state.subject and len(state.parts) > 1:  # "a stage and thirty
            last, size = state.parts[-1], int(token.params.get("rows") or 0) * int(token.params.get("cols") or 0)
            if len(last.ids) == size or (last.fresh and last.np is not None and last.np.count is None):
                subject = last  # seats in 5 rows of 6": the grid is the seats
        if subject is None:
            state.fronted_mods.append(item)  # "In the middle of the room there is a rug."
        elif apply_modifier(self.world, str(token.value), token.params, subject, item.text):
            item.used = True
            state.subject, state.related = subject, True
            for subject_item in state.subject_items:
                subject_item.used = True

    def _mount_verb(self, state: Clause) -> None:
        """"The TV *hangs* on the wall": the subject hangs; "*Hang* a clock ...": the next one does."""
        if state.subject is not None and state.subject.ids and not state.related:
            for entity_id in state.subject.ids:
                hang(self.world, entity_id)
        else:
            state.hang_next = True

    def _relative(self) -> bool:
        """Whether the item before opens a relative clause ("a chair that faces the window")."""
        opening = {phrase.split()[0] for phrase in self.vocab.lexicon.relative_pronouns}
        return self.before is not None and self.before.text in opening

    def _main_verb(self, state: Clause, verb: str) -> None:
        """"A bookshelf with books on it *stands* against the wall": the verb belongs to the host."""
        host, subject = state.host, state.subject or state.previous
        if host is None or not host.ids or subject is None or set(subject.ids) & set(host.ids) \
                or own_verb(self.world, state, verb, host, subject):  # "..., and 2 guitars are leaning"
            return
        if all(self.world.hosts.get(i) in host.ids for i in subject.ids):
            self._finish_relation(state)
            state.subject, state.related, state.support = host, False, None
            state.subject_items = []

    def _noun(self, state: Clause, item: Item) -> None:
        in_object = state.relation is not None and not (state.fronted and state.objects and not second_end(state))
        dangling = not in_object and state.subject is not None and not state.joining
        if dangling:  # two noun phrases with nothing between them: not understood, nothing created, unless
            item.used = self._at_wall(state, item) or said_of_subject(self.world, state, item)  # a wall or colours
            return
        group = self._resolve(item, state)
        if group is None:
            return
        if state.fronted and state.objects and not in_object:
            item.used = True  # "On the table, two cups and a teapot": finished at the clause end
            state.subject = Group(ids=state.subject.ids + group.ids) if state.subject else group
            state.joining = False
            attach_to_host(self.world, state, group)
            return
        if in_object:
            state.objects.append(group)
            state.object_items.append(item)
            item.used, state.joining = True, state.joining and state.subject is not None
            if objects_complete(state):
                self._finish_relation(state)
            return
        item.used = item.kind == "NP"  # a pronoun alone says nothing: used once a relation holds
        subject_hangs_or_opens(self.world, state, group)
        state.subject_items = [item] if not state.joining else state.subject_items + [item]
        if state.joining and state.subject is not None:
            state.subject = join_groups(state.subject, group)
            state.parts.append(group)
            self.world.mention(state.subject)  # "A sofa and two armchairs ... They face the fire": all three (multi15)
        else:
            state.subject, state.related, state.support, state.on_chain = group, False, None, None
            state.introduced = None
            state.parts = [group]
        state.joining = False
        attach_to_host(self.world, state, group)
        state.related |= along_host_wall(self.world, state.host, group, item.text)  # "line the back wall with.."
        for mod in state.fronted_mods:
            assert mod.token is not None
            mod.used = apply_modifier(self.world, str(mod.token.value), mod.token.params, state.subject, mod.text)
        state.fronted_mods = []

    def _at_wall(self, state: Clause, item: Item) -> bool:
        """"The desk is backed up to the east wall", "a poster pinned to the wall": a wall right after
        a subject, with only words no rule knows between them, is where the subject stands against
        (or, when it hangs, hangs on); those words are read so. False for any other phrase."""
        np = item.np
        if np is None or np.kind != "location" or np.location != "wall" or state.subject is None \
                or not state.subject.ids or state.related:
            return False
        self._relation(state, Item("REL", WALL_DEFAULT, token=Token("REL", WALL_DEFAULT, WALL_DEFAULT)), [])
        self._noun(state, item)
        for loose in self.loose:
            loose.used = loose.used or item.used
        return True

    def _and(self, state: Clause, rest: list[Item]) -> None:
        nxt = rest[0] if rest else None
        if state.fronted and state.subject is not None:
            state.joining = True
            return
        if state.relation is not None and state.objects:
            if nxt is not None and nxt.kind in ("NP", "PRON") and joins_objects(state, nxt, rest[1:], MAIN_VERBS):
                state.joining = state.joining or (state.fronted and state.subject is None)  # a fronted one's 2nd end
                return
            self._finish_relation(state)
            state.previous, state.subject = state.subject or state.previous, None
            state.joining = False
            return
        if state.subject is not None and not state.related and nxt is not None and joins_subject(state.subject, nxt):
            state.joining = True
        elif state.subject is not None:
            state.previous, state.subject, state.related = state.subject, None, False

    def _relation(self, state: Clause, item: Item, rest: list[Item]) -> None:
        self._finish_relation(state)
        implicit = item.token is not None and bool(item.token.params.get("implicit"))
        if state.joining and state.subject is not None and opens_fronted_clause(rest, implicit):
            state.previous, state.subject, state.joining = state.subject, None, False  # "..., and on its right a lamp"
        if state.subject is None and opens_fronted_clause(rest, implicit):
            state.on_chain = None  # "On the desk, put a lamp, and on the chair, a cushion": not the desk (multi15)
        state.hang_next = state.hang_next and state.subject is None  # "On the wall hang two posters"
        if state.subject is None and not opens_fronted_clause(rest, implicit):
            state.subject = participle_subject(self.world, state, rest)
        token = item.token
        if token is None:
            return
        params = with_measure(state, token)
        state.relation, state.params = item, params
        state.objects, state.object_items = [], []
        state.fronted = state.subject is None  # "Next to the bed, a nightstand."
        if token.value == "face_dir" and state.subject is not None and state.subject.ids:
            face_direction(self.world, state.subject, params, item.text)  # "facing south": no object
            item.used, state.relation = True, None
            return
        if token.value == "face_dir" and state.subject is not None:  # "a window facing south"
            item.used = opening_faces(self.world, state.subject, str(params.get("direction")))
            state.relation = None if item.used else state.relation
            return
        implicit = bool(params.pop("implicit", False))  # "to its left", "in front"
        measured = bool(params.pop(MEASURED, False))  # "about 3 m away": from the clause's landmark
        free = token.value in NEEDS_OBJECT_FREE and not token.text.endswith(" of") \
            and not (rest and rest[0].kind in ("NP", "PRON"))  # "two lamps flanking the sofa": its object
        if implicit and state.fronted:  # "..., and to its right a side table": the subject comes next
            state.objects += [anchor for anchor in [fronted_anchor(self.world, state)] if anchor is not None]
        if (free or implicit) and not state.fronted:
            anchor = (clause_landmark(state, state.subject) if measured else None) \
                or side_anchor(self.world, state, item.text)
            if anchor is not None:
                state.objects.append(anchor)
            self._finish_relation(state)

    def _finish_relation(self, state: Clause) -> None:
        rel = state.relation
        if state.pending and state.subject is not None:  # "Opposite it, against the wall, goes a desk";
            replay_fronted(state, self._finish_relation)  # "In the corner, stack three crates": no relation after
        if rel is None or rel.token is None:
            return
        fronted = state.fronted
        state.relation, state.fronted = None, False
        subject = state.subject
        if rel.token.value == GAP_BETWEEN and measured_gap(self.world, state, rel, subject):
            return  # "leave about a metre between the bed and the wardrobe"
        if subject is None:
            keep_subjectless(state, rel, fronted)
            return
        kind = str(rel.token.value)
        if kind == "between" and not state.objects:  # "a coffee table in between": the two named last
            state.objects = last_two(self.world, subject)
        if read_apart(self.world, state, rel, subject, kind):
            return
        subject, target = acting_subject(self.world, state, subject, kind)
        anchor_bare_sides(self.world, state.objects, state.anchor)  # "behind the desk on the north side"
        apply = other_side if kind == OTHER_SIDE else apply_relation  # "on the other side": of the side said last
        ok = apply(self.world, kind, state.params, target, state.objects,
                            relation_source(rel, state.object_items))
        record_outcome(self.world, state, rel, kind, subject, target, ok, fronted)
