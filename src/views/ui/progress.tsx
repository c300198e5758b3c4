import { Progress as ArkProgress } from '@ark-ui/react/progress';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { progress } from 'styled-system/recipes/progress';

const { withProvider, withContext } = createStyleContext(progress);

export const Progress = {
  Root: withProvider(ArkProgress.Root, 'root'),
  Label: withContext(ArkProgress.Label, 'label'),
  Track: withContext(ArkProgress.Track, 'track'),
  Range: withContext(ArkProgress.Range, 'range'),
  ValueText: withContext(ArkProgress.ValueText, 'valueText'),
};

/** A labelled progress bar of a fraction (0 to 1); its accessible name is `label`. */
export function ProgressBar({ label, fraction }: { label: string; fraction: number }) {
  const value = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <Progress.Root value={value} min={0} max={100}>
      <Progress.Track aria-label={label}>
        <Progress.Range />
      </Progress.Track>
      <Progress.ValueText />
    </Progress.Root>
  );
}
