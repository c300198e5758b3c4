import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { changeField, emptyForm, isFormValid, submitForm, visibleError, withServerErrors } from '../../src/machines/shared/form';

interface Piece {
  title: string;
  tags: string[];
  size: { height: number | null; width: number | null };
  /** Derived: how many characters the title and tags take. */
  length: number;
}

const schema = z.object({
  title: z.string().check(z.minLength(1, { error: 'Title is required' })),
  tags: z.array(z.string().check(z.maxLength(3, { error: 'Tag is too long' }))),
  size: z.object({ height: z.nullable(z.number().check(z.positive({ error: 'Height must be positive' }))), width: z.nullable(z.number()) }),
  length: z.number().check(z.maximum(10, { error: 'Too long' })),
});
const rules = { schema, derive: (v: Piece): Piece => ({ ...v, length: v.title.length + v.tags.join('').length }) };
const start: Piece = { title: 'Dusk', tags: [], size: { height: 10, width: null }, length: 0 };

describe('the form engine', () => {
  it('starts with its derived fields computed and its messages ready but hidden', () => {
    const form = emptyForm({ ...start, title: '' }, rules);
    expect(form.values.length).toBe(0);
    expect(form.errors).toEqual({ title: 'Title is required' });
    expect(visibleError(form, 'title')).toBeUndefined();
    expect(visibleError(submitForm(form, rules), 'title')).toBe('Title is required');
  });

  it('changes a nested field by its dotted path, copying the objects on the way, and shows its message once touched', () => {
    const form = emptyForm(start, rules);
    const changed = changeField(form, rules, 'size.height', -1);
    expect(changed.values.size).toEqual({ height: -1, width: null });
    expect(form.values.size.height).toBe(10);
    expect(changed.touched).toEqual({ 'size.height': true });
    expect(visibleError(changed, 'size.height')).toBe('Height must be positive');
    expect(visibleError(changed, 'title')).toBeUndefined();
    expect(isFormValid(changed, rules)).toBe(false);
  });

  it('recomputes the derived fields after every change, and validates them', () => {
    const form = changeField(emptyForm(start, rules), rules, 'tags', ['ab', 'cd']);
    expect(form.values.length).toBe(8);
    const longer = changeField(form, rules, 'title', 'Evening');
    expect(longer.values.length).toBe(11);
    expect(longer.errors.length).toBe('Too long');
    // A message caused by other fields shows once one of them was touched.
    expect(visibleError(longer, 'length')).toBeUndefined();
    expect(visibleError(longer, 'length', ['title', 'tags'])).toBe('Too long');
  });

  it("shows a list's first item message under the list", () => {
    const form = changeField(emptyForm(start, rules), rules, 'tags', ['ok', 'abcd']);
    expect(form.errors).toEqual({ 'tags.1': 'Tag is too long' });
    expect(visibleError(form, 'tags')).toBe('Tag is too long');
  });

  it("merges the server's field messages and shows them at once; none leaves the form as it was", () => {
    const form = emptyForm(start, rules);
    expect(withServerErrors(form, {})).toBe(form);
    const refused = withServerErrors(form, { title: 'Title is taken' });
    expect(refused.submitted).toBe(true);
    expect(visibleError(refused, 'title')).toBe('Title is taken');
    // The next change re-validates: the server's message goes.
    expect(changeField(refused, rules, 'title', 'Dawn').errors).toEqual({});
  });

  it('works on plain string forms with a schema only', () => {
    const loginSchema = z.object({ email: z.string().check(z.minLength(1, { error: 'Email is required' })) });
    const form = changeField(emptyForm({ email: 'a' }), loginSchema, 'email', '');
    expect(form.values).toEqual({ email: '' });
    expect(visibleError(form, 'email')).toBe('Email is required');
  });
});
