import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes/card';
import { visibleError, type FormContext } from '../../machines/shared/form';
import type { profileMachine } from '../../machines/profile/profile.machine';
import {
  selectAvatarCrop,
  selectAvatarError,
  selectAvatarProgress,
  selectAvatarUrl,
  selectCredentialsForm,
  selectError,
  selectIsBusy,
  selectIsUploadingAvatar,
  selectNotice,
  selectProfileForm,
  selectUser,
  selectView,
} from '../../machines/profile/profile.selectors';
import { AVATAR_TYPES } from '../../schemas/upload.schema';
import { Alert } from '../ui/alert';
import { UserAvatar } from '../ui/avatar';
import { AvatarCropper } from './AvatarCropper';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { TextareaField } from '../ui/textarea-field';
import { Spinner } from '../ui/spinner';
import { useInspection } from '../inspection';
import { SelectField } from '../ui/select-field';
import { languageName, POST_LANGUAGES } from '../../schemas/post-labels.schema';

/** The languages a post can start in: new posts in the Post editor start with the one chosen here. */
const LANGUAGE_OPTIONS = POST_LANGUAGES.map((l) => ({ value: l.tag, label: l.name }));

type Ref = ReturnType<typeof useActorRef<typeof profileMachine>>;

const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' });

/** The Profile page: default, edit and passwordProtected views switched in place. */
export function ProfilePage({ logic }: { logic: typeof profileMachine }) {
  const actor = useActorRef(logic, useInspection());
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, selectError);

  return (
    <section className={`${card()} ${css({ maxW: '2xl' })}`} aria-labelledby="profile-title" data-view={view}>
      <h1 id="profile-title" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '4' })}>
        Profile
      </h1>
      {view === 'loading' ? <Spinner /> : null}
      {view === 'loadFailed' ? (
        <div className={stack}>
          <Alert status="danger">{error}</Alert>
          <Button variant="outline" onClick={() => actor.send({ type: 'profile.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {view === 'default' ? <DefaultView actor={actor} /> : null}
      {view === 'edit' ? <EditView actor={actor} /> : null}
      {view === 'passwordProtected' ? <CredentialsView actor={actor} /> : null}
    </section>
  );
}

function DefaultView({ actor }: { actor: Ref }) {
  const user = useSelector(actor, selectUser);
  const avatarUrl = useSelector(actor, selectAvatarUrl);
  const avatarProgress = useSelector(actor, selectAvatarProgress);
  const avatarError = useSelector(actor, selectAvatarError);
  const notice = useSelector(actor, selectNotice);
  const uploading = useSelector(actor, selectIsUploadingAvatar);
  const crop = useSelector(actor, selectAvatarCrop);
  const picker = useRef<HTMLInputElement>(null);
  if (!user) return null;
  const name = user.displayName;
  return (
    <div className={stack}>
      {notice ? <Alert status="success">{notice}</Alert> : null}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
        <UserAvatar src={avatarUrl} name={name} />
        {uploading ? (
          <div className={css({ flex: 1 })}>
            <progress max={1} value={avatarProgress ?? 0} aria-label="Avatar upload progress" className={css({ w: 'full' })} />
          </div>
        ) : null}
      </div>
      {avatarError ? <Alert status="danger">{avatarError}</Alert> : null}
      {crop ? <AvatarCropper crop={crop} /> : null}
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: '2',
          '& dt': { fontWeight: 'semibold' },
          '& dd': { minW: 0, overflowWrap: 'anywhere' },
        })}
      >
        <dt>First name</dt>
        <dd data-testid="first-name">{user.firstName || '—'}</dd>
        <dt>Last name</dt>
        <dd data-testid="last-name">{user.lastName || '—'}</dd>
        <dt>Email</dt>
        <dd data-testid="email">{user.email}</dd>
        <dt>Post language</dt>
        <dd data-testid="post-language">{user.postLanguage ? languageName(user.postLanguage) : 'Not chosen (your browser’s)'}</dd>
        {user.pendingEmail ? (
          <>
            <dt>New email</dt>
            <dd>{user.pendingEmail} (waiting for confirmation)</dd>
          </>
        ) : null}
      </dl>
      <input
        ref={picker}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        aria-label="Avatar image file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) actor.send({ type: 'avatar.choose', file });
          e.currentTarget.value = '';
        }}
      />
      <div className={row}>
        <Button variant="outline" disabled={uploading} onClick={() => picker.current?.click()}>
          Change Avatar
        </Button>
        <Button variant="outline" onClick={() => actor.send({ type: 'profile.changeCredentials' })}>
          Change Email & Password
        </Button>
        <Button onClick={() => actor.send({ type: 'profile.edit' })}>Edit Profile</Button>
      </div>
    </div>
  );
}

function useFormFields<V extends Record<string, string>>(actor: Ref, form: FormContext<V>) {
  return (name: keyof V & string) => ({
    name,
    value: form.values[name],
    error: visibleError(form, name),
    onValueChange: (value: string) => actor.send({ type: 'field.change', name, value }),
  });
}

function FormShell({ actor, label, submitLabel, children }: { actor: Ref; label: string; submitLabel: string; children: React.ReactNode }) {
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <form
      className={stack}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'profile.save' });
      }}
    >
      {error ? <Alert status="danger">{error}</Alert> : null}
      {children}
      <div className={row}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
        <Button variant="outline" onClick={() => actor.send({ type: 'profile.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EditView({ actor }: { actor: Ref }) {
  const form = useSelector(actor, selectProfileForm);
  const field = useFormFields(actor, form);
  return (
    <FormShell actor={actor} label="Edit profile" submitLabel="Save Profile">
      <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      <SelectField label="Post language" options={LANGUAGE_OPTIONS} {...field('postLanguage')} />
      {/* Shown on the public site's home after the next publish. */}
      <TextareaField label="Bio or statement" rows={5} {...field('bio')} />
      <TextField label="Website" type="url" autoComplete="url" placeholder="https://" {...field('website')} />
      <TextField
        label="Contact email"
        type="email"
        autoComplete="email"
        hint="Shown to visitors of your public site."
        {...field('contactEmail')}
      />
      <TextField label="Instagram" autoComplete="off" placeholder="@username" {...field('instagram')} />
      <TextField label="Bluesky" autoComplete="off" placeholder="@name.bsky.social" {...field('bluesky')} />
    </FormShell>
  );
}

function CredentialsView({ actor }: { actor: Ref }) {
  const form = useSelector(actor, selectCredentialsForm);
  const field = useFormFields(actor, form);
  return (
    <FormShell actor={actor} label="Change email and password" submitLabel="Save Email and Password">
      <TextField label="Current Password" type="password" autoComplete="current-password" required {...field('currentPassword')} />
      <TextField label="New Email Address" type="email" autoComplete="email" hint="Leave empty to keep your address." {...field('email')} />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="Leave empty to keep your password. At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        {...field('newPassword')}
      />
    </FormShell>
  );
}
