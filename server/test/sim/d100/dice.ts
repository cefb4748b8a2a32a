
/** Scripted dice: see ../scriptedDice.ts. */
export { scriptedDice } from "../scriptedDice.ts";
