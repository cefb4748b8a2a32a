/**
 * @malignus/shared — what a thin client needs: the state schema, the command validators and
 * result type, the event types, the rule vocabularies and the trap data table. No server
 * logic and no I/O.
 */
export * from "./rules.ts";
export * from "./commands.ts";
export * from "./events.ts";
export * from "./protocol.ts";
export * from "./state.ts";
export * from "./data/traps.ts";
export * from "./data/invasions.ts";
export * from "./data/creatures.ts";
export * from "./data/malignusCombat.ts";
export * from "./data/chances.ts";
export * from "./data/d100.ts";
export * from "./data/d20.ts";
export * from "./data/encounters.ts";
