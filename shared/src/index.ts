/**
 * @malignus/shared — what the simulation and a thin client share: the command validators and
 * result type, the event types, the protocol, the rule vocabularies and the data tables. No
 * server logic, no I/O, and no Colyseus: the state schema (which loads `@colyseus/schema`) is the
 * separate entry `@malignus/shared/schema` (shared/src/schema/index.ts), so the simulation core
 * can import this one (server/test/boundaries checks it).
 */
export * from "./rules.ts";
export * from "./commands.ts";
export * from "./events.ts";
export * from "./protocol.ts";
export * from "./closeCodes.ts";
export * from "./limitCodes.ts";
export * from "./stateCodes.ts";
export * from "./replay.ts";
export * from "./data/traps.ts";
export * from "./data/invasions.ts";
export * from "./data/creatures.ts";
export * from "./data/malignusCombat.ts";
export * from "./data/merchants.ts";
export * from "./data/chances.ts";
export * from "./data/d100.ts";
export * from "./data/d20.ts";
export * from "./data/encounters.ts";
export * from "./data/settlements.ts";
