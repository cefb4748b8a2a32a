/**
 * Polls `check` every 25 ms until it returns something other than undefined, and resolves with it.
 * @param what what is awaited, for the error message.
 * @param ms how long to wait, in real milliseconds (default 5,000).
 * @throws Error `timed out waiting for <what>` after `ms`.
 */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
