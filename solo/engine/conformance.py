"""Whole games checked against the rules, step by step.

Each decision of the Dummy Mage can be right on its own while a game goes wrong between steps
(a quickcast that never comes, a Stun that never ends).  :class:`Checker` watches a game of
:class:`~solo.engine.game.Game`: before every step it keeps a copy of the board and of where the round
stands, after it compares the two with what the step says it did, and records every rule the
step broke as a :class:`Violation` (seed, step, rule).  The rules checked, each with its id:

* ``quickcasts`` -- the Dummy Mage takes exactly one quickcast action in stage 1 and one in
  stage 3 of every round (a lost turn counts); you take at most one quickcast a round;
* ``one-action`` -- every creature and mage has at most one Action Phase a round, and every
  creature active when the creature-actions stage begins has had one when it ends;
* ``summoning`` -- a creature that enters the arena does so inactive and never acts before
  the next Reset;
* ``waiting`` -- the Dummy Mage passes exactly when you have more active creatures than it and
  you are not done;
* ``conditions`` -- at the end of an Action Phase no Stun or Taunt is left on the object, no
  Slam, Knockdown or Daze it had when the phase began, and every Cripple marker got its escape
  roll; round effects are gone when the round ends; Burn rolls one die per marker and loses a
  marker per blank;
* ``movement`` -- a Dummy Mage creature moves zone by zone to adjacent zones, never through a
  Passage Blocked wall (unless flying), never farther than it may (Restrained: none; Slow: one
  zone and no attack after; a move and attack: one zone, two when Fast; a move: two) and stops
  in a zone where it is hindered; the Dummy Mage's quickcast move is one zone at most;
* ``changes`` -- damage, conditions and zones change only on objects the step acted on (an
  attack's targets and attackers, upkeep and end-of-phase events, a spell's target, your
  report) or in an edit;
* ``destroyed`` -- no creature or conjuration stays on the board with damage reaching its life;
  each one destroyed adds its mana cost to the other side's tally exactly once, and each
  Dummy Mage creature destroyed (or drawn and discarded unused) goes to its discard pile once;
* ``game-end`` -- the game ends exactly when a mage's damage reaches its life or the
  alternate ending's condition holds, and names the right winner;
* ``traits`` -- the traits and conditions of the later sets, across steps: each upkeep a
  Living non-Plant object's Bleed markers deal their damage (those regeneration removed
  aside); a Stuck creature gets one escape roll per marker at the end of its Action Phase
  (none for the markers a teleport during the phase destroyed), and
  no conjuration or Uncontainable creature is ever Stuck; Corrode markers never take armor
  below 0 (never more markers than armor) and never sit on an Incorporeal object; no attack of
  a creature, nor an attack spell of the Dummy Mage, targets an Invisible object, nor an
  Obscured one more than a zone away; Rage
  tokens never exceed the Rage +X of their creature; Tainted markers count 3 damage each
  toward destruction and the end of the game (in ``destroyed`` and ``game-end``);
* ``your-casting`` -- your quickcast, and your mage's spell after its move, is a quick spell (a
  creature it summons, an attack spell solo rolls for it); an attack spell solo rolls for your
  mage reaches its target: the spell's range from where your mage cast it, Line of Sight
  (unless Indirect), never an Invisible object
  nor an Obscured one more than a zone away, nor a Flying one for a Non-Flying spell.

:func:`solo.engine.checked_games.check_games` plays many seeded games (with the simulator's
scripted opponents and a random one) under the checker.  Pure apart from the games it plays: no files, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solo.rules.decision import in_arena
from solo.rules.board import MARKERS, Board, Creature, Piece
from solo.rules.effects import GainTraits, Move, RemoveMarkers, SetGuard
from solo.rules.effects import apply as put
from solo.rules.combat import ROUND_EFFECTS
from solo.engine.game import YOUR_QUICKCAST, Game, Step
from solo.engine.rounds import RoundState
from solo.core.kinds import Stage, Side
from solo.engine.conformance_board import (_ability_lines, _ability_whos, _active, _alive,
                                          _hinders, _teleports, _trap_attacks, _wounds)
from solo.rules.said import Said
from solo.text.render import line

RULES = ("quickcasts", "one-action", "summoning", "waiting", "conditions", "movement", "changes",
         "destroyed", "game-end", "traits", "your-casting")


@dataclass(frozen=True)
class Violation:
    """One rule one step broke."""

    game: str  # how to replay it: deck set, opponent and seed
    step: int  # the step's number in the game's log
    label: str
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.game}, step {self.step} ({self.label}): [{self.rule}] {self.detail}"


@dataclass
class _Round:
    quickcasts: dict[Stage, int] = field(default_factory=dict)  # stage -> Dummy Mage quickcasts
    yours: int = 0
    acted: set[str] = field(default_factory=set)
    #: creatures a card's ability made inactive this round (Force Phoenix destroyed)
    stopped: set[str] = field(default_factory=set)
    entered: set[str] = field(default_factory=set)
    active_at_creatures: set[str] = field(default_factory=set)


class Checker:
    """Checks one game step by step: call :meth:`before` before each step and :meth:`after`
    with the step it played."""

    def __init__(self, game: Game, name: str = "game") -> None:
        self.game = game
        self.name = name
        self.violations: list[Violation] = []
        #: how many times each rule had something to check (a rule never exercised proves little)
        self.checked: dict[str, int] = {}
        self.rounds: dict[int, _Round] = {}
        self.steps = 0
        self._board: Board | None = None
        self._phase = RoundState()
        self._over = False

    # -- driving ---------------------------------------------------------------------------------
    def before(self) -> None:
        self._board = self.game.board.copy()
        self._phase = self.game.phase.copy()
        self._over = self.game.over

    def after(self, step: Step | None) -> None:
        if step is None:  # an undo or a cancelled edit: nothing to check
            return
        self.steps += 1
        self._n = len(self.game.log) - (1 if self.game.over and not self._over else 0)
        self._step = step
        before, after = self._board, self.game.board
        assert before is not None
        r = self.rounds.setdefault(step.round, _Round())
        if step.who == "edit":
            self._check_end(after)
            return
        self._check_round(step, r, before, after)
        self._check_phases(step, before, after)
        if step.decision is not None and step.decision.data.get("creature"):
            self._check_waiting(step, before)
            self._check_movement(step, before, after)
        if step.decision is not None and step.decision.action == "move" \
                and step.decision.data.get("actor") == Side.DM:
            self._check_dm_move(step, before, after)
        if step.label == f"round {step.round}: ready stage":
            self._check_upkeep(step, before, after)
        self._check_changes(step, before, after)
        self._check_destroyed(step, before, after)
        self._check_traits(step, before, after)
        if step.who == Side.YM:
            self._check_your_casting(step, before, after)
        self._check_end(after)

    def saw(self, rule: str) -> None:
        self.checked[rule] = self.checked.get(rule, 0) + 1

    def fail(self, rule: str, detail: str) -> None:
        self.violations.append(Violation(self.name, self._n, self._step.label, rule, detail))

    # -- the round -------------------------------------------------------------------------------
    def _check_round(self, step: Step, r: _Round, before: Board, after: Board) -> None:
        stage = step.stage
        assert stage is not None  # Game.play_one gives every step the stage it was played in
        if step.who == Side.DM and step.label.startswith("quickcast"):
            r.quickcasts[stage] = r.quickcasts.get(stage, 0) + 1
            if r.quickcasts[stage] > 1:
                self.fail("quickcasts", f"a second Dummy Mage quickcast in {stage.label}")
        if step.label == YOUR_QUICKCAST:
            r.yours += 1
            self.saw("quickcasts")
            if r.yours > 1:
                self.fail("quickcasts", "you quickcast twice in one round")
        if step.label == "creature actions begin":
            r.active_at_creatures = {c.id for c in _active(after, Side.DM)}
            r.active_at_creatures |= {c.id for c in _active(after, Side.YM)}
        # objects that entered the arena in this step
        old = {p.id for p in before.pieces()}
        for c in after.creatures:
            if c.id not in old:
                self.saw("summoning")
                r.entered.add(c.id)
                if c.active and step.label != f"round {step.round}: ready stage":
                    self.fail("summoning", f"{c.card} ({c.id}) enters the arena active")
        if stage is Stage.CREATURES:
            for ident in step.actors:
                self.saw("one-action")
                if ident in r.acted:
                    self.fail("one-action", f"{ident} has a second Action Phase this round")
                r.acted.add(ident)
                if ident in r.entered:
                    self.fail("summoning", f"{ident} acts in the round it entered the arena")
        # made inactive by a card's ability (Force Phoenix destroyed), not by an Action Phase
        touched = self._touched(step)
        r.stopped |= {c.id for c in before.creatures if c.active and c.id not in step.actors
                      and c.id in touched and (n := after.find(c.id)) is not None
                      and isinstance(n, Creature) and not n.active}
        if step.label == "creature actions end":
            missing = {i for i in r.active_at_creatures - r.acted - r.stopped
                       if after.find(i) is not None and in_arena(after, after.get(i))}
            if missing:
                self.fail("one-action", f"no Action Phase this round for {', '.join(sorted(missing))}")
        if step.label == f"round {step.round} ends":
            self.saw("quickcasts")
            for stage_ in (Stage.QUICKCAST_1, Stage.QUICKCAST_3):
                if r.quickcasts.get(stage_, 0) != 1:
                    self.fail("quickcasts", f"the Dummy Mage took {r.quickcasts.get(stage_, 0)} "
                              f"quickcast(s) in {stage_.label} of round {step.round}, not 1")
            for p in after.pieces():
                left = [c for c in ROUND_EFFECTS if p.conditions.get(c, 0) > 0]
                if left:
                    self.fail("conditions", f"{p.id} keeps {', '.join(left)} past the round's end")

    def _check_waiting(self, step: Step, before: Board) -> None:
        d = step.decision
        assert d is not None
        ym = len(_active(before, Side.YM))
        dm = len(_active(before, Side.DM))
        should_wait = not self._phase.you_done and ym > dm
        self.saw("waiting")
        if (d.action == "pass") != should_wait:
            self.fail("waiting", f"the Dummy Mage {'passed' if d.action == 'pass' else 'acted'} "
                      f"with {dm} active creatures to your {ym}"
                      + (" after you were done" if self._phase.you_done else ""))

    # -- Action Phases and conditions --------------------------------------------------------------
    def _gained(self, step: Step, ident: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for res in step.results:
            for s in res.strikes:
                if s.target == ident:
                    for c in s.conditions:
                        out[c] = out.get(c, 0) + 1
        for e in step.events:  # Eye for an Eye gave the attacker the target's effects too
            if e.kind == "eye" and e.piece == ident and isinstance(e.text, Said):
                for c in e.text["conditions"]:
                    out[c] = out.get(c, 0) + 1
        return out

    def _check_phases(self, step: Step, before: Board, after: Board) -> None:
        for ident in step.actors:
            old, new = before.find(ident), after.find(ident)
            if old is None or new is None:
                continue
            gained = self._gained(step, ident)
            if any(old.conditions.get(c, 0) for c in ("Stun", "Daze", "Slam", "Knockdown", "Cripple")):
                self.saw("conditions")
            if new.conditions.get("Stun", 0) > gained.get("Stun", 0):  # a reaction's Stun stays
                self.fail("conditions", f"{ident} keeps Stun after its Action Phase")
            for cond in ("Taunt",):
                if new.conditions.get(cond, 0) > 0:
                    self.fail("conditions", f"{ident} keeps {cond} after its Action Phase")
            for cond in ("Slam", "Knockdown"):
                if new.conditions.get(cond, 0) > gained.get(cond, 0):
                    self.fail("conditions", f"{ident} keeps {cond} after its Action Phase")
            daze_ok = gained.get("Daze", 0) + old.conditions.get("Sleep", 0)
            if new.conditions.get("Daze", 0) > daze_ok:
                self.fail("conditions", f"{ident} keeps {new.conditions['Daze']} Daze after its "
                          f"Action Phase (it gained {gained.get('Daze', 0)} during it)")
            escapes = [e for e in step.events if e.piece == ident and e.kind == "escape"]
            for cond in ("Cripple", "Stuck"):
                rolls = [e for e in escapes if line(e.text).split(":")[0].endswith(
                    ("Crippled" if cond == "Cripple" else "Stuck", f"a {cond}"))]
                expected = old.conditions.get(cond, 0) + gained.get(cond, 0)
                if cond == "Stuck":  # a teleport during the phase destroys every Stuck marker
                    for e in step.events:
                        if e.piece == ident and e.kind == "teleport" and e.removed.get(cond):
                            if e.removed[cond] > expected:
                                self.fail("traits", f"{ident}'s teleport removed {e.removed[cond]} "
                                          f"Stuck markers; it had {expected}")
                            expected = max(0, expected - e.removed[cond])
                if step.decision is not None and ident in step.decision.data.get("affected", []):
                    # a spell of its own changed its markers during the phase (Purify): the
                    # escape rolls go by what it carries at the end
                    expected = min(expected, sum(e.removed.get(cond, 0) for e in escapes)
                                   + new.conditions.get(cond, 0))
                freed = sum(e.removed.get(cond, 0) for e in escapes)
                if expected and cond == "Stuck":
                    self.saw("traits")
                if len(rolls) != expected or new.conditions.get(cond, 0) != expected - freed:
                    self.fail("traits" if cond == "Stuck" else "conditions",
                              f"{ident} had {expected} {cond} marker(s) at the end of its Action "
                              f"Phase and {len(rolls)} escape roll(s)")

    def _check_upkeep(self, step: Step, before: Board, after: Board) -> None:
        plagued = _ability_whos(step, "ability.plague")  # Rot put on in this Upkeep
        magma = _ability_whos(step, "ability.magma-burn")  # a Burn put on first (Magma Golem)
        for e in step.events:
            old = before.find(e.piece)
            if old is None:
                continue
            if e.kind == "rot" and e.damage not in (0, old.conditions.get("Rot", 0)) \
                    and not (e.piece in plagued
                             and e.damage == old.conditions.get("Rot", 0) + 1):
                self.fail("conditions", f"{e.piece} took {e.damage} Rot damage for "
                          f"{old.conditions.get('Rot', 0)} Rot marker(s)")
            if e.kind != "burn" or not e.dice:
                continue
            self.saw("conditions")
            burn = old.conditions.get("Burn", 0) + (e.piece in magma)  # its Upkeep's own Burn
            blanks = sum(1 for f in e.dice if f == "-")
            kept = [n for n in old.enchantments if (c := before.cat.find(n)) is not None
                    and (c.dm.get("upkeep") or {}).get("keep_burn")]
            if kept:  # Adramelech's Touch: its Burn markers stay whatever the dice show
                blanks = 0
            if len(e.dice) != burn or e.removed.get("Burn", 0) != blanks:
                self.fail("conditions", f"{e.piece} burned {len(e.dice)} dice for {burn} Burn and "
                          f"lost {e.removed.get('Burn', 0)} marker(s) for {blanks} blank(s)")

    # -- movement ------------------------------------------------------------------------------
    def _check_path(self, mover: Piece, board: Board, path: list[str],
                    climbed: str | None = None) -> bool:
        geo = board.geometry()
        flying = board.flying(mover) or _teleports(board, mover)  # a teleport passes walls
        here = mover.zone
        for z in path:
            if not board.arena.adjacent(here, z):
                self.fail("movement", f"{mover.id} jumps from {here} to {z}")
                return False
            over = [w.id for w in geo.walls_between(here, z)]
            if climbed is not None and len(path) == 1 and over == [climbed] \
                    and board.has_trait(mover, "Climbing") and board.is_corporeal(board.get(climbed)):
                self.saw("traits")  # a Climbing creature's full action over a Corporeal wall
            elif geo.blocked(here, z, flying):
                self.fail("movement", f"{mover.id} crosses a Passage Blocked wall from {here} to {z}")
                return False
            here = z
        return True

    def _check_movement(self, step: Step, before: Board, after: Board) -> None:
        d = step.decision
        assert d is not None
        old = before.find(d.data["creature"])
        if old is None or d.action in ("pass", "none", "lose-turn"):
            return
        path = list(d.data.get("path") or [])
        if path:
            self.saw("movement")
        # Activated before it moves: Slam became Daze, Knockdown ended and its guard marker is
        # gone, so it flies again (over walls too).
        moving = before.copy()
        mover = moving.get(old.id)
        for lifted in ("Slam", "Knockdown"):
            put(moving, RemoveMarkers(mover.id, lifted))
        if isinstance(mover, Creature):
            put(moving, SetGuard(mover.id, False))
        if mover.card == "Necropian Vampiress" and mover.side == Side.DM:
            put(moving, GainTraits(mover.id, ("Flying",)))  # it pays to fly as it is activated
        if not self._check_path(mover, moving, path, d.data.get("climbed")):
            return
        self._check_passage(mover, moving, [old.zone, *path], d)
        if path and before.has_trait(old, "Rooted"):
            self.fail("movement", f"{old.id} cannot move ({old.card}) but moves")
        if len(path) > 1 and before.has_trait(old, "Lumbering"):
            self.fail("movement", f"{old.id} is Lumbering but moves {len(path)} zones")
        fast = (before.has_trait(old, "Fast") or (old.card == "Blue Gremlin" and old.side == Side.DM)) \
            and not before.has_trait(old, "Slow")
        slow = before.has_trait(old, "Slow") and not before.has_trait(old, "Fast")
        if path and before.restrained(old):
            self.fail("movement", f"{old.id} is Restrained but moves")
        own = [p for p in d.attacks if p.attacker == old.id]  # not a wall's on the way
        if slow and (len(path) > 1 or (path and own)):
            self.fail("movement", f"{old.id} is Slow but moves {len(path)} zone(s)"
                      + (" and attacks" if own else ""))
        limit = 2 if d.action == "move" or (d.action == "move-attack" and fast) else 1
        if d.action == "attack" and not path:
            limit = 0
        if len(path) > limit:
            self.fail("movement", f"{old.id} moves {len(path)} zones for a {d.action}")
        if path and _hinders(moving, mover, mover.zone) and len(path) > 1:
            self.fail("movement", f"{old.id} leaves a zone where it is hindered and goes on")
        for i, z in enumerate(path[:-1]):
            put(moving, Move(mover.id, z))
            if _hinders(moving, mover, z):
                self.fail("movement", f"{old.id} is hindered in {z} but moves on to {path[i + 1]}")
                break
        new = after.find(old.id)
        # a push, or a trap of yours that holds it where it stepped (Spiked Pit: Stuck)
        pushed = any(s.target == old.id and (s.push is not None or (
            "Stuck" in s.conditions and new is not None and new.zone in path))
            for res in step.results for s in res.strikes) \
            or old.id in _ability_whos(step, "ability.follows")  # Water Elemental
        if new is not None and path and new.zone != path[-1] and not pushed:
            self.fail("movement", f"{old.id} ends in {new.zone}, not at the end of its path {path[-1]}")

    def _check_dm_move(self, step: Step, before: Board, after: Board) -> None:
        old, new = before.mages[Side.DM], after.mages[Side.DM]
        if old.zone != new.zone and self._check_path(old, before, [new.zone]):
            assert step.decision is not None
            self._check_passage(old, before, [old.zone, new.zone], step.decision)

    def _check_passage(self, mover: Piece, board: Board, zones: list[str], d) -> None:
        """Every Passage Attacks wall crossed on foot attacks the mover (unless its card gives
        this mover no strike at all, as Wall of Thorns a Level 1 creature)."""
        from solo.rules import combat

        if _teleports(board, mover):
            return
        geo = board.geometry()
        for a, b in zip(zones, zones[1:]):
            for w in geo.walls_between(a, b):
                if not w.passage_attacks or board.flying_in(mover, a):  # flown over, from a
                    continue
                self.saw("movement")
                planned = any(p.attacker == w.id and p.target == mover.id for p in d.attacks)
                if not planned and combat.passage_attack(board, board.get(w.id), mover) is not None:
                    self.fail("movement", f"{mover.id} walks through {w.id} ({board.get(w.id).card}, "
                              "Passage Attacks) and is not attacked")

    # -- what changed ----------------------------------------------------------------------------
    def _touched(self, step: Step) -> set[str]:
        ids = set(step.actors) | set(step.touched) | {e.piece for e in step.events}
        for res in step.results:
            for s in res.strikes:
                ids.add(s.target)
                if s.attacker:
                    ids.add(s.attacker)
                if s.martyred:  # Martyr's Aura moved some of it onto the Dummy Mage
                    ids.add(Side.DM)
        d = step.decision
        if d is not None:
            for key in ("target", "creature", "actor", "id"):
                if isinstance(d.data.get(key), str):
                    ids.add(d.data[key])
            if d.data.get("action") == "move" or d.action == "move":
                ids.add(d.data.get("creature") or Side.DM)
            if isinstance(d.data.get("target"), str):  # a zone spell touches the zone's objects
                ids |= {p.id for p in self.game.board.in_zone(d.data["target"])}
            ids |= {x for x in d.data.get("affected") or [] if isinstance(x, str)}  # spells
        ids |= _ability_whos(step)
        return ids

    def _check_changes(self, step: Step, before: Board, after: Board) -> None:
        touched = self._touched(step)
        for old in before.pieces():
            new = after.find(old.id)
            if new is None:
                continue
            what = [name for name, a, b in (("damage", old.damage, new.damage),
                                            ("conditions", old.conditions, new.conditions),
                                            ("zone", old.zone, new.zone)) if a != b]
            if what:
                self.saw("changes")
            if what and old.id not in touched:
                self.fail("changes", f"{old.id}'s {' and '.join(what)} changed, but nothing in "
                          f"the step acted on it")
        for p in after.pieces():
            unknown = [c for c in p.conditions if c not in MARKERS]
            if unknown:
                self.fail("changes", f"{p.id} carries unknown markers {unknown}")

    def _check_traits(self, step: Step, before: Board, after: Board) -> None:
        from solo.rules.board import Conjuration

        ready = step.label == f"round {step.round}: ready stage"
        for old in before.pieces():
            new = after.find(old.id)
            bleed = old.conditions.get("Bleed", 0)
            if ready and new is not None and bleed:
                self.saw("traits")
                stopped = sum(e.removed.get("Bleed", 0) for e in step.events
                              if e.piece == old.id and e.kind == "regenerate")
                hurt = sum(e.damage for e in step.events if e.piece == old.id and e.kind == "bleed")
                card = before.card_of(old)
                plant = card is not None and "Plant" in card.subtypes
                should = 0 if (not before.is_living(old) or plant or isinstance(old, Conjuration)
                               or before.has_trait(old, "Indestructible")) else bleed - stopped
                if hurt != should:
                    self.fail("traits", f"{old.id} bled {hurt} for {bleed} Bleed marker(s) "
                              f"({stopped} removed by regeneration)")
        for p in after.pieces():
            corrode = p.conditions.get("Corrode", 0)
            if corrode:
                self.saw("traits")
                if after.has_trait(p, "Incorporeal"):
                    self.fail("traits", f"{p.id} is Incorporeal but carries Corrode")
                elif corrode > after.base_armor(p):
                    self.fail("traits", f"{p.id} has {corrode} Corrode for {after.base_armor(p)} armor")
            if p.conditions.get("Stuck", 0) and (isinstance(p, Conjuration)
                                                 or after.has_trait(p, "Uncontainable")):
                self.fail("traits", f"{p.id} is Stuck, but Stuck cannot hold it")
            rage = p.conditions.get("Rage", 0)
            if rage:
                self.saw("traits")
                cap_ = max((int(t.split("+")[-1]) for t in after.traits(p)
                            if t.lower().startswith("rage +") and t.split("+")[-1].strip().isdigit()),
                           default=0)
                if rage > cap_:
                    self.fail("traits", f"{p.id} has {rage} Rage tokens, more than Rage +{cap_}")
        traps = _trap_attacks(before)
        for res in step.results:
            if res.zone is not None or res.attack in traps:
                continue  # a trap attacks what walked in without targeting it (docs/rulings.md)
            for s in res.strikes:
                if s.role != "attack" or s.attacker is None:
                    continue
                attacker, target = before.find(s.attacker), before.find(s.target)
                if attacker is None or target is None or isinstance(attacker, Conjuration) \
                        or (attacker.is_mage and attacker.side != Side.DM):
                    continue  # walls target nobody; your mage's spells are yours to aim
                self.saw("traits")
                if before.has_trait(target, "Invisible"):
                    self.fail("traits", f"{attacker.id} attacks {target.id}, which is Invisible")
                where = self._attacked_from(step, attacker, after)
                if before.has_trait(target, "Obscured") and before.distance(where, target.zone) > 1 \
                        and attacker.card != "Artemis, Dawnbreaker's Eye":  # she ignores it
                    self.fail("traits", f"{attacker.id} attacks {target.id}, Obscured, from "
                              f"{before.distance(where, target.zone)} zones away")

    @staticmethod
    def _attacked_from(step: Step, attacker: Piece, after: Board) -> str:
        """The zone ``attacker`` attacked from: the end of the Dummy Mage creature's path when it
        is the step's creature (it may not survive its attack: a counterstrike), else where it
        is after the step, else where it was."""
        d = step.decision
        if d is not None and d.data.get("creature") == attacker.id:
            path = d.data.get("path") or []
            return path[-1] if path else attacker.zone
        moved = after.find(attacker.id)
        return moved.zone if moved is not None else attacker.zone

    # -- your spells -------------------------------------------------------------------------------
    def _check_your_casting(self, step: Step, before: Board, after: Board) -> None:
        cat = before.cat
        quickcast = step.label == YOUR_QUICKCAST
        if quickcast:
            old = {p.id for p in before.pieces()}
            for c in after.side_creatures(Side.YM):
                if c.id not in old:
                    self.saw("your-casting")
                    if cat.get(c.card).action != "quick":
                        self.fail("your-casting",
                                  f"your quickcast summons {c.card}, not a quick spell")
        mage = before.mages[Side.YM]
        # A spell after a move is the Action Phase's quick action: cast from where it went.
        moved = after.mages[Side.YM].zone != mage.zone
        here = after.mages[Side.YM].zone
        for res in step.results:
            card = cat.find(res.attack)
            if res.attacker != mage.id or card is None or card.type != "Attack" or not card.attacks:
                continue
            self.saw("your-casting")
            attack = card.attacks[0]
            if (quickcast or moved) and card.action != "quick":
                self.fail("your-casting", f"your {'quickcast' if quickcast else 'mage moves and'} "
                          f"casts {card.name}, not a quick spell")
            target = None if res.zone else before.find(res.target)
            zone = res.zone or (target.zone if target is not None else None)
            if zone is None:
                continue
            lo, hi = attack.range
            dist = before.distance(here, zone)
            indirect = any(t.lower() == "indirect" for t in attack.traits)
            why = None
            if not lo <= dist <= hi:
                why = f"{dist} zones away (range {lo}-{hi})"
            elif not indirect and not before.geometry().line_of_sight(here, zone):
                why = "without Line of Sight"
            elif target is not None and before.has_trait(target, "Invisible"):
                why = "an Invisible target"
            elif target is not None and dist > 1 and (
                    before.has_trait(target, "Obscured")
                    or any(c.card == "Rolling Fog" for c in before.conjurations)):
                why = "an Obscured target more than a zone away"
            elif target is not None and "non-flying" in (card.target or "").lower() \
                    and before.flying(target):
                why = "a Flying target"
            if why:
                self.fail("your-casting", f"your {card.name} is rolled at {res.target}: {why}")

    def _check_destroyed(self, step: Step, before: Board, after: Board) -> None:
        for p in [*after.creatures, *after.conjurations]:
            if not _alive(after, p):
                self.fail("destroyed", f"{p.id} has {p.damage} damage of {after.life(p)} life "
                          "but stays on the board")
        killed: dict[str, str | None] = {}
        obliterated: set[str] = set()
        for res in step.results:
            # an explosion (Goblin Bomber's Detonate) is its side's attack, made after its maker
            # was destroyed: the maker is found on the board before the step
            maker = None if res.attacker is not None else next(
                (p.side for p in before.creatures if after.find(p.id) is None
                 and any(a.name == res.attack for a in before.attacks(p))), None)
            for s in res.strikes:
                if s.destroyed:
                    killed[s.target] = s.side if s.side is not None else maker
                    if s.obliterate:
                        obliterated.add(s.target)
        # its last Dissipate token gone (one taken off a creature that then dies of its burns
        # is no such thing: that one is destroyed, and scores)
        dissipated = {e.piece for e in step.events if e.kind == "dissipated"}
        # removed from the game by a friend's ability (Shaggoth-Zora eats a zombie): nobody
        # destroyed it, and it goes to no discard pile
        eaten = _ability_whos(step, "ability.obliterates", "eaten")
        expected: dict[str, int] = {Side.DM: 0, Side.YM: 0}
        discarded = 0
        # an explosion in an Upkeep (its results are not the step's): the side that exploded
        blasted = {w.id: x["who"].side for x in _ability_lines(step)
                   if x.code == "ability.explodes" for w in x["hit"]}
        for old in before.creatures:
            if after.find(old.id) is not None:
                continue
            credit = killed.get(old.id, blasted.get(old.id,
                                                    Side.YM if old.side == Side.DM else Side.DM))
            if old.id not in killed and step.who == Side.YM and old.side == Side.DM:
                credit = Side.YM  # your spell destroyed it
            if old.id in dissipated and old.id not in killed:
                credit = None  # its own Dissipate tokens ran out: nobody destroyed it
            if step.decision is not None and step.decision.data.get("sacrificed") == old.id:
                credit = None  # Gray Angel gave up its life to heal: nobody destroyed it
            if old.id in eaten and old.id not in killed:
                credit = None
            if credit in (Side.DM, Side.YM) and credit != old.side:
                expected[credit] += before.cost(old)
            if old.side == Side.DM and old.id not in obliterated | eaten \
                    and not old.conditions.get("Zombie"):
                discarded += 1
        if killed or len(after.creatures) < len(before.creatures):
            self.saw("destroyed")
        t0, t1 = before.extra.get("tally") or {}, after.extra.get("tally") or {}
        for side in (Side.DM, Side.YM):
            got = int(t1.get(side, 0)) - int(t0.get(side, 0))
            if got != expected[side]:
                self.fail("destroyed", f"the {side} tally grew by {got}, not {expected[side]}")
        grew = len(after.discards.get("creature", [])) - len(before.discards.get("creature", []))
        if step.decision is not None and step.decision.data.get("revived"):
            discarded -= 1  # a spell took a creature back out of the discard pile (Resurrection)
        if step.decision is not None and step.decision.action == "summon" \
                and step.decision.data.get("discarded"):
            discarded += 1  # drawn and discarded unused: a creature it cannot bring into play
        discarded -= sum(1 for x in _ability_lines(step) if x.get("undiscarded"))  # hatched, eaten
        if grew != discarded:
            self.fail("destroyed", f"{discarded} Dummy Mage creature(s) destroyed but its "
                      f"creature discard pile grew by {grew}")

    def _check_end(self, after: Board) -> None:
        dm, ym = after.mages[Side.DM], after.mages[Side.YM]
        ym_down, dm_down = _wounds(ym) >= after.life(ym), _wounds(dm) >= after.life(dm)
        alt = (self.game.settings.alternate_end and not after.decks.get("creature")
               and not after.side_creatures(Side.DM))
        should = ym_down or dm_down or alt
        if should != self.game.over and not self._over:
            self.fail("game-end", "the game " + ("goes on although it has ended" if should
                                                 else "ends although no rule ends it"))
        if self.game.over and not self._over:
            self.saw("game-end")
            outcome = self.game.phase.outcome
            winner = outcome.result if outcome is not None else None
            right = "draw" if ym_down and dm_down else Side.DM if ym_down else Side.YM if dm_down else winner
            if winner != right:
                self.fail("game-end", f"the winner is {winner}")


# =============================================================================================
# A random player, to reach what the scripted opponents never do
# =============================================================================================


# =============================================================================================
# Many games
# =============================================================================================


__all__ = ["RULES", "Violation", "Checker"]
