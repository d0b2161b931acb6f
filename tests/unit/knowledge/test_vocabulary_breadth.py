"""The breadth of what Set Dresser can draw and read (issue 13, the "no labelled grey boxes" class):
common concrete nouns of rooms, shops, gyms, studios, hospitals, schools, churches, playgrounds,
beaches, campsites, farms, streets, fantasy and historic scenes are drawn by a model or a family
shape, never a box; the offline planner reads them as objects; water and ground features are flat
patches; verbs and occasions ("burns", "a breakfast for one") are not objects."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.core.assets.coverage import drawn_by
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan

# Written for this test from the kinds of places people describe (not from any benchmark prompt).
NOUNS = [
    'coat stand', 'hall stand', 'shoe cabinet', 'key bowl', 'doormat', 'umbrella holder', 'sideboard',
    'footstool', 'pouf', 'chaise longue', 'loveseat', 'daybed', 'bunk beds', 'cot', 'crib', 'changing table',
    'baby monitor', 'playpen', 'high chair', 'toy box', 'toy chest', 'dollhouse', 'bean bag chair', 'beanbag',
    'floor cushion', 'throw pillow', 'duvet', 'quilt', 'bedspread', 'headboard lamp', 'bedside lamp',
    'reading lamp', 'desk lamp', 'pendant lamp', 'wall sconce', 'ceiling light', 'fairy lights', 'night light',
    'floor mirror', 'vanity mirror', 'dressing table', 'jewellery box', 'hamper', 'laundry hamper',
    'clothes horse', 'drying rack', 'ironing board', 'iron', 'vacuum', 'mop bucket', 'dustpan', 'radiator',
    'space heater', 'electric fireplace', 'wood stove', 'log basket', 'firewood', 'fire screen',
    'mantel clock', 'cuckoo clock', 'wall calendar', 'picture frame', 'family photo', 'canvas', 'tapestry',
    'wall hanging', 'macrame', 'houseplant', 'hanging basket', 'terrarium', 'fish tank', 'bird cage',
    'cat tree', 'scratching post', 'dog crate', 'pet bed', 'litter box', 'coffee machine', 'espresso machine',
    'kettle', 'toaster oven', 'rice cooker', 'slow cooker', 'food processor', 'stand mixer', 'mixer', 'juicer',
    'dish rack', 'dish drying rack', 'spice jar', 'bread bin', 'bread box', 'fruit bowl', 'cake tin',
    'cookie jar', 'mixing bowl', 'colander', 'saucepan', 'frying pan', 'wok', 'baking tray', 'oven mitt',
    'tea towel', 'chopping board', 'rolling pin', 'ladle', 'whisk', 'spatula', 'measuring cup', 'mug',
    'teacup', 'wine glass', 'tumbler', 'decanter', 'carafe', 'water jug', 'milk jug', 'sugar bowl',
    'butter dish', 'gravy boat', 'serving bowl', 'salad bowl', 'cereal bowl', 'soup bowl', 'dinner plate',
    'side plate', 'cutlery', 'placemat', 'table runner', 'freezer', 'chest freezer', 'wine fridge',
    'extractor hood', 'range hood', 'dishwasher', 'bin', 'pedal bin', 'compost bin', 'kitchen trolley',
    'bar stool', 'breakfast bar', 'bath', 'shower curtain', 'towel rail', 'heated towel rail',
    'toilet roll holder', 'toilet brush', 'soap dispenser', 'toothbrush holder', 'toothbrush',
    'bathroom cabinet', 'laundry basket', 'bath mat', 'scales', 'bathroom scale', 'hair dryer', 'razor',
    'sponge', 'rubber duck', 'bidet', 'washbasin', 'basin', 'office desk', 'desk chair', 'swivel chair',
    'filing cabinet', 'printer', 'scanner', 'photocopier', 'shredder', 'water cooler', 'paper tray', 'in tray',
    'desk organiser', 'desk organizer', 'notepad', 'sticky notes', 'clipboard', 'hole punch', 'tape dispenser',
    'paper clip', 'lanyard', 'name plate', 'desk phone', 'conference phone', 'projector', 'webcam',
    'docking station', 'external monitor', 'keyboard', 'mouse pad', 'headset', 'server', 'computer tower',
    'desktop computer', 'cable', 'power strip', 'bookcase', 'noticeboard', 'pinboard', 'planner',
    'wall planner', 'market stall', 'stall', 'fruit stall', 'flower stall', 'food truck', 'ice cream cart',
    'hot dog stand', 'newsstand', 'kiosk', 'till', 'checkout counter', 'cash desk', 'shopping basket',
    'shopping bag', 'display case', 'display stand', 'mannequin', 'clothes rail', 'rack of clothes',
    'price tag', 'produce', 'vegetables', 'crate of apples', 'sack of potatoes', 'bread basket',
    'cake display', 'espresso', 'menu', 'chalkboard menu', 'sandwich board', 'a frame sign', 'awning',
    'parasol', 'bistro table', 'cafe table', 'high table', 'bar counter', 'beer tap', 'barrel', 'keg',
    'wine bottle', 'beer bottle', 'cocktail glass', 'jukebox', 'pool table', 'dartboard', 'arcade cabinet',
    'game machine', 'pinball machine', 'slot machine', 'claw machine', 'vending machine', 'gumball machine',
    'ticket machine', 'treadmill', 'exercise bike', 'stationary bike', 'rowing machine', 'elliptical',
    'cross trainer', 'weight rack', 'squat rack', 'bench press', 'barbell', 'kettlebell', 'yoga mat',
    'exercise ball', 'medicine ball', 'foam roller', 'pull up bar', 'climbing wall', 'boxing bag',
    'punching bag', 'skipping rope', 'jump rope', 'balance beam', 'gym mat', 'vaulting horse', 'basketball',
    'football', 'soccer ball', 'tennis ball', 'hockey stick', 'cricket bat', 'golf club', 'baseball glove',
    'helmet', 'skis', 'snowboard', 'sled', 'sledge', 'ice skates', 'roller skates', 'scoreboard', 'bleachers',
    'stand', 'goalpost', 'trophy cabinet', 'easel', 'paint', 'paints', 'paint pots', 'palette', 'paintbrush',
    'brushes', 'sketchbook', 'drawing board', 'clay', 'pottery wheel', 'kiln', 'sculpture', 'bust',
    'microphone', 'microphone stand', 'mic', 'mixing desk', 'mixing console', 'headphones', 'studio monitor',
    'speaker', 'speakers', 'amp', 'keyboard stand', 'synthesizer', 'drum kit', 'drums', 'snare drum', 'cymbal',
    'bass guitar', 'electric guitar', 'acoustic guitar', 'double bass', 'saxophone', 'flute', 'clarinet',
    'accordion', 'xylophone', 'harmonica', 'sheet music', 'music stand', 'recording booth', 'acoustic panel',
    'spotlight', 'stage light', 'lighting rig', 'disco ball', 'dj booth', 'turntable', 'record player',
    'vinyl records', 'cassette', 'hospital bed', 'iv stand', 'iv drip', 'drip stand', 'wheelchair', 'crutches',
    'stretcher', 'gurney', 'examination table', 'medical cart', 'heart monitor', 'oxygen tank',
    'bedside cabinet', 'privacy curtain', 'nurse', 'doctor', 'patient', 'surgeon', 'stethoscope',
    'first aid kit', 'school desk', "teacher's desk", 'chalkboard', 'blackboard', 'whiteboard',
    'projector screen', 'globe', 'bookshelf', 'locker', 'lockers', 'school bag', 'lunch box', 'pencil case',
    'ruler', 'eraser', 'crayons', 'abacus', 'altar', 'lectern', 'pulpit', 'pew', 'pews', 'font',
    'baptismal font', 'candlestick', 'candelabra', 'cross', 'crucifix', 'stained glass window', 'organ',
    'hymn board', 'prayer mat', 'statue', 'angel statue', 'collection box', 'confessional', 'choir stall',
    'bell', 'slide', 'swing', 'swings', 'swing set', 'seesaw', 'sandpit', 'sandbox', 'climbing frame',
    'jungle gym', 'monkey bars', 'roundabout', 'merry go round', 'spring rider', 'sand castle',
    'bucket and spade', 'beach umbrella', 'sun umbrella', 'sun lounger', 'deckchair', 'deck chair',
    'beach towel', 'beach ball', 'surfboard', 'bodyboard', 'cooler', 'cool box', 'ice box', 'picnic basket',
    'picnic blanket', 'lifeguard tower', 'lifeguard chair', 'beach hut', 'windbreak', 'sea', 'ocean', 'lake',
    'pond', 'river', 'stream', 'waterfall', 'pool', 'puddle', 'sand dune', 'dune', 'tent', 'sleeping bag',
    'camping chair', 'camp stove', 'lantern', 'campfire', 'fire pit', 'firewood pile', 'log pile', 'axe',
    'canoe', 'kayak', 'paddle', 'fishing rod', 'rowing boat', 'backpack', 'hammock', 'barn', 'silo', 'tractor',
    'hay bale', 'haystack', 'water trough', 'trough', 'feeding trough', 'chicken coop', 'hen house', 'stable',
    'pigsty', 'pig pen', 'sheep pen', 'scarecrow', 'plough', 'plow', 'wheelbarrow', 'pitchfork', 'farmer',
    'milk churn', 'windmill', 'vegetable patch', 'field', 'paddock', 'street lamp', 'lamp post', 'lamppost',
    'streetlight', 'traffic light', 'bus stop', 'bus shelter', 'bench', 'park bench', 'litter bin', 'post box',
    'postbox', 'mailbox', 'phone box', 'telephone box', 'fire hydrant', 'bollard', 'traffic cone', 'road sign',
    'stop sign', 'signpost', 'billboard', 'bike rack', 'bicycle rack', 'parking meter', 'newspaper stand',
    'taxi', 'car', 'van', 'lorry', 'truck', 'bus', 'tram', 'motorbike', 'scooter', 'moped', 'manhole',
    'crosswalk', 'zebra crossing', 'pavement', 'sidewalk', 'kerb', 'curb', 'road', 'fountain', 'monument',
    'clock tower', 'flower box', 'planter', 'hanging flower basket', 'shop front', 'shopfront', 'storefront',
    'cafe', 'restaurant', 'pub', 'saloon', 'hotel', 'bank', 'post office', 'police station', 'fire station',
    'hospital', 'school', 'apartment block', 'tower block', 'skyscraper', 'office building', 'townhouse',
    'terraced house', 'cottage', 'bungalow', 'shack', 'hut', 'cabin', 'log cabin', 'longhouse', 'yurt', 'tipi',
    'teepee', 'igloo', 'castle', 'fort', 'fortress', 'tower', 'watchtower', 'palace', 'temple', 'pagoda',
    'pyramid', 'ruins', 'lighthouse', 'farmhouse', 'shed', 'garden shed', 'greenhouse', 'gazebo', 'pergola',
    'arbour', 'treehouse', 'tree house', 'kennel', 'knight', 'king', 'queen', 'princess', 'prince', 'wizard',
    'witch', 'elf', 'elves', 'dwarf', 'dwarves', 'goblin', 'orc', 'troll', 'giant', 'fairy', 'mermaid',
    'dragon', 'unicorn', 'griffin', 'phoenix', 'cowboy', 'sheriff', 'pirate', 'viking', 'samurai', 'ninja',
    'soldier', 'guard', 'fisherman', 'sailor', 'astronaut', 'alien', 'robot', 'ghost', 'vampire', 'zombie',
    'skeleton', 'mummy', 'santa', 'santa claus', 'snowman', 'parent', 'parents', 'mum', 'mom', 'dad', 'father',
    'mother', 'grandparent', 'toddler', 'baby', 'teenager', 'student', 'pupil', 'teacher', 'chef', 'cook',
    'waiter', 'waitress', 'barista', 'cashier', 'shopkeeper', 'customer', 'shopper', 'tourist', 'passenger',
    'pedestrian', 'jogger', 'runner', 'cyclist', 'musician', 'guitarist', 'drummer', 'singer', 'dancer',
    'artist', 'painter', 'photographer', 'builder', 'worker', 'mechanic', 'carpenter', 'blacksmith',
    'police officer', 'firefighter', 'lifeguard', 'athlete', 'player', 'spectator', 'fan', 'audience member',
    'horse and cart', 'carriage', 'cart', 'wagon', 'chariot', 'sunken ship', 'shipwreck', 'galleon',
    'pirate ship', 'rowboat', 'raft', 'submarine', 'treasure chest', 'chest', 'throne', 'crown', 'shield',
    'sword', 'spear', 'bow', 'armour', 'suit of armour', 'banner', 'torch', 'cauldron', 'potion', 'spellbook',
    'crystal ball', 'broomstick', 'magic wand', 'tombstone', 'gravestone', 'coffin', 'catapult', 'cannon',
    'anvil', 'forge', 'well', 'totem pole', 'statue of liberty', 'coral', 'reef', 'seaweed', 'fish', 'shark',
    'octopus', 'jellyfish', 'crab', 'starfish', 'whale', 'dolphin', 'turtle', 'seal', 'penguin', 'cow', 'bull',
    'calf', 'goat', 'donkey', 'chickens', 'hens', 'rooster', 'ducks', 'geese', 'sheep', 'lambs', 'pigs',
    'horses', 'pony', 'puppy', 'kitten', 'hamster', 'parrot', 'owl', 'eagle', 'butterfly', 'bee', 'spider',
    'snake', 'lizard', 'tree stump', 'stump', 'log', 'fallen tree', 'bush', 'shrub', 'hedge', 'flower pot',
    'flowerpot', 'flower bed', 'rose bush', 'vine', 'cactus', 'palm', 'reeds', 'lily pad', 'rock', 'boulder',
    'pebbles', 'mountain', 'hill', 'volcano', 'cave', 'island', 'cloud', 'moon', 'sun', 'star', 'planet',
    'rainbow', 'apple', 'apples', 'banana', 'orange', 'pear', 'grapes', 'strawberry', 'cherries', 'pineapple',
    'watermelon', 'melon', 'lemon', 'carrot', 'potato', 'tomato', 'cabbage', 'pumpkin', 'corn', 'bread',
    'loaf', 'croissant', 'bagel', 'pancakes', 'waffle', 'toast', 'egg', 'eggs', 'bacon', 'cereal', 'porridge',
    'soup', 'salad', 'pasta', 'spaghetti', 'pizza', 'burger', 'hot dog', 'sandwich', 'taco', 'sushi', 'steak',
    'chicken leg', 'roast chicken', 'turkey', 'ham', 'cheese', 'cake', 'cupcake', 'pie', 'tart', 'cookie',
    'biscuit', 'doughnut', 'muffin', 'scone', 'chocolate', 'candy', 'sweets', 'ice cream', 'popsicle', 'jelly',
    'coffee', 'juice', 'milk', 'wine', 'beer', 'water bottle', 'teapot', 'cakes', 'birthday cake',
    'wedding cake', 'toolbox', 'tool chest', 'workbench', 'vice', 'vise', 'saw', 'drill', 'power drill',
    'hammer', 'screwdriver', 'wrench', 'spanner', 'pliers', 'tape measure', 'spirit level', 'ladder',
    'step ladder', 'paint can', 'paint tin', 'jerry can', 'gas can', 'oil drum', 'tyre', 'tire', 'spare tyre',
    'car jack', 'air compressor', 'pressure washer', 'lawnmower', 'leaf blower', 'hedge trimmer',
    'garden hose', 'sprinkler', 'watering can', 'rake', 'shovel', 'spade', 'hoe', 'trowel', 'plant pot',
    'seed tray', 'bag of soil', 'compost', 'bicycle', 'bike', 'tricycle', 'unicycle', 'skateboard',
    'roller blades', 'go kart', 'quad bike', 'snowmobile', 'jet ski', 'speedboat', 'sailboat', 'yacht',
    'ferry', 'helicopter', 'airplane', 'hot air balloon', 'glider', 'telescope', 'binoculars', 'microscope',
    'compass', 'map', 'atlas', 'hourglass', 'candle', 'oil lamp', 'storm lantern', 'flashlight', 'battery',
    'radio', 'television', 'tv', 'laptop', 'tablet', 'phone', 'camera', 'tripod', 'drone', 'game console',
    'controller', 'joystick', 'toy', 'toys', 'toy car', 'toy train', 'train set', 'doll', 'action figure',
    'puzzle', 'jigsaw', 'board game', 'cards', 'deck of cards', 'lego', 'blocks', 'marbles', 'yo yo',
    'spinning top', 'kite', 'balloon', 'balloons', 'present', 'presents', 'gift', 'gifts', 'christmas tree',
    'christmas stocking', 'stocking', 'wreath', 'ornament', 'bauble', 'candy cane', 'sleigh', 'reindeer',
    'elf hat', 'advent calendar', 'pumpkin lantern', 'jack o lantern',
]


def test_no_common_noun_is_a_labelled_box() -> None:
    boxes = [noun for noun in NOUNS if drawn_by(noun).kind == "box"]
    assert boxes == []


def test_the_knowledge_base_is_broad_and_versioned() -> None:
    knowledge = load_knowledge()
    assert len(knowledge.categories()) >= 700 and knowledge.version >= 2


@pytest.mark.parametrize("noun, family", [
    ("lake", "ground"), ("the sea", "ground"), ("a river", "ground"), ("field", "ground"), ("sand dune", "ground"),
    ("knight", "person"), ("cowboy", "person"), ("parent", "person"), ("nurse", "person"), ("elves", "person"),
    ("wizard", "person"), ("saloon", "house"), ("shack", "house"), ("longhouse", "house"), ("castle", "house"),
    ("coffee machine", "appliance"), ("microphone stand", "stand"), ("iv stand", "stand"), ("sun lounger", "seat"),
    ("cooler", "container"), ("galleon", "craft"), ("octopus", "fish"), ("butterfly", "bird"), ("orc", "biped"),
])
def test_unmodelled_nouns_fall_back_by_their_head(noun: str, family: str) -> None:
    drawn = drawn_by(noun)
    assert drawn.kind == "model" or drawn.family == family, (noun, drawn)


@pytest.mark.parametrize("noun", ["lake", "sea", "river", "field", "vegetable patch", "mud", "ice rink"])
def test_water_and_ground_features_are_flat_outdoor_patches(noun: str) -> None:
    facts = load_knowledge().lookup(noun)
    assert facts is not None and facts.flat and facts.outdoor and facts.typical[2] <= 0.3, noun
    assert drawn_by(noun).asset == "procedural:ground_patch"


@pytest.mark.parametrize("noun", [
    "knight", "cowboy", "nurse", "farmer", "parent", "lake", "river", "shack", "treadmill", "exercise bike",
    "coffee machine", "microphone stand", "sun lounger", "beach umbrella", "cooler", "surfboard", "easel",
    "lectern", "altar", "crib", "market stall", "fishing rod", "iv stand", "spinning top", "galleon", "kiln",
])
def test_the_planner_reads_each_noun_as_one_drawn_object(noun: str) -> None:
    graph = plan(f"a {noun} next to a table", complete=False)
    categories = [a.category for a in graph.assets]
    assert len(categories) == 2 and "table" in categories, categories
    other = next(c for c in categories if c != "table")
    assert other.split()[-1] == noun.split()[-1] and drawn_by(other).kind != "box", categories
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, wanted", [
    ("a campfire burns next to the tent", ["campfire", "tent"]),
    ("a knight fights a dragon in front of a castle", ["knight", "dragon", "castle"]),
    ("a parent watches a child next to the slide", ["parent", "child", "slide"]),
    ("two elves building toys at a long table", ["elf", "elf", "toy", "toy", "toy", "table"]),
    ("a man reading a book on the sofa", ["man", "book", "sofa"]),
    ("two watches on the table", ["watch", "watch", "table"]),
])
def test_verbs_end_a_noun_phrase_and_are_never_objects(prompt: str, wanted: list[str]) -> None:
    assert sorted(a.category for a in plan(prompt, complete=False).assets) == sorted(wanted)


@pytest.mark.parametrize("prompt, occasion", [
    ("a breakfast for one on the kitchen table", "breakfast"),
    ("a tea party for three on a small round table", "party"),
    ("a dinner for two on the dining table", "dinner"),
])
def test_occasions_are_not_objects(prompt: str, occasion: str) -> None:
    graph = plan(prompt, complete=False)
    assert not any(occasion in a.category or a.category.endswith(" for") for a in graph.assets), graph.assets
    assert any("table" in a.category for a in graph.assets)


# Issue 14 (occasions helper): ordinary nouns a scan of a dictionary's common artifact, food,
# plant and animal nouns found still drawn as labelled boxes (tap, jack, alley and their kind).
SCANNED = [
    'tap', 'faucet', 'jack', 'alley', 'alleyway', 'doorknob', 'padlock', 'rope', 'hook', 'lever', 'pulley',
    'pump', 'hose', 'gear', 'motor', 'typewriter', 'timer', 'thread', 'needle', 'tape', 'loom', 'scaffolding',
    'tarp', 'shutters', 'skylight', 'windowsill', 'vent', 'tiles', 'handrail', 'tunnel', 'ditch', 'gutter',
    'porch', 'doorway', 'elevator', 'mast', 'sail', 'propeller', 'parachute', 'satellite', 'saddle', 'bridle',
    'yoke', 'whip', 'revolver', 'rifle', 'holster', 'bullets', 'dynamite', 'slingshot', 'cigar', 'mask',
    'wig', 'necklace', 'jewels', 'belt', 'necktie', 'cloak', 'socks', 'waistcoat', 'swimsuit', 'lipstick',
    'rag', 'fabric', 'yarn', 'feather', 'seashell', 'honey', 'flour', 'beehive', 'sundial', 'gallows',
    'pendulum', 'fireworks', 'decoration', 'backdrop', 'debris', 'bandage', 'daffodils', 'snail', 'mosquito',
    'rattlesnake', 'woodpecker', 'salamander',
]


def test_scanned_common_nouns_are_drawn_not_boxed() -> None:
    assert [noun for noun in SCANNED if drawn_by(noun).kind == "box"] == []
    assert all(load_knowledge().lookup(noun) is not None for noun in SCANNED)


@pytest.mark.parametrize("prompt, wanted", [
    ("a tap above the sink", "tap"),
    ("a jack next to the car", "jack"),
    ("a rope coiled next to the anchor", "rope"),
    ("put a padlock on the chest", "padlock"),
])
def test_the_planner_places_scanned_nouns_as_drawn_objects(prompt: str, wanted: str) -> None:
    graph = plan(prompt, complete=False)
    found = [a for a in graph.assets if a.category == wanted]
    assert found and drawn_by(found[0].category).kind != "box", graph.assets
    assert any(e.asset == found[0].id for e in graph.edges)
