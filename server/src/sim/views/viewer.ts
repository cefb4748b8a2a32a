/**
 * Whose eyes a view follows (the core decides what each may see; rooms only map it onto their
 * transport):
 * - `keeper`: the keeper's seats, and spectators of a room without `spectatorsSeeAll`: the whole
 *   dungeon under the fog (INV-69 to INV-77).
 * - `all`: spectators of a room with `spectatorsSeeAll`: everything.
 * - `adventurer`: an adventurer player, through its unit `unitId`: what that unit perceives and
 *   knows (CMB-02 to CMB-04, KNOW-03, KNOW-04, INV-05, KNOW-50).
 */
export type Viewer =
  | { kind: "keeper" }
  | { kind: "all" }
  | { kind: "adventurer"; unitId: string };

/**
 * The viewer of a seat: a keeper sees as the keeper, an adventurer player through its unit
 * `unitId` (required for that role), a spectator as the keeper, or everything when the room lets
 * spectators see all (`spectatorsSeeAll`).
 * @throws Error when `role` is "adventurer" and `unitId` is missing or "".
 * @example
 * seatViewer("spectator", undefined, true); // { kind: "all" }
 * seatViewer("adventurer", "12", false);    // { kind: "adventurer", unitId: "12" }
 */
export function seatViewer(role: "keeper" | "adventurer" | "spectator", unitId: string | undefined, spectatorsSeeAll: boolean): Viewer {
  if (role === "keeper") return { kind: "keeper" };
  if (role === "adventurer") {
    if (!unitId) throw new Error("an adventurer seat needs its unit id");
    return { kind: "adventurer", unitId };
  }
  return spectatorsSeeAll ? { kind: "all" } : { kind: "keeper" };
}
