// Shared by every CSV the server writes (the artworks' export, the inventory report).

/** A CSV cell: quoted when it must be, and a leading =, +, - or @ made plain text so no spreadsheet runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}
