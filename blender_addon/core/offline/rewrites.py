"""The whole-text rewrites the planner runs on a prompt before it reads it sentence by sentence.

Each rewrite takes the prompt's text as the rewrites before it left it and returns the text said in
the words the sentence reader reads ("Use six crates to build a pyramid" -> "six crates in a
pyramid", "Give each desk a lamp" -> "... a lamp at each desk"). :data:`REWRITES` is their one
registry, in the order they run: a rewrite may rely on every one before it (its docstring says
what it reads and what it leaves), never on one after it. :func:`rewrite` runs them; two of them
also say something besides the text (:attr:`Draft.only`, :attr:`Draft.people`). The rewrites that
only the sentence reader sees (the implied groups and mounts) are :data:`READING_REWRITES`: the
text kept for the later steps (the archetype, the occasions' seats, the contents) is without them.
The reader then takes the text sentence by sentence (:func:`sentences`); :data:`SENTENCE_JOINS`
join sentences that read as one ("Along the west wall: a sofa, ...", "Put one on the desk.").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from .completion.capacity_counts import count_by_capacity
from .completion.only_named import only_named
from .completion.per_person import count_per_person
from .distributions.per_place import one_per_place
from .inference import occasions
from .inference.implied import add_groups, add_mounts
from .inference.role_gear import read_ensembles
from .reading import corrections, guests
from .reading.apposed_finish import finish_before
from .reading.colon_lists import join_fronted
from .reading.comparatives import compare_counts
from .reading.conversions import room_conversions
from .reading.elliptic_sentences import join_elliptic
from .reading.functional_places import functional_places
from .reading.giving import read_giving
from .reading.lexicon import Vocabulary
from .reading.lined import lined_compounds
from .reading.multipliers import read_multipliers
from .reading.parentheses import unbracket, undash
from .reading.part_sums import summed_parts
from .reading.pyramids import read_layers
from .reading.relatives import drop_contact_relatives, reduce_relatives, split_relatives
from .reading.room_sides import compass_ones, room_sides
from .reading.rows_said import plain_rows, rows_as_grids
from .reading.sentences import split_marked
from .reading.swaps import fold_swaps
from .reading.shape_goals import shape_goals
from .reading.share_sentences import fold_share_sentences
from .reading.side_compounds import unfold_sides
from .reading.tokens import Tokenizer
from .reading.viewer import from_the_door
from .reading.with_verbs import with_verbs

log = logging.getLogger(__name__)


@dataclass
class Draft:
    """The prompt's text between rewrites, with what the rewrites said besides it."""

    text: str
    vocab: Vocabulary
    complete: bool = True  # the planner completes the scene from its archetype (capacity counts need it)
    only: bool = False  # the text says its objects are all the room holds ("just a bed, nothing else")
    people: list[tuple[str, int]] = field(default_factory=list)  # an occasion's people ("a dinner for six")


def conversions(d: Draft) -> str:
    """Each "<verb> <room> into <new room>" ("Turn the den into an office") said "set up <new room>"."""
    return room_conversions(d.text, d.vocab)


def dashes(d: Draft) -> str:
    """A free-standing dash reads as a comma ("a table - a plate"); a joining one is kept."""
    return undash(d.text)


def apposed_finishes(d: Draft) -> str:
    """A colour or material said after its noun phrase said before its noun ("a fridge (white)": "a white fridge")."""
    return finish_before(d.text, d.vocab)


def shape_said_as_goals(d: Draft) -> str:
    """"Use six crates to build a pyramid": "six crates in a pyramid" (:mod:`.reading.shape_goals`)."""
    return shape_goals(d.text, d.vocab)


def places_by_function(d: Draft) -> str:
    """"a place to sleep": a bed; "somewhere to sit": a chair (:mod:`.reading.functional_places`)."""
    return functional_places(d.text, d.vocab)


def brackets(d: Draft) -> str:
    """Each bracketed part read into the sentence around it ("six chairs (four white, two blue)", "(north)")."""
    return unbracket(d.text)


def multipliers(d: Draft) -> str:
    """A shopping-list count said as a count before its noun ("chairs x6": "6 chairs")."""
    return read_multipliers(d.text)


def viewpoint(d: Draft) -> str:
    """"Seen from the door, the bed is on the left": left, right and ahead as compass sides."""
    return from_the_door(d.text)


def rows_of_counts(d: Draft) -> str:
    """"three rows, four desks in each row": three rows of four desks; "in two neat rows": in two rows."""
    return rows_as_grids(plain_rows(d.text, d.vocab.lexicon), d.vocab.lexicon)


def summed(d: Draft) -> str:
    """"Plants: three on the shelf and two on the floor": "5 plants: ..." (:mod:`.reading.part_sums`)."""
    return summed_parts(d.text, d.vocab)


def relative_clauses(d: Draft) -> str:
    """"elves who are building toys": elves building toys; "a shed Dad built": a shed; "the table that stands
    by the window holds a lamp": "The table stands by the window. The table holds a lamp."
    (:func:`.relatives.split_relatives`)."""
    text = drop_contact_relatives(d.text, d.vocab.names_thing)  # "a shed Dad built": a shed
    return split_relatives(reduce_relatives(text, d.vocab), d.vocab.names_thing)


def with_things(d: Draft) -> str:
    """"... and flank it with two speakers", "ring it with four logs": "put two speakers on either side of
    it", "put four logs around it" (:mod:`.reading.with_verbs`)."""
    return with_verbs(d.text)


def side_compounds(d: Draft) -> str:
    """Each "<place>side <noun>" said "<noun> by a <place>" ("a lakeside campsite": "campsite by a lake")."""
    return unfold_sides(d.text, d.vocab)


def sides_of_the_room(d: Draft) -> str:
    """"each/either/both side(s) of the <room>" and "each side wall" said "both side walls"; a share
    after it in its sentence (", four on each side") said "four on each" (of the walls); "the west one"
    after "the east wall" said "the west wall"."""
    return compass_ones(room_sides(d.text, d.vocab))


def only_the_named(d: Draft) -> str:
    """"just a bed and a wardrobe, nothing else": the words go; :attr:`Draft.only` says it."""
    text, d.only = only_named(d.text)
    return text


def share_sentences(d: Draft) -> str:
    """"... the north and south walls. Three on each.": the share folded into the sentence before."""
    return fold_share_sentences(d.text, d.vocab)


def comparatives(d: Draft) -> str:
    """"as many X as Y", "the same number of X": the count said."""
    return compare_counts(d.text, d.vocab)


def swaps(d: Draft) -> str:
    """"Put the sofa against the south wall and the piano against the north wall. Swap them.": each in
    the other's place (:mod:`.reading.swaps`)."""
    return fold_swaps(d.text, d.vocab.names_thing)


def revisions(d: Draft) -> str:
    """"Actually, make it two.": folded into the sentence it corrects (:mod:`.reading.corrections`)."""
    return corrections.revise(d.text, d.vocab)


def seats_said(d: Draft) -> str:
    """"the table seats six": the table for six."""
    return guests.seats_as_for(d.text, d.vocab)


def giving(d: Draft) -> str:
    """"give each desk a lamp": a lamp at each desk (:mod:`.reading.giving`)."""
    return read_giving(d.text, d.vocab)


def per_person(d: Draft) -> str:
    """Things said per person ("one chair per person") counted by the stated capacity."""
    return count_per_person(d.text, d.vocab)


def by_capacity(d: Draft) -> str:
    """"a meeting room for 8 with chairs": eight chairs; only when the scene is completed."""
    return count_by_capacity(d.text, d.vocab) if d.complete else d.text


def lined(d: Draft) -> str:
    """Each "<X>-lined <Y>" said "<Y> lined with <X>s on both sides" ("a tree-lined avenue")."""
    return lined_compounds(d.text)


def one_a_place(d: Draft) -> str:
    """Each "a <thing> at each/every <place noun>" said "<N> <things>" ("a plate at every place")."""
    return one_per_place(d.text, d.vocab)


def occasion_counts(d: Draft) -> str:
    """The occasion a thing is *for* read as held by it ("Set the table for a formal dinner": "the
    table with a formal dinner"); "for" before anything else is left."""
    return occasions.for_occasion(d.text)


def for_guests(d: Draft) -> str:
    """"Plates for four": "four plates" (the things listed right before "for N" take N)."""
    return guests.count_for_guests(d.text, d.vocab)


def occasion_people(d: Draft) -> str:
    """The "for N (people)" after an occasion's name goes; :attr:`Draft.people` holds (occasion, N)
    in the text's order ("a dinner for six": ("dinner", 6))."""
    text, d.people = occasions.read_counts(d.text, d.vocab)
    return text


def layers(d: Draft) -> str:
    """"a pyramid of boxes, four on the bottom": its layers, not supports (:mod:`.reading.pyramids`)."""
    return read_layers(d.text, d.vocab)


Rewrite = Callable[[Draft], str]
REWRITES: tuple[Rewrite, ...] = (
    conversions, dashes, apposed_finishes, shape_said_as_goals, places_by_function, brackets, multipliers,
    viewpoint, rows_of_counts, summed, relative_clauses, with_things, side_compounds, sides_of_the_room,
    only_the_named, share_sentences, comparatives, revisions, swaps, seats_said, giving, per_person, by_capacity,
    lined, one_a_place, occasion_counts, for_guests, occasion_people, layers,
)


def ensembles(d: Draft) -> str:
    """"a folk duo playing": "two musicians playing" (:mod:`.inference.role_gear`)."""
    return read_ensembles(d.text, d.vocab)


def groups(d: Draft) -> str:
    """"a family relaxing at the seaside": "four people relaxing ..." (:mod:`.inference.implied`)."""
    return add_groups(d.text, d.vocab)


def mounts(d: Draft) -> str:
    """"a cowboy riding through town": "... riding on a horse through town" (:mod:`.inference.implied`)."""
    return add_mounts(d.text)


READING_REWRITES: tuple[Rewrite, ...] = (ensembles, groups, mounts)


def rewrite(draft: Draft, steps: tuple[Rewrite, ...] = REWRITES) -> Draft:
    """``draft`` with each of ``steps`` run on its text in turn (:data:`REWRITES` by default)."""
    for step in steps:
        text = step(draft)
        if text != draft.text:
            log.debug("rewrite %s: %r", step.__name__, text)
        draft.text = text
    return draft


Sentences = list[tuple[str, bool]]  # each sentence with whether a colon ended it
SentenceJoin = Callable[[Sentences, Tokenizer], Sentences]
# a place before a colon joins the list after it (.reading.colon_lists); a sentence opening with a bare
# part word joins the one before (.reading.elliptic_sentences): each join's docstring is its contract
SENTENCE_JOINS: tuple[SentenceJoin, ...] = (join_fronted, join_elliptic)


def sentences(text: str, tokenizer: Tokenizer, joins: tuple[SentenceJoin, ...] = SENTENCE_JOINS) -> Sentences:
    """The sentences of ``text`` as the reader takes them: split where they end, then each of
    ``joins`` run on them in turn."""
    parts = split_marked(text)
    for join in joins:
        parts = join(parts, tokenizer)
    return parts
