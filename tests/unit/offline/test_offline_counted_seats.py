"""The seats the user counted are the room's seating (issue 14, the counted family; dev set
tests/benchmark/dev/counts12.json): "a departure lounge ... There are twelve seats" gets no archetype
benches beside them (was 14 seats), "a garden with four deckchairs" no garden bench; a seat
the archetype sets at a thing people sit at still comes (the receptionist's chair, bar stools at the
counter), chairs counted at a table leave the room's lounge seats, and a sofa is a family of its own.
An archetype sentence placing its thing by a seat left out is left out too ("near the bench")."""

from __future__ import annotations

from planned import kinds

AIRPORT = ("Make a departure lounge for a tiny airport. There are twelve seats. Eight go in two rows of four in "
           "the middle, and the remaining ones line the east wall under the windows. Put a vending machine by "
           "the door and a flight board on the north wall.")


def test_counted_seats_take_the_archetypes_benches_place() -> None:
    found = kinds(AIRPORT)
    assert found["seat"] == 12 and found["bench"] == 0 and found["chair"] == 0


def test_counted_seats_take_other_loose_seats_places() -> None:
    found = kinds("a garden with four deckchairs")
    assert found["deckchair"] == 4 and found["garden bench"] == 0 and found["bench"] == 0  # nor "near the bench"
    found = kinds("a station waiting area with two or three benches and several potted plants")
    assert found["chair"] == 0 and found["office chair"] == 1  # the receptionist's chair still comes


def test_seats_at_furniture_and_sofas_still_come() -> None:
    assert kinds("a cafe with six chairs")["bar stool"] > 0
    assert kinds("a living room with two armchairs")["sofa"] == 1
    assert kinds("a living room with two sofas")["armchair"] == 1  # sofas are a family of their own
    assert kinds("a hotel lobby with twelve armchairs")["office chair"] == 1  # behind the reception desk
    assert kinds("a kids' playroom with a little table and four small chairs")["beanbag"] == 1  # the table's chairs


def test_uncounted_seats_leave_the_archetype_as_it_was() -> None:
    assert kinds("Make a departure lounge for a tiny airport with some seats.")["bench"] == 2
