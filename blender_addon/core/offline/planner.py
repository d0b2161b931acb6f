"""The offline planner: controlled but natural English -> relational scene graph.

``plan("a bed with a nightstand on each side and a lamp on each nightstand")`` reads the
prompt sentence by sentence (:mod:`.grammar`), adds what common sense implies
(:mod:`.inference.common_sense`) and returns a :class:`~..scene_graph.SceneGraph` whose relation nodes
use the exact CONTRACTS §5 names. Whatever no rule understood is listed in
``SceneGraph.unparsed``; nothing is dropped silently. Deterministic: no randomness at all.
"""

from __future__ import annotations

import logging

from ..assets.catalog import Catalog
from ..errors import BadInput
from ..scene_graph import AssetNode, Edge, RelationNode, SceneGraph
from .completion import furnish
from .completion.user_counts import keep_user_counts, per_presumed
from .inference import occasions
from .inference.activities import add_activities, drop_events, work_on_worktops
from .reading.negations import add_negations
from .reading.grammar import SentenceReader
from .inference.beside_surface import beside_on_its_surface
from .inference.carried_loads import carried_loads
from .setting.ground import (adrift, boats_on_water, piers_at_water, clear_of_buildings, fires_kept_clear,
                             shores_by_water)
from .setting.exterior import exterior_buildings
from .inference.implied import add_contents
from .inference.common_sense import infer
from .inference.plausible import unfit_containment
from .relations.across_walls import stand_across
from .relations.hanging import hang_over_from_ceiling, wall_variant
from .reading.lexicon import Vocabulary
from .completion.extra_walls import follow_neighbours, leave_named_corners, leave_named_rings, nothing_behind_walls
from .distributions.modifiers import rings_facing_a_target
from .coding.coder import graph_setting, is_building, is_outdoor
from .reading.colon_lists import restated_heading, take_over
from .inference.big_furniture import (across_the_room, beside_not_ahead, face_the_hung_wall, people_by_the_seats,
                                      room_behind_in_corner)
from .relations.directions import room_between, room_for_between
from .distributions.per_seat import at_hand_on_the_table, one_place_per_seat
from .distributions.seating import line_long_hosts
from .distributions.ring_places import ring_takes_place
from .distributions.quantities import add_counts
from .setting.indoor_outdoor import decide_setting, object_leaning
from .setting.senses import load_senses, resolve_senses
from .inference.seat_people import seat_people_around_tables, seat_people_at_tables, sit_where_they_watch_from
from .inference.role_gear import add_role_gear, apposed_members
from ..knowledge.archetypes import load_archetypes
from .relations.outdoor_walls import freestanding_wall
from .relations.openings import assign_walls, clear_members, scene_by_opening, outdoor_notes, room_dict, scene_relations
from .setting.finishes import strip_finishes
from .reading.host_lists import lists_on_host
from .reading.roomsize import strip_room_shape, strip_room_size
from .reading.tokens import Tokenizer, words_of
from .relations.wall_refs import (face_out_of_corners, hang_across_open, leave_named_walls, resolve_object_walls,
                                  run_ends, stand_by_hung, walls_from_anchors)
from .referents.unaccounted import said_heads, unaccounted
from .referents.world import INFERRED, World
from .rewrites import READING_REWRITES, Draft, rewrite, sentences

log = logging.getLogger(__name__)
MAX_PROMPT_CHARS = 5000
NO_OBJECTS = "(no objects found in the prompt)"


def plan(prompt: str, *, catalog: Catalog | None = None, complete: bool = True, seed: int = 0) -> SceneGraph:
    """Plan the scene a prompt describes; raises :class:`BadInput` for an empty prompt.

    With ``complete`` a room or scene type the prompt names ("a cozy living room") is
    furnished from its archetype (:mod:`.completion.furnish`; ``seed`` picks the optional items);
    without, only what the prompt names is placed, and so with a text that says its objects are
    all the room holds ("just a bed and a wardrobe", "..., nothing else": :mod:`.only_named`)."""
    _check_prompt(prompt)
    vocab = Vocabulary(catalog)
    draft = rewrite(Draft(prompt, vocab, complete=complete))  # the whole-text rewrites, in their order
    text, only, people = draft.text, draft.only, draft.people
    vocab.exterior = exterior_buildings(text, vocab)  # "a bakery next door to a bookshop": two buildings
    reading = rewrite(Draft(text, vocab), READING_REWRITES).text  # + ensembles, groups, mounts
    world, unparsed = read_prompt(reading, vocab)
    apposed_members(world, reading)  # "three buskers on a corner, a violinist, ...": the violinist is one of them
    drop_events(world)  # "giving a piano lesson": the lesson is no object (its activity's piano stands for it)
    said, presumed = world.sentence, per_presumed(world)  # what the user's text made ("a chair at each desk": no count)
    add_contents(world, vocab, text)  # "rows of computer desks": a computer on each
    occasions.expand(world, vocab, people, seats=occasions.stated_seats(text, vocab))  # "a picnic": a blanket, a basket
    named = frozenset(world.entities)  # what the text introduced, before an archetype adds its own
    unparsed = _furnish(world, vocab, text, named, unparsed, complete=complete and not only, seed=seed)
    used = add_activities(world, text, named)  # "playing chess at a table": a chessboard on it, the players at it
    unparsed = [u for u in unparsed if not furnish.accounted(u, used)]
    work_on_worktops(world)  # "elves building toys at long tables": the toys on the tables
    add_role_gear(world)  # "two guitarists": a guitar each; "a fisherman with his rod": his fishing rod
    if world.entities:
        unparsed = [u for u in unparsed if u != NO_OBJECTS]
    outside = set(vocab.lexicon.scene_prepositions)  # "a table outside": the setting's word, read there
    unparsed = [u for u in unparsed if not furnish.accounted(u, outside)]
    scene_by_opening(world, named)  # "a reading nook by a window": its armchair
    seat_people_at_tables(world)  # "people at the tables": chairs at the tables they sit on
    seat_people_around_tables(world, text)  # "four cowboys seated around a table": a chair each, around it
    sit_where_they_watch_from(world)  # "a lifeguard watching from his tall chair": on it
    keep_user_counts(world, said, presumed)  # "a study with one lamp": no table lamps besides
    outdoor = is_outdoor(to_scene_graph(world, vocab, prompt), vocab.catalog)
    freestanding_wall(world, outdoor)  # "sheep grazing by a dry stone wall on a hillside": a wall that stands there
    _settle(world, outdoor=outdoor, complete=complete)
    return _final_graph(world, vocab, prompt, unparsed)


def _check_prompt(prompt: str) -> None:
    """Raise :class:`BadInput` for an empty or overlong prompt."""
    if not isinstance(prompt, str) or not prompt.strip():
        raise BadInput("the prompt is empty", "prompt")
    if len(prompt) > MAX_PROMPT_CHARS:
        raise BadInput(f"the prompt has {len(prompt)} characters; at most {MAX_PROMPT_CHARS}", "prompt")


def _furnish(world: World, vocab: Vocabulary, text: str, named: frozenset[str], unparsed: list[str], *,
             complete: bool, seed: int) -> list[str]:
    """Read the senses of ambiguous words for the scene and, with ``complete``, furnish the
    room or scene the text names from its archetype, or set a table; returns ``unparsed``
    less the parts the furnishing accounts for."""
    said = _said_setting(world, vocab, text)
    room = furnish.find_room(world, load_archetypes(), words_of(text))
    scene = room.id if room is not None else None
    # "a screen" in a living room: a TV (before its archetype's TV); a noun the room lists itself takes the
    # sense its words and place call for once the room's own are in ("benches" in a greenhouse: work benches)
    items = [i.object for i in room.items] if room is not None and complete else []
    own = frozenset(items) | {i.split()[-1] for i in items}  # its "potting bench": the user's "bench" waits
    resolve_senses(world, scene, said, text, keep=own)
    if not complete:
        return unparsed
    done = furnish.complete(world, vocab, text, seed=seed, outdoor=said == "outdoor")
    leave_named_walls(world, named, furnish.ARCHETYPE_SOURCE.split("{")[0])  # the user's walls are theirs
    follow_neighbours(world, furnish.ARCHETYPE_SOURCE.split("{")[0])  # a sink next to the user's stove: at its wall
    leave_named_corners(world, furnish.ARCHETYPE_SOURCE.split("{")[0])  # the user's corners are theirs too
    leave_named_rings(world, furnish.ARCHETYPE_SOURCE.split("{")[0])  # and the rings they stand round a thing
    nothing_behind_walls(world, furnish.ARCHETYPE_SOURCE.split("{")[0])  # nor behind what the user stood at one
    resolve_senses(world, scene, said, text)  # the archetype's "screen" on a lecture hall's wall
    unparsed = [u for u in unparsed if not furnish.accounted(u, done.used_words)]
    if done.archetype is None:  # "a table for two": its seats and plates
        used = furnish.set_table(world, vocab, text)
        unparsed = [u for u in unparsed if not furnish.accounted(u, used)]
    return unparsed


def _said_setting(world: World, vocab: Vocabulary, text: str) -> str:
    """Indoor or outdoor by the text and the objects it names so far (:func:`.setting.decide_setting`);
    a noun whose thing depends on the setting ("the fire": a fireplace or a campfire) is not counted."""
    placed = frozenset(e.category for e in world.entities.values())  # "in front of a saloon": a building
    by_setting = {noun for noun, senses in load_senses().items() if any(s.settings for s in senses)}
    leans = [object_leaning(e.category, vocab.match(e.description, e.hints, e.category).asset, vocab.catalog,
                            is_building(e.category)) for e in world.entities.values() if e.category not in by_setting]
    buildings = frozenset(c for c in placed if is_building(c))
    return decide_setting(text, leans.count("outdoor"), len(leans) - leans.count(None), vocab.catalog,
                          placed=placed, buildings=buildings).kind


def _settle(world: World, *, outdoor: bool, complete: bool = True) -> None:
    """The rules over the whole world once everything is read: inferred relations, ground and
    water, negations and counts, walls for the objects that stand or hang on one."""
    unfit_containment(world)  # "a scientist peering into a microscope": near it, not inside
    hang_over_from_ceiling(world, outdoor)  # "hang a lamp over the table": a ceiling lamp on its cord
    line_long_hosts(world)  # "a park path lined with benches": along it
    ring_takes_place(world)  # "By the window, two armchairs around a small table": the table by the window
    at_hand_on_the_table(world)  # "elves building toys at long tables": the toys on the tables
    infer(world, outdoor=outdoor)
    one_place_per_seat(world)  # "set the table for four": each plate at a seat of its own
    if complete and outdoor and adrift(world):  # "a pirate ship anchored near a small island": on the sea
        world.sentence += 1
        SentenceReader(world, world.vocab).read(Tokenizer(world.vocab).tokenize("a sea"))
    piers_at_water(world)  # "a fisherman on a wooden pier": the pier reaches the sea
    beside_on_its_surface(world)  # "a lamp on the nightstand and a glass next to it": on the nightstand
    carried_loads(world)  # "a table with a turkey on a platter": the platter on the table
    room_between(world)  # "side by side with a nightstand between them": no longer touching
    shores_by_water(world)  # "a canoe on the shore": the shore lies by the lake
    boats_on_water(world)  # "a fishing village with boats": the boats float on its sea
    fires_kept_clear(world)  # "two tents and a campfire": the tents a safe distance from the fire
    room_for_between(world)  # "tents near the lake, a fire between them and the lake": room for the fire
    clear_of_buildings(world)  # "a knight in front of a castle": not pressed against its wall
    add_negations(world)
    add_counts(world)
    stand_across(world)  # "a wardrobe opposite the bed": at the wall across from the bed's
    resolve_object_walls(world)  # "a desk against the opposite wall": opposite the bed's
    walls_from_anchors(world)  # "a TV on the wall across from the sofa": the sofa's opposite
    hang_across_open(world)  # "a wall-mounted TV opposite the couch": on the back wall, the couch across
    stand_by_hung(world)  # "a desk pushed against the blackboard": under it, at its wall
    run_ends(world)  # "the fridge at the end of the counters, against the same wall": beside the last
    face_out_of_corners(world)  # "an armchair in the corner": facing the room, not the corner
    assign_walls(world)
    room_behind_in_corner(world)  # "an armchair in the corner, a lamp behind it": room for the lamp
    face_the_hung_wall(world)  # "a treadmill facing the mirror on the north wall": facing north
    people_by_the_seats(world)  # "a terminal with people and seating areas": people by the seats
    across_the_room(world)  # "the TV on the east wall opposite the sofa on the west wall": any width
    beside_not_ahead(world)  # "to its right a side table": level with it
    clear_members(world)
    rings_facing_a_target(world)


def _final_graph(world: World, vocab: Vocabulary, prompt: str, unparsed: list[str]) -> SceneGraph:
    """The settled world as a scene graph, with its setting and every part not understood."""
    graph = to_scene_graph(world, vocab, prompt)
    setting = graph_setting(graph, vocab.catalog)  # indoors or outdoors, and why (report.json says it)
    graph.room = {**(graph.room or {"openings": []}), "setting": setting.to_dict()}
    unparsed += outdoor_notes(world, setting.kind == "outdoor")  # "a red wall" in a park
    unparsed += unaccounted(world, vocab, unparsed + world.notes)  # a dropped noun is never silent
    graph.unparsed = _outermost(unparsed + world.notes)
    if graph.unparsed:
        log.warning("offline planner did not understand: %s", "; ".join(graph.unparsed))
    return graph


def _outermost(parts: list[str]) -> list[str]:
    """Each not-understood part once: a part inside a longer reported one is left out
    ("an l shape" within "in an l shape")."""
    unique = list(dict.fromkeys(parts))
    return [p for p in unique if not any(p != q and f" {p} " in f" {q} " for q in unique)]


def read_prompt(prompt: str, vocab: Vocabulary) -> tuple[World, list[str]]:
    """Read every sentence into a fresh world; returns it with the unparsed spans."""
    tokenizer = Tokenizer(vocab)
    world = World(vocab=vocab)
    unparsed: list[str] = []
    host, generic, listed = None, None, False
    heading: list[str] = []  # "A fishing pier at dawn:": what the heading made
    for index, (sentence, colon) in enumerate(sentences(prompt, tokenizer)):
        world.sentence = index
        words, size = strip_room_size(vocab.lexicon, strip_finishes(world, words_of(sentence)))
        words, square = strip_room_shape(vocab.lexicon, words)  # "Make the room square": no town square
        world.square |= square
        world.room_size = size or world.room_size  # "the walls light grey", "5 by 4 metres": the room's
        reader = SentenceReader(world, vocab)
        before = set(world.entities)
        tokens = tokenizer.tokenize(" ".join(words))
        host = host if listed or lists_on_host(tokens, vocab) else None  # "Organize my desk. Laptop in the middle, ..."
        world.said_heads += said_heads(tokens, vocab, title=index == 0)  # each thing it names: placed or reported
        unparsed += reader.read(tokens, host, colon)
        if generic is not None:
            take_over(world, generic, before)  # "Three things go against the back wall: a, b and c."
        if index == 1 and heading:
            restated_heading(world, heading, before)  # "A fishing pier at dawn: a weathered wooden pier ..."
        if index == 0:
            unparsed += _unknown_title(world, before, words)  # "Hostel dorm.": a name for the room, no box
            heading = [i for i in world.entities if i not in before] if colon else []
        host, generic, listed = reader.host, reader.generic, colon  # after a colon: "a desk: a laptop in the middle"
    world.presumed_one = None  # "the dresser ... a dresser" is the user's text's; an archetype's things are its own
    if not world.entities:
        unparsed.append(NO_OBJECTS)
    return world, unparsed


def _unknown_title(world: World, before: set[str], words: list[str]) -> list[str]:
    """A first sentence that is only a bare noun no asset knows ("Hostel dorm.", "Artist loft,
    please.") names the scene, not a thing in it: its object is dropped and the words reported
    as not understood (never a labelled box); [] when the sentence is anything else."""
    made = [i for i in world.entities if i not in before]
    if len(made) != 1 or any(made[0] in rel.args for rel in world.relations):
        return []
    entity = world.entities[made[0]]
    tokens = [t for t in Tokenizer(world.vocab).tokenize(" ".join(words)) if t.kind not in ("FILL", "SEP")]
    if any(t.kind != "WORD" for t in tokens) or world.vocab.match(entity.description, entity.hints,
                                                                   entity.category).known:
        return []
    world.forget(entity.id)
    return [" ".join(t.text for t in tokens)]


def to_scene_graph(world: World, vocab: Vocabulary, prompt: str) -> SceneGraph:
    """The world's objects and relations as a scene graph (relation ids r1, r2, ...)."""
    assets = []
    for entity in world.entities.values():
        category, description = entity.category, entity.description
        if entity.mount == "wall":  # "hang a clock": a wall clock
            category = wall_variant(world, entity)
            description = description if category == entity.category else " ".join([*entity.hints, category])
        match = vocab.match(description, entity.hints, category)
        height = entity.height if entity.height is not None else match.dimensions[2]
        assets.append(AssetNode(id=entity.id, category=category, description=description,
                                height=round(float(height), 4), hints=entity.hints, asset=match.asset,
                                mount=entity.mount, size=entity.size))
    relations, edges = [], []
    for number, rel in enumerate(world.relations + world.kept_clear, start=1):
        rid = f"r{number}"
        source = rel.source if not rel.inferred or rel.source.startswith(INFERRED) else INFERRED + rel.source
        name, args, params = scene_relations(rel.relation, rel.args, rel.params)
        relations.append(RelationNode(id=rid, relation=name, params=params, source=source))
        edges += [Edge(relation=rid, asset=arg, role=role) for role, arg in enumerate(args)]
    log.debug("planned %d objects, %d relations", len(assets), len(relations))
    return SceneGraph(assets=assets, relations=relations, edges=edges, prompt=prompt, room=room_dict(world))
