"""Which earlier object a described or counted "one" means, and objects an ordinal presumes.

"Put a big sofa against the north wall and a smaller one against the east wall. Put a coffee
table in front of the big one." -- "the big one" is the sofa marked big, not a new coffee table;
"Put a lamp on the larger one" of two desks is the larger desk (or the later one when they are
the same size); "a third chair next to the second one" is the second chair, the subject's own
kind. "Add a second sofa opposite the first one" with no sofa named yet presumes the first one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..reading.closed_words import EVERY_ONE, word_set
from ..reading.phrases import NounPhrase

CARRIERS = frozenset({"surface", "soft_surface", "tv_surface"})  # furniture small things stand on

if TYPE_CHECKING:
    from ..reading.clause import Clause
    from .world import Group, World

LAST = -1  # the ordinal of "last" (lexicon ordinals)
BIG = word_set("big_words")  # "the big table": the bigger one
SMALL = word_set("small_words")


def matching_ids(world: World, head: str) -> list[str]:
    """The objects a definite phrase's ``head`` can mean: those of that name; else those whose
    name ends the same or whose catalog kind is the same, unless the knowledge base knows the two apart
    ("the desk" may be the writing desk, but "the teacher's desk" is not just any desk, nor "the dog"
    the cat), and those of a synonym of other length ("the
    bedside table": the nightstand); else by the lexicon's aliases ("the fire": the fireplace);
    else a one-word name ending in it ("the chair": the armchair)."""
    entities, canon = list(world.entities.values()), world.vocab.canonical
    exact = [e.id for e in entities if e.category == head]
    if exact:
        return exact
    last, canonical, size = head.split()[-1], canon(head), len(head.split())
    synonym = canonical != canon(last) and canonical != head  # "bedside table" names a nightstand, not a kind of
    # table; "the teacher's mat" is a rug as "mat" is: no other name for the mats named before
    alike = [e for e in entities if canon(e.category) == canonical and not known_apart(e.category, head)]
    found = [e.id for e in entities if (len(e.category.split()) >= size and (e.category.split()[-1] == last
             or e in alike) and not _other_modifier(e.category, head)) or (synonym and e in alike)]
    if found:
        return found
    aliases = world.vocab.lexicon.aliases.get(head, ())  # "the last house": the last of the tin shacks
    found = [e.id for e in entities if e.category in aliases or e.category.split()[-1] in aliases
             or canon(e.category) in aliases]
    return found or [e.id for e in entities if closed_compound_of(e.category, head)]


def known_apart(category: str, head: str) -> bool:
    """Whether the knowledge base files the two names as different kinds of one family, though the
    catalog draws both with one model ("a cat ... the dog": one animal model, two animals; "a washing
    machine and the dryer", "a painting ... the poster"). Not for a name it does not know, a word of
    the name said alone ("a chest of drawers ... the chest") or the family's own name ("a sectional
    ... the sofa", "travellers ... the people")."""
    from ...knowledge.objects import load_knowledge
    kb = load_knowledge()
    facts = [kb.lookup(category), kb.lookup(head)]
    if facts[0] is None or facts[1] is None or set(head.split()) < set(category.split()):
        return False
    kinds = {facts[0].category, facts[1].category}
    if len(kinds) == 1 and _another_role(category, head, facts[1]):
        return True  # "three scouts ... their leader": two people
    return facts[0].family == facts[1].family and len(kinds) == 2 and facts[0].family not in kinds


def of_known_kind(world: World, head: str, avoid: set[str]) -> list[str]:
    """"An aquarium ... the fish tank": the objects the knowledge base files under the kind ``head``
    names (its synonyms) or counts as that kind (``counted_as``: "a mic stand ... the mic", "a futon ...
    the sofa"); "a piano ... the instrument", "a puppy ... the animal": those it files under the family
    ``head`` names, when ``head`` is no kind of its own (never ``avoid``'s); the
    last resort of :meth:`.world.World.find`, after :func:`matching_ids` and :func:`named_more_closely`."""
    from ...knowledge.objects import load_knowledge
    kb = load_knowledge()
    facts = {e.id: kb.lookup(e.category) for e in world.entities.values() if e.id not in avoid}
    lex = world.vocab.lexicon
    if head in lex.surface_nouns or head in lex.part_nouns or any(f is not None and head in f.parts
                                                                  for f in facts.values()):
        return []  # "a bookcase with three shelves, a book on each shelf": its parts, not it
    own = kb.lookup(head)
    if own is not None:  # a name the knowledge base lists for the kind, not any phrase ending in one ("tutor's desk")
        named = head == own.category or head in own.synonyms  # "a mic stand ... behind the mic": the stand, which
        return [i for i, f in facts.items() if named and f is not None  # the knowledge base counts as a microphone
                and own.category in (f.category, f.counted_as)
                and not _another_role(world.entities[i].category, head, own)]
    return [i for i, f in facts.items() if f is not None and f.family == head]


def _another_role(category: str, head: str, own: Any) -> bool:
    """Whether two names the knowledge base files under one kind of person are two people ("three
    scouts ... their leader", "a villager ... the gardener"): people of another name are the same only
    when one of the names is the kind's own or a plain name of people ("a gardener ... the person",
    "travellers ... the people": ``word_lists['plain_people']``)."""
    plain = {own.category, *word_set("plain_people")}
    return own.family == "person" and category != head and head not in plain and category not in plain


def _other_modifier(category: str, head: str) -> bool:
    """Whether a name of several words is another kind than ``head`` of as many words: the same
    noun with other words before it ("the teacher's desk" is no "student desk")."""
    words, own = head.split(), category.split()
    return len(words) > 1 and len(own) == len(words) and own[:-1] != words[:-1]


def closed_compound_of(category: str, head: str) -> bool:
    """Whether a one-word ``category`` is a kind of ``head`` written as one word: "the chair"
    after "an armchair", "the case" after "a bookcase", "the stand" after "a nightstand" --
    the same object re-mentioned by the last part of its name (at least three letters before it)."""
    return " " not in category and " " not in head and len(head) >= 4 and len(category) >= len(head) + 3 \
        and category.endswith(head)


def named_more_closely(world: World, np: NounPhrase, avoid: set[str]) -> list[str]:
    """"A table by the window. ... four chairs around the dining table": a definite phrase whose
    fuller name matches nothing is the one object (a plural: the objects) named by its bare head
    noun, then called by the fuller name; [] when no such single object exists ("12 desks. The
    teacher's desk ...": a new desk). Said of every one ("every student desk", "all the dining
    chairs"), it is all those named by the bare noun, besides others of that noun (the teacher's desk)."""
    words = np.head.split()
    every = np.determiner in EVERY_ONE  # "a pair of headphones on every student desk": the desks, not the teacher's
    if len(words) < 2 or (np.determiner != "definite" and not every) or np.count is not None:
        return []
    named = [e for e in world.entities.values() if e.id not in avoid and e.category.split()[-1] == words[-1]]
    bare = [e for e in named if e.category == words[-1]]
    if not bare or (len(bare) != 1 and not (np.plural or every)) or (len(bare) != len(named) and not every):
        return []  # "two chairs at the table. The dining chairs are wooden.": both chairs
    for entity in bare:
        entity.category, entity.roles = np.head, world.vocab.roles(np.head)
        entity.description = " ".join(dict.fromkeys([*entity.hints, *np.hints, np.head]))
        entity.hints = tuple(dict.fromkeys([*entity.hints, *np.hints]))
    return [e.id for e in bare]


def size_polarity(hints: tuple[str, ...]) -> int:
    """+1 when the hints say big, -1 when they say small, 0 when they say neither."""
    words = set(hints)
    return (1 if words & BIG else 0) - (1 if words & SMALL else 0)


def _kinds(world: World, avoid: set[str]) -> list[str]:
    """The categories of the objects mentioned, latest first, each once (never ``avoid``'s)."""
    out: list[str] = []
    for group in reversed(world.history):
        for i in reversed(group.ids):
            if i in world.entities and i not in avoid and world.entities[i].category not in out:
                out.append(world.entities[i].category)
    return out


def _fits(world: World, entity_id: str, hints: tuple[str, ...]) -> bool:
    """The object carries the hints, or a size word of the same sense ("the large one": the big one)."""
    own = world.entities[entity_id].hints
    return set(hints) <= set(own) or (size_polarity(hints) != 0 and size_polarity(hints) == size_polarity(own))


def referred_head(world: World, state: Clause, np: NounPhrase) -> str | None:
    """The category "the big one" / "the first one" stands for: the latest kind (the subject's
    own too) with an object besides the subject that the hints describe, else with enough
    objects for the ordinal or the comparison, else the latest kind named; for "on" a kind
    things stand on when one was named."""
    subject = state.subject if state.relation is not None else None
    avoid = set(subject.ids) if subject is not None else set()
    kinds = _kinds(world, avoid)
    if state.relation is not None and state.relation.token is not None and state.relation.token.value == "on":
        kinds = [k for k in kinds if world.vocab.roles(k) & CARRIERS] or kinds  # "a lamp on the larger one": a desk
    members = {k: [e.id for e in world.entities.values() if e.category == k and e.id not in avoid] for k in kinds}
    if np.hints:
        described = [k for k in kinds if any(_fits(world, i, np.hints) for i in members[k])]
        if described:
            return described[0]
        if not np.definite and np.ordinal is None:  # "a big lamp by the bed and a small one": said against
            contrasted = [k for k in kinds if any(world.entities[i].hints for i in members[k])]  # a described one
            if contrasted:
                return contrasted[0]
    ordinal = 2 if np.ordinal == LAST else np.ordinal  # "the last one": of a kind named more than once
    need = max(ordinal or 1, 2 if size_polarity(np.hints) else 1)
    if np.ordinal and not np.definite:  # "two guitars on the wall ... and a third one": one more of a kind
        need = np.ordinal - 1  # named ordinal - 1 times (the guitars), not the latest kind (the amp)
    enough = [k for k in kinds if len(members[k]) >= need]
    if enough:
        return enough[0]
    return kinds[0] if kinds else world.antecedent_head()


def pick_by_size(world: World, np: NounPhrase, matches: list[str]) -> list[str]:
    """Of the objects a definite phrase matches, those its size words pick: "the big one" is the
    one marked big (or large), else not the one marked small, else the largest of them."""
    polarity = size_polarity(np.hints)
    if not polarity or len(matches) < 2:
        return matches
    marked = [i for i in matches if _fits(world, i, np.hints)]
    if marked:
        return marked
    unmarked = [i for i in matches if size_polarity(world.entities[i].hints) != -polarity] or matches

    def volume(entity_id: str) -> float:
        w, d, h = world.size_of(entity_id)
        return w * d * h
    best = max(volume(i) for i in unmarked) if polarity > 0 else min(volume(i) for i in unmarked)
    sized = [i for i in unmarked if abs(volume(i) - best) < 1e-9]
    return sized if len(sized) < len(unmarked) else unmarked


def presume_earlier(world: World, np: NounPhrase) -> None:
    """"a second sofa" when no sofa was named: the first one is presumed, made before it (its
    own group, so "the first one" can find it)."""
    if not np.added_ordinal or np.ordinal is None:
        return
    have = sum(1 for e in world.entities.values() if e.category == np.head)
    missing = np.ordinal - 1 - have
    if missing > 0:
        earlier = NounPhrase(text=np.head, head=np.head, hints=np.hints, description=np.description or np.head)
        world.create(earlier, missing)



def earlier_one(world: World, np: NounPhrase, exclude: Group | None = None) -> Group | None:
    """The earlier object a phrase means: a definite (or ordinal) one already named ("the chair"),
    else the thing named before whose part the phrase names (:func:`whole_of_part`)."""
    definite = (np.definite or np.ordinal is not None) and not np.added_ordinal  # not "a third armchair"
    found = world.find(np, exclude) if definite else None
    return found or whole_of_part(world, np, definite)


def whole_of_part(world: World, np: NounPhrase, definite: bool) -> Group | None:
    """"A grand piano ... with the keyboard facing into the room, a stool at the keys": a part noun
    of a thing named before (the knowledge base's ``parts``) is that thing, never a new object of
    its own (a computer keyboard; a bare one: :func:`.of_with.bare_parts`). None when no thing
    named has that part, or the phrase counts its own things ("two keyboards")."""
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)
    from .world import Group

    named = [g for g in world.history if g.ids]
    if np.kind != "asset" or np.count is not None or not definite or not named:
        return None
    knowledge = load_knowledge()
    for group in reversed(named):
        owners = [i for i in group.ids if knowledge.has_part(world.entities[i].category, np.head)]
        if owners:
            return Group(ids=owners, np=group.np)
    return None
