import type { z } from 'zod/mini';
type ZodType = z.ZodMiniType;

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** The state of one form inside a machine's context. */
export interface FormContext<V extends Values = Values> {
  values: V;
  /** The current message of every invalid field (first message only), keyed by dotted path. */
  errors: FieldErrors;
  /** Fields the user has changed; their messages show at once. After a submit attempt all show. */
  touched: Partial<Record<keyof V, boolean>>;
  submitted: boolean;
}

export function validate(schema: ZodType, values: Values): FieldErrors {
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

export const emptyForm = <V extends Values>(values: V): FormContext<V> => ({ values, errors: {}, touched: {}, submitted: false });

/** Applies one change and re-validates the whole form. */
export function changeField<V extends Values>(form: FormContext<V>, schema: ZodType, name: string, value: string): FormContext<V> {
  const values = { ...form.values, [name]: value } as V;
  return { ...form, values, errors: validate(schema, values), touched: { ...form.touched, [name]: true } };
}

/** Marks a submit attempt so every message shows. */
export const submitForm = <V extends Values>(form: FormContext<V>, schema: ZodType): FormContext<V> => ({
  ...form,
  errors: validate(schema, form.values),
  submitted: true,
});

export const isFormValid = (form: FormContext, schema: ZodType) => Object.keys(validate(schema, form.values)).length === 0;

/** The message to show under a field right now, if any. */
export const visibleError = (form: FormContext, name: string): string | undefined =>
  form.submitted || form.touched[name] ? form.errors[name] : undefined;

/** Server-side field messages replace the local ones and show at once. */
export const withServerErrors = <V extends Values>(form: FormContext<V>, errors: FieldErrors): FormContext<V> => ({
  ...form,
  errors: { ...form.errors, ...errors },
  submitted: true,
});
