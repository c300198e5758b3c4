import type { PostEditorSnapshot } from '../../machines/post-editor/post-editor.machine';
import { postLabel } from '../../schemas/social.schema';

export type EditorView = 'loading' | 'notFound' | 'loadFailed' | 'unsaved' | 'draft' | 'published' | 'left';
const VIEWS: EditorView[] = ['loading', 'notFound', 'loadFailed', 'unsaved', 'draft', 'published', 'left'];

/** Plain functions of a snapshot: what each part of the editor renders. */
export const viewOf = (s: PostEditorSnapshot): EditorView => VIEWS.find((v) => s.matches(v)) ?? 'loading';
/** Behind the (modal) leave dialog the form looks as it was: Stay returns to it unchanged. */
export const isEditable = (s: PostEditorSnapshot) => s.hasTag('editable') || s.hasTag('confirmingLeave');
export const isConfirmingLeave = (s: PostEditorSnapshot) => s.hasTag('confirmingLeave');
/** 'Scheduled Draft', 'Draft' or 'Published' once saved; a new post has none. */
export const labelOf = (s: PostEditorSnapshot) => (s.context.post ? postLabel(s.context.post) : null);
/** Which button is working: Save ('save') or Post ('publish'), or none. */
export const workingOf = (s: PostEditorSnapshot) => (s.hasTag('busy') && (s.matches('unsaved') || s.matches('draft')) ? s.context.intent : null);
export const pollingOf = (s: PostEditorSnapshot) =>
  s.matches({ published: 'refreshing' }) ? 'refreshing' : s.matches({ published: 'waiting' }) ? 'waiting' : s.matches({ published: 'retrying' }) ? 'retrying' : 'idle';
/** Where a saved scheduled draft's checks stand: waiting for its time, watching it go out, or reading it now. */
export type ScheduleCheck = 'none' | 'waiting' | 'watching' | 'checking';
const CHECKS = ['waiting', 'watching', 'checking'] as const;
export const scheduleCheckOf = (s: PostEditorSnapshot): ScheduleCheck => CHECKS.find((c) => s.matches({ draft: { editing: c } })) ?? 'none';
