/** Schema view tags (Colyseus `StateView`), shared by every schema file of `@malignus/shared/schema`. */

/**
 * StateView tag of the keeper's private state: the root fields `metal` and `invasion`, and the
 * keeper-only fields of units, trap parts, doors and effects (the keeper's orders, wiring,
 * arming, building). Keepers and spectators hold it, adventurer players do not. A power of two,
 * as custom view tags must be.
 */
export const KEEPER_VIEW_TAG = 2;
