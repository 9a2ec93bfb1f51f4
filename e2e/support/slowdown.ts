/**
 * How many times longer every wait may last on CI than on a development machine (decision 142): the
 * CI machine has run this same suite two and a half times slower than a development machine on
 * another day, and twice as slow as its own run of the day before on another (77 minutes against 36,
 * the room's page taking over 20 s to show after a reload). A test's time budget and an assertion's
 * wait bound waiting for the app; they are never speed goals (those live in the benchmarks).
 * `E2E_SLOWDOWN` sets it.
 */
export const SLOWDOWN = Number(process.env.E2E_SLOWDOWN ?? (process.env.CI ? 3 : 1));
