import { schema, t, type SchemaType } from "@colyseus/schema";

/**
 * One spell or technique in a d20 unit's turn options (server combat/d20/options.ts
 * `D20SpellOption`; D20-ACTION-07 to D20-ACTION-09, D20-ATTACK-48 to D20-ATTACK-55, D20-ATTACK-65,
 * D20-ATTACK-66), worked out from where the unit stands now. Tiles as indices y × width + x.
 */
export const D20SpellOption = schema({
  name: t.string().default(""),
  /** "mana" (a spell) or "stamina" (a technique). */
  pool: t.string().default(""),
  /** Its cost in that pool. */
  cost: t.uint16().default(0),
  /** The pool covers the cost and the unit is not silenced. */
  affordable: t.boolean().default(false),
  /** Affordable, the full action is free and it has a target: a `cast` step would be played. */
  castable: t.boolean().default(false),
  /** "attack" (one creature, a spell attack roll) or "area" (every creature within `radius` of a tile). */
  kind: t.string().default(""),
  /** Range band (contact, short, medium, long) and the farthest distance it reaches, in tiles. */
  band: t.string().default(""),
  range: t.uint8().default(0),
  /** Area spells: radius in tiles. */
  radius: t.uint8().default(0),
  /** Attack spells: the creatures within its band now, by id. */
  targets: t.array("string"),
  /** The cover of each of `targets` against the caster ("none", "half", "threeQuarters", "total": only a natural 20 hits). */
  targetCover: t.array("string"),
  /** Area spells: the walkable tiles within its band it may be centred on. */
  tiles: t.array("uint32"),
}, "D20SpellOption");
export type D20SpellOption = SchemaType<typeof D20SpellOption>;

/**
 * What the player of the unit whose turn it is in an encounter may do (d20 rooms; issue 7 "Who
 * decides"), so a thin client can show it. Present only while that turn waits for the player's
 * plan (`planTurn`, shared/protocol.ts); sent to that unit's player (and to spectators who see
 * all). Tiles as indices y × width + x.
 */
export const TurnOptions = schema({
  unitId: t.string().default(""),
  encounterId: t.string().default(""),
  round: t.uint16().default(0),
  /** Tick at which the AI plays the turn if no plan came (the turn timer). */
  deadlineTick: t.uint32().default(0),
  /** Movement the turn starts with (movement cost units, D20-MOVE-01); what is left is `movementLeft`. */
  movement: t.float32().default(0),
  /** Step kinds the unit may play now (`attack`, `move`, `dash`, `wait`…; server combat/d20/options.ts). */
  actions: t.array("string"),
  /** Tiles it can move to this turn (D20-MOVE costs), cheapest first. */
  reachable: t.array("uint32"),
  /** The movement each tile of `reachable` costs, in the same order. */
  reachableCost: t.array("float32"),
  /** Foes it can attack without moving (D20-ATTACK-19), by id. */
  targets: t.array("string"),
  /**
   * d20: what is left of the turn now (refreshed after each plan played with `keepTurn`): the
   * unit's own movement left, whether the full action, the demi-action and the reaction are
   * still there, and the weapon attacks left in an Attack action already taken (D20-MOVE-11).
   */
  movementLeft: t.float32().default(0),
  fullAction: t.boolean().default(false),
  halfAction: t.boolean().default(false),
  reaction: t.boolean().default(false),
  attacksLeft: t.uint8().default(0),
  /**
   * d20: who a `move` step moves (the unit, or the controlled mount it rides: D20-MOUNT-17; ""
   * when it cannot move) and that mover's movement left; `reachable` is the mover's.
   */
  moverId: t.string().default(""),
  moverMovementLeft: t.float32().default(0),
  /** d20: the cover of each of `targets` ("none", "half", "threeQuarters", "total"; D20-ATTACK-59). */
  targetCover: t.array("string"),
  /** d20: creatures the unit may mount now (D20-MOUNT-01 to D20-MOUNT-04), and what (dis)mounting costs (half the movement value, D20-MOUNT-03). */
  mounts: t.array("string"),
  mountCost: t.float32().default(0),
  /** d20: free tiles it may dismount onto now. */
  dismountTiles: t.array("uint32"),
  /** d20: the farthest tile an `attackTile` step strikes, in tiles (D20-MOVE-09: adjacent = 1) from its space; 0 when it cannot attack now (D20-ATTACK-19). */
  tileReach: t.uint16().default(0),
  /** d20: the mover's movement mode now ("walk", "fly", "swim"; D20-MOVE-13). */
  moveMode: t.string().default("walk"),
  /** d20: modes a `switchMode` step may switch the mover to now (2 movement, D20-MOVE-15). */
  switchModes: t.array("string"),
  /** d20: the mode the mover ends in on each tile of `reachable`, in the same order (switches on the way included in `reachableCost`). */
  reachableMode: t.array("string"),
  /** d20: its spells and techniques with cost, range and targets from where it stands now. */
  d20Spells: t.array(D20SpellOption),
  /** d20: foes an off-hand attack reaches now (D20-ATTACK-30, D20-ATTACK-31), by id. */
  offHandTargets: t.array("string"),
  /** d20: Help (D20-ACTION-16 to D20-ACTION-18): allies it may help, and foes within 3 tiles to help against, by id. */
  helpAllies: t.array("string"),
  helpFoes: t.array("string"),
  /** d20: dying friends within 1 tile it may give first aid to (D20-HP-29), by id. */
  firstAidTargets: t.array("string"),
  /** d20: foes it may try to grapple now (D20-ATTACK-35 to D20-ATTACK-38), by id. */
  grappleTargets: t.array("string"),
  /** d20: foes a thrown weapon reaches now (`attack` with `thrown`, D20-ATTACK-33), by id. */
  thrownTargets: t.array("string"),
  /** d20: foes the off-hand weapon reaches thrown (`attack` with `offHand` and `thrown`, D20-ATTACK-30, D20-ATTACK-33), by id. */
  offHandThrownTargets: t.array("string"),
  /** d20: items a `useObject` step may use now ("bandage", "medicalTools", "healingPotion"; D20-ACTION-20 to D20-ACTION-22; "swapWeapons", the free object interaction, D20-FLOW-31), and on whom (itself first, then creatures within 1 tile), by id. */
  useObjectItems: t.array("string"),
  useObjectTargets: t.array("string"),
  /**
   * d100 rooms (server combat/d100/options.ts `d100TurnOptions`; `actions` lists the step kinds of
   * a d100 step plan, `movement` the tiles of a normal move left, `reachable` the tiles it can end
   * on with `reachableCost` the tiles walked, `targets` the foes it can attack from where it
   * stands): the tiles a guarded move can end on (P100-MOVE-05/06, no opportunity attack), the
   * chance in percent to hit each of `targets` (P100-BASE-10 to 12), its chosen spell with its
   * charges, legal targets and their chance (P100-SPELL-01 to 05), the free actions
   * (P100-BASE-09), its familiar and the foes it can attack (P100-FAMILIAR-02 to 04), and the dying
   * allies next to it it may try to rescue (P100-DEATH-03 to 08). Refreshed after each plan played
   * with `keepTurn`.
   */
  d100GuardedReachable: t.array("uint32"),
  d100HitChances: t.array("uint8"),
  d100Spell: t.string().default(""),
  d100SpellCharges: t.uint8().default(0),
  d100SpellTargets: t.array("string"),
  d100SpellHitChances: t.array("uint8"),
  d100FreeActions: t.array("string"),
  d100FamiliarId: t.string().default(""),
  d100FamiliarTargets: t.array("string"),
  d100FamiliarHitChances: t.array("uint8"),
  d100RescueTargets: t.array("string"),
}, "TurnOptions");
export type TurnOptions = SchemaType<typeof TurnOptions>;
