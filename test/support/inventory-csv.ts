/**
 * An inventory of `rows` works as the import reads it: sizes in cm, a price in EUR, one work in ten sold, one in ten
 * in storage, one in twenty an edition of 10 with 2 proofs.
 */
export function inventoryCsv(rows: number, prefix = 'Work'): string {
  const lines = ['title,year,medium,height,width,depth,unit,price,currency,status,location,inventoryNumber,edition'];
  for (let i = 1; i <= rows; i++) {
    const status = i % 10 === 0 ? 'SOLD' : i % 10 === 5 ? 'NOT_FOR_SALE' : '';
    const location = i % 10 === 3 ? 'Storage unit 4' : '';
    const edition = i % 20 === 7 ? '10 + 2 AP' : '';
    lines.push(
      `${prefix} ${i},${2000 + (i % 25)},Oil on canvas,${20 + (i % 80)},${30 + (i % 60)},,cm,${100 + i}.00,EUR,${status},${location},INV-${i},${edition}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
