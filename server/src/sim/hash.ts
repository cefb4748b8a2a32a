/**
 * A 64-bit FNV-1a hash of a string, as 16 hex digits: the simulation's state hash is this over
 * the canonical JSON of its state. Not cryptographic; it detects divergence between runs.
 */
export function fnv1a64(text: string): string {
  let h1 = 0x84222325, h2 = 0xcbf29ce4; // FNV offset basis 0xcbf29ce484222325, low/high halves
  for (let i = 0; i < text.length; i++) {
    h1 ^= text.charCodeAt(i);
    // multiply (h2:h1) by the FNV prime 0x100000001b3 = 2^40 + 0x1b3
    const l = Math.imul(h1, 0x1b3) >>> 0;
    const carry = Math.floor((h1 >>> 0) * 0x1b3 / 0x100000000);
    const h = (Math.imul(h2, 0x1b3) + carry + (h1 << 8)) >>> 0;
    h1 = l; h2 = h;
  }
  return (h2 >>> 0).toString(16).padStart(8, "0") + (h1 >>> 0).toString(16).padStart(8, "0");
}
