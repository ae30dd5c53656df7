/** Local midnight of the day `now` falls in, as the ISO time (UTC) usage records are stamped with. */
export function startOfLocalDay(now: number): string {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString();
}
