import { TZDate, tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallClockOf } from './zoned-time.ts';

/** Zones with every kind of change: DST both ways, half-hour DST, odd offsets, none at all. */
const ZONES = [
  'America/Sao_Paulo',
  'America/Noronha',
  'America/Manaus',
  'America/New_York',
  'America/St_Johns',
  'Europe/London',
  'Europe/Lisbon',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Apia',
  'UTC',
];
const FROM = Date.UTC(1900, 0, 1);
const TO = Date.UTC(2100, 0, 1);

/** The zoned Date object these helpers replace: the reference they must agree with. */
function referenceInstant(wall: Date, timeZone: string): number {
  const [y, m, d, h, min] = [
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
  ];
  let t = new TZDate(y, m, d, h, min, timeZone).getTime();
  // A repeated wall time: its first occurrence.
  for (const back of [180, 120, 60, 30]) {
    const w = new TZDate(t - back * 60_000, timeZone);
    if (
      w.getFullYear() === y &&
      w.getMonth() === m &&
      w.getDate() === d &&
      w.getHours() === h &&
      w.getMinutes() === min
    ) {
      t -= back * 60_000;
      break;
    }
  }
  return t;
}

describe('zoned time', () => {
  it('reads the wall clock of any instant as the zone database does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM, max: TO }), (zone, instant) => {
        const ours = wallClockOf(instant, zone);
        const theirs = new TZDate(instant, zone);
        expect([ours.getUTCFullYear(), ours.getUTCMonth(), ours.getUTCDate(), ours.getUTCHours()]).toEqual([
          theirs.getFullYear(),
          theirs.getMonth(),
          theirs.getDate(),
          theirs.getHours(),
        ]);
        expect(ours.getUTCMinutes()).toBe(theirs.getMinutes());
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds the instant of any wall time on the hour or half hour as the zone database does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: FROM / 1_800_000, max: TO / 1_800_000 }),
        (zone, halfHours) => {
          const wall = new Date(halfHours * 1_800_000);
          expect(instantOfWallTime(wall.getTime(), zone)).toBe(referenceInstant(wall, zone));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('agrees on every half hour of each day with a change, 2010–2030', () => {
    let changes = 0;
    for (const zone of ZONES) {
      for (let day = Date.UTC(2010, 0, 1); day < Date.UTC(2030, 0, 1); day += 86_400_000) {
        if (tzOffset(zone, new Date(day)) === tzOffset(zone, new Date(day + 86_400_000))) continue;
        changes++;
        for (let wall = day - 43_200_000; wall <= day + 129_600_000; wall += 1_800_000)
          expect([zone, instantOfWallTime(wall, zone)]).toEqual([
            zone,
            referenceInstant(new Date(wall), zone),
          ]);
      }
    }
    expect(changes).toBeGreaterThan(150);
  });

  it('takes the first of a repeated hour and moves a skipped one forward', () => {
    // São Paulo, 2018: the clock went 00:00 → 01:00 on Nov 4 and 00:00 → 23:00 on Feb 17.
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(instantOfWallTime(wall('2018-11-04T00:30:00'), 'America/Sao_Paulo')).toISOString()).toBe(
      '2018-11-04T03:30:00.000Z',
    );
    expect(new Date(instantOfWallTime(wall('2018-02-17T23:30:00'), 'America/Sao_Paulo')).toISOString()).toBe(
      '2018-02-18T01:30:00.000Z',
    );
  });
});
