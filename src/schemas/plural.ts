/** A count with its noun: `plural(1, 'work', 'works')` is '1 work', `plural(3, 'work', 'works')` is '3 works'. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
