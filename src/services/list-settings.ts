import { listSettingsSchema, type ListSettings } from '../schemas/list.schema';
import { SETTINGS_KEY } from './session-store';

type Stored = Record<string, unknown> & { lists?: Record<string, unknown> };

function readAll(storage: Storage): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** A list's remembered view settings (mode, page size, image aspect), or undefined when none can be read. */
export function readListSettings(list: string, storage: Storage = localStorage): ListSettings | undefined {
  const parsed = listSettingsSchema.safeParse(readAll(storage).lists?.[list]);
  return parsed.success ? parsed.data : undefined;
}

/** Keeps a list's view settings under userSettings.lists.<list>, leaving the key's other content alone. */
export function writeListSettings(list: string, settings: ListSettings, storage: Storage = localStorage) {
  const all = readAll(storage);
  const lists = all.lists && typeof all.lists === 'object' ? all.lists : {};
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify({ ...all, lists: { ...lists, [list]: settings } }));
  } catch {
    // Storage full or refused: the settings last for this visit only.
  }
}
