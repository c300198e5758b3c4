import { useSelector } from '@xstate/react';
import { memo, useState } from 'react';
import { css } from 'styled-system/css';
import { nativeSelect } from 'styled-system/recipes/native-select';
import type { PostEditorRef } from '../../machines/post-editor/post-editor.machine';
import { isEditable, selectLangs, selectLangsError } from '../../machines/post-editor/post-editor.selectors';
import { languageName, MAX_POST_LANGS, POST_LANGUAGES } from '../../schemas/post-labels.schema';
import { Button } from '../ui/button';
import { Fieldset } from '../ui/fieldset';

/**
 * The post's languages (Bluesky shows posts to people who read them): the artist's default to start with, at most
 * three. Each chosen one can be removed (not the last); the select adds another.
 */
export const LanguageField = memo(function LanguageField({ editor }: { editor: PostEditorRef }) {
  const langs = useSelector(editor, selectLangs);
  const error = useSelector(editor, selectLangsError);
  const editable = useSelector(editor, isEditable);
  const others = POST_LANGUAGES.filter((l) => !langs.includes(l.tag));
  const [picked, setPicked] = useState('');
  const toAdd = others.some((l) => l.tag === picked) ? picked : (others[0]?.tag ?? '');
  const full = langs.length >= MAX_POST_LANGS;
  const change = (value: string[]) => editor.send({ type: 'form.change', field: 'langs', value });
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={!editable}>
      <Fieldset.Legend>Languages</Fieldset.Legend>
      <Fieldset.HelperText>What the post is written in, at most {MAX_POST_LANGS}. Your default is set on your Profile.</Fieldset.HelperText>
      <ul aria-label="Post languages" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {langs.map((tag) => (
          <li key={tag} className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
            <span>{languageName(tag)}</span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${languageName(tag)}`}
              disabled={!editable || langs.length === 1}
              onClick={() => change(langs.filter((l) => l !== tag))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {full ? null : (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <select
            aria-label="Another language"
            className={nativeSelect()}
            value={toAdd}
            disabled={!editable}
            onChange={(e) => setPicked(e.currentTarget.value)}
          >
            {others.map((l) => (
              <option key={l.tag} value={l.tag}>
                {l.name}
              </option>
            ))}
          </select>
          <Button variant="outline" size="sm" disabled={!editable || !toAdd} onClick={() => change([...langs, toAdd])}>
            Add language
          </Button>
        </div>
      )}
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
});
