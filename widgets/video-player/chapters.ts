/** The chapter playing at `time`: the last one that starts at or before it (times ascending). */
export function chapterAt(times: number[], time: number): number {
  let found = -1;
  times.forEach((t, i) => {
    if (t <= time) found = i;
  });
  return found;
}
