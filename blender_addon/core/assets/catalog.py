"""The procedural asset catalog and the lookup from a free noun phrase to an asset.

The data lives in ``assets_index/procedural.json`` (schema ``setdresser.assets/1``): one
entry per category with its synonyms, real default size [w (x), d (y), h (z)] in metres,
whether things can stand on it, and the adjectives its builder understands. Conventions
are CONTRACTS §1: origin bottom-centre, front = local -Y, Z up.

``Catalog.resolve`` never raises: an unknown noun gets ``known=False``, the
``procedural:unknown`` asset (a labelled box), a plausible size and a warning.
"""

from __future__ import annotations

import functools
import logging
import math
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..datafiles import read_json
from ..errors import BadInput
from .entries import AssetEntry, AssetMatch, Finish, Vec3, parse_entry, parse_vec3
from .families import load_families
from .kinds import category_words, head_fits, kind_base, other_name_kind, own_kind, said_kind, typical
from .phrase import head_region, is_quantity, normalise, singular, tokens
from .tones import last_colour, parse_tones, pick_finish

log = logging.getLogger(__name__)

ASSETS_SCHEMA = "setdresser.assets/1"
UNKNOWN_ASSET = "procedural:unknown"
DEFAULT_INDEX = Path(__file__).resolve().parents[3] / "assets_index" / "procedural.json"
MAX_NAME_WORDS = 4  # the longest synonym ("full length wall mirror") has 4 words
def _key(words: Sequence[str]) -> str:
    # Spaces are dropped so "night stand", "night-stand" and "nightstand" meet.
    return "".join(words)


def _name_keys(facts: Any) -> set[str]:
    """The keys of a knowledge-base category's names, each also with its last word singular."""
    out = set()
    for name in (facts.category, *facts.synonyms):
        words = normalise(name).split()
        if words:
            out |= {_key(words), _key([*words[:-1], singular(words[-1])])}
    return out


class Catalog:
    """The asset library: entries by category and a synonym index for noun phrases."""

    def __init__(self, data: Mapping[str, Any], source: str = "<memory>") -> None:
        if data.get("schema") != ASSETS_SCHEMA:
            raise BadInput(f"schema must be {ASSETS_SCHEMA!r}", source)
        raw_entries = data.get("entries")
        if not isinstance(raw_entries, list) or not raw_entries:
            raise BadInput("'entries' must be a non-empty list", source)
        self._entries = tuple(parse_entry(e, f"{source}: entries[{i}]") for i, e in enumerate(raw_entries))
        self._by_category = {e.category: e for e in self._entries}
        self._by_asset = {e.asset: e for e in self._entries}
        self._names: dict[str, AssetEntry] = {}
        for entry in self._entries:
            for name in (entry.category, *entry.synonyms):
                self._names.setdefault(_key(normalise(name).split()), entry)
        self._sizes = {k: tuple(map(float, v)) for k, v in data.get("size_adjectives", {}).items()}
        self._shapes = frozenset(data.get("shape_adjectives", ()))
        self._colours, self._materials = self._parse_finishes(data)
        self._tones = parse_tones(data.get("colour_tones", {}), source)
        unknown = data.get("unknown", {})
        self._unknown_dims = parse_vec3(unknown.get("dimensions", (0.5, 0.5, 0.5)), f"{source}: unknown")
        self._unknown_sizes = {_key(k.split()): parse_vec3(v, f"{source}: unknown.sizes.{k}")
                               for k, v in unknown.get("sizes", {}).items()}
        self._variant_words = frozenset(v for e in self._entries for v in e.variants)

    @staticmethod
    def _parse_finishes(data: Mapping[str, Any]) -> tuple[dict[str, Finish], dict[str, Finish]]:
        colours = {name: Finish(color=parse_vec3(rgb, f"colours.{name}"))
                   for name, rgb in data.get("colours", {}).items()}
        materials = {name: Finish(color=parse_vec3(spec["color"], f"materials.{name}"),
                                  roughness=float(spec.get("roughness", 0.6)),
                                  metallic=float(spec.get("metallic", 0.0)))
                     for name, spec in data.get("materials", {}).items()}
        return colours, materials

    # -- queries -------------------------------------------------------------------------
    def entries(self) -> tuple[AssetEntry, ...]:
        """All entries, in index order."""
        return self._entries

    def categories(self) -> tuple[str, ...]:
        """All category names, in index order."""
        return tuple(e.category for e in self._entries)

    def entry(self, name: str) -> AssetEntry | None:
        """The entry with this category name or asset id ("desk", "procedural:desk"), if any."""
        found = self._by_category.get(name) or self._by_asset.get(name)
        if found is None and name.startswith("procedural:"):
            found = self._by_asset.get("procedural:" + name.split(":", 1)[1].replace(" ", "_"))
        return found

    def finish(self, hints: Sequence[str]) -> Finish | None:
        """The look the hints ask for: a colour word wins for the colour, a material word
        ("wooden", "metal") sets gloss (and colour when no colour word is given); a tone word
        right before either changes its colour ("pale green", "dark wood": assets/tones.py)."""
        words = [w for hint in hints for w in normalise(hint).split()]
        return pick_finish(words, self._colours, self._materials, self._tones)

    def last_colour(self, words: Sequence[str]) -> Finish | None:
        """The last colour word of ``words`` as its tones change it ("dark green": a dark green)."""
        return last_colour([w for x in words for w in normalise(x).split()], self._colours, self._materials,
                           self._tones)

    def is_tone(self, word: str) -> bool:
        """Whether ``word`` is a tone that changes the colour word after it ("pale", "dark")."""
        return word in self._tones

    def is_material(self, word: str) -> bool:
        """Whether ``word`` names a material ("wooden", "metal", "leather") rather than a colour."""
        return word in self._materials

    def is_finish(self, word: str) -> bool:
        """Whether ``word`` names a colour or a material ("grey", "oak", "walnut")."""
        return word in self._colours or word in self._materials

    def is_adjective(self, word: str) -> bool:
        """Whether the catalog understands ``word`` as a size, shape, colour, material or variant."""
        return (word in self._sizes or word in self._shapes or word in self._colours or word in self._materials
                or word in self._variant_words)

    # -- lookup --------------------------------------------------------------------------
    def resolve(self, phrase: str, hints: Sequence[str] = ()) -> AssetMatch:
        """The best asset for a free noun phrase ("wooden crates" -> crate / procedural:box).

        Never raises; an unknown noun yields ``known=False`` and a warning.
        """
        try:
            words = tokens(phrase)
            extra = [w for h in (hints or ()) for w in normalise(str(h)).split()]
        except Exception as exc:  # noqa: BLE001 - any str() failure still must not crash lookup
            log.warning("cannot read asset phrase %r: %s", phrase, exc)
            words, extra = [], []
        # Words inside a multi-word name never cut the phrase ("chest of drawers").
        protected = {k for (i, j), _ in self._spans(words) if j - i > 1 for k in range(i, j)}
        protected |= self._knowledge_protected(words)
        region = head_region(words, protected)
        best = self._best_span(region)
        if best is not None:
            (i, j), (entry, name_words) = best
            # A noun after the name means the name was only a modifier ("table cloth"),
            # and a listed compound without a model wins over its last word ("dog house").
            trailing = [w for w in region[j:] if not (self.is_adjective(w) or is_quantity(w))]
            if not trailing and not self._unmodelled_compound(region[:j]):
                name_words, leading = self._plain_name(entry, name_words)
                kind = self._knowledge_kind(region, entry)
                said = said_kind(kind, self._knowledge_name(region))  # (not "pew", sized as a church pew)
                if said is not None and len(said.split()) > j - i and not head_fits(entry, str(kind)):
                    return self._unknown(phrase, region, extra)  # its head's model draws another thing
                others = region[:i] + leading + region[j:]
                return self._known(entry, said or " ".join(name_words), others, extra, sized_as=kind)
        return self._unknown(phrase, region, extra)

    def _knowledge_kind(self, region: Sequence[str], entry: AssetEntry) -> str | None:
        """The multi-word knowledge-base name that ``region`` ends with ("alarm clock", "filing
        cabinet"), whose size wins over the catalog model's (issue 13: a catalog model found by the
        phrase's head noun, or listing the name as a synonym, has the size of another thing); None
        for another name of ``entry``'s own one-word category ("wooden chair" is a chair)."""
        from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

        name = self._knowledge_name(region)
        if name is None or len(name.split()) < 2:
            return other_name_kind(name, entry.category) if name is not None else None
        facts, own = load_knowledge().lookup(name), load_knowledge().lookup(entry.category)
        one_word = facts is not None and own is not None and facts.category == own.category == own.category.split()[0]
        return None if one_word else name

    def size_unknown(self, name: str) -> bool:
        """Whether nothing knows how big ``name`` is: no model of its own, no knowledge-base entry,
        no listed size (a family's or the labelled box's default size stands in for it)."""
        words = normalise(name).split()
        if not words or self.resolve(name).known or typical(name) is not None or self._compound(name):
            return False
        return _key(words) not in self._unknown_sizes and _key([singular(words[-1])]) not in self._unknown_sizes

    def _unmodelled_compound(self, words: Sequence[str]) -> bool:
        """Whether the last two or more of ``words`` name an unmodelled thing ("dog house")."""
        for n in range(2, min(len(words), MAX_NAME_WORDS) + 1):
            tail = list(words[-n:])
            if _key(tail[:-1] + [singular(tail[-1])]) in self._unknown_sizes:
                return True
        return False

    def _compound(self, name: str) -> str | None:
        """The thing an unknown one-word compound ends with ("narrowboat": boat), when nothing knows
        ``name`` itself (no knowledge-base size, family or listed size): assets/compounds.py."""
        from .compounds import compound_head

        words = normalise(name).split()
        if not words or typical(name) is not None or _key(words) in self._unknown_sizes:
            return None
        return None if load_families().for_noun(name, compounds=False) is not None else compound_head(name)

    def _plain_name(self, entry: AssetEntry, name_words: list[str]) -> tuple[list[str], list[str]]:
        """Split leading adjectives off a synonym when the rest names the same entry:
        "wooden crate" is a "crate" with the hint "wooden", but "round table" stays whole."""
        cut = 0
        while (cut < len(name_words) - 1 and self.is_adjective(name_words[cut])
               and self._names.get(_key(name_words[cut + 1:])) is entry):
            cut += 1
        return name_words[cut:], name_words[:cut]

    def _spans(self, words: Sequence[str]) -> list[tuple[tuple[int, int], tuple[AssetEntry, list[str]]]]:
        found = []
        for i in range(len(words)):
            for j in range(i + 1, min(len(words), i + MAX_NAME_WORDS) + 1):
                raw = list(words[i:j])
                # Singular forms first, so the category comes out singular ("lamps" -> "lamp").
                for form in ([singular(w) for w in raw], raw[:-1] + [singular(raw[-1])], raw):
                    entry = self._names.get(_key(form))
                    if entry is not None:
                        found.append(((i, j), (entry, form)))
                        break
        return found

    def _best_span(self, region: Sequence[str]) -> tuple[tuple[int, int], tuple[AssetEntry, list[str]]] | None:
        spans = self._spans(region)
        # The head noun of an English noun phrase comes last ("table lamp" is a lamp);
        # among names ending there, the longest wins ("coffee table" over "table").
        return max(spans, key=lambda s: (s[0][1], s[0][1] - s[0][0]), default=None)

    def _adjectives(self, words: Sequence[str], extra: Sequence[str]) -> tuple[str, ...]:
        picked = [w for w in words if self.is_adjective(w)] + list(extra)
        return tuple(dict.fromkeys(picked))

    def _scaled(self, dims: Vec3, adjectives: Sequence[str], squarable: bool, category: str = "") -> Vec3:
        """Size words change the dimension they mean within the category's real range when the
        object knowledge base knows it (a large desk is wider, not taller); else every axis scales."""
        w, d, h = dims
        if squarable and any(a in self._shapes and a not in ("rectangular", "oval") for a in adjectives):
            w = d = math.sqrt(w * d)  # keeps the footprint area of the rectangular default
        # knowledge reads phrase.py of this package: imported here, not at the top, to break the cycle
        from ..knowledge.objects import load_knowledge
        from ..knowledge.sizing import is_size_word, sized_dimensions

        knowledge = load_knowledge()
        facts = knowledge.lookup(category) if category else None
        if facts is not None:
            w, d, h = sized_dimensions(knowledge, facts, [a for a in adjectives if is_size_word(knowledge, a)],
                                       base=(w, d, h))
            adjectives = [a for a in adjectives if not is_size_word(knowledge, a)]
        for adjective in adjectives:
            fx, fy, fz = self._sizes.get(adjective, (1.0, 1.0, 1.0))
            w, d, h = w * fx, d * fy, h * fz
        return (round(w, 4), round(d, 4), round(h, 4))

    def _known(self, entry: AssetEntry, name: str, others: Sequence[str], extra: Sequence[str],
               sized_as: str | None = None) -> AssetMatch:
        """``entry``'s model for ``name``, at the size of the knowledge-base kind ``sized_as`` when given."""
        adjectives = self._adjectives(others, extra)
        squarable = bool({"round", "square"} & set(entry.variants))
        base, category, sizing = own_kind(entry, adjectives) if sized_as is None else (  # ("small plant": own size)
            kind_base(entry, sized_as), sized_as, [a for a in adjectives if a not in category_words(sized_as)])
        dims = self._scaled(base, sizing, squarable, category)
        top = entry.top_height * dims[2] / entry.dimensions[2]
        return AssetMatch(category=name, asset=entry.asset, dimensions=dims,
                          supports_on_top=entry.supports_on_top, known=True, warning=None,
                          hints=adjectives, top_height=round(top, 4))

    @staticmethod
    def _knowledge_name(words: Sequence[str]) -> str | None:
        """The longest ending of ``words`` that is a knowledge-base category or synonym, as written
        (its last word singular): "two steam irons" -> "steam iron"."""
        from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

        knowledge = load_knowledge()
        lead = next((k for k, w in enumerate(words) if not is_quantity(w)), len(words))
        plain = list(words[lead:])  # "two steam irons": the count goes, "chess set" keeps its "set"
        for start in range(len(plain)):
            bare = plain[-1][:-1] if plain[-1].endswith("s") else plain[-1]  # "cookies": singular() says "cooky"
            for ending in (list(plain[start:]), [*plain[start:-1], singular(plain[-1])], [*plain[start:-1], bare]):
                facts = knowledge.lookup(" ".join(ending))
                if facts is not None and _key(ending) in _name_keys(facts):
                    return " ".join(ending)
        return None

    def _knowledge_protected(self, words: Sequence[str]) -> set[int]:
        """Indices of the words inside a multi-word knowledge-base name ("deck of cards", "high
        top table"), so the phrase is not cut at its "of" or "top"."""
        out: set[int] = set()
        for i in range(len(words)):
            for j in range(i + 2, min(len(words), i + MAX_NAME_WORDS) + 1):
                if self._knowledge_name(words[i:j]) in (" ".join(words[i:j]),
                                                        " ".join([*words[i:j - 1], singular(words[j - 1])])):
                    out.update(range(i, j))
        return out

    def _synonym_model(self, name: str) -> AssetEntry | None:
        """The entry of the knowledge-base category that ``name`` is a synonym of ("high top
        table" is a bar table there), when the catalog models that category."""
        from ..knowledge.objects import load_knowledge  # (knowledge reads this package: no cycle at import)

        facts = load_knowledge().lookup(name)
        if facts is None or facts.category == name or load_families().of(name) is not None:
            return None  # (a family that names the noun itself wins: "sunglasses" are no drinking glass)
        words = normalise(facts.category).split()
        best = self._best_span(words)  # the catalog's name for the category's head ("track")
        if best is None or best[0][1] != len(words) or self._unmodelled_compound(words):
            return None
        if best[0][0] > 0 and not head_fits(best[1][0], facts.category):
            return None  # only the head is modelled, as another thing ("desk clock": no longcase clock)
        return best[1][0]

    def _unknown(self, phrase: str, whole: Sequence[str], extra: Sequence[str]) -> AssetMatch:
        region = [w for w in whole if not is_quantity(w)]
        adjectives = self._adjectives(region, extra)
        nouns = [singular(w) for w in region if not self.is_adjective(w)]
        name = self._knowledge_name(whole) or " ".join(nouns) or " ".join(singular(w) for w in region) or "object"
        entry = self._synonym_model(name)
        if entry is not None:
            return self._known(entry, name, [w for w in region if self.is_adjective(w)], extra, sized_as=name)
        head = self._compound(name)
        if head is not None:  # a "narrowboat" is drawn and sized as a boat (issue 14)
            match = self.resolve(head, [*adjectives, *extra])
            size = "x".join(f"{v:g}" for v in match.dimensions)
            return replace(match, category=name,
                           warning=f"no model for {str(phrase)!r}: drawn as a {head!r} (its last part) at {size} m")
        # a name of two or more words the knowledge base knows has its size (not its head noun's: a "hand truck"
        # is no truck); a one-word name the listed size first ("umbrella": a patio one), then the knowledge base's
        known = typical(name)
        base = (known if len(name.split()) > 1 else None) or self._unknown_sizes.get(_key(name.split())) or (
            known or (self._unknown_sizes.get(nouns[-1]) if nouns else None))
        family = load_families().for_noun(name)  # a family shape stands in (issue 13): a wolf is a quadruped
        if base is None and family is not None:
            base = family.dimensions
        own = category_words(name)  # ("small plant": its own size)
        dims = self._scaled(base or self._unknown_dims, [a for a in adjectives if a not in own], squarable=False,
                            category=name)
        size = "x".join(f"{v:g}" for v in dims)
        if family is not None:
            warning = f"no model for {str(phrase)!r}: drawn by the '{family.name}' family shape at {size} m"
        else:
            warning = (f"no asset for {str(phrase)!r}: using a box labelled {name!r} of {size} m"
                       if str(phrase).strip() else f"empty object name: using a box of {size} m")
        log.debug(warning)  # the caller reports it; lookups are repeated while planning
        return AssetMatch(category=name, asset=UNKNOWN_ASSET, dimensions=dims, supports_on_top=True,
                          known=False, warning=warning, hints=adjectives, top_height=dims[2])


@functools.lru_cache(maxsize=8)
def load_catalog(path: str | None = None) -> Catalog:
    """The catalog from ``path`` (default: the bundled ``assets_index/procedural.json``), cached."""
    source = Path(path) if path else DEFAULT_INDEX
    return Catalog(read_json(source, "asset index"), source=str(source))
