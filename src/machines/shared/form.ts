import type { z } from 'zod/mini';
type ZodType = z.ZodMiniType;

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** The state of one form inside a machine's context; V may nest ('dimensions.height') and hold any values. */
export interface FormContext<V = Values> {
  values: V;
  /** The current message of every invalid field (first message only), keyed by dotted path. */
  errors: FieldErrors;
  /** Fields the user has changed, by dotted path; their messages show at once. After a submit attempt all show. */
  touched: Partial<Record<string, boolean>>;
  submitted: boolean;
}

/** What a form is checked against: its schema, and optionally fields computed from the others after each change. */
export type FormRules<V> = ZodType | { schema: ZodType; derive?: (values: V) => V };

const schemaOf = <V>(rules: FormRules<V>) => ('_zod' in rules ? rules : rules.schema);
const derived = <V>(rules: FormRules<V>, values: V) => ('_zod' in rules || !rules.derive ? values : rules.derive(values));

export function validate(schema: ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    // Nested fields are keyed by their dotted path, e.g. 'dimensions.height'.
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A form nobody has touched yet. With rules its derived fields are computed and its messages are ready (hidden until
 * a field is touched or a submit is tried); without, they come with the first change or submit.
 */
export const emptyForm = <V>(values: V, rules?: FormRules<V>): FormContext<V> => {
  if (rules) values = derived(rules, values);
  return { values, errors: rules ? validate(schemaOf(rules), values) : {}, touched: {}, submitted: false };
};

/** `values` with the field at a dotted path replaced, copying each object on the way. */
function setAt(values: unknown, [key, ...rest]: string[], value: unknown): unknown {
  const object = values as Record<string, unknown>;
  return { ...object, [key]: rest.length ? setAt(object[key], rest, value) : value };
}

/** Applies one change (at a dotted path), recomputes the derived fields and re-validates the whole form. */
export function changeField<V>(form: FormContext<V>, rules: FormRules<V>, path: string, value: unknown): FormContext<V> {
  const values = derived(rules, setAt(form.values, path.split('.'), value) as V);
  return { ...form, values, errors: validate(schemaOf(rules), values), touched: { ...form.touched, [path]: true } };
}

/** Marks a submit attempt so every message shows. */
export const submitForm = <V>(form: FormContext<V>, rules: FormRules<V>): FormContext<V> => ({
  ...form,
  errors: validate(schemaOf(rules), form.values),
  submitted: true,
});

export const isFormValid = <V>(form: FormContext<V>, rules: FormRules<V>) =>
  Object.keys(validate(schemaOf(rules), form.values)).length === 0;

/**
 * The message to show under a field right now, if any: a list's own, else its first item's ('tags.0'). It shows once
 * the field, or one of `causes` (the fields whose change can give it a message), was touched, or after a submit.
 */
export function visibleError(form: FormContext<unknown>, path: string, causes = [path]): string | undefined {
  if (!form.submitted && !causes.some((p) => form.touched[p])) return undefined;
  return form.errors[path] ?? Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

/** Server-side field messages replace the local ones and show at once (until the next change re-validates). */
export const withServerErrors = <V>(form: FormContext<V>, errors: FieldErrors): FormContext<V> =>
  Object.keys(errors).length ? { ...form, errors: { ...form.errors, ...errors }, submitted: true } : form;
