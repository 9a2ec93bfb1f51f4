/** "09:00" – "12:00" as the screen shows a range. */
export const clockRange = (start: string, end: string) => `${start} às ${end}`;
